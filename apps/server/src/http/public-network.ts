import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent, request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

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
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  return !privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
