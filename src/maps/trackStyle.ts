import { TRACK_STATE, type CarIconState } from '../domain/codes';

/**
 * Colours of playback (no L7 here, so the page's legend can use them): one per track state
 * (spec section 4), the line under it in the device's own colour.
 */
export const TRACK_STATE_COLORS: Record<number, string> = {
  [TRACK_STATE.normal]: '#52c41a',
  [TRACK_STATE.fast]: '#1677ff',
  [TRACK_STATE.overspeed]: '#f5222d',
  [TRACK_STATE.stop]: '#fa8c16',
  [TRACK_STATE.abnormal]: '#8c8c8c',
};

/** Colours of the up to five devices played at once. */
export const DEVICE_COLORS = ['#722ed1', '#13c2c2', '#eb2f96', '#2f54eb', '#a0d911'] as const;

export const START_COLOR = '#389e0d';
export const END_COLOR = '#cf1322';
export const STAY_COLOR = '#d46b08';

/** The played vehicle's icon colour for the state of the point it is at. */
export const TRACK_ICON_STATE: Record<number, CarIconState> = {
  [TRACK_STATE.normal]: 'moving',
  [TRACK_STATE.fast]: 'fast',
  [TRACK_STATE.overspeed]: 'overspeed',
  [TRACK_STATE.stop]: 'stop',
  [TRACK_STATE.abnormal]: 'unknown',
};
