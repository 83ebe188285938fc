import { eq } from 'drizzle-orm';
import { ownerChain } from '../../../src/domain/area/presence';
import type { LocationAckSetting } from '../../../src/domain/location-ack';
import type { ProtocolFamily } from '../../../src/domain/protocol-family';
import type { Db } from '../../db/client';
import { deviceTypes } from '../../db/schema/device-types';
import { devices } from '../../db/schema/devices';
import { stock } from '../../db/schema/stock';
import { users } from '../../db/schema/users';

/** A tracker the platform knows: imported to an account (id set) or only in factory stock. */
export interface KnownDevice {
  id: number | null;
  terminalId: string;
  protocol: number;
  /** The family a device of a protocol code with none was bound to at its first connection. */
  boundFamily?: ProtocolFamily | null;
  userId: number | null;
  /** Past its platform expiry: positions are kept but not shown to users. */
  expired: boolean;
  /** Overspeed alarm threshold (km/h); null: the platform's. */
  speedLimit: number | null;
  /** Fastest believable speed (km/h) for jump checks; null: its kind's (src/domain/fix-jump.ts). */
  maxSpeed?: number | null;
  /** The owner's id and its ancestors' (ownerChain): the accounts whose areas apply to the device. */
  owners?: number[];
  /** Its model's location ack setting (device_types.location_ack); null: the protocol's default. */
  locationAck: LocationAckSetting;
}

const TTL_MS = 60_000;
const MISS_TTL_MS = 15_000;

/**
 * Looks trackers up by terminal id with a short cache, so a reconnect storm does not turn
 * into a query storm. Unknown ids are cached briefly too.
 */
export class DeviceDirectory {
  private cache = new Map<string, { at: number; device: KnownDevice | null }>();

  constructor(private db: Db) {}

  async lookup(terminalId: string, now = Date.now()): Promise<KnownDevice | null> {
    const hit = this.cache.get(terminalId);
    if (hit && now - hit.at < (hit.device ? TTL_MS : MISS_TTL_MS)) return hit.device;
    const device = await this.load(terminalId, now);
    this.cache.set(terminalId, { at: now, device });
    return device;
  }

  forget(terminalId: string) {
    this.cache.delete(terminalId);
  }

  private async load(terminalId: string, now: number): Promise<KnownDevice | null> {
    const [d] = await this.db
      .select({
        id: devices.id,
        protocol: devices.protocol,
        boundFamily: devices.boundFamily,
        userId: devices.userId,
        expireAt: devices.platformExpireAt,
        speedLimit: devices.speedLimit,
        maxSpeed: devices.maxSpeed,
        ancestors: users.ancestors,
        locationAck: deviceTypes.locationAck,
      })
      .from(devices)
      .leftJoin(users, eq(users.id, devices.userId))
      .leftJoin(deviceTypes, eq(deviceTypes.name, devices.deviceType))
      .where(eq(devices.terminalId, terminalId))
      .limit(1);
    if (d) {
      return {
        id: d.id,
        terminalId,
        protocol: d.protocol,
        boundFamily: (d.boundFamily as ProtocolFamily | null) ?? null,
        userId: d.userId,
        expired: !!d.expireAt && d.expireAt.getTime() < now,
        speedLimit: d.speedLimit,
        maxSpeed: d.maxSpeed,
        owners:
          d.userId == null
            ? []
            : d.ancestors != null
              ? ownerChain({ id: d.userId, ancestors: d.ancestors })
              : [d.userId],
        locationAck: d.locationAck ?? null,
      };
    }
    const [s] = await this.db
      .select({ protocol: stock.protocol, locationAck: deviceTypes.locationAck })
      .from(stock)
      .leftJoin(deviceTypes, eq(deviceTypes.name, stock.deviceType))
      .where(eq(stock.terminalId, terminalId))
      .limit(1);
    if (!s) return null;
    return {
      id: null,
      terminalId,
      protocol: s.protocol,
      userId: null,
      expired: false,
      speedLimit: null,
      locationAck: s.locationAck ?? null,
    };
  }
}
