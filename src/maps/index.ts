/**
 * The map module's only entry point. It pulls in L7 (about 380 KB gzip), so import it
 * dynamically from map routes only: `const { FleetMap } = await import('../../maps')` or
 * `React.lazy`. Types come from './types' and `providerFor` from './providers' without L7.
 */
export { FleetMap } from './FleetMap';
export { TrackLayer, type MapTrack } from './layers/TrackLayer';
export { PlaybackMarkers, type PlaybackMarker } from './layers/PlaybackMarkers';
export { ViewReporter, type MapView } from './layers/ViewReporter';
export { ShapeEditor, MapClick, FitView, type ShapeEditorProps } from './draw';
export { providerFor } from './providers';
export { formatDistance } from './distance';
export type { DistanceUnit, FleetMapHandle, FleetMapProps, MapDevice, MapFence, MapProvider, MapVariant } from './types';
