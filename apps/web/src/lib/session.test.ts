import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@couple/protocol';
import { STORAGE_KEYS } from './constants.js';

const user = { id: 'u1', email: 'a@example.com', created_at: '', email_confirmed_at: null };
const session = (token: string): Session => ({
  access_token: `access-${token}`,
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  refresh_token: `refresh-${token}`,
  user,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let store: Map<string, string>;
const fetchMock = vi.fn<typeof fetch>();

async function load(initial: Session | null) {
  store = new Map(initial ? [[STORAGE_KEYS.session, JSON.stringify(initial)]] : []);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  vi.resetModules();
  return { ...(await import('./session.js')), ...(await import('./api.js')) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('shares one refresh between concurrent callers and stores the rotated session', async () => {
    const { refreshSession, getSession } = await load(session('1'));
    // One object: building it twice could straddle a second and change expires_at.
    const rotated = session('2');
    fetchMock.mockResolvedValueOnce(json(200, rotated));
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(a).toEqual(rotated);
    expect(b).toBe(a);
    expect(getSession()?.refresh_token).toBe('refresh-2');
    expect(JSON.parse(store.get(STORAGE_KEYS.session) ?? '{}').refresh_token).toBe('refresh-2');
  });

  it('removes the session when the server refuses the refresh token', async () => {
    const { refreshSession, getSession } = await load(session('1'));
    fetchMock.mockResolvedValueOnce(json(401, { error: 'Invalid refresh token' }));
    expect(await refreshSession()).toBeNull();
    expect(getSession()).toBeNull();
    expect(store.has(STORAGE_KEYS.session)).toBe(false);
  });

  it('keeps the session when the server is unavailable', async () => {
    const { refreshSession, getSession } = await load(session('1'));
    fetchMock.mockResolvedValueOnce(json(503, { error: 'Service temporarily unavailable' }));
    await expect(refreshSession()).rejects.toThrow('Service temporarily unavailable');
    expect(getSession()?.refresh_token).toBe('refresh-1');
  });
});

describe('call', () => {
  it('refreshes once on 401 and retries with the new token', async () => {
    const { call } = await load(session('1'));
    fetchMock
      .mockResolvedValueOnce(json(401, { error: 'Unauthorized' }))
      .mockResolvedValueOnce(json(200, session('2')))
      .mockResolvedValueOnce(json(200, { count: 3 }));
    expect(await call('getUnreadCount')).toEqual({ count: 3 });
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/refresh');
    const retried = fetchMock.mock.calls[2]?.[1]?.headers as Record<string, string>;
    expect(retried.authorization).toBe('Bearer access-2');
  });

  it("throws the body's error text", async () => {
    const { call } = await load(session('1'));
    fetchMock.mockResolvedValueOnce(json(409, { error: 'Username already taken' }));
    await expect(call('updateProfile', { body: { username: 'bob' } })).rejects.toThrow(
      'Username already taken',
    );
  });
});
