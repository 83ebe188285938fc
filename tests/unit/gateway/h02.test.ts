import { describe, expect, it } from 'vitest';
import type { CodecSession, HeartbeatMessage, LocationMessage, ReplyMessage } from '../../../server/gateway/codec';
import { decodeH02Frame, h02Codec } from '../../../server/gateway/h02';
import { COMMAND_RESULT } from '../../../src/domain/codes';
import { judgeReply } from '../../../src/domain/command-reply';
import { TRACCAR_H02, vectorBytes } from './h02-frames';

const NOW = new Date('2026-01-01T08:09:10Z');
const text = (s: string, session: CodecSession = {}) => decodeH02Frame(Buffer.from(s, 'latin1'), session, NOW);
const hex = (s: string, session: CodecSession = {}) => decodeH02Frame(Buffer.from(s, 'hex'), session, NOW);
const first = <T>(r: { messages: unknown[] }) => r.messages[0] as T;

describe('H02: Traccar H02ProtocolDecoderTest frames', () => {
  it('decodes every frame Traccar turns into a position as a location with the device id', () => {
    for (const v of TRACCAR_H02.filter((x) => x.expect === 'position')) {
      const session: CodecSession = {};
      const r = decodeH02Frame(vectorBytes(v), session, NOW);
      expect(r.error, v.text ?? v.hex).toBeUndefined();
      const loc = r.messages.find((m) => m.type === 'location' || m.type === 'alarm') as LocationMessage;
      expect(loc, v.text ?? v.hex).toBeDefined();
      expect(Number.isFinite(loc.latitude) && loc.latitude !== 0, v.text ?? v.hex).toBe(true);
      if (!(v.text ?? '').startsWith('*HQ,,')) expect(session.deviceId).toMatch(/^\d{10,15}$/);
    }
  });

  it('decodes every frame Traccar reads attributes from, without error', () => {
    for (const v of TRACCAR_H02.filter((x) => ['attributes', 'attribute', 'notNull'].includes(x.expect))) {
      const r = decodeH02Frame(vectorBytes(v), {}, NOW);
      expect(r.error, v.text).toBeUndefined();
      expect(r.messages.length, v.text).toBe(1);
    }
  });

  it('never makes a valid fix of a frame Traccar drops', () => {
    for (const v of TRACCAR_H02.filter((x) => x.expect === 'null')) {
      const r = decodeH02Frame(vectorBytes(v), {}, NOW);
      expect(r.messages.some((m) => (m as LocationMessage).valid === true), v.text).toBe(false);
    }
  });

  it('gives the positions and times Traccar asserts', () => {
    const cases: [string, string, boolean, number, number][] = [
      ['*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#', '2025-10-22T21:39:45Z', true, 35.7034, -0.64418],
      ['*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#', '2015-12-22T16:45:49Z', true, 9.93978, -84.11178],
      ['*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#', '2015-10-03T05:04:18Z', false, 28.46021, 77.06414],
      ['*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#', '2015-03-07T03:01:49Z', true, -23.48349, -46.85975],
    ];
    for (const [frame, time, valid, lat, lon] of cases) {
      const m = first<LocationMessage>(text(frame));
      expect(m.time.toISOString()).toBe(new Date(time).toISOString());
      expect(m.valid).toBe(valid);
      expect(m.latitude).toBeCloseTo(lat, 4);
      expect(m.longitude).toBeCloseTo(lon, 4);
    }
    const bin = first<LocationMessage>(
      hex('24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f'),
    );
    expect(bin).toMatchObject({ deviceId: '4106000826', valid: true, time: new Date('2015-08-31T21:53:21Z') });
    expect(bin.latitude).toBeCloseTo(4.69898, 4);
    expect(bin.longitude).toBeCloseTo(-74.06971, 4);
  });

  it('keeps the status word as Traccar does (testDecodeStatus)', () => {
    expect(first<LocationMessage>(text('*HQ,2705171109,V1,213324,A,5002.5849,N,01433.7822,E,0.00,000,140613,FFFFFFFF#')).attributes).toMatchObject({ status: 'FFFFFFFF' });
    expect(first<LocationMessage>(hex('2441091144271222470112142233983006114026520E000000FFFFFBFFFF0014060000000001CC00262B0F170A')).attributes).toMatchObject({ status: 'FFFFFBFF' });
  });
});

