/** Reports a fleet manager expects (issue 33): trips and stays, engine hours and idling. */
export * from './rules';
export * from './range';
export * from './trace';
export * from './silent';
export * from './timeline';
export * from './trips';
export * from './trip-days';
export * from './engine';
export * from './engine-days';
export * from './fuel-reading';
export * from './fuel-rules';
export * from './fuel';
export * from './fuel-range';
export * from './behaviour';
export * from './behaviour-score';
