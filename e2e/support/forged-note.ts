import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createIdentity, sealNoteV2 } from '@couple/protocol';
import { test } from './fixtures.js';

/** The server's own PostgreSQL database (set by global-setup when TEST_DATABASE_URL is). */
const serverDatabaseUrl = process.env.E2E_DATABASE_URL;

/** Skips, saying why, a test that writes to the server's database as a malicious server would. */
export function skipUnlessServerDatabaseWritable(): void {
  test.skip(
    !serverDatabaseUrl,
    'needs TEST_DATABASE_URL: the PGlite server process owns its database, so only on PostgreSQL can the test write to it as a malicious server would',
  );
}

export interface ForgedNote {
  messageId: string;
  /** The key the "server" made up and listed as the sender's replaced key. */
  keyId: string;
}

/**
 * What a malicious server can do with its own database: list a made-up key as a replaced key of
 * the sender, seal a note with it to the receiver's current key (the same sealing code as the
 * app, from Node) and store it as the sender's desire.
 */
export async function forgeNoteInDatabase(
  from: { id: string },
  to: { id: string },
  note: string,
): Promise<ForgedNote> {
  const client = new pg.Client({ connectionString: serverDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ public_key: string }>(
      'SELECT public_key FROM identity_keys WHERE user_id = $1 AND replaced_at IS NULL',
      [to.id],
    );
    const receiverKey = rows[0]?.public_key;
    if (!receiverKey) throw new Error('the receiver has no identity key yet');
    const forged = await createIdentity();
    await client.query(
      `INSERT INTO identity_keys (user_id, public_key, key_id, created_at, replaced_at)
       VALUES ($1, $2, $3, now() - interval '2 days', now() - interval '1 day')`,
      [from.id, forged.publicKey, forged.keyId],
    );
    const messageId = randomUUID();
    const sealed = await sealNoteV2({
      messageId,
      senderId: from.id,
      receiverId: to.id,
      note,
      senderIdentity: forged,
      partnerPublicKey: receiverKey,
    });
    await client.query(
      `INSERT INTO messages (id, sender_id, receiver_id, intensity, urgency, encrypted,
                             note_encrypted, encryption_data)
       VALUES ($1, $2, $3, 9, 9, true, $4, $5)`,
      [messageId, from.id, to.id, sealed.noteEncrypted, JSON.stringify(sealed.encryptionData)],
    );
    return { messageId, keyId: forged.keyId };
  } finally {
    await client.end();
  }
}
