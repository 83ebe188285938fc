import { Line } from '@ant-design/plots';
import { memo, useMemo, useRef } from 'react';
import type { PlayedTrack } from './useTracks';

interface Props {
  tracks: readonly PlayedTrack[];
  from: number;
  to: number;
  t: number;
  onSeek(t: number): void;
}

// Fixed paddings and no margin or inset: the plot spans exactly [PAD_LEFT, width - PAD_RIGHT],
// so the play head and a click on the chart map to time without asking the chart.
const PAD_LEFT = 44;
const PAD_RIGHT = 12;
const HEIGHT = 120;

/** The highest speed per bucket (full data), one line per vehicle. Memoized: the head moves, not the lines. */
const Lines = memo(function Lines({ tracks, from, to }: Omit<Props, 't' | 'onSeek'>) {
  const data = useMemo(
    () =>
      tracks.flatMap((tr) =>
        tr.speed.t.map((bt, i) => ({ t: new Date(bt), speed: tr.speed.max[i], id: tr.terminalID })),
      ),
    [tracks],
  );
  const config = {
    data,
    xField: 't',
    yField: 'speed',
    colorField: 'id',
    height: HEIGHT,
    autoFit: true,
    animate: false,
    legend: false,
    tooltip: false,
    margin: 0,
    inset: 0,
    paddingLeft: PAD_LEFT,
    paddingRight: PAD_RIGHT,
    paddingTop: 10,
    paddingBottom: 24,
    scale: {
      x: { type: 'time', domain: [new Date(from), new Date(to)] },
      y: { nice: true, domainMin: 0 },
      color: { domain: tracks.map((tr) => tr.terminalID), range: tracks.map((tr) => tr.color) },
    },
    axis: { y: { title: 'km/h', titleFontSize: 10 }, x: { title: false } },
    style: { lineWidth: 1.5 },
  };
  return <Line {...config} />;
});

/** The speed chart under the map, in step with the play head both ways: it follows and it seeks. */
export function SpeedChart({ tracks, from, to, t, onSeek }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const frac = to > from ? Math.min(1, Math.max(0, (t - from) / (to - from))) : 0;
  const timeAt = (clientX: number) => {
    const r = box.current!.getBoundingClientRect();
    const w = r.width - PAD_LEFT - PAD_RIGHT;
    const f = Math.min(1, Math.max(0, (clientX - r.left - PAD_LEFT) / w));
    return from + f * (to - from);
  };
  const onPointer = (e: React.PointerEvent) => {
    if (e.type === 'pointermove' && e.buttons !== 1) return;
    onSeek(timeAt(e.clientX));
  };
  return (
    <div ref={box} style={{ position: 'relative', height: HEIGHT }} data-testid="speed-chart">
      <Lines tracks={tracks} from={from} to={to} />
      <div
        data-testid="speed-chart-head"
        data-frac={frac.toFixed(4)}
        style={{
          position: 'absolute',
          top: 6,
          bottom: 22,
          width: 2,
          background: '#f5222d',
          left: `calc(${PAD_LEFT}px + (100% - ${PAD_LEFT + PAD_RIGHT}px) * ${frac})`,
          pointerEvents: 'none',
        }}
      />
      <div
        data-testid="speed-chart-seek"
        onPointerDown={onPointer}
        onPointerMove={onPointer}
        style={{ position: 'absolute', inset: 0, cursor: 'col-resize' }}
      />
    </div>
  );
}
