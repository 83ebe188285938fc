import type { ReplyRule } from '../../../src/domain/command-reply';
import type { CommandDef, CommandParamDef } from '../../../src/domain/command-set';

/**
 * The demo's command sets (issue 13). GT06 devices take these texts in the 0x80 server command,
 * JT/T 808 devices in the 0x8300 text message; labels and units are keys of the command
 * namespace. Fuel cut and restore use the Concox wording (`Relay,1#` / `Relay,0#`).
 */

/**
 * How each command's answer is judged (issue 32). Queries answer with their data and no success
 * word (WHERE# with `Lat:N…,Lon:E…`), settings with OK or an error word; a refusal is looked for
 * first. A JT/T 808 terminal that only acknowledges (0x0001 "Success" / "Failure") falls to the
 * word rule when neither pattern finds it.
 */
export const REPLY = {
  position: { success: 'Lat:\\s*[NS]?-?\\d', error: 'fail|error|not fixed|no gps' },
  relay: { success: 'success|already', error: 'fail|error|speed limit|not support' },
  restart: { any: true, error: 'fail|error|invalid' },
  status: { success: 'battery|gprs|gsm|power:', error: 'error|invalid' },
  params: { success: 'IMEI:|TIMER:|SOS:', error: 'error|invalid' },
  setting: { success: '\\bOK\\b|success', error: 'error|fail|invalid|format' },
} satisfies Record<string, ReplyRule>;

const seconds = (name: string, min: number, max: number, dflt: number): CommandParamDef => ({
  name,
  labelKey: `param.${name}`,
  type: 'number',
  min,
  max,
  default: dflt,
  unitKey: 'unit.seconds',
});

export const locate: CommandDef = {
  key: 'locate',
  labelKey: 'name.locate',
  content: 'WHERE#',
  offline: false,
  reply: REPLY.position,
};
export const relayOff: CommandDef = {
  key: 'relayOff',
  labelKey: 'name.relayOff',
  content: 'Relay,1#',
  confirm: true,
  reply: REPLY.relay,
};
export const relayOn: CommandDef = {
  key: 'relayOn',
  labelKey: 'name.relayOn',
  content: 'Relay,0#',
  confirm: true,
  reply: REPLY.relay,
};
export const reboot: CommandDef = {
  key: 'reboot',
  labelKey: 'name.reboot',
  content: 'RESET#',
  confirm: true,
  reply: REPLY.restart,
};
export const status: CommandDef = {
  key: 'status',
  labelKey: 'name.status',
  content: 'STATUS#',
  offline: false,
  reply: REPLY.status,
};
export const param: CommandDef = {
  key: 'param',
  labelKey: 'name.param',
  content: 'PARAM#',
  offline: false,
  reply: REPLY.params,
};
export const uploadInterval: CommandDef = {
  key: 'uploadInterval',
  labelKey: 'name.uploadInterval',
  content: 'TIMER,{interval}#',
  params: [seconds('interval', 10, 18000, 30)],
  reply: REPLY.setting,
};
export const sos: CommandDef = {
  key: 'sos',
  labelKey: 'name.sos',
  content: 'SOS,A,{sos1},{sos2},{sos3}#',
  params: [
    { name: 'sos1', labelKey: 'param.sos1', type: 'phone' },
    { name: 'sos2', labelKey: 'param.sos2', type: 'phone', optional: true },
    { name: 'sos3', labelKey: 'param.sos3', type: 'phone', optional: true },
  ],
  reply: REPLY.setting,
};
export const timeZone: CommandDef = {
  key: 'timeZone',
  labelKey: 'name.timeZone',
  content: 'GMT,{direction},{hours},{minutes}#',
  params: [
    {
      name: 'direction',
      labelKey: 'param.direction',
      type: 'select',
      default: 'E',
      options: [
        { value: 'E', labelKey: 'option.east' },
        { value: 'W', labelKey: 'option.west' },
      ],
    },
    {
      name: 'hours',
      labelKey: 'param.hours',
      type: 'number',
      min: 0,
      max: 12,
      default: 8,
      unitKey: 'unit.hours',
    },
    {
      name: 'minutes',
      labelKey: 'param.minutes',
      type: 'select',
      default: '0',
      options: ['0', '15', '30', '45'].map((m) => ({ value: m, labelKey: `option.minutes${m}` })),
    },
  ],
  reply: REPLY.setting,
};
export const apn: CommandDef = {
  key: 'apn',
  labelKey: 'name.apn',
  content: 'APN,{apn},{user},{password}#',
  params: [
    { name: 'apn', labelKey: 'param.apn', type: 'text', maxLength: 32, default: 'cmnet' },
    { name: 'user', labelKey: 'param.apnUser', type: 'text', maxLength: 32, optional: true },
    { name: 'password', labelKey: 'param.apnPassword', type: 'text', maxLength: 32, optional: true },
  ],
  reply: REPLY.setting,
};
export const serverAddress: CommandDef = {
  key: 'serverAddress',
  labelKey: 'name.serverAddress',
  content: 'SERVER,{mode},{host},{port},0#',
  confirm: true,
  params: [
    {
      name: 'mode',
      labelKey: 'param.addressMode',
      type: 'select',
      default: '1',
      options: [
        { value: '1', labelKey: 'option.domain' },
        { value: '0', labelKey: 'option.ip' },
      ],
    },
    { name: 'host', labelKey: 'param.host', type: 'text', maxLength: 64 },
    { name: 'port', labelKey: 'param.port', type: 'number', min: 1, max: 65535, default: 8841 },
  ],
  reply: REPLY.setting,
};
export const overspeed: CommandDef = {
  key: 'overspeed',
  labelKey: 'name.overspeed',
  content: 'SPEED,ON,{seconds},{speed},1#',
  params: [
    seconds('seconds', 5, 600, 20),
    {
      name: 'speed',
      labelKey: 'param.speed',
      type: 'number',
      min: 1,
      max: 255,
      default: 120,
      unitKey: 'unit.kmh',
    },
  ],
  reply: REPLY.setting,
};
/** A `{mode}` select: option values with their label keys (default 1). */
const modeParam = (options: [string, string][]): CommandParamDef => ({
  name: 'mode',
  labelKey: 'param.mode',
  type: 'select',
  default: '1',
  options: options.map(([value, labelKey]) => ({ value, labelKey })),
});

