import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import {
  buildJt808Frame,
  decodeGbk,
  decodeJt808Frame,
  encodeGbk,
  encodeJt808GeneralReply,
  encodeJt808RegisterReply,
  encodeJt808Terminal,
  encodeJt808TextCommand,
  jt808DeviceId,
  parseJt808Frame,
  type Jt808Target,
} from '../../../server/gateway/jt808';
import { hex, JT808, toHex } from './frames';

const NOW = new Date('2024-05-06T07:08:09Z');
const TARGET: Jt808Target = { terminal: encodeJt808Terminal('13511221122') };

function decode(frame: string | Buffer, session: CodecSession = {}) {
  const result = decodeJt808Frame(typeof frame === 'string' ? hex(frame) : frame, session, NOW);
  expect(result.error).toBeUndefined();
  return { messages: result.messages, msg: result.messages[0], reply: toHex(result.reply) };
}

/** A 0x0200 body: alarm word, status word, |lat|, |lon|, altitude, speed x10, course, BCD time, extras. */
function locationBody(o: {
  alarm?: number;
  status?: number;
  lat: number;
  lon: number;
  time: string;
  extras?: string;
}) {
  const b = Buffer.alloc(28);
  b.writeUInt32BE(o.alarm ?? 0, 0);
  b.writeUInt32BE(o.status ?? 0x02, 4);
  b.writeUInt32BE(Math.round(o.lat * 1e6), 8);
  b.writeUInt32BE(Math.round(o.lon * 1e6), 12);
  b.writeInt16BE(-5, 16);
  b.writeUInt16BE(1234, 18);
  b.writeUInt16BE(270, 20);
  hex(o.time).copy(b, 22);
  return Buffer.concat([b, hex(o.extras ?? '')]);
}

describe('JT/T 808 acceptance frames', () => {
  it('decodes a register and leaves its answer to the gateway, which knows the codes', () => {
    const { msg, reply } = decode(JT808.register);
    expect(msg).toMatchObject({
      type: 'register',
      deviceId: '13511221122',
      model: 'HB-R03GBD',
      plate: '苏BA6860',
    });
    expect(reply).toBeNull();
  });

  it('encodes 0x8100 with the register serial, the result and, on success only, the code', () => {
    const ok = parseJt808Frame(encodeJt808RegisterReply(TARGET, { serial: 5, authCode: 'Ab3dE6gH9jK2' }, 7));
    expect(ok.header).toMatchObject({ messageId: 0x8100, serial: 7 });
    expect(ok.checkOk).toBe(true);
    expect(ok.header.terminal.toString('hex')).toBe('013511221122');
    expect(ok.body.readUInt16BE(0)).toBe(5);
    expect(ok.body[2]).toBe(0);
    expect(ok.body.subarray(3).toString()).toBe('Ab3dE6gH9jK2');
    const refused = parseJt808Frame(
      encodeJt808RegisterReply(TARGET, { serial: 5, result: 4, authCode: 'x' }),
    );
    expect(refused.body.toString('hex')).toBe('000504');
  });

  it('decodes the location although its check byte is wrong', () => {
    const { msg, reply } = decode(JT808.location);
    const loc = msg as LocationMessage;
    expect(loc).toMatchObject({ type: 'location', deviceId: '13511221122', checksumOk: false, valid: true });
    expect(loc.latitude).toBe(22.51488);
    expect(loc.longitude).toBe(113.916508);
    expect(loc.time.toISOString()).toBe('2014-07-23T09:20:15.000Z'); // 17:20:15 GMT+8
    expect(loc).toMatchObject({
      altitude: 71,
      speed: 0,
      course: 0,
      acc: true,
      mileage: 0,
      gsmSignal: 22,
      satellites: 11,
    });
    expect(reply).toBe(toHex(encodeJt808GeneralReply(TARGET, { serial: 7, messageId: 0x0200 })));
    // The standard requires the answer to positions: on by default, sent once they are stored.
    expect(decodeJt808Frame(hex(JT808.location), {}, NOW).locationAck).toBe(true);
    expect(decodeJt808Frame(hex(JT808.heartbeat), {}, NOW).locationAck).toBeUndefined();
  });

  it('answers a heartbeat with a 0x8001 general reply', () => {
    const { msg, reply } = decode(JT808.heartbeat);
    expect(msg).toMatchObject({ type: 'heartbeat', deviceId: '43048325465', serial: 0xb7 });
    expect(reply).toBe('7e80010005043048325465000000b70002004e7e');
  });
});

