import { describe, expect, it } from 'vitest';
import { decodeTeltonikaFrame, encodeTeltonikaCommand } from '../../../server/gateway/teltonika';
import { teltonikaRecord, TeltonikaServerReader } from '../../../server/sim/teltonika-frames';

describe('simulated Teltonika tracker', () => {
  it('reads the handshake answer, count acks and Codec 12 commands however the bytes are cut', () => {
    const ack = Buffer.from('00000003', 'hex');
    const stream = Buffer.concat([Buffer.from([1]), ack, encodeTeltonikaCommand('getver'), ack]);
    for (const size of [1, 2, 5, stream.length]) {
      const reader = new TeltonikaServerReader();
      const out = [];
      for (let at = 0; at < stream.length; at += size) out.push(...reader.push(stream.subarray(at, at + size)));
      expect(out).toEqual([
        { kind: 'handshake', accepted: true },
        { kind: 'ack', records: 3 },
        { kind: 'command', text: 'getver' },
        { kind: 'ack', records: 3 },
      ]);
    }
    expect(new TeltonikaServerReader().push(Buffer.from([0]))).toEqual([{ kind: 'handshake', accepted: false }]);
  });

  it('sends records the gateway decodes, with a crash alarm when asked', () => {
    const fix = { time: new Date('2025-05-05T05:05:05Z'), lat: 54.68, lon: 25.28, speed: 50, course: 90, satellites: 9 };
    const r = decodeTeltonikaFrame(teltonikaRecord(fix, { acc: true, mileageKm: 12.5, alarm: true }), { deviceId: '1' });
    expect(r.messages[0]).toMatchObject({
      type: 'alarm',
      alarm: 'accident',
      time: fix.time,
      latitude: 54.68,
      longitude: 25.28,
      speed: 50,
      acc: true,
      mileage: 12.5,
    });
  });
});
