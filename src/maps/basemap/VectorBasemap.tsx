import { useEffect } from 'react';
import { LineLayer, PointLayer, PolygonLayer, registerTransform, Source, type ILayer } from '../l7';
import { removeLayer, useMap, Z } from '../MapContext';
import type { VectorTilesInfo } from './streets';
import {
  hasLanduseColor,
  hasRoadName,
  isMajorPlace,
  isMajorRoad,
  landuseColor,
  lineLabelPoint,
  MAJOR_ROADS_MIN_ZOOM,
  MINOR_ROADS_MIN_ZOOM,
  NEIGHBOURHOODS_MIN_ZOOM,
  PLACES_MIN_ZOOM,
  placeLabelSize,
  ROAD_NAMES_MIN_ZOOM,
  roadStyle,
  STREET_COLORS,
} from './theme';

/**
 * L7's map counts zoom in 512 px tiles (as Mapbox GL): at map zoom z it loads tiles of zoom z,
 * each 512 px wide, which is how vector basemaps such as Protomaps' are meant to be drawn.
 */
const TILE_SIZE = 512;
/**
 * Road names need points: this transform turns each line of a tile into its middle point
 * (lineLabelPoint). Registered here because the slim L7 source (src/maps/l7-slim) registers
 * no transforms; L7 applies a source's transforms to every tile's data.
 */
const LINE_LABELS = 'fleetgateLineLabels';
registerTransform(LINE_LABELS, (data) => {
  data.dataArray = data.dataArray.map((item) => ({
    ...item,
    coordinates: (lineLabelPoint(item.coordinates) as number[] | null) ?? item.coordinates,
  }));
  return data;
});

const TEXT = {
  fontFamily: 'sans-serif',
  stroke: STREET_COLORS.labelHalo,
  strokeWidth: 2,
  textAllowOverlap: false,
};

/**
 * The self-hosted vector basemap (PMTILES_FILE, served by /api/tiles/vector): land, land use,
 * water, roads by class and place and road names, drawn by L7 from MVT tiles with the theme
 * of ./theme.ts. Names are rasterised by L7 with the browser's fonts: nothing leaves our server.
 */
export function VectorBasemap({ info }: { info: VectorTilesInfo }) {
  const { scene } = useMap();
  useEffect(() => {
    let cancelled = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const layers: ILayer[] = [];
    scene.setBgColor(STREET_COLORS.water);
    const parser = {
      type: 'mvt',
      tileSize: TILE_SIZE,
      minZoom: info.minzoom,
      // Past the archive's deepest zoom its tiles are drawn larger (over-zoomed).
      maxZoom: info.maxzoom,
      extent: info.bounds.length === 4 ? info.bounds : undefined,
    };
    // A source per layer, its tile URLs told apart by a query the server ignores: layers added
    // to one source after it had loaded its tiles got none from L7 (no water, no roads drawn;
    // the streets browser test saw it), and with the very same URLs two sources shared that fate.
    const sourceOf = (name: string) => new Source(`${info.tiles}?layer=${name}`, { parser });
    // Road names need points: lines become their middle points (LINE_LABELS).
    const labelSource = new Source(`${info.tiles}?layer=road-names`, {
      parser,
      transforms: [{ type: LINE_LABELS }],
    });
    const has = (layer: string) => info.layers.length === 0 || info.layers.includes(layer);
    const base = (name: string, sourceLayer: string, zIndex: number, minZoom = 0) => ({
      name: `streets-${name}`,
      sourceLayer,
      zIndex,
      minZoom,
    });
    const list: ILayer[] = [];
    if (has('earth'))
      list.push(
        new PolygonLayer(base('earth', 'earth', Z.land))
          .source(sourceOf('earth'))
          .shape('fill')
          .color(STREET_COLORS.earth),
      );
    for (const sourceLayer of ['landcover', 'landuse'].filter(has)) {
      list.push(
        new PolygonLayer(base(sourceLayer, sourceLayer, Z.land))
          .source(sourceOf(sourceLayer))
          .shape('fill')
          .filter('kind', hasLanduseColor)
          .color('kind', landuseColor),
      );
    }
    if (has('water'))
      list.push(
        new PolygonLayer(base('water', 'water', Z.borders))
          .source(sourceOf('water'))
          .shape('fill')
          .color(STREET_COLORS.water),
      );
    if (has('roads')) {
      const roads = (name: string, major: boolean, minZoom: number) =>
        new LineLayer(base(name, 'roads', Z.provinces, minZoom))
          .source(sourceOf(name))
          .shape('line')
          .filter('kind', (kind: unknown) => isMajorRoad(kind) === major)
          .color('kind', (kind: unknown) => roadStyle(kind).color)
          .size('kind', (kind: unknown) => roadStyle(kind).width);
      list.push(
        roads('minor-roads', false, MINOR_ROADS_MIN_ZOOM),
        roads('major-roads', true, MAJOR_ROADS_MIN_ZOOM),
      );
      list.push(
        new PointLayer(base('road-names', 'roads', Z.placeNames, ROAD_NAMES_MIN_ZOOM))
          .source(labelSource)
          .filter('name', hasRoadName)
          .shape('name', 'text')
          .size(11)
          .color(STREET_COLORS.roadLabel)
          .style(TEXT),
      );
    }
    if (has('places')) {
      const places = (name: string, major: boolean, minZoom: number) =>
        new PointLayer(base(name, 'places', Z.placeNames, minZoom))
          .source(sourceOf(name))
          .filter('kind', (kind: unknown) => isMajorPlace(kind) === major)
          .shape('name', 'text')
          .size('kind', placeLabelSize)
          .color(STREET_COLORS.placeLabel)
          .style(TEXT);
      list.push(
        places('places', true, PLACES_MIN_ZOOM),
        places('neighbourhoods', false, NEIGHBOURHOODS_MIN_ZOOM),
      );
    }
    // One layer per task, as the outlines: building them in one go is one long main-thread task.
    list.forEach((layer, i) =>
      timers.push(
        setTimeout(() => {
          if (cancelled) return;
          layers.push(layer);
          scene.addLayer(layer);
        }, i * 16),
      ),
    );
    return () => {
      cancelled = true;
      timers.forEach(clearTimeout);
      for (const layer of layers) removeLayer(scene, layer);
    };
  }, [scene, info]);
  return null;
}
