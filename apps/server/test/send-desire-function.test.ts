import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import { sendDesireAs } from '../src/messages/repository.js';
import { DRIVERS } from './helpers/database.js';
import type { TestServer } from './helpers/server.js';
import { createUser, newDesire, type TestUser } from './helpers/api.js';
import {
  connectionScope,
  startWithTwoCouples,
  withoutInsertGrant,
  type TwoCouples,
} from './helpers/send-fixture.js';

/** send_desire_as_v2 (migration 007): the whole send in one statement, under the sender's scope. */
describe.each(DRIVERS)('sending a desire in one statement (%s)', (driver) => {
  let fixture: TwoCouples;
  let server: TestServer;
  let single: Database;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    fixture = await startWithTwoCouples(driver);
    ({ server, single, alice, bob, carol } = fixture);
  });
  afterAll(() => fixture.close());

  it("stores the desire for the partner and returns the sender's name and the targets", async () => {
    const sent = await sendDesireAs(single, alice.id, newDesire());
    expect(sent).toMatchObject({
      outcome: 'sent',
      message: { sender_id: alice.id, receiver_id: bob.id, intensity: 7, note: 'tonight?' },
      senderUsername: alice.username,
      receiver: {
        userId: bob.id,
        unreadDesires: 1,
        unreadThoughts: 0,
        pushSubscription: null,
        farcasterTokens: [],
        quietHours: null,
        locale: 'en',
      },
    });
  });

  it('leaves the connection as it found it: the owner, with no user scope', async () => {
    await sendDesireAs(single, alice.id, newDesire());
    const { role, scope } = await connectionScope(single);
    expect(role).not.toBe('app_user');
    expect(scope).toBeNull();
  });

  it('inserts as app_user, so row-level security and grants decide', async () => {
    await withoutInsertGrant(single, async () => {
      await expect(sendDesireAs(single, alice.id, newDesire())).rejects.toThrow(
        /permission denied/,
      );
    });
    expect((await sendDesireAs(single, alice.id, newDesire())).outcome).toBe('sent');
  });

  it('cannot be called by app_user, whose scope it would otherwise pick', async () => {
    await expect(
      server.database.db.asUser(carol.id, (tx) =>
        tx.query(
          `SELECT * FROM send_desire_as_v2($1::uuid, NULL::uuid, NULL::uuid, 1::smallint, 1::smallint,
             false, 'x'::text, NULL::text, NULL::jsonb)`,
          [alice.id],
        ),
      ),
    ).rejects.toThrow(/permission denied for function send_desire_as_v2/);
  });

  it('refuses without a partner, and to anyone but the partner', async () => {
    const loner = await createUser(server.url);
    expect(await sendDesireAs(single, loner.id, newDesire())).toEqual({ outcome: 'no_partner' });
    expect(await sendDesireAs(single, alice.id, newDesire({ receiverId: carol.id }))).toEqual({
      outcome: 'not_partner',
    });
  });

  it("returns a taken id's stored desire only to its couple", async () => {
    const id = randomUUID();
    await sendDesireAs(single, alice.id, newDesire({ id }));
    const again = await sendDesireAs(single, alice.id, newDesire({ id }));
    expect(again).toMatchObject({ outcome: 'existing', message: { id, sender_id: alice.id } });
    expect(await sendDesireAs(single, carol.id, newDesire({ id }))).toEqual({
      outcome: 'existing',
      message: undefined,
    });
    const { rows } = await single.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM messages WHERE id = $1',
      [id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
