import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE, OFFLINE_COMMAND_PROTOCOLS } from '../../../src/domain/codes';
import type { Db } from '../client';
import { alarms } from '../schema/alarms';
import { commandStatusLog } from '../schema/command-status-log';
import { commands } from '../schema/commands';
import { deviceLogs } from '../schema/device-logs';
import { fenceDevices } from '../schema/fence-devices';
import { fences } from '../schema/fences';
import { offlineCommands } from '../schema/offline-commands';
import { otaJobDevices } from '../schema/ota-job-devices';
import { otaJobs } from '../schema/ota-jobs';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';
import { createRng } from './random';

/** Operational demo rows: alarms, fences, command history, offline queue, raw logs, OTA. */

const ACTIVITY_SEED = 20_240_604;
const MIN = 60_000;
const ALARM_TYPES = ['sos', 'overspeed', 'fenceIn', 'fenceOut', 'powerCut', 'lowBattery', 'vibration', 'displacement'];

export async function seedActivity(db: Db, fleet: NewDeviceRow[], now: Date) {
  const rng = createRng(ACTIVITY_SEED);
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
  const withPos = (owner: number) => fleet.filter((d) => d.userId === owner && d.lat != null);
  const onlineOf = (owner: number) => withPos(owner).filter((d) => d.state === DEVICE_STATE.online);

  // Alarms: 3 per device on a few devices of demo, agent, user and agent2; older ones read.
  const alarmRows: (typeof alarms.$inferInsert)[] = [];
  for (const owner of [U.demo, U.agent, U.user, U.agent2]) {
    for (const d of withPos(owner).slice(0, 4)) {
      for (let k = 0; k < 3; k++) {
        const type = rng.pick(ALARM_TYPES);
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
  await db.insert(alarms).values(alarmRows);

  // Fences: a circle around Tiananmen (agent), a polygon in Futian (demo), a rectangle (user).
  const [circle, polygon, rect] = await db
    .insert(fences)
    .values([
      { name: '天安门 500m', userId: U.agent, type: 'circle', centerLat: 39.9087, centerLon: 116.3975, radius: 500, alarmMode: 'inout', createdAt: ago(30 * 24 * 60) },
      {
        name: 'Futian CBD', userId: U.demo, type: 'polygon', alarmMode: 'in', createdAt: ago(20 * 24 * 60),
        points: [[114.045, 22.545], [114.07, 22.548], [114.072, 22.53], [114.05, 22.528]],
      },
      {
        name: '仓库区域', userId: U.user, type: 'rectangle', alarmMode: 'out', state: 0, createdAt: ago(10 * 24 * 60),
        points: [[116.38, 39.92], [116.42, 39.92], [116.42, 39.90], [116.38, 39.90]],
      },
    ])
    .returning({ id: fences.id });
  await db.insert(fenceDevices).values([
    ...withPos(U.agent).slice(0, 3).map((d) => ({ fenceId: circle.id, deviceId: d.id! })),
    ...withPos(U.demo).filter((d) => d.lat! < 30).slice(0, 2).map((d) => ({ fenceId: polygon.id, deviceId: d.id! })),
    ...withPos(U.user).slice(0, 1).map((d) => ({ fenceId: rect.id, deviceId: d.id! })),
  ]);

  // Command history of agent's online devices: success, error, timeout.
  const [a, b, c] = onlineOf(U.agent);
  const sent = (m: number) => ago(m);
  const cmdRows = [
    { device: a, content: 'WHERE#', reply: 'Lat:N39.91,Lon:E116.40,Course:0,Speed:0,DateTime:OK', result: COMMAND_RESULT.success, status: 'replied' as const, m: 120 },
    { device: b, content: 'Relay,1#', reply: 'Cut off the fuel supply: Success!', result: COMMAND_RESULT.success, status: 'replied' as const, m: 90 },
    { device: c, content: 'Relay,0#', reply: 'Restore fuel supply: Failed! Please try again later', result: COMMAND_RESULT.error, status: 'replied' as const, m: 60 },
    { device: a, content: 'STATUS#', reply: null, result: COMMAND_RESULT.timeout, status: 'timeout' as const, m: 30 },
  ];
  const insertedCmds = await db
    .insert(commands)
    .values(
      cmdRows.map((r) => ({
        deviceId: r.device.id!, terminalId: r.device.terminalId, userId: U.agent, content: r.content, reply: r.reply,
        result: r.result, status: r.status, protocol: r.device.protocol, createdAt: sent(r.m), sentAt: sent(r.m),
        repliedAt: r.reply ? new Date(sent(r.m).getTime() + 4000) : null,
      })),
    )
    .returning({ id: commands.id, terminalId: commands.terminalId, status: commands.status, sentAt: commands.sentAt });
  await db.insert(commandStatusLog).values(
    insertedCmds.flatMap((cmd) => [
      { commandId: cmd.id, terminalId: cmd.terminalId, status: 'sent', userId: U.agent, createdAt: cmd.sentAt! },
      { commandId: cmd.id, terminalId: cmd.terminalId, status: cmd.status, createdAt: new Date(cmd.sentAt!.getTime() + 4000) },
    ]),
  );

  // Offline queue: for offline devices whose protocol supports it (R001, Nbiot, Bsj...).
  const offlineCapable = fleet.filter((d) => d.state === DEVICE_STATE.offline && OFFLINE_COMMAND_PROTOCOLS.includes(d.protocol));
  const queued = offlineCapable.slice(0, 3).map((d, i) => ({
    deviceId: d.id!, terminalId: d.terminalId, userId: d.agentId ?? U.agent, content: i === 0 ? 'MODE,2#' : 'WHERE#',
    protocol: d.protocol, status: (i === 2 ? 'delivered' : 'queued') as 'delivered' | 'queued', attempts: i === 2 ? 1 : 0,
    createdAt: ago(300 - i * 60), expiresAt: new Date(now.getTime() + 7 * 24 * 60 * MIN),
    deliveredAt: i === 2 ? ago(100) : null,
  }));
  if (queued.length) {
    const ins = await db.insert(offlineCommands).values(queued).returning({ id: offlineCommands.id, terminalId: offlineCommands.terminalId, createdAt: offlineCommands.createdAt });
    await db.insert(commandStatusLog).values(ins.map((o) => ({ offlineCommandId: o.id, terminalId: o.terminalId, status: 'queued', createdAt: o.createdAt })));
  }

  // Raw gateway log: a GT06 login + heartbeat + location, and a JT/T 808 heartbeat.
  const gt06 = fleet.find((d) => d.protocol === DEVICE_PROTOCOL.Gt06 && d.state === DEVICE_STATE.online)!;
  const jt = fleet.find((d) => d.terminalId.length === 11 && d.state === DEVICE_STATE.online)!;
  const imeiBcd = '0' + gt06.terminalId;
  await db.insert(deviceLogs).values([
    { deviceId: gt06.id!, terminalId: gt06.terminalId, direction: 'in', protocol: gt06.protocol, raw: `78780D01${imeiBcd}00018CDD0D0A`, decoded: { type: 'login' }, createdAt: ago(15) },
    { deviceId: gt06.id!, terminalId: gt06.terminalId, direction: 'out', protocol: gt06.protocol, raw: '78780501000159D30D0A', decoded: { type: 'loginAck' }, createdAt: ago(15) },
    { deviceId: gt06.id!, terminalId: gt06.terminalId, direction: 'in', protocol: gt06.protocol, raw: '78780A134004040001000FDCEE0D0A', decoded: { type: 'heartbeat', voltageLevel: 4, gsm: 4 }, createdAt: ago(10) },
    { deviceId: jt.id!, terminalId: jt.terminalId, direction: 'in', protocol: jt.protocol, raw: `7E00020000${'0' + jt.terminalId}00017E`, decoded: { msgId: '0x0002', type: 'heartbeat' }, createdAt: ago(5) },
  ]);

  // One OTA job over three GT06N devices: one done, one downloading, one pending.
  const targets = fleet.filter((d) => d.deviceType === 'GT06N' && d.lat != null).slice(0, 3);
  const [job] = await db
    .insert(otaJobs)
    .values({ name: 'GT06N 1.3.0 rollout', firmwareVersion: 'V1.3.0', firmwareUrl: 'https://firmware.example/gt06n/V1.3.0.bin', deviceType: 'GT06N', targetTerminalIds: targets.map((d) => d.terminalId), status: 'running', createdBy: U.test, createdAt: ago(180) })
    .returning({ id: otaJobs.id });
  const otaStates = ['success', 'downloading', 'pending'] as const;
  await db.insert(otaJobDevices).values(
    targets.map((d, i) => ({ jobId: job.id, deviceId: d.id!, terminalId: d.terminalId, status: otaStates[i], progress: [100, 40, 0][i], fromVersion: 'V1.2.5', updatedAt: ago(60 - i * 10) })),
  );
}