describe('JT/T 808 registration and terminals', () => {
  it('decodes a BSJ terminal to its 11-digit IMEI', () => {
    const { msg } = decode(JT808.registerBsj);
    expect(msg).toMatchObject({
      type: 'register',
      deviceId: '14130567872',
      model: 'BSJ-A6-BD',
      plate: '粤B88888',
    });
  });

  it('decodes a 2019 register, whose answer goes out in the 2019 header', () => {
    const session: CodecSession = {};
    const { msg } = decode(JT808.register2019, session);
    expect(msg).toMatchObject({ type: 'register', deviceId: '866496077582164', model: 'MD300' });
    expect(session).toMatchObject({ protocolVersion: 1, deviceId: '866496077582164' });
    const target = { terminal: session.terminal!, version: session.protocolVersion };
    const answer = parseJt808Frame(encodeJt808RegisterReply(target, { serial: 1, authCode: 'c' }));
    expect(answer.header).toMatchObject({ messageId: 0x8100, version: 1 });
    expect(answer.header.terminal.toString('hex')).toBe('00000866496077582164');
  });

  it('decodes the auth message and leaves its answer to the gateway', () => {
    const { msg, reply } = decode(JT808.auth);
    expect(msg).toMatchObject({ type: 'auth', authCode: 'authentication' });
    expect(reply).toBeNull();
  });

  it('turns terminal numbers into device ids and back', () => {
    expect(jt808DeviceId(hex('013511221122'))).toBe('13511221122');
    expect(jt808DeviceId(hex('00000000013511221122'))).toBe('13511221122');
    expect(jt808DeviceId(hex('000012345678'))).toBe('00012345678');
    expect(encodeJt808Terminal('13511221122').toString('hex')).toBe('013511221122');
    expect(encodeJt808Terminal('13511221122', true).toString('hex')).toBe('00000000013511221122');
    const imei = '490154203237518';
    expect(jt808DeviceId(encodeJt808Terminal(imei))).toBe(imei);
    expect(() => encodeJt808Terminal('12ab')).toThrow(RangeError);
  });
});

describe('JT/T 808 locations', () => {
  it('decodes a blind-area batch (0x0704) into archived positions', () => {
    const { messages, reply } = decode(JT808.batchBlind);
    expect(messages).toHaveLength(8);
    const first = messages[0] as LocationMessage;
    expect(first).toMatchObject({ type: 'location', archived: true, altitude: 370, course: 1, mileage: 2.9 });
    expect(first.latitude).toBe(22.639634);
    expect(first.longitude).toBe(114.031952);
    expect(first.time.toISOString()).toBe('2016-05-27T01:06:24.000Z');
    expect(parseJt808Frame(hex(reply!)).body.subarray(2, 4).toString('hex')).toBe('0704');
  });

  it('decodes a 2019 batch', () => {
    const { messages } = decode(JT808.batch2019);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ satellites: 14, deviceId: '866496077582164' });
  });

  it.each([
    ['item 0xE4', JT808.batteryE4, { battery: 99, charging: true }],
    ['BSJ item 0xEB', JT808.batteryBsjEb, { battery: 76 }],
    [
      'item 0x56 and alarm bit 17',
      JT808.battery56Tampering,
      { battery: 90, type: 'alarm', alarm: 'tampering' },
    ],
    ['item 0xE1', JT808.batteryE1, { battery: 45 }],
    ['alarm bit 7', JT808.lowBatteryAlarm, { type: 'alarm', alarm: 'lowBattery' }],
  ])('reads %s', (_label, frame, expected) => {
    expect(decode(frame).msg).toMatchObject(expected);
  });

  it('signs south and west, converts GMT+8 across midnight and names the fence direction', () => {
    const body = locationBody({
      alarm: (1 << 20) | 1,
      status: 0x0f, // ACC, fixed, south, west
      lat: 33.868,
      lon: 151.209,
      time: '140101050000',
      extras: '1206' + '01' + '00000007' + '01',
    });
    const loc = decode(buildJt808Frame(0x0200, body, TARGET, 1)).msg as LocationMessage;
    expect(loc).toMatchObject({
      latitude: -33.868,
      longitude: -151.209,
      speed: 123.4,
      course: 270,
      altitude: -5,
    });
    expect(loc.time.toISOString()).toBe('2013-12-31T21:00:00.000Z');
    expect(loc).toMatchObject({
      type: 'alarm',
      alarm: 'sos',
      alarms: ['sos', 'geofenceExit'],
      checksumOk: true,
    });
  });

  it('uses the session time zone instead of GMT+8 when one is set', () => {
    const frame = buildJt808Frame(0x0200, locationBody({ lat: 1, lon: 2, time: '240102030405' }), TARGET, 1);
    const loc = decode(frame, { timezoneOffsetMinutes: 0 }).msg as LocationMessage;
    expect(loc.time.toISOString()).toBe('2024-01-02T03:04:05.000Z');
  });

  it('marks impossible BCD times invalid and uses the receive time', () => {
    const frame = buildJt808Frame(0x0200, locationBody({ lat: 1, lon: 2, time: '24130203040a' }), TARGET, 1);
    const loc = decode(frame).msg as LocationMessage;
    expect(loc).toMatchObject({ valid: false, time: NOW });
  });
});

