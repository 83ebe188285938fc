import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage, ReplyMessage } from '../../../server/gateway/codec';
import {
  buildTeltonikaHandshake,
  crc16Ibm,
  decodeTeltonikaFrame,
  encodeTeltonikaAvl,
  encodeTeltonikaCommand,
  encodeTeltonikaResponse,
  ioElement,
  mapIoElements,
  teltonikaCodec,
  TELTONIKA_IO as IO,
} from '../../../server/gateway/teltonika';
import { CODECS, detectProtocol } from '../../../server/gateway/decode-frames';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import { judgeReply } from '../../../src/domain/command-reply';
import { TELTONIKA_WIKI, wiki } from './teltonika-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const IMEI = '356307042441013';
const loggedIn = (): CodecSession => ({ deviceId: IMEI });

describe('Teltonika wiki frames', () => {
  it('accepts the IMEI handshake with 0x01 and would refuse with 0x00', () => {
    const session: CodecSession = {};
    const r = decodeTeltonikaFrame(wiki('handshake'), session, NOW);
    expect(r.messages).toEqual([expect.objectContaining({ type: 'login', deviceId: IMEI })]);
    expect(r.reply?.toString('hex')).toBe('01');
    expect(r.reject?.toString('hex')).toBe('00');
    expect(session.deviceId).toBe(IMEI);
  });

  it('decodes Codec 8 and acks the record count', () => {
    const r = decodeTeltonikaFrame(wiki('codec8'), loggedIn(), NOW);
    expect(r.error).toBeUndefined();
    expect(r.reply?.toString('hex')).toBe('00000001');
    expect(r.locationAck).toBe(true);
    const m = r.messages[0] as LocationMessage;
    expect(m).toMatchObject({
      type: 'location',
      deviceId: IMEI,
      checksumOk: true,
      time: new Date('2019-06-10T10:04:46.000Z'),
      // The wiki's example has no fix: zero satellites.
      valid: false,
      gsmSignal: 3,
      externalVoltage: 24.079,
      attributes: { in1: true, priority: 1, eventIo: 1, io241: 0x601a },
    });
    // iButton 78 = 0: no driver.
    expect(m.driverId).toBeUndefined();
  });

  it('decodes Codec 8 Extended: 2-byte ids and counts, odometer and ICCID', () => {
    const r = decodeTeltonikaFrame(wiki('codec8e'), loggedIn(), NOW);
    expect(r.error).toBeUndefined();
    expect(r.reply?.toString('hex')).toBe('00000001');
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      messageId: 0x8e,
      checksumOk: true,
      time: new Date('2019-06-10T11:36:32.000Z'),
      mileage: 0x015e2c88 / 1000,
      iccid: String(0x3544c87a) + String(0x1dd7e06a),
      attributes: { in1: true, io17: 0x1d },
    });
  });

  it('encodes the getinfo command byte for byte and reads its answer', () => {
    expect(encodeTeltonikaCommand('getinfo').toString('hex').toUpperCase()).toBe(TELTONIKA_WIKI.getinfo);
    const r = decodeTeltonikaFrame(wiki('getinfoReply'), loggedIn(), NOW);
    const reply = r.messages[0] as ReplyMessage;
    expect(reply.type).toBe('commandReply');
    expect(reply.text).toMatch(/^INI:2019\/7\/22 7:22 RTC:.* MD:0$/);
    expect(r.reply).toBeNull();
  });

  it('computes CRC-16/IBM as the wiki packets carry it', () => {
    const f = wiki('codec8');
    expect(crc16Ibm(f, 8, f.length - 4)).toBe(0xc7cf);
    expect(crc16Ibm(Buffer.from('123456789'))).toBe(0xbb3d);
  });
});

