import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** What Fastify's `trustProxy` takes: all or nothing, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges (Fastify hands the list to it). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Dotted IPv4 or IPv6 only: ipaddr.isValid also takes forms like `1000` or `0x7f.1`. */
function isPlainAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits] = entry.split('/');
  if (!isPlainAddress(address)) return false;
  if (bits === undefined) return true;
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: `false` (the default), a hop count (`1` trusts the one proxy in front, which is
 * what nearly every deployment has), a comma-separated list of the proxies' addresses or CIDRs
 * (the narrowest), or `true` (every hop: only behind a proxy that overwrites X-Forwarded-For).
 */
export const trustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (['false', 'no', '0'].includes(text)) return false;
  if (['true', 'yes'].includes(text)) return true;
  if (/^\d+$/.test(text) && Number(text) <= 100) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad === undefined) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `"${bad}" is not true, false, a hop count (1-100), an IP address or a CIDR range`,
  });
  return z.NEVER;
});

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The setting as Fastify takes it. Fastify 5.12 refuses a bare hop count (it cannot tell that the
 * immediate peer is a proxy, so it fails closed); a count here is the function that trusts the
 * socket's peer and the hops after it up to the count, which is what the operator asked for.
 */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | TrustFunction {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (_address, hop) => hop < hops;
}
