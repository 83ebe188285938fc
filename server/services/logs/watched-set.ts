/** What an API node announces on SUBJECT.logWatch. */
export interface WatchAnnouncement {
  /** The announcing process (one per API node). */
  source: string;
  terminals: string[];
  /** Forget this announcement after this long unless it is repeated. */
  ttlMs: number;
}

/**
 * The terminals some live log monitor watches, as a gateway node knows them: the union of the
 * API nodes' latest announcements, each forgotten after its TTL (an API node that died stops
 * costing anything). `has` is a Set lookup: it runs for every frame on the ingest path.
 */
export class WatchedTerminals {
  private sources = new Map<string, { terminals: Set<string>; expiresAt: number }>();
  private union = new Set<string>();
  private nextExpiry = Infinity;

  constructor(private now: () => number = Date.now) {}

  announce(a: WatchAnnouncement) {
    if (a.terminals.length === 0) this.sources.delete(a.source);
    else this.sources.set(a.source, { terminals: new Set(a.terminals), expiresAt: this.now() + a.ttlMs });
    this.rebuild();
  }

  has(terminalId: string): boolean {
    if (this.union.size === 0) return false;
    if (this.now() >= this.nextExpiry) this.rebuild();
    return this.union.has(terminalId);
  }

  get size() {
    return this.union.size;
  }

  private rebuild() {
    const now = this.now();
    this.union = new Set();
    this.nextExpiry = Infinity;
    for (const [source, s] of this.sources) {
      if (s.expiresAt <= now) {
        this.sources.delete(source);
        continue;
      }
      this.nextExpiry = Math.min(this.nextExpiry, s.expiresAt);
      for (const t of s.terminals) this.union.add(t);
    }
  }
}