describe('Teltonika encoder and decoder agree', () => {
  const record = {
    time: new Date('2025-03-04T05:06:07.890Z'),
    latitude: 54.6872,
    longitude: -25.2797,
    altitude: -12,
    course: 271,
    satellites: 9,
    speed: 87,
    io: [
      ioElement(IO.ignition, 1, 1),
      ioElement(IO.batteryLevel, 1, 76),
      ioElement(IO.externalVoltage, 2, 12_650),
    ],
  };

  for (const codec of ['codec8', 'codec8e', 'codec16'] as const) {
    it(`round-trips records in ${codec}`, () => {
      const second = { ...record, time: new Date('2025-03-04T05:06:17.000Z'), io: [] };
      const r = decodeTeltonikaFrame(encodeTeltonikaAvl([record, second], codec), loggedIn(), NOW);
      expect(r.error).toBeUndefined();
      expect(r.reply?.toString('hex')).toBe('00000002');
      expect(r.messages).toHaveLength(2);
      expect(r.messages[0]).toMatchObject({
        type: 'location',
        valid: true,
        time: record.time,
        latitude: 54.6872,
        longitude: -25.2797,
        altitude: -12,
        course: 271,
        satellites: 9,
        speed: 87,
        acc: true,
        battery: 76,
        externalVoltage: 12.65,
      });
      expect(r.messages[1]).toMatchObject({ time: second.time, serial: 1 });
    });
  }

  it('carries variable-length IO elements in Codec 8 Extended only', () => {
    const io = [{ id: 385, value: Buffer.from('0102030405', 'hex') }];
    const r = decodeTeltonikaFrame(encodeTeltonikaAvl([{ ...record, io }], 'codec8e'), loggedIn(), NOW);
    expect((r.messages[0] as LocationMessage).attributes).toMatchObject({ io385: '0102030405' });
    expect(() => encodeTeltonikaAvl([{ ...record, io }], 'codec8')).toThrow(RangeError);
  });

  it('flags a bad CRC, and refuses counts that do not match', () => {
    const f = encodeTeltonikaAvl([record]);
    f[f.length - 1] ^= 0xff;
    expect(decodeTeltonikaFrame(f, loggedIn(), NOW).messages[0].checksumOk).toBe(false);
    const g = encodeTeltonikaAvl([record]);
    g[g.length - 5] = 2; // the second record count
    expect(decodeTeltonikaFrame(g, loggedIn(), NOW).error).toMatch(/counts/);
  });

  it('uses the receive time for a clock that is not set', () => {
    const r = decodeTeltonikaFrame(encodeTeltonikaAvl([{ ...record, time: new Date(0) }]), loggedIn(), NOW);
    expect(r.messages[0]).toMatchObject({ time: NOW, valid: false });
  });

  it('reads a device answer built by the encoder', () => {
    const r = decodeTeltonikaFrame(encodeTeltonikaResponse('DOUT1:1'), loggedIn(), NOW);
    expect(r.messages[0]).toMatchObject({ type: 'commandReply', text: 'DOUT1:1' });
  });

  it('classes answers by the outcomes Teltonika documents, the rest by the spec rule', () => {
    const result = (answer: string) => {
      const reply = decodeTeltonikaFrame(encodeTeltonikaResponse(answer), loggedIn(), NOW)
        .messages[0] as ReplyMessage;
      return judgeReply(undefined, reply.text, reply.outcome);
    };
    // setdigout / setigndigout successes (the wiki's examples), older firmware, reads with their data.
    for (const ok of [
      'DOUT1:ON Timeout:INFINITY',
      'DOUT1:ON Timeout:10s Speed threshold:1km/h Speed is above threshold, queued',
      'DOUT1:IGNORED',
      'DOUT1:1 Timeout:15s IGN ON, QUEUED',
      'DOUTS are set to:0010 TMOs are: 0 0 5 0',
      'Ver:03.27.07 GPS:AXN_5.1.9',
      'Code Ver:0.48.17 Device IMEI:353976010139156',
      'DI1:0 DI2:0 AI1:0 DO1:0',
      'IO ID:3 Value:0',
    ])
      expect([ok, result(ok)]).toEqual([ok, COMMAND_RESULT.success]);
    const getinfo = decodeTeltonikaFrame(wiki('getinfoReply'), loggedIn(), NOW).messages[0] as ReplyMessage;
    expect(getinfo.outcome).toBe('success');
    // The wiki's "Fail" responses.
    for (const fail of [
      'Arguments required',
      'Bad syntax',
      'DOUT1 params are invalid',
      'DOUT1 ERROR',
      'DOUT1 state already set to: 1 time_on_ms: 0 time_off_ms: 0',
      'DOUT2 Is disabled from CFG',
    ])
      expect([fail, result(fail)]).toEqual([fail, COMMAND_RESULT.error]);
    // Unknown text: the spec's rule decides.
    expect(
      decodeTeltonikaFrame(encodeTeltonikaResponse('Param ID:2004 Value:x'), loggedIn(), NOW).messages[0],
    ).not.toHaveProperty('outcome');
    expect(result('Param ID:2004 Value:x')).toBe(COMMAND_RESULT.error);
    expect(result('Restart OK')).toBe(COMMAND_RESULT.success);
  });

  it('leaves codecs it does not speak unacked', () => {
    const f = encodeTeltonikaAvl([record]);
    f[8] = 0x07; // GH3000
    const r = decodeTeltonikaFrame(f, loggedIn(), NOW);
    expect(r.messages[0]).toMatchObject({ type: 'unknown' });
    expect(r.reply).toBeNull();
  });
});

