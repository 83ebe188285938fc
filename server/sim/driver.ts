/**
 * What a simulated tracker of a text or simple binary family (H02, TK103, Meitrack) needs from
 * its protocol: the frames it sends and a reader of what the server sends back. SimDevice
 * (device.ts) drives the connection, the route, the ledger of unacknowledged positions and the
 * command answers; a driver only knows bytes. One driver per family, in server/sim/<family>-frames.ts,
 * listed in server/sim/drivers.ts.
 */
import type { Fix } from './gt06-frames';

export interface SimStatus {
  acc: boolean;
  mileageKm: number;
  /** This report raises an alarm (SOS or the family's most common one). */
  alarm: boolean;
}

/** One thing the server sent, as a tracker understands it. */
export type SimServerEvent =
  /** The server accepted the login: reporting may start (families whose login is answered). */
  | { kind: 'accepted' }
  /** The server acknowledged the position sent with this serial, or the oldest `count` ones. */
  | { kind: 'ack'; serial?: number; count?: number }
  /** A command to run; `ref` is whatever the reply must echo (a serial, a command name). */
  | { kind: 'command'; text: string; ref?: string };

export interface SimServerReader {
  /** Returns the whole server messages found so far; keeps a partial one for the next chunk. */
  push(chunk: Buffer): SimServerEvent[];
}

export interface SimDriver {
  /** Sent on connect; null when the family has no login frame (the first report identifies it). */
  login(deviceId: string, serial: number): Buffer | null;
  /** Reporting starts on connect (true) or on an `accepted` event from the server (false). */
  readyOnConnect: boolean;
  /**
   * The server acks each report (H02 V1, Teltonika records). False: reports get no ack (Meitrack
   * AAA, TK103 outside alarms), so a tracker that keeps unacked positions counts one as delivered
   * once sent, and ignores the odd ack the server does send.
   */
  acksReports: boolean;
  /** One periodic position report. */
  location(deviceId: string, fix: Fix, status: SimStatus, serial: number): Buffer;
  /** The keep-alive frame, or null when the family has none. */
  heartbeat(deviceId: string, serial: number): Buffer | null;
  /** A fresh reader for a new connection. */
  reader(): SimServerReader;
  /** The tracker's answer to a command, worded as `answer`. */
  commandReply(
    deviceId: string,
    command: { text: string; ref?: string },
    answer: string,
    serial: number,
  ): Buffer;
}
