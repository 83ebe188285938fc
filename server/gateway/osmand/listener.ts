import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEVICE_PROTOCOL } from '../../../src/domain/codes';
import { familyMayServe } from '../../../src/domain/protocol-family';
import { countFrame } from '../../ops/metrics';
import type { GatewayContext } from '../runtime/context';
import type { KnownDevice } from '../runtime/directory';
import { recordAlarm } from '../runtime/alarms';
import { storePosition } from '../runtime/store-position';
import { OSMAND_BODY_MAX, OSMAND_URL_MAX } from './limits';
import { keyHashOf, keyOfUrl, keyOpens, withoutKey } from './device-key';
import { HttpPresence } from './presence';
import { FixAdmission } from './rate';
import { StoreLatency } from './store-latency';
import { decodeOsmAnd } from './request';

export interface OsmAndListener {
  port: number;
  presence: HttpPresence;
  /** Stops accepting, answers what is in progress, marks the devices seen offline. */
  close(): Promise<void>;
}

/**
 * The OsmAnd HTTP listener (Traccar Client and other phone apps): one request, one fix. A fix
 * of a device imported or in stock (the gateway's directory) goes through the same position
 * writer and alarm path as the TCP gateways; the answer (200, empty body) leaves once the fix
 * is stored, so an app keeps and resends a fix the server did not take.
 */
export async function startOsmAnd(
  ctx: GatewayContext,
  opts: { port: number; host?: string },
): Promise<OsmAndListener> {
  const presence = new HttpPresence(ctx);
  const admission = new FixAdmission();
  const latency = new StoreLatency(ctx.writer.opts.flushMs);
  const server = http.createServer({ maxHeaderSize: 8 * 1024 }, (req, res) => {
    void handle(ctx, presence, admission, latency, req, res).catch((e) => {
      console.error('[osmand]', (e as Error).message);
      answer(res, 500);
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host: opts.host ?? '0.0.0.0', backlog: 4096 }, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    presence,
    async close() {
      const closed = new Promise((r) => server.close(r));
      server.closeIdleConnections();
      await closed;
      presence.close();
    },
  };
}

async function handle(
  ctx: GatewayContext,
  presence: HttpPresence,
  admission: FixAdmission,
  latency: StoreLatency,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = req.url ?? '/';
  if (url.length > OSMAND_URL_MAX) return answer(res, 414);
  const body = await readBody(req);
  if (body === null) return answer(res, 413, true);
  const decoded = decodeOsmAnd({ url, contentType: req.headers['content-type'], body });
  countFrame('osmand', !decoded.ok);
  const raw = withoutKey(body ? `${url}\n${body}` : url);
  if (!decoded.ok) {
    if (decoded.terminalId) log(ctx, null, decoded.terminalId, raw, { error: decoded.error });
    return answer(res, 400, false, decoded.error);
  }
  const { terminalId, message } = decoded;
  // The writer is behind (database slow or down): the app keeps the fix and retries. Said
  // before the device is looked up, so it tells nothing about the id.
  if (ctx.writer.underPressure) return answer(res, 503);
  const admitted = admission.admit(terminalId, message.time);
  if (admitted === 'tooFast') return answer(res, 429);
  const device = await ctx.directory.lookup(terminalId);
  // Looked up and compared for every id, known or not: the same work whatever the answer.
  const keyed = keyOpens(await keyHashOf(ctx.db, terminalId), keyOfUrl(url));
  const refusal = refusalOf(device, keyed);
  if (refusal) {
    // Unknown, or bound to another gateway family (a GT06 IMEI on the phone port): logged
    // here, answered like a stored fix after as long as one takes, so a client cannot tell
    // which ids exist (docs/protocols.md, "OsmAnd over HTTP").
    log(ctx, device?.id != null ? device : null, terminalId, raw, { [refusal]: true, messages: [message] });
    console.warn(`[osmand] refused ${terminalId}: ${refusal}`);
    await latency.imitate();
    return answer(res, 200);
  }
  const served = device!;
  log(ctx, served, terminalId, raw, {
    messages: [message],
    ...(admitted !== 'store' && { [admitted]: true }),
  });
  presence.touch(served, req);
  if (admitted === 'duplicate' || served.id == null) {
    await latency.imitate();
    return answer(res, 200);
  }
  const deviceId = served.id;
  const started = Date.now();
  const stored = new Promise<void>((resolve) =>
    storePosition(ctx.writer, served, deviceId, message, resolve),
  );
  if (message.alarm)
    ctx.registry.track(
      recordAlarm(ctx, served, message.alarms ?? [message.alarm], message).catch((e) =>
        console.error('[osmand] alarm:', (e as Error).message),
      ),
    );
  await stored;
  latency.observe(Date.now() - started);
  answer(res, 200);
}

/** Why the OsmAnd port serves no fix of this device, or null when it does. */
function refusalOf(
  device: KnownDevice | null,
  keyed: boolean,
): 'unknownDevice' | 'otherFamily' | 'wrongKey' | null {
  if (!device) return 'unknownDevice';
  if (!familyMayServe('osmand', device.protocol)) return 'otherFamily';
  if (!keyed) return 'wrongKey';
  return null;
}

/** The body as text, or null past OSMAND_BODY_MAX (the socket is then closed). */
function readBody(req: IncomingMessage): Promise<string | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > OSMAND_BODY_MAX) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > OSMAND_BODY_MAX) {
        req.removeAllListeners('data');
        req.pause();
        return resolve(null);
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(size > OSMAND_BODY_MAX ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, close = false, text = '') {
  if (res.headersSent) return;
  const headers: Record<string, string | number> = { 'content-length': Buffer.byteLength(text) };
  if (text) headers['content-type'] = 'text/plain; charset=utf-8';
  if (status === 503 || status === 429) headers['retry-after'] = 5;
  // A body past the limit is not read: the connection cannot carry another request.
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

function log(
  ctx: GatewayContext,
  device: KnownDevice | null,
  terminalId: string,
  raw: string,
  decoded: Record<string, unknown>,
) {
  ctx.frameLog.add({
    deviceId: device?.id ?? null,
    terminalId,
    direction: 'in',
    protocol: device?.protocol ?? DEVICE_PROTOCOL.OsmAnd,
    raw,
    decoded,
    at: new Date(),
  });
}
