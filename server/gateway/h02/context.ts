/** What every H02 decoding step shares: the connection's session, the receive time, the base fields. */
import type { CodecSession, LocationMessage } from '../codec';

/** `messageId` of H02 messages: the frame's marker byte (H02 frames have no message number). */
export const H02_MARK = { text: 0x2a, binary: 0x24, x: 0x58 } as const;
/** H02 speeds are knots (the TQ protocol text; Traccar reads them as knots too). */
export const KNOT_KMH = 1.852;

export type H02Base = Pick<LocationMessage, 'protocol' | 'messageId' | 'serial' | 'checksumOk' | 'deviceId'>;

export interface FrameContext {
  session: CodecSession;
  now: Date;
  /** The id the frame carries, else the connection's. */
  deviceId?: string;
  base(messageId: number): H02Base;
}

export function frameContext(session: CodecSession, now: Date): FrameContext {
  const ctx: FrameContext = {
    session,
    now,
    deviceId: session.deviceId,
    // H02 frames carry no serial and no checksum.
    base: (messageId) => ({
      protocol: 'h02',
      messageId,
      serial: 0,
      checksumOk: true,
      deviceId: ctx.deviceId,
    }),
  };
  return ctx;
}

/**
 * Takes the id a frame carries. The connection keeps the first one (its device is identified
 * by it; commands go to it): a device does not change ids, and a stray frame must not redirect them.
 */
export function takeFrameId(ctx: FrameContext, id: string): void {
  ctx.deviceId = id;
  ctx.session.deviceId ??= id;
}
