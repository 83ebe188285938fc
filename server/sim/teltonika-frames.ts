/**
 * A simulated Teltonika tracker's side of the wire: its AVL records and a reader for what the
 * server sends (the 1-byte handshake answer, 4-byte record-count acks, Codec 12 commands).
 */
import {
  buildTeltonikaHandshake,
  CODEC12_TYPE,
  encodeTeltonikaAvl,
  encodeTeltonikaResponse,
  ioElement,
  TELTONIKA_CODEC,
  TELTONIKA_IO as IO,
} from '../gateway/teltonika';
import type { SimDriver, SimServerEvent } from './driver';
import type { Fix } from './gt06-frames';

export interface TeltonikaStatus {
  acc: boolean;
  mileageKm: number;
  /** A crash event (IO 247) rides on this record. */
  alarm?: boolean;
}

/** One Codec 8 record packet, the way FMB firmware sends a periodic record. */
export function teltonikaRecord(fix: Fix, status: TeltonikaStatus): Buffer {
  const io = [
    ioElement(IO.ignition, 1, status.acc ? 1 : 0),
    ioElement(IO.movement, 1, fix.speed > 0 ? 1 : 0),
    ioElement(IO.gsmSignal, 1, 4),
    ioElement(IO.externalVoltage, 2, 12_600),
    ioElement(IO.odometer, 4, Math.round(status.mileageKm * 1000)),
  ];
  if (status.alarm) io.push(ioElement(IO.crash, 1, 1));
  return encodeTeltonikaAvl([
    {
      time: fix.time,
      priority: status.alarm ? 1 : 0,
      latitude: fix.lat,
      longitude: fix.lon,
      course: fix.course,
      satellites: fix.satellites,
      speed: fix.speed,
      eventIo: status.alarm ? IO.crash : 0,
      io,
    },
  ]);
}

export type ServerPacket =
  | { kind: 'handshake'; accepted: boolean }
  | { kind: 'ack'; records: number }
  | { kind: 'command'; text: string };

/** Cuts the server's byte stream; the first byte of a connection answers the handshake. */
export class TeltonikaServerReader {
  private buf = Buffer.alloc(0);
  private handshakeDone = false;

  push(chunk: Buffer): ServerPacket[] {
    this.buf = Buffer.concat([this.buf, chunk]);
    const out: ServerPacket[] = [];
    for (;;) {
      if (!this.handshakeDone) {
        if (this.buf.length < 1) break;
        this.handshakeDone = true;
        out.push({ kind: 'handshake', accepted: this.buf[0] === 1 });
        this.buf = this.buf.subarray(1);
        continue;
      }
      if (this.buf.length < 4) break;
      const head = this.buf.readUInt32BE(0);
      // A record count is never 0; 4 zero bytes start a packet.
      if (head !== 0) {
        out.push({ kind: 'ack', records: head });
        this.buf = this.buf.subarray(4);
        continue;
      }
      if (this.buf.length < 8) break;
      const end = 8 + this.buf.readUInt32BE(4) + 4;
      if (this.buf.length < end) break;
      const packet = this.buf.subarray(0, end);
      this.buf = this.buf.subarray(end);
      if (packet[8] === TELTONIKA_CODEC.codec12 && packet[10] === CODEC12_TYPE.command && packet.length >= 20)
        out.push({
          kind: 'command',
          text: packet.subarray(15, 15 + packet.readUInt32BE(11)).toString('latin1'),
        });
    }
    return out;
  }
}

/** The simulated Teltonika tracker as a SimDriver: handshake, records, count acks, Codec 12. */
export const teltonikaSimDriver: SimDriver = {
  login: (imei) => buildTeltonikaHandshake(imei),
  readyOnConnect: false,
  acksReports: true,
  location: (_id, fix, status) => teltonikaRecord(fix, status),
  // Teltonika trackers have no heartbeat: their periodic records keep the link.
  heartbeat: () => null,
  reader: () => {
    const reader = new TeltonikaServerReader();
    return {
      push: (chunk) =>
        reader.push(chunk).flatMap((p): SimServerEvent[] => {
          if (p.kind === 'handshake') return p.accepted ? [{ kind: 'accepted' }] : [];
          if (p.kind === 'ack') return [{ kind: 'ack', count: p.records }];
          return [{ kind: 'command', text: p.text }];
        }),
    };
  },
  commandReply: (_id, _command, answer) => encodeTeltonikaResponse(answer),
};
