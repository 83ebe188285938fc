import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrackShape } from '../../domain/track/shape';
import { TRACK_POINTS_DEFAULT, TRACK_POINTS_MIN, TRACK_RAW_RANGE_MS } from '../../domain/track/rules';
import { errorText } from '../../i18n/errorText';
import { DEVICE_COLORS } from '../../maps/trackStyle';
import { fetchTrack, type Track, type TrackOptions, type TrackRange } from './api';
import { mergeDetail } from './playback';

export interface PlayedTrack extends Track {
  color: string;
  /** The points shown: the simplified track with the detailed window merged in. */
  shape: TrackShape;
  detail: TrackRange | null;
}

export interface TrackQuery {
  terminalIDs: string[];
  range: TrackRange;
  options: TrackOptions;
}

/** Detail is fetched for this much track around the play head (raw fixes: under 48 h). */
const DETAIL_WINDOW_MS = Math.min(6 * 3_600_000, TRACK_RAW_RANGE_MS);
const DETAIL_POINTS = 4000;
/** Points of all played tracks together at the first draw. */
const POINTS_BUDGET = 10_000;

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
  const latest = useRef(tracks);
  latest.current = tracks;

  const load = useCallback(async (q: TrackQuery) => {
    abort.current?.abort();
    detailAbort.current?.abort();
    const ac = new AbortController();
    abort.current = ac;
    setLoading(true);
    setError(null);
    setQuery(q);
    try {
      // A budget for all vehicles together: more points than the screen has pixels only cost time.
      const each = Math.max(TRACK_POINTS_MIN, Math.floor(POINTS_BUDGET / Math.max(1, q.terminalIDs.length)));
      const got = await Promise.all(
        q.terminalIDs.map((id) =>
          fetchTrack(id, q.range, q.options, ac.signal, Math.min(each, TRACK_POINTS_DEFAULT)),
        ),
      );
      if (ac.signal.aborted) return;
      const played: PlayedTrack[] = got.map((t, i) => ({
        ...t,
        color: DEVICE_COLORS[i % DEVICE_COLORS.length],
        shape: t.points,
        detail: null,
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
        (tr) => tr.simplified && !(tr.detail && tr.detail.from <= t && t <= tr.detail.to),
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
            return { ...tr, shape: mergeDetail(tr.points, d.points, from, to), detail: { from, to } };
          }),
        );
      } catch {
        // Detail is a refinement: the simplified track stays shown.
      }
    },
    [query],
  );

  useEffect(
    () => () => {
      abort.current?.abort();
      detailAbort.current?.abort();
    },
    [],
  );

  return { tracks, loaded, loading, error, query, load, refine };
}
