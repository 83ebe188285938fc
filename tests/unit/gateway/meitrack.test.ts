import { describe, expect, it } from 'vitest';
import { CODECS, decodeHexInput, detectProtocol } from '../../../server/gateway/decode-frames';
import type {
  CodecSession,
  DecodedMessage,
  LocationMessage,
  ReplyMessage,
} from '../../../server/gateway/codec';
import {
  buildMeitrackPacket,
  encodeMeitrackCommand,
  encodeMeitrackReport,
  meitrackCodec,
} from '../../../server/gateway/meitrack';
import {
  binary,
  doc,
  GPSGATE_A14,
  MEITRACK_DOC,
  text,
  TRACCAR_BINARY,
  TRACCAR_COMMANDS,
  TRACCAR_TEXT,
} from './meitrack-frames';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import { judgeReply } from '../../../src/domain/command-reply';

const NOW = new Date('2026-11-26T12:00:00Z');
const decode = (frame: Buffer, session: CodecSession = {}) => meitrackCodec.decodeFrame(frame, session, NOW);
const first = (frame: Buffer) => decode(frame).messages[0] as LocationMessage;
const byType = (messages: DecodedMessage[], type: string) => messages.filter((m) => m.type === type);

describe('Meitrack AAA reports (Traccar test frames)', () => {
  it('decodes every text report of the corpus to a position', () => {
    for (const [key, value] of Object.entries(TRACCAR_TEXT)) {
      if (!/^(aaa|aff)/.test(key)) continue;
      const r = decode(Buffer.from(value, 'latin1'));
      expect(r.error, key).toBeUndefined();
      expect(['location', 'alarm'], key).toContain(r.messages[0].type);
      expect(r.reply, key).toBeNull();
    }
  });

  it('reads position, time, fix, signal, speed, course, altitude, odometer and the cell', () => {
    const session: CodecSession = {};
    const r = decode(text('aaaPlain'), session);
    expect(session.deviceId).toBe('862170010187175');
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      deviceId: '862170010187175',
      time: new Date('2013-05-07T20:16:25Z'),
      valid: true,
      latitude: -29.960365,
      longitude: -51.655455,
      satellites: 8,
      gsmSignal: 9,
      speed: 0,
      course: 107,
      altitude: 7,
      mileage: 169.322,
      cells: [{ mcc: 724, mnc: 6, lac: 0x0547, cid: 0x132b, rssi: 9 }],
      checksumOk: true,
      attributes: { event: 35, hdop: 0.9, runtime: 126582, input: 0, output: 0 },
    });
    expect(first(text('aaaNegativeAltitude')).altitude).toBe(-7);
    expect(first(text('aaaShortImei'))).toMatchObject({
      deviceId: '79007001520234',
      time: new Date('2015-07-30T18:48:34Z'),
      valid: true,
      latitude: 40.99637,
      longitude: -8.575065,
    });
  });

  it('maps events to alarms: 1 SOS, 22 external power on', () => {
    expect(first(text('aaaSos'))).toMatchObject({
      type: 'alarm',
      alarm: 'sos',
      alarms: ['sos'],
      latitude: 18.459575,
    });
    expect(first(text('aaaSosNoFix'))).toMatchObject({ type: 'alarm', alarm: 'sos', valid: false });
    expect(first(text('aaaPowerOn'))).toMatchObject({
      type: 'alarm',
      alarm: 'powerRestored',
      valid: false,
      time: new Date('2022-07-18T17:14:28Z'),
      externalVoltage: 13.95,
    });
    expect(first(text('aaaPlain')).alarm).toBeUndefined();
  });

  it('reads hex and decimal analog voltages, inputs, RFID, fuel and temperature sensors', () => {
    expect(first(text('aaaPowerOn')).attributes).toMatchObject({ batteryVoltage: 4.01 });
    expect(first(text('aaaDecimalVolts'))).toMatchObject({
      externalVoltage: 12.96,
      attributes: { batteryVoltage: 4.33 },
    });
    expect(first(text('aaaInput')).attributes).toMatchObject({ input: 8 });
    expect(first(text('aaaRfid')).driverId).toBe('006380DF');
    expect(first(text('aaaTemperature'))).toMatchObject({
      temperature: -12.34,
      attributes: { temp6: -12.34, fuelLevel: 0 },
    });
    expect(first(text('aaaTemperature2'))).toMatchObject({ temperature: 27.06 });
  });

  it('reads the AFF variant with its leading record field', () => {
    expect(first(text('aff'))).toMatchObject({
      latitude: 58.588926,
      longitude: 16.180473,
      valid: true,
      satellites: 10,
    });
  });

  it('decodes wrong checksums anyway and says so', () => {
    expect(first(text('aff')).checksumOk).toBe(false);
    expect(first(text('aaaSos')).checksumOk).toBe(true);
  });

  it('takes the receive time for an impossible date, and marks the fix invalid', () => {
    const body =
      'AAA,35,22.5,114.0,261399250000,A,5,20,10,90,1.0,10,100,200,460|0|27BA|0DCC,0000,0000|0000|0000|0190|04B0,';
    const msg = first(buildMeitrackPacket('$$', 'A', '353358017784062', body));
    expect(msg).toMatchObject({ time: NOW, valid: false, latitude: 22.5, externalVoltage: 12 });
  });
});

