import { sql } from 'drizzle-orm';
import { DEVICE_PROTOCOL, DEVICE_STATE } from '../../../src/domain/codes';
import type { Db } from '../client';
import { devices } from '../schema/devices';
import { SEED_USER_IDS, type SeedUsername } from './accounts';
import { SEED_DEVICE_TYPES, type SeedDeviceTypeName } from './device-types';
import { assignTireDevices, TIRE_MODEL } from './tires';
import {
  createRng,
  makeIccid,
  makeImei,
  makePlate,
  makeSim,
  makeTerminal808,
  round,
  type Rng,
} from './random';

export type NewDeviceRow = typeof devices.$inferInsert;

/**
 * The demo fleet: 200 devices with explicit ids 1..200 (so positions and alarms can refer
 * to them before insertion). Identity fields come from a fixed-seed generator; times are
 * relative to `now` so that online devices look online and expiries stay meaningful.
 */

const DEVICE_SEED = 20_240_601;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export const CITIES = {
  beijing: { lat: 39.91, lon: 116.4, province: '京', cityLetters: 'ABCEFGHJKLMNPQ', alt: [35, 70] },
  shenzhen: { lat: 22.54, lon: 114.06, province: '粤', cityLetters: 'B', alt: [5, 60] },
} as const;
type City = keyof typeof CITIES;

interface OwnerPlan {
  owner: SeedUsername;
  /** The agent that imported the devices (devices.agent_id). */
  agent: SeedUsername;
  count: number;
  city: City | 'mixed';
}

export const FLEET_PLAN: OwnerPlan[] = [
  { owner: 'agent', agent: 'agent', count: 50, city: 'beijing' },
  { owner: 'subagent', agent: 'subagent', count: 30, city: 'beijing' },
  { owner: 'user', agent: 'subagent', count: 20, city: 'beijing' },
  { owner: 'demo', agent: 'demo', count: 40, city: 'mixed' },
  { owner: 'agent2', agent: 'agent2', count: 25, city: 'shenzhen' },
  { owner: 'agent2user', agent: 'agent2', count: 15, city: 'shenzhen' },
  { owner: 'superuser', agent: 'agent', count: 20, city: 'beijing' },
];

const { online, offline, unactivated, expired } = DEVICE_STATE;
/** Per-owner cycle: the first four entries cover every state, so every owner has all four. */
const STATE_PATTERN = [
  online,
  offline,
  unactivated,
  expired,
  online,
  online,
  offline,
  online,
  offline,
  online,
  online,
  unactivated,
  offline,
  online,
  expired,
  online,
  offline,
  online,
  offline,
  unactivated,
];

/** Speed bands of online devices (spec 9): stopped <= 10, fast > 60, overspeed > 120. */
const SPEED_PATTERN = [
  'stop',
  'move',
  'fast',
  'stop',
  'move',
  'over',
  'move',
  'stop',
  'fast',
  'move',
] as const;
const SPEED_RANGE = { stop: [0, 8], move: [15, 58], fast: [65, 115], over: [125, 160] } as const;

/** Weighted model mix: mostly GT06, a good share of the 808 family, a few others. */
const TYPE_WEIGHTS: [SeedDeviceTypeName, number][] = [
  ['GT06N', 30],
  ['GT800', 12],
  ['JM-VL01', 13],
  ['JT808-A', 12],
  ['Y808', 8],
  ['GW005', 8],
  ['BSJ-A6', 7],
  ['R001', 4],
  ['NB-100', 3],
  ['K100', 3],
];

const NICKNAMES = [
  '送货车',
  '冷链车',
  '工程车',
  'Truck',
  'Van',
  'Bus',
  'Taxi',
  '摩托',
  'Tractor',
  'Excavator',
  '叉车',
  'Pickup',
];

function pickType(rng: Rng) {
  const total = TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [name, w] of TYPE_WEIGHTS) {
    if ((r -= w) < 0) return SEED_DEVICE_TYPES.find((t) => t.name === name)!;
  }
  return SEED_DEVICE_TYPES[0];
}

/** 11-digit terminal number for the 808 family and BSJ, a 15-digit IMEI otherwise. */
export function is808Type(name: string) {
  return (
    name === 'JT808-A' || name === 'Y808' || name === 'GW005' || name === 'BSJ-A6' || name === TIRE_MODEL
  );
}

export interface DemoFleet {
  devices: NewDeviceRow[];
  /** Cities of the devices with a position, by device id (used to build tracks). */
  cityOf: Map<number, City>;
}

