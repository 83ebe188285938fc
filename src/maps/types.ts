import type { ReactNode } from 'react';
import type { CarIconState } from '../domain/codes';
import type { StreetBasemapKind } from './basemap/streets';

/** Where the base map comes from. `offline` is L7's own map over outlines shipped from npm. */
export type MapProvider = 'offline' | 'baidu' | 'gaode' | 'google' | 'yandex' | 'bing' | 'xyz';
export type MapVariant = 'normal' | 'satellite';

/** One device on the map. Positions are always WGS-84; the map converts them for its provider. */
export interface MapDevice {
  id: number;
  lng: number;
  lat: number;
  /** Degrees clockwise from north. */
  course: number;
  iconState: CarIconState;
  /** Rotating car icon type, 1 to 16 (spec section 9). */
  iconType: number;
  label: string;
}

export interface MapFence {
  id: number;
  name: string;
  type: 'circle' | 'polygon';
  /** WGS-84 lng/lat. */
  center?: [number, number];
  /** Metres. */
  radius?: number;
  /** WGS-84 lng/lat ring (closing point optional). */
  points?: [number, number][];
}

export interface FleetMapHandle {
  /** Zooms to show every device. */
  fitAll(): void;
  /** Zooms to show WGS-84 lng/lat points. */
  fitPoints(points: readonly (readonly [number, number])[]): void;
  /** Centres on a WGS-84 position. */
  flyTo(lng: number, lat: number, zoom?: number): void;
}

export type DistanceUnit = 'metric' | 'us';

export interface FleetMapProps {
  provider: MapProvider;
  variant: MapVariant;
  mapKey?: string;
  /** Template for the `xyz` provider, e.g. `https://tiles.example.com/{z}/{x}/{y}.png`. */
  tileUrl?: string;
  /** The whole visible set; a new array reference means "changed". */
  devices: readonly MapDevice[];
  selectedId?: number;
  /** Keep the selected device centred. */
  follow?: boolean;
  /** WGS-84 lng/lat of the selected device's recent positions. */
  trail?: readonly [number, number][];
  fences?: readonly MapFence[];
  showLabels: boolean;
  measure?: { active: boolean; unit: DistanceUnit };
  onSelect?(id: number): void;
  /** After the device layer has drawn `markers` points (at = Date.now()). */
  onRendered?(info: { markers: number; at: number }): void;
  /**
   * WGS-84 points the view is fitted to (and kept fitted while the map's box changes), as soon as
   * the map is up: a page whose data arrives before the map has loaded gets its fit all the same.
   * A new array reference fits again.
   */
  fitTo?: readonly (readonly [number, number])[];
  /**
   * Without a key (provider `offline`): the basemap the page decided on (src/maps/drawn.ts);
   * null while it is still deciding (nothing is drawn yet); absent, the map picks the first the
   * server offers.
   */
  basemap?: StreetBasemapKind | null;
  onProviderFailed?(provider: MapProvider, reason: string): void;
  /**
   * Without a key (provider `offline`): the basemap shown, vector tiles (PMTILES_FILE), OSM
   * tiles, or the bundled outlines when neither is offered or the OSM tiles do not load.
   */
  onBasemap?(kind: StreetBasemapKind): void;
  onMeasure?(meters: number): void;
  /** Extra class for the map container (it fills its parent by default). */
  className?: string;
  /** More layers (src/maps/layers), drawn inside the map's context. */
  children?: ReactNode;
}

/** What the selected-device layers of both maps take. */
export type SelectionProps = Pick<FleetMapProps, 'devices' | 'selectedId' | 'follow' | 'trail'>;
