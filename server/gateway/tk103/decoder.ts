/**
 * TK103 frame decoding: one frame in, its messages and the answer the tracker waits for out.
 * The device id leads every frame, so each message carries it (and the session keeps it).
 */
import {
  cleanText,
  errorResult,
  guardDecode,
  messageOf,
  type AlarmType,
  type CodecSession,
  type DecodeResult,
  type DecodedMessage,
  type DeviceStatus,
  type LocationMessage,
  type ReplyMessage,
} from '../codec';
import { BO01_ALARMS, BQ81_ALARMS, EVENT_CODES } from './alarms';
import { readBms } from './bms';
import { readGps, type Tk103Gps } from './gps';
import { codeNumber, readHead, type Tk103Head } from './head';
import { bracedCells, bz00Cells, dw5Fields, type LbsWifi } from './network';
import { tk103AlarmAck, tk103HandshakeReply, tk103LoginReply } from './replies';

/** Frames the tracker sends on its own; other B codes answer a platform command (AV00 -> BV00). */
const DEVICE_INITIATED = /^(?:BP00|BP05|BR\d\d|BO\d\d|BZ00|BS5[01]|BQ\d\d|ZC\w\w|DW\w\w)$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
/** ZC20 battery level steps (0-6) in percent. */
const BATTERY_STEPS: Readonly<Record<number, number>> = { 2: 10, 3: 20, 4: 50, 5: 80, 6: 100 };
const NO_VALUE = 65535;
/** An answer's data that only echoes a state or values: hex digits, maybe comma separated. */
const ECHOED_DATA = /^[0-9A-Fa-f,]*$/;

interface Ctx {
  head: Tk103Head;
  now: Date;
  base: { protocol: 'tk103'; messageId: number; serial: 0; checksumOk: true; deviceId: string };
}

export function decodeTk103Frame(frame: Buffer, session: CodecSession = {}, now = new Date()): DecodeResult {
  return guardDecode(() => {
    const head = readHead(frame.toString('latin1'));
    if (!head) return errorResult('not a TK103 frame');
    session.deviceId = head.id;
    const ctx: Ctx = {
      head,
      now,
      base: {
        protocol: 'tk103',
        messageId: codeNumber(head.code),
        serial: 0,
        checksumOk: true,
        deviceId: head.id,
      },
    };
    return decodeBody(ctx, session);
  });
}

function decodeBody(ctx: Ctx, session: CodecSession): DecodeResult {
  const { code, body, id } = ctx.head;
  if (code === 'BP00')
    return { messages: [{ ...ctx.base, type: 'heartbeat' }], reply: tk103HandshakeReply(id) };
  if (code === 'BP05') {
    const login: DecodedMessage = { ...ctx.base, type: 'login', deviceId: id };
    // A login without a GPS block (LBS firmware, no fix yet) is the login alone.
    const rest = decodeData(ctx, session).messages.filter((m) => m.type !== 'unknown');
    return { messages: [login, ...rest], reply: tk103LoginReply(id) };
  }
  const result = decodeData(ctx, session);
  if (code === 'BO01' && /^\d/.test(body))
    return { ...result, reply: tk103AlarmAck(id, body[0]), locationAck: true };
  return result;
}

const only = (messages: DecodedMessage[]): DecodeResult => ({ messages, reply: null });

function decodeData(ctx: Ctx, session: CodecSession): DecodeResult {
  const { code, body } = ctx.head;
  const fields = body.split(',');
  const freeText = /\$([\s\S]*?)(?:\$|$)/.exec(body);
  if (code === 'ZC03' || (freeText && !DEVICE_INITIATED.test(code)))
    return only([{ ...ctx.base, type: 'commandReply', text: cleanText(freeText?.[1] ?? body) }]);
  if (code === 'ZC20') return only([battery(ctx, fields)]);
  if (code === 'BV00' && VIN.test(body)) return only([status(ctx, {}, { vin: body })]);
  if (code === 'BS50' || code === 'BS51') return only([status(ctx, {}, readBms(code, body))]);
  if (code.startsWith('DW5')) {
    const lbs = dw5Fields(fields);
    if (lbs) return only([located(ctx, null, eventOf(code), lbs)]);
  }
  const braced = bracedCells(body);
  if (braced.length)
    return only([located(ctx, null, eventOf(code), { cells: braced, wifi: [], time: null })]);
  if (code === 'BZ00') {
    const cells = bz00Cells(fields);
    if (cells) return only([located(ctx, null, {}, { cells, wifi: [], time: null })]);
  }
  const gps = readGps(body, ctx.now, session.timezoneOffsetMinutes ?? 0);
  const messages: DecodedMessage[] = [];
  if (gps) messages.push(located(ctx, gps, alarmOf(code, gps.before)));
  if (!DEVICE_INITIATED.test(code) && code.startsWith('B'))
    messages.push(answer(ctx, code, gps ? gps.before : body));
  if (messages.length) return only(messages);
  return only([{ ...ctx.base, type: 'unknown', note: `${code} ${body.slice(0, 40)}`.trim() }]);
}

