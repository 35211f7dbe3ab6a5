import { z } from 'zod';

/**
 * A comma-separated list of http(s) origins in one environment variable, trailing slashes
 * dropped, each checked against `pattern`; `none` (when allowed) is the empty list. A bad entry
 * stops start-up with the entry named.
 */
export function originList(pattern: RegExp, what: string, { allowNone = false } = {}) {
  return z.string().transform((list, ctx) => {
    if (allowNone && list.trim() === 'none') return [];
    const origins = list.split(',').map((entry) => entry.trim().replace(/\/+$/, ''));
    const bad = origins.find((origin) => !pattern.test(origin));
    if (bad === undefined) return origins;
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not ${what}` });
    return z.NEVER;
  });
}
