/** The shape editor: L7-backed parts (load with the map module) and its pure geometry. */
export { ShapeEditor, fitView, type ShapeEditorProps } from './ShapeEditor';
export { MapClick } from './MapClick';
export { FitView } from './FitView';
export type { DrawnShape, LngLat, ShapeKind } from './geometry';
