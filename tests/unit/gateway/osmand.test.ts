import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from '../../../server/gateway/osmand';
import { FixAdmission } from '../../../server/gateway/osmand/rate';
import type { OsmAndDecoded } from '../../../server/gateway/osmand/params';

const NOW = new Date('2026-11-26T10:00:00Z');
const get = (query: string) => decodeOsmAnd({ url: `/?${query}`, body: '' }, NOW);
const ok = (d: OsmAndDecoded) => {
  if (!d.ok) throw new Error(`refused: ${d.error}`);
  return d;
};
const refused = (d: OsmAndDecoded) => {
  if (d.ok) throw new Error('accepted');
  return d;
};

describe('OsmAnd query and form parameters', () => {
  it('reads the OsmAnd app fields with speed in knots', () => {
    const d = ok(
      get(
        'id=123456&lat=22.5431&lon=114.0579&timestamp=1764151200&hdop=1.2&altitude=35.5&speed=10&bearing=270.5&accuracy=4&batt=87',
      ),
    );
    expect(d.terminalId).toBe('123456');
    const m = d.message;
    expect(m).toMatchObject({ protocol: 'osmand', type: 'location', latitude: 22.5431, longitude: 114.0579 });
    expect(m.time.toISOString()).toBe('2025-11-26T10:00:00.000Z');
    expect(m.speed).toBe(18.52); // 10 kn
    expect(m.course).toBe(271); // whole degrees, as the positions table holds it
    expect(m.altitude).toBe(35.5);
    expect(m.battery).toBe(87);
    expect(m.valid).toBe(true);
    expect(m.attributes).toEqual({ accuracy: 4, hdop: 1.2 });
  });

  it('takes the timestamp in seconds, milliseconds, ISO or yyyy-MM-dd HH:mm:ss (UTC)', () => {
    const at = (t: string) =>
      ok(get(`id=1&lat=1&lon=2&timestamp=${encodeURIComponent(t)}`)).message.time.toISOString();
    expect(at('1764151200')).toBe('2025-11-26T10:00:00.000Z');
    expect(at('1764151200123')).toBe('2025-11-26T10:00:00.123Z');
    expect(at('2025-11-26T12:00:00+02:00')).toBe('2025-11-26T10:00:00.000Z');
    // Sent unencoded, the + of the zone arrives as a space.
    expect(ok(get('id=1&lat=1&lon=2&timestamp=2025-11-26T12:00:00+02:00')).message.time.toISOString()).toBe(
      '2025-11-26T10:00:00.000Z',
    );
    // An empty value is no value: the receive time.
    expect(ok(get('id=1&lat=1&lon=2&timestamp=&speed=')).message.time).toEqual(NOW);
    expect(at('2025-11-26T10:00:00.5Z')).toBe('2025-11-26T10:00:00.500Z');
    expect(at('2025-11-26 10:00:00')).toBe('2025-11-26T10:00:00.000Z');
    // Without a timestamp the receive time is the fix time.
    expect(ok(get('id=1&lat=1&lon=2')).message.time).toEqual(NOW);
  });

  it('reads location=lat,lon, heading, valid, charge, driverUniqueId, sat and a known alarm', () => {
    const m = ok(
      get(
        'deviceid=abc&location=-33.86,151.2&heading=90&valid=0&charge=true&driverUniqueId=D7&sat=9&alarm=sos',
      ),
    ).message;
    expect(m.deviceId).toBe('abc');
    expect([m.latitude, m.longitude, m.course]).toEqual([-33.86, 151.2, 90]);
    expect(m.valid).toBe(false);
    expect(m.charging).toBe(true);
    expect(m.driverId).toBe('D7');
    expect(m.satellites).toBe(9);
    expect(m.type).toBe('alarm');
    expect(m.alarm).toBe('sos');
  });

  it('keeps extra parameters as typed attributes, an unknown alarm name as text', () => {
    const m = ok(
      get('id=1&lat=1&lon=2&temp=21.5&door=true&note=hello%20there&alarm=meteor&__proto__=x'),
    ).message;
    expect(m.attributes).toEqual({ temp: 21.5, door: true, note: 'hello there', alarm: 'meteor' });
    expect(m.alarm).toBeUndefined();
    expect(m.type).toBe('location');
  });

  it('reads a POST form body when the query string has no parameters', () => {
    const d = ok(
      decodeOsmAnd(
        {
          url: '/',
          contentType: 'application/x-www-form-urlencoded',
          body: 'id=77&lat=10.5&lon=-20.25&speed=0',
        },
        NOW,
      ),
    );
    expect(d.terminalId).toBe('77');
    expect([d.message.latitude, d.message.longitude, d.message.speed]).toEqual([10.5, -20.25, 0]);
  });

  it('treats a negative speed or bearing as unknown and caps battery at 100', () => {
    const m = ok(get('id=1&lat=1&lon=2&speed=-1&bearing=-1&batt=140')).message;
    expect([m.speed, m.course, m.battery]).toEqual([0, 0, 100]);
  });

  it.each([
    ['lat=1&lon=2', 'id'],
    ['id=1&lon=2', 'lat/lon'],
    ['id=1&lat=91&lon=2', 'lat'],
    ['id=1&lat=1&lon=-181', 'lon'],
    ['id=1&lat=abc&lon=2', 'lat/lon'],
    ['id=1&location=1', 'location'],
    ['id=1&location=1,2,3', 'location'],
    ['id=1&lat=1&lon=2&timestamp=yesterday', 'timestamp'],
    ['id=1&lat=1&lon=2&timestamp=0', 'timestamp'],
    ['id=1&lat=1&lon=2&speed=fast', 'speed'],
    ['id=1&lat=1&lon=2&valid=maybe', 'valid'],
    ['id=1&lat=1&lon=2&batt=NaN', 'batt'],
    ['id=1&lat=1&lon=2&altitude=Infinity', 'altitude'],
  ])('refuses %s (%s)', (query, field) => {
    expect(refused(get(query)).error).toContain(field);
  });

  it('refuses values past the bounds: long values, control characters, too many parameters', () => {
    expect(refused(get(`id=1&lat=1&lon=2&note=${'x'.repeat(300)}`)).error).toMatch(/note|256/);
    expect(refused(get('id=1&lat=1&lon=2&note=a%00b')).error).toMatch(/note/);
    const many = Array.from({ length: 70 }, (_, i) => `k${i}=1`).join('&');
    expect(refused(get(`id=1&lat=1&lon=2&${many}`)).ok).toBe(false);
    expect(refused(get(`id=${'9'.repeat(40)}&lat=1&lon=2`)).error).toMatch(/id/);
    expect(refused(decodeOsmAnd({ url: '/', body: '' }, NOW)).error).toBe('no parameters');
  });
});

