import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasWaiting, queueOrThrow, withWaitingNote } from './outbox.js';

afterEach(() => vi.restoreAllMocks());

// This test runs in Node, which has no IndexedDB: the outbox behaves as in a browser that refuses
// storage (a mini-app host's frame with third-party storage blocked).
describe('the outbox where storage is refused', () => {
  it('has nothing waiting, so a send goes straight to the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await hasWaiting('u1')).toBe(false);
    const answer = { choice: 'in' as const };
    expect(await withWaitingNote('u1', 'm1', answer)).toBe(answer);
  });

  it('fails a send it cannot keep with the error the send met', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = new TypeError('Failed to fetch');
    await expect(
      queueOrThrow(() => Promise.reject(new Error('The user denied permission')), offline),
    ).rejects.toBe(offline);
    await expect(queueOrThrow(() => Promise.resolve(), offline)).resolves.toBeUndefined();
  });
});
