import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptNote, type Message } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { restAs } from './helpers/rest-fixtures.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import {
  createUser,
  desire,
  pair,
  request,
  type RequestOptions,
  type TestUser,
} from './helpers/api.js';

const ANON_KEY = 'test-anon-key-0123456789';

describe.each(DRIVERS)('/rest/v1/desire_answers (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let desireId: string;

  const rest = (user: TestUser, method: string, path: string, options: RequestOptions = {}) =>
    restAs(server.url, ANON_KEY)(user, method, path, options);

  beforeAll(async () => {
    server = await startTestServer(driver, { env: { ANON_KEY } });
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
  afterAll(() => server?.close());

  it('inserts the receiver’s answer, refuses a second one unless merged, and reads it', async () => {
    const row = { message_id: desireId, answerer_id: bob.id, choice: 'later' };
    const inserted = await rest(bob, 'POST', '/desire_answers', {
      body: row,
      headers: { prefer: 'return=representation' },
    });
    expect(inserted).toMatchObject({
      status: 201,
      body: [{ message_id: desireId, choice: 'later' }],
    });
    const again = await rest(bob, 'POST', '/desire_answers', { body: { ...row, choice: 'in' } });
    expect(again).toMatchObject({ status: 409, body: { code: '23505' } });
    const merged = await rest(bob, 'POST', '/desire_answers?on_conflict=message_id', {
      body: { ...row, choice: 'in' },
      headers: { prefer: 'resolution=merge-duplicates' },
    });
    expect(merged.status).toBe(201);
    const read = await rest(
      alice,
      'GET',
      `/desire_answers?select=choice,asker_id&message_id=eq.${desireId}`,
    );
    expect(read).toMatchObject({ status: 200, body: [{ choice: 'in', asker_id: alice.id }] });
  });

  it('refuses the sender, a stranger and a forged answerer by policy, and hides rows', async () => {
    for (const [user, answererId] of [
      [alice, alice.id],
      [carol, carol.id],
      [carol, bob.id],
    ] as const) {
      const refused = await rest(user, 'POST', '/desire_answers', {
        body: { message_id: desireId, answerer_id: answererId, choice: 'in' },
      });
      expect(refused).toMatchObject({ status: 403, body: { code: '42501' } });
    }
    const wrongAsker = await rest(bob, 'POST', '/desire_answers?on_conflict=message_id', {
      body: { message_id: desireId, answerer_id: bob.id, asker_id: carol.id, choice: 'later' },
      headers: { prefer: 'resolution=merge-duplicates' },
    });
    expect(wrongAsker).toMatchObject({ status: 403, body: { code: '42501' } });
    expect((await rest(carol, 'GET', '/desire_answers')).body).toEqual([]);
  });

  it('writes and reads the encrypted note columns; the merge keeps a note left out', async () => {
    const sealed = await encryptNote('from the supabase client', bob.id, alice.id);
    const data = { iv: sealed.iv, salt: sealed.salt, version: sealed.version };
    const upsert = (body: Record<string, unknown>) =>
      rest(bob, 'POST', '/desire_answers?on_conflict=message_id', {
        body: { message_id: desireId, answerer_id: bob.id, ...body },
        headers: { prefer: 'resolution=merge-duplicates' },
      });
    expect(
      (await upsert({ choice: 'in', note_encrypted: sealed.ciphertext, encryption_data: data }))
        .status,
    ).toBe(201);
    expect((await upsert({ choice: 'later' })).status).toBe(201);
    const read = await rest(
      alice,
      'GET',
      `/desire_answers?select=choice,note_encrypted,encryption_data&message_id=eq.${desireId}`,
    );
    expect(read.body).toEqual([
      { choice: 'later', note_encrypted: sealed.ciphertext, encryption_data: data },
    ]);
    for (const bad of [
      { note_encrypted: sealed.ciphertext },
      { note_encrypted: 'not base64!', encryption_data: data },
      { note_encrypted: null, encryption_data: data },
      { encryption_data: data },
    ]) {
      const refused = await upsert({ choice: 'in', ...bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await upsert({ choice: 'in', note_encrypted: null })).status).toBe(201);
    const removed = await rest(alice, 'GET', `/desire_answers?select=note_encrypted`);
    expect(removed.body).toEqual([{ note_encrypted: null }]);
  });

  it('answers through rpc/answer_desire with the service, and refuses bad arguments', async () => {
    const sealed = await encryptNote('by rpc', bob.id, alice.id);
    const data = { iv: sealed.iv, salt: sealed.salt, version: sealed.version };
    const call = (user: TestUser, body: Record<string, unknown>) =>
      rest(user, 'POST', '/rpc/answer_desire', { body });
    const answered = await call(bob, {
      p_message_id: desireId,
      p_choice: 'not_tonight',
      p_note_encrypted: sealed.ciphertext,
      p_encryption_data: data,
    });
    expect(answered).toMatchObject({
      status: 200,
      body: {
        success: true,
        answer: { message_id: desireId, choice: 'not_tonight', note_encrypted: sealed.ciphertext },
      },
    });
    const kept = await call(bob, { p_message_id: desireId, p_choice: 'in' });
    expect(kept.body).toMatchObject({
      answer: { choice: 'in', note_encrypted: sealed.ciphertext },
    });
    const removed = await call(bob, {
      p_message_id: desireId,
      p_choice: 'in',
      p_remove_note: true,
    });
    expect(removed.body).toMatchObject({ answer: { note_encrypted: null } });
    // The sender cannot answer their own desire: the function's own refusal, as 200.
    expect((await call(alice, { p_message_id: desireId, p_choice: 'in' })).body).toEqual({
      success: false,
      answer: null,
      error: 'Message not found',
    });
    for (const bad of [
      { p_message_id: desireId, p_choice: 'maybe' },
      { p_message_id: 'nope', p_choice: 'in' },
      { p_message_id: desireId, p_choice: 'in', p_encryption_data: data },
      { p_message_id: desireId, p_choice: 'in', p_note_encrypted: 'AAAA', p_remove_note: true },
      { p_message_id: desireId, p_choice: 'in', p_note_encrypted: 'AAAA' },
      { p_message_id: desireId, p_choice: 'in', extra: 1 },
    ]) {
      expect((await call(bob, bad)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses bad rows and unknown columns with 400', async () => {
    const bad = await rest(bob, 'POST', '/desire_answers', {
      body: { message_id: desireId, answerer_id: bob.id, choice: 'maybe' },
    });
    expect(bad.status).toBe(400);
    const extra = await rest(bob, 'POST', '/desire_answers', {
      body: { message_id: desireId, answerer_id: bob.id, choice: 'in', note: 'x' },
    });
    expect(extra.status).toBe(400);
    const column = await rest(bob, 'GET', '/desire_answers?select=secret');
    expect(column.status).toBe(400);
  });
});
