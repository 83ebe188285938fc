/**
 * The phone monitor's device sheet (DeviceSheet.tsx): where it rests and where a drag or a tap
 * leaves it. Pure, unit-tested in tests/unit/monitor-sheet.test.ts.
 */
export type SheetState = 'peek' | 'full';

/** Expanded, the sheet covers this share of the map's height (the top stays visible). */
export const FULL_RATIO = 0.85;
/** A pointer that moved less than this many pixels tapped the handle rather than dragging it. */
export const TAP_SLOP = 6;
/** A drag this long (or a fifth of the travel, when shorter) changes the state. */
export const SNAP_DISTANCE = 80;

/** Handle, tabs with counts and search, plus the account picker when the user has one. */
export function peekHeight(hasAccountPicker: boolean): number {
  return 136 + (hasAccountPicker ? 40 : 0);
}

export function fullHeight(container: number, peek: number): number {
  return Math.max(peek, Math.round(container * FULL_RATIO));
}

/** The sheet's height while dragged by `dy` px (down is positive) from where it rested. */
export function dragHeight(start: SheetState, dy: number, peek: number, container: number): number {
  const full = fullHeight(container, peek);
  const from = start === 'full' ? full : peek;
  return Math.min(full, Math.max(peek, from - dy));
}

/** Where the sheet goes when the pointer is released after moving `dy` px (down is positive). */
export function snapAfterDrag(start: SheetState, dy: number, peek: number, container: number): SheetState {
  if (Math.abs(dy) < TAP_SLOP) return start === 'peek' ? 'full' : 'peek';
  const threshold = Math.min(SNAP_DISTANCE, (fullHeight(container, peek) - peek) / 5);
  if (start === 'peek') return -dy >= threshold ? 'full' : 'peek';
  return dy >= threshold ? 'peek' : 'full';
}
