import { eq, sql } from 'drizzle-orm';
import { ROLE } from '../../../config/roles';
import { DEVICE_PROTOCOL, DEVICE_STATE, IMPORT_PROTOCOL } from '../../../src/domain/codes';
import { pgArray, type Scalar } from '../../ingest/pg-array';
import type { Db } from '../client';
import { users } from '../schema/users';
import { DEMO_PASSWORD } from './accounts';
import { CITIES } from './devices';
import { hashPassword } from './index';
import { createRng, luhnDigit, round } from './random';

/**
 * A large fleet for load tests and benchmarks (the monitor page at 10,000 devices, list
 * screens at 100,000): one new agent account under an existing one, optionally with user
 * sub-accounts, and `count` devices in a realistic mix of states, each with a shipped,
 * factory-tested stock row so the gateway and the import rules accept them.
 *
 * Rows go in as whole columns through `unnest` (one array parameter per column, thousands of
 * rows per statement): per-row parameters would hit PostgreSQL's 65,535-parameter limit at
 * ~2,000 rows and cost more in driver serialisation than the insert itself.
 */
export interface BulkFleetOptions {
  username: string;
  /** Parent of the new account; default 'agent'. */
  parentUsername?: string;
  count: number;
  /** Spread the devices over this many user sub-accounts of the new account; 0 = all on it. */
  subAccounts?: number;
  /** Default gt06. */
  protocol?: 'gt06' | 'jt808';
  /** Reference time for expiries and fixes (tests pin it); default now. */
  now?: Date;
}

export interface BulkFleet {
  /** The new agent account. */
  userId: number;
  /** Every account created: the new account first, then its sub-accounts. */
  accountIds: number[];
  /** Terminal ids in insertion order (device i is owned by accountIds per ownerOf). */
  terminalIds: string[];
}

const CHUNK = 5_000;
const MIN = 60_000;
const DAY = 86_400_000;
// Prefixes the demo seed never generates (its IMEIs start 860/861/862/863/865/867/868, its 808
// numbers 13/14/15/17/18), so a bulk fleet cannot clash with the demo devices or stock extras.
const GT06_PREFIX = '869';
const JT808_PREFIX = '16';

/** 20-step cycle: 14 online, 3 offline, 2 not activated, 1 expired. */
const STATES = [1, 1, 2, 1, 1, 3, 1, 1, 1, 2, 1, 1, 4, 1, 1, 3, 1, 1, 2, 1] as const;
const SPEED_BANDS: [number, number][] = [
  [0, 0],
  [0, 8],
  [15, 58],
  [15, 58],
  [65, 115],
  [125, 150],
];
const NICKNAMES = ['Truck', 'Van', 'Bus', 'Taxi', '送货车', '冷链车', '工程车'];

/** The terminal id of serial number `n` (GT06: 15-digit IMEI with Luhn digit; 808: 11 digits). */
export function bulkTerminalId(protocol: 'gt06' | 'jt808', n: number): string {
  if (protocol === 'jt808') return JT808_PREFIX + String(n).padStart(9, '0');
  const body = GT06_PREFIX + String(n).padStart(11, '0');
  return body + luhnDigit(body);
}

/** First unused serial for the prefix, from the stock table (every device has a stock row). */
async function nextSerial(db: Db, protocol: 'gt06' | 'jt808'): Promise<number> {
  const [prefix, len] = protocol === 'gt06' ? [GT06_PREFIX, 15] : [JT808_PREFIX, 11];
  const end = protocol === 'gt06' ? 14 : 11;
  const { rows } = await db.execute<{ max: string | null }>(sql`
    SELECT max(substr(terminal_id, ${prefix.length + 1}::int, ${end - prefix.length}::int)) AS max
    FROM stock WHERE terminal_id LIKE ${prefix + '%'} AND length(terminal_id) = ${len}`);
  return rows[0]?.max ? Number(rows[0].max) + 1 : 1;
}

const arr = (values: Scalar[]) => sql.param(pgArray(values));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

interface Columns {
  [name: string]: Scalar[];
}

