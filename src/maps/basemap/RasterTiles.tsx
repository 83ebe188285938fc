import { useEffect, useRef } from 'react';
import { RasterLayer } from '../l7';
import { MAP_DEFAULT_CENTER } from '../../domain/constants';
import { logMapFailure, reasonText } from '../log';
import { removeLayer, useMap, Z } from '../MapContext';
import type { MapProvider, MapVariant } from '../types';
import { bingMetadataUrl, bingTemplateFromMetadata, tileAt, tileUrl, yandexTemplate } from './tiles';

const PROBE_TIMEOUT_MS = 8_000;

interface Props {
  provider: 'yandex' | 'bing' | 'xyz';
  variant: MapVariant;
  mapKey?: string;
  tileUrl?: string;
  onFailed(provider: MapProvider, reason: string): void;
}

async function templateFor({
  provider,
  variant,
  mapKey,
  tileUrl: xyz,
}: Omit<Props, 'onFailed'>): Promise<string> {
  if (provider === 'xyz') {
    if (!xyz) throw new Error('no tile URL');
    return xyz;
  }
  if (provider === 'yandex') return yandexTemplate(variant, mapKey);
  if (!mapKey) throw new Error('no map key');
  const answer = await fetch(bingMetadataUrl(variant, mapKey), {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (!answer.ok) throw new Error(`Bing metadata answered ${answer.status}`);
  const template = bingTemplateFromMetadata(await answer.json());
  if (!template) throw new Error('Bing metadata without a tile URL');
  return template;
}

/** Loads one tile near the default centre; rejects when the tile server does not answer. */
function probe(template: string): Promise<void> {
  const [x, y] = tileAt(MAP_DEFAULT_CENTER.lng, MAP_DEFAULT_CENTER.lat, 4);
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(() => reject(new Error('no tile within 8 s')), PROBE_TIMEOUT_MS);
    img.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error('tile request failed'));
    };
    img.src = tileUrl(template, x, y, 4);
  });
}

/**
 * Yandex, Bing and self-hosted XYZ tiles as a raster layer over the offline map (whose outlines
 * stay underneath). If the tile server does not answer, the layer is dropped and the page told.
 */
export function RasterTiles(props: Props) {
  const { scene } = useMap();
  const failed = useRef(props.onFailed);
  failed.current = props.onFailed;
  const { provider, variant, mapKey, tileUrl: xyz } = props;

  useEffect(() => {
    let disposed = false;
    let layer: RasterLayer | undefined;
    templateFor({ provider, variant, mapKey, tileUrl: xyz })
      .then(async (template) => {
        await probe(template);
        if (disposed) return;
        layer = new RasterLayer({ zIndex: Z.tiles, name: `tiles-${provider}` });
        layer.source(template, {
          parser: {
            type: 'rasterTile',
            tileSize: 256,
            // L7's zoom counts 512 px tiles: these 256 px ones are asked one zoom deeper so they
            // show at their own size (as OsmTiles does).
            zoomOffset: 1,
            // L7's own template filler knows no {quadkey}; ours does (Bing).
            getURLFromTemplate: (t: string, p: { x: number; y: number; z: number }) =>
              tileUrl(t, p.x, p.y, p.z),
          },
        });
        scene.addLayer(layer);
      })
      .catch((error) => {
        if (disposed) return;
        logMapFailure('tiles', provider, error);
        failed.current(provider, reasonText(error));
      });
    return () => {
      disposed = true;
      if (layer) removeLayer(scene, layer);
    };
  }, [scene, provider, variant, mapKey, xyz]);
  return null;
}
