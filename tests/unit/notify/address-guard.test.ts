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

  it('refuses every row of the IANA IPv4 special-purpose registry', () => {
    for (const ip of [
      '0.1.2.3', // "this network" 0.0.0.0/8
      '10.0.0.1', // private 10/8
      '100.64.0.1', // shared 100.64/10
      '127.0.0.1', // loopback
      '169.254.0.1', // link local
      '172.16.0.1', // private 172.16/12
      '192.0.0.1', // IETF protocol assignments 192.0.0.0/24 (incl. 192.0.0.8, .9, .10, .170, .171)
      '192.0.0.170',
      '192.0.2.1', // TEST-NET-1
      '192.31.196.1', // AS112-v4
      '192.52.193.1', // AMT
      '192.88.99.1', // deprecated 6to4 relay anycast
      '192.168.0.1', // private 192.168/16
      '192.175.48.1', // direct delegation AS112
      '198.18.0.1', // benchmarking 198.18/15
      '198.19.255.255',
      '198.51.100.1', // TEST-NET-2
      '203.0.113.1', // TEST-NET-3
      '224.0.0.1', // multicast
      '240.0.0.1', // reserved 240/4
      '255.255.255.255', // limited broadcast
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it('refuses every row of the IANA IPv6 special-purpose registry, and anything outside 2000::/3', () => {
    for (const ip of [
      '::', // unspecified
      '::1', // loopback
      '::ffff:192.168.0.1', // IPv4-mapped
      '64:ff9b:1::1', // local-use IPv4/IPv6 translation
      '100::1', // discard-only
      '2001::1', // IETF protocol assignments / Teredo (server 0.0.0.0 client 255.255.255.254)
      '2001:1::1', // port control protocol anycast
      '2001:2::1', // benchmarking
      '2001:3::1', // AMT
      '2001:4:112::1', // AS112-v6
      '2001:10::1', // deprecated ORCHID
      '2001:20::1', // ORCHIDv2
      '2001:30::1', // drone remote ID
      '2001:db8::1', // documentation
      '3fff::1', // documentation (RFC 9637)
      '2620:4f:8000::1', // direct delegation AS112
      'fc00::1', // unique local
      'fd12:3456::1',
      'fe80::1', // link local
      'fec0::1', // deprecated site local
      'ff02::1', // multicast
      '5f00::1', // SRv6 SIDs (outside 2000::/3)
      '4000::1', // unassigned, outside 2000::/3
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it('judges an IPv4 address carried in IPv6 (compatible, NAT64, 6to4, Teredo) as that IPv4 address', () => {
    for (const ip of [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::127.0.0.1',
      '::a00:1', // IPv4-compatible 10.0.0.1
      '64:ff9b::7f00:1', // NAT64 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 169.254.169.254
      '2002:7f00:1::', // 6to4 127.0.0.1
      '2002:c0a8:101::1', // 6to4 192.168.1.1
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1
      '::ffff:0:7f00:1', // SIIT 127.0.0.1
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:1.1.1.1'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a URL whose host is or resolves to a private address', async () => {
    await expect(assertPublicReceiver('http://127.0.0.1:8080/hook')).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    await expect(assertPublicReceiver('http://[::1]/hook')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicReceiver('http://[::7f00:1]/hook')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicReceiver('http://localhost/hook')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(assertPublicReceiver('https://8.8.8.8/hook')).resolves.toBeUndefined();
  });
});
