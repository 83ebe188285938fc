import { describe, expect, it } from 'vitest';
import type { CodecSession, LocationMessage } from '../../../server/gateway/codec';
import {
  decodeTk103Frame,
  readHead,
  tk103AlarmAck,
  tk103HandshakeReply,
  tk103LoginReply,
} from '../../../server/gateway/tk103';
import { TK103_DOC, TK103_TRACCAR as T, tk103 } from './tk103-frames';

const NOW = new Date('2026-01-01T00:00:00Z');
const decode = (text: string, session: CodecSession = {}) => decodeTk103Frame(tk103(text), session, NOW);
const first = (text: string) => decode(text).messages[0] as LocationMessage;

describe('TK103 fixed-width positions', () => {
  it('reads date, validity, coordinates, speed, time, course, status and odometer', () => {
    const session: CodecSession = {};
    const r = decode(T.br00Southern, session);
    expect(r.error).toBeUndefined();
    expect(r.reply).toBeNull();
    expect(session.deviceId).toBe('088047365460');
    expect(r.messages).toHaveLength(1);
    // Traccar's test: 2015-10-24 05:51:48, -25.92255, 28.92222.
    expect(r.messages[0]).toMatchObject({
      type: 'location',
      protocol: 'tk103',
      deviceId: '088047365460',
      time: new Date('2015-10-24T05:51:48Z'),
      valid: true,
      speed: 4.7,
      course: 276,
      charging: true,
      acc: true,
      mileage: 0x9aa3 / 1000,
      positionType: 'gps',
    });
    expect(first(T.br00Southern).latitude).toBeCloseTo(-25.92255, 5);
    // Positions store whole degrees (276.17 in the frame).
    expect(first(T.br00Southern).longitude).toBeCloseTo(28.92222, 5);
  });

  it('takes space padding, letters in the id, an 11-character id and a 2-digit course', () => {
    expect(first(T.br00Spaces)).toMatchObject({
      speed: 46,
      course: 87,
      time: new Date('2020-06-17T17:37:25Z'),
    });
    expect(first(T.br00Spaces).longitude).toBeCloseTo(-(84 + 15.4076 / 60), 6);
    expect(first(T.br00LetterId)).toMatchObject({ deviceId: 'BALLESTEROS3', valid: true });
    expect(first(T.br00ElevenDigitId)).toMatchObject({ deviceId: '01602009983', valid: false });
    expect(first(T.br00ElevenDigitId).latitude).toBeCloseTo(-(18 + 55.7022 / 60), 6);
    expect(first(T.br00Odometer).mileage).toBe(0xef9ecb9c / 1000);
    expect(first(T.br00CommaCourse)).toMatchObject({ course: 0, speed: 0.3, attributes: { fuel: 0 } });
    expect(first(T.br00ExtraFields)).toMatchObject({ time: new Date('2017-02-28T15:45:29Z'), course: 0 });
  });

  it('reads the status characters: ACC, external power, fuel, temperature', () => {
    expect(first(T.br00Fuel)).toMatchObject({
      acc: false,
      charging: true,
      attributes: { fuel: 0x04f, status: '0000004F' },
    });
    expect(first(T.br00Temperature)).toMatchObject({ temperature: 17.7, mileage: 0x00beb0d4 / 1000 });
    expect(first(T.br00Trailing).time).toEqual(new Date('2019-02-13T00:02:35Z'));
  });

  it('replaces an impossible date by the receive time and marks the fix invalid', () => {
    expect(first(T.br00BadDate)).toMatchObject({ time: NOW, valid: false });
    expect(first(TK103_DOC.alarm)).toMatchObject({ time: NOW, valid: false, speed: 40, course: 310 });
  });
});

