/**
 * The light map (no L7): the monitor's map without a key. Loaded with a dynamic import, as the
 * L7 map is (src/maps/index.ts), but about a tenth of its weight.
 */
export { LiteMap } from './LiteMap';
