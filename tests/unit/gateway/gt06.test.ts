import { describe, expect, it } from 'vitest';
import type {
  CodecSession,
  DecodedMessage,
  HeartbeatMessage,
  LocationMessage,
  ReplyMessage,
} from '../../../server/gateway/codec';
import {
  buildGt06Packet,
  crc16x25,
  decodeGt06Frame,
  encodeGt06Ack,
  encodeGt06Command,
  encodeGt06TimeReply,
  gt06Codec,
  parseGt06Frame,
} from '../../../server/gateway/gt06';
import { GT06, hex, toHex } from './frames';

const NOW = new Date('2024-05-06T07:08:09Z');

function decodeOne(frame: string, session: CodecSession = {}) {
  const result = decodeGt06Frame(hex(frame), session, NOW);
  expect(result.error).toBeUndefined();
  expect(result.messages).toHaveLength(1);
  return { msg: result.messages[0], reply: toHex(result.reply) };
}

const asLocation = (m: DecodedMessage) => m as LocationMessage;

describe('GT06 acceptance frames', () => {
  it('decodes the login and acks it', () => {
    const { msg, reply } = decodeOne(GT06.login);
    expect(msg).toMatchObject({ type: 'login', deviceId: '864717003283581', serial: 9, checksumOk: true });
    expect(reply).toBe('78780501000955940d0a');
  });

  it('decodes the 0x12 location without a prior login', () => {
    const { msg } = decodeOne(GT06.location12);
    const loc = asLocation(msg);
    expect(loc.type).toBe('location');
    expect(loc.deviceId).toBeUndefined();
    expect(loc.time.toISOString()).toBe('2015-10-20T14:21:11.000Z');
    expect(loc.valid).toBe(true);
    expect(loc.latitude).toBeCloseTo(54.94535, 5);
    expect(loc.longitude).toBeCloseTo(24.01762, 5);
    expect(loc).toMatchObject({ speed: 0, course: 0, satellites: 5, positionType: 'gps' });
  });

  it('acks the heartbeat with its serial', () => {
    const { msg, reply } = decodeOne(GT06.heartbeat);
    expect(reply).toBe('7878051301295d630d0a');
    expect(msg).toMatchObject({
      type: 'heartbeat',
      acc: false,
      charging: true,
      gpsTracking: true,
      fuelCut: true,
      armed: false,
      battery: 100,
      gsmSignal: 4,
    });
    expect((msg as HeartbeatMessage).alarm).toBeUndefined();
  });

  it('decodes the 0x16 alarm as tampering', () => {
    const { msg, reply } = decodeOne(GT06.alarmTampering);
    expect(msg).toMatchObject({ type: 'alarm', alarm: 'tampering', acc: true, charging: true, gsmSignal: 3 });
    expect(reply).toBe(toHex(encodeGt06Ack(0x16, 7)));
  });
});

