/** The one track module shared by playback, the daily rollups and statistics (issue 11). */
export * from './buckets';
export * from './days';
export * from './fix';
export * from './geo';
export * from './jumps';
export * from './mileage';
export * from './piece';
export * from './rules';
export * from './shape';
export * from './simplify';
export * from './state';
export * from './stays';
export * from './assemble';
export * from './statistics';
export * from './figures';
