import { TIRE_MODEL } from '../../../src/domain/tire';
import { DEVICE_PROTOCOL, IMPORT_PROTOCOL } from '../../../src/domain/codes';
import type { Db } from '../client';
import { deviceTypes, type CommandDef } from '../schema/device-types';

/**
 * Demo device models and their command configuration. GT06 devices take text commands
 * ending in '#'; JT/T 808 devices receive the same kind of text through the 0x8300 text
 * message, so their templates are plain text too. Labels are i18n keys (namespace command).
 */

const relayOff: CommandDef = {
  key: 'relayOff',
  labelKey: 'command.cutOil',
  content: 'Relay,1#',
  confirm: true,
};
const relayOn: CommandDef = {
  key: 'relayOn',
  labelKey: 'command.restoreOil',
  content: 'Relay,0#',
  confirm: true,
};
const where: CommandDef = { key: 'where', labelKey: 'command.where', content: 'WHERE#' };
const reset: CommandDef = { key: 'reset', labelKey: 'command.reset', content: 'RESET#', confirm: true };
const status: CommandDef = { key: 'status', labelKey: 'command.status', content: 'STATUS#' };
const param: CommandDef = { key: 'param', labelKey: 'command.param', content: 'PARAM#' };
const normalMode: CommandDef = { key: 'normalMode', labelKey: 'command.normalMode', content: 'SWMODE,0#' };
const timer: CommandDef = {
  key: 'timer',
  labelKey: 'command.uploadInterval',
  content: 'TIMER,{interval}#',
  params: [
    {
      name: 'interval',
      labelKey: 'command.param.intervalSeconds',
      type: 'number',
      min: 10,
      max: 18000,
      default: 30,
    },
  ],
};
const apn: CommandDef = {
  key: 'apn',
  labelKey: 'command.apn',
  content: 'APN,{apn}#',
  params: [{ name: 'apn', labelKey: 'command.param.apn', type: 'text', default: 'cmnet' }],
};
const server: CommandDef = {
  key: 'server',
  labelKey: 'command.server',
  content: 'SERVER,1,{host},{port},0#',
  params: [
    { name: 'host', labelKey: 'command.param.host', type: 'text' },
    { name: 'port', labelKey: 'command.param.port', type: 'number', min: 1, max: 65535, default: 8841 },
  ],
};
const overspeed: CommandDef = {
  key: 'overspeed',
  labelKey: 'command.overspeedAlarm',
  content: 'SPEED,ON,{seconds},{speed},1#',
  params: [
    { name: 'seconds', labelKey: 'command.param.seconds', type: 'number', min: 5, max: 600, default: 20 },
    { name: 'speed', labelKey: 'command.param.speedKmh', type: 'number', min: 1, max: 255, default: 120 },
  ],
};
const mode: CommandDef = {
  key: 'workMode',
  labelKey: 'command.workMode',
  content: 'MODE,{mode}#',
  params: [
    {
      name: 'mode',
      labelKey: 'command.param.mode',
      type: 'select',
      default: '1',
      options: [
        { value: '1', labelKey: 'command.mode.realtime' },
        { value: '2', labelKey: 'command.mode.powerSaving' },
        { value: '3', labelKey: 'command.mode.standby' },
      ],
    },
  ],
};

const GT06_COMMANDS = [relayOff, relayOn, where, status, param, timer, apn, server, overspeed, reset];
const JT808_COMMANDS = [where, status, param, timer, apn, server, reset];
const LONG_STANDBY_COMMANDS = [where, status, mode, normalMode, timer, reset];

export const SEED_DEVICE_TYPES = [
  {
    name: 'GT06N',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: 'GT06 vehicle tracker with relay',
    iconType: 1,
    commands: GT06_COMMANDS,
  },
  {
    name: 'GT800',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: 'GT06 motorcycle tracker',
    iconType: 3,
    commands: GT06_COMMANDS,
  },
  {
    name: 'JM-VL01',
    protocol: DEVICE_PROTOCOL.Gt06,
    importProtocol: IMPORT_PROTOCOL.gt06,
    description: '4G GT06 tracker',
    iconType: 2,
    commands: GT06_COMMANDS,
  },
  {
    name: 'JT808-A',
    protocol: DEVICE_PROTOCOL.eight,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'JT/T 808 vehicle terminal',
    iconType: 4,
    commands: JT808_COMMANDS,
  },
  {
    name: 'Y808',
    protocol: DEVICE_PROTOCOL.Y808,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'Y808 truck terminal',
    iconType: 5,
    commands: JT808_COMMANDS,
  },
  {
    name: 'GW005',
    protocol: DEVICE_PROTOCOL.GW005808,
    importProtocol: IMPORT_PROTOCOL.jt808LongStandby,
    description: 'GW005 long-standby asset tracker (808)',
    iconType: 9,
    commands: LONG_STANDBY_COMMANDS,
  },
  {
    name: 'BSJ-A6',
    protocol: DEVICE_PROTOCOL.Bsj,
    importProtocol: IMPORT_PROTOCOL.bsj11,
    description: 'BSJ 11-digit terminal',
    iconType: 4,
    commands: JT808_COMMANDS,
  },
  {
    name: 'R001',
    protocol: DEVICE_PROTOCOL.R001,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'R001 wireless tracker (offline commands)',
    iconType: 9,
    commands: [where, mode, timer, reset],
  },
  {
    name: 'NB-100',
    protocol: DEVICE_PROTOCOL.Nbiot,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'NB-IoT asset tracker (offline commands)',
    iconType: 9,
    commands: [where, mode, timer],
  },
  {
    name: 'K100',
    protocol: DEVICE_PROTOCOL.K100,
    importProtocol: IMPORT_PROTOCOL.other,
    description: 'K100 personal tracker',
    iconType: 7,
    commands: [where, status, reset],
  },
  {
    // Tire pressure monitoring: JT/T 808 item 0x66 (server/db/seed/tires.ts picks the devices).
    name: TIRE_MODEL,
    protocol: DEVICE_PROTOCOL.eight,
    importProtocol: IMPORT_PROTOCOL.jt808,
    description: 'JT/T 808 truck terminal with tire pressure monitoring (TPMS)',
    iconType: 5,
    commands: JT808_COMMANDS,
  },
] as const;

export type SeedDeviceTypeName = (typeof SEED_DEVICE_TYPES)[number]['name'];

export async function seedDeviceTypes(db: Db) {
  await db.insert(deviceTypes).values(
    SEED_DEVICE_TYPES.map((t, i) => ({
      name: t.name,
      protocol: t.protocol,
      importProtocol: t.importProtocol,
      description: t.description,
      iconType: t.iconType,
      commandConfig: { commands: [...t.commands] },
      sortOrder: i + 1,
      createdAt: new Date(Date.UTC(2024, 0, 1)),
    })),
  );
}
