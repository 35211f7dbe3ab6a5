import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesireAnswer, Message } from '@couple/protocol';
import { ANSWERED_BODY, ANSWERED_TITLE, english } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { connectLive, nextEvent } from './helpers/live-client.js';
import { decryptPush, startFakePushService, type FakePushService } from './helpers/push-service.js';

describe.each(DRIVERS)('answering a desire (%s)', (driver) => {
  let server: TestServer;
  let push: FakePushService;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let desireId: string;

  const answer = (user: TestUser, id: string, body: unknown) =>
    request<DesireAnswer>(server.url, 'PUT', `/api/messages/${id}/answer`, {
      token: user.token,
      body,
    });

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer(driver, { pushAgent: push.agent });
    [alice, bob, carol] = await Promise.all([
      createUser(server.url),
      createUser(server.url),
      createUser(server.url),
    ]);
    await pair(server.url, alice, bob);
    const sent = await request<{ message: Message }>(server.url, 'POST', '/api/messages', {
      token: alice.token,
      body: desire({ receiverId: bob.id }),
    });
    desireId = sent.body.message.id;
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('lets the receiver answer, tells both live, and pushes the name only to the sender', async () => {
    const browser = push.subscribe();
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: alice.token,
      body: browser.json,
    });
    const [aliceLive, bobLive] = await Promise.all([
      connectLive(server.url, alice.token),
      connectLive(server.url, bob.token),
    ]);
    try {
      const aliceSaw = nextEvent(aliceLive, 'desire_answered');
      const bobSaw = nextEvent(bobLive, 'desire_answered');
      const answered = await answer(bob, desireId, { choice: 'in' });
      expect(answered).toMatchObject({
        status: 200,
        body: { message_id: desireId, choice: 'in' },
      });
      const expected = { ...answered.body, answerer_id: bob.id };
      expect(await aliceSaw).toEqual(expected);
      expect(await bobSaw).toEqual(expected);
      const pushed = decryptPush(browser, await push.nextRequest(browser));
      expect(pushed).toMatchObject({
        userId: alice.id,
        title: english(ANSWERED_TITLE, { name: bob.username }),
        body: ANSWERED_BODY,
      });
      expect(JSON.stringify(pushed)).not.toMatch(/in'|I’m in|tonight\?/);
    } finally {
      aliceLive.close();
      bobLive.close();
    }
  });

  it('changes the answer (one per desire) and lists it with the desire on both sides', async () => {
    const changed = await answer(bob, desireId, { choice: 'not_tonight' });
    expect(changed.body.choice).toBe('not_tonight');
    for (const [user, path] of [
      [alice, '/api/messages/sent'],
      [bob, '/api/messages'],
    ] as const) {
      const list = await request<{ answers: DesireAnswer[] }>(server.url, 'GET', path, {
        token: user.token,
      });
      expect(list.body.answers).toEqual([changed.body]);
    }
    const rows = await server.database.db.query('SELECT choice FROM desire_answers');
    expect(rows.rows).toEqual([{ choice: 'not_tonight' }]);
  });

  it('does not let the sender or a stranger answer, and hides answers from strangers', async () => {
    expect(await answer(alice, desireId, { choice: 'in' })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    expect(await answer(carol, desireId, { choice: 'in' })).toMatchObject({
      status: 404,
      body: { code: 'message_not_found' },
    });
    const seen = await server.database.db.asUser(carol.id, (tx) =>
      tx.query('SELECT message_id FROM desire_answers'),
    );
    expect(seen.rows).toEqual([]);
    await expect(
      server.database.db.asUser(carol.id, (tx) =>
        tx.query(
          `INSERT INTO desire_answers (message_id, answerer_id, asker_id, choice)
           VALUES ($1, $2, $3, 'in')`,
          [desireId, carol.id, alice.id],
        ),
      ),
    ).rejects.toThrow(/row-level security|duplicate key/);
  });

  it('refuses bad input with 400', async () => {
    for (const [id, body, code] of [
      [desireId, { choice: 'maybe' }, 'invalid_input'],
      [desireId, {}, 'invalid_input'],
      [desireId, { choice: 'in', mood: 'x' }, 'unknown_field'],
      [desireId, { choice: 'in', note: 'plain words' }, 'invalid_input'],
      ['not-a-uuid', { choice: 'in' }, 'invalid_input'],
    ] as const) {
      const refused = await answer(bob, id, body);
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { code } });
    }
  });
});
