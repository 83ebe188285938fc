/** A short alarm tone made with WebAudio: no sound file, so no request leaves the page. */
let ctx: AudioContext | null = null;

export function beep(durationMs = 180, frequency = 880) {
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const t0 = ctx.currentTime;
    // A quick fade in and out avoids the click of a square start and stop.
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.3, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + durationMs / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + durationMs / 1000 + 0.02);
  } catch {
    // No audio device or autoplay refused before any user gesture: the pop-up still shows.
  }
}
