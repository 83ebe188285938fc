import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Webhook URLs are typed by users: without a guard the platform would POST, on their behalf, to
 * its own loopback, the cloud's metadata service or the LAN behind it, and the log's error
 * ("ECONNREFUSED", "HTTP 404") would map that network for them. So a receiver must resolve to
 * public addresses only, unless NOTIFY_WEBHOOK_PRIVATE=allow (a laptop, an intranet receiver).
 *
 * "Public" is ipaddr.js's `unicast` (every row of the IANA special-purpose registries has a range
 * name there) plus the rows below it does not name; IPv6 must be global unicast (2000::/3), and an
 * IPv4 address carried in IPv6 (mapped, compatible, NAT64, 6to4, Teredo) is judged as that IPv4.
 */
const EXTRA = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['240.0.0.0', 4],
] as const)
  EXTRA.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking, ...)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const)
  EXTRA.addSubnet(net, bits, 'ipv6');
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

function v4From(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

function privateV4(ip: ipaddr.IPv4): boolean {
  return ip.range() !== 'unicast' || EXTRA.check(ip.toString(), 'ipv4');
}

/** The IPv4 address an IPv6 one carries, by the form that carries it; null when none. */
export function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const b = ip.toByteArray();
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  // IPv4-compatible ::a.b.c.d (deprecated, still routed to a.b.c.d by some stacks); not :: or ::1.
  if (zero(0, 12) && !zero(12, 14)) return v4From(b.slice(12));
  // NAT64 well-known prefix 64:ff9b::/96 and the local-use one 64:ff9b:1::/48 (RFC 6052/8215).
  if (ip.range() === 'rfc6052') return v4From(b.slice(12));
  // 6to4 2002:a.b.c.d::/48.
  if (ip.range() === '6to4') return v4From(b.slice(2, 6));
  // Teredo 2001:0::/32: the client's address is the last 32 bits, inverted.
  if (ip.range() === 'teredo') return v4From(b.slice(12).map((x) => x ^ 0xff));
  // SIIT 0:0:0:0:ffff:0:a.b.c.d (RFC 6145).
  if (ip.range() === 'rfc6145') return v4From(b.slice(12));
  return null;
}

/** Whether an IP address is loopback, private, link-local, shared, multicast or otherwise special. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return privateV4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const v4 = embeddedIpv4(v6);
  if (v4) return privateV4(v4);
  if (!v6.match(GLOBAL_UNICAST_V6)) return true;
  return v6.range() !== 'unicast' || EXTRA.check(v6.toNormalizedString(), 'ipv6');
}

export class PrivateAddressError extends Error {}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to its addresses (dns.lookup by default; tests inject their own). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true });

/**
 * The address to connect to for a host: resolved once and, unless `allowPrivate`, refused when any
 * address the name has is private. The caller connects to exactly this address, so a name that
 * answers a public address to the check and a private one a moment later (DNS rebinding) cannot
 * reach the private one.
 */
export async function resolveReceiver(
  host: string,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolve(bare);
  if (addresses.length === 0) throw new Error('ENOTFOUND');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new PrivateAddressError('private address refused');
  return addresses[0];
}

/** Resolves the URL's host; throws PrivateAddressError when any address it has is private. */
export async function assertPublicReceiver(url: string, resolve: Resolver = systemResolver): Promise<void> {
  await resolveReceiver(new URL(url).hostname, false, resolve);
}
