/**
 * Stands in for `@antv/l7-component` (vite.config.ts aliases the package name here). L7's scene
 * takes only its Logo control from that package, whose index also loads every control, popup and
 * marker and their icon font (about 450 KB before compression in its browser build). The app
 * draws no L7 control (the logo is off: it is an image on a CDN), so only Logo is given, and the
 * package's style sheet, which the index injects: the scene's own containers need it (without
 * it the map's container is laid out so that it never sees the wheel or a click).
 */
import '@antv/l7-component/es/css/index.css';

export { default as Logo } from '@antv/l7-component/es/control/logo';
