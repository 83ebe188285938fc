import { useCallback, useEffect, useState } from 'react';
import { MAP_TYPES, type MapType } from '../../domain/codes';
import { providerFor } from '../../maps/providers';
import type { MapProvider, MapVariant } from '../../maps/types';
import { brand } from '../../providers/publicConfig';
import { setAmapSecurityCode } from '../../maps/scriptLoader';
import { fetchTilesConfig, offersStreets } from '../../maps/basemap/tilesConfig';
import { fetchDefaultMapType, fetchMapKey } from './api';
import { readMapType, writeMapType } from './settings';

export interface MapSetup {
  mapType: MapType;
  setMapType(t: MapType): void;
  variant: MapVariant;
  setVariant(v: MapVariant): void;
  provider: MapProvider;
  mapKey?: string;
  /** Why the offline basemap is shown, or null when the chosen provider is. */
  offlineReason: 'noKey' | 'failed' | null;
  /** The provider's own map failed to load: fall back to the offline basemap. */
  providerFailed(): void;
  keyChecked: boolean;
}

/**
 * The map type (useMapType in localStorage, else the administrator's default of the mapKey
 * setting, else the brand's), its key from POST /map/getKey,
 * and the provider that results. No key, or a key call that fails ('map configuration not
 * obtained'), means the offline basemap: nothing then leaves localhost.
 */
export function useMapSetup(): MapSetup {
  const [mapType, setType] = useState<MapType>(() => readMapType() ?? brand().mapType);
  const [variant, setVariant] = useState<MapVariant>('normal');
  const [mapKey, setMapKey] = useState<string | undefined>();
  const [keyChecked, setKeyChecked] = useState(false);
  const [failed, setFailed] = useState(false);
  // Without a key the map shows streets when the server offers them (src/maps/basemap/streets.ts).
  const [streets, setStreets] = useState(false);
  // Street tiles that failed stay failed for this page (the map keeps its outlines), whatever type is chosen.
  const [streetsFailed, setStreetsFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetchTilesConfig().then((c) => live && setStreets(offersStreets(c)));
    return () => {
      live = false;
    };
  }, []);

  // The user's own choice wins; without one, the administrator's default replaces the brand's.
  useEffect(() => {
    if (readMapType()) return;
    let live = true;
    fetchDefaultMapType()
      .then((t) => {
        const type = MAP_TYPES.find((m) => m === t);
        if (live && type) setType(type);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    let live = true;
    setKeyChecked(false);
    fetchMapKey(brand().id, mapType)
      .then((k) => {
        if (!live) return;
        // Before the provider's script loads (the scene is created once the key is known).
        if (mapType === 'GaoDe') setAmapSecurityCode(k?.securityJsCode);
        setMapKey(k?.key);
      })
      .catch(() => live && setMapKey(undefined))
      .finally(() => live && setKeyChecked(true));
    return () => {
      live = false;
    };
  }, [mapType]);

  const setMapType = useCallback((t: MapType) => {
    writeMapType(t);
    setFailed(false);
    setType(t);
  }, []);

  const provider = failed ? 'offline' : providerFor(mapType, Boolean(mapKey));
  // Without a key but with streets there is nothing to warn about, unless their tiles failed
  // to load (providerFailed) and the outlines are shown after all.
  const offlineReason = !keyChecked ? null : !mapKey ? (streets && !streetsFailed ? null : 'noKey') : failed ? 'failed' : null;
  return {
    mapType,
    setMapType,
    variant,
    setVariant,
    provider,
    mapKey: provider === 'offline' ? undefined : mapKey,
    offlineReason,
    // Without a key only the street tiles can fail: that must not block a key that arrives later
    // (the administrator's default map type is read after the first key call).
    providerFailed: useCallback(() => {
      if (mapKey) setFailed(true);
      else setStreetsFailed(true);
    }, [mapKey]),
    keyChecked,
  };
}

/** What a map takes from the setup: its basemap, variant, key and the fallback when it fails. */
export const basemapProps = (setup: MapSetup) => ({
  provider: setup.provider,
  variant: setup.variant,
  mapKey: setup.mapKey,
  onProviderFailed: setup.providerFailed,
});
