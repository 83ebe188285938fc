import { eq } from 'drizzle-orm';
import { IMPORT_PROTOCOLS_808 } from '../../../src/domain/codes';
import { PROTOCOL_FAMILY } from '../../../src/domain/protocol-family';
import { isValidImei } from '../../../src/domain/validators';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { badField, badRequest } from '../../lib/errors';
import { sqlState } from '../../lib/schema/db-errors';
import type { AuthContext } from '../../plugins/auth';
import { loadDeviceInScope } from '../device-scope';
import { clearCountCache } from './count-cache';

const UNIQUE_VIOLATION = '23505';

/** Does the device take an 11-digit JT/T 808 terminal number (spec section 5)? */
export const takes808Number = (d: { importProtocol: number; protocol: number }) =>
  IMPORT_PROTOCOLS_808.includes(d.importProtocol) || PROTOCOL_FAMILY[d.protocol] === 'jt808';

export interface ImeiReplacement {
  id: number;
  oldTerminalID: string;
  terminalID: string;
  replacedAt: string;
}

/**
 * transformDeviceIMEI: a broken tracker swapped for a new one. The device row keeps its id, so
 * its account, expiry dates, name, plate, fences and position history (all keyed by device id)
 * stay with it; only the terminal id changes. Refused when the new IMEI does not fit the
 * device's protocol or another device already has it. `log` records who replaced what.
 */
export async function replaceImei(
  db: Db,
  auth: AuthContext,
  input: { terminalID: string; newTerminalID: string },
  log: (entry: Record<string, unknown>) => void,
): Promise<ImeiReplacement> {
  const device = await loadDeviceInScope(db, auth, input.terminalID.trim());
  const next = input.newTerminalID.trim();
  if (!isValidImei(next, takes808Number(device))) throw badField('imeiInvalid', 'newTerminalID');
  const [taken] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.terminalId, next))
    .limit(1);
  if (taken) throw badRequest('imeiExists');
  const now = new Date();
  // The unique index on terminal_id settles a race between two replacements to the same IMEI.
  await db
    .update(devices)
    .set({ terminalId: next, updatedAt: now })
    .where(eq(devices.id, device.id))
    .catch((e: unknown) => {
      throw sqlState(e) === UNIQUE_VIOLATION ? badRequest('imeiExists') : e;
    });
  clearCountCache();
  log({ deviceId: device.id, from: device.terminalId, to: next, by: auth.user.username });
  return { id: device.id, oldTerminalID: device.terminalId, terminalID: next, replacedAt: now.toISOString() };
}
