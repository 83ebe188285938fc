import { useEffect, useState } from 'react';
import { logMapFailure, reasonText } from '../log';
import { useMap } from '../MapContext';
import { OfflineBasemap } from './OfflineBasemap';
import { OsmTiles } from './OsmTiles';
import {
  attributionText,
  chooseStreets,
  OSM_ATTRIBUTION,
  OSM_COPYRIGHT_URL,
  type StreetBasemapKind,
  type StreetChoice,
} from './streets';
import { fetchTilesConfig } from './tilesConfig';
import { tileAt, tileUrl } from './tiles';
import { VectorBasemap } from './VectorBasemap';

const REQUEST_TIMEOUT_MS = 8_000;

/** Loads the OSM tile under the map's centre through our server; rejects when none comes (no internet). */
async function probeOsm(template: string, lng: number, lat: number, zoom: number): Promise<void> {
  const z = Math.max(0, Math.min(19, Math.round(zoom)));
  const [x, y] = tileAt(lng, lat, z);
  const r = await fetch(tileUrl(template, x, y, z), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!r.ok) throw new Error(`OSM tile answered ${r.status}`);
}

interface Props {
  onShown(kind: StreetBasemapKind): void;
  /** The OSM tiles do not load: the outlines are shown instead, and the page says so. */
  onFailed(reason: string): void;
}

/**
 * The basemap of a map without a key: vector tiles when the server has a .pmtiles archive, else
 * OpenStreetMap tiles once one has loaded, else the bundled outlines (docs/maps.md). Nothing is
 * drawn until the choice is made, so the outlines' data is only loaded when they are shown.
 */
export function StreetBasemap({ onShown, onFailed }: Props) {
  const { scene, fromMap } = useMap();
  const [shown, setShown] = useState<StreetChoice | null>(null);
  useEffect(() => {
    let live = true;
    const show = (choice: StreetChoice) => {
      if (!live) return;
      setShown(choice);
      onShown(choice.kind);
    };
    fetchTilesConfig().then(async (offered) => {
      const choice = chooseStreets(offered);
      if (choice.kind !== 'osm') return show(choice);
      const { lng, lat } = scene.getCenter();
      const [wgsLng, wgsLat] = fromMap(lng, lat);
      try {
        await probeOsm(choice.info.tiles, wgsLng, wgsLat, scene.getZoom());
        show(choice);
      } catch (error) {
        if (!live) return;
        logMapFailure('tiles', 'osm', error);
        show({ kind: 'outlines' });
        onFailed(reasonText(error));
      }
    });
    return () => {
      live = false;
    };
    // onShown/onFailed are the page's callbacks; the choice is made once per scene.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene]);

  if (!shown) return null;
  if (shown.kind === 'outlines') return <OfflineBasemap />;
  const credit = shown.kind === 'osm' ? OSM_ATTRIBUTION : attributionText(shown.info.attribution) || OSM_ATTRIBUTION;
  return (
    <>
      {shown.kind === 'vector' ? <VectorBasemap info={shown.info} /> : <OsmTiles info={shown.info} />}
      <a
        data-testid="map-attribution"
        href={OSM_COPYRIGHT_URL}
        target="_blank"
        rel="noreferrer"
        style={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          zIndex: 5,
          padding: '1px 6px',
          fontSize: 11,
          lineHeight: '16px',
          color: '#333',
          background: 'rgba(255,255,255,0.75)',
          textDecoration: 'none',
        }}
      >
        {credit}
      </a>
    </>
  );
}
