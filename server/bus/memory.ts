import {
  BusTimeoutError,
  NoResponderError,
  subjectMatches,
  type EventBus,
  type Handler,
  type Responder,
} from './types';

/** The single-process bus. Handlers run on a microtask so a publisher never waits for them. */
export function createMemoryBus(): EventBus {
  const subs = new Set<{ pattern: string; handler: Handler }>();
  const responders = new Map<string, Responder>();
  const pending = new Set<Promise<unknown>>();

  return {
    kind: 'memory',
    publish(subject, data) {
      for (const sub of subs) {
        if (!subjectMatches(sub.pattern, subject)) continue;
        const p = Promise.resolve().then(() => sub.handler(data, subject));
        pending.add(p);
        void p
          .catch((err) => console.error(`[bus] handler of ${sub.pattern} failed:`, err))
          .finally(() => pending.delete(p));
      }
    },
    subscribe(pattern, handler) {
      const sub = { pattern, handler: handler as Handler };
      subs.add(sub);
      return () => void subs.delete(sub);
    },
    respond(subject, responder) {
      responders.set(subject, responder as Responder);
      return () => {
        if (responders.get(subject) === responder) responders.delete(subject);
      };
    },
    async request<R>(subject: string, data: unknown, timeoutMs: number): Promise<R> {
      const responder = responders.get(subject);
      if (!responder) throw new NoResponderError(subject);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new BusTimeoutError(subject)), timeoutMs);
      });
      try {
        return (await Promise.race([responder(data, subject), timeout])) as R;
      } finally {
        clearTimeout(timer);
      }
    },
    async flush() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async close() {
      subs.clear();
      responders.clear();
    },
  };
}