/** The device and stock columns of devices [from, to). Deterministic for a given fleet. */
function buildChunk(
  from: number,
  to: number,
  ctx: { now: Date; ids: string[]; owners: number[]; protocol: 'gt06' | 'jt808'; seed: number },
) {
  const rng = createRng(ctx.seed + from);
  const t = (ms: number) => new Date(ctx.now.getTime() - ms);
  const c: Columns = {};
  const push = (k: string, v: Scalar) => (c[k] ??= []).push(v);
  for (let i = from; i < to; i++) {
    const state = STATES[i % STATES.length];
    const city = Math.floor(i / 7) % 3 === 2 ? CITIES.shenzhen : CITIES.beijing;
    const label = i % 10;
    push('terminal_id', ctx.ids[i]);
    push('user_id', ctx.owners[i % ctx.owners.length]);
    push(
      'car_number',
      label < 5
        ? `${city.province}${city.cityLetters[i % city.cityLetters.length]}${String(i % 100_000).padStart(5, '0')}`
        : '',
    );
    push('nickname', label >= 5 && label < 8 ? `${NICKNAMES[i % NICKNAMES.length]} ${i + 1}` : '');
    push('sim', '1440' + String(i).padStart(9, '0'));
    push('iccid', '898604' + String(i).padStart(14, '0'));
    push('state', state);
    push('created_at', iso(t(rng.int(30, 700) * DAY)));
    let fix: Date | null = null;
    let stateTime: Date | null = null;
    let offlineAt: Date | null = null;
    let expire: Date | null = null;
    if (state === DEVICE_STATE.online) {
      fix = t(rng.int(5, 90) * 1000);
      stateTime = t(rng.int(1, 600) * MIN);
      // Expiry filters: some within 7 days, some within 60, most later.
      const e = i % 25;
      expire = new Date(
        ctx.now.getTime() + (e === 0 ? rng.int(1, 6) : e < 4 ? rng.int(8, 59) : rng.int(90, 700)) * DAY,
      );
    } else if (state === DEVICE_STATE.offline) {
      offlineAt = t(rng.int(3, 60 * 24 * 20) * MIN);
      fix = offlineAt;
      stateTime = offlineAt;
      expire = new Date(ctx.now.getTime() + rng.int(20, 500) * DAY);
    } else if (state === DEVICE_STATE.expired) {
      expire = t(rng.int(1, 90) * DAY);
      offlineAt = new Date(expire.getTime() - rng.int(1, 12) * 3_600_000);
      fix = offlineAt;
      stateTime = expire;
    }
    const active = state !== DEVICE_STATE.unactivated;
    const [lo, hi] = state === DEVICE_STATE.online ? SPEED_BANDS[i % SPEED_BANDS.length] : [0, 0];
    const speed = active ? rng.int(lo, hi) : null;
    push('state_time', iso(stateTime));
    push('activated_at', active ? iso(t(rng.int(31, 400) * DAY)) : null);
    push('platform_expire_at', iso(expire));
    push('last_online_at', iso(state === DEVICE_STATE.online ? fix : offlineAt));
    push('offline_at', iso(offlineAt));
    // Spread over ~60 x 60 km around the city centre.
    push('lat', active ? round(city.lat + rng.float(-0.3, 0.3), 6) : null);
    push('lon', active ? round(city.lon + rng.float(-0.35, 0.35), 6) : null);
    push('speed', speed);
    push('course', active ? rng.int(0, 359) : null);
    push('fix_time', iso(fix));
    push('position_type', active ? 'gps' : null);
    push('valid', active ? true : null);
    push('acc', active ? (speed ?? 0) > 0 : null);
  }
  return c;
}

async function insertChunk(db: Db, c: Columns, shared: Record<string, Scalar>, testRecord: string) {
  await db.execute(sql`
    INSERT INTO devices (terminal_id, user_id, car_number, nickname, sim, iccid, state, created_at,
      state_time, activated_at, platform_expire_at, last_online_at, offline_at, lat, lon, speed, course,
      fix_time, position_type, valid, acc,
      agent_id, device_type, protocol, import_protocol, icon_type, timezone, password_hash, mileage)
    SELECT v.*, ${shared.agentId}::int, ${shared.deviceType}, ${shared.protocol}::smallint,
      ${shared.importProtocol}::smallint, 1, 8, ${shared.passwordHash}, 0
    FROM unnest(
      ${arr(c.terminal_id)}::varchar[], ${arr(c.user_id)}::int[], ${arr(c.car_number)}::varchar[],
      ${arr(c.nickname)}::varchar[], ${arr(c.sim)}::varchar[], ${arr(c.iccid)}::varchar[],
      ${arr(c.state)}::smallint[], ${arr(c.created_at)}::timestamptz[], ${arr(c.state_time)}::timestamptz[],
      ${arr(c.activated_at)}::timestamptz[], ${arr(c.platform_expire_at)}::timestamptz[],
      ${arr(c.last_online_at)}::timestamptz[], ${arr(c.offline_at)}::timestamptz[],
      ${arr(c.lat)}::float8[], ${arr(c.lon)}::float8[], ${arr(c.speed)}::real[], ${arr(c.course)}::smallint[],
      ${arr(c.fix_time)}::timestamptz[], ${arr(c.position_type)}::varchar[], ${arr(c.valid)}::boolean[],
      ${arr(c.acc)}::boolean[]
    ) AS v`);
  await db.execute(sql`
    INSERT INTO stock (terminal_id, imei, iccid, created_at, shipped_at, device_type, protocol,
      firmware_version, test_passed, tested_at, test_record, status, shipped_to, batch_no)
    SELECT v.terminal_id, CASE WHEN length(v.terminal_id) = 15 THEN v.terminal_id END, v.iccid,
      v.created_at - interval '10 days', v.created_at, ${shared.deviceType}, ${shared.protocol}::smallint,
      'V1.2.0', true, v.created_at - interval '10 days', ${testRecord}::jsonb, 'shipped',
      ${shared.agentId}::int, 'B-BULK'
    FROM unnest(${arr(c.terminal_id)}::varchar[], ${arr(c.iccid)}::varchar[], ${arr(c.created_at)}::timestamptz[])
      AS v(terminal_id, iccid, created_at)`);
}

