import { eq, and, isNull } from 'drizzle-orm';
import type { PlatformAlarmType } from '../../../src/domain/alarm-types';
import { familyMayServe, PROTOCOL_FAMILY } from '../../../src/domain/protocol-family';
import { devices } from '../../db/schema/devices';
import type { ProtocolName } from '../codec';
import { recordAlarm } from './alarms';
import type { TrackerConnection } from './connection';
import { addressOf } from './connection-record';
import type { GatewayContext } from './context';
import type { KnownDevice } from './directory';

/** The alarm an owner sees when a second connection claimed a live device. */
export const IDENTITY_CONFLICT_ALARM: PlatformAlarmType = 'identityConflict';
/** At most one such alarm per device in this long, however often a claimant retries. */
const ALARM_EVERY_MS = 10 * 60_000;
const lastAlarm = new Map<string, number>();

const where = (c: TrackerConnection) => addressOf(c.socket.remoteAddress, c.socket.remotePort);

/**
 * Whether a connection may speak for a device. A tracker proves nothing but the id it sends, so:
 * the device must belong to this protocol family (a GT06 IMEI is refused on the Teltonika
 * port; a device of no family is bound to the first that serves it), and a device whose
 * connection is live stays with it: the claimant is refused, logged, and the owner alarmed.
 * Null: admitted; else why not.
 */
export function admit(
  ctx: GatewayContext,
  conn: TrackerConnection,
  device: KnownDevice,
  family: ProtocolName,
): string | null {
  if (!familyMayServe(family, device.protocol, device.boundFamily ?? null)) {
    console.warn(
      `[gateway] ${family} ${device.terminalId} from ${where(conn)}: the device is not a ${family} device`,
    );
    return 'another protocol family';
  }
  const { holder } = ctx.registry.claim(device.terminalId, conn, ctx.options.claimSilenceMs);
  if (holder) {
    console.warn(
      `[gateway] ${family} ${device.terminalId}: refused a second connection from ${where(conn)}; ` +
        `the live one from ${where(holder)} keeps the device`,
    );
    const now = Date.now();
    if (now - (lastAlarm.get(device.terminalId) ?? 0) >= ALARM_EVERY_MS) {
      lastAlarm.set(device.terminalId, now);
      ctx.registry.track(
        recordAlarm(ctx, device, [IDENTITY_CONFLICT_ALARM], null).catch((e) =>
          console.error('[gateway] identity alarm:', (e as Error).message),
        ),
      );
    }
    return 'live on another connection';
  }
  if (!Object.hasOwn(PROTOCOL_FAMILY, device.protocol) && !device.boundFamily && device.id != null) {
    device.boundFamily = family;
    ctx.registry.track(
      ctx.db
        .update(devices)
        .set({ boundFamily: family })
        .where(and(eq(devices.id, device.id), isNull(devices.boundFamily)))
        .catch((e) => console.error('[gateway] binding the family:', (e as Error).message)),
    );
  }
  return null;
}
