import { connect, ErrorCode, JSONCodec, type NatsConnection, type NatsError } from 'nats';
import { BusTimeoutError, NoResponderError, type EventBus } from './types';

const codec = JSONCodec();

/** The cluster bus over NATS (core NATS: at-most-once, which suits live positions and commands). */
export async function createNatsBus(url: string, name = 'fleetgate'): Promise<EventBus> {
  const nc: NatsConnection = await connect({ servers: url, name, maxReconnectAttempts: -1 });
  return {
    kind: 'nats',
    publish(subject, data) {
      nc.publish(subject, codec.encode(data));
    },
    subscribe(pattern, handler) {
      const sub = nc.subscribe(pattern, {
        callback: (err, msg) => {
          if (err) return console.error(`[bus] subscription ${pattern}:`, err.message);
          try {
            handler(codec.decode(msg.data) as never, msg.subject);
          } catch (e) {
            console.error(`[bus] handler of ${pattern} failed:`, e);
          }
        },
      });
      return () => sub.unsubscribe();
    },
    respond(subject, responder) {
      const sub = nc.subscribe(subject, {
        callback: (err, msg) => {
          if (err) return;
          responder(codec.decode(msg.data) as never, msg.subject).then(
            (r) => msg.respond(codec.encode({ ok: true, r })),
            (e: Error) => msg.respond(codec.encode({ ok: false, error: e.message })),
          );
        },
      });
      return () => sub.unsubscribe();
    },
    async request<R>(subject: string, data: unknown, timeoutMs: number): Promise<R> {
      try {
        const msg = await nc.request(subject, codec.encode(data), { timeout: timeoutMs });
        const answer = codec.decode(msg.data) as { ok: boolean; r?: R; error?: string };
        if (!answer.ok) throw new Error(answer.error ?? 'request failed');
        return answer.r as R;
      } catch (e) {
        const code = (e as NatsError).code;
        if (code === ErrorCode.NoResponders) throw new NoResponderError(subject);
        if (code === ErrorCode.Timeout) throw new BusTimeoutError(subject);
        throw e;
      }
    },
    flush: () => nc.flush(),
    async close() {
      await nc.drain();
    },
  };
}
