import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { permissionsOf, WILDCARD_PERMISSION, isAdmin, isDemo, type RoleSubject } from '../../config/roles';
import type { MessageKey } from './messages';

/**
 * CASL abilities built from config/roles.ts. A permission `area:action` becomes the rule
 * `can(action, area)`; the wildcard `*:*:*` becomes `manage all`.
 */
export type AppAbility = MongoAbility<[string, string]>;

export function splitPermission(permission: string): [action: string, subject: string] {
  const i = permission.indexOf(':');
  if (i < 0) return [permission, 'all'];
  return [permission.slice(i + 1), permission.slice(0, i)];
}

/**
 * Whether an account may change anything is the rule `write all`, beside its permissions: the
 * demo account holds its role's permissions (it sees what its role sees) but not this rule, so
 * every write button of the UI is disabled with the reason, and the server refuses the same
 * writes with the same key (server/plugins/auth.ts).
 */
export const WRITE: [action: string, subject: string] = ['write', 'all'];
/** The one refusal of every write the demo tries (spec section 5). */
export const DEMO_REFUSAL: MessageKey = 'demoForbidden';

type Rule = { action: string; subject: string; inverted?: boolean; reason?: string };

/** The write rule of an account: granted, or refused to the demo with its message key. */
export const writeRule = (demo: boolean): Rule =>
  demo
    ? { action: WRITE[0], subject: WRITE[1], inverted: true, reason: DEMO_REFUSAL }
    : { action: WRITE[0], subject: WRITE[1] };

/** `demo` (the login answer's flag, or the server's setting) wins over the default demo id. */
export function abilityFor(user: (RoleSubject & { demo?: boolean }) | null | undefined): AppAbility {
  if (!user) return createMongoAbility<[string, string]>([]);
  const perms = permissionsOf(user.role);
  const rules: Rule[] = perms.map((p) =>
    p === WILDCARD_PERMISSION ? { action: 'manage', subject: 'all' } : toRule(p),
  );
  rules.push(writeRule(isDemo(user)));
  return createMongoAbility<[string, string]>(rules);
}

/** Why the account may not change anything (a message key), or null when it may. */
export function writeRefusal(ability: AppAbility): MessageKey | null {
  if (ability.can(...WRITE)) return null;
  return (ability.relevantRuleFor(...WRITE)?.reason as MessageKey | undefined) ?? 'noPermission';
}

function toRule(p: string) {
  const [action, subject] = splitPermission(p);
  return { action, subject };
}

export function can(ability: AppAbility, permission: string): boolean {
  if (permission === WILDCARD_PERMISSION) return ability.can('manage', 'all');
  const [action, subject] = splitPermission(permission);
  return ability.can(action, subject);
}

/** Any-of check: true when the user holds at least one of the permissions. */
export function hasAnyPermission(ability: AppAbility, permissions: readonly string[]): boolean {
  return permissions.some((p) => can(ability, p));
}

/** All-of check. */
export function hasAllPermissions(ability: AppAbility, permissions: readonly string[]): boolean {
  return permissions.every((p) => can(ability, p));
}

/**
 * The `hasPermi` directive rule (spec section 5): the value must be a non-empty array; the
 * element stays only if the user holds the wildcard or one of the listed permissions.
 */
export function hasPermi(ability: AppAbility, value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) {
    throw new Error("hasPermi needs a non-empty array of permissions, such as ['device:edit']");
  }
  return ability.can('manage', 'all') || hasAnyPermission(ability, value as string[]);
}

/** The `hasRole` directive rule: passes for admin or any listed role. */
export function hasRole(user: RoleSubject | null | undefined, value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) {
    throw new Error('hasRole needs a non-empty array of roles, such as [2]');
  }
  if (!user) return false;
  return isAdmin(user) || (value as number[]).includes(user.role as number);
}

export function hasAllRoles(user: RoleSubject | null | undefined, roles: readonly number[]): boolean {
  if (!user) return false;
  return isAdmin(user) || roles.every((r) => r === user.role);
}
