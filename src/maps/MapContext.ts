import { createContext, useContext } from 'react';
import type { ILayer, Scene } from './l7';
import type { MapProvider, MapVariant } from './types';

/** What every layer component needs: the live scene and the coordinate system it is drawn in. */
export interface MapContextValue {
  scene: Scene;
  /** The scene's host element; 2D overlays go here, above the scene's canvas (z-index 2). */
  host: HTMLElement;
  /** The provider actually shown (offline after a failed keyed provider). */
  provider: MapProvider;
  variant: MapVariant;
  /** WGS-84 → map coordinates. */
  toMap(lng: number, lat: number): [number, number];
  /** Map coordinates → WGS-84. */
  fromMap(lng: number, lat: number): [number, number];
}

export const MapContext = createContext<MapContextValue | null>(null);

export function useMap(): MapContextValue {
  const value = useContext(MapContext);
  if (!value) throw new Error('map layers must be rendered inside FleetMap');
  return value;
}

/** Draw order of the layers, bottom to top. */
export const Z = { land: 0, borders: 1, provinces: 2, placeNames: 3, tiles: 1, fences: 5, trail: 6, selected: 9, devices: 10, labels: 12, measure: 20 } as const;

/**
 * Removes a layer on cleanup. When the whole map goes away, React runs FleetMap's cleanup (which
 * destroys the scene) before the layers' own, so the scene may already be gone: nothing to do.
 */
export function removeLayer(scene: Scene, layer: ILayer): void {
  try {
    void scene.removeLayer(layer).catch(() => {});
  } catch {
    // destroyed with the scene
  }
}
