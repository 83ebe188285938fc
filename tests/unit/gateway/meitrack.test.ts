import { describe, expect, it } from 'vitest';
import type { CodecSession, DecodedMessage, LocationMessage } from '../../../server/gateway/codec';
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
  history,
  MEITRACK_DOC,
  text,
  TRACCAR_COMMANDS,
  TRACCAR_TEXT,
} from './meitrack-frames';

const NOW = new Date('2026-11-26T12:00:00Z');
const decode = (frame: Buffer, session: CodecSession = {}) => meitrackCodec.decodeFrame(frame, session, NOW);
const first = (frame: Buffer) => decode(frame).messages[0] as LocationMessage;
const byType = (messages: DecodedMessage[], type: string) => messages.filter((m) => m.type === type);

/** The sum-mod-256 checksum, written out again so the tests do not trust the encoder's. */
function withChecksum(upToStar: string): string {
  let sum = 0;
  for (const b of Buffer.from(upToStar, 'latin1')) sum = (sum + b) & 0xff;
  return `${upToStar}${sum.toString(16).toUpperCase().padStart(2, '0')}\r\n`;
}

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

describe('Meitrack binary records', () => {
  it('CCC: 52-byte records, acked with the record count under the same identifier', () => {
    const r = decode(binary('cccOne'));
    expect(r.messages).toHaveLength(1);
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      time: new Date('2014-05-24T04:59:49Z'),
      valid: false,
      latitude: -7.266504,
      longitude: 112.743651,
      satellites: 9,
      mileage: 80.083,
      cells: [{ mcc: 510, mnc: 1, lac: 13572, cid: 60414 }],
      attributes: { event: 35, batteryVoltage: 4.19 },
    });
    expect(r.locationAck).toBe(true);
    expect(r.reply?.toString('latin1')).toBe(withChecksum('@@X27,369800014090021,CCC,1*'));
    const many = decode(binary('cccEighteen'));
    expect(many.messages).toHaveLength(18);
    expect(byType(many.messages, 'alarm')).toHaveLength(3);
    expect(many.reply?.toString('latin1')).toBe(withChecksum('@@G28,369800013460674,CCC,18*'));
  });

  it('CCE: every record of the batch, with position, time and status', () => {
    const r = decode(binary('cceThreeRecords'));
    expect(r.reply).toBeNull();
    expect(r.messages).toHaveLength(3);
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      deviceId: '865413050891737',
      time: new Date('2023-02-26T00:48:38Z'),
      valid: true,
      latitude: -27.263293,
      longitude: 153.037538,
      satellites: 22,
      course: 142,
      altitude: 12,
      mileage: 147.673,
      battery: 77,
      cells: [{ mcc: 505, mnc: 1, lac: 28722, cid: 147363842, rssi: -103 }],
    });
    expect(decode(binary('cceLong')).messages).toHaveLength(3);
    expect(decode(binary('cceCached')).messages).toHaveLength(3);
  });

  it('CCE: alarms, RFID, OBD hours, lock, tags, battery packs, Wi-Fi, temperatures, alarm pictures', () => {
    expect(decode(binary('ccePowerAndSos')).messages.map((m) => (m as LocationMessage).alarm)).toEqual([
      undefined,
      'powerRestored',
      'sos',
    ]);
    expect(first(binary('cceCornering'))).toMatchObject({ type: 'alarm', alarm: 'hardCornering', speed: 28 });
    expect(first(binary('cceRfid')).driverId).toBe('12165644');
    expect(first(binary('cceObdHours')).attributes).toMatchObject({ engineMinutes: 644515 });
    expect(first(binary('cceLock')).attributes).toMatchObject({ lock: true });
    expect(first(binary('cceBleTag')).attributes).toMatchObject({ tagTemp: -10.63671875 });
    expect(first(binary('cceTagName')).attributes).toMatchObject({ tagName: 'tnhsensor' });
    expect(first(binary('cceBatteryPacks')).attributes).toMatchObject({ battery2Level: 88 });
    expect(first(binary('cceImage')).attributes).toMatchObject({
      image: '2025-06-07/20250607122041_CH1_dca.jpg',
    });
    const wifi = first(binary('cceWifi'));
    expect(wifi.wifi).toHaveLength(8);
    expect(wifi.wifi?.[0]).toEqual({ mac: '2a:bd:89:0a:49:1c', rssi: -46 });
    expect(first(binary('cceTemperatures'))).toMatchObject({ temperature: 85, attributes: { temp2: 21.87 } });
  });

  it('D00 photo data is recognised and not stored', () => {
    const r = decode(binary('d00Photo'));
    expect(r.error).toBeUndefined();
    expect(r.messages).toMatchObject([{ type: 'unknown', deviceId: '864507031219974' }]);
    expect(r.reply).toBeNull();
  });

  it('AAC keep-alive: answered @@...AAC,1 under its identifier', () => {
    const r = decode(text('aac'));
    expect(r.messages).toMatchObject([{ type: 'heartbeat', deviceId: '861451040910625' }]);
    expect(r.reply?.toString('latin1')).toBe(withChecksum('@@z27,861451040910625,AAC,1*'));
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

describe('Meitrack CCC layouts', () => {
  it('leaves records of another length undecoded and unacked, so the device keeps them', () => {
    const head = Buffer.from([0x01, 0x05, 0x40, 0x00, 0x01, 0x00, 0x00, 0x00]);
    const frame = buildMeitrackPacket(
      '$$',
      'A',
      '353358017784062',
      Buffer.concat([Buffer.from('CCC,'), head, Buffer.alloc(64)]),
    );
    const r = decode(frame);
    expect(r.reply).toBeNull();
    expect(r.messages).toMatchObject([{ type: 'unknown', deviceId: '353358017784062' }]);
  });
});

describe('Meitrack frames of earlier Traccar test versions', () => {
  it('decodes the driving licence RFID, the buffered report, CCE and CCC batches', () => {
    expect(first(history('aaaDriverLicense'))).toMatchObject({
      latitude: 13.904755,
      longitude: 100.529811,
      time: new Date('2025-09-18T05:06:20Z'),
      externalVoltage: 24.56,
      driverId: expect.stringContaining('DRIVING LICENSE'),
    });
    expect(first(history('aaaBuffer'))).toMatchObject({
      type: 'location',
      latitude: 13.905055,
      attributes: { event: 35 },
    });
    expect(decode(history('cceReboot')).messages).toHaveLength(2);
    expect(first(history('cceBattery'))).toMatchObject({ battery: 77, latitude: -27.263275, valid: true });
    const ccc = decode(history('cccHeartbeat'));
    expect(ccc.messages).toHaveLength(18);
    expect(ccc.reply?.toString('latin1')).toBe(withChecksum('@@G28,369800013220020,CCC,18*'));
  });
});
