import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewDesire } from '@couple/protocol';
import { sendDesireAs, sendDesiresAs } from '../src/messages/repository.js';
import { DRIVERS } from './helpers/database.js';
import { newDesire } from './helpers/api.js';
import { fakeV2, publishKey, type IdentityKey } from './helpers/keys.js';
import { startWithTwoCouples, type TwoCouples } from './helpers/send-fixture.js';

const v2 = (senderKeyId: string, recipientKeyIds: string[]): NewDesire => ({
  id: undefined,
  receiverId: undefined,
  intensity: 5,
  urgency: 5,
  encrypted: true,
  note: null,
  noteEncrypted: 'q83vEjRWeJq8',
  encryptionData: fakeV2(senderKeyId, recipientKeyIds),
});

/** The end-to-end rules live in send_desire_as_v2 (migration 010), so the batch has them too. */
describe.each(DRIVERS)('send_desire_as_v2 and the identity keys (%s)', (driver) => {
  let fixture: TwoCouples;
  let aliceKey: IdentityKey;
  let bobKey: IdentityKey;

  beforeAll(async () => {
    fixture = await startWithTwoCouples(driver);
    aliceKey = await publishKey(fixture.server.url, fixture.alice);
    bobKey = await publishKey(fixture.server.url, fixture.bob);
  });
  afterAll(() => fixture.close());

  it('names each refusal in one statement, alone and in a batch', async () => {
    const { single, alice, bob } = fixture;
    expect(await sendDesireAs(single, alice.id, newDesire())).toEqual({
      outcome: 'upgrade_required',
    });
    expect(await sendDesireAs(single, alice.id, v2(bobKey.key_id, [bobKey.key_id]))).toEqual({
      outcome: 'key_changed',
    });
    const batch = await sendDesiresAs(single, [
      { userId: alice.id, desire: v2(aliceKey.key_id, [bobKey.key_id]) },
      { userId: bob.id, desire: v2(bobKey.key_id, [bobKey.key_id]) },
      { userId: bob.id, desire: newDesire({ note: null }) },
      { userId: bob.id, desire: newDesire() },
    ]);
    expect(batch.map((sent) => sent.outcome)).toEqual([
      'sent',
      'key_changed',
      'sent',
      'upgrade_required',
    ]);
  });

  it('lets the database refuse malformed v2 rows the schema would stop', async () => {
    const { single, alice } = fixture;
    // Three recipients, the partner's among them: past the key rule, refused by the CHECK.
    const malformed = v2(aliceKey.key_id, [bobKey.key_id, aliceKey.key_id, aliceKey.key_id]);
    await expect(sendDesireAs(single, alice.id, malformed)).rejects.toThrow(/check constraint/);
  });
});
