import { describe, expect, it } from 'vitest';
import { areaMeasure, formatNumber, lengthMeasure, sizeTexts, type SizeUnit } from '../../../src/maps/draw/sizeText';

const unitText = (unit: SizeUnit, value: string) => `${value} <${unit}>`;

describe('units (spec section 9: under 1,000 m in metres, else km to 2 decimals)', () => {
  it('writes lengths in whole metres, then kilometres', () => {
    expect(lengthMeasure(999.4)).toEqual({ value: 999, digits: 0, unit: 'm' });
    expect(lengthMeasure(1000)).toEqual({ value: 1, digits: 2, unit: 'km' });
  });

  it('writes areas in whole square metres under 1 km², then km²', () => {
    expect(areaMeasure(75_185.3)).toEqual({ value: 75_185, digits: 0, unit: 'm2' });
    expect(areaMeasure(2_500_000)).toEqual({ value: 2.5, digits: 2, unit: 'km2' });
  });
});

describe('numbers in the user language', () => {
  it('groups and marks decimals as each language does', () => {
    expect(formatNumber({ value: 75185, digits: 0, unit: 'm2' }, 'en')).toBe('75,185');
    expect(formatNumber({ value: 75185, digits: 0, unit: 'm2' }, 'cn')).toBe('75,185');
    expect(formatNumber({ value: 1.5, digits: 2, unit: 'km' }, 'fr')).toBe('1,50');
    expect(formatNumber({ value: 75185, digits: 0, unit: 'm2' }, 'fr')).toMatch(/^75\s185$/u);
    expect(formatNumber({ value: 1234.5, digits: 2, unit: 'km' }, 'es')).toMatch(/^1\.?234,50$/);
  });
});

describe('sizeTexts', () => {
  it('writes the parts of each kind of size with their units', () => {
    expect(sizeTexts({ kind: 'radius', meters: 146 }, 'en', unitText)).toEqual({ radius: '146 <m>' });
    expect(sizeTexts({ kind: 'length', meters: 3210 }, 'fr', unitText)).toEqual({ length: '3,21 <km>' });
    expect(sizeTexts({ kind: 'area', squareMeters: 1_250_000, perimeter: 4480 }, 'en', unitText)).toEqual({ area: '1.25 <km2>', perimeter: '4.48 <km>' });
  });
});
