/**
 * Stands in for `@antv/l7-layers` (aliased in vite.config.ts): its index loads every layer kind
 * (heat maps, 3D buildings, the globe, …); the app draws points, lines, polygons and raster
 * tiles, and L7's scene itself needs the mask and tile base layers. A layer kind not listed here
 * is a build error, not a silent gap: add it here.
 */
export { default as BaseLayer } from '@antv/l7-layers/es/core/BaseLayer';
export { default as LineLayer } from '@antv/l7-layers/es/line/index';
export { default as MaskLayer } from '@antv/l7-layers/es/mask';
export { default as PointLayer } from '@antv/l7-layers/es/point';
export { default as PolygonLayer } from '@antv/l7-layers/es/polygon';
export { default as RasterLayer } from '@antv/l7-layers/es/raster';
export { default as TileLayer } from '@antv/l7-layers/es/tile/core/BaseLayer';
export * from '@antv/l7-layers/es/core/interface';
