import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import { jt808Codec } from '../../../server/gateway/jt808';
import { jt808AlarmStatus, jt808Location, jt808LocationParts } from '../../../server/sim/jt808-frames';

const NOW = new Date('2025-11-26T10:00:00Z');
const FIX = { time: new Date('2025-11-26T09:59:00Z'), lat: 22.5, lon: 114.05, speed: 40, course: 10 };

/** What the gateway's splitter and decoder make of one write of the simulator. */
function receive(bytes: Buffer, session: CodecSession) {
  return jt808Codec
    .createSplitter()
    .push(bytes)
    .map((f) => jt808Codec.decodeFrame(f, session, NOW));
}

describe('simulated JT/T 808 alarms', () => {
  it('raise several alarms in one frame, sent as two sub-packages the gateway reassembles', () => {
    const status = { acc: true, mileageKm: 12, ...jt808AlarmStatus(FIX.speed) };
    const session: CodecSession = {};
    const results = receive(jt808LocationParts('13912345678', FIX, status, 0xffff, 2), session);
    expect(results).toHaveLength(2);
    expect(results[0].messages[0]).toMatchObject({ type: 'unknown' });
    const msg = results[1].messages[0] as LocationMessage;
    expect(msg).toMatchObject({ type: 'alarm', alarms: ['sos', 'powerCut', 'movement'], mileage: 12 });
    expect(results[1].locationAck).toBe(true);
    // Serials wrap: the last part is serial 0, and the answer to it acks the position.
    expect(results[1].reply!.subarray(13, 15).toString('hex')).toBe('0000');
  });

  it('overspeed carries its 0x11 item; plain positions stay one frame', () => {
    const fast = { acc: true, ...jt808AlarmStatus(130) };
    const [only] = receive(jt808Location('13912345678', { ...FIX, speed: 130 }, fast, 3), {});
    expect(only.messages[0]).toMatchObject({ type: 'alarm', alarms: ['overspeed'], speed: 130 });
    expect((only.messages[0] as LocationMessage).attributes).toMatchObject({ overspeedAreaType: 0 });
  });
});
