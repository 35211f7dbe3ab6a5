import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import { sendDesiresAs } from '../src/messages/repository.js';
import { DRIVERS } from './helpers/database.js';
import type { TestServer } from './helpers/server.js';
import { newDesire, type TestUser } from './helpers/api.js';
import { startWithTwoCouples, type TwoCouples } from './helpers/send-fixture.js';

const IN_SCOPE = `SELECT s.outcome, (s.message).sender_id, (s.message).receiver_id
  FROM send_desire_in_scope(NULL::uuid, NULL::uuid, 1::smallint, 1::smallint, false,
    'x'::text, NULL::text, NULL::jsonb) s`;

/**
 * send_desire_in_scope, the body of both sends, which app_user may call: it sends as the scope's
 * user and no one else. And send_desires_as_v2, which sets the role once per batch, leaves the
 * connection's settings as it found them.
 */
describe.each(DRIVERS)('sending in the caller scope (%s)', (driver) => {
  let fixture: TwoCouples;
  let server: TestServer;
  let single: Database;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;

  beforeAll(async () => {
    fixture = await startWithTwoCouples(driver);
    ({ server, single, alice, bob, carol, dave } = fixture);
  });
  afterAll(() => fixture.close());

  it("sends as the scope's user, to that user's partner", async () => {
    const { rows } = await server.database.db.asUser(carol.id, (tx) => tx.query(IN_SCOPE));
    expect(rows).toEqual([{ outcome: 'sent', sender_id: carol.id, receiver_id: dave.id }]);
  });

  it('sends nothing outside a user scope', async () => {
    const { rows } = await single.query(IN_SCOPE);
    expect(rows).toEqual([{ outcome: 'no_partner', sender_id: null, receiver_id: null }]);
  });

  it("gives each element of a batch its own sender, and resets the batch's settings", async () => {
    const sent = await sendDesiresAs(single, [
      { userId: alice.id, desire: newDesire() },
      { userId: carol.id, desire: newDesire() },
      { userId: bob.id, desire: newDesire() },
    ]);
    expect(sent.map((s) => (s.outcome === 'sent' ? s.message.sender_id : s.outcome))).toEqual([
      alice.id,
      carol.id,
      bob.id,
    ]);
    const { rows } = await single.query<{ role: string; plans: string }>(
      `SELECT current_user AS role, current_setting('plan_cache_mode') AS plans`,
    );
    expect(rows[0]).toEqual({ role: expect.not.stringMatching(/^app_user$/), plans: 'auto' });
  });
});
