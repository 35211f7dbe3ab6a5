import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../lib/constants.js';

const session = {
  access_token: 'access',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'refresh',
  user: { id: 'u1', email: 'a@example.com', created_at: '', email_confirmed_at: null },
};

/** Fresh modules over a stored session: the session and the hooks are module state. */
async function load() {
  const store = new Map<string, string>([[STORAGE_KEYS.session, JSON.stringify(session)]]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.resetModules();
  return {
    ...(await import('./actions.js')),
    ...(await import('../../lib/session.js')),
    ...(await import('../../lib/sign-out-hooks.js')),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('forgetSignedIn (sign-out and account deletion)', () => {
  it("runs every feature's hook while the session still exists, then ends it and the cache", async () => {
    const { forgetSignedIn, getSession, onSignOut } = await load();
    const seen: { userId: string | null; signedIn: boolean }[] = [];
    onSignOut({
      name: 'outbox',
      clear: (userId) => void seen.push({ userId, signedIn: getSession() !== null }),
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['inbox'], ['a desire']);

    await forgetSignedIn(queryClient, 'u1');

    expect(seen).toEqual([{ userId: 'u1', signedIn: true }]);
    expect(getSession()).toBeNull();
    expect(queryClient.getQueryData(['inbox'])).toBeUndefined();
  });
});
