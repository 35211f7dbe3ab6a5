import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WISH_BACKUP_CONTENT_LENGTH,
  createIdentity,
  openWishBackup,
  sealWishBackup,
  type Identity,
  type WishBackup,
  type WishSnapshot,
} from '@couple/protocol';
import type { SqlParam } from '../src/db/types.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { publishIdentities, publishKey } from './helpers/keys.js';
import { fakeBackupContent, wishApi } from './helpers/wishes.js';

const snapshot: WishSnapshot = {
  answers: {
    'c:slow-dance-in-the-kitchen': { answer: 'yes', at: Date.UTC(2026, 10, 1) },
    'c:cleared': { answer: null, at: Date.UTC(2026, 10, 2) },
  },
  settings: { hiddenTiers: ['spicy'], maybeCountsAsYes: true, at: Date.UTC(2026, 10, 3) },
};

interface Person {
  user: TestUser;
  identity: Identity;
}

/**
 * Each person's wish backup (migration 037, docs/api.md "Wishes"): one sealed blob of one length,
 * written only over the version the device read, only sealed to the current key, and reached by
 * its owner alone.
 */
describe.each(DRIVERS)('wish backups (%s)', (driver) => {
  let server: TestServer;
  let api: ReturnType<typeof wishApi>;

  const asUser = async (who: Person, sql: string, params: SqlParam[] = []) =>
    (await server.database.db.asUser(who.user.id, (tx) => tx.query(sql, params))).rows;
  const stored = async (who: Person) =>
    (
      await server.database.db.query<{ version: number; key_id: string }>(
        'SELECT version, key_id FROM wish_backups WHERE user_id = $1',
        [who.user.id],
      )
    ).rows;
  const put = (who: Person, expected: number, content = fakeBackupContent()) =>
    api.putBackup(who.user, { content, key_id: who.identity.keyId, expected_version: expected });
  const backupOf = async (who: Person) =>
    (await api.call<{ backup: WishBackup | null }>(who.user, 'GET', '/wishes/backup')).body.backup;

  /** A new user with an identity they hold, its public key published. */
  async function person(): Promise<Person> {
    const made = { user: await createUser(server.url), identity: await createIdentity() };
    await publishIdentities(server.url, [[made.user, made.identity]]);
    return made;
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    api = wishApi(server.url);
  });
  afterAll(() => server?.close());

  it('stores a sealed backup that its owner reads back and opens', async () => {
    const alice = await person();
    expect((await api.backup(alice.user)).body).toEqual({ backup: null });
    const sealed = await sealWishBackup({
      userId: alice.user.id,
      identity: alice.identity,
      snapshot,
    });
    expect(sealed.content).toHaveLength(WISH_BACKUP_CONTENT_LENGTH);
    const written = await api.putBackup(alice.user, { ...sealed, expected_version: 0 });
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ version: 1, updated_at: expect.any(String) });
    const backup = await backupOf(alice);
    expect(backup).toEqual({ ...sealed, version: 1, updated_at: written.body.updated_at });
    expect(
      await openWishBackup({ userId: alice.user.id, identity: alice.identity, sealed: backup! }),
    ).toEqual(snapshot);
  });

  it('writes only over the version read: one more each time, 409 otherwise', async () => {
    const alice = await person();
    expect((await put(alice, 1)).body).toMatchObject({ code: 'wish_backup_changed' });
    expect((await put(alice, 0)).body).toMatchObject({ version: 1 });
    const changed = { status: 409, body: expect.objectContaining({ code: 'wish_backup_changed' }) };
    expect(await put(alice, 0)).toMatchObject(changed);
    expect((await put(alice, 1)).body).toMatchObject({ version: 2 });
    expect(await put(alice, 1)).toMatchObject(changed);
    expect(await put(alice, 3)).toMatchObject(changed);
    // Two devices that read version 2 write at once: one wins, the other reads and merges.
    const both = await Promise.all([put(alice, 2), put(alice, 2)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stored(alice)).toEqual([{ version: 3, key_id: alice.identity.keyId }]);
  });

  it('takes only the current key’s id: not the partner’s, not a replaced one', async () => {
    const [alice, bob] = await Promise.all([person(), person()]);
    await pair(server.url, alice.user, bob.user);
    const stale = { status: 400, body: expect.objectContaining({ code: 'wish_backup_key_stale' }) };
    const content = fakeBackupContent();
    expect(
      await api.putBackup(alice.user, {
        content,
        key_id: bob.identity.keyId,
        expected_version: 0,
      }),
    ).toMatchObject(stale);
    expect(await put(alice, 0)).toMatchObject({ status: 200 });
    const next = await publishKey(server.url, alice.user);
    expect(await put(alice, 1)).toMatchObject(stale);
    const rotated = await api.putBackup(alice.user, {
      content,
      key_id: next.key_id,
      expected_version: 1,
    });
    expect(rotated.body).toMatchObject({ version: 2 });
    // Without a key at all there is nothing current to seal to.
    const carol = await createUser(server.url);
    expect(
      await api.putBackup(carol, { content, key_id: next.key_id, expected_version: 0 }),
    ).toMatchObject(stale);
  });

  it('refuses any other length or shape with 400 and JSON', async () => {
    const alice = await person();
    const content = fakeBackupContent();
    const keyId = alice.identity.keyId;
    const bodies: [unknown, string][] = [
      [{ content: content.slice(1), key_id: keyId, expected_version: 0 }, 'invalid_input'],
      [{ content: `${content}A`, key_id: keyId, expected_version: 0 }, 'invalid_input'],
      [
        { content: content.replace(/\./g, 'A'), key_id: keyId, expected_version: 0 },
        'invalid_input',
      ],
      [{ content: content.replace('.', '+'), key_id: keyId, expected_version: 0 }, 'invalid_input'],
      [{ content, key_id: 'not-a-key-id', expected_version: 0 }, 'invalid_input'],
      [{ content, key_id: keyId, expected_version: -1 }, 'invalid_input'],
      [{ content, key_id: keyId, expected_version: 1.5 }, 'invalid_input'],
      [{ content, key_id: keyId, expected_version: '0' }, 'invalid_input'],
      [{ content, key_id: keyId }, 'invalid_input'],
      [{ content: 5, key_id: keyId, expected_version: 0 }, 'invalid_input'],
      [{ content, key_id: keyId, expected_version: 0, version: 9 }, 'unknown_field'],
      [[], 'invalid_input'],
      [null, 'invalid_input'],
    ];
    for (const [body, code] of bodies) {
      const answer = await api.putBackup(alice.user, body);
      expect({ body, status: answer.status, code: answer.body.code }).toEqual({
        body,
        status: 400,
        code,
      });
      expect(typeof answer.body.error).toBe('string');
    }
    const broken = await request(server.url, 'PUT', '/api/wishes/backup', {
      token: alice.user.token,
      rawBody: '{"content": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, body: { code: 'bad_json' } });
    expect(await stored(alice)).toEqual([]);
  });

  it('is its owner’s alone: the partner and a stranger read nothing and write nothing', async () => {
    const [alice, bob, carol] = await Promise.all([person(), person(), person()]);
    await pair(server.url, alice.user, bob.user);
    await put(alice, 0);
    const before = await backupOf(alice);
    for (const other of [bob, carol]) {
      expect(await backupOf(other)).toBeNull();
      // A write of theirs is their own backup, never Alice's.
      expect((await put(other, 0)).status).toBe(200);
      expect((await put(other, 1)).body).toMatchObject({ version: 2 });
    }
    expect(await backupOf(alice)).toEqual(before);

    // The policies alone, as app_user with no WHERE: only one's own row.
    expect(await asUser(bob, 'SELECT user_id FROM wish_backups')).toEqual([
      { user_id: bob.user.id },
    ]);
    expect(
      await asUser(bob, 'UPDATE wish_backups SET version = 99 WHERE user_id = $1 RETURNING 1', [
        alice.user.id,
      ]),
    ).toEqual([]);
    await expect(
      asUser(
        carol,
        'INSERT INTO wish_backups (user_id, content, key_id, version) VALUES ($1, $2, $3, 7)',
        [alice.user.id, fakeBackupContent(), carol.identity.keyId],
      ),
    ).rejects.toThrow();
    await expect(asUser(alice, 'DELETE FROM wish_backups')).rejects.toThrow();
    // The owner too writes only with the current key, whatever the server's code checks.
    await expect(
      asUser(alice, 'UPDATE wish_backups SET key_id = $1', [bob.identity.keyId]),
    ).rejects.toThrow();
    expect(await backupOf(alice)).toEqual(before);
  });

  it('stays through unpairing and goes with the account', async () => {
    const [alice, bob] = await Promise.all([person(), person()]);
    await pair(server.url, alice.user, bob.user);
    await put(alice, 0);
    await put(bob, 0);
    const unpaired = await request(server.url, 'POST', '/api/partner/disconnect', {
      token: alice.user.token,
    });
    expect(unpaired.status).toBe(200);
    expect(await stored(alice)).toHaveLength(1);
    const deleted = await request(server.url, 'POST', '/api/account/delete', {
      token: alice.user.token,
      body: { password: alice.user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await stored(alice)).toEqual([]);
    expect(await stored(bob)).toHaveLength(1);
  });
});
