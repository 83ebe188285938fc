import { describe, expect, it } from 'vitest';
import { formatRadius } from '../../../src/domain/fence/format';

describe('formatRadius', () => {
  it('shows metres under 1 km', () => {
    expect(formatRadius(100)).toBe('100 m');
    expect(formatRadius(500)).toBe('500 m');
    expect(formatRadius(999.4)).toBe('999 m');
  });
  it('shows km with two decimals from 1 km on', () => {
    expect(formatRadius(1000)).toBe('1.00 km');
    expect(formatRadius(1234)).toBe('1.23 km');
    expect(formatRadius(1_000_000)).toBe('1000.00 km');
  });
  it('shows nothing for a shape without a radius', () => {
    expect(formatRadius(null)).toBe('');
    expect(formatRadius(undefined)).toBe('');
  });
});