describe('GT06 locations', () => {
  it('decodes 0x10 with course and speed', () => {
    const loc = asLocation(decodeOne(GT06.location10).msg);
    expect(loc.time.toISOString()).toBe('2011-03-26T11:27:49.000Z');
    expect(loc).toMatchObject({ valid: true, speed: 1, course: 289, satellites: 12 });
    expect(loc.latitude).toBeCloseTo(23.111678, 6);
    expect(loc.longitude).toBeCloseTo(114.409208, 6);
  });

  it('gives a west longitude a minus sign (0x11)', () => {
    const loc = asLocation(decodeOne(GT06.location11West).msg);
    expect(loc.time.toISOString()).toBe('2021-11-11T02:44:48.000Z');
    expect(loc.latitude).toBeCloseTo(43.970484, 6);
    expect(loc.longitude).toBeCloseTo(-79.263956, 6);
  });

  it('reads ACC and the re-upload flag of 0x22', () => {
    const loc = asLocation(decodeOne(GT06.location22).msg);
    expect(loc.time.toISOString()).toBe('2015-12-29T02:51:05.000Z');
    expect(loc).toMatchObject({ type: 'location', valid: true, acc: false, archived: true, satellites: 9 });
    expect(loc.latitude).toBeCloseTo(23.111693, 6);
  });

  it('applies the time zone a login announced to later frames', () => {
    const session: CodecSession = {};
    const login = decodeOne(GT06.loginWithTimezone, session).msg;
    expect(login).toMatchObject({ type: 'login', deviceId: '864717003664467', timezoneOffsetMinutes: -240 });
    const loc = asLocation(decodeOne(GT06.location12, session).msg);
    expect(loc.deviceId).toBe('864717003664467');
    expect(loc.time.toISOString()).toBe('2015-10-20T18:21:11.000Z');
  });

  it('falls back to the receive time and marks the fix invalid on an impossible date', () => {
    const body = Buffer.from(hex(GT06.location12).subarray(4, 4 + 26));
    body[1] = 13; // month 13
    const loc = asLocation(decodeOne(toHex(buildGt06Packet(0x12, body, 1))!).msg);
    expect(loc.time).toEqual(NOW);
    expect(loc.valid).toBe(false);
  });

  it('builds the ack of plain locations but marks it off by default, and alarm acks on', () => {
    const plain = decodeGt06Frame(hex(GT06.location12), {}, NOW);
    expect(plain.reply).not.toBeNull();
    expect(plain.locationAck).toBe(false);
    expect(decodeGt06Frame(hex(GT06.alarmTampering), {}, NOW).locationAck).toBe(true);
    expect(decodeGt06Frame(hex(GT06.heartbeat), {}, NOW).locationAck).toBeUndefined();
  });
});

describe('GT06 alarms and status', () => {
  it.each([
    ['alarm byte 0x25', GT06.alarmTampering25, 'tampering'],
    ['info bits 100', GT06.alarmSosInfoBits, 'sos'],
    ['a 4-byte cell id', GT06.alarmSosSeeworld, 'sos'],
    ['alarm byte 0x13', GT06.alarmBattery93, 'tampering'],
    ['0x26 with alarm byte 0x03', GT06.alarm26Vibration, 'vibration'],
  ])('%s raises the alarm', (_label, frame, alarm) => {
    const { msg, reply } = decodeOne(frame);
    expect(msg).toMatchObject({ type: 'alarm', alarm });
    expect(reply).not.toBeNull();
  });

  it('reads battery percent from the voltage level or a direct percent', () => {
    expect(decodeOne(GT06.alarmBattery93).msg).toMatchObject({ battery: 93 });
    // A zero LBS length followed by zero-filled cell bytes: the block is skipped, the fix kept.
    expect(decodeOne(GT06.alarmZeroLbs).msg).toMatchObject({ valid: true, latitude: 22.991977 });
    expect(decodeOne(GT06.alarm26Vibration).msg).toMatchObject({ battery: 100, acc: false, charging: true });
  });

  it('decodes the heartbeat info byte', () => {
    expect(decodeOne(GT06.heartbeatCharging).msg).toMatchObject({
      type: 'heartbeat',
      charging: true,
      gpsTracking: true,
      acc: false,
      fuelCut: false,
      battery: 100,
      gsmSignal: 4,
    });
  });

  it('maps every documented alarm byte', () => {
    const expected: Record<number, string> = {
      0x01: 'sos',
      0x02: 'powerCut',
      0x03: 'vibration',
      0x04: 'geofenceEnter',
      0x05: 'geofenceExit',
      0x06: 'overspeed',
      0x0c: 'tampering',
      0x0e: 'lowBattery',
    };
    const template = hex(GT06.alarmTampering);
    for (const [code, alarm] of Object.entries(expected)) {
      const body = Buffer.from(template.subarray(4, template.length - 6));
      body[body.length - 2] = Number(code);
      const msg = decodeOne(toHex(buildGt06Packet(0x16, body, 1))!).msg;
      expect(msg).toMatchObject({ type: 'alarm', alarm, checksumOk: true });
    }
  });

  it('decodes 0x94 external voltage', () => {
    expect(decodeOne(GT06.info94Voltage).msg).toMatchObject({ type: 'status', externalVoltage: 2.37 });
    expect(decodeOne(GT06.info94Voltage0b).msg).toMatchObject({ type: 'status', externalVoltage: 7.39 });
  });
});

