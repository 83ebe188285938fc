import { eq, and, isNull } from 'drizzle-orm';
import type { PlatformAlarmType } from '../../../src/domain/alarm-types';
import { familyMayServe, PROTOCOL_FAMILY } from '../../../src/domain/protocol-family';
import { SUBJECT } from '../../bus/types';
import { devices } from '../../db/schema/devices';
import type { LiveConnection } from '../../services/logs/live-state';
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

/** How long a claim waits for another gateway process to say it holds the device. */
const PROBE_TIMEOUT_MS = 500;

/** The device's live connection on another gateway process, if one spoke within the claim silence. */
async function remoteHolder(ctx: GatewayContext, terminalId: string): Promise<LiveConnection | null> {
  try {
    const live = await ctx.bus.request<LiveConnection>(SUBJECT.logProbe(terminalId), {}, PROBE_TIMEOUT_MS);
    if (live.node === ctx.options.nodeId) return null;
    return Date.now() - Date.parse(live.lastFrameAt) < ctx.options.claimSilenceMs ? live : null;
  } catch {
    // No process holds it (no responder), or none answered in time: the claim stands.
    return null;
  }
}

/**
 * Whether a connection may speak for a device. A tracker proves nothing but the id it sends, so:
 * the device must belong to this protocol family (a GT06 IMEI is refused on the Teltonika
 * port; a device of no family is bound to the first that serves it), and a device whose
 * connection is live, in this process or another of the cluster, stays with it: the claimant is
 * refused, logged, and the owner alarmed.
 * Null: admitted; else why not.
 */
export async function admit(
  ctx: GatewayContext,
  conn: TrackerConnection,
  device: KnownDevice,
  family: ProtocolName,
): Promise<string | null> {
  if (!familyMayServe(family, device.protocol, device.boundFamily ?? null)) {
    console.warn(
      `[gateway] ${family} ${device.terminalId} from ${where(conn)}: the device is not a ${family} device`,
    );
    return 'another protocol family';
  }
  // Another gateway process of a cluster may hold it: the one answering its live-state probe.
  const local = ctx.registry.get(device.terminalId);
  const remote = local && local !== conn ? null : await remoteHolder(ctx, device.terminalId);
  const { holder } = remote
    ? { holder: null }
    : ctx.registry.claim(device.terminalId, conn, ctx.options.claimSilenceMs);
  if (holder || remote) {
    console.warn(
      `[gateway] ${family} ${device.terminalId}: refused a second connection from ${where(conn)}; ` +
        `the live one from ${holder ? where(holder) : `${remote!.remoteAddr} on ${remote!.node}`} keeps the device`,
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
