import LineModel from '@antv/l7-layers/es/line/models/line';
import SimpleLineModel from '@antv/l7-layers/es/line/models/simple_line';

/**
 * Stands in for L7's line model table (`@antv/l7-layers/es/line/models/index.js`, replaced in
 * vite.config.ts): the app draws `line` (tracks, fences, streets) and `simple` (the offline
 * outlines' borders). Left out: arcs, great circles, walls and flow lines; a layer asking for one
 * fails with "not a constructor": add it here.
 */
const LineModels = {
  line: LineModel,
  simple: SimpleLineModel,
};
export default LineModels;
