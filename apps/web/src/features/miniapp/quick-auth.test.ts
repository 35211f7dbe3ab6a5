import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MiniAppHost } from './host.js';
import { quickAuthToken } from './quick-auth.js';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/api.js', () => ({ call: api.call }));

function hostRecording(calls: unknown[]): MiniAppHost {
  return {
    sdk: {
      quickAuth: {
        getToken: async (options: unknown) => {
          calls.push(options);
          return { token: 'signed' };
        },
      },
    },
  } as unknown as MiniAppHost;
}

describe('quickAuthToken', () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks the host for a token from the server's Quick Auth origin, learned once", async () => {
    api.call.mockResolvedValue({ quickAuthOrigin: 'https://auth.other.example' });
    const calls: unknown[] = [];
    const host = hostRecording(calls);
    expect(await quickAuthToken(host)).toBe('signed');
    expect(await quickAuthToken(host, true)).toBe('signed');
    expect(calls).toEqual([
      { quickAuthServerOrigin: 'https://auth.other.example' },
      { quickAuthServerOrigin: 'https://auth.other.example', force: 'true' },
    ]);
    expect(api.call.mock.calls).toEqual([['getFarcasterClientConfig']]);
  });
});
