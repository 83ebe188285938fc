import type { MessageKey } from './messages';
import { isIpv4 } from './ip-transfer';
import { validateHost } from './validators';

/**
 * Factory batch commands and settings (issue 15, part 7): limits and pure rules shared by the
 * screens and the server (docs/factory/commands.md).
 */

/** Characters of a pasted list of IMEIs or `id,IMEI` pairs (10,000 lines of about 40). */
export const FACTORY_TEXT_MAX = 400_000;
export const FACTORY_LINES_MAX = 10_000;

/**
 * The AGPS command sent when a device type's set has no `agps` command: the GT06 vendors' text
 * command that makes a tracker download assistance data now (docs/factory/commands.md).
 */
export const AGPS_COMMAND_KEY = 'agps';
export const AGPS_TEXT_DEFAULT = 'AGPS#';

/** NB-IoT platform subscriptions: the NB-IoT platform itself and its CCS (China Telecom) twin. */
export const NB_KINDS = ['nb', 'ccs'] as const;
export type NbKind = (typeof NB_KINDS)[number];
/** The notify types of the NB-IoT platform's subscription API (OceanConnect northbound). */
export const NB_NOTIFY_TYPES = [
  'deviceAdded',
  'deviceInfoChanged',
  'deviceDataChanged',
  'deviceDatasChanged',
  'deviceDeleted',
  'messageConfirm',
  'commandRsp',
  'deviceEvent',
  'serviceInfoChanged',
  'ruleEvent',
] as const;
export type NbNotifyType = (typeof NB_NOTIFY_TYPES)[number];
export const NB_CALLBACK_MAX = 512;
/** Where the platform posts notices when the caller gives no callback URL (appended to publicUrl). */
export const NB_CALLBACK_PATH = '/api/nb/notify';

/** GW005 device ids: a prefix of capitals and digits, then a running number. */
export const DEVICE_ID_PREFIX = /^[A-Z0-9]{1,16}$/;
export const DEVICE_ID_PREFIX_MAX = 16;
export const DEVICE_ID_DIGITS = 6;
export const DEVICE_ID_GENERATE_MAX = 1000;
export const DEVICE_ID_CODE_MAX = 32;

/** The id `n` of a prefix: `GW` and 12 → `GW000012`. */
export const deviceIdCode = (prefix: string, n: number) =>
  `${prefix}${String(n).padStart(DEVICE_ID_DIGITS, '0')}`;

/** The running number of a code of this prefix, or null when it is not one. */
export function deviceIdNumber(prefix: string, code: string): number | null {
  if (!code.startsWith(prefix)) return null;
  const rest = code.slice(prefix.length);
  return /^\d+$/.test(rest) ? Number(rest) : null;
}

/** One pasted `id,IMEI` line (comma, tab or spaces between), or null. */
export function parseIdPair(line: string): { code: string; terminalId: string } | null {
  const parts = line
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length !== 2) return null;
  return { code: parts[0]!.toUpperCase(), terminalId: parts[1]! };
}

/** Platform configuration of a customer account (configPlatformForUser). */
export const PLATFORM_HOST_MAX = 64;
export const PLATFORM_APN_MAX = 32;
export const PLATFORM_INTERVAL_MIN = 10;
export const PLATFORM_INTERVAL_MAX = 18_000;
export const PLATFORM_TZ_MIN = -12;
/** The GMT command takes whole hours 0–12 east or west. */
export const PLATFORM_TZ_MAX = 12;

export interface PlatformSettings {
  host: string;
  port: number;
  apn: string;
  apnUser: string;
  apnPassword: string;
  uploadInterval: number;
  timezone: number;
}

/** Why these settings cannot be saved, or null. */
export function checkPlatformSettings(s: PlatformSettings): MessageKey | null {
  const host = s.host.trim();
  if (!host || host.length > PLATFORM_HOST_MAX || host.includes(':') || validateHost(host))
    return 'transferHostInvalid';
  if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65_535) return 'transferPortInvalid';
  if (/[,#]/.test(s.apn + s.apnUser + s.apnPassword)) return 'platformApnInvalid';
  return null;
}

/**
 * The commands of the device types' sets (server/db/seed/command-sets.ts: serverAddress, apn,
 * uploadInterval, timeZone; GT06 text, sent as 0x8300 text to JT/T 808 terminals) that put a
 * tracker on these settings, in the order they are sent: the address last, since the tracker
 * reconnects elsewhere after it.
 */
export function platformCommands(
  s: PlatformSettings,
): { commandKey: string; params: Record<string, string | number> }[] {
  const tz = Math.trunc(s.timezone);
  const out: { commandKey: string; params: Record<string, string | number> }[] = [
    { commandKey: 'uploadInterval', params: { interval: s.uploadInterval } },
    {
      commandKey: 'timeZone',
      params: { direction: tz < 0 ? 'W' : 'E', hours: Math.abs(tz), minutes: '0' },
    },
  ];
  if (s.apn)
    out.push({ commandKey: 'apn', params: { apn: s.apn, user: s.apnUser, password: s.apnPassword } });
  out.push({
    commandKey: 'serverAddress',
    params: { mode: isIpv4(s.host.trim()) ? '0' : '1', host: s.host.trim(), port: s.port },
  });
  return out;
}
