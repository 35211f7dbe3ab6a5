import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { IdentityKeysAnswer, KeyHistoryAnswer, KeyInfo } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, request, type TestUser } from './helpers/api.js';
import { identityKey, publishKey } from './helpers/keys.js';
import { caughtUp, connectLive, nextEvent, record } from './helpers/live-client.js';

const RLS_VIOLATION = /row-level security/;

describe.each(DRIVERS)('identity keys (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    user: TestUser,
    body?: unknown,
  ) => request<T>(server.url, method, path, { token: user.token, body });
  const asUser = <T>(user: TestUser, sql: string, params: string[] = []) =>
    server.database.db
      .asUser(user.id, (tx) => tx.query<T>(sql, params))
      .then((result) => result.rows);

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
  });
  afterAll(() => server?.close());

  it('answers no keys before any is published', async () => {
    const keys = await call<IdentityKeysAnswer>('GET', '/api/keys', carol);
    expect(keys).toMatchObject({ status: 200, body: { own: null, partner: null } });
  });

  it('publishes a key, idempotently, and shows it to the partner', async () => {
    const key = identityKey();
    const first = await call<KeyInfo>('PUT', '/api/keys/identity', alice, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ...key, previous_key_id: null });
    const again = await call<KeyInfo>('PUT', '/api/keys/identity', alice, key);
    expect(again.body).toEqual(first.body);

    const seenByBob = await call<IdentityKeysAnswer>('GET', '/api/keys', bob);
    expect(seenByBob.body).toEqual({ own: null, partner: first.body });
    const seenByAlice = await call<IdentityKeysAnswer>('GET', '/api/keys', alice);
    expect(seenByAlice.body).toEqual({ own: first.body, partner: null });
  });

  it('refuses a key id that is not the hash of the public key', async () => {
    const answer = await call('PUT', '/api/keys/identity', carol, {
      public_key: identityKey().public_key,
      key_id: identityKey().key_id,
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'key_id_mismatch' } });
  });

  it('refuses malformed keys with 400 invalid_input', async () => {
    const key = identityKey();
    for (const body of [
      { public_key: `A${key.public_key.slice(1)}`, key_id: key.key_id },
      { public_key: key.public_key, key_id: `${key.key_id}A` },
      { public_key: key.public_key },
    ]) {
      const answer = await call('PUT', '/api/keys/identity', carol, body);
      expect(answer, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { code: 'invalid_input' },
      });
    }
  });

  it('keeps history on a key change and tells the partner live', async () => {
    const socket: Socket = await connectLive(server.url, bob.token);
    const carolSocket: Socket = await connectLive(server.url, carol.token);
    const carolSaw = record(carolSocket, 'partner_key_changed');
    try {
      const before = (await call<IdentityKeysAnswer>('GET', '/api/keys', alice)).body.own!;
      const next = identityKey();
      const changed = nextEvent(socket, 'partner_key_changed');
      const published = await call<KeyInfo>('PUT', '/api/keys/identity', alice, next);
      expect(published.body).toMatchObject({ ...next, previous_key_id: before.key_id });
      expect(await changed).toEqual({ key_id: next.key_id, previous_key_id: before.key_id });

      const history = await asUser<{ key_id: string; current: boolean }>(
        bob,
        `SELECT key_id, replaced_at IS NULL AS current FROM identity_keys
         WHERE user_id = $1 ORDER BY created_at`,
        [alice.id],
      );
      expect(history).toEqual([
        { key_id: before.key_id, current: false },
        { key_id: next.key_id, current: true },
      ]);
      const seenByBob = await call<IdentityKeysAnswer>('GET', '/api/keys', bob);
      expect(seenByBob.body.partner).toEqual(published.body);
      await caughtUp(carolSocket);
      expect(carolSaw).toEqual([]);
    } finally {
      socket.close();
      carolSocket.close();
    }
  });

  it('answers the history of both partners’ keys, newest first, to the couple only', async () => {
    const history = await call<KeyHistoryAnswer>('GET', '/api/keys/history', bob);
    expect(history.status).toBe(200);
    const aliceKeys = history.body.partner;
    expect(aliceKeys.length).toBe(2);
    expect(aliceKeys[0]).toMatchObject({ replaced_at: null });
    expect(typeof aliceKeys[1]!.replaced_at).toBe('string');
    const current = (await call<IdentityKeysAnswer>('GET', '/api/keys', bob)).body.partner!;
    expect(aliceKeys[0]!.key_id).toBe(current.key_id);
    expect(aliceKeys[1]!.key_id).toBe(current.previous_key_id);
    const ownOfAlice = (await call<KeyHistoryAnswer>('GET', '/api/keys/history', alice)).body.own;
    expect(ownOfAlice).toEqual(aliceKeys);
    const seenByCarol = await call<KeyHistoryAnswer>('GET', '/api/keys/history', carol);
    expect(seenByCarol.body.partner).toEqual([]);
    const unknownQuery = await call('GET', '/api/keys/history?user=x', bob);
    expect(unknownQuery).toMatchObject({ status: 400, body: { code: 'unknown_field' } });
  });

  it('hides keys from strangers and lets nobody write another user’s keys (RLS)', async () => {
    await publishKey(server.url, carol);
    const seenByCarol = await call<IdentityKeysAnswer>('GET', '/api/keys', carol);
    expect(seenByCarol.body.partner).toBeNull();
    expect(
      await asUser(carol, 'SELECT key_id FROM identity_keys WHERE user_id IN ($1, $2)', [
        alice.id,
        bob.id,
      ]),
    ).toEqual([]);
    const stolen = identityKey();
    await expect(
      asUser(carol, 'INSERT INTO identity_keys (user_id, public_key, key_id) VALUES ($1, $2, $3)', [
        alice.id,
        stolen.public_key,
        stolen.key_id,
      ]),
    ).rejects.toThrow(RLS_VIOLATION);
    const touched = await server.database.db.asUser(carol.id, (tx) =>
      tx.query('UPDATE identity_keys SET replaced_at = now() WHERE user_id = $1', [alice.id]),
    );
    expect(touched.rowCount).toBe(0);
  });

  it('stops showing a former partner’s keys after a disconnect', async () => {
    expect((await call('POST', '/api/partner/disconnect', bob, {})).status).toBe(200);
    const seenByBob = await call<IdentityKeysAnswer>('GET', '/api/keys', bob);
    expect(seenByBob.body.partner).toBeNull();
    expect(
      await asUser(bob, 'SELECT key_id FROM identity_keys WHERE user_id = $1', [alice.id]),
    ).toEqual([]);
  });

  it('makes the database refuse a key id that does not match, even from the owner', async () => {
    const key = identityKey();
    await expect(
      server.database.db.query(
        'INSERT INTO identity_keys (user_id, public_key, key_id) VALUES ($1, $2, $3)',
        [carol.id, key.public_key, identityKey().key_id],
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
