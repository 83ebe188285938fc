import LineModel from '@antv/l7-layers/es/line/models/line';
import PolygonFillModel from '@antv/l7-layers/es/polygon/models/fill';
import PointFillModel from '@antv/l7-layers/es/point/models/fill';
import ImageModel from '@antv/l7-layers/es/point/models/image';
import NormalModel from '@antv/l7-layers/es/point/models/normal';
import TextModel from '@antv/l7-layers/es/point/models/text';

/**
 * Stands in for L7's polygon model table (`@antv/l7-layers/es/polygon/models/index.js`, replaced
 * in vite.config.ts): the app fills polygons (fences, land, water); the line, text and flat point
 * kinds L7's own table also lists for polygon layers stay. Left out: extrusions, water and ocean
 * effects and 3D points; a layer asking for one fails with "not a constructor": add it here.
 */
const PolygonModels = {
  fill: PolygonFillModel,
  line: LineModel,
  text: TextModel,
  point_fill: PointFillModel,
  point_image: ImageModel,
  point_normal: NormalModel,
};
export default PolygonModels;
