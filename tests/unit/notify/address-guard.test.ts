import { describe, expect, it } from 'vitest';
import {
  assertPublicReceiver,
  isPrivateAddress,
  PrivateAddressError,
} from '../../../server/notify/address-guard';

describe('webhook address guard', () => {
  it('tells private, loopback, link-local and reserved addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['::1', '::', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1'])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
    expect(isPrivateAddress('not an ip')).toBe(true);
  });

  it('refuses a URL whose host is or resolves to a private address', async () => {
    await expect(assertPublicReceiver('http://127.0.0.1:8080/hook')).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    await expect(assertPublicReceiver('http://[::1]/hook')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicReceiver('http://localhost/hook')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicReceiver('https://8.8.8.8/hook')).resolves.toBeUndefined();
  });
});
