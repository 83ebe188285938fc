import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import {
  tk103AlarmAck,
  tk103Codec,
  tk103HandshakeReply,
  tk103LoginReply,
} from '../../../server/gateway/tk103';
import { tk103SimDriver } from '../../../server/sim/tk103-frames';

const ID = '013612345678';
const NOW = new Date('2026-03-01T00:00:00Z');
const fix = {
  time: new Date('2026-02-28T23:59:58Z'),
  lat: -33.868812,
  lon: 151.209312,
  speed: 42.5,
  course: 181,
};

describe('simulated TK103 tracker', () => {
  it('logs in and sends handshakes the codec answers', () => {
    const session: CodecSession = {};
    const login = tk103Codec.decodeFrame(tk103SimDriver.login(ID, 0)!, session, NOW);
    expect(login.messages).toEqual([expect.objectContaining({ type: 'login', deviceId: ID })]);
    expect(login.reply).toEqual(tk103LoginReply(ID));
    expect(session.deviceId).toBe(ID);
    expect(tk103SimDriver.readyOnConnect).toBe(false);
    const beat = tk103Codec.decodeFrame(tk103SimDriver.heartbeat(ID, 1)!, session, NOW);
    expect(beat.messages).toEqual([expect.objectContaining({ type: 'heartbeat', deviceId: ID })]);
    expect(beat.reply).toEqual(tk103HandshakeReply(ID));
  });

  it('sends reports that decode to the same fix, status and alarm', () => {
    const plain = tk103Codec.decodeFrame(
      tk103SimDriver.location(ID, fix, { acc: true, mileageKm: 1234.5, alarm: false }, 2),
      {},
      NOW,
    );
    const m = plain.messages[0] as LocationMessage;
    expect(m).toMatchObject({
      type: 'location',
      deviceId: ID,
      time: fix.time,
      valid: true,
      speed: 42.5,
      course: 181,
      acc: true,
      mileage: 1234.5,
    });
    expect(m.latitude).toBeCloseTo(fix.lat, 5);
    expect(m.longitude).toBeCloseTo(fix.lon, 5);
    expect(plain.reply).toBeNull();
    const alarm = tk103Codec.decodeFrame(
      tk103SimDriver.location(ID, fix, { acc: false, mileageKm: 0, alarm: true }, 3),
      {},
      NOW,
    );
    expect(alarm.messages[0]).toMatchObject({ type: 'alarm', alarm: 'sos', acc: false, time: fix.time });
    expect(alarm.reply).toEqual(tk103AlarmAck(ID, '2'));
    expect(alarm.locationAck).toBe(true);
  });

  it('reads the login answer, alarm acks and commands, however the bytes are cut', () => {
    const command = tk103Codec.encodeTextCommand!('RELAY,1#', { deviceId: ID });
    const stream = Buffer.concat([
      tk103LoginReply(ID),
      tk103HandshakeReply(ID),
      tk103AlarmAck(ID, '2'),
      command,
    ]);
    for (const size of [1, 2, 7, stream.length]) {
      const reader = tk103SimDriver.reader();
      const events = [];
      for (let at = 0; at < stream.length; at += size)
        events.push(...reader.push(stream.subarray(at, at + size)));
      expect(events).toEqual([
        { kind: 'accepted' },
        { kind: 'ack' },
        { kind: 'command', text: 'AV010', ref: 'AV01' },
      ]);
    }
  });

  it("answers a command with its B code, which the codec reads as the command's reply", () => {
    for (const answer of ['Cut off the fuel supply: Success!', 'Lat:N22.5(x)', 'OK']) {
      const frame = tk103SimDriver.commandReply(ID, { text: 'AV010', ref: 'AV01' }, answer, 4);
      const r = tk103Codec.decodeFrame(frame, {}, NOW);
      expect(r.messages).toEqual([
        expect.objectContaining({
          type: 'commandReply',
          deviceId: ID,
          text: expect.stringContaining(answer),
        }),
      ]);
    }
  });
});
