import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { upstreamUrl } from './tile-path';

export interface RasterTile {
  data: Buffer;
  contentType: string;
  etag: string;
}

export type RasterAnswer =
  | { kind: 'tile'; tile: RasterTile }
  /** The upstream server has no such tile (4xx). */
  | { kind: 'missing' }
  /** No answer (no internet, timeout, 5xx): the browser keeps the outlines. */
  | { kind: 'unreachable'; reason: string };

export interface RasterProxyOptions {
  template: string;
  userAgent: string;
  /** Bytes of tiles kept in memory. */
  cacheBytes: number;
  timeoutMs?: number;
  /** Upstream requests at once; OSM's tile policy allows two connections. */
  concurrency?: number;
  /** After a network failure, answer `unreachable` at once for this long (offline sites stay fast). */
  downMs?: number;
  /** How long a cached tile is served before it is fetched again. */
  ttlMs?: number;
  fetch?: typeof fetch;
}

/**
 * Fetches raster tiles from an upstream server (OpenStreetMap by default) on behalf of browsers,
 * with our User-Agent, a bounded in-memory cache, one upstream request per tile however many
 * browsers ask, and a cap on simultaneous upstream requests.
 */
export class RasterTileProxy {
  private readonly cache: LRUCache<string, RasterTile>;
  private readonly inFlight = new Map<string, Promise<RasterAnswer>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private downUntil = 0;
  private downReason = '';
  private readonly o: Required<RasterProxyOptions>;

  constructor(options: RasterProxyOptions) {
    this.o = {
      timeoutMs: 5_000,
      concurrency: 2,
      downMs: 30_000,
      ttlMs: 24 * 3600_000,
      fetch: globalThis.fetch,
      ...options,
    };
    this.cache = new LRUCache({
      maxSize: Math.max(1, this.o.cacheBytes),
      sizeCalculation: (t) => Math.max(1, t.data.byteLength),
      ttl: this.o.ttlMs,
    });
  }

  /**
   * Whether the upstream server answers now, asked with its world tile (0/0/0, kept in the cache
   * like any other): what GET /tiles/config tells browsers, so a site without internet shows
   * the outlines with its notice without a failing tile request. A recent network failure
   * answers at once; a tile upstream does not have still means it answers.
   */
  async health(): Promise<{ ok: true } | { ok: false; reason: string }> {
    // Before the cache: a cached world tile says nothing about the network now.
    if (Date.now() < this.downUntil) return { ok: false, reason: this.downReason };
    const answer = await this.tile(0, 0, 0);
    return answer.kind === 'unreachable' ? { ok: false, reason: answer.reason } : { ok: true };
  }

  async tile(z: number, x: number, y: number): Promise<RasterAnswer> {
    const key = `${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached) return { kind: 'tile', tile: cached };
    if (Date.now() < this.downUntil) return { kind: 'unreachable', reason: 'tile server unreachable' };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.limited(() => this.fetchTile(key, z, x, y)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async fetchTile(key: string, z: number, x: number, y: number): Promise<RasterAnswer> {
    let res: Response;
    try {
      res = await this.o.fetch(upstreamUrl(this.o.template, z, x, y), {
        headers: { 'user-agent': this.o.userAgent, accept: 'image/png,image/*' },
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (error) {
      this.downUntil = Date.now() + this.o.downMs;
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      this.downReason = cause ?? (error as Error).name ?? 'fetch failed';
      return { kind: 'unreachable', reason: this.downReason };
    }
    if (res.status >= 400 && res.status < 500) return { kind: 'missing' };
    const contentType = res.headers.get('content-type') ?? '';
    if (!res.ok || !contentType.startsWith('image/')) {
      return { kind: 'unreachable', reason: `upstream answered ${res.status} ${contentType}`.trim() };
    }
    const data = Buffer.from(await res.arrayBuffer());
    const tile = { data, contentType, etag: `"${createHash('sha1').update(data).digest('base64url').slice(0, 16)}"` };
    this.cache.set(key, tile);
    return { kind: 'tile', tile };
  }

  private async limited<T>(job: () => Promise<T>): Promise<T> {
    // A finished job hands its slot straight to the next waiter, so the cap always holds.
    if (this.running < this.o.concurrency) this.running++;
    else await new Promise<void>((go) => this.waiting.push(go));
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
