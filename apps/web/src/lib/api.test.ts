import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@couple/protocol';
import { DEBUG_ERROR_MESSAGE_MAX } from '@couple/protocol/browser';
import { BUSY_RETRIES, BUSY_RETRY_MAX_SECONDS, STORAGE_KEYS } from './constants.js';

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

describe('call, when the server is busy', () => {
  const busy = (retryAfter = '1') =>
    new Response(
      JSON.stringify({ error: 'The server is busy: try again in a moment', code: 'server_busy' }),
      { status: 503, headers: { 'retry-after': retryAfter } },
    );
  const counted = () => new Response(JSON.stringify({ count: 1 }), { status: 200 });
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('sends the call again after its Retry-After, and shows the wait meanwhile', async () => {
    fetchMock
      .mockReset()
      .mockResolvedValueOnce(busy())
      .mockImplementation(async () => counted());
    const { call } = await load();
    const { busyWaits } = await import('./busy.js');
    const answer = call('getUnreadCount');
    await vi.waitFor(() => expect(busyWaits()).toBe(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(await answer).toEqual({ count: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(busyWaits()).toBe(0);
  });

  it('fails as the server said once BUSY_RETRIES more sends were refused too', async () => {
    fetchMock.mockReset().mockImplementation(async () => busy());
    const { call } = await load();
    const { ApiError } = await import('./api-errors.js');
    const answer = call('getUnreadCount').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BUSY_RETRIES * 1_500);
    const error = await answer;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as InstanceType<typeof ApiError>).code).toBe('server_busy');
    expect(fetchMock).toHaveBeenCalledTimes(BUSY_RETRIES + 1);
  });

  it('waits no longer than BUSY_RETRY_MAX_SECONDS, whatever Retry-After asks', async () => {
    fetchMock
      .mockReset()
      .mockResolvedValueOnce(busy('3600'))
      .mockImplementation(async () => counted());
    const { call } = await load();
    const answer = call('getUnreadCount');
    await vi.advanceTimersByTimeAsync(BUSY_RETRY_MAX_SECONDS * 1_500);
    expect(await answer).toEqual({ count: 1 });
  });

  it('does not send again a 503 that is not a refusal for load', async () => {
    fetchMock.mockReset().mockImplementation(
      async () =>
        new Response(
          JSON.stringify({ error: 'Service temporarily unavailable', code: 'service_unavailable' }),
          {
            status: 503,
          },
        ),
    );
    const { call } = await load();
    await expect(call('getUnreadCount')).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('debugLogBody', () => {
  it('cuts the message to what the server keeps and sends whole, non-negative milliseconds', async () => {
    const { debugLogBody } = await load();
    const long = 'x'.repeat(DEBUG_ERROR_MESSAGE_MAX + 10);
    const entry = {
      function_name: 'f',
      error_message: long,
      created_at: '',
      execution_time_ms: -2.4,
    };
    expect(debugLogBody(entry)).toEqual({
      function_name: 'f',
      error_message: long.slice(0, DEBUG_ERROR_MESSAGE_MAX),
      execution_time_ms: 0,
    });
    expect(debugLogBody({ ...entry, execution_time_ms: 12.6 }).execution_time_ms).toBe(13);
    expect(debugLogBody({ ...entry, execution_time_ms: null }).execution_time_ms).toBeNull();
  });
});
