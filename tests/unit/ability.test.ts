import { describe, expect, it } from 'vitest';
import { ROLE } from '../../config/roles';
import {
  abilityFor,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasPermi,
  hasRole,
} from '../../src/domain/ability';

const agent = abilityFor({ id: 2, role: ROLE.agent });
const admin = abilityFor({ id: 1, role: ROLE.admin });

describe('any-of and all-of', () => {
  it('any-of passes when one permission is held', () => {
    expect(hasAnyPermission(agent, ['test:qc', 'agent:add'])).toBe(true);
    expect(hasAnyPermission(agent, ['test:qc', 'test:ota'])).toBe(false);
    expect(hasAnyPermission(agent, [])).toBe(false);
  });
  it('all-of needs every permission', () => {
    expect(hasAllPermissions(agent, ['agent:add', 'device:import'])).toBe(true);
    expect(hasAllPermissions(agent, ['agent:add', 'test:qc'])).toBe(false);
    expect(hasAllPermissions(admin, ['agent:add', 'test:qc'])).toBe(true);
  });
  it('no user means no permission', () => {
    expect(hasAnyPermission(abilityFor(null), ['main:monitor'])).toBe(false);
  });
});

describe('hasPermi and hasRole directives (spec section 5)', () => {
  it('hasPermi needs a non-empty array', () => {
    expect(() => hasPermi(agent, [])).toThrow(/non-empty array/);
    expect(() => hasPermi(agent, 'agent:add')).toThrow(/non-empty array/);
  });
  it('hasPermi keeps the element for the wildcard or a listed permission', () => {
    expect(hasPermi(admin, ['whatever:x'])).toBe(true);
    expect(hasPermi(agent, ['agent:add'])).toBe(true);
    expect(hasPermi(agent, ['test:qc'])).toBe(false);
  });
  it('hasRole needs a non-empty array and passes for admin or a listed role', () => {
    expect(() => hasRole({ id: 2, role: ROLE.agent }, [])).toThrow(/non-empty array/);
    expect(hasRole({ id: 1, role: ROLE.admin }, [ROLE.user])).toBe(true);
    expect(hasRole({ id: 2, role: ROLE.agent }, [ROLE.agent, ROLE.user])).toBe(true);
    expect(hasRole({ id: 3, role: ROLE.user }, [ROLE.agent])).toBe(false);
    expect(hasRole(null, [ROLE.agent])).toBe(false);
  });
  it('hasAllRoles passes for admin or when the role is every listed one', () => {
    expect(hasAllRoles({ id: 1, role: ROLE.admin }, [ROLE.agent, ROLE.user])).toBe(true);
    expect(hasAllRoles({ id: 2, role: ROLE.agent }, [ROLE.agent])).toBe(true);
    expect(hasAllRoles({ id: 2, role: ROLE.agent }, [ROLE.agent, ROLE.user])).toBe(false);
  });
});
