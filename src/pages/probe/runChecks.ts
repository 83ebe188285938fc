import { API_BASE } from '../../providers/http';
import { browserName, CLOCK_SKEW_WARN_MS, clockSkewMs, MAP_PROVIDERS } from './checks';

export type CheckState = 'ok' | 'failed' | 'warn' | 'skipped';

/** One row of the probe page: a label key (device:probe.*), its params, a state and a detail. */
export interface CheckRow {
  key: string;
  labelKey: string;
  labelParams?: Record<string, unknown>;
  state: CheckState;
  /** A translation key with params, or a plain text. */
  detail?: { key: string; params?: Record<string, unknown> } | { text: string };
}

interface ProbeAnswer {
  version: string;
  serverTime: string;
  uptimeSeconds: number;
  database: { ok: boolean; ms: number };
  bus: { ok: boolean; ms: number };
}

const TIMEOUT_MS = 5000;

function withTimeout<T>(p: Promise<T>, ms = TIMEOUT_MS): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);
}

/** The server, its clock, database and bus, from the public GET /api/probe. */
async function serverChecks(): Promise<CheckRow[]> {
  const sentAt = Date.now();
  let answer: ProbeAnswer;
  try {
    const res = await withTimeout(fetch(`${API_BASE}/probe`, { headers: { Accept: 'application/json' } }));
    answer = ((await res.json()) as { data: ProbeAnswer }).data;
  } catch (e) {
    const failed = (key: string): CheckRow => ({ key, labelKey: `probe.${key}`, state: 'skipped' });
    return [
      { key: 'server', labelKey: 'probe.server', state: 'failed', detail: { text: String(e) } },
      failed('database'),
      failed('bus'),
      failed('clock'),
    ];
  }
  const receivedAt = Date.now();
  const skew = clockSkewMs(sentAt, receivedAt, answer.serverTime);
  const ms = (c: { ms: number }) => ({ text: `${c.ms} ms` });
  return [
    {
      key: 'server',
      labelKey: 'probe.server',
      state: 'ok',
      detail: {
        key: 'probe.version',
        params: { version: answer.version, uptime: answer.uptimeSeconds, ms: receivedAt - sentAt },
      },
    },
    {
      key: 'database',
      labelKey: 'probe.database',
      state: answer.database.ok ? 'ok' : 'failed',
      detail: ms(answer.database),
    },
    { key: 'bus', labelKey: 'probe.bus', state: answer.bus.ok ? 'ok' : 'failed', detail: ms(answer.bus) },
    {
      key: 'clock',
      labelKey: 'probe.clock',
      state: skew === null ? 'failed' : Math.abs(skew) > CLOCK_SKEW_WARN_MS ? 'warn' : 'ok',
      detail: {
        key: 'probe.clockDetail',
        params: { seconds: skew === null ? '?' : (skew / 1000).toFixed(1) },
      },
    },
  ];
}

/**
 * The live channel: the socket must open (upgrade reachable through proxies). Without a session
 * the server then sends an error frame and closes with 4401, which is the expected answer here.
 */
function websocketCheck(): Promise<CheckRow> {
  const row = (state: CheckState, text: string): CheckRow => ({
    key: 'websocket',
    labelKey: 'probe.websocket',
    state,
    detail: { text },
  });
  return new Promise((resolve) => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_BASE}/ws?token=probe`;
    let opened = false;
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.close();
      resolve(row(opened ? 'ok' : 'failed', 'timeout'));
    }, TIMEOUT_MS);
    ws.onopen = () => {
      opened = true;
    };
    ws.onclose = (e) => {
      clearTimeout(timer);
      resolve(row(opened ? 'ok' : 'failed', `close ${e.code}`));
    };
  });
}

function webglCheck(): CheckRow {
  let detail = '';
  let ok = false;
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    ok = Boolean(gl);
    detail = gl ? String(gl.getParameter(gl.VERSION)) : '';
  } catch (e) {
    detail = String(e);
  }
  return { key: 'webgl', labelKey: 'probe.webgl', state: ok ? 'ok' : 'failed', detail: { text: detail } };
}

function storageCheck(): CheckRow {
  const probe = 'fleetgate-probe';
  try {
    localStorage.setItem(probe, '1');
    const ok = localStorage.getItem(probe) === '1';
    localStorage.removeItem(probe);
    return { key: 'storage', labelKey: 'probe.storage', state: ok ? 'ok' : 'failed' };
  } catch (e) {
    return { key: 'storage', labelKey: 'probe.storage', state: 'failed', detail: { text: String(e) } };
  }
}

/**
 * Can this page reach a map provider? An opaque (no-cors) request settles when the host
 * answers; a network error, a block by the network or by the page's security policy rejects.
 */
async function mapCheck(p: { name: string; url: string }): Promise<CheckRow> {
  const base = { key: `map-${p.name}`, labelKey: 'probe.maps', labelParams: { name: p.name } };
  try {
    await withTimeout(fetch(p.url, { mode: 'no-cors', cache: 'no-store' }));
    return { ...base, state: 'ok', detail: { key: 'probe.mapsReachable' } };
  } catch {
    return { ...base, state: 'warn', detail: { key: 'probe.mapsUnreachable' } };
  }
}

/** Every check of the page, the quick local ones first. */
export async function runChecks(language: string): Promise<CheckRow[]> {
  const local: CheckRow[] = [
    {
      key: 'browser',
      labelKey: 'probe.browser',
      state: 'ok',
      detail: { text: browserName(navigator.userAgent) },
    },
    {
      key: 'language',
      labelKey: 'probe.language',
      state: 'ok',
      detail: { text: `${language} (${navigator.languages?.join(', ') || navigator.language})` },
    },
    storageCheck(),
    webglCheck(),
  ];
  const [server, ws, maps] = await Promise.all([
    serverChecks(),
    websocketCheck(),
    Promise.all(MAP_PROVIDERS.map(mapCheck)),
  ]);
  return [...server, ws, ...local, ...maps];
}