describe('JT/T 808 replies from the device', () => {
  it.each([
    ['0x0701', JT808.commandResponse0701, 'MD,SET CONFIG OK!', true],
    ['0x1300', JT808.textReply1300, 'Set OK!', false],
    [
      '0x6006',
      JT808.textReport6006,
      '<VER:SDK:BC78E_PET_V1.02_240611,APP:PET10#HW014JTS10203D241104_Nov  4 2024_14:49:34>',
      true,
    ],
  ])('reads %s text as a command reply', (_label, frame, text, acked) => {
    const { msg, reply } = decode(frame);
    expect(msg).toMatchObject({ type: 'commandReply', text });
    expect(reply !== null).toBe(acked);
  });

  it('reads a 0x0001 answer to a text command as a command reply, with no answer back', () => {
    const { msg, reply } = decode(buildJt808Frame(0x0001, hex('0005830000'), TARGET, 9));
    expect(msg).toMatchObject({
      type: 'commandReply',
      text: 'Success',
      replySerial: 5,
      replyId: 0x8300,
      result: 0,
    });
    expect(reply).toBeNull();
    expect(decode(buildJt808Frame(0x0001, hex('0006800102'), TARGET, 9)).msg).toMatchObject({
      type: 'terminalReply',
      text: 'Bad message',
    });
  });

  it('acks unregister and unknown messages with platform serials counting up from 0 per session', () => {
    const session: CodecSession = {};
    const first = decode(buildJt808Frame(0x0003, Buffer.alloc(0), TARGET, 3), session);
    expect(first.msg.type).toBe('unregister');
    expect(parseJt808Frame(hex(first.reply!)).header.serial).toBe(0);
    const second = decode(buildJt808Frame(0x0900, hex('f0'), TARGET, 4), session);
    expect(second.msg).toMatchObject({ type: 'unknown', messageId: 0x0900 });
    expect(parseJt808Frame(hex(second.reply!)).header.serial).toBe(1);
    const wrapping: CodecSession = { nextSerial: 0xffff };
    const last = decode(buildJt808Frame(0x0002, Buffer.alloc(0), TARGET, 5), wrapping);
    expect(parseJt808Frame(hex(last.reply!)).header.serial).toBe(0xffff);
    expect(wrapping.nextSerial).toBe(0);
  });

  it('answers a sub-package and holds it until its message is complete', () => {
    const inner = Buffer.concat([
      hex('0200' + '2004'),
      TARGET.terminal,
      hex('0001' + '0002' + '0001'),
      hex('01020304'),
    ]);
    const frame = Buffer.concat([hex('7e'), inner, Buffer.of(inner.reduce((x, b) => x ^ b, 0)), hex('7e')]);
    const result = decodeJt808Frame(frame, {}, NOW);
    expect(result.messages[0]).toMatchObject({ type: 'unknown', checksumOk: true });
    expect(result.reply).not.toBeNull();
  });
});

describe('JT/T 808 encoders and framing', () => {
  it('encodes a 0x8300 text command as Traccar does for BSJ terminals', () => {
    const frame = encodeJt808TextCommand({ terminal: hex('0b3a73ce2ff2') }, 'Test, Command, 123#');
    expect(toHex(frame)).toBe('7e830000140b3a73ce2ff2000001546573742c20436f6d6d616e642c2031323323a57e');
  });

  it('encodes Chinese text as GBK', () => {
    expect(encodeGbk('断油电').toString('hex')).toBe('b6cfd3cdb5e7');
    expect(decodeGbk(encodeGbk('恢复油电 OK'))).toBe('恢复油电 OK');
    const frame = parseJt808Frame(encodeJt808TextCommand(TARGET, '断油电', { flag: 0x08, serial: 3 }));
    expect(frame.body.toString('hex')).toBe('08b6cfd3cdb5e7');
    expect(frame.header.serial).toBe(3);
  });

  it('escapes 7E and 7D and round-trips them', () => {
    const body = hex('7e7d017d027e00');
    const frame = buildJt808Frame(0x8300, body, TARGET, 0x7e7d);
    expect(frame.subarray(1, -1).includes(0x7e)).toBe(false);
    const parsed = parseJt808Frame(frame);
    expect(parsed.body.equals(body)).toBe(true);
    expect(parsed).toMatchObject({ checkOk: true, header: { serial: 0x7e7d } });
  });

  it('returns errors for frames that are not 808', () => {
    expect(decodeJt808Frame(hex('7e7e'), {}, NOW).error).toMatch(/short/);
    expect(decodeJt808Frame(hex('0002000004304832546500b7ca'), {}, NOW).error).toMatch(/7E/);
    expect(decodeJt808Frame(hex('7e0200000004304832546500b7ca7e'), {}, NOW).error).toMatch(/truncated/);
  });
});
