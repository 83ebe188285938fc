/**
 * Meitrack packet decoding. The command after the IMEI says what a packet is:
 * - AAA: an automatic event report (position, status, the event's alarm); no reply. Event 34
 *   is the answer to A10 (real-time location), so it also settles that command.
 * - CCC / CCE: binary record batches (binary.ts); CCC is acknowledged with `@@...CCC,<count>`.
 * - AAC: the T3xx keep-alive, answered `@@...AAC,1` as the device waits for it.
 * - D00: photo data, recognised and not stored.
 * - Anything else is the device's answer to a platform command, named like the command
 *   (`A73,OK`, `D82,0`); A10, C01 and the like answer with a position report, also stored.
 */
import {
  cleanText,
  errorResult,
  guardDecode,
  messageOf,
  type CodecSession,
  type DecodeResult,
  type DecodedMessage,
  type LocationMessage,
  type ReplyMessage,
} from '../codec';
import { decodeBinaryRecords } from './binary';
import { MEITRACK_EVENT } from './events';
import { buildMeitrackPacket, meitrackChecksum, readHead } from './framing';
import { parseReport, type ParsedReport } from './report';

export const MEITRACK_COMMAND = {
  report: 'AAA',
  /** A report with one field (a record index) before the event code, as Traccar reads it. */
  reportIndexed: 'AFF',
  keepAlive: 'AAC',
  compressed: 'CCC',
  extended: 'CCE',
  photoData: 'D00',
  position: 'A10',
} as const;

/** The parts of a device packet; null when `frame` is not one. */
export interface MeitrackPacket {
  flag: string;
  id: string;
  command: string;
  /** Bytes after `<command>,` up to the last `*` (empty when the command has no data). */
  data: Buffer;
  checksumOk: boolean;
}

const STAR = 0x2a;
const DEVICE_ID = /^[0-9A-Za-z]{4,24}$/;

export function parsePacket(frame: Buffer): MeitrackPacket | string {
  if (frame.length < 10 || frame[0] !== 0x24 || frame[1] !== 0x24) return 'not a $$ packet';
  const head = readHead(frame);
  if (head === null || head === 'wait' || !head.command) return 'no packet head';
  const idStart = head.comma + 1;
  const idEnd = frame.indexOf(0x2c, idStart);
  const id = frame.toString('latin1', idStart, idEnd);
  if (!DEVICE_ID.test(id)) return 'device id is not an IMEI';
  const star = frame.lastIndexOf(STAR);
  if (star < idEnd + 4) return 'no checksum';
  const commandEnd = idEnd + 4;
  const command = head.command;
  const dataStart = Math.min(star, frame[commandEnd] === 0x2c ? commandEnd + 1 : commandEnd);
  const sent = frame.toString('latin1', star + 1, star + 3);
  const checksumOk =
    /^[0-9A-Fa-f]{2}$/.test(sent) && parseInt(sent, 16) === meitrackChecksum(frame, 0, star + 1);
  return {
    flag: String.fromCharCode(frame[2]),
    id,
    command,
    data: frame.subarray(dataStart, star),
    checksumOk,
  };
}

export function decodeMeitrackFrame(
  frame: Buffer,
  session: CodecSession = {},
  now = new Date(),
): DecodeResult {
  return guardDecode(() => {
    const packet = parsePacket(frame);
    if (typeof packet === 'string') return errorResult(packet);
    session.deviceId = packet.id;
    const base = {
      protocol: 'meitrack' as const,
      messageId: 0,
      serial: 0,
      checksumOk: packet.checksumOk,
      deviceId: packet.id,
    };
    const { command } = packet;
    if (command === MEITRACK_COMMAND.compressed || command === MEITRACK_COMMAND.extended)
      return decodeBinaryRecords(packet, base, now);
    if (command === MEITRACK_COMMAND.photoData)
      return { messages: [{ ...base, type: 'unknown', note: 'photo data (not stored)' }], reply: null };
    const text = packet.data.toString('latin1');
    if (command === MEITRACK_COMMAND.keepAlive)
      return {
        messages: [{ ...base, type: 'heartbeat' }],
        reply: buildMeitrackPacket('@@', packet.flag, packet.id, `${MEITRACK_COMMAND.keepAlive},1`),
      };
    const fields = text.split(',');
    if (command === MEITRACK_COMMAND.report || command === MEITRACK_COMMAND.reportIndexed) {
      const report = parseReport(command === MEITRACK_COMMAND.reportIndexed ? fields.slice(1) : fields, now);
      if (!report) return errorResult(`${command} report without a position`);
      const messages = [reportMessage(report, base)];
      // Event 34 is the device's answer to the real-time location query (A10).
      if (report.event === MEITRACK_EVENT.passive)
        messages.push({
          ...base,
          type: 'commandReply',
          text: `${MEITRACK_COMMAND.position},OK`,
          outcome: 'success',
        });
      return { messages, reply: null };
    }
    // The answer to a platform command. Position answers (A10, C01...) are a success by being sent.
    const report = parseReport(fields, now);
    const messages: DecodedMessage[] = [];
    if (report) messages.push(reportMessage(report, base));
    const replyText = report ? `${command},OK` : cleanText(text ? `${command},${text}` : command);
    const reply: ReplyMessage = { ...base, type: 'commandReply', text: replyText };
    if (report || answeredOk(command, text)) reply.outcome = 'success';
    messages.push(reply);
    return { messages, reply: null };
  });
}

/**
 * Read commands the Meitrack GPRS protocol answers with their data rather than OK: A70 (the
 * authorised phone numbers), D01 (the photo list) and E91 (firmware version and SN, which comes
 * back named FWV: `$$W38,<IMEI>,FWV1.00,12345678`).
 */
const DATA_ANSWERS: ReadonlySet<string> = new Set(['A70', 'D01', 'FWV']);

/**
 * Whether the protocol says the command was carried out: a setting is answered `<command>,OK`
 * (some firmware writes `ok`), a read with its data. Other answers (`D82,0`) the documents do not
 * explain: the spec's text rule classes them.
 */
const answeredOk = (command: string, data: string): boolean =>
  data.trim().toUpperCase() === 'OK' || (DATA_ANSWERS.has(command) && data.trim() !== '');

type Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

/** Fix fields a heartbeat does not carry: its position is the last one, not a new fix. */
const FIX_KEYS = [
  'time',
  'valid',
  'latitude',
  'longitude',
  'speed',
  'course',
  'altitude',
  'satellites',
  'positionType',
  'mileage',
] as const;

/** A report as a location, an alarm, or (event 31) a heartbeat with the device's status. */
export function reportMessage(report: ParsedReport, base: Base): DecodedMessage {
  const fields = messageOf<Partial<ParsedReport>>(report);
  delete fields.event;
  if (report.event === MEITRACK_EVENT.heartbeat && !report.alarm) {
    for (const key of FIX_KEYS) delete fields[key];
    return messageOf<DecodedMessage>(base, fields, { type: 'heartbeat' });
  }
  return messageOf<DecodedMessage>(base, fields, { type: report.alarm ? 'alarm' : 'location' });
}
