import { forwardRef, useMemo } from 'react';
import {
  FleetMap,
  PlaybackMarkers,
  TrackLayer,
  ViewReporter,
  type MapTrack,
  type MapView,
  type PlaybackMarker,
} from '../../maps';
import type { FleetMapHandle } from '../../maps/types';
import { basemapProps, type MapSetup } from '../monitor/useMapSetup';
import { publishTracksDrawn } from './benchHooks';
import type { PlayedTrack } from './useTracks';

interface Props {
  setup: MapSetup;
  tracks: readonly PlayedTrack[];
  markers: readonly PlaybackMarker[];
  /** The area shown, once a pan or zoom settles (for more detail there). */
  onView(view: MapView): void;
  /** The points of the tracks loaded last: the view is fitted to them. */
  fitTo: readonly (readonly [number, number])[];
}

const NO_DEVICES: never[] = [];

/** The playback map: the monitor's providers and coordinate conversion, the tracks and the played vehicles. */
const TrackMap = forwardRef<FleetMapHandle, Props>(function TrackMap(
  { setup, tracks, markers, fitTo, onView },
  ref,
) {
  const mapTracks = useMemo<MapTrack[]>(
    () =>
      tracks.map((tr) => ({
        id: tr.terminalID,
        color: tr.color,
        shape: tr.shape,
        stays: tr.stays.map((s) => ({ lng: s.lon, lat: s.lat })),
      })),
    [tracks],
  );
  return (
    <FleetMap
      ref={ref}
      {...basemapProps(setup)}
      devices={NO_DEVICES}
      showLabels={false}
      fitTo={fitTo}
    >
      <TrackLayer
        tracks={mapTracks}
        onDrawn={(n, points) =>
          publishTracksDrawn(
            n,
            points,
            tracks.every((tr) => !tr.time && !tr.view),
          )
        }
      />
      <PlaybackMarkers markers={markers} />
      <ViewReporter onView={onView} />
    </FleetMap>
  );
});

export default TrackMap;
