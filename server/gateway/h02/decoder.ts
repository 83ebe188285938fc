/**
 * H02 frame decoding: the marker picks text (`*`) or binary (`$`); a text frame's third field
 * names its type. H02 has no login frame: every report carries the device id, and the first
 * one identifies the connection (`session.deviceId`). Layouts: the SinoTrack "TQ GPRS transport
 * protocol" and Traccar's H02ProtocolDecoder (their public frames are the unit tests').
 */
import {
  cleanText,
  errorResult,
  guardDecode,
  type CodecSession,
  type DecodeResult,
  type DecodedMessage,
  type ReplyMessage,
} from '../codec';
import type { ReplyOutcome } from '../../../src/domain/command-reply';
import { binaryDeviceId, decodeBinaryFrame } from './binary';
import { frameContext, H02_MARK, takeFrameId, type FrameContext } from './context';
import { splitText, type TextFrame } from './fields';
import { h02HeartbeatAnswer, h02R12, h02ReportAnswer, makerOf, rememberMaker } from './replies';
import { decodeTextPosition, positionStart } from './text-position';
import { decodeHeartbeat, decodeLink, decodeNbr, decodeV3, decodeVp1 } from './text-status';

const ID = /^[0-9A-Za-z]{1,20}$/;

export function decodeH02Frame(frame: Buffer, session: CodecSession = {}, now = new Date()): DecodeResult {
  return guardDecode(() => {
    const ctx = frameContext(session, now);
    if (frame[0] === H02_MARK.binary) return decodeBinary(frame, ctx);
    if (frame[0] === H02_MARK.text) return decodeText(frame, ctx);
    // `X` frames: Traccar's decoder reads none of them, and no document we have explains them.
    if (frame[0] === H02_MARK.x)
      return { messages: [{ ...ctx.base(H02_MARK.x), type: 'unknown', note: 'H02 X frame' }], reply: null };
    return errorResult('not an H02 frame');
  });
}

function decodeBinary(frame: Buffer, ctx: FrameContext): DecodeResult {
  const msg = decodeBinaryFrame(frame, ctx);
  if (typeof msg === 'string') return errorResult(msg);
  const id = binaryDeviceId(frame);
  return { messages: [msg], reply: h02R12(makerOf(ctx.session), id, ctx.now), locationAck: false };
}

function decodeText(frame: Buffer, ctx: FrameContext): DecodeResult {
  const t = splitText(frame);
  if (!t) return errorResult('not an H02 text frame');
  // A frame may leave the id out (`*HQ,,V1,...`): the connection's id stands.
  if (ID.test(t.id)) takeFrameId(ctx, t.id);
  rememberMaker(ctx.session, t.maker);
  const id = ctx.deviceId;
  const maker = makerOf(ctx.session);
  const done = (
    msg: DecodedMessage | string,
    reply: Buffer | null = null,
    locationAck?: boolean,
  ): DecodeResult => {
    if (typeof msg === 'string') return errorResult(msg);
    const result: DecodeResult = { messages: [msg], reply: id ? reply : null };
    if (id && reply && locationAck !== undefined) result.locationAck = locationAck;
    return result;
  };
  const type = t.type.toUpperCase();
  switch (type) {
    case 'HTBT':
    case 'V0':
      return done(decodeHeartbeat(t, ctx), id ? h02HeartbeatAnswer(maker, id, t.type) : null);
    case 'XT':
      // "Heartbeat packet (XT)" in the H02 document Traccar hosts; its fields are not described.
      return done({
        ...ctx.base(H02_MARK.text),
        type: 'heartbeat',
        attributes: { xt: t.fields.slice(3).join(',') },
      });
    case 'NBR':
      return done(decodeNbr(t, ctx), id ? h02ReportAnswer(maker, id, 'NBR', ctx.now) : null, true);
    case 'LINK':
      return done(decodeLink(t, ctx));
    case 'V3':
      return done(decodeV3(t, ctx), id ? h02R12(maker, id, ctx.now) : null, false);
    case 'VP1':
      return done(decodeVp1(t, ctx), id ? h02R12(maker, id, ctx.now) : null, false);
    case 'SMS':
      return done(commandReply(ctx, cleanText(t.fields.slice(3).join(','))));
    case 'V4':
      return decodeAnswer(t, ctx);
  }
  const start = positionStart(t.fields, 3);
  if (start < 0) return done(unknown(ctx, type));
  const msg = decodeTextPosition(t, start, ctx);
  // BC: "blind spots uploading", positions the device stored while it had no network.
  if (type === 'BC') msg.archived = true;
  if (type === 'V1') return done(msg, id ? h02ReportAnswer(maker, id, 'V1', ctx.now) : null, true);
  return done(msg, id ? h02R12(maker, id, ctx.now) : null, false);
}

/**
 * V4, the answer to a command: `V4,<command>[,<result>...],<command's hhmmss>` then the position
 * sentence. The reply text is the command and its result words (`S20,DONE`); the position, when
 * there is one, is stored as any report.
 */
function decodeAnswer(t: TextFrame, ctx: FrameContext): DecodeResult {
  const start = positionStart(t.fields, 4);
  const head = (start < 0 ? t.fields.slice(3) : t.fields.slice(3, start)).map((s) => s.trim());
  // The field before the device time echoes the command's own hhmmss.
  if (head.length > 1 && /^\d{6}$/.test(head[head.length - 1])) head.pop();
  const messages: DecodedMessage[] = [commandReply(ctx, head.join(','), v4Outcome(head))];
  if (start >= 0) messages.push(decodeTextPosition(t, start, ctx));
  return { messages, reply: null };
}

/**
 * V4 is the document's "confirm message": the tracker confirms the centre command it names.
 * A result word ERROR refuses it (`S20,ERROR`: fuel cut not supported); anything else confirms
 * it: `DONE` (cut carried out), `OK` (restored), the bare echo (S17) or the echoed values (S14,
 * S23) and data (S32 mileage).
 */
const v4Outcome = (head: readonly string[]): ReplyOutcome =>
  head.slice(1).some((w) => w.toUpperCase() === 'ERROR') ? 'error' : 'success';

/** SMS answers are free text the protocol gives no meaning to: the spec's text rule classes them. */
function commandReply(ctx: FrameContext, text: string, outcome?: ReplyOutcome): DecodedMessage {
  const reply: ReplyMessage = { ...ctx.base(H02_MARK.text), type: 'commandReply', text };
  if (outcome) reply.outcome = outcome;
  return reply;
}

function unknown(ctx: FrameContext, type: string): DecodedMessage {
  return { ...ctx.base(H02_MARK.text), type: 'unknown', note: `H02 ${type || '(no type)'}` };
}
