/**
 * Hooks the monitor benchmark (bench/monitor, npm run bench:monitor) reads from the page:
 * `window.__monitor` once markers and list rows are on screen, and a `fleetgate:positions-
 * applied` event each time the map has drawn a batch of live positions.
 */
import type { AppliedPosition } from './store';

declare global {
  interface Window {
    __monitor?: { markers: number; listRows: number; renderedAt: number };
  }
}

export function publishRendered(markers: number, listRows: number, at: number) {
  window.__monitor = { markers, listRows, renderedAt: at };
}

export function publishPositionsApplied(positions: AppliedPosition[]) {
  if (positions.length === 0) return;
  window.dispatchEvent(
    new CustomEvent('fleetgate:positions-applied', { detail: { at: Date.now(), positions } }),
  );
}
