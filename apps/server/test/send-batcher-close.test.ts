import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendDesire } from '../src/messages/service.js';
import { HttpError } from '../src/errors.js';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';
import { gateDatabase, type GatedDatabase } from './helpers/gated-database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, newDesire, pair, request, type TestUser } from './helpers/api.js';
import { POLL } from './helpers/timing.js';

/** What became of one send: its answer, or the code it was refused with. */
type Settled = { stored: string } | { refused: string };

const NOT_SETTLED_MS = 10_000;

/** The send's fate, or a failure of the test if it has none within NOT_SETTLED_MS. */
async function settledWithin(send: Promise<{ message: { id: string } }>): Promise<Settled> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('a send never settled')), NOT_SETTLED_MS);
  });
  try {
    const { message } = await Promise.race([send, hang]);
    return { stored: message.id };
  } catch (error) {
    if (error instanceof HttpError) return { refused: error.code };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The send batcher belongs to its app and closes with it: desires it took before app.close()
 * are stored and acknowledged, later ones refused with 503, and none is left hanging.
 */
describe.each(DRIVERS)('closing the app with desires in flight (%s)', (driver) => {
  let database: TestDatabase;
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let gate: GatedDatabase;
  let closed = false;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    gate = gateDatabase(database.db);
    server = await startTestServer(driver, { database: { ...database, db: gate.db } });
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
  });
  afterAll(async () => {
    if (!closed) await server?.close();
    await database?.drop();
  });

  it('acknowledges each send it took, refuses each after, and hangs on none', async () => {
    // One send over HTTP held in the database: the close must wait for it, not cut it off.
    const hold = gate.holdNext((sql) => sql.includes('send_desire'));
    const held = request<{ message: { id: string } }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ id: randomUUID() }),
    });
    await hold.held;
    const send = () =>
      settledWithin(sendDesire(server.ctx, bob.id, newDesire({ id: randomUUID() })));
    // Past the sender's limit, into the batcher.
    const intoBatcher = vi.spyOn(server.ctx.sendBatcher, 'send');
    const taken = Array.from({ length: 5 }, send);
    await vi.waitFor(() => expect(intoBatcher).toHaveBeenCalledTimes(5), POLL);

    const closing = server.app.close().then(() => (closed = true));
    // Once the close reaches the batcher, a send is refused at once (before any I/O, so before
    // the next macrotask); one still taken meanwhile is stored like the others. On PostgreSQL a
    // second send goes beside the held one, and a loaded machine saw it stored before that
    // macrotask too: only a refusal counts as refused.
    const takenWhileClosing: Promise<Settled>[] = [];
    const refused: Settled[] = [];
    await vi.waitFor(async () => {
      const probe = send();
      const outcome = await Promise.race([
        probe,
        new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined))),
      ]);
      if (outcome === undefined || 'stored' in outcome) takenWhileClosing.push(probe);
      else refused.push(outcome);
      expect(refused).toHaveLength(1);
    }, POLL);
    // Closing waits for what the batcher holds.
    expect(closed).toBe(false);
    refused.push(await send());
    hold.release();

    const answer = await held;
    expect(answer.status).toBe(201);
    const outcomes = await Promise.all([...taken, ...takenWhileClosing]);
    expect(outcomes.every((outcome) => 'stored' in outcome)).toBe(true);
    expect(refused).toEqual([
      { refused: 'service_unavailable' },
      { refused: 'service_unavailable' },
    ]);
    await closing;

    // The acknowledged ones are stored, the refused ones are not.
    const { rows } = await database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages',
    );
    expect(rows[0]!.n).toBe(1 + outcomes.length);
  });
});
