/**
 * The only module that imports AntV L7 (with src/maps/keyedMaps.ts for the keyed providers' map
 * classes, loaded only when one is used): every map file takes L7's classes and types from here,
 * so the parts of L7 the app loads are chosen in one place (page weight, issue 18).
 *
 * Only the parts used are imported, never the `@antv/l7` bundle: the scene, L7's own map, the
 * layers and the data source. vite.config.ts also points L7's own imports of its layer, source
 * and component packages at the slim indexes in ./l7-slim (their package indexes load every layer
 * kind, parser and control), so a layer kind or parser type not listed there must be added there.
 */
export { Scene } from '@antv/l7-scene';
export { Map as L7Map } from '@antv/l7-maps/simple';
export { LineLayer, PointLayer, PolygonLayer, RasterLayer } from '@antv/l7-layers';
export { default as Source, registerTransform } from '@antv/l7-source';
export type { ILayer } from '@antv/l7-core';