describe('Traccar Client JSON body', () => {
  const body = (location: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      device_id: '48241179',
      location: {
        timestamp: '2025-11-26T10:00:00.000Z',
        coords: { latitude: 48.8583, longitude: 2.2945, accuracy: 5, speed: 10, heading: 45, altitude: 60 },
        is_moving: true,
        odometer: 12345,
        event: 'motionchange',
        battery: { level: 0.62, is_charging: false },
        activity: { type: 'in_vehicle' },
        extras: {},
        ...location,
      },
      ...extra,
    });
  const post = (text: string) =>
    decodeOsmAnd({ url: '/', contentType: 'application/json; charset=utf-8', body: text }, NOW);

  it('reads the location with speed in m/s, battery 0..1 and odometer in metres', () => {
    const d = ok(post(body({})));
    expect(d.terminalId).toBe('48241179');
    const m = d.message;
    expect(m.time.toISOString()).toBe('2025-11-26T10:00:00.000Z');
    expect([m.latitude, m.longitude, m.course, m.altitude]).toEqual([48.8583, 2.2945, 45, 60]);
    expect(m.speed).toBe(36); // 10 m/s
    expect(m.battery).toBe(62);
    expect(m.charging).toBe(false);
    expect(m.mileage).toBeCloseTo(12.345);
    expect(m.attributes).toEqual({
      accuracy: 5,
      motion: true,
      event: 'motionchange',
      activity: 'in_vehicle',
    });
  });

  it('takes -1 as unknown and an sos alarm from the location or its extras', () => {
    const m = ok(
      post(
        body({
          coords: { latitude: 1, longitude: 2, speed: -1, heading: -1, accuracy: -1 },
          battery: { level: -1, is_charging: true },
          extras: { alarm: 'sos', trip: 7 },
        }),
      ),
    ).message;
    expect([m.speed, m.course, m.battery]).toEqual([0, 0, undefined]);
    expect(m.alarm).toBe('sos');
    expect(m.type).toBe('alarm');
    expect(m.attributes).toMatchObject({ trip: 7 });
  });

  it('refuses a body that is not JSON or not the shape, and names the device when it can', () => {
    expect(refused(post('{"device_id":')).error).toBe('body is not JSON');
    const bad = refused(post(body({ coords: { latitude: 95, longitude: 2 } })));
    expect(bad.terminalId).toBe('48241179');
    expect(bad.error).toMatch(/latitude/);
    expect(refused(post(body({ timestamp: 'now' }))).ok).toBe(false);
    expect(refused(post(JSON.stringify({ location: {} }))).ok).toBe(false);
  });
});

describe('fix admission per device', () => {
  it('drops a fix time already stored and bounds the rate per window', () => {
    const a = new FixAdmission(3, 60_000, 2);
    const t = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s));
    expect(a.admit('a', t(1), 0)).toBe('store');
    expect(a.admit('a', t(1), 10)).toBe('duplicate');
    expect(a.admit('a', t(2), 20)).toBe('store');
    expect(a.admit('a', t(3), 30)).toBe('store');
    expect(a.admit('a', t(4), 40)).toBe('tooFast');
    expect(a.admit('a', t(4), 60_040)).toBe('store');
    // Bounded memory: a third device pushes out the least recently seen.
    a.admit('b', t(1), 60_050);
    a.admit('c', t(1), 60_060);
    expect(a.size).toBe(2);
    expect(a.admit('a', t(1), 60_070)).toBe('store');
  });
});
