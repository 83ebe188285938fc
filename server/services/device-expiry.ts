import { isDeviceExpired, type ExpiryFields } from '../../src/domain/expiry';
import { badRequest } from '../lib/errors';

/**
 * Refuses what an expired device is not given until it is renewed (docs/expiry.md): commands
 * and playback answer the spec's device prompt "expired" (key deviceExpired), a 400 like the
 * command flow's other refusals.
 */
export function refuseExpired(device: ExpiryFields, now = Date.now()): void {
  if (isDeviceExpired(device, now)) throw badRequest('deviceExpired');
}
