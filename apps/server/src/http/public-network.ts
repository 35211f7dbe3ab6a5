import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Push endpoints come from browsers, that is from users: without this guard a signed-in user
 * could make the server POST to hosts on its own network (SSRF).
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 address an IPv6 address reaches by translation or tunnelling, which is what decides:
 * IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96), NAT64 (64:ff9b::/96, RFC 6052) and 6to4
 * (2002::/16, RFC 3056). Teredo (2001::/32) and local-use NAT64 (64:ff9b:1::/48) are refused
 * whole above.
 */
function embeddedIPv4(address: ipaddr.IPv6): string | null {
  const bytes = address.toByteArray();
  const parts = address.parts;
  const ipv4 = (offset: number) => bytes.slice(offset, offset + 4).join('.');
  if (parts.slice(0, 5).every((part) => part === 0) && (parts[5] === 0 || parts[5] === 0xffff)) {
    return parts[6] === 0 && parts[7]! <= 1 ? null : ipv4(12);
  }
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((part) => part === 0)) {
    return ipv4(12);
  }
  if (parts[0] === 0x2002) return ipv4(2);
  return null;
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) return isPublicAddress(embedded);
  }
  const normalized = parsed.toString();
  return !privateRanges.check(normalized, parsed.kind() === 'ipv4' ? 'ipv4' : 'ipv6');
}

/** Refuses endpoints whose host is, or resolves to, a private, loopback or link-local address. */
export function assertPublicEndpoint(endpoint: string): void {
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || (isIP(host) && !isPublicAddress(host))) {
    throw new Error('push endpoint is not on the public internet');
  }
}

/** An https agent whose DNS answers are limited to public addresses. */
export function createPublicOnlyAgent(): Agent {
  return new Agent({
    keepAlive: true,
    lookup: (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
        if (allowed.length === 0) {
          return callback(new Error(`${hostname} does not resolve to a public address`), '', 0);
        }
        if (options.all) return callback(null, allowed);
        return callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    },
  });
}

/**
 * fetch for URLs that users or third parties supply: https only, public addresses only, so a
 * stored URL cannot aim the server at its own network.
 */
export function createPublicFetch(agent: Agent = createPublicOnlyAgent()): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'https:') throw new Error('only https URLs are allowed');
    assertPublicEndpoint(url.toString());
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = httpsRequest(
        url,
        {
          method: init?.method ?? 'GET',
          headers: init?.headers as Record<string, string> | undefined,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })),
          );
          res.on('error', reject);
        },
      );
      init?.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.on('error', reject);
      req.end(body);
    });
  };
}