export async function seedBulkFleet(db: Db, opts: BulkFleetOptions): Promise<BulkFleet> {
  const protocol = opts.protocol ?? 'gt06';
  const now = opts.now ?? new Date();
  const subAccounts = Math.max(0, Math.floor(opts.subAccounts ?? 0));
  if (!Number.isInteger(opts.count) || opts.count < 0) throw new Error('seedBulkFleet: count must be >= 0');
  // argon2 is slow on purpose: one hash for the accounts and every device.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const parentName = opts.parentUsername ?? 'agent';
    const [parent] = await tx.select().from(users).where(eq(users.username, parentName));
    if (!parent) throw new Error(`seedBulkFleet: no account named ${parentName}`);
    const [agent] = await tx
      .insert(users)
      .values({
        parentId: parent.id,
        ancestors: `${parent.ancestors},${parent.id}`,
        username: opts.username,
        passwordHash,
        nickname: `Fleet of ${opts.count}`,
        role: ROLE.agent,
      })
      .returning({ id: users.id, ancestors: users.ancestors });
    const children = subAccounts
      ? await tx
          .insert(users)
          .values(
            Array.from({ length: subAccounts }, (_, k) => ({
              parentId: agent.id,
              ancestors: `${agent.ancestors},${agent.id}`,
              username: `${opts.username}-${k + 1}`,
              passwordHash,
              nickname: `${opts.username} customer ${k + 1}`,
              role: ROLE.user,
            })),
          )
          .returning({ id: users.id })
      : [];
    const owners = children.length ? children.map((c) => c.id) : [agent.id];

    const first = await nextSerial(tx, protocol);
    const ids = Array.from({ length: opts.count }, (_, i) => bulkTerminalId(protocol, first + i));
    const shared = {
      agentId: agent.id,
      // No device shares a known password (issue 30): a device login needs a reset first.
      passwordHash: null,
      deviceType: protocol === 'gt06' ? 'GT06N' : 'JT808-A',
      protocol: protocol === 'gt06' ? DEVICE_PROTOCOL.Gt06 : DEVICE_PROTOCOL.eight,
      importProtocol: protocol === 'gt06' ? IMPORT_PROTOCOL.gt06 : IMPORT_PROTOCOL.jt808,
    };
    const testedAt = new Date(now.getTime() - 40 * DAY).toISOString();
    const testRecord = JSON.stringify({
      result: 'pass',
      gps: 'ok',
      satellites: 9,
      gsmSignal: 26,
      voltage: 4.12,
      relay: 'ok',
      testedAt,
    });
    const ctx = { now, ids, owners, protocol, seed: agent.id * 7919 };
    for (let from = 0; from < ids.length; from += CHUNK) {
      const to = Math.min(ids.length, from + CHUNK);
      await insertChunk(tx, buildChunk(from, to, ctx), shared, testRecord);
    }
    return { userId: agent.id, accountIds: [agent.id, ...children.map((c) => c.id)], terminalIds: ids };
  });
}

/**
 * First-start hook (server/main.ts): SEED_BULK_DEVICES=N adds a fleet of N devices on account
 * SEED_BULK_USERNAME (default fleet) under `agent`, spread over SEED_BULK_ACCOUNTS sub-accounts.
 */
export async function seedBulkFromEnv(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BulkFleet | null> {
  const count = Number(env.SEED_BULK_DEVICES ?? 0);
  if (!Number.isInteger(count) || count <= 0) return null;
  return seedBulkFleet(db, {
    username: env.SEED_BULK_USERNAME || 'fleet',
    count,
    subAccounts: Number(env.SEED_BULK_ACCOUNTS ?? 0) || 0,
  });
}