describe('Teltonika IO elements', () => {
  it('raise the alarms of the one vocabulary', () => {
    const cases: Array<[number, number, string]> = [
      [IO.crash, 1, 'accident'],
      [IO.unplug, 1, 'powerCut'],
      [IO.towing, 1, 'tow'],
      [IO.gnssJamming, 2, 'jamming'],
      [IO.jamming, 1, 'jamming'],
      [IO.greenDriving, 1, 'hardAcceleration'],
      [IO.greenDriving, 2, 'hardBraking'],
      [IO.greenDriving, 3, 'hardCornering'],
      [IO.overspeeding, 95, 'overspeed'],
      [IO.idling, 1, 'idle'],
      [IO.autoGeofence, 1, 'geofenceEnter'],
      [IO.autoGeofence, 0, 'geofenceExit'],
    ];
    for (const [id, value, alarm] of cases)
      expect(mapIoElements([ioElement(id, 1, value)]).alarms).toEqual([alarm]);
    expect(mapIoElements([ioElement(IO.unplug, 1, 0)]).alarms).toBeUndefined();
  });

  it('keeps several alarms of one record, a panic priority first', () => {
    const rec = {
      time: new Date('2025-01-01T00:00:00Z'),
      priority: 2,
      latitude: 1,
      longitude: 2,
      satellites: 5,
      eventIo: IO.crash,
      io: [ioElement(IO.crash, 1, 1), ioElement(IO.greenDriving, 1, 2)],
    };
    const m = decodeTeltonikaFrame(encodeTeltonikaAvl([rec]), loggedIn(), NOW).messages[0] as LocationMessage;
    expect(m).toMatchObject({ type: 'alarm', alarm: 'sos', alarms: ['sos', 'accident', 'hardBraking'] });
  });

  it('map status values with their scales', () => {
    const s = mapIoElements([
      ioElement(IO.gsmSignal, 1, 4),
      ioElement(IO.batteryVoltage, 2, 4012),
      ioElement(IO.dallasTemp1, 4, 0xffffff9c), // -10.0 °C
      ioElement(IO.canFuelLitres, 2, 455),
      ioElement(IO.iButton, 8, 0x0100000012345678n),
      ioElement(IO.movement, 1, 1),
    ]);
    expect(s).toMatchObject({
      gsmSignal: 4,
      temperature: -10,
      fuel: 45.5,
      driverId: '7856341200000001',
      attributes: { batteryVoltage: 4.012, motion: true },
    });
  });
});

describe('Teltonika framing and detection', () => {
  it('cuts a stream of handshake and packets in any chunks', () => {
    const stream = Buffer.concat([buildTeltonikaHandshake(IMEI), wiki('codec8'), wiki('codec8e')]);
    for (const size of [1, 3, 7, 64, stream.length]) {
      const splitter = teltonikaCodec.createSplitter();
      const frames: Buffer[] = [];
      for (let at = 0; at < stream.length; at += size)
        frames.push(...splitter.push(stream.subarray(at, at + size)));
      expect(frames.map((f) => f.toString('hex').toUpperCase())).toEqual([
        TELTONIKA_WIKI.handshake,
        TELTONIKA_WIKI.codec8,
        TELTONIKA_WIKI.codec8e,
      ]);
      expect(splitter.buffered).toBe(0);
    }
  });

  it('skips garbage before a packet', () => {
    const splitter = teltonikaCodec.createSplitter();
    const frames = splitter.push(Buffer.concat([Buffer.from('7878ff00', 'hex'), wiki('codec8')]));
    expect(frames).toEqual([wiki('codec8')]);
    expect(splitter.droppedBytes).toBe(4);
  });

  it('is detected by the decode CLI and page', () => {
    expect(detectProtocol(TELTONIKA_WIKI.handshake)).toBe('teltonika');
    expect(detectProtocol(TELTONIKA_WIKI.codec8)).toBe('teltonika');
    expect(detectProtocol('000f3335')).toBeNull();
    expect(CODECS.teltonika).toBe(teltonikaCodec);
  });
});
