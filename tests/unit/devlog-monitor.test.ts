import { describe, expect, it } from 'vitest';
import { filterLines, prepend, timeOfDay, toLine } from '../../src/pages/test/log/monitorLines';

const frame = (i: number, direction: 'in' | 'out' = 'in') =>
  toLine({
    terminalId: `86000000000000${i % 10}`,
    direction,
    protocol: 13,
    raw: direction === 'in' ? `78781f12${i}` : '787805120001',
    decoded: direction === 'in' ? { messages: [{ type: 'location', latitude: 22.5, speed: i }] } : null,
    at: new Date(Date.UTC(2026, 10, 25, 12, 0, i)).toISOString(),
  });

describe('live log monitor lines', () => {
  it('puts each batch on top, newest first, and keeps at most `keep` lines', () => {
    let lines = prepend([], [frame(1), frame(2)], 5);
    expect(lines.map((l) => l.raw)).toEqual(['78781f122', '78781f121']);
    lines = prepend(lines, [frame(3), frame(4), frame(5), frame(6)], 5);
    expect(lines.map((l) => l.raw)).toEqual([
      '78781f126',
      '78781f125',
      '78781f124',
      '78781f123',
      '78781f122',
    ]);
    // A batch larger than the cap keeps its newest lines.
    expect(
      prepend(
        lines,
        Array.from({ length: 8 }, (_, i) => frame(10 + i)),
        3,
      ).map((l) => l.raw),
    ).toEqual(['78781f1217', '78781f1216', '78781f1215']);
  });

  it('summarizes each frame once, replies by their header', () => {
    expect(frame(7).summary).toBe('location latitude=22.5 speed=7');
    expect(frame(7, 'out').summary).toBe('reply GT06 0x12');
    expect(frame(1).key).not.toBe(frame(1).key);
  });

  it('filters by IMEI, summary or hex, and by direction', () => {
    const lines = [frame(1), frame(2), frame(3, 'out')];
    expect(filterLines(lines, '', 'all')).toBe(lines);
    expect(filterLines(lines, '860000000000002', 'all')).toHaveLength(1);
    expect(filterLines(lines, 'SPEED=1', 'all')).toHaveLength(1);
    expect(filterLines(lines, '', 'out').map((l) => l.summary)).toEqual(['reply GT06 0x12']);
    expect(filterLines(lines, 'location', 'out')).toEqual([]);
  });

  it("shows the time of day on the account's clock (GMT+8) to the millisecond", () => {
    const d = new Date(Date.UTC(2026, 10, 25, 1, 5, 7, 42));
    expect(timeOfDay(d.toISOString())).toBe('09:05:07.042');
  });
});
