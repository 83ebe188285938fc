import net from 'node:net';
import { jt808Codec, parseJt808Frame, type Jt808Frame } from '../../server/gateway/jt808';

/**
 * A bare JT/T 808 terminal for tests: writes the frames it is given and keeps every frame the
 * platform answers, parsed, in arrival order.
 */
export class Jt808TestTerminal {
  readonly received: Jt808Frame[] = [];
  private waiters: (() => void)[] = [];
  private splitter = jt808Codec.createSplitter();
  closed = false;
  private constructor(private socket: net.Socket) {
    socket.on('data', (chunk) => {
      for (const f of this.splitter.push(chunk)) this.received.push(parseJt808Frame(f));
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => {});
  }

  static connect(port: number): Promise<Jt808TestTerminal> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(new Jt808TestTerminal(s)));
      s.once('error', reject);
    });
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(frame: Buffer) {
    this.socket.write(frame);
  }

  /** The n-th answer (0-based), waiting up to `ms` for it; throws when it does not come. */
  async answer(n: number, ms = 5000): Promise<Jt808Frame> {
    const end = Date.now() + ms;
    while (this.received.length <= n) {
      if (this.closed) throw new Error(`closed after ${this.received.length} answers`);
      if (Date.now() > end) throw new Error(`no answer ${n} within ${ms} ms`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
    return this.received[n];
  }

  /** Resolves true once the platform has closed the connection, false after `ms`. */
  async waitClosed(ms = 5000): Promise<boolean> {
    const end = Date.now() + ms;
    while (!this.closed && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }
}

/** 0x8001 body fields: the answered serial and message id, and the result. */
export const generalReply = (f: Jt808Frame) => ({
  id: f.header.messageId,
  replySerial: f.body.readUInt16BE(0),
  replyId: f.body.readUInt16BE(2),
  result: f.body[4],
});

/** 0x8100 body fields: the register's serial, the result and the code. */
export const registerReply = (f: Jt808Frame) => ({
  id: f.header.messageId,
  replySerial: f.body.readUInt16BE(0),
  result: f.body[2],
  authCode: f.body.subarray(3).toString('latin1'),
});