describe('TK103 login, handshake and alarms', () => {
  it('answers the handshake with AP01HSO, byte for byte', () => {
    for (const text of [T.bp00, T.bp00Short, TK103_DOC.handshake]) {
      const r = decode(text);
      expect(r.messages).toEqual([
        expect.objectContaining({ type: 'heartbeat', deviceId: readHead(text)!.id }),
      ]);
      expect(r.reply?.toString('latin1')).toBe(`(${readHead(text)!.id}AP01HSO)`);
    }
    expect(tk103HandshakeReply('027044702512').toString()).toBe('(027044702512AP01HSO)');
  });

  it('answers BP05 with AP05 and decodes its position after the IMEI', () => {
    const r = decode(TK103_DOC.login);
    expect(r.reply?.toString()).toBe('(012345678901AP05)');
    expect(r.messages[0]).toEqual(expect.objectContaining({ type: 'login', deviceId: '012345678901' }));
    expect(r.messages[1]).toMatchObject({
      type: 'location',
      time: new Date('2013-05-20T17:56:22Z'),
      speed: 0.1,
      course: 324,
    });
    expect((r.messages[1] as LocationMessage).latitude).toBeCloseTo(-(34 + 39.9629 / 60), 6);
    expect(decode(T.bp05Doc).messages[1]).toMatchObject({ valid: false, latitude: 0, longitude: 0 });
    expect(decode(T.bp05Fixed).messages[1]).toMatchObject({
      valid: true,
      time: new Date('2015-09-29T19:39:27Z'),
    });
    expect(tk103LoginReply('x').toString()).toBe('(xAP05)');
  });

  it('raises BO01 alarms and acks them with AS01 and the code once stored', () => {
    const r = decode(T.bo01Sos);
    expect(r.messages[0]).toMatchObject({
      type: 'alarm',
      alarm: 'sos',
      alarms: ['sos'],
      time: new Date('2011-09-25T02:59:48Z'),
    });
    expect(r.reply?.toString()).toBe('(013666666666AS012)');
    expect(r.locationAck).toBe(true);
    expect(tk103AlarmAck('013612345678', '5').toString()).toBe('(013612345678AS015)');
    const codes: Record<string, string> = {
      '0': 'powerCut',
      '1': 'accident',
      '3': 'vibration',
      '4': 'lowSpeed',
      '5': 'overspeed',
      '6': 'geofenceExit',
      '9': 'general',
    };
    for (const [code, alarm] of Object.entries(codes))
      expect(first(T.bo01Sos.replace('BO012', `BO01${code}`))).toMatchObject({
        alarm,
        attributes: { alarmCode: code },
      });
  });

  it('reads BQ81 driving alarms and the ZC / DW event codes', () => {
    expect(first(T.bq81Overspeed)).toMatchObject({
      type: 'alarm',
      alarm: 'overspeed',
      time: new Date('2015-11-01T12:41:01Z'),
    });
    expect(first(T.zc11)).toMatchObject({
      type: 'alarm',
      alarm: 'movement',
      valid: false,
      altitude: 0,
      satellites: 11,
    });
    expect(first(T.zc17)).toMatchObject({ alarm: 'removing', valid: true, altitude: 64.5, satellites: 9 });
    expect(first(T.zc13)).toMatchObject({ alarm: 'powerCut', time: new Date('2013-06-04T04:01:37Z') });
    expect(first(T.zc13.replace('ZC13', 'ZC15'))).toMatchObject({ type: 'location', acc: true });
    expect(first(T.zc13.replace('ZC13', 'ZC16'))).toMatchObject({ type: 'location', acc: false });
    expect(first(T.zc13.replace('ZC13', 'ZC25')).alarm).toBe('sos');
    expect(first(T.zc13.replace('ZC13', 'ZC27')).alarm).toBe('lowPower');
  });
});

describe('TK103 comma layout', () => {
  it('reads ddmmyy dates, free-width coordinates, altitude and satellites', () => {
    // Traccar's test: 2014-04-24 11:28:25, 45.45586, 9.16626.
    const r = decode(T.bp05Comma);
    expect(r.reply?.toString()).toBe('(352606090042050AP05)');
    const m = r.messages[1] as LocationMessage;
    expect(m).toMatchObject({
      deviceId: '352606090042050',
      time: new Date('2014-04-24T11:28:25Z'),
      speed: 4.8,
      course: 155,
    });
    expect(m.latitude).toBeCloseTo(45.45586, 4);
    expect(m.longitude).toBeCloseTo(9.16626, 4);
    const dw = first(T.dw3b);
    expect(dw).toMatchObject({
      time: new Date('2021-04-15T10:31:42Z'),
      altitude: 595.2,
      satellites: 7,
      type: 'location',
    });
    expect(dw.longitude).toBeCloseTo(45.7895 / 60, 6);
    expect(first(T.dw30)).toMatchObject({ satellites: 12, altitude: 43.4 });
    expect(decode(T.bp05CommaStatus).messages[1]).toMatchObject({ charging: true, acc: false, mileage: 0 });
  });
});
