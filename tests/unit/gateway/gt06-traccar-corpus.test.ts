/**
 * GT06 frames of Traccar's Gt06ProtocolDecoderTest (Apache-2.0, github.com/traccar/traccar) that
 * our decoder refused or misread until the corpus scoring (scripts/score-traccar-frames.ts):
 * frames cut short by their senders, a WHERE answer in text, QH302R's IMEI-first 0x12.
 */
import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import { createGt06Splitter, decodeGt06Frame, parseGt06Frame } from '../../../server/gateway/gt06';
import { GT06, hex, toHex } from './frames';

const NOW = new Date('2026-11-26T12:00:00Z');

/** Traccar Gt06ProtocolDecoderTest frames, by what they show. */
const FRAMES = {
  /** 0x34 whose capture lost the final 0A: the declared length still ends the content. */
  cutTrailer:
    '78783c3400000000130a1906011105029b4d450b1828d5001c00000000009e7d014e140fc000004e990000000004c301a442210000020101c001c0000591aa0d',
  /** 0x10 GPS whose length counts the body only: no serial and CRC after the fix. */
  gpsNoSerial: '7878121011091c0b1b2999058508040097a89e0034520d0a',
  /** 0x11 likewise, with three bytes after the fix. */
  gps11NoSerial: '78781511170103100e1f9904efe30400a97f88003410ffdd000d0a',
  /** A login with the IMEI and one byte: no serial and CRC. */
  loginNoSerial: '78780d010359339075005244340d0a',
  /** Protocol 0x08 alone. */
  bare08: '787801080d0a',
  /** 0x12 with serial and CRC but no data. */
  empty12: '787805120099abec0d0a',
  /** 0x21 (ASCII) answer to WHERE. */
  whereText:
    '7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a4532352e3237333237302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a323031372d30352d3236202031303a32373a3437000bbee30d0a',
  /** QH302R: 0x12 opening with the BCD IMEI 0866703066502297, then time 2026-02-12 10:30:50. */
  imeiFirst: '7878271208667030665022971a020c0a1e32c601727c1c0f89af002c14fa01366e000100010c003c1fdd0d0a',
} as const;

function decode(frame: string, session: CodecSession = {}) {
  const result = decodeGt06Frame(hex(frame), session, NOW);
  expect(result.error).toBeUndefined();
  return result;
}

describe('GT06 frames without their full trailer, serial or CRC (Traccar Gt06ProtocolDecoderTest)', () => {
  it('reads a frame cut after the 0D of its trailer by its declared length', () => {
    const f = parseGt06Frame(hex(FRAMES.cutTrailer));
    expect(f).toMatchObject({ protocol: 0x34, serial: 5, crcOk: true });
    const [msg] = decode(FRAMES.cutTrailer).messages as LocationMessage[];
    expect(msg).toMatchObject({ type: 'location', valid: true, latitude: 24.295718, longitude: -103.407052 });
    expect(msg.attributes).toMatchObject({ adc1: 4.48 });
  });

  it('still refuses a frame whose end is neither 0D0A nor its declared length', () => {
    expect(decodeGt06Frame(hex(FRAMES.cutTrailer.slice(0, -6)), {}, NOW).error).toMatch(/0D0A/);
  });

  it('reads the fix of 0x10 and 0x11 packets that carry no serial and CRC', () => {
    const [gps] = decode(FRAMES.gpsNoSerial).messages as LocationMessage[];
    expect(gps).toMatchObject({
      type: 'location',
      valid: true,
      time: new Date('2017-09-28T11:27:41Z'),
      latitude: 51.4469,
      longitude: 5.521723,
      satellites: 9,
      course: 82,
      checksumOk: false,
    });
    const [gps11] = decode(FRAMES.gps11NoSerial).messages as LocationMessage[];
    expect(gps11).toMatchObject({ valid: true, latitude: 46.016713, longitude: 6.17124, course: 16 });
    expect(gps11.cells).toBeUndefined();
  });

  it('takes the IMEI of a login that has no serial and CRC', () => {
    const session: CodecSession = {};
    const [msg] = decode(FRAMES.loginNoSerial, session).messages;
    expect(msg).toMatchObject({ type: 'login', deviceId: '359339075005244', checksumOk: false });
    expect(session.deviceId).toBe('359339075005244');
  });

  it('answers nothing to a bare protocol number and acks an empty 0x12 without storing a position', () => {
    const bare = decode(FRAMES.bare08);
    expect(bare.messages).toEqual([expect.objectContaining({ type: 'unknown', messageId: 0x08, serial: 0 })]);
    expect(bare.reply).toBeNull();
    const empty = decode(FRAMES.empty12);
    expect(empty.messages).toEqual([expect.objectContaining({ type: 'unknown', serial: 0x99 })]);
    expect(toHex(empty.reply)).toBe('787805120099abec0d0a');
  });

  it('cuts the short frames out of a stream by their 0D0A', () => {
    const splitter = createGt06Splitter();
    const out = splitter.push(hex(FRAMES.gpsNoSerial + GT06.login + FRAMES.bare08));
    expect(out.map((b) => b.toString('hex'))).toEqual([FRAMES.gpsNoSerial, GT06.login.toLowerCase(), FRAMES.bare08]);
  });
});

