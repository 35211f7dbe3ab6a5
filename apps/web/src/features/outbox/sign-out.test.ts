import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_TEXTS } from '@couple/protocol/browser';
import { queuedDesire } from './items.test-support.js';
import { newAnswerItem, type OutboxItem } from './retry.js';

// Node has no IndexedDB: the store is this list, and each text names its message and values.
const stored: { items: OutboxItem[] } = { items: [] };
const clearOutboxOf = vi.fn((_userId: string) => Promise.resolve());
vi.mock('./store.js', () => ({
  listOutbox: (userId: string) =>
    Promise.resolve(stored.items.filter((item) => item.userId === userId)),
  clearOutboxOf,
}));
vi.mock('../../lib/i18n.js', () => ({
  i18n: { _: (id: string, values: object) => `${id} ${JSON.stringify(values)}` },
}));

const { runSignOutHooks, signOutDiscards } = await import('../../lib/sign-out-hooks.js');
await import('./sign-out.js');

const desire = (id: string, userId = 'me'): OutboxItem => queuedDesire(id, 1, userId);
const answer = (messageId: string): OutboxItem =>
  newAnswerItem('me', { id: messageId, senderId: 'partner' }, { choice: 'in' }, null, 1);
const refused = (item: OutboxItem): OutboxItem => ({
  ...item,
  failure: { text: 'refused', code: null },
});

describe('the outbox at sign-out', () => {
  beforeEach(() => {
    stored.items = [];
    clearOutboxOf.mockClear();
  });

  it('says nothing is lost when nothing of this user waits', async () => {
    stored.items = [desire('d1', 'someone-else'), refused(desire('d2'))];
    expect(await signOutDiscards('me')).toEqual([]);
  });

  it('counts the waiting desires, leaving out the refused ones', async () => {
    stored.items = [desire('d1'), desire('d2'), refused(desire('d3'))];
    expect(await signOutDiscards('me')).toEqual([
      `${OFFLINE_TEXTS.signOutDiscardsDesires} {"count":2}`,
    ]);
  });

  it('counts the waiting answers', async () => {
    stored.items = [answer('m1')];
    expect(await signOutDiscards('me')).toEqual([
      `${OFFLINE_TEXTS.signOutDiscardsAnswers} {"count":1}`,
    ]);
  });

  it('names both when desires and answers wait', async () => {
    stored.items = [desire('d1'), answer('m1'), answer('m2')];
    expect(await signOutDiscards('me')).toEqual([
      `${OFFLINE_TEXTS.signOutDiscardsBoth} {"desires":1,"answers":2}`,
    ]);
  });

  it('clears the signed-out user’s outbox, and nothing without a user', async () => {
    await runSignOutHooks('me');
    expect(clearOutboxOf.mock.calls).toEqual([['me']]);
    await runSignOutHooks(null);
    expect(clearOutboxOf).toHaveBeenCalledTimes(1);
  });
});
