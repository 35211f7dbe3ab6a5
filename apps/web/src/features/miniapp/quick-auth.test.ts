import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.js';
import type { MiniAppHost } from './host.js';
import { quickAuthToken } from './quick-auth.js';

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
    const config = vi
      .spyOn(api, 'farcasterClientConfig')
      .mockResolvedValue({ quickAuthOrigin: 'https://auth.other.example' });
    const calls: unknown[] = [];
    const host = hostRecording(calls);
    expect(await quickAuthToken(host)).toBe('signed');
    expect(await quickAuthToken(host, true)).toBe('signed');
    expect(calls).toEqual([
      { quickAuthServerOrigin: 'https://auth.other.example' },
      { quickAuthServerOrigin: 'https://auth.other.example', force: 'true' },
    ]);
    expect(config).toHaveBeenCalledTimes(1);
  });
});