describe('GT06 command replies and time', () => {
  it.each([
    ['0x15', GT06.stringFuelCut, 'Cut off the fuel supply: Success!'],
    ['0x15', GT06.stringRestore, 'Restore fuel supply: Success!'],
    ['0x15 with length 0', GT06.stringZeroLength, 'DYD=Success!'],
    ['0x21 UTF-16', GT06.stringInfoUtf16, 'Command error!'],
  ])('reads %s text as a command reply', (_label, frame, text) => {
    const { msg, reply } = decodeOne(frame);
    expect(msg.type).toBe('commandReply');
    expect((msg as ReplyMessage).text).toBe(text);
    expect(reply).toBeNull();
  });

  it('answers a 0x8A time request with the current UTC time', () => {
    const { msg, reply } = decodeOne(GT06.timeRequest);
    expect(msg.type).toBe('timeRequest');
    const packet = parseGt06Frame(hex(reply!));
    expect(packet).toMatchObject({ protocol: 0x8a, serial: 6, crcOk: true });
    expect(packet.body.toString('hex')).toBe('180506070809');
    expect(toHex(encodeGt06TimeReply(6, NOW))).toBe(reply);
  });
});

describe('GT06 encoders and checks', () => {
  it('computes CRC-16/X.25', () => {
    expect(crc16x25(Buffer.from('123456789'))).toBe(0x906e);
  });

  it('encodes 0x80 commands as Traccar does', () => {
    expect(toHex(encodeGt06Command('Relay,1#'))).toBe('787812800c0000000052656c61792c312300009dee0d0a');
    const restore = parseGt06Frame(
      encodeGt06Command('Relay,0#', { serial: 5, serverFlag: 0x01020304, language: 2 }),
    );
    expect(restore).toMatchObject({ protocol: 0x80, serial: 5, crcOk: true });
    expect(restore.body.toString('hex')).toBe(
      '0c01020304' + Buffer.from('Relay,0#').toString('hex') + '0002',
    );
  });

  it('switches to 0x7979 for long commands and refuses non-ASCII text', () => {
    expect(encodeGt06Command('x'.repeat(250))[0]).toBe(0x79);
    expect(() => encodeGt06Command('断油')).toThrow(RangeError);
    expect(() => encodeGt06Command('x'.repeat(252))).toThrow(RangeError);
  });

  it('decodes a frame with a wrong CRC and says so', () => {
    const bad = hex(GT06.location12);
    bad[bad.length - 3] ^= 0xff;
    const result = decodeGt06Frame(bad, {}, NOW);
    expect(result.messages[0]).toMatchObject({ type: 'location', checksumOk: false });
  });

  it('returns errors for frames that are not GT06', () => {
    expect(decodeGt06Frame(hex('7878'), {}, NOW).error).toMatch(/short/);
    expect(decodeGt06Frame(hex('1234567890abcdef0d0a'), {}, NOW).error).toMatch(/start mark/);
    expect(decodeGt06Frame(hex('78780501000955940d0b'), {}, NOW).error).toMatch(/0D0A/);
    expect(decodeGt06Frame(hex('78780D01ABCDEF0003283581000971300D0A'), {}, NOW).error).toMatch(/BCD/);
    expect(decodeGt06Frame(Buffer.from(buildGt06Packet(0x12, Buffer.alloc(4), 1)), {}, NOW).error).toMatch(
      /truncated/,
    );
  });

  it('reports unsupported protocol numbers as unknown and acks them, but not echoed commands', () => {
    const result = gt06Codec.decodeFrame(buildGt06Packet(0x4f, Buffer.from([1, 2]), 3), {}, NOW);
    expect(result.messages[0]).toMatchObject({ type: 'unknown', messageId: 0x4f });
    expect(toHex(result.reply)).toBe(toHex(encodeGt06Ack(0x4f, 3)));
    expect(gt06Codec.decodeFrame(buildGt06Packet(0x81, Buffer.from([1]), 3), {}, NOW).reply).toBeNull();
  });
});
