import { Line } from '@ant-design/plots';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { axisTicks } from '../../domain/date-format';
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
        // A bucket starts on its 5-minute mark, before the first fix the chart starts at.
        tr.speed.t.map((bt, i) => ({
          t: new Date(Math.min(Math.max(bt, from), to)),
          speed: tr.speed.max[i],
          id: tr.terminalID,
        })),
      ),
    [tracks, from, to],
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
    axis: {
      y: { title: 'km/h', titleFontSize: 10 },
      // The time labels are ours (TimeAxis below): the library writes English month names
      // ("Nov 28", "03 AM") on the browser's clock, whatever the language and account zone.
      x: { title: false, label: false },
    },
    style: { lineWidth: 1.5 },
  };
  return <Line {...config} />;
});

/** Room one time label needs on the axis, px. */
const LABEL_PX = 64;

/** The time labels under the plot, on round times of the account's zone, written as every date is. */
function TimeAxis({ from, to, width }: { from: number; to: number; width: number }) {
  const plot = Math.max(0, width - PAD_LEFT - PAD_RIGHT);
  const ticks = axisTicks(from, to, Math.max(2, Math.floor(plot / LABEL_PX)));
  return (
    <div
      data-testid="speed-chart-axis"
      style={{ position: 'absolute', left: 0, right: 0, bottom: 4, height: 16 }}
    >
      {ticks.map((tick) => (
        <span
          key={tick.t}
          data-testid="speed-chart-tick"
          style={{
            position: 'absolute',
            left: `calc(${PAD_LEFT}px + (100% - ${PAD_LEFT + PAD_RIGHT}px) * ${(tick.t - from) / (to - from)})`,
            transform: 'translateX(-50%)',
            fontSize: 11,
            color: 'rgba(0,0,0,0.55)',
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {tick.label}
        </span>
      ))}
    </div>
  );
}

/** The width of an element, followed as it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/** The speed chart under the map, in step with the play head both ways: it follows and it seeks. */
export function SpeedChart({ tracks, from, to, t, onSeek }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
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
      <TimeAxis from={from} to={to} width={width} />
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