describe('GT06 layouts found in the corpus (Traccar Gt06ProtocolDecoderTest)', () => {
  it('keeps the WHERE answer as a command reply and stores its position', () => {
    const { messages, reply } = decode(FRAMES.whereText);
    expect(reply).toBeNull();
    expect(messages[0]).toMatchObject({ type: 'commandReply', text: expect.stringMatching(/^Current position!/) });
    expect(messages[1]).toMatchObject({
      type: 'location',
      valid: true,
      time: new Date('2017-05-26T10:27:47Z'),
      latitude: 54.739332,
      longitude: 25.27327,
      course: 126.53,
      speed: 0,
    });
  });

  it('reads the WHERE time in the device zone a login gave', () => {
    const session: CodecSession = { timezoneOffsetMinutes: 120 };
    const located = decode(FRAMES.whereText, session).messages[1] as LocationMessage;
    expect(located.time).toEqual(new Date('2017-05-26T08:27:47Z'));
  });

  it('skips the IMEI that QH302R puts before the time of 0x12', () => {
    const [msg] = decode(FRAMES.imeiFirst).messages as LocationMessage[];
    expect(msg).toMatchObject({
      type: 'location',
      valid: true,
      time: new Date('2026-02-12T10:30:50Z'),
      latitude: 13.48894,
      longitude: 144.82304,
      speed: 44,
      course: 250,
      satellites: 6,
    });
  });

  it('leaves a standard 0x12 alone', () => {
    const [msg] = decode(GT06.location12).messages as LocationMessage[];
    expect(msg).toMatchObject({ valid: true, time: new Date('2015-10-20T14:21:11Z'), satellites: 5 });
    expect(msg.latitude).toBeCloseTo(54.94535, 4);
    expect(msg.longitude).toBeCloseTo(24.01762, 4);
  });
});

describe('SEEWORLD 0xA3 status (Traccar Gt06ProtocolDecoderTest)', () => {
  it('decodes the 0x18-long 0xA3 as a heartbeat with steps, signal and battery', () => {
    const { messages, reply } = decode('787818a300000005321e020000000002584f000100060000008f920d0a');
    expect(messages).toEqual([
      expect.objectContaining({
        type: 'heartbeat',
        gsmSignal: 50,
        battery: 79,
        charging: false,
        attributes: { power: 30, steps: 600 },
      }),
    ]);
    expect(toHex(reply)).toBe('787805a30000723a0d0a');
  });

  it('leaves the shorter SEEWORLD 0xA3 unknown', () => {
    const [msg] = decode('78780ca346000106640c01123d5f5e0d0a').messages;
    expect(msg.type).toBe('unknown');
  });
});
