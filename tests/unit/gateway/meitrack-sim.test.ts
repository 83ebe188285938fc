import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import { meitrackCodec } from '../../../server/gateway/meitrack';
import type { SimServerEvent } from '../../../server/sim/driver';
import { meitrackReport, meitrackSimDriver, parseServerPacket } from '../../../server/sim/meitrack-frames';
import { binary, text } from './meitrack-frames';

const IMEI = '353358017784062';
const NOW = new Date('2026-11-26T12:00:00Z');
const fix = {
  time: new Date('2026-11-26T11:58:00Z'),
  lat: 22.543176,
  lon: 114.078448,
  speed: 42,
  course: 205,
  satellites: 9,
};

/** Feeds `stream` to a fresh driver reader in pieces of `size` bytes. */
function read(stream: Buffer, size: number): SimServerEvent[] {
  const reader = meitrackSimDriver.reader();
  const out: SimServerEvent[] = [];
  for (let at = 0; at < stream.length; at += size) out.push(...reader.push(stream.subarray(at, at + size)));
  return out;
}

describe('simulated Meitrack tracker', () => {
  it('sends AAA reports the codec decodes to the same fix, identifying the device', () => {
    const session: CodecSession = {};
    const frame = meitrackSimDriver.location(IMEI, fix, { acc: true, mileageKm: 12.5, alarm: false }, 1);
    const r = meitrackCodec.decodeFrame(frame, session, NOW);
    expect(session.deviceId).toBe(IMEI);
    expect(r.reply).toBeNull();
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      deviceId: IMEI,
      time: fix.time,
      valid: true,
      latitude: fix.lat,
      longitude: fix.lon,
      speed: 42,
      course: 205,
      satellites: 9,
      mileage: 12.5,
      acc: true,
      checksumOk: true,
    });
  });

  it('raises SOS for an alarm and reports the ignition when it changes', () => {
    const decode = (f: Buffer) => meitrackCodec.decodeFrame(f, {}, NOW).messages[0] as LocationMessage;
    const sos = decode(meitrackSimDriver.location('1001', fix, { acc: true, mileageKm: 1, alarm: true }, 1));
    expect(sos).toMatchObject({ type: 'alarm', alarm: 'sos', alarms: ['sos'] });
    expect(
      decode(meitrackSimDriver.location('1001', fix, { acc: true, mileageKm: 1, alarm: false }, 2)).acc,
    ).toBe(true);
    expect(
      decode(meitrackSimDriver.location('1001', fix, { acc: true, mileageKm: 1, alarm: false }, 3)).acc,
    ).toBeUndefined();
    expect(
      decode(meitrackSimDriver.location('1001', fix, { acc: false, mileageKm: 1, alarm: false }, 4)).acc,
    ).toBe(false);
    expect(meitrackReport(fix, { acc: false, mileageKm: 0, alarm: false }, false).event).toBe(35);
  });

  it("reads the codec's command packets and acks however the bytes are cut", () => {
    const session = { deviceId: IMEI };
    // Traccar's one-record CCC batch: its ack is the server's CCC,1.
    const ccc = meitrackCodec.decodeFrame(binary('cccOne'), {}, NOW).reply!;
    const stream = Buffer.concat([
      Buffer.from('junk'),
      meitrackCodec.encodeTextCommand!('A10', session),
      ccc,
      meitrackCodec.encodeTextCommand!('C01,0,12222', session),
      meitrackCodec.decodeFrame(text('aac'), {}, NOW).reply!,
    ]);
    for (const size of [1, 2, 7, stream.length]) {
      expect(read(stream, size)).toEqual([
        { kind: 'command', text: 'A10', ref: 'A10' },
        { kind: 'ack', count: 1 },
        { kind: 'command', text: 'C01,0,12222', ref: 'C01' },
        { kind: 'ack', count: 1 },
      ]);
    }
  });

  it('answers a command under its name, which the codec takes as the command reply', () => {
    const [command] = read(meitrackCodec.encodeTextCommand!('A12,6', { deviceId: IMEI }), 64);
    expect(command).toEqual({ kind: 'command', text: 'A12,6', ref: 'A12' });
    const answer = meitrackSimDriver.commandReply(IMEI, command as { text: string; ref?: string }, 'OK', 5);
    expect(answer.toString('latin1')).toMatch(/^\$\$A28,353358017784062,A12,OK\*[0-9A-F]{2}\r\n$/);
    expect(meitrackCodec.decodeFrame(answer, {}, NOW).messages).toMatchObject([
      { type: 'commandReply', text: 'A12,OK' },
    ]);
  });

  it('has no login and no heartbeat frame: reports start on connect', () => {
    expect(meitrackSimDriver.login(IMEI, 0)).toBeNull();
    expect(meitrackSimDriver.readyOnConnect).toBe(true);
    expect(meitrackSimDriver.heartbeat(IMEI, 0)).toBeNull();
  });

  it('parses server packets and refuses what is not one', () => {
    expect(parseServerPacket('@@A25,123456789012345,A10*58')).toEqual({
      id: '123456789012345',
      command: 'A10',
      params: '',
    });
    expect(parseServerPacket('@@A48,123456789012345,C02,0,15360853789,Meitrack*8B')).toEqual({
      id: '123456789012345',
      command: 'C02',
      params: '0,15360853789,Meitrack',
    });
    expect(parseServerPacket('$$A25,123456789012345,A10*58')).toBeNull();
    expect(parseServerPacket('@@A25,123456789012345')).toBeNull();
  });
});
