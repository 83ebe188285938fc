import type { ProtocolCodec } from '../../server/gateway/codec';
import { gt06Codec } from '../../server/gateway/gt06';
import { jt808Codec } from '../../server/gateway/jt808';

const CODECS = { gt06: gt06Codec, jt808: jt808Codec } satisfies Record<string, ProtocolCodec>;

/** Tracker listeners for a test gateway: each protocol on a free port of the loopback address. */
export const loopbackListeners = (...protocols: (keyof typeof CODECS)[]) =>
  (protocols.length ? protocols : (['gt06', 'jt808'] as const)).map((p) => ({
    codec: CODECS[p],
    port: 0,
    host: '127.0.0.1',
  }));
