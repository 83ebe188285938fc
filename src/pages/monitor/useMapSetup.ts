import { useCallback, useEffect, useState } from 'react';
import { MAP_TYPES, type MapType } from '../../domain/codes';
import { providerFor } from '../../maps/providers';
import type { MapProvider, MapVariant } from '../../maps/types';
import { brand } from '../../providers/publicConfig';
import { setAmapSecurityCode } from '../../maps/scriptLoader';
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
  const offlineReason = !keyChecked ? null : !mapKey ? 'noKey' : failed ? 'failed' : null;
  return {
    mapType,
    setMapType,
    variant,
    setVariant,
    provider,
    mapKey: provider === 'offline' ? undefined : mapKey,
    offlineReason,
    providerFailed: useCallback(() => setFailed(true), []),
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
