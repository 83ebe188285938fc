import type { TrackerConnection } from './connection';

/**
 * The live connections of this process by terminal id. A device that reconnects replaces its
 * old connection, which is closed: real trackers often open a new socket before the old one
 * times out.
 */
export class ConnectionRegistry {
  private byTerminal = new Map<string, TrackerConnection>();
  readonly all = new Set<TrackerConnection>();

  get(terminalId: string) {
    return this.byTerminal.get(terminalId);
  }

  bind(terminalId: string, conn: TrackerConnection) {
    const old = this.byTerminal.get(terminalId);
    this.byTerminal.set(terminalId, conn);
    if (old && old !== conn) old.close('replaced by a new connection');
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
