import FillImageModel from '@antv/l7-layers/es/point/models/fillImage';
import FillModel from '@antv/l7-layers/es/point/models/fill';
import ImageModel from '@antv/l7-layers/es/point/models/image';
import NormalModel from '@antv/l7-layers/es/point/models/normal';
import TextModel from '@antv/l7-layers/es/point/models/text';

/**
 * Stands in for L7's point model table (`@antv/l7-layers/es/point/models/index.js`, replaced in
 * vite.config.ts): the kinds the app's point layers become. `fill` for the 2D shapes (circle),
 * `image` for icons, `fillImage` for icons laid flat (`billboard: false`, the devices), `text`
 * for labels, `normal` for a layer built before its data. Left out: 3D and globe points, radar,
 * `simple` and `dot` points; a layer asking for one fails with "not a constructor": add it here.
 */
const PointModels = {
  fillImage: FillImageModel,
  fill: FillModel,
  image: ImageModel,
  normal: NormalModel,
  text: TextModel,
};
export default PointModels;
