/**
 * Whether trackers of a model get an ack for the frames that carry positions (a device type's
 * `locationAck`). The gateway sends such an ack only once every position of the frame is stored,
 * so a tracker that deletes what was acknowledged loses nothing; a tracker without the ack keeps
 * (or resends) the fix, and a resent fix is stored once (one row per device and fix time).
 *
 * - `protocol`: what the protocol expects: JT/T 808 answers 0x0200/0x0704 with the general
 *   reply 0x8001 (the standard requires it); GT06 acks alarm packets (0x16/0x26), whose firmware
 *   waits for the ack, and not plain location packets (0x10-0x12/0x22), which most firmware
 *   does not expect.
 * - `on`: every frame with positions is acked; `off`: none is.
 */
export const LOCATION_ACK_MODES = ['protocol', 'on', 'off'] as const;
export type LocationAckMode = (typeof LOCATION_ACK_MODES)[number];

/** The stored setting (device_types.location_ack): null is the protocol's default. */
export type LocationAckSetting = boolean | null;

export const locationAckSetting = (mode: LocationAckMode): LocationAckSetting =>
  mode === 'protocol' ? null : mode === 'on';

export const locationAckMode = (setting: LocationAckSetting): LocationAckMode =>
  setting === null ? 'protocol' : setting ? 'on' : 'off';

/** Whether a frame with positions is acked: the model's setting, else the protocol's default. */
export const sendsLocationAck = (setting: LocationAckSetting | undefined, protocolDefault: boolean) =>
  setting ?? protocolDefault;
