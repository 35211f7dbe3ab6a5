import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuietWindow } from '@couple/protocol';
import type { SqlParam } from '../src/db/types.js';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { browserSubscription } from './helpers/rest-fixtures.js';

interface Targets {
  unread_count: number;
  push_subscription: { endpoint: string } | null;
  farcaster_tokens: { token: string; url: string }[];
  quiet_hours: QuietWindow | null;
  locale: string | null;
}

describe.each(DRIVERS)('what a send reads about its receiver (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let mallory: TestUser;
  const selectAs = async (user: TestUser, call: string, params: SqlParam[] = []) =>
    server.database.db.asUser(user.id, async (tx) => {
      const { rows } = await tx.query<{ targets: Targets | null }>(
        `SELECT ${call} AS targets`,
        params,
      );
      return rows[0]!.targets;
    });
  const targetsOf = async (user: TestUser) => (await selectAs(user, 'partner_delivery_targets()'))!;
  const targetsOfPerson = (caller: TestUser, person: TestUser | null) =>
    selectAs(caller, 'delivery_targets_of($1)', [person?.id ?? null]);

  const BOB_QUIET = { start: '23:00', end: '06:30', time_zone: 'Europe/Lisbon' };

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, mallory] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    await request(server.url, 'PUT', '/api/push/subscription', {
      token: bob.token,
      body: browserSubscription(),
    });
    await server.database.db.asUser(bob.id, (tx) =>
      tx.query(
        "SELECT store_notification_token('farcaster', 'bob-token', 'https://notify.example.com/x')",
      ),
    );
    await request(server.url, 'PUT', '/api/profile/quiet-hours', {
      token: bob.token,
      body: BOB_QUIET,
    });
    await request(server.url, 'POST', '/api/messages', { token: alice.token, body: desire() });
  });
  afterAll(() => server.close());

  it("gives the sender's transaction the partner's unread count, push subscription and tokens", async () => {
    const targets = await targetsOf(alice);
    expect(targets.unread_count).toBe(1);
    expect(targets.push_subscription?.endpoint).toBe('https://push.example.test/send/abc');
    expect(targets.farcaster_tokens).toEqual([
      { token: 'bob-token', url: 'https://notify.example.com/x' },
    ]);
    expect(targets.quiet_hours).toEqual(BOB_QUIET);
    expect(targets.locale).toBeNull();
    await request(server.url, 'PUT', '/api/profile/locale', {
      token: bob.token,
      body: { locale: 'es' },
    });
    expect((await targetsOf(alice)).locale).toBe('es');
  });

  it('gives nothing to someone without a partner, whoever else exists', async () => {
    expect(await targetsOf(mallory)).toEqual({
      unread_count: 0,
      unread_thoughts: 0,
      push_subscription: null,
      farcaster_tokens: [],
      quiet_hours: null,
      locale: null,
    });
  });

  it('gives a service the facts of the caller and the partner only (delivery_targets_of)', async () => {
    expect(await targetsOfPerson(alice, bob)).toEqual(await targetsOf(alice));
    expect(await targetsOfPerson(bob, bob)).toEqual(await targetsOf(alice));
    expect(await targetsOfPerson(bob, alice)).toMatchObject({ unread_count: 0, quiet_hours: null });
    expect(await targetsOfPerson(alice, mallory)).toBeNull();
    expect(await targetsOfPerson(mallory, bob)).toBeNull();
    expect(await targetsOfPerson(alice, null)).toBeNull();
    // The unchecked reader under both is the owner's alone.
    await expect(selectAs(mallory, 'app_delivery_targets($1)', [bob.id])).rejects.toThrow(
      /permission denied/,
    );
  });

  it('follows the pairing: after a disconnect the former partner is out of reach', async () => {
    await request(server.url, 'POST', '/api/partner/disconnect', { token: bob.token });
    expect(await targetsOfPerson(alice, bob)).toBeNull();
    expect(await targetsOfPerson(bob, alice)).toBeNull();
    expect(await targetsOf(alice)).toEqual({
      unread_count: 0,
      unread_thoughts: 0,
      push_subscription: null,
      farcaster_tokens: [],
      quiet_hours: null,
      locale: null,
    });
  });
});
