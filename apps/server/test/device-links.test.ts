import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEALED_PAYLOAD_MAX,
  answerLinkOnApprover,
  createIdentity,
  openLinkPayload,
  sealLinkPayload,
  startLinkOnNewDevice,
  type LinkRequestAnswer,
  type NewDeviceLink,
} from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, request, type TestUser } from './helpers/api.js';
import { publishKey } from './helpers/keys.js';

/** The link steps of docs/security.md, "Device linking", through the real server. */
describe.each(DRIVERS)('device link requests (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let mallory: TestUser;
  const SEALED = 'c2VhbGVk.cGF5bG9hZA';

  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    user: TestUser,
    body?: unknown,
  ) => request<T>(server.url, method, path, { token: user.token, body });

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, mallory] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await publishKey(server.url, alice);
  });
  afterAll(() => server?.close());

  const createRequest = async (user: TestUser) => {
    const device = await startLinkOnNewDevice();
    const created = await call<{ id: string; expires_at: string }>(
      'POST',
      '/api/keys/links',
      user,
      { commitment: device.commitment },
    );
    expect(created.status).toBe(201);
    return { ...created.body, device };
  };
  const respond = async (id: string, user = alice) => {
    const approver = await answerLinkOnApprover();
    const answer = await call('POST', `/api/keys/links/${id}/respond`, user, {
      approver_public_key: approver.publicKey,
      approver_nonce: approver.nonce,
    });
    return { answer, approver };
  };
  const reveal = (id: string, device: Pick<NewDeviceLink, 'publicKey' | 'nonce'>, user = alice) =>
    call('POST', `/api/keys/links/${id}/reveal`, user, {
      ephemeral_public_key: device.publicKey,
      nonce: device.nonce,
    });
  const approve = (id: string, user = alice, sealed = SEALED) =>
    call('POST', `/api/keys/links/${id}/approve`, user, { sealed_payload: sealed });
  const read = (id: string, user = alice) =>
    call<LinkRequestAnswer>('GET', `/api/keys/links/${id}`, user);

  it('stores only the commitment first, for ten minutes', async () => {
    const created = await createRequest(alice);
    const lifetime = new Date(created.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
    expect(await read(created.id)).toMatchObject({
      status: 200,
      body: {
        id: created.id,
        commitment: created.device.commitment,
        approver_public_key: null,
        approver_nonce: null,
        ephemeral_public_key: null,
        nonce: null,
        expires_at: created.expires_at,
        sealed_payload: null,
      },
    });
  });

  it('relays commit, answer, reveal and seal in that order, each once', async () => {
    const { id, device } = await createRequest(alice);
    const { answer, approver } = await respond(id);
    expect(answer).toMatchObject({ status: 200, body: { id } });
    expect(await reveal(id, device)).toMatchObject({ status: 200, body: { id } });
    const approved = await approve(id);
    expect(approved).toMatchObject({ status: 200, body: { id } });
    expect(typeof approved.body.approved_at).toBe('string');
    expect((await read(id)).body).toEqual(
      expect.objectContaining({
        commitment: device.commitment,
        approver_public_key: approver.publicKey,
        approver_nonce: approver.nonce,
        ephemeral_public_key: device.publicKey,
        nonce: device.nonce,
        sealed_payload: SEALED,
      }),
    );

    const outOfOrder = { status: 409, body: { code: 'link_step_out_of_order' } };
    expect((await respond(id)).answer).toMatchObject(outOfOrder);
    expect(await reveal(id, device)).toMatchObject(outOfOrder);
    expect(await approve(id)).toMatchObject({
      status: 409,
      body: { code: 'link_request_approved' },
    });
  });

  it('relays a full-size version 2 seal, and refuses one character more with 400', async () => {
    const { id, device } = await createRequest(alice);
    const { approver } = await respond(id);
    await reveal(id, device);
    const transcript = {
      newDevicePublicKey: device.publicKey,
      newDeviceNonce: device.nonce,
      approverPublicKey: approver.publicKey,
      approverNonce: approver.nonce,
    };
    const [identity, older] = await Promise.all([createIdentity(), createIdentity()]);
    const record = { pins: [], verifiedPair: null };
    const sealed = await sealLinkPayload(
      { identity, formerIdentities: [older], record },
      transcript,
      approver.keyPair,
    );
    expect(sealed).toHaveLength(SEALED_PAYLOAD_MAX);

    const tooLong = await approve(id, alice, `${sealed}A`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'invalid_input', error: expect.any(String) });
    expect((await read(id)).body).toMatchObject({ sealed_payload: null });

    expect(await approve(id, alice, sealed)).toMatchObject({ status: 200, body: { id } });
    const stored = (await read(id)).body.sealed_payload;
    expect(stored).toBe(sealed);
    const opened = await openLinkPayload(stored!, transcript, device.keyPair);
    expect(opened.identity.keyId).toBe(identity.keyId);
    expect(opened.formerIdentities.map((former) => former.keyId)).toEqual([older.keyId]);
    expect(opened.record).toEqual(record);
  });

  it('refuses a reveal before the answer, and a seal before the reveal', async () => {
    const { id, device } = await createRequest(alice);
    const outOfOrder = { status: 409, body: { code: 'link_step_out_of_order' } };
    expect(await reveal(id, device)).toMatchObject(outOfOrder);
    expect(await approve(id)).toMatchObject(outOfOrder);
    await respond(id);
    expect(await approve(id)).toMatchObject(outOfOrder);
    const stored = (await read(id)).body;
    expect(stored).toMatchObject({ ephemeral_public_key: null, sealed_payload: null });
  });

  it('refuses a revealed key or nonce that does not match the commitment', async () => {
    const { id, device } = await createRequest(alice);
    await respond(id);
    const other = await startLinkOnNewDevice();
    const mismatch = { status: 400, body: { code: 'link_commitment_mismatch' } };
    expect(await reveal(id, { publicKey: other.publicKey, nonce: device.nonce })).toMatchObject(
      mismatch,
    );
    expect(await reveal(id, { publicKey: device.publicKey, nonce: other.nonce })).toMatchObject(
      mismatch,
    );
    expect((await read(id)).body).toMatchObject({ ephemeral_public_key: null });
    expect(await reveal(id, device)).toMatchObject({ status: 200 });
  });

  it('needs an identity key to seal', async () => {
    const { id, device } = await createRequest(mallory);
    await respond(id, mallory);
    await reveal(id, device, mallory);
    expect(await approve(id, mallory)).toMatchObject({
      status: 404,
      body: { code: 'no_identity_key' },
    });
  });

  it('lists the request to the account until a device answers it', async () => {
    const { id, device, expires_at } = await createRequest(alice);
    expect((await call('GET', '/api/keys/links', alice)).body).toEqual({
      requests: [{ id, commitment: device.commitment, expires_at }],
    });
    expect((await call('GET', '/api/keys/links', mallory)).body).toEqual({ requests: [] });
    await respond(id);
    expect((await call('GET', '/api/keys/links', alice)).body).toEqual({ requests: [] });
  });

  it('replaces an earlier open request of the same user', async () => {
    const first = await createRequest(alice);
    await createRequest(alice);
    expect(await read(first.id)).toMatchObject({
      status: 404,
      body: { code: 'link_request_not_found' },
    });
  });

  it('is not found by another account, which cannot take any step', async () => {
    const { id, device } = await createRequest(alice);
    const notFound = { status: 404, body: { code: 'link_request_not_found' } };
    expect(await read(id, mallory)).toMatchObject(notFound);
    expect((await respond(id, mallory)).answer).toMatchObject(notFound);
    await respond(id);
    expect(await reveal(id, device, mallory)).toMatchObject(notFound);
    await reveal(id, device);
    expect(await approve(id, mallory)).toMatchObject(notFound);
    const rows = await server.database.db.asUser(mallory.id, (tx) =>
      tx.query('SELECT id FROM device_links WHERE id = $1', [id]),
    );
    expect(rows.rows).toEqual([]);
  });

  it('answers 410 once expired, to every step', async () => {
    const { id, device } = await createRequest(alice);
    await server.database.db.query(
      `UPDATE device_links SET created_at = now() - interval '20 minutes',
         expires_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
    const expired = { status: 410, body: { code: 'link_request_expired' } };
    expect(await read(id)).toMatchObject(expired);
    expect((await respond(id)).answer).toMatchObject(expired);
    expect(await reveal(id, device)).toMatchObject(expired);
    expect(await approve(id)).toMatchObject(expired);
  });

  it('refuses malformed bodies', async () => {
    const { id, device } = await createRequest(alice);
    const { approver } = await respond(id);
    for (const [path, body] of [
      ['/api/keys/links', { ephemeral_public_key: device.publicKey }],
      ['/api/keys/links', { commitment: device.commitment.slice(1) }],
      ['/api/keys/links', { commitment: `${device.commitment.slice(0, -1)}B` }],
      [`/api/keys/links/${id}/respond`, { approver_public_key: 'B', approver_nonce: device.nonce }],
      [`/api/keys/links/${id}/respond`, { approver_public_key: approver.publicKey }],
      [`/api/keys/links/${id}/reveal`, { ephemeral_public_key: device.publicKey, nonce: '' }],
      [
        `/api/keys/links/${id}/reveal`,
        {
          ephemeral_public_key: device.publicKey,
          nonce: device.nonce,
          commitment: device.commitment,
        },
      ],
      [`/api/keys/links/${id}/approve`, { sealed_payload: 'no-dot' }],
      [
        `/api/keys/links/${id}/approve`,
        { sealed_payload: `a.${'b'.repeat(SEALED_PAYLOAD_MAX - 1)}` },
      ],
    ] as const) {
      const answer = await call('POST', path, alice, body);
      expect(answer, path).toMatchObject({ status: 400 });
      expect(['invalid_input', 'unknown_field'], path).toContain(answer.body.code);
    }
    expect((await read('not-a-uuid')).status).toBe(400);
  });

  it('holds the length of a seal in the table itself (migration 036)', async () => {
    const { id, device } = await createRequest(alice);
    await respond(id);
    await reveal(id, device);
    const seal = (sealed: string) =>
      server.database.db.asUser(alice.id, (tx) =>
        tx.query('UPDATE device_links SET sealed_payload = $2, approved_at = now() WHERE id = $1', [
          id,
          sealed,
        ]),
      );
    await expect(seal(`a.${'b'.repeat(SEALED_PAYLOAD_MAX - 1)}`)).rejects.toThrow(
      /check constraint/,
    );
    await seal(`a.${'b'.repeat(SEALED_PAYLOAD_MAX - 2)}`);
    expect((await read(id)).body.sealed_payload).toHaveLength(SEALED_PAYLOAD_MAX);
  });

  it('keeps the step order in the table itself', async () => {
    const { id } = await createRequest(alice);
    const device = await startLinkOnNewDevice();
    await expect(
      server.database.db.asUser(alice.id, (tx) =>
        tx.query(
          `UPDATE device_links SET ephemeral_public_key = $2, nonce = $3, revealed_at = now()
           WHERE id = $1`,
          [id, device.publicKey, device.nonce],
        ),
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
