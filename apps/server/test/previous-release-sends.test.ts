import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startWithTwoCouples, type TwoCouples } from './helpers/send-fixture.js';

/** The result columns the previous release reads (migrations 008 and 010), in their order. */
const MESSAGE_COLUMNS = [
  'id',
  'sender_id',
  'receiver_id',
  'intensity',
  'urgency',
  'encrypted',
  'note',
  'note_encrypted',
  'encryption_data',
  'read_at',
  'is_read',
  'created_at',
];
const SEND_COLUMNS = ['outcome', ...MESSAGE_COLUMNS, 'sender_username', 'targets'];

/**
 * During a rolling upgrade the previous release's instances still send, by the names and result
 * shapes they know (docs/deploy.md, Upgrades): these are their exact statements.
 */
describe.each(DRIVERS)("the previous release's sends still work (%s)", (driver) => {
  let fixture: TwoCouples;

  beforeAll(async () => {
    fixture = await startWithTwoCouples(driver);
  });
  afterAll(() => fixture.close());

  it('send_desire_as answers its columns flat, as before', async () => {
    const { single, alice, bob, carol } = fixture;
    const id = randomUUID();
    const { rows } = await single.query<Record<string, unknown>>(
      'SELECT * FROM send_desire_as($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)',
      [bob.id, null, id, 7, 3, false, 'tonight?', null, null],
    );
    expect(Object.keys(rows[0]!)).toEqual(SEND_COLUMNS);
    expect(rows).toEqual([
      expect.objectContaining({
        outcome: 'sent',
        id,
        sender_id: bob.id,
        receiver_id: alice.id,
        intensity: 7,
        note: 'tonight?',
        is_read: false,
        sender_username: bob.username,
      }),
    ]);
    const refused = await single.query<Record<string, unknown>>(
      'SELECT * FROM send_desire_as($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)',
      [bob.id, carol.id, randomUUID(), 7, 3, false, null, null, null],
    );
    expect(refused.rows).toEqual([expect.objectContaining({ outcome: 'not_partner', id: null })]);
  });

  it('send_desires_as answers ord and the same flat columns for each element', async () => {
    const { single, alice, bob, carol, dave } = fixture;
    const element = (userId: string, intensity: number) => ({
      user_id: userId,
      receiver_id: null,
      id: randomUUID(),
      intensity,
      urgency: 3,
      encrypted: false,
      note: null,
      note_encrypted: null,
      encryption_data: null,
    });
    const batch = [element(bob.id, 2), element(carol.id, 4)];
    const { rows } = await single.query<Record<string, unknown>>(
      'SELECT * FROM send_desires_as($1::jsonb)',
      [JSON.stringify(batch)],
    );
    expect(Object.keys(rows[0]!)).toEqual(['ord', ...SEND_COLUMNS]);
    expect(rows).toEqual([
      expect.objectContaining({ ord: 1, outcome: 'sent', id: batch[0]!.id, receiver_id: alice.id }),
      expect.objectContaining({ ord: 2, outcome: 'sent', id: batch[1]!.id, receiver_id: dave.id }),
    ]);
  });
});
