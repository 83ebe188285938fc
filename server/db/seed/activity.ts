import { SEED_ALARM_TYPES } from '../../../src/domain/alarm-types';
import type { Db } from '../client';
import { alarms } from '../schema/alarms';
import { fenceDevices } from '../schema/fence-devices';
import { fences } from '../schema/fences';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import { createRng } from './random';

/** Demo alarms and fences. Command history, raw logs and OTA jobs: operations.ts. */

const ACTIVITY_SEED = 20_240_604;
const MIN = 60_000;

export async function seedActivity(db: Db, fleet: NewDeviceRow[], now: Date) {
  const rng = createRng(ACTIVITY_SEED);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
  const withPos = (owner: number) => fleet.filter((d) => d.userId === owner && d.lat != null);
  // Alarms: 3 per device on a few devices of demo, agent, user and agent2; older ones read.
  const alarmRows: (typeof alarms.$inferInsert)[] = [];
  for (const owner of [U.demo, U.agent, U.user, U.agent2]) {
    for (const d of withPos(owner).slice(0, 4)) {
      for (let k = 0; k < 3; k++) {
        const type = rng.pick(SEED_ALARM_TYPES);
        const minutes = rng.int(5, 3 * 24 * 60);
        alarmRows.push({
          deviceId: d.id!,
          type,
          time: ago(minutes),
          lat: d.lat,
          lon: d.lon,
          speed: type === 'overspeed' ? rng.int(121, 150) : rng.int(0, 40),
          read: minutes > 24 * 60,
          address: k === 0 ? null : d.lat! > 30 ? '北京市东城区东长安街' : '深圳市福田区深南大道',
          attributes: type === 'lowBattery' ? { battery: rng.int(3, 15) } : null,
          createdAt: ago(minutes),
        });
      }
    }
  }
  await db.insert(alarms).values(alarmRows).onConflictDoNothing();

  // Fences: a circle around Tiananmen (agent), a polygon in Futian (demo), a rectangle (user).
  const [circle, polygon, rect] = await db
    .insert(fences)
    .values([
      {
        name: '天安门 500m',
        userId: U.agent,
        type: 'circle',
        centerLat: 39.9087,
        centerLon: 116.3975,
        radius: 500,
        alarmMode: 'inout',
        createdAt: ago(30 * 24 * 60),
      },
      {
        name: 'Futian CBD',
        userId: U.demo,
        type: 'polygon',
        alarmMode: 'in',
        createdAt: ago(20 * 24 * 60),
        points: [
          [114.045, 22.545],
          [114.07, 22.548],
          [114.072, 22.53],
          [114.05, 22.528],
        ],
      },
      {
        name: '仓库区域',
        userId: U.user,
        type: 'rectangle',
        alarmMode: 'out',
        state: 0,
        createdAt: ago(10 * 24 * 60),
        points: [
          [116.38, 39.92],
          [116.42, 39.92],
          [116.42, 39.9],
          [116.38, 39.9],
        ],
      },
    ])
    .returning({ id: fences.id });
  await db.insert(fenceDevices).values([
    ...withPos(U.agent)
      .slice(0, 3)
      .map((d) => ({ fenceId: circle.id, deviceId: d.id!, alarmMode: 'inout' as const })),
    ...withPos(U.demo)
      .filter((d) => d.lat! < 30)
      .slice(0, 2)
      .map((d) => ({ fenceId: polygon.id, deviceId: d.id!, alarmMode: 'in' as const })),
    ...withPos(U.user)
      .slice(0, 1)
      .map((d) => ({ fenceId: rect.id, deviceId: d.id!, alarmMode: 'out' as const })),
  ]);
}
