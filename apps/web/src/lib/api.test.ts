import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@couple/protocol';
import { STORAGE_KEYS } from './constants.js';

const session: Session = {
  access_token: 'access-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: 'refresh-1',
  user: { id: 'u1', email: 'a@example.com', created_at: '', email_confirmed_at: null },
};
const fetchMock = vi.fn<typeof fetch>();

/** The client with a signed-in session in storage, loaded fresh. */
async function load() {
  const store = new Map<string, string>([[STORAGE_KEYS.session, JSON.stringify(session)]]);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.resetModules();
  return import('./api.js');
}

/** The headers and URL of the one request the client made. */
function sent(): { url: string; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), headers: (init?.headers ?? {}) as Record<string, string> };
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response(JSON.stringify({ count: 1 }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends the bearer token to a route whose access is user', async () => {
    const { call } = await load();
    await call('getUnreadCount');
    expect(sent().url).toBe('/api/messages/unread-count');
    expect(sent().headers.authorization).toBe('Bearer access-1');
  });

  it('sends no token to a public route, even when signed in', async () => {
    const { call } = await load();
    await call('signIn', { body: { email: 'a@example.com', password: 'secret123' } });
    expect(sent().url).toBe('/api/auth/login');
    expect(sent().headers.authorization).toBeUndefined();
  });
});
