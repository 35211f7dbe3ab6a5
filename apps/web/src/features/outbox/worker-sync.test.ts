import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newAnswerItem, newOutboxItem, type OutboxItem } from './retry.js';
import { flushFromWorker } from './worker-sync.js';

/** The IndexedDB store as a map: this test runs in Node, as the service worker's code. */
const rows = vi.hoisted(() => new Map<string, OutboxItem>());
vi.mock('./store.js', () => ({
  listAllOutbox: () => Promise.resolve([...rows.values()]),
  hasOutboxItem: (id: string) => Promise.resolve(rows.has(id)),
  putOutboxItem: (item: OutboxItem) => Promise.resolve(void rows.set(item.id, item)),
  deleteOutboxItem: (id: string) => Promise.resolve(void rows.delete(id)),
}));

const fetchMock = vi.fn<typeof fetch>();
/** A desire without a note: only what the route requires. */
const desire = { id: '33333333-3333-4333-8333-333333333333', intensity: 3, urgency: 4 };

beforeEach(() => {
  rows.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('flushFromWorker', () => {
  it('sends a desire and an answer by their routes, each with its saved token', async () => {
    const sent = newOutboxItem('me', desire, 'token-1', 1);
    const answer = newAnswerItem('me', { id: 'm1', senderId: 'p' }, { choice: 'in' }, 'token-2', 2);
    rows.set(sent.id, sent).set(answer.id, answer);
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));

    expect(await flushFromWorker()).toEqual({ sent: 1, answered: 1, waiting: false });
    const requests = fetchMock.mock.calls.map(([url, init]) => [
      init?.method,
      String(url),
      (init?.headers as Record<string, string>).authorization,
      JSON.parse(String(init?.body)),
    ]);
    expect(requests).toEqual([
      ['POST', '/api/messages', 'Bearer token-1', desire],
      ['PUT', '/api/messages/m1/answer', 'Bearer token-2', { choice: 'in' }],
    ]);
    expect(rows.size).toBe(0);
  });

  it('keeps a note refused for out-of-date keys for the page to seal again', async () => {
    const sent = newOutboxItem('me', desire, 'token-1', 1);
    rows.set(sent.id, sent);
    const refusal = { error: 'The partner key changed', code: 'partner_key_changed' };
    fetchMock.mockResolvedValue(new Response(JSON.stringify(refusal), { status: 409 }));

    expect(await flushFromWorker()).toEqual({ sent: 0, answered: 0, waiting: true });
    expect(rows.get(sent.id)?.failure).toBeNull();
  });
});
