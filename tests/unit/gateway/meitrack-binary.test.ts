/** Meitrack binary packets (CCC, CCE, D00) and the AAC keep-alive: Traccar's test frames. */
import { describe, expect, it } from 'vitest';
import type { CodecSession, DecodedMessage, LocationMessage } from '../../../server/gateway/codec';
import { buildMeitrackPacket, meitrackCodec } from '../../../server/gateway/meitrack';
import { binary, history, text } from './meitrack-frames';

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
