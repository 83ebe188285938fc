import { describe, expect, it } from 'vitest';
import {
  checkLogRange,
  decodedRows,
  describeFrame,
  frameKind,
  LOG_WINDOW_MS,
  parseTerminalList,
  summarizeDecoded,
} from '../../src/domain/device-log';
import { WatchedTerminals } from '../../server/services/logs/watched-set';

describe('device log rules', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('accepts ranges within the last 7 days and refuses older or reversed ones', () => {
    expect(checkLogRange(new Date(now - LOG_WINDOW_MS), new Date(now), now)).toBeNull();
    expect(checkLogRange(new Date(now - LOG_WINDOW_MS - 3600_000), new Date(now), now)).toBe(
      'logRangeTooOld',
    );
    expect(checkLogRange(new Date(now), new Date(now - 1000), now)).toBe('rangeOrder');
    // Only an end given, before the window (the start defaults to the window's start).
    expect(checkLogRange(new Date(now - LOG_WINDOW_MS), new Date(now - 8 * 86_400_000), now)).toBe(
      'logRangeTooOld',
    );
  });

  it('reads pasted IMEIs on lines, commas or spaces, once each', () => {
    expect(parseTerminalList('864717003283581\n864717003283582, 864717003283581  013511221122\r\n')).toEqual([
      '864717003283581',
      '864717003283582',
      '013511221122',
    ]);
    expect(parseTerminalList('  \n ')).toEqual([]);
  });

  it('summarizes stored decoded frames on one line', () => {
    expect(
      summarizeDecoded({
        messages: [{ type: 'location', latitude: 22.5431234567, longitude: 114.05, speed: 30 }],
      }),
    ).toBe('location latitude=22.543123 longitude=114.05 speed=30');
    expect(summarizeDecoded({ messages: [{ type: 'login', deviceId: '864717003283581' }] })).toBe('login');
    expect(summarizeDecoded({ error: 'bad crc' })).toBe('error: bad crc');
    expect(summarizeDecoded({ command: 'WHERE#' })).toBe('command: WHERE#');
    expect(summarizeDecoded(null)).toBe('');
  });
});

describe('watched terminals on a gateway', () => {
  it('joins the API nodes’ announcements and forgets each after its TTL', () => {
    let t = 0;
    const w = new WatchedTerminals(() => t);
    expect(w.has('a')).toBe(false);
    w.announce({ source: 'api1', terminals: ['a', 'b'], ttlMs: 1000 });
    w.announce({ source: 'api2', terminals: ['c'], ttlMs: 3000 });
    expect(['a', 'b', 'c', 'd'].map((x) => w.has(x))).toEqual([true, true, true, false]);
    t = 1500;
    expect(w.has('a')).toBe(false);
    expect(w.has('c')).toBe(true);
    w.announce({ source: 'api2', terminals: [], ttlMs: 3000 });
    expect(w.has('c')).toBe(false);
    expect(w.size).toBe(0);
  });

  it('replaces a node’s set with its newest announcement', () => {
    const w = new WatchedTerminals(() => 0);
    w.announce({ source: 'api1', terminals: ['a'], ttlMs: 1000 });
    w.announce({ source: 'api1', terminals: ['b'], ttlMs: 1000 });
    expect(w.has('a')).toBe(false);
    expect(w.has('b')).toBe(true);
  });
});

describe('frames without decoded fields', () => {
  it('are named by their header: the gateway’s GT06 and JT/T 808 replies', () => {
    expect(frameKind('787805120003903f0d0a')).toBe('GT06 0x12');
    expect(frameKind('7979000594000100000d0a')).toBe('GT06 0x94');
    expect(frameKind('7e8001000501')).toBe('JT/T 808 0x8001');
    expect(describeFrame({ decoded: null, raw: '787805120003903f0d0a', direction: 'out' })).toBe(
      'reply GT06 0x12',
    );
    expect(
      describeFrame({ decoded: { messages: [{ type: 'heartbeat' }] }, raw: '7878', direction: 'in' }),
    ).toBe('heartbeat');
  });
});

describe('decoded fields of a stored frame', () => {
  it('lists every field, numbered when a frame holds several messages', () => {
    expect(decodedRows({ messages: [{ type: 'login', deviceId: '864717003283581' }] })).toEqual([
      { decodedField: 'type', decodedValue: 'login' },
      { decodedField: 'deviceId', decodedValue: '864717003283581' },
    ]);
    const two = decodedRows({
      messages: [{ type: 'location', alarms: ['sos'] }, { type: 'heartbeat' }],
      note: 'x',
    });
    expect(two.map((r) => r.decodedField)).toEqual(['1. type', '1. alarms', '2. type', 'note']);
    expect(two[1].decodedValue).toBe('["sos"]');
    // The leading fields first, whatever order the stored jsonb gives.
    expect(
      decodedRows({ messages: [{ speed: 3, serial: 1, type: 'location', latitude: 22 }] }).map(
        (r) => r.decodedField,
      ),
    ).toEqual(['type', 'latitude', 'speed', 'serial']);
    expect(decodedRows({ error: 'bad crc' })).toEqual([{ decodedField: 'error', decodedValue: 'bad crc' }]);
    expect(decodedRows(null)).toEqual([]);
  });
});