export function buildDemoFleet(now: Date): DemoFleet {
  const rng = createRng(DEVICE_SEED);
  const used = new Set<string>();
  const plates = new Set<string>();
  const rows: NewDeviceRow[] = [];
  const cityOf = new Map<number, City>();
  const t = (ms: number) => new Date(now.getTime() - ms);
  let id = 0;
  let onlineIndex = 0;

  for (const plan of FLEET_PLAN) {
    for (let i = 0; i < plan.count; i++) {
      id++;
      const type = pickType(rng);
      let terminalId: string;
      do terminalId = is808Type(type.name) ? makeTerminal808(rng) : makeImei(rng);
      while (used.has(terminalId));
      used.add(terminalId);

      const city: City = plan.city === 'mixed' ? (i % 2 === 0 ? 'beijing' : 'shenzhen') : plan.city;
      const c = CITIES[city];
      let carNumber = '';
      let nickname = '';
      const label = rng.next();
      if (label < 0.45 || label > 0.9) {
        do carNumber = makePlate(rng, c.province, c.cityLetters);
        while (plates.has(carNumber));
        plates.add(carNumber);
      }
      if (label >= 0.45) nickname = `${rng.pick(NICKNAMES)} ${String(rng.int(1, 99)).padStart(2, '0')}`;
      if (label > 0.75 && label <= 0.9) nickname = '';

      const state = STATE_PATTERN[i % STATE_PATTERN.length];
      const row: NewDeviceRow = {
        id,
        terminalId,
        userId: SEED_USER_IDS[plan.owner],
        agentId: SEED_USER_IDS[plan.agent],
        nickname,
        carNumber,
        sim: rng.chance(0.85) ? makeSim(rng) : '',
        iccid: makeIccid(rng),
        deviceType: type.name,
        protocol: type.protocol,
        importProtocol: type.importProtocol,
        iconType: type.iconType,
        timezone: 8,
        // No device shares a known password: a device login needs its owner to reset it first.
        passwordHash: null,
        state,
        createdAt: t(rng.int(400, 900) * DAY),
      };
      // NB-IoT devices registered on the NB platform have its id; every third is not (the
      // console's "cannot find deviceId" case). Derived from the IMEI: the random stream stays.
      if (type.protocol === DEVICE_PROTOCOL.Nbiot && i % 3 !== 2) row.nbDeviceId = `nb${terminalId.slice(-10)}`;

      if (state !== unactivated) {
        row.activatedAt = t(rng.int(20, 380) * DAY);
        let fixAgo: number;
        if (state === online) {
          fixAgo = rng.int(5, 90) * 1000;
          row.lastOnlineAt = t(fixAgo);
          row.stateTime = t(rng.int(10, 600) * MIN);
          // A few online devices expire within 7 days, a few more within 60 (expiry filters).
          const e = onlineIndex % 8;
          row.platformExpireAt = new Date(
            now.getTime() + (e === 3 ? rng.int(1, 6) : e === 6 ? rng.int(10, 59) : rng.int(90, 700)) * DAY,
          );
        } else if (state === offline) {
          // Offline for minutes, hours or days, in turn.
          const band = i % 3;
          const ago =
            band === 0 ? rng.int(3, 59) * MIN : band === 1 ? rng.int(1, 23) * HOUR : rng.int(1, 40) * DAY;
          row.offlineAt = t(ago);
          row.stateTime = row.offlineAt;
          row.lastOnlineAt = row.offlineAt;
          fixAgo = ago + rng.int(0, 300) * 1000;
          row.platformExpireAt = new Date(now.getTime() + rng.int(60, 500) * DAY);
        } else {
          // Expired: the platform service ended some days ago and the device went quiet.
          const ago = rng.int(2, 120) * DAY;
          row.platformExpireAt = t(ago);
          fixAgo = ago - rng.int(1, 12) * HOUR;
          row.offlineAt = t(fixAgo);
          row.stateTime = row.platformExpireAt;
          row.lastOnlineAt = row.offlineAt;
        }
        row.userExpireAt = rng.chance(0.5) ? row.platformExpireAt : null;

        const band = state === online ? SPEED_PATTERN[onlineIndex++ % SPEED_PATTERN.length] : 'stop';
        const [lo, hi] = SPEED_RANGE[band];
        const speed = band === 'stop' && rng.chance(0.6) ? 0 : rng.int(lo, hi);
        const pt = rng.next();
        row.positionType = pt < 0.75 ? 'gps' : pt < 0.85 ? 'bds' : pt < 0.95 ? 'lbs' : 'wifi';
        row.lat = round(c.lat + rng.float(-0.12, 0.12), 6);
        row.lon = round(c.lon + rng.float(-0.15, 0.15), 6);
        row.speed = speed;
        row.course = rng.int(0, 359);
        row.altitude = rng.int(c.alt[0], c.alt[1]);
        row.fixTime = t(fixAgo);
        // A device row holds its last trusted fix (src/domain/fix-validity), cell-tower ones included.
        row.valid = true;
        row.acc = speed > 0 ? true : rng.chance(0.3);
        row.battery =
          type.name === 'GW005' || type.name === 'R001' || type.name === 'NB-100' ? rng.int(8, 100) : null;
        row.mileage = rng.int(1_000, 250_000) * 1000;
        cityOf.set(id, city);
      }
      rows.push(row);
    }
  }
  // A few JT808-A terminals are TPMS trucks (model Tire); picked after the loop, so every
  // other value of the fleet stays as it was.
  assignTireDevices(rows, SEED_DEVICE_TYPES.find((t) => t.name === TIRE_MODEL)!.iconType);
  return { devices: rows, cityOf };
}

export async function insertDevices(db: Db, rows: NewDeviceRow[]) {
  for (let i = 0; i < rows.length; i += 100) await db.insert(devices).values(rows.slice(i, i + 100));
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('devices', 'id'), (SELECT coalesce(max(id), 1) FROM devices))`,
  );
}
