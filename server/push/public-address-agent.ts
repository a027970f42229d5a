import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Address ranges no push service lives in: loopback, private, link-local, carrier-grade NAT,
 * multicast, documentation and reserved blocks (IANA special-purpose registries).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/**
 * True for an address on the public internet. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is
 * judged as its IPv4 address: BlockList applies the IPv4 ranges to it.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The error a push request fails with when its endpoint's name resolves to a non-public address. */
export const NOT_PUBLIC_CODE = "EPUSHNOTPUBLIC";

function notPublic(host: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`push endpoint ${host} is not a public address`);
  error.code = NOT_PUBLIC_CODE;
  return error;
}

/** dns.lookup that refuses a name when any of its addresses is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const first = addresses[0];
    if (!first || addresses.some((a) => !isPublicAddress(a.address))) return callback(notPublic(hostname), "", 0);
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
};

/**
 * True when an endpoint names an IP address that is not public. Such an address skips the agent's
 * lookup, so the sender checks it first; the schema (domain/push.ts) already refuses every IP-address
 * endpoint, and this covers rows that did not come through it.
 */
export function namesNonPublicAddress(endpoint: string): boolean {
  const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(host) !== 0 && !isPublicAddress(host);
}

/**
 * The agent push requests go out through: it connects only to public addresses, so a subscription
 * whose endpoint names an internal host (an attempt to make the server call inside its own network)
 * is never reached. The lookup refuses names that resolve inward.
 */
export const publicPushAgent = new Agent({ lookup: publicOnlyLookup });
