import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptNote, type AccountData } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

const SECRET_V1 = {
  encrypted: true,
  content: 'q83vEjRWeJq8',
  encryptionData: { iv: 'AAECAwQFBgcICQoL', salt: 'AAECAwQFBgcICQoLDA0ODw==', version: 1 },
};

describe.each(DRIVERS)('exporting my data (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const exportOf = (user: TestUser) =>
    request<AccountData>(server.url, 'GET', '/api/account/export', { token: user.token });

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
    carol = await createUser(server.url);
    for (const [from, body] of [
      [alice, desire({ content: 'plain from alice' })],
      [bob, desire(SECRET_V1)],
    ] as const) {
      expect(
        (await request(server.url, 'POST', '/api/messages', { token: from.token, body })).status,
      ).toBe(201);
    }
  });
  afterAll(() => server?.close());

  it('answers the profile, the pairings and both sides of the desires, notes as stored', async () => {
    const answer = await exportOf(alice);
    expect(answer.status).toBe(200);
    const data = answer.body;
    expect(data.profile).toMatchObject({
      id: alice.id,
      email: alice.email,
      username: alice.username,
      auth_method: 'email',
    });
    expect(data.pairings).toEqual([
      expect.objectContaining({
        partner_id: bob.id,
        partner_username: bob.username,
        ended_at: null,
        ended_by_me: null,
      }),
    ]);
    expect(data.sent).toEqual([
      expect.objectContaining({ sender_id: alice.id, note: 'plain from alice', encrypted: false }),
    ]);
    expect(data.received).toEqual([
      expect.objectContaining({
        sender_id: bob.id,
        note: null,
        encrypted: true,
        note_encrypted: SECRET_V1.content,
        encryption_data: SECRET_V1.encryptionData,
      }),
    ]);
  });

  it('answers the answers on both sides, their notes as stored', async () => {
    const received = (await exportOf(alice)).body.received[0]!;
    const sealed = await encryptNote('answered in the export', alice.id, bob.id);
    const note = {
      content: sealed.ciphertext,
      encryptionData: { iv: sealed.iv, salt: sealed.salt, version: sealed.version },
    };
    const answered = await request(server.url, 'PUT', `/api/messages/${received.id}/answer`, {
      token: alice.token,
      body: { choice: 'in', note },
    });
    expect(answered.status).toBe(200);
    for (const user of [alice, bob]) {
      expect((await exportOf(user)).body.answers).toEqual([
        expect.objectContaining({
          message_id: received.id,
          choice: 'in',
          note_encrypted: sealed.ciphertext,
          encryption_data: note.encryptionData,
        }),
      ]);
    }
  });

  it('shows an ended pairing without the former partner, and nothing of other accounts', async () => {
    expect(
      (await request(server.url, 'POST', '/api/partner/disconnect', { token: bob.token })).status,
    ).toBe(200);
    const data = (await exportOf(alice)).body;
    expect(data.pairings).toEqual([
      expect.objectContaining({ partner_id: bob.id, partner_username: null, ended_by_me: false }),
    ]);
    expect((await exportOf(bob)).body.pairings[0]).toMatchObject({ ended_by_me: true });
    const carols = (await exportOf(carol)).body;
    expect(carols).toMatchObject({ pairings: [], sent: [], received: [], answers: [] });
    expect(carols.profile.id).toBe(carol.id);
  });

  it('refuses a query and a caller without a session', async () => {
    const extra = await request(server.url, 'GET', '/api/account/export?format=csv', {
      token: alice.token,
    });
    expect(extra).toMatchObject({ status: 400, body: { code: 'unknown_field' } });
    expect((await request(server.url, 'GET', '/api/account/export')).status).toBe(401);
  });
});
