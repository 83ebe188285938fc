import { lazy, Suspense, useCallback, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { PHONE_QUERY } from '../../hooks/useIsPhone';
import { MapTypeSelect } from '../../pages/monitor/MapTypeSelect';
import { PlaceSearch } from '../../pages/monitor/PlaceSearch';
import { readShowNames } from '../../pages/monitor/settings';
import { basemapProps, type MapSetup } from '../../pages/monitor/useMapSetup';
import { MapLoading } from '../MapLoading';
import { MapNotice } from '../MapNotice';
import type { FleetMapHandle, MapFence } from '../types';
import { EditorView, type ViewBridge } from './EditorView';
import type { LngLat } from './geometry';
import { useFleet } from './useFleet';
import { ZoomButtons } from './ZoomButtons';

// L7 loads with the screens that draw, as on the monitor.
const FleetMap = lazy(() => import('../index').then((m) => ({ default: m.FleetMap })));

export interface EditorFrameProps {
  /** The monitor's map setup (provider, key, variant): `useMapSetup()`. */
  setup: MapSetup;
  /** IMEI of the vehicle the editor was opened for: the view starts on it. */
  focus?: string;
  /** A shape is given (editing one): its editor fits the view to it instead. */
  hasShape: boolean;
  /** Other shapes shown for context. */
  fences?: readonly MapFence[];
  /** Controls on the bar over the map, after the place search. */
  tools?: ReactNode;
  /** Lines under the bar (what to do next, the size so far). */
  notes?: ReactNode;
  bridge?: MutableRefObject<ViewBridge | null>;
  /** The editors (layers inside the map). */
  children: ReactNode;
}

const bar = { display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' } as const;
// On a phone every button is 44 px high (components/layout/phoneTouch.ts): the boxes of the bar
// match them, so the search box and its button line up and a thumb hits the radius box.
const PHONE_BAR_CSS = `@media ${PHONE_QUERY.replace('(', 'screen and (')} {
  .shape-editor-bar .ant-input { min-height: 44px; }
  .shape-editor-bar .ant-input-number-input { min-height: 42px; }
}`;

/**
 * The map every shape editor draws on (fences, risk points, check areas and points, bus
 * routes): the monitor's basemap with the account's vehicles, opened on the vehicle it was
 * asked for or on the fleet (EditorView), with the monitor's place search, zoom buttons, a bar
 * for the editor's own controls, the provider box at the bar's end and the notice when streets
 * are missing (issue 32, as MapStatus on the other maps). The element carries the view (`data-center`, `data-zoom`
 * on the map) and the markers drawn (`data-markers`) for tests and scripts.
 */
export function EditorFrame({ setup, focus, hasShape, fences, tools, notes, bridge, children }: EditorFrameProps) {
  const fleet = useFleet(focus);
  // Names under the markers as the monitor's own switch has them.
  const [showNames] = useState(readShowNames);
  const frame = useRef<HTMLDivElement>(null);
  const map = useRef<FleetMapHandle>(null);
  const points = useMemo<LngLat[]>(() => fleet.devices.map((d) => [d.lng, d.lat]), [fleet.devices]);
  const focusAt = useMemo<LngLat | null>(() => (fleet.focus ? [fleet.focus.lng, fleet.focus.lat] : null), [fleet.focus]);
  const onView = useCallback(([lng, lat]: LngLat) => frame.current?.setAttribute('data-center', `${lng.toFixed(6)},${lat.toFixed(6)}`), []);
  const onRendered = useCallback(({ markers }: { markers: number }) => frame.current?.setAttribute('data-markers', String(markers)), []);
  return (
    <div ref={frame} style={{ position: 'relative', width: '100%', height: '100%' }} data-testid="drawing-map">
      <Suspense fallback={<MapLoading />}>
        <FleetMap
          ref={map}
          {...basemapProps(setup)}
          devices={fleet.devices}
          selectedId={fleet.focus?.id}
          fences={fences}
          showLabels={showNames}
          onRendered={onRendered}
        >
          <EditorView focus={focusAt} fleet={points} ready={fleet.loaded} skip={hasShape} bridge={bridge} onView={onView} />
          <ZoomButtons />
          {children}
        </FleetMap>
      </Suspense>
      {/* The bar lets presses between its controls through to the map (pointer-events is inherited). */}
      <div style={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 5, display: 'flex', flexDirection: 'column', gap: 6, pointerEvents: 'none' }}>
        <style>{PHONE_BAR_CSS}</style>
        <div style={bar} className="shape-editor-bar">
          <span style={{ display: 'contents', pointerEvents: 'auto' }}>
            <PlaceSearch mapType={setup.provider !== 'offline' ? setup.mapType : null} onPick={(lng, lat) => map.current?.flyTo(lng, lat)} />
            {tools}
          </span>
          <MapTypeSelect drawn={setup.drawn} onChange={setup.setMapType} style={{ marginInlineStart: 'auto', pointerEvents: 'auto' }} />
        </div>
        {notes}
      </div>
      {/* Clear of the zoom buttons at the lower right. */}
      <MapNotice drawn={setup.drawn} style={{ maxWidth: 'min(440px, calc(100% - 72px))' }} />
    </div>
  );
}