describe('Meitrack T622 protocol document frames', () => {
  it('A10: the answer is an AAA event 34 report, stored and settling the command', () => {
    const r = decode(doc('a10Answer'));
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      time: new Date('2010-03-13T09:37:38Z'),
      latitude: 22.543176,
      longitude: 114.078448,
      valid: true,
      satellites: 5,
      speed: 2,
      course: 205,
      altitude: -14,
    });
    expect(byType(r.messages, 'commandReply')).toMatchObject([{ text: 'A10,OK' }]);
  });

  it('event 31 is a heartbeat, 35 a report by interval, 1 the SOS alarm', () => {
    const hb = decode(doc('heartbeat')).messages;
    expect(hb).toHaveLength(1);
    expect(hb[0]).toMatchObject({ type: 'heartbeat', deviceId: '353358017784062', gsmSignal: 23 });
    expect(hb[0]).not.toHaveProperty('latitude');
    expect(first(doc('interval'))).toMatchObject({ type: 'location', speed: 1, course: 174 });
    expect(first(doc('sos'))).toMatchObject({ type: 'alarm', alarm: 'sos' });
  });

  it('answers to settings are command replies named like the command', () => {
    const answers = { a11Answer: 'A11,OK', a12Answer: 'A12,OK', a13Answer: 'A13,OK' } as const;
    for (const [key, reply] of Object.entries(answers) as [keyof typeof answers, string][]) {
      const r = decode(doc(key));
      expect(r.messages).toEqual([expect.objectContaining({ type: 'commandReply', text: reply })]);
      expect(r.reply).toBeNull();
    }
    expect(decode(text('d82Answer')).messages).toMatchObject([{ type: 'commandReply', text: 'D82,0' }]);
    expect(decode(text('d03Answer')).messages).toMatchObject([{ type: 'commandReply', text: 'D03,OK' }]);
  });
});

describe('Meitrack command answers classed by what they mean', () => {
  const answer = (data: string) => buildMeitrackPacket('$$', 'A', '353358017784062', data);
  const result = (frame: Buffer) => {
    const reply = byType(decode(frame).messages, 'commandReply')[0] as ReplyMessage;
    return judgeReply(undefined, reply.text, reply.outcome);
  };

  it('a setting answered OK (either case), a position or a read answered with data is carried out', () => {
    expect(result(doc('a12Answer'))).toBe(COMMAND_RESULT.success);
    expect(result(answer('C49,ok'))).toBe(COMMAND_RESULT.success);
    expect(result(doc('a10Answer'))).toBe(COMMAND_RESULT.success);
    // A70 reads the authorised numbers, E91 the firmware version (answered as FWV).
    expect(result(answer('A70,13811111111,13822222222'))).toBe(COMMAND_RESULT.success);
    expect(result(answer('FWV1.00,12345678'))).toBe(COMMAND_RESULT.success);
    expect(byType(decode(answer('FWV1.00,12345678')).messages, 'commandReply')).toMatchObject([
      { text: 'FWV,1.00,12345678', outcome: 'success' },
    ]);
  });

  it('an answer the documents do not explain is left to the spec rule', () => {
    expect(byType(decode(text('d82Answer')).messages, 'commandReply')[0]).not.toHaveProperty('outcome');
    expect(result(text('d82Answer'))).toBe(COMMAND_RESULT.error);
    expect(result(answer('A12,Error'))).toBe(COMMAND_RESULT.error);
    // A read answered with nothing is no data.
    expect(result(answer('A70'))).toBe(COMMAND_RESULT.error);
  });
});

