import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesireAnswer, Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

interface Page {
  messages: Message[];
  count: number;
  answers: DesireAnswer[];
}

/**
 * The message lists' JSON is built by PostgreSQL (messages/repository.ts): it must be what the
 * driver hands back for the same rows (db/parsers.ts: ISO timestamps, numbers), field for field.
 */
describe.each(DRIVERS)('the message lists built as JSON by the database (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
    const ids: string[] = [];
    for (const content of ['first', '', 'ünïcödé "quoted" \\ and a tab\there']) {
      const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire({ receiverId: bob.id, content }),
      });
      expect(sent.status).toBe(201);
      ids.push(sent.body.message.id);
    }
    const read = await request(server.url, 'POST', `/api/messages/${ids[0]}/read`, {
      token: bob.token,
    });
    expect(read.status).toBe(200);
    const answered = await request(server.url, 'PUT', `/api/messages/${ids[1]}/answer`, {
      token: bob.token,
      body: { choice: 'in' },
    });
    expect(answered.status).toBe(200);
  });
  afterAll(() => server?.close());

  /** The same rows read through the driver, in the lists' order. */
  async function rowsOf(user: TestUser, filter: string): Promise<Page> {
    return server.ctx.db.asUser(user.id, async (tx) => {
      const { rows: messages } = await tx.query<Message>(
        `SELECT * FROM message_view WHERE ${filter} ORDER BY created_at DESC, id DESC`,
        [user.id],
      );
      const { rows: answers } = await tx.query<DesireAnswer>(
        `SELECT a.message_id, a.choice, a.note_encrypted, a.encryption_data, a.updated_at
         FROM desire_answers a JOIN messages m ON m.id = a.message_id
         WHERE m.${filter} ORDER BY m.created_at DESC, m.id DESC`,
        [user.id],
      );
      return { messages, count: messages.length, answers };
    });
  }

  it('lists the received desires as the driver reads them', async () => {
    const listed = await request<Page>(server.url, 'GET', '/api/messages', { token: bob.token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const expected = await rowsOf(bob, 'receiver_id = $1');
    expect(expected.messages).toHaveLength(3);
    expect(expected.answers).toHaveLength(1);
    expect(expected.messages.some((m) => m.read_at !== null)).toBe(true);
    expect(listed.body).toStrictEqual(expected);
  });

  it('lists the sent desires as the driver reads them', async () => {
    const listed = await request<Page>(server.url, 'GET', '/api/messages/sent', {
      token: alice.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toStrictEqual(await rowsOf(alice, 'sender_id = $1'));
  });

  it('answers an empty page with empty lists and the count', async () => {
    const listed = await request<Page>(server.url, 'GET', '/api/messages?unreadOnly=true&limit=1', {
      token: alice.token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toStrictEqual({ messages: [], count: 0, answers: [] });
  });
});
