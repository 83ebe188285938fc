import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage, ReplyMessage } from '../../../server/gateway/codec';
import {
  decodeTk103Frame,
  encodeTk103Command,
  periodicData,
  tk103Codec,
} from '../../../server/gateway/tk103';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import { judgeReply } from '../../../src/domain/command-reply';
import { TK103_TRACCAR as T, TK103_TRACCAR_CORPUS, tk103 } from './tk103-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const decode = (text: string, session: CodecSession = {}) => decodeTk103Frame(tk103(text), session, NOW);
const first = (text: string) => decode(text).messages[0] as LocationMessage;

describe('TK103 status, network and answers', () => {
  it('reads ZC20 battery reports', () => {
    expect(decode(T.zc20).messages).toEqual([
      expect.objectContaining({
        type: 'status',
        battery: 100,
        attributes: { batteryVoltage: 3.92, installed: 255 },
      }),
    ]);
    expect(decode(T.zc20Power).messages[0]).toMatchObject({
      externalVoltage: 11.2,
      attributes: { batteryVoltage: 4.21 },
    });
  });

  it('keeps cell towers and Wi-Fi access points on an invalid fix', () => {
    expect(first(T.bz00Braced)).toMatchObject({
      type: 'location',
      valid: false,
      positionType: 'lbs',
      cells: [
        { mcc: 460, mnc: 0, lac: 20949, cid: 58711 },
        { mcc: 460, mnc: 0, lac: 20494, cid: 54003 },
        { mcc: 460, mnc: 0, lac: 20951, cid: 19569 },
      ],
    });
    const login = decode(T.bp05Braced);
    expect(login.messages.map((m) => m.type)).toEqual(['login', 'location']);
    expect((login.messages[1] as LocationMessage).cells).toHaveLength(3);
    expect(first(T.bz00Pairs).cells).toEqual(
      [0x0425, 0x0bf5, 0x09e7, 0xcbad, 0x0dcf, 0xc7b2].map((cid) => ({ mcc: 740, mnc: 0, lac: 0x3bf7, cid })),
    );
    expect(first(T.bz00Triples).cells?.[0]).toEqual({
      mcc: 510,
      mnc: 10,
      lac: 0x36e6,
      cid: 0x932c,
      rssi: 43,
    });
    expect(first(T.dw51Wifi)).toMatchObject({
      type: 'alarm',
      alarm: 'movement',
      positionType: 'wifi',
      time: new Date('2017-11-15T15:44:19Z'),
      wifi: [
        { mac: '58:f3:bb:3b:aa:82', rssi: -65 },
        { mac: '1c:6a:bb:aa:81:95', rssi: -78 },
      ],
    });
    expect(first(T.dw5b)).toMatchObject({
      positionType: 'lbs',
      cells: [{ mcc: 310, mnc: 6, lac: 29876, cid: 30393 }],
    });
    expect(first(T.dw50Empty)).toMatchObject({ positionType: 'lbs', time: new Date('2013-06-04T04:01:37Z') });
  });

  it('reads VIN, BMS and command answers', () => {
    expect(decode(T.bv00Vin).messages[0]).toMatchObject({
      type: 'status',
      attributes: { vin: '5J6RW2H53HL066029' },
    });
    expect(decode(T.bs50).messages[0]).toMatchObject({
      type: 'status',
      attributes: { battery1: 4.081, battery14: 4.082, batteryLevel: 99, batteryTemp2: 26, cycles: 4 },
    });
    expect(decode(T.bs50).messages[0]).not.toHaveProperty('attributes.battery15');
    expect(decode(T.bs51).messages[0]).toMatchObject({
      attributes: {
        cumulativeVoltage: 53.3,
        current: 0,
        soc: 47.6,
        maxCellVoltage: 3.816,
        minCellVoltage: 3.804,
        maxTemp: 26,
      },
    });
    expect(decode(T.zc03).messages).toEqual([
      expect.objectContaining({ type: 'commandReply', text: 'Notice: Device version: 1.0' }),
    ]);
    expect(decode(T.zc03Lines).messages[0]).toMatchObject({
      type: 'commandReply',
      text: expect.stringContaining('Power: 95%'),
    });
    // The answer to an AV01 command (engine) is its B code.
    expect(decode('(013612345678BV011)').messages).toEqual([
      expect.objectContaining({ type: 'commandReply', text: 'BV01 1', deviceId: '013612345678' }),
    ]);
    expect(decode(T.bq86).messages[0]).toMatchObject({ type: 'unknown', deviceId: '027028258309' });
  });

  it('classes command answers: an answer code echoing its data is carried out, words go to the spec rule', () => {
    const result = (frame: string) => {
      const reply = decode(frame).messages.find((m) => m.type === 'commandReply') as ReplyMessage;
      return judgeReply(undefined, reply.text, reply.outcome);
    };
    // AV01 (oil/power) and AV00 (output) answered with the state set; AP00 with a position.
    expect(result('(013612345678BV011)')).toBe(COMMAND_RESULT.success);
    expect(result('(013612345678BV000)')).toBe(COMMAND_RESULT.success);
    expect(result('(012345678901BP04130520A3439.9629S05826.3504W000.1175622323.8700000000L000450AC)')).toBe(
      COMMAND_RESULT.success,
    );
    // Firmware wording the document does not define: the spec's rule, either way.
    expect(decode('(013612345678BV01Failed)').messages[0]).not.toHaveProperty('outcome');
    expect(result('(013612345678BV01Failed)')).toBe(COMMAND_RESULT.error);
    expect(result('(013612345678BV01Cut off the fuel supply: Success!)')).toBe(COMMAND_RESULT.success);
    // ZC03 free text: the spec's rule.
    expect(result(T.zc03)).toBe(COMMAND_RESULT.error);
  });

  it('returns errors, never throws, on what is not a TK103 frame', () => {
    for (const bad of ['', '(', '()', 'BR00', '(x)', '(0123456789012345678901234567BR00)'])
      expect(decode(bad)).toMatchObject({ messages: [], reply: null, error: expect.any(String) });
  });
});