describe('Meitrack commands', () => {
  it('frames the platform text as the command and its parameters (Traccar encoder test)', () => {
    for (const [content, framed] of Object.entries(TRACCAR_COMMANDS))
      expect(
        meitrackCodec.encodeTextCommand!(content, { deviceId: '123456789012345' }).toString('latin1'),
      ).toBe(framed);
  });

  it("builds the documents' packets byte for byte under their identifiers", () => {
    expect(buildMeitrackPacket('@@', 'D', '353358017784062', 'A14,1000').toString('latin1')).toBe(
      GPSGATE_A14,
    );
    expect(buildMeitrackPacket('@@', 'Q', '353358017784062', 'A10').toString('latin1')).toBe(
      MEITRACK_DOC.a10,
    );
    expect(buildMeitrackPacket('@@', 'X', '353358017784062', 'A13,120').toString('latin1')).toBe(
      MEITRACK_DOC.a13,
    );
    expect(buildMeitrackPacket('$$', 'S', '353358017784062', 'A11,OK').toString('latin1')).toBe(
      MEITRACK_DOC.a11Answer,
    );
  });

  it('needs the device IMEI', () => {
    expect(() => encodeMeitrackCommand('A10', {})).toThrow();
  });
});

describe('Meitrack detect and bad input', () => {
  it('recognises device packets and nothing else', () => {
    expect(meitrackCodec.detect!(text('aaaPlain'))).toBe(true);
    expect(meitrackCodec.detect!(binary('cceLock'))).toBe(true);
    expect(meitrackCodec.detect!(Buffer.from('78780d0103588990163151580004d1e60d0a', 'hex'))).toBe(false);
    expect(meitrackCodec.detect!(Buffer.from('*HQ,865205030330012,V1,#', 'latin1'))).toBe(false);
    expect(meitrackCodec.detect!(doc('a10'))).toBe(false);
    expect(meitrackCodec.detect!(Buffer.from('$$'))).toBe(false);
  });

  it('returns errors without messages for what is not a packet', () => {
    for (const bad of [
      '$$A10,',
      '$$A25,not an imei!,AAA,*00\r\n',
      'hello',
      '$$A25,353358017784062,AAA,1,2*00\r\n',
    ]) {
      const r = decode(Buffer.from(bad, 'latin1'));
      expect(r.error, bad).toBeDefined();
      expect(r.messages, bad).toEqual([]);
    }
  });

  it("reads its own reports back (the simulator's encoder)", () => {
    const time = new Date('2026-11-26T11:59:00Z');
    const frame = encodeMeitrackReport('353358017784062', {
      event: 19,
      time,
      latitude: -33.8688,
      longitude: 151.2093,
      satellites: 7,
      speed: 88,
      course: 270,
      mileage: 12_345,
      cell: { mcc: 505, mnc: 2, lac: 0x0b67, cid: 0x5a6c },
      battery: 4.1,
      externalVoltage: 12.6,
    });
    expect(first(frame)).toMatchObject({
      type: 'alarm',
      alarm: 'overspeed',
      time,
      valid: true,
      latitude: -33.8688,
      longitude: 151.2093,
      speed: 88,
      course: 270,
      mileage: 12.345,
      externalVoltage: 12.6,
      checksumOk: true,
    });
  });
});

describe('Meitrack through the decode CLI path', () => {
  it('detects every vector as Meitrack and decodes pasted text and hex', () => {
    const all = [
      ...Object.keys(TRACCAR_TEXT).map((k) => text(k as keyof typeof TRACCAR_TEXT)),
      ...Object.keys(TRACCAR_BINARY).map((k) => binary(k as keyof typeof TRACCAR_BINARY)),
    ];
    for (const frame of all)
      expect(detectProtocol(frame.toString('hex')), frame.toString('latin1', 0, 30)).toBe('meitrack');
    const pasted = decodeHexInput(CODECS.meitrack, TRACCAR_TEXT.aaaSos, {}, NOW);
    expect(pasted).toMatchObject({
      ok: true,
      messages: [{ type: 'alarm', alarm: 'sos', latitude: 18.459575 }],
    });
    const hex = decodeHexInput(CODECS.meitrack, TRACCAR_BINARY.cccOne, {}, NOW);
    expect(hex).toMatchObject({ ok: true, messages: [{ latitude: -7.266504 }] });
  });
});
