/** What every H02 decoding step shares: the connection's session, the receive time, the base fields. */
import type { CodecSession, LocationMessage } from '../codec';

/** `messageId` of H02 messages: the frame's marker byte (H02 frames have no message number). */
export const H02_MARK = { text: 0x2a, binary: 0x24 } as const;
/** H02 speeds are knots (the TQ protocol text; Traccar reads them as knots too). */
export const KNOT_KMH = 1.852;

export type H02Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

export interface FrameContext {
  session: CodecSession;
  now: Date;
  base(messageId: number, deviceId: string | undefined): H02Base;
}

export function frameContext(session: CodecSession, now: Date): FrameContext {
  return {
    session,
    now,
    // H02 frames carry no serial and no checksum.
    base: (messageId, deviceId) => ({ protocol: 'h02', messageId, serial: 0, checksumOk: true, deviceId }),
  };
}
