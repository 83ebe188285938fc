/**
 * Sub-package reassembly (message properties bit 13): a long message arrives as `count` frames,
 * each with its 1-based index, consecutive serials and a slice of the body. The slices are
 * kept per connection until the last one arrives; the whole body is then decoded as one
 * message. Limits keep a hostile or broken terminal from holding memory: a message may have at
 * most JT808_MAX_PACKAGES parts and JT808_MAX_REASSEMBLY_BYTES in all per connection, and parts
 * older than JT808_REASSEMBLY_TIMEOUT_MS are dropped (the terminal resends the message).
 */
import type { CodecSession } from '../codec';

export const JT808_MAX_PACKAGES = 256;
export const JT808_MAX_REASSEMBLY_BYTES = 128 * 1024;
export const JT808_REASSEMBLY_TIMEOUT_MS = 60_000;
/** Messages being assembled at once on one connection. */
export const JT808_MAX_PENDING = 4;

interface Pending {
  messageId: number;
  count: number;
  parts: Array<Buffer | undefined>;
  received: number;
  bytes: number;
  startedAt: number;
}

export type ReassemblyResult =
  | { kind: 'partial'; received: number; count: number }
  | { kind: 'complete'; body: Buffer }
  | { kind: 'rejected'; reason: string };

/** Per connection; a WeakMap so the session type stays protocol-neutral and nothing leaks. */
const bySession = new WeakMap<CodecSession, Map<string, Pending>>();

/** Bytes held for a connection, for tests and diagnostics. */
export function pendingReassemblyBytes(session: CodecSession): number {
  let n = 0;
  for (const p of bySession.get(session)?.values() ?? []) n += p.bytes;
  return n;
}

/**
 * Adds one part. `serial` is the part's frame serial: the first part's serial is
 * serial - index + 1, which tells two sends of the same message id apart.
 */
export function addJt808Part(
  session: CodecSession,
  part: { messageId: number; serial: number; count: number; index: number; body: Buffer },
  now: number,
): ReassemblyResult {
  const { messageId, count, index, body } = part;
  if (count < 1 || count > JT808_MAX_PACKAGES) return { kind: 'rejected', reason: `package count ${count}` };
  if (index < 1 || index > count) return { kind: 'rejected', reason: `package index ${index} of ${count}` };
  let pending = bySession.get(session);
  if (!pending) bySession.set(session, (pending = new Map()));
  for (const [key, p] of pending) if (now - p.startedAt > JT808_REASSEMBLY_TIMEOUT_MS) pending.delete(key);
  if (count === 1) return { kind: 'complete', body };
  const key = `${messageId}/${count}/${(part.serial - index + 1) & 0xffff}`;
  let p = pending.get(key);
  if (!p) {
    // The oldest message gives way to a new one: a terminal gives up on a message before starting the next.
    while (pending.size >= JT808_MAX_PENDING) pending.delete(pending.keys().next().value!);
    p = { messageId, count, parts: new Array(count), received: 0, bytes: 0, startedAt: now };
    pending.set(key, p);
  }
  const held = pendingReassemblyBytes(session);
  const previous = p.parts[index - 1];
  if (held - (previous?.length ?? 0) + body.length > JT808_MAX_REASSEMBLY_BYTES) {
    pending.delete(key);
    return { kind: 'rejected', reason: `over ${JT808_MAX_REASSEMBLY_BYTES} bytes in sub-packages` };
  }
  // A resent part replaces the first copy.
  if (!previous) p.received++;
  p.bytes += body.length - (previous?.length ?? 0);
  p.parts[index - 1] = Buffer.from(body);
  if (p.received < count) return { kind: 'partial', received: p.received, count };
  pending.delete(key);
  return { kind: 'complete', body: Buffer.concat(p.parts as Buffer[]) };
}
