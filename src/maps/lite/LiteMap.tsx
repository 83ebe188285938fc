import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { brandMapView } from '../../providers/publicConfig';
import { OFFLINE_BACKGROUND } from '../basemap/outlineStyle';
import type { StreetBasemapKind } from '../basemap/streets';
import type { FleetMapHandle, FleetMapProps } from '../types';
import { LiteMapContext, type LiteMapContextValue } from './context';
import { attachGestures } from './gestures';
import { DevicesLayer } from './layers/DevicesLayer';
import { FencesLayer } from './layers/FencesLayer';
import { LabelsLayer } from './layers/LabelsLayer';
import { MeasureTool } from './layers/MeasureTool';
import { SelectedLayer } from './layers/SelectedLayer';
import { LiteBasemap } from './LiteBasemap';
import { shapeOf } from './rings';
import { LiteView } from './view';

const FIT_PADDING = 40;

/**
 * The fleet map without L7, for a map without a key (docs/maps.md, "The light map"): the same
 * props, handle and test hooks as FleetMap (`data-provider`, `data-basemap`, `data-zoom`, the
 * `cluster-counts` canvas), drawn on a 2D canvas. It shows OSM tiles or the outlines; the L7
 * map stays for keyed providers, vector tiles and the drawing tools.
 */
export const LiteMap = forwardRef<FleetMapHandle, FleetMapProps>(function LiteMap(props, ref) {
  const { devices, selectedId, follow, trail, fences, showLabels, measure } = props;
  const container = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<LiteView | null>(null);
  const [basemap, setBasemap] = useState<StreetBasemapKind | ''>('');
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const { center, zoom } = brandMapView();
    const created = new LiteView(el, {
      center: [center[0], center[1]],
      zoom,
      background: OFFLINE_BACKGROUND,
    });
    const detach = attachGestures(created);
    // The zoom as an attribute of the map element, for browser tests and page scripts to read.
    const report = () => el.setAttribute('data-zoom', created.getZoom().toFixed(2));
    report();
    created.on('zoomend', report);
    setView(created);
    return () => {
      detach();
      created.destroy();
      setView(null);
      setBasemap('');
    };
  }, []);

  const ctx = useMemo<LiteMapContextValue | null>(
    () => (view && container.current ? { view, host: container.current } : null),
    [view],
  );

  const latestDevices = useRef(devices);
  latestDevices.current = devices;
  const fitPoints = useCallback(
    (points: readonly (readonly [number, number])[]) => {
      if (!view || !points.length) return;
      const { west: w, south: s, east: e, north: n } = shapeOf([points]);
      if (w === e && s === n) view.setZoomAndCenter(15, [w, s]);
      else
        view.fitBounds(
          [
            [w, s],
            [e, n],
          ],
          FIT_PADDING,
        );
    },
    [view],
  );
  const { fitTo } = props;
  useEffect(() => {
    if (fitTo?.length) fitPoints(fitTo);
  }, [fitTo, fitPoints]);
  useImperativeHandle(ref, () => {
    return {
      fitAll: () => fitPoints(latestDevices.current.map((d) => [d.lng, d.lat] as const)),
      fitPoints,
      flyTo(lng, lat, zoom) {
        view?.setZoomAndCenter(zoom ?? Math.max(view.getZoom(), 14), [lng, lat]);
      },
    };
  }, [view, fitPoints]);

  const measuring = !!measure?.active;
  return (
    <div
      className={props.className}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}
    >
      <div
        ref={container}
        data-testid="fleet-map"
        data-provider={view ? 'offline' : ''}
        data-basemap={basemap}
        data-map="lite"
        style={{ position: 'absolute', inset: 0 }}
      />
      {ctx && (
        <LiteMapContext.Provider value={ctx}>
          <LiteBasemap
            wanted={props.basemap}
            onShown={(kind) => {
              setBasemap(kind);
              callbacks.current.onBasemap?.(kind);
            }}
            onFailed={(reason) => callbacks.current.onProviderFailed?.('offline', reason)}
          />
          <FencesLayer fences={fences} />
          <SelectedLayer devices={devices} selectedId={selectedId} follow={follow} trail={trail} />
          <DevicesLayer
            devices={devices}
            onSelect={measuring ? undefined : (id) => callbacks.current.onSelect?.(id)}
            onRendered={(info) => callbacks.current.onRendered?.(info)}
          />
          <LabelsLayer devices={devices} visible={showLabels} />
          {measuring && (
            <MeasureTool unit={measure.unit} onMeasure={(m) => callbacks.current.onMeasure?.(m)} />
          )}
        </LiteMapContext.Provider>
      )}
    </div>
  );
});
