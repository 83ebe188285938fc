import type { PositionRecord } from './position-writer';

/**
 * What one round of device-row updates holds per device: the newest trusted fix (it becomes the
 * current position) and, when a later report carried no trusted fix, that report's status
 * (ACC, battery, odometer), so a tracker parked where it cannot see satellites still shows its
 * ignition and battery without moving on the map.
 */
export interface DeviceUpdate {
  fix: PositionRecord | null;
  status: PositionRecord | null;
}

/** Adds a stored record to the round's updates. */
export function addToUpdates(updates: Map<number, DeviceUpdate>, r: PositionRecord): void {
  let u = updates.get(r.deviceId);
  if (!u) {
    u = { fix: null, status: null };
    updates.set(r.deviceId, u);
  }
  if (r.valid) {
    if (!u.fix || r.fixTime >= u.fix.fixTime) u.fix = r;
    // A newer fix already carries the status; an older untrusted report must not override it.
    if (u.status && u.status.serverTime <= r.serverTime) u.status = null;
    return;
  }
  // Blind-area re-uploads are history, not the tracker's present state.
  if (r.attributes?.archived) return;
  if (u.fix && u.fix.serverTime > r.serverTime) return;
  if (!u.status || r.serverTime >= u.status.serverTime) u.status = r;
}

/** Splits a round into the fixes that move devices and the status-only reports. */
export function splitUpdates(updates: Map<number, DeviceUpdate>) {
  const fixes: PositionRecord[] = [];
  const statuses: PositionRecord[] = [];
  for (const u of updates.values()) {
    if (u.fix) fixes.push(u.fix);
    if (u.status) statuses.push(u.status);
  }
  return { fixes, statuses };
}
