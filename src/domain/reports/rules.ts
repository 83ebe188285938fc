/**
 * Settings and thresholds of the trips and engine reports (issue 33). The stop rule, the mileage
 * rule and the day rule are the track domain's (../track): these are only the report's own.
 */
import { STAY_MAX_S, STAY_MIN_DEFAULT_S, STAY_MIN_S } from '../track/rules';

/**
 * A trip ends at a stop of at least this long. The stay-point report's default, so by default
 * the stays between trips are exactly the stays that report and playback list.
 */
export const TRIP_STOP_MIN_DEFAULT_S = STAY_MIN_DEFAULT_S;
/**
 * The shortest stop a trips request may ask for. The rollup's stored runs (trip-days.ts) keep
 * only stops this long (and those touching midnight), so trips rebuilt from rollups are exact
 * for any setting from here up.
 */
export const TRIP_STOP_MIN_S = STAY_MIN_S;
export const TRIP_STOP_MAX_S = STAY_MAX_S;

/**
 * A "trip" shorter than this between two stays (a speed blip of a parked receiver, a car moved
 * across a car park) is not a trip: it joins the stays around it, which then carry its metres.
 * 0 turns this off.
 */
export const TRIP_MIN_M_DEFAULT = 100;
export const TRIP_MIN_M_MAX = 10_000;

/**
 * How long the ignition state of a fix is taken to hold when no later fix says otherwise. A
 * tracker with the engine running reports every 10 to 60 s (heartbeats every 3 min at the
 * sparsest setting we know), so after 5 minutes of silence the state is unknown: counting on
 * would turn a tracker that lost power with ACC on into hours of engine time.
 */
export const ACC_HOLD_MAX_S = 300;

/** Idling (ACC on, stopped) counts as an episode from this long (fleet products' usual 5 min). */
export const IDLE_MIN_DEFAULT_S = 300;
export const IDLE_MIN_S = 60;
export const IDLE_MAX_S = STAY_MAX_S;
