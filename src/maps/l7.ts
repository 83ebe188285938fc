/**
 * The only module that imports AntV L7: every map file takes L7's classes and types from here,
 * so the parts of L7 the app loads are chosen in one place (page weight, issue 18).
 */
export { BaiduMap, GaodeMap, GoogleMap, LineLayer, Map as L7Map, PointLayer, PolygonLayer, RasterLayer, Scene, Source } from '@antv/l7';
export type { ILayer } from '@antv/l7';
