import {
  CODECS,
  decodeHexInput,
  detectProtocol,
  frameHex,
  normalizeHex,
} from '../../../gateway/decode-frames';
import type { ProtocolName } from '../../../gateway/codec';
import { badRequest } from '../../../lib/errors';

/**
 * The decoder page's call: one pasted frame (hex, or a text protocol's text), its protocol
 * chosen or detected by its start, every field and the reply our gateway would send. A frame the
 * codec refuses (bad length, checksum layout) is an answer, not an error: the page shows why.
 */
export function decodeForPage(hex: string, protocol: ProtocolName | 'auto' = 'auto') {
  const norm = frameHex(hex);
  if ('problem' in norm) throw badRequest('logHexInvalid');
  const chosen = protocol === 'auto' ? detectProtocol(norm.hex) : protocol;
  // Text that starts no text protocol's frame was meant as hex: say how to paste a frame.
  if (!chosen) throw badRequest('problem' in normalizeHex(hex) ? 'logHexInvalid' : 'logProtocolUnknown');
  // A fresh session: the page decodes one frame at a time, like a connection's first frame.
  const out = decodeHexInput(CODECS[chosen], norm.hex, {});
  return { protocol: chosen, detected: protocol === 'auto', ...out };
}
