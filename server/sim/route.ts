/**
 * A plausible drive for one simulated vehicle: phases of stopping, city driving, fast road and
 * the odd overspeed, with a heading that wanders and turns at "junctions". Pure and seeded, so
 * a fleet replays the same way each time.
 */
export interface VehicleState {
  lat: number;
  lon: number;
  course: number;
  speed: number;
  phase: Phase;
  phaseLeft: number;
  mileageKm: number;
}

export type Phase = 'stop' | 'city' | 'fast' | 'overspeed';

const PHASE_SPEED: Record<Phase, [number, number]> = {
  stop: [0, 0],
  city: [15, 55],
  fast: [65, 110],
  overspeed: [122, 140],
};

export interface Rng {
  next(): number;
}

/** mulberry32: small, fast and good enough for traffic. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

function nextPhase(rng: Rng): Phase {
  const r = rng.next();
  if (r < 0.2) return 'stop';
  if (r < 0.7) return 'city';
  if (r < 0.93) return 'fast';
  return 'overspeed';
}

export function startVehicle(lat: number, lon: number, rng: Rng): VehicleState {
  return {
    lat,
    lon,
    course: Math.floor(rng.next() * 360),
    speed: 0,
    phase: 'city',
    phaseLeft: 30,
    mileageKm: 0,
  };
}

const EARTH_M_PER_DEG = 111_320;

/** Advances the vehicle by `dtSec` seconds. */
export function step(v: VehicleState, dtSec: number, rng: Rng): VehicleState {
  let { phase, phaseLeft, course } = v;
  phaseLeft -= dtSec;
  if (phaseLeft <= 0) {
    phase = nextPhase(rng);
    phaseLeft = phase === 'overspeed' ? 20 + rng.next() * 30 : 40 + rng.next() * 200;
  }
  const [lo, hi] = PHASE_SPEED[phase];
  const target = lo + rng.next() * (hi - lo);
  // Speed eases towards the phase's target instead of jumping.
  const speed = Math.max(0, v.speed + (target - v.speed) * Math.min(1, dtSec / 8));
  if (speed > 1) {
    course =
      (course + (rng.next() - 0.5) * 20 + (rng.next() < 0.03 ? 90 * Math.sign(rng.next() - 0.5) : 0) + 360) %
      360;
  }
  const dist = (speed / 3.6) * dtSec;
  const rad = (course * Math.PI) / 180;
  const lat = v.lat + (dist * Math.cos(rad)) / EARTH_M_PER_DEG;
  const lon = v.lon + (dist * Math.sin(rad)) / (EARTH_M_PER_DEG * Math.cos((v.lat * Math.PI) / 180));
  return {
    lat,
    lon,
    course: Math.round(course),
    speed: Math.round(speed * 10) / 10,
    phase,
    phaseLeft,
    mileageKm: v.mileageKm + dist / 1000,
  };
}
