import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackShape } from '../../domain/track/shape';
import { TRACK_POINTS_DEFAULT, TRACK_POINTS_MIN, TRACK_RAW_RANGE_MS } from '../../domain/track/rules';
import { errorText } from '../../i18n/errorText';
import { DEVICE_COLORS } from '../../maps/trackStyle';
import { fetchTrack, type Track, type TrackOptions, type TrackRange } from './api';
import {
  boxWithin,
  shownShape,
  wantsViewDetail,
  type BBox,
  type TimeDetail,
  type ViewDetail,
} from './detail';

export interface PlayedTrack extends Track {
  color: string;
  /** The points shown: the simplified track refined by the view and the play head (./detail.ts). */
  shape: TrackShape;
  /** Finer points inside the area the map shows, when zoomed in. */
  view: ViewDetail | null;
  /** Every fix around the play head. */
  time: TimeDetail | null;
}

export interface TrackQuery {
  terminalIDs: string[];
  range: TrackRange;
  options: TrackOptions;
}

/** Detail is fetched for this much track around the play head (raw fixes: under 48 h). */
const DETAIL_WINDOW_MS = Math.min(6 * 3_600_000, TRACK_RAW_RANGE_MS);
const DETAIL_POINTS = 4000;
/** Points of all played tracks together at the first draw, and again inside a zoomed-in view. */
const POINTS_BUDGET = 10_000;
/** A view's detail covers this much more than the view on each side: a small pan needs none. */
const VIEW_MARGIN = 0.5;

const budgetEach = (n: number) =>
  Math.min(TRACK_POINTS_DEFAULT, Math.max(TRACK_POINTS_MIN, Math.floor(POINTS_BUDGET / Math.max(1, n))));

function widen(b: BBox, share: number): BBox {
  const dx = (b.east - b.west) * share;
  const dy = (b.north - b.south) * share;
  return {
    west: Math.max(-180, b.west - dx),
    east: Math.min(180, b.east + dx),
    south: Math.max(-90, b.south - dy),
    north: Math.min(90, b.north + dy),
  };
}

/**
 * The tracks of a query, fetched together, and more detail around the play head when a
 * simplified track is played or scrubbed (the server answers a narrow range from raw fixes).
 */
export function useTracks() {
  const [tracks, setTracks] = useState<PlayedTrack[]>([]);
  // The tracks as loaded: the chart, stays and tables, which detail never changes, follow these.
  const [loaded, setLoaded] = useState<PlayedTrack[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState<TrackQuery | null>(null);
  const abort = useRef<AbortController | null>(null);
  const detailAbort = useRef<AbortController | null>(null);
  const viewAbort = useRef<AbortController | null>(null);
  const latest = useRef(tracks);
  latest.current = tracks;

  const load = useCallback(async (q: TrackQuery) => {
    abort.current?.abort();
    detailAbort.current?.abort();
    viewAbort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setLoading(true);
    setError(null);
    setQuery(q);
    try {
      // A budget for all vehicles together: more points than the screen has pixels only cost time.
      const each = budgetEach(q.terminalIDs.length);
      const got = await Promise.all(
        q.terminalIDs.map((id) => fetchTrack(id, q.range, q.options, ac.signal, each)),
      );
      if (ac.signal.aborted) return;
      const played: PlayedTrack[] = got.map((t, i) => ({
        ...t,
        color: DEVICE_COLORS[i % DEVICE_COLORS.length],
        shape: t.points,
        view: null,
        time: null,
      }));
      setTracks(played);
      setLoaded(played);
    } catch (e) {
      if ((e as Error)?.name === 'AbortError') return;
      setTracks([]);
      setLoaded([]);
      setError(errorText(e));
    } finally {
      if (!ac.signal.aborted) setLoading(false);
    }
  }, []);

  /** Makes sure the tracks hold every fix around `t`. */
  const refine = useCallback(
    async (t: number) => {
      if (!query) return;
      const need = latest.current.filter(
        (tr) => tr.simplified && !(tr.time && tr.time.from <= t && t <= tr.time.to),
      );
      if (!need.length) return;
      detailAbort.current?.abort();
      const ac = new AbortController();
      detailAbort.current = ac;
      const from = Math.max(query.range.from, t - DETAIL_WINDOW_MS / 2);
      const to = Math.min(query.range.to, from + DETAIL_WINDOW_MS);
      try {
        const got = await Promise.all(
          need.map((tr) => fetchTrack(tr.terminalID, { from, to }, query.options, ac.signal, DETAIL_POINTS)),
        );
        if (ac.signal.aborted) return;
        const byId = new Map(got.map((d) => [d.terminalID, d]));
        setTracks((cur) =>
          cur.map((tr) => {
            const d = byId.get(tr.terminalID);
            if (!d) return tr;
            const time = { from, to, points: d.points };
            return { ...tr, time, shape: shownShape(tr.points, tr.view, time) };
          }),
        );
      } catch {
        // Detail is a refinement: the simplified track stays shown.
      }
    },
    [query],
  );

  /**
   * Makes sure the tracks hold detail for the area the map shows: zoomed in, each track's
   * budget goes to the points inside the view (and a margin); zoomed out again, it is dropped.
   */
  const refineView = useCallback(
    async (view: BBox) => {
      if (!query) return;
      const cur = latest.current;
      const each = budgetEach(cur.length);
      const wanted = cur.filter((tr) => wantsViewDetail(tr.points, each, view));
      const need = wanted.filter((tr) => !(tr.view && boxWithin(view, tr.view.box)));
      const drop = new Set(cur.filter((tr) => tr.view && !wanted.includes(tr)).map((tr) => tr.terminalID));
      if (!need.length && !drop.size) return;
      viewAbort.current?.abort();
      const ac = new AbortController();
      viewAbort.current = ac;
      const box = widen(view, VIEW_MARGIN);
      let got: Track[] = [];
      try {
        got = await Promise.all(
          need.map((tr) => fetchTrack(tr.terminalID, query.range, query.options, ac.signal, each, box)),
        );
      } catch {
        // Detail is a refinement: the loaded track stays shown.
      }
      if (ac.signal.aborted) return;
      const byId = new Map(got.map((d) => [d.terminalID, d]));
      setTracks((tracks) =>
        tracks.map((tr) => {
          const d = byId.get(tr.terminalID);
          if (!d && !drop.has(tr.terminalID)) return tr;
          const detail = d ? { box, points: d.points } : null;
          return { ...tr, view: detail, shape: shownShape(tr.points, detail, tr.time) };
        }),
      );
    },
    [query],
  );

  useEffect(
    () => () => {
      abort.current?.abort();
      detailAbort.current?.abort();
      viewAbort.current?.abort();
    },
    [],
  );

  return { tracks, loaded, loading, error, query, load, refine, refineView };
}