describe('H02 fields', () => {
  it('reads speed in knots, course, ACC and the odometer tail', () => {
    const m = first<LocationMessage>(text('*HQ,2130510938,V1,012632,A,0520.0663,N,10028.6324,E,0.286,023,100317,FFFFDFFF,69129336,0,100.0,18,5141,5A20#'));
    expect(m.speed).toBeCloseTo(0.286 * 1.852, 5);
    expect(m).toMatchObject({ course: 23, acc: true, mileage: 69129.336, temperature: 0, fuel: 100, altitude: 18 });
    expect(m.attributes).toMatchObject({ lac: 0x5141, cid: 0x5a20 });
  });

  it('reads the ICCID of V19 and keeps other tails as io values', () => {
    const v19 = first<LocationMessage>(text('*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#'));
    expect(v19.iccid).toBe('89480610500392633029');
    expect(v19.attributes).toMatchObject({ phone: '195.63.13.195', status: 'BFFFFBFF' });
    const v1 = first<LocationMessage>(text('*HQ,4970105243,V1,104000,A,2235.1777,N,11357.8913,E,000.27,235,130721,FFFFFBFF,460,11,d18e105,7752,6#'));
    expect(v1.attributes).toMatchObject({ io1: '460', io2: '11', io3: 'd18e105', io4: '7752', io5: '6' });
  });

  it('maps status bits (0 = present) to alarms in Traccar’s order, as a state word', () => {
    const alarmsOf = (word: string) => first<LocationMessage>(text(`*HQ,2705171109,V1,213324,A,5002.5849,N,01433.7822,E,0.00,000,140613,${word}#`));
    expect(alarmsOf('FFFFFFFF')).toMatchObject({ type: 'location', acc: true, fuelCut: false });
    expect(alarmsOf('FFFFFFFF').alarms).toBeUndefined();
    expect(alarmsOf('FFFBFFFF')).toMatchObject({ type: 'alarm', alarm: 'sos', alarms: ['sos'], alarmsAreState: true });
    expect(alarmsOf('FFF7FBFF')).toMatchObject({ alarm: 'powerCut', acc: false });
    expect(alarmsOf('FFFFFFFA')).toMatchObject({ alarm: 'vibration', alarms: ['vibration', 'overspeed'] });
    expect(alarmsOf('FFFFFFFD').alarm).toBe('sos');
  });

  it('marks BC (blind spot upload) positions as re-uploaded', () => {
    const m = first<LocationMessage>(text('*HQ,4210051415,BC,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#'));
    expect(m).toMatchObject({ archived: true, valid: true });
    expect(first<LocationMessage>(text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#')).archived).toBeUndefined();
  });

  it('replaces an impossible time by the receive time and marks the fix invalid', () => {
    const m = first<LocationMessage>(text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,321315,FFFFFBFF#'));
    expect(m).toMatchObject({ time: NOW, valid: false });
    const b = first<LocationMessage>(hex('2441060116601245431399165035313006004318210e000000fffffbffff0024'));
    expect(b).toMatchObject({ time: NOW, valid: false });
  });

  it('keeps the cells of NBR, V3 and VP1 reports on an invalid lbs location', () => {
    const nbr = first<LocationMessage>(text('*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#'));
    expect(nbr).toMatchObject({ valid: false, positionType: 'lbs', time: new Date('2015-12-01T11:23:15Z') });
    expect(nbr.cells).toEqual([
      { mcc: 724, mnc: 10, lac: 215, cid: 2135, rssi: 123 },
      { mcc: 724, mnc: 10, lac: 215, cid: 2131, rssi: 121 },
    ]);
    const v3 = first<LocationMessage>(text('*HQ,355488020882405,V3,095426,74001,04,010278,045142,128,-92,010278,026311,125,,010278,026582,125,,010278,028322,119,,02DD,0,X,090517,FFFFFBFF#'));
    expect(v3.cells?.map((c) => [c.mcc, c.mnc, c.lac, c.cid])).toEqual([
      [740, 1, 10278, 45142],
      [740, 1, 10278, 26311],
      [740, 1, 10278, 26582],
      [740, 1, 10278, 28322],
    ]);
    expect(v3.attributes).toMatchObject({ batteryRaw: 0x2dd });
    const vp1 = first<LocationMessage>(text('*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#'));
    expect(vp1.cells).toEqual([
      { mcc: 470, mnc: 2, lac: 92, cid: 3565, rssi: 0 },
      { mcc: 470, mnc: 2, lac: 92, cid: 19433, rssi: 30 },
      { mcc: 470, mnc: 2, lac: 92, cid: 1340, rssi: 29 },
    ]);
  });

  it('reads the 45-byte binary frame’s cell and the battery level', () => {
    const m = first<LocationMessage>(hex('2441091144271222470112142233983006114026520E000000FFFFFBFFFF0014060000000001CC00262B0F170A'));
    expect(m.attributes).toMatchObject({ mcc: 460, mnc: 0, lac: 0x262b, cid: 0x0f17 });
    expect(m.battery).toBe(100);
    // The 46-byte frame of device 2130510938 repeats its text twin's tail (odometer 69129336 m, fuel 100, cell 5141/5A20).
    const sensors = first<LocationMessage>(hex('2421305109380127171003170520046500100286297e003085ffffdfffff03440069129344006400001151415a20'));
    expect(sensors).toMatchObject({ mileage: 69129.344, fuel: 100, temperature: 0, altitude: 17 });
    expect(sensors.attributes).toMatchObject({ lac: 0x5141, cid: 0x5a20 });
    const long = first<LocationMessage>(hex('2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC'));
    expect(long.deviceId).toBe('352483084193293');
  });

  it('reads LINK status, HTBT battery and SMS answers', () => {
    const link = first<HeartbeatMessage>(text('*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#'));
    expect(link).toMatchObject({ type: 'status', gsmSignal: 15, battery: 84, acc: false, deviceId: '1700086468' });
    expect(first<HeartbeatMessage>(text('*HQ,135790246811220,HTBT,100#'))).toMatchObject({ type: 'heartbeat', battery: 100 });
    expect(first<HeartbeatMessage>(text('*HQ,356327080425330,XT,1,100#'))).toMatchObject({ type: 'heartbeat', deviceId: '356327080425330' });
    const sms = first<ReplyMessage>(text('*HQ,5226073533,SMS,ST906 V2.0\nID:5226073533\nGSM:26#'));
    expect(sms).toMatchObject({ type: 'commandReply', text: 'ST906 V2.0\nID:5226073533\nGSM:26' });
  });

  it('reads a V4 command answer as the reply and a position', () => {
    const r = text('*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#');
    expect(r.messages.map((m) => m.type)).toEqual(['commandReply', 'location']);
    expect(r.messages[1]).toMatchObject({ fuelCut: true, acc: false });
    expect(first<ReplyMessage>(r).text).toBe('S20,DONE');
    expect(text('*HQ,2020916012,V4,S20,130305#').messages).toEqual([expect.objectContaining({ type: 'commandReply', text: 'S20' })]);
  });

  it('classes V4 answers by the confirm message they are: ERROR refuses, anything else confirms', () => {
    const result = (frame: string) => {
      const reply = first<ReplyMessage>(text(frame));
      return judgeReply(undefined, reply.text, reply.outcome);
    };
    const pos = '130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF';
    // The document's answers: fuel cut carried out, restored, set values echoed, the bare echo.
    expect(result(`*TH,2020916012,V4,S20,DONE,${pos}#`)).toBe(COMMAND_RESULT.success);
    expect(result(`*TH,2020916012,V4,S20,OK,${pos}#`)).toBe(COMMAND_RESULT.success);
    expect(result(`*TH,2020916012,V4,S14,100,10,1,3,${pos}#`)).toBe(COMMAND_RESULT.success);
    expect(result(`*TH,2020916012,V4,S17,${pos}#`)).toBe(COMMAND_RESULT.success);
    // Fuel cut not supported, and Traccar's R8 refusal.
    expect(result(`*TH,2020916012,V4,S20,ERROR,${pos}#`)).toBe(COMMAND_RESULT.error);
    expect(result(`*TH,2020916012,V4,R8,ERROR,${pos}#`)).toBe(COMMAND_RESULT.error);
    // SMS answers are free text: the spec's rule, on the text alone.
    expect(first<ReplyMessage>(text('*HQ,5226073533,SMS,GSM:26#'))).not.toHaveProperty('outcome');
    expect(result('*HQ,5226073533,SMS,GSM:26#')).toBe(COMMAND_RESULT.error);
    expect(result('*HQ,5226073533,SMS,Set OK#')).toBe(COMMAND_RESULT.success);
  });

  it('returns errors, never throws, on broken frames', () => {
    for (const bad of ['*HQ#', '*HQ,1,V1#', 'hello', '$12', '*HQ,123,V1,999999,A,99x,N,1,E,a,b,c,ZZZZ#']) {
      const r = text(bad);
      expect(r.messages.every((m) => (m as LocationMessage).valid !== true)).toBe(true);
    }
    expect(hex('24ffffffffff').error).toBeDefined();
  });
});

describe('H02 replies', () => {
  it('answers V1 with V4,V1 and a location ack that is on by default', () => {
    const r = text('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF#');
    expect(r.reply?.toString()).toBe('*HQ,4210051415,V4,V1,20260101080910#');
    expect(r.locationAck).toBe(true);
  });

  it('answers binary and V2..V19 reports with R12, off by default', () => {
    const b = hex('2441060116601245431311165035313006004318210e000000fffffbffff0024');
    expect(b.reply?.toString()).toBe('*HQ,4106011660,R12,080910#');
    expect(b.locationAck).toBe(false);
    const v19 = text('*HQ,4209917484,V19,093043,V,5052.9749,N,00426.4322,E,000.00,000,130916,,0032475874141,8944538530000543700F,FFFFFBFF#');
    expect(v19.reply?.toString()).toBe('*HQ,4209917484,R12,080910#');
  });

  it('echoes heartbeats and answers NBR; echoes the device’s maker code', () => {
    expect(text('*HQ,135790246811220,HTBT,100#').reply?.toString()).toBe('*HQ,135790246811220,HTBT#');
    const nbr = text('*HQ,1451316451,NBR,112315,724,10,2,2,215,2135,123,215,2131,121,011215,FFFFFFFF#');
    expect(nbr.reply?.toString()).toBe('*HQ,1451316451,V4,NBR,20260101080910#');
    expect(nbr.locationAck).toBe(true);
    const th = text('*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#');
    expect(th.reply?.toString()).toBe('*TH,2020916012,V4,V1,20260101080910#');
  });

  it('sends nothing for a report without an id on an anonymous connection, and uses the known id otherwise', () => {
    const frame = '*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#';
    expect(text(frame).reply).toBeNull();
    const r = text(frame, { deviceId: '4210051415' });
    expect(first<LocationMessage>(r).deviceId).toBe('4210051415');
    expect(r.reply?.toString()).toBe('*HQ,4210051415,V4,V1,20260101080910#');
  });

  it('keeps the connection’s first id for commands while each message names its own frame’s id', () => {
    const session: CodecSession = {};
    text('*HQ,4210051415,HTBT,100#', session);
    const other = hex('2441060116601245431311165035313006004318210e000000fffffbffff0024', session);
    expect(first<LocationMessage>(other).deviceId).toBe('4106011660');
    expect(other.reply?.toString()).toBe('*HQ,4106011660,R12,080910#');
    expect(session.deviceId).toBe('4210051415');
  });

  it('is registered as the h02 codec', () => {
    expect(h02Codec.protocol).toBe('h02');
  });
});
