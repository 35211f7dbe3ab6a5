import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors.js';
import { queuedDesire } from './items.test-support.js';
import { flushItems, resealingOnStaleKeys, type OutboxStore, type PostItem } from './flush.js';
import { newAnswerItem, type OutboxItem } from './retry.js';

function memoryStore(items: OutboxItem[]): OutboxStore & { rows: Map<string, OutboxItem> } {
  const rows = new Map(items.map((item) => [item.id, item]));
  return {
    rows,
    has: (id) => Promise.resolve(rows.has(id)),
    put: (item) => Promise.resolve(void rows.set(item.id, item)),
    remove: (done) => {
      if (rows.get(done.id)?.queuedAt === done.queuedAt) rows.delete(done.id);
      return Promise.resolve();
    },
  };
}

const item = queuedDesire;

describe('flushItems', () => {
  it('posts oldest first with each desire’s own id, and empties the outbox', async () => {
    const items = [item('b', 2), item('a', 1), item('c', 3)];
    const store = memoryStore(items);
    const posted: (string | undefined)[] = [];
    const result = await flushItems(
      items,
      async (i) => void posted.push(i.id),
      store,
      () => 10,
    );
    expect(posted).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ sent: 3, answered: 0, retryAt: null });
    expect(store.rows.size).toBe(0);
  });

  it('stops at the first network failure so a later desire never overtakes it', async () => {
    const items = [item('a', 1), item('b', 2)];
    const store = memoryStore(items);
    const posted: string[] = [];
    const result = await flushItems(
      items,
      async (i) => {
        posted.push(i.id);
        throw new TypeError('Failed to fetch');
      },
      store,
      () => 100,
    );
    expect(posted).toEqual(['a']);
    expect(result).toEqual({ sent: 0, answered: 0, retryAt: 2_100 });
    expect(store.rows.get('a')?.attempts).toBe(1);
    expect(store.rows.get('b')?.attempts).toBe(0);
  });

  it('marks a refusal as failed, keeps it for the person, and goes on with the next', async () => {
    const items = [item('a', 1), item('b', 2)];
    const store = memoryStore(items);
    const result = await flushItems(
      items,
      async (i) => {
        if (i.id === 'a') throw new ApiError(409, 'Key changed', 'partner_key_changed');
      },
      store,
      () => 100,
    );
    expect(result.sent).toBe(1);
    expect(store.rows.get('a')?.failure?.code).toBe('partner_key_changed');
    expect(store.rows.has('b')).toBe(false);
  });

  it('waits for the backoff before trying again', async () => {
    const later = { ...item('a', 1), nextAttemptAt: 500 };
    let calls = 0;
    const result = await flushItems(
      [later],
      async () => void (calls += 1),
      memoryStore([later]),
      () => 100,
    );
    expect(calls).toBe(0);
    expect(result.retryAt).toBe(500);
  });

  it('tries at once when the connection has just come back, whatever the backoff', async () => {
    const later = { ...item('a', 1), nextAttemptAt: 500 };
    const store = memoryStore([later]);
    let calls = 0;
    const result = await flushItems(
      [later],
      async () => void (calls += 1),
      store,
      () => 100,
      true,
    );
    expect(calls).toBe(1);
    expect(result).toEqual({ sent: 1, answered: 0, retryAt: null });
    expect(store.rows.size).toBe(0);
  });

  it('skips a desire someone else (the service worker) already sent', async () => {
    const items = [item('a', 1)];
    let calls = 0;
    const result = await flushItems(
      items,
      async () => void (calls += 1),
      memoryStore([]),
      () => 10,
    );
    expect(calls).toBe(0);
    expect(result.sent).toBe(0);
  });

  it('sends a queued answer with its desire’s id and counts it apart', async () => {
    const answer = newAnswerItem(
      'me',
      { id: 'm1', senderId: 'partner' },
      { choice: 'in' },
      null,
      5,
    );
    const items = [item('a', 1), answer];
    const store = memoryStore(items);
    const posted: string[] = [];
    const result = await flushItems(
      items,
      async (i) => void posted.push(i.id),
      store,
      () => 10,
    );
    expect(posted).toEqual(['a', 'answer:m1']);
    expect(result).toEqual({ sent: 1, answered: 1, retryAt: null });
  });

  it('keeps a newer answer chosen while the older one was being sent', async () => {
    const older = newAnswerItem(
      'me',
      { id: 'm1', senderId: 'partner' },
      { choice: 'later' },
      null,
      5,
    );
    const store = memoryStore([older]);
    const result = await flushItems(
      [older],
      async () => void store.rows.set(older.id, { ...older, queuedAt: 9 }),
      store,
      () => 10,
    );
    expect(result.answered).toBe(1);
    expect(store.rows.get('answer:m1')?.queuedAt).toBe(9);
  });
});

describe('resealingOnStaleKeys', () => {
  const stale = () => new ApiError(409, 'Both have keys', 'encryption_upgrade_required');
  const sealedFor = (seal: string) => ({
    ...item('a', 1),
    desire: { ...item('a', 1).desire, content: seal },
  });
  /** The server refuses the old seal for out-of-date keys and takes only the new one. */
  const server =
    (posted: string[]): PostItem =>
    async (i) => {
      if (i.kind === 'answer') return;
      posted.push(i.desire.content ?? '');
      if (i.desire.content !== 'new seal') throw stale();
    };

  it('sends the item sealed again, with its own id, and keeps it so', async () => {
    const old = sealedFor('old seal');
    const store = memoryStore([old]);
    const posted: string[] = [];
    const result = await flushItems(
      [old],
      resealingOnStaleKeys(
        server(posted),
        async (i) => ({ ...sealedFor('new seal'), id: i.id }),
        store.put,
      ),
      store,
      () => 10,
    );
    expect(posted).toEqual(['old seal', 'new seal']);
    expect(result).toEqual({ sent: 1, answered: 0, retryAt: null });
    expect(store.rows.size).toBe(0);
  });

  it('lets the refusal stand where the note cannot be sealed again', async () => {
    const old = sealedFor('old seal');
    const store = memoryStore([old]);
    const posted: string[] = [];
    const result = await flushItems(
      [old],
      resealingOnStaleKeys(server(posted), async () => null, store.put),
      store,
      () => 10,
    );
    expect(posted).toEqual(['old seal']);
    expect(result.sent).toBe(0);
    expect(store.rows.get('a')?.failure?.code).toBe('encryption_upgrade_required');
  });

  it('never seals again for any other refusal, nor more than once', async () => {
    let reseals = 0;
    const reseal = async (i: OutboxItem) => {
      reseals += 1;
      return i;
    };
    const refused = resealingOnStaleKeys(
      async () => {
        throw new ApiError(400, 'Bad', 'invalid_input');
      },
      reseal,
      async () => undefined,
    );
    await expect(refused(item('a', 1))).rejects.toThrow('Bad');
    expect(reseals).toBe(0);
    const alwaysStale = resealingOnStaleKeys(
      async () => Promise.reject(stale()),
      reseal,
      async () => undefined,
    );
    await expect(alwaysStale(item('b', 1))).rejects.toThrow('Both have keys');
    expect(reseals).toBe(1);
  });
});
