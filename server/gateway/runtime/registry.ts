import type { TrackerConnection } from './connection';

/**
 * The live connections of this process: all of them, how many each source address holds, and
 * which one speaks for each device. A device's connection is kept against a second claimant
 * while it is live; one that has gone quiet is replaced (real trackers often open a new socket
 * before the old one times out).
 */
export class ConnectionRegistry {
  private byTerminal = new Map<string, TrackerConnection>();
  private perAddress = new Map<string, number>();
  readonly all = new Set<TrackerConnection>();

  add(conn: TrackerConnection, address: string) {
    this.all.add(conn);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
  }

  remove(conn: TrackerConnection, address: string) {
    if (!this.all.delete(conn)) return;
    const n = (this.perAddress.get(address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(address, n);
    else this.perAddress.delete(address);
  }

  /** Connections the address holds now. */
  from(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }

  get(terminalId: string) {
    return this.byTerminal.get(terminalId);
  }

  /**
   * Gives the device to `conn` unless another connection holds it and has sent a frame within
   * `silenceMs`; then that one is returned and keeps it. A quieter holder is closed.
   */
  claim(terminalId: string, conn: TrackerConnection, silenceMs: number, now = Date.now()) {
    const old = this.byTerminal.get(terminalId);
    if (old && old !== conn && !old.isClosed && now - old.lastFrameAt < silenceMs) return { holder: old };
    this.byTerminal.set(terminalId, conn);
    if (old && old !== conn) old.close('replaced by a new connection');
    return { holder: null };
  }

  /** True when `conn` was the device's current connection. */
  unbind(terminalId: string, conn: TrackerConnection): boolean {
    if (this.byTerminal.get(terminalId) !== conn) return false;
    this.byTerminal.delete(terminalId);
    return true;
  }

  get size() {
    return this.byTerminal.size;
  }

  private writes = new Set<Promise<unknown>>();

  /** Keeps a state write in view so shutdown can wait for it. */
  track(p: Promise<unknown>) {
    this.writes.add(p);
    void p.finally(() => this.writes.delete(p));
  }

  async settle() {
    while (this.writes.size) await Promise.allSettled([...this.writes]);
  }
}
