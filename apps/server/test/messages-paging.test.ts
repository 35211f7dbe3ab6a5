import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';

interface Page {
  messages: Message[];
  count: number;
}

describe.each(DRIVERS)('paging the message lists with before= (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const sent: string[] = [];

  const list = (user: TestUser, path: string) =>
    request<Page>(server.url, 'GET', path, { token: user.token });

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
    for (let index = 0; index < 5; index += 1) {
      const answer = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body: desire({ receiverId: bob.id, intensity: index }),
      });
      expect(answer.status).toBe(201);
      sent.push(answer.body.message.id);
    }
  });
  afterAll(() => server?.close());

  it('walks the inbox newest first, page by page, without gaps or repeats', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const query = `limit=2${before ? `&before=${before}` : ''}`;
      const page = await list(bob, `/api/messages?${query}`);
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(5);
      if (page.body.messages.length === 0) break;
      seen.push(...page.body.messages.map((message) => message.id));
      before = page.body.messages.at(-1)!.id;
    }
    expect(seen).toEqual([...sent].reverse());
  });

  it('pages the sent list the same way', async () => {
    const page = await list(alice, `/api/messages/sent?limit=2&before=${sent[2]}`);
    expect(page.body.messages.map((message) => message.id)).toEqual([sent[1], sent[0]]);
  });

  it('gives an empty page for a message the caller cannot see, and 400 for a bad id', async () => {
    const stranger = await list(carol, `/api/messages?before=${sent[4]}`);
    expect(stranger).toMatchObject({ status: 200, body: { messages: [], count: 0 } });
    const bad = await list(bob, '/api/messages?before=yesterday');
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'before must be a message id', code: 'invalid_input' },
    });
  });
});
