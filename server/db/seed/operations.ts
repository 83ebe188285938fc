import {
  COMMAND_RESULT,
  DEVICE_PROTOCOL,
  DEVICE_STATE,
  OFFLINE_COMMAND_PROTOCOLS,
} from '../../../src/domain/codes';
import type { Db } from '../client';
import { commandStatusLog } from '../schema/command-status-log';
import { commands } from '../schema/commands';
import { deviceLogs } from '../schema/device-logs';
import { offlineCommands } from '../schema/offline-commands';
import { otaJobDevices } from '../schema/ota-job-devices';
import { otaJobs } from '../schema/ota-jobs';
import { SEED_USER_IDS as U } from './accounts';
import type { NewDeviceRow } from './devices';

/** Demo command history, offline command queue, raw gateway log and an OTA job. */

const MIN = 60_000;

export async function seedOperations(db: Db, fleet: NewDeviceRow[], now: Date) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MIN);
  const onlineOf = (owner: number) =>
    fleet.filter((d) => d.userId === owner && d.lat != null && d.state === DEVICE_STATE.online);

  // Command history of agent's online devices: success, error, timeout.
  const [a, b, c] = onlineOf(U.agent);
  const sent = (m: number) => ago(m);
  const cmdRows = [
    {
      device: a,
      content: 'WHERE#',
      reply: 'Lat:N39.91,Lon:E116.40,Course:0,Speed:0,DateTime:OK',
      result: COMMAND_RESULT.success,
      status: 'replied' as const,
      m: 120,
    },
    {
      device: b,
      content: 'Relay,1#',
      reply: 'Cut off the fuel supply: Success!',
      result: COMMAND_RESULT.success,
      status: 'replied' as const,
      m: 90,
    },
    {
      device: c,
      content: 'Relay,0#',
      reply: 'Restore fuel supply: Failed! Please try again later',
      result: COMMAND_RESULT.error,
      status: 'replied' as const,
      m: 60,
    },
    {
      device: a,
      content: 'STATUS#',
      reply: null,
      result: COMMAND_RESULT.timeout,
      status: 'timeout' as const,
      m: 30,
    },
  ];
  const insertedCmds = await db
    .insert(commands)
    .values(
      cmdRows.map((r) => ({
        deviceId: r.device.id!,
        terminalId: r.device.terminalId,
        userId: U.agent,
        content: r.content,
        reply: r.reply,
        result: r.result,
        status: r.status,
        protocol: r.device.protocol,
        createdAt: sent(r.m),
        sentAt: sent(r.m),
        repliedAt: r.reply ? new Date(sent(r.m).getTime() + 4000) : null,
      })),
    )
    .returning({
      id: commands.id,
      terminalId: commands.terminalId,
      status: commands.status,
      sentAt: commands.sentAt,
    });
  await db.insert(commandStatusLog).values(
    insertedCmds.flatMap((cmd) => [
      {
        commandId: cmd.id,
        terminalId: cmd.terminalId,
        status: 'sent',
        userId: U.agent,
        createdAt: cmd.sentAt!,
      },
      {
        commandId: cmd.id,
        terminalId: cmd.terminalId,
        status: cmd.status,
        createdAt: new Date(cmd.sentAt!.getTime() + 4000),
      },
    ]),
  );

  // Offline queue: for offline devices whose protocol supports it (R001, Nbiot, Bsj...).
  const offlineCapable = fleet.filter(
    (d) => d.state === DEVICE_STATE.offline && OFFLINE_COMMAND_PROTOCOLS.includes(d.protocol),
  );
  const queued = offlineCapable.slice(0, 3).map((d, i) => ({
    deviceId: d.id!,
    terminalId: d.terminalId,
    userId: d.agentId ?? U.agent,
    content: i === 0 ? 'MODE,2#' : 'WHERE#',
    protocol: d.protocol,
    status: (i === 2 ? 'delivered' : 'queued') as 'delivered' | 'queued',
    attempts: i === 2 ? 1 : 0,
    createdAt: ago(300 - i * 60),
    expiresAt: new Date(now.getTime() + 7 * 24 * 60 * MIN),
    deliveredAt: i === 2 ? ago(100) : null,
  }));
  if (queued.length) {
    const ins = await db.insert(offlineCommands).values(queued).returning({
      id: offlineCommands.id,
      terminalId: offlineCommands.terminalId,
      createdAt: offlineCommands.createdAt,
    });
    await db.insert(commandStatusLog).values(
      ins.map((o) => ({
        offlineCommandId: o.id,
        terminalId: o.terminalId,
        status: 'queued',
        createdAt: o.createdAt,
      })),
    );
  }

  // Raw gateway log: a GT06 login + heartbeat + location, and a JT/T 808 heartbeat.
  const gt06 = fleet.find((d) => d.protocol === DEVICE_PROTOCOL.Gt06 && d.state === DEVICE_STATE.online)!;
  const jt = fleet.find((d) => d.terminalId.length === 11 && d.state === DEVICE_STATE.online)!;
  const imeiBcd = '0' + gt06.terminalId;
  await db.insert(deviceLogs).values([
    {
      deviceId: gt06.id!,
      terminalId: gt06.terminalId,
      direction: 'in',
      protocol: gt06.protocol,
      raw: `78780D01${imeiBcd}00018CDD0D0A`,
      decoded: { type: 'login' },
      createdAt: ago(15),
    },
    {
      deviceId: gt06.id!,
      terminalId: gt06.terminalId,
      direction: 'out',
      protocol: gt06.protocol,
      raw: '78780501000159D30D0A',
      decoded: { type: 'loginAck' },
      createdAt: ago(15),
    },
    {
      deviceId: gt06.id!,
      terminalId: gt06.terminalId,
      direction: 'in',
      protocol: gt06.protocol,
      raw: '78780A134004040001000FDCEE0D0A',
      decoded: { type: 'heartbeat', voltageLevel: 4, gsm: 4 },
      createdAt: ago(10),
    },
    {
      deviceId: jt.id!,
      terminalId: jt.terminalId,
      direction: 'in',
      protocol: jt.protocol,
      raw: `7E00020000${'0' + jt.terminalId}00017E`,
      decoded: { msgId: '0x0002', type: 'heartbeat' },
      createdAt: ago(5),
    },
  ]);

  // One OTA job over three GT06N devices: one done, one downloading, one pending.
  const targets = fleet.filter((d) => d.deviceType === 'GT06N' && d.lat != null).slice(0, 3);
  const [job] = await db
    .insert(otaJobs)
    .values({
      name: 'GT06N 1.3.0 rollout',
      firmwareVersion: 'V1.3.0',
      firmwareUrl: 'https://firmware.example/gt06n/V1.3.0.bin',
      deviceType: 'GT06N',
      targetTerminalIds: targets.map((d) => d.terminalId),
      status: 'running',
      createdBy: U.test,
      createdAt: ago(180),
    })
    .returning({ id: otaJobs.id });
  const otaStates = ['success', 'downloading', 'pending'] as const;
  await db.insert(otaJobDevices).values(
    targets.map((d, i) => ({
      jobId: job.id,
      deviceId: d.id!,
      terminalId: d.terminalId,
      status: otaStates[i],
      progress: [100, 40, 0][i],
      fromVersion: 'V1.2.5',
      updatedAt: ago(60 - i * 10),
    })),
  );
}
