import { useCallback, useEffect, useMemo, useState } from 'react';
import { MAP_TYPES, type MapChoice, type MapType } from '../../domain/codes';
import { decideDrawn, type Drawn } from '../../maps/drawn';
import type { MapProvider, MapVariant } from '../../maps/types';
import type { StreetBasemapKind, TilesConfig } from '../../maps/basemap/streets';
import { brand } from '../../providers/publicConfig';
import { setAmapSecurityCode } from '../../maps/scriptLoader';
import { fetchTilesConfig } from '../../maps/basemap/tilesConfig';
import { fetchMapDefaults, fetchMapKey } from './api';
import { readMapType, writeMapType } from './settings';

export interface MapSetup {
  /** What the provider box shows: the drawn keyed provider, OSM or Offline (before: the wanted one). */
  mapType: MapChoice;
  setMapType(t: MapChoice): void;
  variant: MapVariant;
  setVariant(v: MapVariant): void;
  provider: MapProvider;
  mapKey?: string;
  /** Without a key: the basemap to draw; null while deciding (src/maps/drawn.ts). */
  basemap: StreetBasemapKind | null;
  /** What is drawn and offered, or null while the key and tile offer are asked. */
  drawn: Drawn | null;
  /** The provider's own map, or the OSM tiles (`offline`), failed to load: fall back (see drawn). */
  providerFailed(failing?: MapProvider): void;
}

const isKeyed = (c: MapChoice): c is MapType => (MAP_TYPES as readonly string[]).includes(c);

/**
 * The map of every map screen: the type wanted (useMapType in localStorage, else the
 * administrator's default of the mapKey setting, else the brand's), the map types that have a
 * key (POST /system/mapDefaults; getKey is asked only for those, so a missing key costs no
 * request), the server's tile offer, and from them what is drawn (decideDrawn): a keyed
 * provider, OpenStreetMap tiles, or the offline map, with the reason when streets are missing.
 */
export function useMapSetup(): MapSetup {
  const [chosen, setChosen] = useState<MapChoice | undefined>(readMapType);
  const [defaults, setDefaults] = useState<{ type: MapChoice | null; keyed: MapType[] } | null>(null);
  const [variant, setVariant] = useState<MapVariant>('normal');
  const [key, setKey] = useState<{ type: MapType; key: string | null } | null>(null);
  const [tiles, setTiles] = useState<TilesConfig | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  // Street tiles that failed stay failed for this page (the map keeps its outlines), whatever type is chosen.
  const [streetsFailed, setStreetsFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchTilesConfig().then((c) => live && setTiles(c));
    void fetchMapDefaults().then((d) => live && setDefaults({ type: d.defaultMapType, keyed: d.keyed }));
    return () => {
      live = false;
    };
  }, []);

  // The user's own choice wins; without one, the administrator's default replaces the brand's.
  const wanted: MapChoice = chosen ?? defaults?.type ?? brand().mapType;
  const needsKey = isKeyed(wanted) && !!defaults?.keyed.includes(wanted);
  useEffect(() => {
    if (!needsKey || !isKeyed(wanted)) return;
    let live = true;
    fetchMapKey(brand().id, wanted)
      .then((k) => {
        if (!live) return;
        // Before the provider's script loads (the scene is created once the key is known).
        if (wanted === 'GaoDe') setAmapSecurityCode(k?.securityJsCode);
        setKey({ type: wanted, key: k?.key ?? null });
      })
      .catch(() => live && setKey({ type: wanted, key: null }));
    return () => {
      live = false;
    };
  }, [wanted, needsKey]);

  const drawn = useMemo(
    () =>
      decideDrawn({
        wanted,
        keyed: defaults?.keyed ?? null,
        key: key?.type === wanted ? key.key : undefined,
        tiles,
        providerFailed: failed,
        streetsFailed,
      }),
    [wanted, defaults, key, tiles, failed, streetsFailed],
  );

  const setMapType = useCallback((t: MapChoice) => {
    writeMapType(t);
    setFailed(false);
    setChosen(t);
  }, []);

  const provider = drawn?.provider ?? 'offline';
  return {
    mapType: drawn?.choice ?? wanted,
    setMapType,
    variant,
    setVariant,
    provider,
    mapKey: provider === 'offline' ? undefined : (key?.key ?? undefined),
    basemap: drawn?.basemap ?? null,
    drawn,
    // A keyed provider that fails falls back to the keyless map; without a key only the street
    // tiles can fail (the maps report them as the `offline` provider's).
    providerFailed: useCallback((failing?: MapProvider) => {
      if (failing === 'offline') setStreetsFailed(true);
      else setFailed(true);
    }, []),
  };
}

/** What a map takes from the setup: its basemap, variant, key and the fallback when it fails. */
export const basemapProps = (setup: MapSetup) => ({
  provider: setup.provider,
  variant: setup.variant,
  mapKey: setup.mapKey,
  basemap: setup.basemap,
  onProviderFailed: setup.providerFailed,
});
