import { useEffect, useRef, useState } from 'react';
import { LineLayer, PointLayer, type ILayer } from '@antv/l7';
import type { Feature, FeatureCollection, MultiLineString } from 'geojson';
import type { TrackShape } from '../../domain/track/shape';
import { stateRuns } from '../../pages/track/playback';
import { logMapFailure } from '../log';
import { removeLayer, useMap, Z } from '../MapContext';
import { END_COLOR, START_COLOR, STAY_COLOR, TRACK_STATE_COLORS } from '../trackStyle';
import { svgDataUrl } from '../icons';

export interface MapTrack {
  id: string;
  /** The device's colour: the wide line under the state colours. */
  color: string;
  shape: TrackShape;
  /** WGS-84 positions of the track's stays. */
  stays: readonly { lng: number; lat: number }[];
}

const ARROW_ID = 'track-arrow';
/** About this many direction arrows along a track. */
const ARROWS_PER_TRACK = 60;
const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">' +
  '<path d="M16 4 L26 26 L16 20 L6 26 Z" fill="#ffffff" stroke="#262626" stroke-width="2.5" stroke-linejoin="round"/></svg>';

// autoRender off: each layer would draw the scene on its own after its data changed, five
// frames for one set of tracks, each hundreds of ms with software WebGL. The effect below draws
// once when every layer has its data.
const JSON_POINTS = { parser: { type: 'json', x: 'lng', y: 'lat' }, autoRender: false } as const;
const JSON_PATHS = { parser: { type: 'json', coordinates: 'path' }, autoRender: false } as const;
const EMPTY_FEATURES: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * Played tracks: each in its device's colour, the state colours on top (spec section 4), start
 * and end markers, direction arrows and stays. Layers are made once; new tracks are setData.
 */
export function TrackLayer({
  tracks,
  onDrawn,
}: {
  tracks: readonly MapTrack[];
  /** After the frame that shows new tracks: how many and their points. */
  onDrawn?(tracks: number, points: number): void;
}) {
  const { scene, toMap } = useMap();
  const layers = useRef<Record<'casing' | 'states' | 'arrows' | 'ends' | 'stays', ILayer> | null>(null);
  const [ready, setReady] = useState(false);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;

  useEffect(() => {
    const casing = new LineLayer({ zIndex: Z.trail, name: 'track-casing' })
      .source([], JSON_PATHS)
      .shape('line')
      .size(8)
      .color('color', (c: string) => c)
      .style({ opacity: 0.45, lineJoin: 'round', lineCap: 'round' });
    const states = new LineLayer({ zIndex: Z.trail, name: 'track-states' })
      .source(EMPTY_FEATURES, { autoRender: false })
      .shape('line')
      .size(3)
      .color('state', (s: number) => TRACK_STATE_COLORS[s] ?? '#8c8c8c')
      .style({ lineJoin: 'round', lineCap: 'round' });
    const arrows = new PointLayer({ zIndex: Z.trail, name: 'track-arrows', billboard: false })
      .source([], JSON_POINTS)
      .shape(ARROW_ID)
      .size(7)
      .style({ rotation: { field: 'rot', value: (r: number) => r || 0 } });
    const ends = new PointLayer({ zIndex: Z.selected, name: 'track-ends' })
      .source([], JSON_POINTS)
      .shape('circle')
      .size(8)
      .color('end', (e: string) => (e === 'start' ? START_COLOR : END_COLOR))
      .style({ stroke: '#ffffff', strokeWidth: 2 });
    const stays = new PointLayer({ zIndex: Z.selected, name: 'track-stays' })
      .source([], JSON_POINTS)
      .shape('square')
      .size(4)
      .color(STAY_COLOR)
      .style({ stroke: '#ffffff', strokeWidth: 2 });
    let disposed = false;
    const setUp = async () => {
      const img = new Image();
      img.src = svgDataUrl(ARROW_SVG);
      await img.decode();
      if (disposed) return;
      await scene.addImage(ARROW_ID, img);
      if (disposed) return;
      for (const l of [casing, states, arrows, stays, ends]) scene.addLayer(l);
      layers.current = { casing, states, arrows, ends, stays };
      setReady(true);
    };
    setUp().catch((error) => logMapFailure('init', 'track layers', error));
    return () => {
      disposed = true;
      layers.current = null;
      setReady(false);
      for (const l of [casing, states, arrows, ends, stays]) removeLayer(scene, l);
    };
  }, [scene]);

  useEffect(() => {
    const l = layers.current;
    if (!ready || !l) return;
    const casing: object[] = [];
    // One MultiLineString per track and state: a few features instead of thousands of runs
    // (L7's cost grows with the number of features, not only with the vertices).
    const states: Feature<MultiLineString>[] = [];
    const arrows: object[] = [];
    const ends: object[] = [];
    const stays: object[] = [];
    for (const tr of tracks) {
      const s = tr.shape;
      const n = s.t.length;
      if (n === 0) continue;
      const xy = s.lon.map((lon, i) => toMap(lon, s.lat[i]));
      if (n >= 2) casing.push({ path: xy, color: tr.color });
      const byState = new Map<number, [number, number][][]>();
      for (const r of stateRuns(s)) {
        const lines = byState.get(r.state) ?? [];
        lines.push(xy.slice(r.from, r.to + 1));
        byState.set(r.state, lines);
      }
      for (const [state, coordinates] of byState)
        states.push({
          type: 'Feature',
          properties: { state },
          geometry: { type: 'MultiLineString', coordinates },
        });
      const every = Math.max(1, Math.ceil(n / ARROWS_PER_TRACK));
      for (let i = Math.floor(every / 2); i < n - 1; i += every) {
        if (s.speed[i] <= 0) continue;
        arrows.push({ lng: xy[i][0], lat: xy[i][1], rot: s.course[i] });
      }
      ends.push(
        { lng: xy[0][0], lat: xy[0][1], end: 'start' },
        { lng: xy[n - 1][0], lat: xy[n - 1][1], end: 'end' },
      );
      for (const st of tr.stays) {
        const [x, y] = toMap(st.lng, st.lat);
        stays.push({ lng: x, lat: y });
      }
    }
    const all = [l.casing, l.states, l.arrows, l.ends, l.stays];
    // Hidden until every layer has its data: the frames drawn meanwhile (the map fitting itself
    // to the new tracks) skip them, so a set costs one full draw, not one per camera move.
    for (const layer of all) layer.updateLayerConfig({ visible: false });
    const updated = all.map((layer) => new Promise<void>((r) => layer.getSource().once('update', () => r())));
    l.casing.setData(casing);
    l.states.setData({ type: 'FeatureCollection', features: states });
    l.arrows.setData(arrows);
    l.ends.setData(ends);
    l.stays.setData(stays);
    // One draw once every source has its data; report the frame after it.
    const points = tracks.reduce((n, tr) => n + tr.shape.t.length, 0);
    let cancelled = false;
    let frame = 0;
    void Promise.all(updated).then(() => {
      if (cancelled) return;
      for (const layer of all) layer.updateLayerConfig({ visible: true });
      scene.render();
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => drawn.current?.(tracks.length, points));
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }, [ready, scene, toMap, tracks]);

  return null;
}
