import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_RESULT, DEVICE_PROTOCOL, DEVICE_STATE, IMPORT_PROTOCOL } from '../../src/domain/codes';
import { defaultValues, type CommandDef, type CommandParamDef } from '../../src/domain/command-set';
import { PROTOCOL_FAMILY, type TcpProtocol } from '../../src/domain/protocol-family';
import { devices } from '../../server/db/schema/devices';
import { SEED_DEVICE_TYPES } from '../../server/db/seed/device-types';
import { GATEWAY_FAMILIES } from '../../server/gateway/families';
import { startGateway, type Gateway } from '../../server/gateway/runtime/server';
import { DEFAULT_SIM_OPTIONS, SimDevice, type SimOptions } from '../../server/sim/device';
import { startHarness, type Harness } from './harness';
import { until } from '../support/until';

/**
 * Every seeded command of every seeded command set, sent through the console's API to a
 * simulated tracker of its family over a real socket, shows the result its answer means
 * (issue 32: "Locate now" answered with a position was shown as Failed). The simulated trackers
 * word their answers as the real ones do (server/sim/answers.ts): a query answers with its data,
 * not with a success word.
 */
let h: Harness;
let gw: Gateway;
let agent: string;
let admin: string;
const sims: SimDevice[] = [];
let serial = 0;

/** The family a type's trackers speak: its protocol's, else the one its commands are framed for. */
const familyOf = (t: { protocol: number; importProtocol: number }): TcpProtocol =>
  (PROTOCOL_FAMILY[t.protocol] as TcpProtocol | undefined) ??
  (t.importProtocol === IMPORT_PROTOCOL.gt06 ? 'gt06' : 'jt808');

const PROTOCOL_OF: Record<TcpProtocol, number> = {
  gt06: DEVICE_PROTOCOL.Gt06,
  jt808: DEVICE_PROTOCOL.eight,
  teltonika: DEVICE_PROTOCOL.Teltonika,
  h02: DEVICE_PROTOCOL.H02,
  tk103: DEVICE_PROTOCOL.Tk103,
  meitrack: DEVICE_PROTOCOL.Meitrack,
};

/** A value each parameter without a default accepts. */
function sample(p: CommandParamDef): string | number {
  if (p.type === 'phone') return '13800138000';
  if (p.type === 'number') return p.min ?? 1;
  if (p.type === 'select') return p.options![0]!.value;
  return p.name === 'host' ? 'gps.example.com' : 'cmnet';
}
const valuesOf = (def: CommandDef) => ({
  ...Object.fromEntries((def.params ?? []).map((p) => [p.name, sample(p)])),
  ...defaultValues(def),
});

/** A device of its own of this type, owned by the agent, with a simulated tracker connected. */
async function onlineDevice(type: string, family: TcpProtocol) {
  serial++;
  const stamp = `${String(Date.now()).slice(-6)}${String(serial).padStart(2, '0')}`;
  const terminalId = family === 'jt808' ? `139${stamp}` : `8693100${stamp}`;
  await h.handle.db.insert(devices).values({
    terminalId,
    userId: await h.idOf('agent'),
    deviceType: type,
    protocol: PROTOCOL_OF[family],
    state: DEVICE_STATE.offline,
  });
  const sim = new SimDevice(
    { terminalId, family, lat: 39.88, lon: 116.49, seed: serial },
    { ...DEFAULT_SIM_OPTIONS, ports: gw.ports as SimOptions['ports'], manual: true, reconnect: false, alarmChance: 0 },
  );
  sims.push(sim);
  await sim.start();
  // H02 and Meitrack have no login: their first report names them.
  sim.report();
  await until(
    async () => gw.ctx.registry.get(terminalId),
    (c) => Boolean(c?.device),
  );
  return terminalId;
}

beforeAll(async () => {
  h = await startHarness();
  gw = await startGateway(
    { db: h.handle.db, bus: h.app.bus },
    GATEWAY_FAMILIES.map((f) => ({ codec: f.codec, port: 0, host: '127.0.0.1' })),
    { commandTimeoutMs: 3000 },
  );
  agent = await h.login('agent');
  admin = await h.login('admin');
}, 60_000);
afterAll(async () => {
  for (const s of sims) s.stop();
  await gw?.close();
  await h?.close();
});

describe('every seeded command set, judged by what each command expects', () => {
  it.each(SEED_DEVICE_TYPES.map((t) => [t.name, familyOf(t), t.commands] as const))(
    '%s (%s)',
    async (type, family, commands) => {
      const terminalId = await onlineDevice(type, family);
      // The server address moves the tracker to another server: it goes last.
      const defs = [...commands]
        .filter((c) => !c.raw)
        .sort((a, b) => Number(a.key === 'serverAddress') - Number(b.key === 'serverAddress'));
      const shown: Record<string, unknown> = {};
      for (const def of defs) {
        const r = await h.post(
          '/api/command/sendCommand',
          { terminalID: terminalId, commandKey: def.key, params: valuesOf(def) },
          agent,
        );
        expect(r.meta.success, `${def.key}: ${r.meta.message}`).toBe(true);
        expect(r.data.backContent, def.key).toBeTruthy();
        shown[def.key] = r.data.result;
      }
      expect(shown).toEqual(Object.fromEntries(defs.map((d) => [d.key, COMMAND_RESULT.success])));
      // The sent-commands table shows the same result as the result box.
      const log = await h.post('/api/command/getCommand', { terminalID: terminalId, pageSize: 50 }, agent);
      expect(log.data.list).toHaveLength(defs.length);
      for (const row of log.data.list) expect(row.result, row.content).toBe(COMMAND_RESULT.success);
    },
    60_000,
  );
});

describe("a command's reply rule, as the administrator edits it in deviceConfig", () => {
  it('decides the result: an error pattern makes a position answer a failure; a bad pattern is refused', async () => {
    const name = `RULE-${Date.now() % 1e6}`;
    const locate = { key: 'locate', labelKey: 'name.locate', content: 'WHERE#' };
    const bad = await h.post(
      '/api/config/addDeviceType',
      {
        name,
        protocol: DEVICE_PROTOCOL.Gt06,
        commandConfig: { commands: [{ ...locate, reply: { success: '(a+)+$' } }] },
      },
      admin,
    );
    expect(bad.meta.key).toBe('commandSetInvalid');
    expect(bad.meta.message).toMatch(/could take too long/);
    const added = await h.post(
      '/api/config/addDeviceType',
      {
        name,
        protocol: DEVICE_PROTOCOL.Gt06,
        commandConfig: { commands: [{ ...locate, reply: { error: 'Lat:N39' } }] },
      },
      admin,
    );
    expect(added.meta.success, added.meta.message).toBe(true);
    const terminalId = await onlineDevice(name, 'gt06');
    const r = await h.post('/api/command/sendCommand', { terminalID: terminalId, commandKey: 'locate' }, agent);
    expect(r.data.backContent).toMatch(/^Lat:N39/);
    expect(r.data.result).toBe(COMMAND_RESULT.error);
  });
});