describe('TK103 commands and detection', () => {
  const session: CodecSession = { deviceId: '123456789012345' };

  it('sends TK103 codes in the command frame, whole frames as they are', () => {
    expect(encodeTk103Command('AV010', session).toString()).toBe('(123456789012345AV010)');
    expect(encodeTk103Command(' AP00 ', session).toString()).toBe('(123456789012345AP00)');
    expect(encodeTk103Command('(013612345678AT00)', {}).toString()).toBe('(013612345678AT00)');
    expect(tk103Codec.encodeTextCommand!('AR0000000000', session).toString()).toBe(
      '(123456789012345AR0000000000)',
    );
  });

  it("turns the platform's relay, reset, where and timer words into TK103 codes", () => {
    expect(encodeTk103Command('RELAY,1#', session).toString()).toBe('(123456789012345AV010)');
    expect(encodeTk103Command('Relay,0#', session).toString()).toBe('(123456789012345AV011)');
    expect(encodeTk103Command('RESET#', session).toString()).toBe('(123456789012345AT00)');
    expect(encodeTk103Command('WHERE#', session).toString()).toBe('(123456789012345AP00)');
    // Traccar's encoder test: a 60 s interval is AR00003C0000.
    expect(encodeTk103Command('TIMER,60#', session).toString()).toBe('(123456789012345AR00003C0000)');
    // 90 minutes: 1 hour and 30 (0x1E) minutes.
    expect(periodicData(30, 90)).toBe('AR00001E011E');
    expect(() => encodeTk103Command('AP00', {})).toThrow();
  });

  it('detects its own frames and not the other protocols', () => {
    for (const text of [T.br00Southern, T.dw3b, T.bp00Short, T.bz00Braced, T.br00LetterId])
      expect(tk103Codec.detect!(tk103(text))).toBe(true);
    for (const other of [
      '*HQ,865205030330012,V1,145452,A,2240.55181,N,11358.32389,E,0.00,0,100815,FFFFFBFF#',
      '$$A35,862106020628733,AAA,35,24.819173,121.000093,190221060636,A,7,16,0,0,1,52,1,1,|||0000|0000,,*6F',
      '78780d010123456789012345000139b40d0a',
      '(garbage',
    ])
      expect(tk103Codec.detect!(tk103(other))).toBe(false);
  });
});

describe("TK103 on Traccar's whole decoder test", () => {
  it('decodes every frame: a fix where Traccar finds a position, no error anywhere', () => {
    expect(TK103_TRACCAR_CORPUS.length).toBe(71);
    for (const [expected, text] of TK103_TRACCAR_CORPUS) {
      const r = decode(text);
      expect(r.error, text).toBeUndefined();
      expect(r.messages.length, text).toBeGreaterThan(0);
      const fixes = r.messages.filter(
        (m) => m.type === 'location' || m.type === 'alarm',
      ) as LocationMessage[];
      if (expected === 'position') {
        expect(fixes.length, text).toBe(1);
        expect(Math.abs(fixes[0].latitude) <= 90 && Math.abs(fixes[0].longitude) <= 180, text).toBe(true);
      }
      // Traccar stores nothing for these: handshakes (answered) and BQ86 OBD blocks.
      if (expected === 'none') expect(fixes, text).toEqual([]);
    }
  });
});
