import { createContext, useContext } from 'react';
import type { LiteView } from './view';

/**
 * What the light map's layers need: its view (camera, events, draw list) and the host element
 * for overlays. The light map shows the offline provider only, so positions are WGS-84 as
 * they come: no coordinate conversion.
 */
export interface LiteMapContextValue {
  view: LiteView;
  host: HTMLElement;
}

export const LiteMapContext = createContext<LiteMapContextValue | null>(null);

export function useLiteMap(): LiteMapContextValue {
  const value = useContext(LiteMapContext);
  if (!value) throw new Error('light map layers must be rendered inside LiteMap');
  return value;
}

/** Draw order of the light map's layers, bottom to top (as MapContext's Z for L7). */
export const LZ = {
  tiles: 1,
  land: 2,
  borders: 3,
  provinces: 4,
  placeNames: 5,
  fences: 6,
  trail: 7,
  selected: 9,
  devices: 10,
  labels: 12,
  measure: 20,
} as const;
