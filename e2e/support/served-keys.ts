import type { Page } from '@playwright/test';
import type { IdentityKeysAnswer, KeyHistoryAnswer, KeyInfo } from '@couple/protocol';
import { isApiCall } from './api-route.js';

/** What a server that lies about the partner's keys answers instead of the real keys. */
export interface ServedKeys {
  keys(real: IdentityKeysAnswer): IdentityKeysAnswer;
  history(real: KeyHistoryAnswer): KeyHistoryAnswer;
}

/**
 * Plays the server for one browser: every read of the keys and of their history is answered
 * as `served` makes it from the real answer (the database keeps the real keys). Returns the
 * way back to the real answers.
 */
export async function serveKeys(page: Page, served: ServedKeys): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname.startsWith('/api/keys');
  await page.route(matches, async (route) => {
    const request = route.request();
    const kind = isApiCall(request, 'getIdentityKeys')
      ? 'keys'
      : isApiCall(request, 'getKeyHistory')
        ? 'history'
        : null;
    if (!kind) return route.fallback();
    const response = await route.fetch();
    const real: unknown = await response.json();
    const json =
      kind === 'keys'
        ? served.keys(real as IdentityKeysAnswer)
        : served.history(real as KeyHistoryAnswer);
    await route.fulfill({ response, json });
  });
  return () => page.unroute(matches);
}

/**
 * A database rolled back to the partner's older key: current again, and the keys made since
 * gone from the history.
 */
export function rolledBackTo(older: KeyInfo): ServedKeys {
  return {
    keys: (real) => ({ ...real, partner: older }),
    history: (real) => {
      const index = real.partner.findIndex((entry) => entry.key_id === older.key_id);
      const kept = real.partner.slice(index);
      return {
        ...real,
        partner: kept.map((entry, at) => (at === 0 ? { ...entry, replaced_at: null } : entry)),
      };
    },
  };
}

/** The user's own current key named as the partner's, first in the partner's history too. */
export function ownKeyAsPartners(own: KeyInfo): ServedKeys {
  const { public_key, key_id, created_at } = own;
  const unsigned = { replaced_at: null, rotation_signature: null, predecessor_signature: null };
  const entry = { public_key, key_id, created_at, ...unsigned };
  return {
    keys: (real) => ({ ...real, partner: own }),
    history: (real) => ({ ...real, partner: [entry, ...real.partner] }),
  };
}