/** The long-standby mode switch; SWMODE,0# (normal mode) is refused for an online device. */
export const modeSwitch: CommandDef = {
  key: 'modeSwitch',
  labelKey: 'name.modeSwitch',
  content: 'SWMODE,{mode}#',
  params: [
    modeParam([
      ['0', 'option.modeNormal'],
      ['1', 'option.modePowerSaving'],
      ['2', 'option.modeDeepSleep'],
    ]),
  ],
  reply: REPLY.setting,
};
export const workMode: CommandDef = {
  key: 'workMode',
  labelKey: 'name.workMode',
  content: 'MODE,{mode}#',
  params: [
    modeParam([
      ['1', 'option.realtime'],
      ['2', 'option.powerSaving'],
      ['3', 'option.standby'],
    ]),
  ],
  reply: REPLY.setting,
};
export const rawText: CommandDef = {
  key: 'raw',
  labelKey: 'name.raw',
  content: '{text}',
  raw: true,
  params: [{ name: 'text', labelKey: 'param.text', type: 'text', maxLength: 200 }],
};

const COMMON = [locate, relayOff, relayOn, reboot, uploadInterval, sos, timeZone, apn, serverAddress];
export const GT06_COMMANDS = [...COMMON, overspeed, status, param, rawText];
export const JT808_COMMANDS = [...COMMON, status, param, rawText];
export const LONG_STANDBY_COMMANDS = [
  locate,
  modeSwitch,
  workMode,
  uploadInterval,
  reboot,
  timeZone,
  apn,
  serverAddress,
  rawText,
];
export const WIRELESS_COMMANDS = [locate, modeSwitch, workMode, uploadInterval, sos, reboot, rawText];
export const PERSONAL_COMMANDS = [locate, sos, timeZone, status, reboot, rawText];
