import { describe, expect, it } from 'vitest';
import { shouldShowMaintenanceNotice } from '../../src/domain/maintenance';

describe('maintenance notice', () => {
  it('shows before 2022-10-08 03:00 +08:00', () => {
    expect(shouldShowMaintenanceNotice(new Date('2022-10-01T12:00:00+08:00'))).toBe(true);
    expect(shouldShowMaintenanceNotice(new Date('2022-10-08T00:30:00+08:00'))).toBe(true);
    expect(shouldShowMaintenanceNotice(new Date('2022-10-08T02:59:59.999+08:00'))).toBe(true);
  });
  it('hides from 03:00 +08:00 on (19:00 UTC the day before)', () => {
    expect(shouldShowMaintenanceNotice(new Date('2022-10-08T03:00:00+08:00'))).toBe(false);
    expect(shouldShowMaintenanceNotice(Date.parse('2022-10-07T19:00:00Z'))).toBe(false);
    expect(shouldShowMaintenanceNotice(Date.parse('2022-10-07T18:59:59Z'))).toBe(true);
    expect(shouldShowMaintenanceNotice(new Date())).toBe(false);
  });
});
