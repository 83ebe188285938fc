/**
 * What the playback benchmark (bench/playback.ts, npm run bench:playback) reads from the page:
 * `window.__track` once the map has drawn a set of tracks (the frame after their data went in).
 */
declare global {
  interface Window {
    /** `fresh`: the tracks as loaded, before any detail was merged in. */
    __track?: { tracks: number; points: number; fresh: boolean; drawnAt: number };
  }
}

export function publishTracksDrawn(tracks: number, points: number, fresh: boolean) {
  window.__track = { tracks, points, fresh, drawnAt: Date.now() };
}
