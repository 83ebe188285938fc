/**
 * How the editor writes a shape's size, pure: which unit (spec section 9: under 1,000 m in
 * whole metres, else kilometres to 2 decimals; areas likewise in m² or km²) and the number in
 * the user's language (`1,250` / `1 250` / `1.250`). The unit's word comes from the locale
 * files (`fence:draw.unit.*`), so the caller passes the translation.
 */
import { languageTag } from '../../domain/language';
import type { ShapeSize } from './measure';

export type SizeUnit = 'm' | 'km' | 'm2' | 'km2';

export interface Measure {
  value: number;
  /** Decimals shown. */
  digits: number;
  unit: SizeUnit;
}

const SQ_KM = 1_000_000;

export function lengthMeasure(meters: number): Measure {
  if (meters < 1000) return { value: Math.round(meters), digits: 0, unit: 'm' };
  return { value: meters / 1000, digits: 2, unit: 'km' };
}

export function areaMeasure(squareMeters: number): Measure {
  if (squareMeters < SQ_KM) return { value: Math.round(squareMeters), digits: 0, unit: 'm2' };
  return { value: squareMeters / SQ_KM, digits: 2, unit: 'km2' };
}

/** The number of a measure in the language `lng` (one of ours), grouped and with its decimals. */
export function formatNumber(m: Measure, lng: string): string {
  return new Intl.NumberFormat(languageTag(lng), { minimumFractionDigits: m.digits, maximumFractionDigits: m.digits }).format(m.value);
}

/** `unitText(unit, number)` is the locale's "{{value}} m" and the like. */
export type UnitText = (unit: SizeUnit, value: string) => string;

/** The parts of a size line, each already written with its unit: radius, area and perimeter, or length. */
export function sizeTexts(size: ShapeSize, lng: string, unitText: UnitText): Record<string, string> {
  const write = (m: Measure) => unitText(m.unit, formatNumber(m, lng));
  if (size.kind === 'radius') return { radius: write(lengthMeasure(size.meters)) };
  if (size.kind === 'length') return { length: write(lengthMeasure(size.meters)) };
  return { area: write(areaMeasure(size.squareMeters)), perimeter: write(lengthMeasure(size.perimeter)) };
}
