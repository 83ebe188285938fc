import { useEffect, useRef } from 'react';
import { iconKind, iconSvg, svgDataUrl } from '../icons';
import { useMap } from '../MapContext';
import { TRACK_ICON_STATE } from '../trackStyle';

export interface PlaybackMarker {
  id: string;
  lng: number;
  lat: number;
  course: number;
  /** Track state of the point the vehicle is at (spec section 4). */
  state: number;
  iconType: number;
  label: string;
  color: string;
}

const SIZE = 34;

/**
 * The played vehicles as DOM elements over the map: five of them move every frame, which is
 * a style change each, where a WebGL layer would re-encode its buffers every frame. They are
 * placed again whenever the map moves.
 */
export function PlaybackMarkers({ markers }: { markers: readonly PlaybackMarker[] }) {
  const { scene, host, toMap } = useMap();
  const els = useRef(new Map<string, { root: HTMLDivElement; img: HTMLImageElement; icon: string }>());
  const latest = useRef(markers);
  latest.current = markers;

  const place = useRef(() => {});
  place.current = () => {
    const seen = new Set<string>();
    for (const m of latest.current) {
      seen.add(m.id);
      let el = els.current.get(m.id);
      if (!el) {
        const root = document.createElement('div');
        root.dataset.testid = 'playback-marker';
        root.style.cssText =
          'position:absolute;left:0;top:0;pointer-events:none;z-index:4;will-change:transform';
        const img = document.createElement('img');
        img.width = SIZE;
        img.height = SIZE;
        img.style.cssText = `position:absolute;left:${-SIZE / 2}px;top:${-SIZE / 2}px`;
        const tag = document.createElement('span');
        tag.textContent = m.label;
        tag.style.cssText =
          `position:absolute;left:${SIZE / 2}px;top:-10px;white-space:nowrap;font:12px sans-serif;` +
          `color:#fff;background:${m.color};padding:1px 6px;border-radius:3px`;
        root.append(img, tag);
        host.appendChild(root);
        el = { root, img, icon: '' };
        els.current.set(m.id, el);
      }
      const icon = svgDataUrl(iconSvg(TRACK_ICON_STATE[m.state] ?? 'moving', iconKind(m.iconType)));
      if (icon !== el.icon) {
        el.img.src = icon;
        el.icon = icon;
      }
      const [x, y] = toMap(m.lng, m.lat);
      const p = scene.lngLatToContainer([x, y]);
      el.root.style.transform = `translate(${p.x}px,${p.y}px)`;
      el.img.style.transform = `rotate(${m.course}deg)`;
      el.root.dataset.lng = m.lng.toFixed(6);
      el.root.dataset.lat = m.lat.toFixed(6);
    }
    for (const [id, el] of els.current) {
      if (seen.has(id)) continue;
      el.root.remove();
      els.current.delete(id);
    }
  };

  useEffect(() => {
    const onMove = () => place.current();
    for (const e of ['mapmove', 'zoomchange', 'moveend', 'zoomend', 'resize']) scene.on(e, onMove);
    const all = els.current;
    return () => {
      for (const e of ['mapmove', 'zoomchange', 'moveend', 'zoomend', 'resize']) scene.off(e, onMove);
      for (const el of all.values()) el.root.remove();
      all.clear();
    };
  }, [scene]);

  useEffect(() => place.current(), [markers, toMap]);
  return null;
}
