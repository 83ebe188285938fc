import { useCallback, useEffect, useRef, useState } from 'react';
import { advance, type Span } from './playback';

export interface PlayClock {
  t: number;
  playing: boolean;
  speed: number;
  play(): void;
  pause(): void;
  seek(t: number): void;
  setSpeed(s: number): void;
}

/**
 * The play head over [from, to]: an animation frame loop while playing, which skips long stays
 * (`stays` per vehicle) and stops at the end. Seeking pauses nothing.
 */
export function usePlayClock(from: number, to: number, stays: readonly Span[][]): PlayClock {
  const [t, setT] = useState(from);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const ref = useRef({ t: from, speed, stays, to });
  ref.current.speed = speed;
  ref.current.stays = stays;
  ref.current.to = to;

  // A new span starts at its beginning, in the very render that brings it: the span moves to the
  // first fix when tracks load, and a render of the old instant against the new span would read
  // as a moved play head (and fetch detail around the range's start).
  const [span, setSpan] = useState({ from, to });
  if (span.from !== from || span.to !== to) {
    setSpan({ from, to });
    setT(from);
    setPlaying(false);
  }
  useEffect(() => {
    ref.current.t = from;
  }, [from, to]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const tick = (now: number) => {
      const r = ref.current;
      const next = advance(r.t, now - last, r.speed, r.stays, r.to);
      last = now;
      r.t = next;
      setT(next);
      if (next >= r.to) setPlaying(false);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing]);

  const play = useCallback(() => {
    // Played to the end: start again.
    if (ref.current.t >= ref.current.to) {
      ref.current.t = from;
      setT(from);
    }
    setPlaying(true);
  }, [from]);
  const pause = useCallback(() => setPlaying(false), []);
  const seek = useCallback((v: number) => {
    ref.current.t = v;
    setT(v);
  }, []);
  return { t, playing, speed, play, pause, seek, setSpeed };
}
