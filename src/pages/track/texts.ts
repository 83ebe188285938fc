import type { TFunction } from 'i18next';
import { TRACK_STATE } from '../../domain/codes';

/** Track state code → its key under `state.` in the track namespace. */
export const STATE_NAMES: Record<number, keyof typeof TRACK_STATE> = Object.fromEntries(
  Object.entries(TRACK_STATE).map(([name, code]) => [code, name as keyof typeof TRACK_STATE]),
);

/** "2 h 05 min", "12 min 30 s": a stay's length. */
export function durationText(t: TFunction, seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  if (h) return t('duration.hm', { h, m: String(m).padStart(2, '0') });
  return t('duration.ms', { m, s: String(s).padStart(2, '0') });
}