/**
 * The tracker's answer code to a platform command (AV01 -> BV01, AP00 -> BP04 with a position):
 * the V1.5 document's acknowledgement that it carried the command out. Its data echoes the state
 * or values set (`BV01` + `1`), digits only, or is empty before a GPS block; an answer carrying
 * words instead is firmware text the document does not define, left to the spec's text rule.
 */
function answer(ctx: Ctx, code: string, data: string): ReplyMessage {
  const reply: ReplyMessage = { ...ctx.base, type: 'commandReply', text: `${code} ${data}`.trim() };
  if (ECHOED_DATA.test(data.trim())) reply.outcome = 'success';
  return reply;
}

interface Event {
  alarm?: AlarmType;
  acc?: boolean;
  attributes?: Record<string, unknown>;
}

const eventOf = (code: string): Event => EVENT_CODES.get(code) ?? {};

/** The alarm a position frame raises: BO01's code, BQ81's type or the ZC/DW event code. */
function alarmOf(code: string, before: string): Event {
  if (code === 'BO01') {
    const c = before.charAt(0);
    return { alarm: BO01_ALARMS[c] ?? 'general', attributes: { alarmCode: c } };
  }
  if (code === 'BQ81') {
    const m = /ALARM,(\d+)/.exec(before);
    if (m) return { alarm: BQ81_ALARMS[m[1]] ?? 'general', attributes: { alarmCode: m[1] } };
  }
  return eventOf(code);
}

/** A position: from the GPS block, or (null) a cell / Wi-Fi report at the frame's or receive time. */
function located(ctx: Ctx, gps: Tk103Gps | null, event: Event, lbs?: LbsWifi): LocationMessage {
  const fix = gps?.fix ?? {
    time: lbs?.time ?? ctx.now,
    valid: false,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
  };
  const msg = messageOf<LocationMessage>(ctx.base, fix, gps?.status, { type: 'location' });
  if (event.acc !== undefined) msg.acc = event.acc;
  const attributes = { ...gps?.attributes, ...event.attributes };
  if (Object.keys(attributes).length) msg.attributes = attributes;
  if (lbs && !fix.valid) {
    if (lbs.cells.length) msg.cells = lbs.cells;
    if (lbs.wifi.length) msg.wifi = lbs.wifi;
    msg.positionType = lbs.wifi.length ? 'wifi' : 'lbs';
  }
  if (event.alarm) {
    msg.type = 'alarm';
    msg.alarm = event.alarm;
    msg.alarms = [event.alarm];
  }
  return msg;
}

function status(ctx: Ctx, values: DeviceStatus, attributes: Record<string, unknown>): DecodedMessage {
  return messageOf<DecodedMessage>(ctx.base, values, { type: 'status', attributes });
}

/** ZC20: `ddmmyy,hhmmss,<level 0-6>,<battery 0.01 V>,<power 0.1 V>,<installed>`. */
function battery(ctx: Ctx, fields: readonly string[]): DecodedMessage {
  const [, , level, battery, power, installed] = fields.map((f) => Number(f));
  const values: DeviceStatus = {};
  const attributes: Record<string, unknown> = {};
  if (BATTERY_STEPS[level] !== undefined) values.battery = BATTERY_STEPS[level];
  if (Number.isFinite(battery) && battery !== NO_VALUE) attributes.batteryVoltage = battery / 100;
  if (Number.isFinite(power) && power !== NO_VALUE) values.externalVoltage = power / 10;
  if (Number.isFinite(installed)) attributes.installed = installed;
  return status(ctx, values, attributes);
}
