import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres.js';
import type { Database } from '../src/db/index.js';
import { sendDesiresAs, type SendOutcome } from '../src/messages/repository.js';
import { createSendBatcher } from '../src/messages/send-batcher.js';
import { DRIVERS } from './helpers/database.js';
import type { TestServer } from './helpers/server.js';
import { createUser, newDesire, type TestUser } from './helpers/api.js';
import {
  connectionScope,
  startWithTwoCouples,
  withoutInsertGrant,
  type TwoCouples,
} from './helpers/send-fixture.js';

/** The same database, with every statement it is given written down. */
function counting(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      driver: db.driver,
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction(fn),
      asUser: (userId, fn) => db.asUser(userId, fn),
      readAsUser: (userId, sql) => db.readAsUser(userId, sql),
      close: () => db.close(),
    },
  };
}

async function storedCount(db: Database, ids: string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return rows[0]!.n;
}

/** send_desires_as_v2 (migration 008) and the group commit in front of it. */
describe.each(DRIVERS)('sending desires together (%s)', (driver) => {
  let fixture: TwoCouples;
  let server: TestServer;
  let single: Database;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let loner: TestUser;

  beforeAll(async () => {
    fixture = await startWithTwoCouples(driver);
    ({ server, single, alice, bob, carol, dave } = fixture);
    loner = await createUser(server.url);
  });
  afterAll(() => fixture.close());

  it('stores each desire as its own sender, in order, in one statement', async () => {
    const before = await sendDesiresAs(single, [{ userId: bob.id, desire: newDesire() }]);
    const unreadBefore = before[0]!.outcome === 'sent' ? before[0]!.receiver.unreadDesires : -1;
    const outcomes = await sendDesiresAs(single, [
      { userId: bob.id, desire: newDesire({ intensity: 1 }) },
      { userId: carol.id, desire: newDesire({ intensity: 2 }) },
      { userId: bob.id, desire: newDesire({ intensity: 3, note: null }) },
    ]);
    expect(outcomes).toMatchObject([
      { outcome: 'sent', message: { sender_id: bob.id, receiver_id: alice.id, intensity: 1 } },
      { outcome: 'sent', message: { sender_id: carol.id, receiver_id: dave.id, intensity: 2 } },
      {
        outcome: 'sent',
        message: { sender_id: bob.id, intensity: 3, note: null },
        senderUsername: bob.username,
      },
    ]);
    // Each element's targets see the ones before it in the same batch.
    expect(outcomes.map((o) => (o.outcome === 'sent' ? o.receiver.unreadDesires : -1))).toEqual([
      unreadBefore + 1,
      expect.any(Number),
      unreadBefore + 2,
    ]);
  });

  it('gives every element its own outcome: refused, taken, repeated in the batch', async () => {
    const id = randomUUID();
    const taken = randomUUID();
    await sendDesiresAs(single, [{ userId: carol.id, desire: newDesire({ id: taken }) }]);
    const outcomes = await sendDesiresAs(single, [
      { userId: loner.id, desire: newDesire() },
      { userId: alice.id, desire: newDesire({ receiverId: dave.id }) },
      { userId: alice.id, desire: newDesire({ id }) },
      { userId: alice.id, desire: newDesire({ id }) },
      { userId: alice.id, desire: newDesire({ id: taken }) },
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual([
      'no_partner',
      'not_partner',
      'sent',
      'existing',
      'existing',
    ]);
    expect(outcomes[3]).toMatchObject({ message: { id, sender_id: alice.id } });
    // Another couple's desire stays hidden from alice, as with a lone send.
    expect(outcomes[4]).toEqual({ outcome: 'existing', message: undefined });
    expect(await storedCount(single, [id, taken])).toBe(2);
  });

  it('leaves the connection as the owner with no user scope, and inserts as app_user', async () => {
    await sendDesiresAs(single, [
      { userId: alice.id, desire: newDesire() },
      { userId: carol.id, desire: newDesire() },
    ]);
    const { role, scope } = await connectionScope(single);
    expect(role).not.toBe('app_user');
    expect(scope).toBeNull();
    await withoutInsertGrant(single, async () => {
      await expect(
        sendDesiresAs(single, [
          { userId: alice.id, desire: newDesire() },
          { userId: carol.id, desire: newDesire() },
        ]),
      ).rejects.toThrow(/permission denied/);
    });
  });

  it('cannot be called by app_user', async () => {
    await expect(
      server.database.db.asUser(carol.id, (tx) =>
        tx.query('SELECT * FROM send_desires_as_v2($1::jsonb)', [
          JSON.stringify([{ user_id: alice.id, intensity: 1, urgency: 1, encrypted: false }]),
        ]),
      ),
    ).rejects.toThrow(/permission denied for function send_desires_as_v2/);
  });

  it('sends the desires that arrive during a send together, in one statement', async () => {
    const { db, statements } = counting(server.database.db);
    const batcher = createSendBatcher(db, { concurrency: 1, maxBatch: 50 });
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const outcomes = await Promise.all(
      ids.map((id, i) => batcher.send(i % 2 ? alice.id : dave.id, newDesire({ id }))),
    );
    expect(outcomes.map((o: SendOutcome) => o.outcome)).toEqual(ids.map(() => 'sent'));
    expect(outcomes.map((o) => (o.outcome === 'sent' ? o.message.id : ''))).toEqual(ids);
    // The first goes at once, alone; the other 19 gathered meanwhile and go in one statement.
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain('send_desires_as_v2');
    expect(await storedCount(server.database.db, ids)).toBe(20);
  });

  it('fails only the desire that fails when a batch cannot be stored', async () => {
    const batcher = createSendBatcher(server.database.db, { concurrency: 1, maxBatch: 50 });
    const ids = Array.from({ length: 6 }, () => randomUUID());
    // Below the route's validation: the database's own CHECK refuses intensity 99.
    const results = await Promise.allSettled(
      ids.map((id, i) => batcher.send(alice.id, newDesire({ id, intensity: i === 3 ? 99 : 5 }))),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(results[3]).toMatchObject({ reason: { code: '23514' } });
    expect(await storedCount(server.database.db, ids)).toBe(5);
  });
});

describe('sending desires together while the database is unreachable', () => {
  it('fails every desire of the batch at once, without retrying each', async () => {
    const unreachable = await openPostgres({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      max: 1,
    });
    const { db, statements } = counting(unreachable);
    const batcher = createSendBatcher(db, { concurrency: 1, maxBatch: 50 });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => batcher.send(randomUUID(), newDesire())),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(results[1]).toMatchObject({ reason: { code: 'ECONNREFUSED' } });
    expect(statements).toHaveLength(2);
    await unreachable.close();
  });
});
