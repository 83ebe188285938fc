import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../../server/ops/loopback';

describe('isLoopbackAddress', () => {
  it('is true for 127.0.0.0/8, ::1 and IPv4 loopback mapped into IPv6', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2'])
      expect(isLoopbackAddress(a), a).toBe(true);
  });
  it('is false for everything else, and for an unknown peer', () => {
    for (const a of [
      '10.0.0.1',
      '192.168.1.1',
      '203.0.113.9',
      '::ffff:10.0.0.1',
      '::2',
      'fe80::1',
      'localhost',
      '',
      undefined,
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});
