import { useMemo, useRef } from 'react';
import { FitView, FleetMap, ShapeEditor } from '../../maps';
import type { BusStopInput } from '../../domain/area/bus';
import { EditorFrame } from '../../maps/draw/EditorFrame';
import type { DrawnShape, LngLat } from '../../maps/draw/geometry';
import { liveShape } from '../../maps/draw/liveShape';
import { SizeReadout } from '../../maps/draw/SizeReadout';
import { MapStatus } from '../../maps/MapStatus';
import { basemapProps, useMapSetup } from '../monitor/useMapSetup';
import { routePoints, stopCircles } from './shapes';

const NO_DEVICES: never[] = [];
const LINE_COLOR = '#1677ff';
const STOP_COLOR = '#fa541c';
const OTHER_COLOR = '#8c8c8c';

export type BusMapMode = 'line' | 'stops';

interface Props {
  line: LngLat[] | null;
  stops: readonly BusStopInput[];
  /** What clicks do: draw the line, or add and drag stops; absent: only shown. */
  mode?: BusMapMode;
  onLine?(line: LngLat[] | null): void;
  /** A click on the map in stops mode. */
  onAddStop?(at: LngLat): void;
  onMoveStop?(index: number, at: LngLat): void;
  /** Other routes, only shown (the list's map). */
  others?: readonly { id: number; line: [number, number][]; stops: readonly BusStopInput[] }[];
  /** Refit when this changes. */
  fitKey?: string | number;
}

/**
 * A bus route on the monitor's basemap: the line as a polyline editor and each stop as a point
 * editor over a circle of its radius, all on one map. Only one of them takes clicks at a time
 * (mode), so a click meant for a new stop never adds a corner to the line. While editing, the
 * shape editors' frame around it (vehicles, place search, zoom, the line's length); else the
 * provider box and notice over it (MapStatus). A chunk of its own.
 */
export default function BusRouteMap({ line, stops, mode, onLine, onAddStop, onMoveStop, others = [], fitKey = 0 }: Props) {
  const setup = useMapSetup();
  const live = useMemo(liveShape, []);
  // A route given when the map opened (editing one) is fitted; a new one starts on the fleet.
  const opened = useRef(!!line || stops.length > 0);
  const circles = useMemo(
    () => [...stopCircles(stops), ...others.flatMap((r, i) => stopCircles(r.stops, i + 1))],
    [stops, others],
  );
  const lineShape = useMemo<DrawnShape | null>(() => (line ? { type: 'polyline', points: line } : null), [line]);
  const fitTo = useMemo(
    () => [...routePoints(line, stops), ...others.flatMap((r) => routePoints(r.line, r.stops))],
    // Fitted on the key only; the points of the moment are read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fitKey, others],
  );
  const layers = (
    <>
      {fitTo.length > 0 && <FitView points={fitTo} fitKey={`${fitKey}:${others.length}`} />}
      {others.map((r) => (
        <ShapeEditor key={r.id} kind="polyline" value={{ type: 'polyline', points: r.line }} onChange={() => {}} readOnly color={OTHER_COLOR} fit={false} />
      ))}
      <ShapeEditor
        kind="polyline"
        value={lineShape}
        onChange={(s) => onLine?.(s && s.type === 'polyline' ? s.points : null)}
        readOnly={mode !== 'line'}
        color={LINE_COLOR}
        fit={false}
        onLive={live.set}
      />
      {stops.map((s, i) => (
        <ShapeEditor
          key={`stop-${i}`}
          kind="point"
          value={{ type: 'point', point: [s.lon, s.lat] }}
          onChange={(p) => p?.type === 'point' && onMoveStop?.(i, p.point)}
          readOnly={mode !== 'stops'}
          color={STOP_COLOR}
          fit={false}
        />
      ))}
      {mode === 'stops' && (
        // Empty point editor: a click makes a stop. Keyed by the count so it starts empty again.
        <ShapeEditor
          key={`new-stop-${stops.length}`}
          kind="point"
          value={null}
          onChange={(p) => p?.type === 'point' && onAddStop?.(p.point)}
          color={STOP_COLOR}
          fit={false}
        />
      )}
    </>
  );
  // Editing: the shape editors' map (vehicles, place search, zoom, the line's length so far).
  if (mode)
    return (
      <EditorFrame setup={setup} hasShape={opened.current} fences={circles} notes={<SizeReadout live={live} />}>
        {layers}
      </EditorFrame>
    );
  return (
    <MapStatus setup={setup}>
      <FleetMap {...basemapProps(setup)} devices={NO_DEVICES} fences={circles} showLabels={false}>
        {layers}
      </FleetMap>
    </MapStatus>
  );
}
