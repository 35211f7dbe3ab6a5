import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkOnNewDevice, type AccountData } from '@couple/protocol';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { publishKey } from './helpers/keys.js';
import { browserSubscription } from './helpers/rest-fixtures.js';
import { fakeBackupContent, wishApi } from './helpers/wishes.js';

/** Each table that holds rows about a person, and the part of the export that shows them. */
const EXPORTED: Record<string, (keyof AccountData)[]> = {
  users: ['profile'],
  profiles: ['profile'],
  auth_sessions: ['sessions'],
  partner_connections: ['pairings'],
  pairing_codes: ['pairing_codes'],
  messages: ['sent', 'received'],
  desire_answers: ['answers'],
  identity_keys: ['identity_keys'],
  device_links: ['device_links'],
  push_subscriptions: ['push_subscription'],
  notification_tokens: ['notification_links'],
  quiet_hours: ['quiet_hours'],
  thoughts: ['thoughts'],
  debug_logs: ['debug_logs'],
  email_confirmations: ['email_links'],
  password_resets: ['email_links'],
  email_changes: ['email_links'],
  wish_items: ['wishes'],
  wish_rounds: ['wishes'],
  wish_match_sets: ['wishes'],
  wish_backups: ['wishes'],
};

/** Tables about a person the export leaves out, and why. */
const LEFT_OUT: Record<string, string> = {
  refresh_tokens: 'hashes of a session’s tokens only: secrets; the session itself is exported',
  wish_round_ids: 'random ids of the couple’s rounds, naming nothing; the open rounds are exported',
};

const SECRETS = {
  pushAuth: '',
  pushKey: '',
  notificationToken: `token-${randomBytes(8).toString('hex')}`,
  linkHash: `hash-${randomBytes(8).toString('hex')}`,
};

/**
 * The tables that point at a person (a foreign key to users, profiles or a session) or have a
 * user_id or owner_id column, read from the catalog: a new table shows up here by itself.
 */
async function tablesAboutPeople(server: TestServer): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ table_name: string }>(
    `SELECT c.conrelid::regclass::text AS table_name FROM pg_constraint c
     WHERE c.contype = 'f'
       AND c.confrelid IN ('users'::regclass, 'profiles'::regclass, 'auth_sessions'::regclass)
     UNION
     SELECT table_name::text FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name IN ('user_id', 'owner_id')
     UNION SELECT 'users'
     ORDER BY 1`,
  );
  return rows.map((row) => row.table_name);
}

describe.each(DRIVERS)('the export covers every table about the person (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob] = await Promise.all([createUser(server.url), createUser(server.url)]);
    await pair(server.url, alice, bob);
    const call = (method: string, path: string, user: TestUser, body?: unknown) =>
      request(server.url, method, path, { token: user.token, body });
    const sent = await call('POST', '/api/messages', alice, desire());
    await call('POST', '/api/messages', bob, desire());
    const received = await call('POST', '/api/messages', bob, desire());
    await call('PUT', `/api/messages/${received.body.message!.id}/answer`, alice, {
      choice: 'later',
    });
    expect(sent.status).toBe(201);
    const [aliceKey, bobKey] = [
      await publishKey(server.url, alice),
      await publishKey(server.url, bob),
    ];
    // A custom wish, a closed round (both match lists) and an open one.
    const wishes = wishApi(server.url);
    const [a, b] = [
      { user: alice, key: aliceKey },
      { user: bob, key: bobKey },
    ];
    expect((await wishes.propose(a, b)).status).toBe(201);
    const closed = (await wishes.start(a, b)).body.id as string;
    await wishes.reply(b, a, closed);
    await wishes.finish(a, b, closed);
    expect((await wishes.complete(b, a, closed)).status).toBe(204);
    expect((await wishes.start(b, a)).status).toBe(201);
    const backup = { content: fakeBackupContent(), key_id: aliceKey.key_id, expected_version: 0 };
    expect((await wishes.putBackup(alice, backup)).status).toBe(200);
    const subscription = browserSubscription('https://push.example.com/send/alice');
    SECRETS.pushAuth = subscription.keys.auth;
    SECRETS.pushKey = subscription.keys.p256dh;
    await call('PUT', '/api/push/subscription', alice, subscription);
    await call('PUT', '/api/profile/quiet-hours', alice, {
      start: '22:00',
      end: '07:00',
      time_zone: 'Europe/Paris',
    });
    expect((await call('POST', '/api/thoughts', bob)).status).toBe(201);
    await call('POST', '/api/debug/logs', alice, {
      function_name: 'CLIENT_ERROR_export',
      error_message: 'for the export',
    });
    const link = await startLinkOnNewDevice();
    const linkRequest = await call('POST', '/api/keys/links', alice, {
      commitment: link.commitment,
    });
    expect(linkRequest.status).toBe(201);
    // What only sign-in flows or a mini-app would write, written as they would.
    const owner = server.ctx.db;
    await owner.query(
      `INSERT INTO notification_tokens (user_id, platform, token, url)
       VALUES ($1, 'farcaster', $2, 'https://client.example.com/notify')`,
      [alice.id, SECRETS.notificationToken],
    );
    for (const [table, extra] of [
      ['email_confirmations', ''],
      ['password_resets', ''],
      ['email_changes', 'new'],
    ] as const) {
      const columns = extra ? ', new_email' : '';
      const values = extra ? ", 'new-alice@example.com'" : '';
      await owner.query(
        `INSERT INTO ${table} (token_hash, user_id, expires_at${columns})
         VALUES ($1, $2, now() + interval '1 hour'${values})`,
        [`${SECRETS.linkHash}-${table}`, alice.id],
      );
    }
  });
  afterAll(() => server?.close());

  it('names every such table in the catalog as exported or left out with a reason', async () => {
    const tables = await tablesAboutPeople(server);
    const named = [...Object.keys(EXPORTED), ...Object.keys(LEFT_OUT)].sort();
    expect(tables).toEqual(named);
  });

  it('answers a row of each exported table, and none of the secrets', async () => {
    const answer = await request<AccountData>(server.url, 'GET', '/api/account/export', {
      token: alice.token,
    });
    expect(answer.status).toBe(200);
    const data = answer.body;
    for (const [table, parts] of Object.entries(EXPORTED)) {
      for (const part of parts) {
        const value: unknown = data[part];
        const held = Array.isArray(value)
          ? value.length > 0
          : value !== undefined && value !== null;
        expect(held, `${table} in ${part}`).toBe(true);
      }
    }
    // One object holds the four wish tables: each must have given its row.
    expect(data.wishes.items).toHaveLength(1);
    expect(data.wishes.rounds).toHaveLength(1);
    expect(data.wishes.matches).not.toBeNull();
    expect(data.wishes.backup).toMatchObject({ version: 1 });
    expect(data.push_subscription?.endpoint).toBe('https://push.example.com/send/alice');
    expect(data.email_links).toContainEqual(
      expect.objectContaining({ kind: 'email_change', new_email: 'new-alice@example.com' }),
    );
    const text = JSON.stringify(data);
    for (const secret of [...Object.values(SECRETS), 'password_hash', 'token_hash']) {
      expect(text).not.toContain(secret);
    }
    const { rows } = await server.ctx.db.query<{ token_hash: string }>(
      `SELECT r.token_hash FROM refresh_tokens r JOIN auth_sessions s ON s.id = r.session_id
       WHERE s.user_id = $1`,
      [alice.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { token_hash } of rows) expect(text).not.toContain(token_hash);
  });
});
