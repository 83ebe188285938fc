// The notice moved to src/maps (every map screen shows it, issue 32); the monitor imports it from here.
export { MapNotice } from '../../maps/MapNotice';
