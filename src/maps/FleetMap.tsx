import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { Scene } from './l7';
import { fromMapCoords, toMapCoords } from './coords';
import { OfflineBasemap } from './basemap/OfflineBasemap';
import { RasterTiles } from './basemap/RasterTiles';
import { StreetBasemap } from './basemap/StreetBasemap';
import type { StreetBasemapKind } from './basemap/streets';
import { DevicesLayer } from './layers/DevicesLayer';
import { FencesLayer } from './layers/FencesLayer';
import { LabelsLayer } from './layers/LabelsLayer';
import { MeasureTool } from './layers/MeasureTool';
import { SelectedLayer } from './layers/SelectedLayer';
import { MapContext, type MapContextValue } from './MapContext';
import { createScene } from './scene';
import { useKeptFit } from './useKeptFit';
import type { FleetMapHandle, FleetMapProps, MapProvider, MapVariant } from './types';

interface Shown {
  scene: Scene;
  host: HTMLElement;
  provider: MapProvider;
}

// Room for the end marker and its name label beside the fitted points.
const FIT_PADDING = 64;

/**
 * The fleet map: a scene for the provider, and the layers as components inside it. The scene
 * is rebuilt only when the provider, variant or key changes; everything else (devices,
 * selection, fences, labels, measuring) updates layers in place.
 */
export const FleetMap = forwardRef<FleetMapHandle, FleetMapProps>(function FleetMap(props, ref) {
  const { provider, variant, mapKey, tileUrl, devices, selectedId, follow, trail, fences, showLabels, measure } = props;
  const container = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [basemap, setBasemap] = useState<StreetBasemapKind | ''>('');
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    // Each scene gets its own host element, so a scene being torn down never touches the next.
    const host = document.createElement('div');
    host.style.cssText = 'position:absolute;inset:0';
    el.appendChild(host);
    let disposed = false;
    let scene: Scene | undefined;
    createScene({ container: host, provider, variant, mapKey })
      .then((created) => {
        scene = created.scene;
        if (disposed) {
          scene.destroy();
          host.remove();
          return;
        }
        if (created.failure) callbacks.current.onProviderFailed?.(provider, created.failure);
        setShown({ scene: created.scene, host, provider: created.provider });
      })
      .catch((error) => callbacks.current.onProviderFailed?.(provider, String(error)));
    return () => {
      disposed = true;
      setShown(null);
      setBasemap('');
      // React runs this cleanup before the layers' own (they remove their layers from the
      // scene), so the scene is destroyed on the next task, after them.
      const old = scene;
      setTimeout(() => {
        old?.destroy();
        host.remove();
      }, 0);
    };
  }, [provider, variant, mapKey]);

  const ctx = useMemo<MapContextValue | null>(() => {
    if (!shown) return null;
    const p = shown.provider;
    const v: MapVariant = variant;
    return {
      scene: shown.scene,
      host: shown.host,
      provider: p,
      variant: v,
      toMap: (lng, lat) => toMapCoords(p, lng, lat, v),
      fromMap: (lng, lat) => fromMapCoords(p, lng, lat, v),
    };
  }, [shown, variant]);

  // The zoom as an attribute of the map element, for browser tests and page scripts to read.
  useEffect(() => {
    if (!shown) return;
    const { scene } = shown;
    const report = () => container.current?.setAttribute('data-zoom', scene.getZoom().toFixed(2));
    report();
    scene.on('zoomend', report);
    return () => scene.off('zoomend', report);
  }, [shown]);

  const latestDevices = useRef(devices);
  latestDevices.current = devices;
  const fit = useKeptFit(container, ctx, FIT_PADDING);
  const fitPoints = useCallback(
    (points: readonly (readonly [number, number])[]) => {
      if (!ctx) return;
      let minLng = Infinity, minLat = Infinity, maxLng = -Infinity, maxLat = -Infinity;
      for (const [wgsLng, wgsLat] of points) {
        const [lng, lat] = ctx.toMap(wgsLng, wgsLat);
        if (lng < minLng) minLng = lng;
        if (lng > maxLng) maxLng = lng;
        if (lat < minLat) minLat = lat;
        if (lat > maxLat) maxLat = lat;
      }
      if (minLng === Infinity) return;
      if (minLng === maxLng && minLat === maxLat) {
        fit(null);
        ctx.scene.setZoomAndCenter(15, [minLng, minLat]);
      } else fit([[minLng, minLat], [maxLng, maxLat]]);
    },
    [ctx, fit],
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
        if (!ctx) return;
        fit(null);
        ctx.scene.setZoomAndCenter(zoom ?? Math.max(ctx.scene.getZoom(), 14), ctx.toMap(lng, lat));
      },
    };
  }, [ctx, fit, fitPoints]);

  const tiles = ctx && (ctx.provider === 'yandex' || ctx.provider === 'bing' || ctx.provider === 'xyz') ? ctx.provider : null;
  const measuring = !!measure?.active;

  return (
    <div className={props.className} style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      <div
        ref={container}
        data-testid="fleet-map"
        data-provider={ctx?.provider ?? ''}
        data-basemap={ctx?.provider === 'offline' ? basemap : ''}
        style={{ position: 'absolute', inset: 0 }}
      />
      {ctx && (
        <MapContext.Provider value={ctx}>
          {ctx.provider === 'offline' && (
            <StreetBasemap
              wanted={props.basemap}
              onShown={(kind) => {
                setBasemap(kind);
                callbacks.current.onBasemap?.(kind);
              }}
              onFailed={(reason) => callbacks.current.onProviderFailed?.('offline', reason)}
            />
          )}
          {tiles && <OfflineBasemap />}
          {tiles && (
            <RasterTiles
              provider={tiles}
              variant={variant}
              mapKey={mapKey}
              tileUrl={tileUrl}
              onFailed={(p, reason) => callbacks.current.onProviderFailed?.(p, reason)}
            />
          )}
          <FencesLayer fences={fences} />
          <SelectedLayer devices={devices} selectedId={selectedId} follow={follow} trail={trail} />
          <DevicesLayer
            devices={devices}
            onSelect={measuring ? undefined : (id) => callbacks.current.onSelect?.(id)}
            onRendered={(info) => callbacks.current.onRendered?.(info)}
          />
          <LabelsLayer devices={devices} visible={showLabels} />
          {measuring && <MeasureTool unit={measure.unit} onMeasure={(m) => callbacks.current.onMeasure?.(m)} />}
          {props.children}
        </MapContext.Provider>
      )}
    </div>
  );
});
