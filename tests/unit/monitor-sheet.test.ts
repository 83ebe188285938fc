import { describe, expect, it } from 'vitest';
import {
  dragHeight,
  fullHeight,
  peekHeight,
  snapAfterDrag,
  SNAP_DISTANCE,
  TAP_SLOP,
} from '../../src/pages/monitor/sheetSnap';

// The phone monitor of docs/mobile.md: 844 px screen, 56 px header.
const MAP = 788;
const PEEK = peekHeight(false);

describe('device sheet snap points', () => {
  it('peeks with room for the account picker when there is one', () => {
    expect(peekHeight(true)).toBeGreaterThan(peekHeight(false));
  });

  it('expands to 85 % of the map, never below the peek height', () => {
    expect(fullHeight(MAP, PEEK)).toBe(670);
    expect(fullHeight(100, PEEK)).toBe(PEEK);
  });

  it('follows the finger between the two snap points and no further', () => {
    expect(dragHeight('peek', -200, PEEK, MAP)).toBe(PEEK + 200);
    expect(dragHeight('peek', 50, PEEK, MAP)).toBe(PEEK);
    expect(dragHeight('full', 100, PEEK, MAP)).toBe(570);
    expect(dragHeight('full', -100, PEEK, MAP)).toBe(670);
  });

  it('toggles on a tap', () => {
    expect(snapAfterDrag('peek', 0, PEEK, MAP)).toBe('full');
    expect(snapAfterDrag('full', TAP_SLOP - 1, PEEK, MAP)).toBe('peek');
  });

  it('changes state only after a long enough drag in the right direction', () => {
    expect(snapAfterDrag('peek', -SNAP_DISTANCE, PEEK, MAP)).toBe('full');
    expect(snapAfterDrag('peek', -(SNAP_DISTANCE - 1), PEEK, MAP)).toBe('peek');
    expect(snapAfterDrag('peek', 200, PEEK, MAP)).toBe('peek');
    expect(snapAfterDrag('full', SNAP_DISTANCE, PEEK, MAP)).toBe('peek');
    expect(snapAfterDrag('full', SNAP_DISTANCE - 1, PEEK, MAP)).toBe('full');
    expect(snapAfterDrag('full', -300, PEEK, MAP)).toBe('full');
  });

  it('needs only a fifth of the travel on a short screen', () => {
    const small = 300; // landscape phone: 255 px full, 119 px of travel
    expect(snapAfterDrag('peek', -25, PEEK, small)).toBe('full');
    expect(snapAfterDrag('peek', -20, PEEK, small)).toBe('peek');
  });
});
