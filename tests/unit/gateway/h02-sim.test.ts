import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage, ReplyMessage } from '../../../server/gateway/codec';
import { decodeH02Frame, encodeH02Binary, encodeStatusWord, h02Codec } from '../../../server/gateway/h02';
import { h02SimDriver, H02ServerReader } from '../../../server/sim/h02-frames';

const NOW = new Date('2026-03-04T05:06:07Z');
const ID = '4210051415';
const fix = { time: new Date('2026-03-04T05:06:00Z'), lat: -33.868812, lon: 151.209323, speed: 55.5, course: 271, satellites: 9 };

describe('simulated H02 tracker', () => {
  it('sends V1 reports the codec decodes to the same fix, ACC, odometer and SOS', () => {
    expect(h02SimDriver.login(ID, 1)).toBeNull();
    expect(h02SimDriver.readyOnConnect).toBe(true);
    const session: CodecSession = {};
    const frame = h02SimDriver.location(ID, fix, { acc: true, mileageKm: 1234.567, alarm: true }, 1);
    const [splitOut] = h02Codec.createSplitter().push(frame);
    const r = h02Codec.decodeFrame(splitOut, session, NOW);
    const m = r.messages[0] as LocationMessage;
    expect(session.deviceId).toBe(ID);
    expect(m).toMatchObject({ type: 'alarm', alarm: 'sos', deviceId: ID, time: fix.time, valid: true, course: 271, acc: true, mileage: 1234.567 });
    expect(m.latitude).toBeCloseTo(fix.lat, 5);
    expect(m.longitude).toBeCloseTo(fix.lon, 5);
    expect(m.speed).toBeCloseTo(fix.speed, 1);
    const quiet = h02Codec.decodeFrame(h02SimDriver.location(ID, fix, { acc: false, mileageKm: 0, alarm: false }, 2), {}, NOW);
    expect(quiet.messages[0]).toMatchObject({ type: 'location', acc: false });
    expect((quiet.messages[0] as LocationMessage).alarms).toBeUndefined();
  });

  it('reads the server answers and acks as acks, and heartbeat echoes as nothing', () => {
    const session: CodecSession = {};
    const v1 = h02Codec.decodeFrame(h02SimDriver.location(ID, fix, { acc: true, mileageKm: 1, alarm: false }, 1), session, NOW);
    const hb = h02Codec.decodeFrame(h02SimDriver.heartbeat(ID, 2)!, session, NOW);
    expect(hb.messages[0]).toMatchObject({ type: 'heartbeat', deviceId: ID, battery: 100 });
    const binary = h02Codec.decodeFrame(encodeH02Binary(ID, { time: fix.time, latitude: fix.lat, longitude: fix.lon, speed: 0, course: 0 }, 0xffffffff), session, NOW);
    const stream = Buffer.concat([v1.reply!, hb.reply!, binary.reply!]);
    for (const size of [1, 3, stream.length]) {
      const reader = h02SimDriver.reader();
      const out = [];
      for (let at = 0; at < stream.length; at += size) out.push(...reader.push(stream.subarray(at, at + size)));
      expect(out).toEqual([{ kind: 'ack', count: 1 }, { kind: 'ack', count: 1 }]);
    }
  });

  it('reads a command, answers it with V4 and the gateway matches the answer', () => {
    const session: CodecSession = { deviceId: ID };
    h02SimDriver.location(ID, fix, { acc: true, mileageKm: 1, alarm: false }, 1);
    const command = h02Codec.encodeTextCommand!('RELAY,1#', session);
    const [event] = new H02ServerReader().push(command);
    expect(event).toMatchObject({ kind: 'command', text: 'RELAY,1#' });
    if (event.kind !== 'command') throw new Error('no command');
    expect(event.ref).toMatch(/^S20,\d{6}$/);
    const answer = h02SimDriver.commandReply(ID, event, 'Cut off the fuel supply: Success!', 3);
    const r = decodeH02Frame(answer, session, NOW);
    expect(r.messages[0]).toMatchObject({ type: 'commandReply', text: 'S20,Cut off the fuel supply: Success!' } satisfies Partial<ReplyMessage>);
    expect(r.messages[1]).toMatchObject({ type: 'location', deviceId: ID });
    expect((r.messages[1] as LocationMessage).latitude).toBeCloseTo(fix.lat, 5);
    // Other commands come through as the H02 words they are.
    const [d1] = new H02ServerReader().push(h02Codec.encodeTextCommand!('D1,30', session));
    expect(d1).toMatchObject({ kind: 'command', text: 'D1,30#' });
  });

  it('builds binary reports the codec reads back', () => {
    const status = encodeStatusWord({ acc: true, alarms: ['powerCut'] });
    const m = decodeH02Frame(encodeH02Binary(ID, { time: fix.time, latitude: fix.lat, longitude: fix.lon, speed: fix.speed, course: 271 }, status), {}, NOW).messages[0] as LocationMessage;
    expect(m).toMatchObject({ deviceId: ID, time: fix.time, valid: true, course: 271, acc: true, alarm: 'powerCut', battery: 100 });
    expect(m.latitude).toBeCloseTo(fix.lat, 4);
    expect(m.longitude).toBeCloseTo(fix.lon, 4);
    expect(m.speed).toBeCloseTo(30 * 1.852, 5); // 55.5 km/h = 29.97 knots, sent as a whole 30
  });
});
