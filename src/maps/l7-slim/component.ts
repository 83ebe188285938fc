/**
 * Stands in for `@antv/l7-component` (vite.config.ts aliases the package name here). L7's scene
 * takes only its Logo control from that package, whose index also loads every control, popup and
 * marker and their icon font (about 450 KB before compression in its browser build). The app
 * draws no L7 control: the logo is off (`logoVisible: false` in src/maps/scene.ts: it is an image
 * on a CDN), so Logo is a stand-in that is never constructed (the real one brings L7's control
 * base and its popper, about 7 KB). The package's style sheet, which the index injects, stays:
 * the scene's own containers need it (without it the map's container is laid out so that it
 * never sees the wheel or a click).
 */
import '@antv/l7-component/es/css/index.css';

export class Logo {
  constructor() {
    throw new Error("L7's logo control is not bundled: scenes are made with logoVisible: false (src/maps/l7-slim/component.ts)");
  }
}
