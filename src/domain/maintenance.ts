import { MAINTENANCE_NOTICE } from './constants';

const SHOW_UNTIL_MS = Date.parse(MAINTENANCE_NOTICE.showUntil);

/**
 * The main page announces the 2022-10-08 server maintenance (spec section 1) only while the
 * notice is still relevant: strictly before 03:00 +08:00 that day.
 */
export function shouldShowMaintenanceNotice(now: Date | number): boolean {
  const t = typeof now === 'number' ? now : now.getTime();
  return t < SHOW_UNTIL_MS;
}
