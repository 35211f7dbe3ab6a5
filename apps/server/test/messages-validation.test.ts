import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TEXTS, TEXTS, english, type ErrorCode, type Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  createUser,
  desire,
  pair,
  request,
  type RequestOptions,
  type TestUser,
} from './helpers/api.js';

const IV = 'AAECAwQFBgcICQoL';
const SALT = 'AAECAwQFBgcICQoLDA0ODw==';
const CIPHERTEXT = 'q83vEjRWeJq8q83vEjRWeJq8';
const scoreError = (name: string) => `${name} must be an integer from 0 to 10`;
const limitError = 'limit must be an integer from 1 to 50';

function encrypted(overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) {
  return desire({
    encrypted: true,
    content: CIPHERTEXT,
    encryptionData: { iv: IV, salt: SALT, version: 1, ...data },
    ...overrides,
  });
}

describe.each(DRIVERS)('bad input to the message routes (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;

  /** Every answer in this file goes through here: none may be a server error. */
  async function call(
    method: string,
    path: string,
    user: TestUser | undefined,
    options: RequestOptions = {},
  ) {
    const response = await request(server.url, method, `/api/messages${path}`, {
      token: user?.token,
      ...options,
    });
    expect(response.status, `${method} ${path}`).toBeLessThan(500);
    if (response.status >= 400) {
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(typeof response.body.error).toBe('string');
    }
    return response;
  }
  const send = (body: unknown, user: TestUser = alice) => call('POST', '', user, { body });
  const refused = async (
    body: unknown,
    error: string,
    status = 400,
    code: ErrorCode = 'invalid_input',
  ) => {
    const response = await send(body);
    expect(response.body).toEqual({ error, code });
    expect(response.status).toBe(status);
  };
  const storedCount = async (id: string) =>
    (await server.database.db.query('SELECT 1 FROM messages WHERE id = $1', [id])).rows.length;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol, dave, erin] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
    await pair(server.url, dave, erin);
  });
  afterAll(() => server.close());

  describe('POST /api/messages', () => {
    it.each([[null], [[]], ['desire'], [7]])('refuses the body %j with 400', async (body) => {
      const response = await send(body);
      expect(response.status).toBe(400);
    });

    it.each(['intensity', 'urgency'])('refuses a missing %s', async (name) => {
      const body = desire();
      delete body[name];
      await refused(body, scoreError(name));
    });

    it.each([[-1], [11], [5.5], ['abc'], [null], [true], [''], ['5.5'], ['1e1'], [[5]], [{}]])(
      'refuses the score %j for intensity and urgency',
      async (score) => {
        await refused(desire({ intensity: score }), scoreError('intensity'));
        await refused(desire({ urgency: score }), scoreError('urgency'));
      },
    );

    it('accepts numeric strings and the bounds 0 and 10', async () => {
      const sent = await send(desire({ intensity: '10', urgency: ' 0 ' }));
      expect(sent.status).toBe(201);
      expect(sent.body.message).toMatchObject({ intensity: 10, urgency: 0 });
    });

    it('accepts a note of 200 characters, refuses 201, and trims', async () => {
      const longest = 'n'.repeat(200);
      const accepted = await send(desire({ content: `  ${longest}\n ` }));
      expect(accepted.status).toBe(201);
      expect(accepted.body.message?.note).toBe(longest);
      await refused(desire({ content: 'n'.repeat(201) }), 'Note must be at most 200 characters');
      const blank = await send(desire({ content: '   ' }));
      expect(blank.status).toBe(201);
      expect(blank.body.message?.note).toBeNull();
    });

    it('refuses wrong types for content, encrypted, id and receiverId', async () => {
      await refused(desire({ content: 123 }), 'content must be text');
      await refused(desire({ encrypted: 'true' }), 'encrypted must be a boolean');
      await refused(desire({ id: 'not-a-uuid' }), 'id must be a UUID');
      await refused(desire({ receiverId: 'bob' }), 'Invalid user id');
    });

    it('refuses an encrypted desire without valid encryption data', async () => {
      const dataRequired = 'encryptionData is required when encrypted';
      await refused(encrypted({ encryptionData: undefined }), dataRequired);
      await refused(encrypted({ encryptionData: 'AAAA' }), dataRequired);
      await refused(
        encrypted({}, { version: 3 }),
        english(TEXTS.unsupportedEncryptionVersion, { version: 3 }),
      );
      // Version 2 has its own shape (schemas/keys.ts): v1 fields under version 2 are refused.
      await refused(encrypted({}, { version: 2 }), 'sender_key_id must be base64url');
      await refused(encrypted({}, { iv: 'not base64 at all' }), 'iv must be 12 bytes of base64');
      await refused(encrypted({}, { iv: '!!!!!!!!!!!!!!!!' }), 'iv must be base64');
      await refused(encrypted({}, { salt: IV }), 'salt must be 16 bytes of base64');
      await refused(encrypted({ content: '' }), 'content is required when encrypted');
      await refused(encrypted({ content: 'plain words' }), 'content must be base64');
      await refused(encrypted({ content: 'A'.repeat(828) }), 'Note must be at most 200 characters');
      expect((await send(encrypted())).status).toBe(201);
    });

    it('refuses a plain note that carries encryption data', async () => {
      await refused(
        desire({ encryptionData: { iv: IV, salt: SALT, version: 1 } }),
        'encryptionData is only allowed when encrypted',
      );
    });

    it('refuses a receiver who is not the partner with 403', async () => {
      await refused(
        desire({ receiverId: dave.id }),
        SERVER_TEXTS.onlyToPartner,
        403,
        'not_partner',
      );
      await refused(
        desire({ receiverId: alice.id }),
        SERVER_TEXTS.onlyToPartner,
        403,
        'not_partner',
      );
      expect((await send(desire({ receiverId: bob.id }))).status).toBe(201);
    });

    it('refuses a sender without a partner with 409', async () => {
      const response = await send(desire(), carol);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: TEXTS.noConnectedPartner,
        code: 'no_connected_partner',
      });
      const withReceiver = await send(desire({ receiverId: bob.id }), carol);
      expect(withReceiver.body).toEqual({
        error: TEXTS.noConnectedPartner,
        code: 'no_connected_partner',
      });
    });
  });

  describe('idempotent sending on a client id', () => {
    it('stores a retried desire once and answers the retry with 200 and the same message', async () => {
      let emitted = 0;
      const count = () => {
        emitted += 1;
      };
      server.ctx.events.on('desireSent', count);
      try {
        const body = desire({ id: randomUUID(), content: 'once' });
        const first = await send(body);
        const retry = await send(body);
        expect(first.status).toBe(201);
        expect(retry.status).toBe(200);
        expect(retry.body.message).toEqual(first.body.message);
        expect(await storedCount(String(body.id))).toBe(1);
        expect(emitted).toBe(1);
        const inbox = await call('GET', '?limit=50', bob);
        expect(inbox.body.messages!.filter((m: Message) => m.id === body.id)).toHaveLength(1);
      } finally {
        server.ctx.events.off('desireSent', count);
      }
    });

    it('refuses the same id with different content with 409', async () => {
      const id = randomUUID();
      expect((await send(desire({ id, intensity: 3 }))).status).toBe(201);
      await refused(
        desire({ id, intensity: 4 }),
        SERVER_TEXTS.messageIdTaken,
        409,
        'message_id_taken',
      );
      await refused(
        desire({ id, content: 'changed' }),
        SERVER_TEXTS.messageIdTaken,
        409,
        'message_id_taken',
      );
      const stored = await server.database.db.query(
        'SELECT intensity FROM messages WHERE id = $1',
        [id],
      );
      expect(stored.rows).toEqual([{ intensity: 3 }]);
    });

    it("refuses another user's message id with 409 and leaves that message alone", async () => {
      const id = randomUUID();
      const body = desire({ id });
      expect((await send(body, dave)).status).toBe(201);
      await refused(body, SERVER_TEXTS.messageIdTaken, 409, 'message_id_taken');
      const fromPartner = desire({ id: randomUUID() });
      expect((await send(fromPartner, bob)).status).toBe(201);
      await refused(fromPartner, SERVER_TEXTS.messageIdTaken, 409, 'message_id_taken');
      const stored = await server.database.db.query<{ sender_id: string }>(
        'SELECT sender_id FROM messages WHERE id = $1',
        [id],
      );
      expect(stored.rows).toEqual([{ sender_id: dave.id }]);
    });
  });

  describe('the list, count and read routes', () => {
    it.each(['0', '51', 'x', '-1', '1.5', ''])(
      'refuses limit=%j with 400 on both lists',
      async (limit) => {
        for (const path of ['', '/sent']) {
          const response = await call('GET', `${path}?limit=${limit}`, bob);
          expect(response.status).toBe(400);
          expect(response.body).toEqual({ error: limitError, code: 'invalid_input' });
        }
      },
    );

    it('refuses a repeated limit and a bad unreadOnly with 400, accepts the bounds', async () => {
      expect((await call('GET', '?limit=1&limit=2', bob)).status).toBe(400);
      const unread = await call('GET', '?unreadOnly=maybe', bob);
      expect(unread.status).toBe(400);
      expect(unread.body).toEqual({
        error: 'unreadOnly must be true or false',
        code: 'invalid_input',
      });
      expect((await call('GET', '?limit=1&unreadOnly=1', bob)).body.messages).toHaveLength(1);
      expect((await call('GET', '?limit=50&unreadOnly=false', bob)).status).toBe(200);
    });

    it('refuses a malformed message id with 400', async () => {
      for (const id of ['abc', '123', `${randomUUID()}x`]) {
        const response = await call('POST', `/${id}/read`, bob);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ error: 'Invalid message id', code: 'invalid_input' });
      }
    });

    it("answers 404 for an unknown id, a sent message, and someone else's message", async () => {
      const sent = await send(desire());
      const id = sent.body.message!.id;
      for (const [user, messageId] of [
        [bob, randomUUID()],
        [alice, id],
        [dave, id],
        [carol, id],
      ] as const) {
        const response = await call('POST', `/${messageId}/read`, user);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({
          error: SERVER_TEXTS.messageNotFound,
          code: 'message_not_found',
        });
      }
      const stored = await server.database.db.query('SELECT read_at FROM messages WHERE id = $1', [
        id,
      ]);
      expect(stored.rows).toEqual([{ read_at: null }]);
    });

    it('marks the given ids, or all, by POST /api/messages/read, and refuses bad ids', async () => {
      const refusals: [unknown, number, string, ErrorCode][] = [
        [{ ids: ['abc'] }, 400, 'Invalid message id', 'invalid_input'],
        [{ ids: [], all: true }, 400, 'Unknown field: all', 'unknown_field'],
        [{ ids: [randomUUID()] }, 404, SERVER_TEXTS.messageNotFound, 'message_not_found'],
      ];
      for (const [body, status, error, code] of refusals) {
        const response = await call('POST', '/read', bob, { body });
        expect(response.body).toEqual({ error, code });
        expect(response.status).toBe(status);
      }
      const [first, second] = [(await send(desire())).body, (await send(desire())).body];
      const one = await call('POST', '/read', bob, { body: { ids: [first.message!.id] } });
      expect(one.body).toEqual({ ids: [first.message!.id], count: 1 });
      const all = await call('POST', '/read', bob);
      expect(all.status).toBe(200);
      expect(all.body.ids).toContain(second.message!.id);
      expect(all.body.ids).not.toContain(first.message!.id);
      expect((await call('GET', '/unread-count', bob)).body).toEqual({ count: 0 });
    });
  });

  describe('malformed requests', () => {
    it('answers malformed JSON with a 400 JSON error', async () => {
      const response = await call('POST', '', alice, {
        rawBody: '{"intensity": 5,',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
    });

    it('answers an empty JSON body or plain text with 400 and an unknown content type with 415', async () => {
      const empty = await call('POST', '', alice, {
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.status).toBe(400);
      const text = await call('POST', '', alice, {
        rawBody: 'intensity=5',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).toBe(400);
      const xml = await call('POST', '', alice, {
        rawBody: '<desire/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(xml.status).toBe(415);
    });

    it('answers a body over the size limit with 413', async () => {
      const response = await send(desire({ content: 'x'.repeat(20_000) }));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ error: SERVER_TEXTS.bodyTooLarge, code: 'body_too_large' });
    });

    it('answers every route with 401 for a missing or forged token', async () => {
      const forged = { ...alice, token: `${alice.token.slice(0, -4)}AAAA` };
      const id = randomUUID();
      const routes = [
        ['GET', ''],
        ['GET', '/sent'],
        ['GET', '/unread-count'],
        ['POST', '/mark-all-read'],
        ['POST', `/${id}/read`],
        ['POST', '/read'],
        ['POST', ''],
      ] as const;
      for (const [method, path] of routes) {
        const body = method === 'POST' ? desire() : undefined;
        const missing = await call(method, path, undefined, { body });
        expect(missing.status).toBe(401);
        expect(missing.body).toEqual({ error: TEXTS.authSessionMissing, code: 'session_missing' });
        const bad = await call(method, path, forged, { body });
        expect(bad.status).toBe(401);
        expect(bad.body).toEqual({ error: SERVER_TEXTS.unauthorized, code: 'unauthorized' });
      }
    });
  });
});
