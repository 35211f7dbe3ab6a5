import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, pair, type TestUser } from './helpers/api.js';
import { selectVisibleRows } from '../src/realtime/repository.js';

const NO_USER = '00000000-0000-0000-0000-000000000000';

/** realtime_visible_rows (migration 020): each subscriber sees the row as its own RLS shows it. */
describe.each(DRIVERS)('realtime_visible_rows (%s)', (driver) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let connectionId: string;

  const visible = (table: 'profiles' | 'partner_connections', id: string, users: TestUser[]) =>
    server.database.db.asUser(NO_USER, (tx) =>
      selectVisibleRows(
        tx,
        table,
        id,
        users.map((user) => user.id),
      ),
    );

  beforeAll(async () => {
    server = await startTestServer(driver);
    [alice, bob, carol] = [
      await createUser(server.url),
      await createUser(server.url),
      await createUser(server.url),
    ];
    await pair(server.url, alice, bob);
    const { rows } = await server.database.db.asUser(alice.id, (tx) =>
      tx.query<{ id: string }>('SELECT id FROM partner_connections'),
    );
    connectionId = rows[0]!.id;
  });
  afterAll(() => server.close());

  it('shows a connection to its two users only', async () => {
    const rows = await visible('partner_connections', connectionId, [alice, bob, carol]);
    expect([...rows.keys()].sort()).toEqual([alice.id, bob.id].sort());
    expect(rows.get(alice.id)).toMatchObject({ user1_id: alice.id, user2_id: bob.id });
  });

  it("shows a profile to its owner only, with that owner's partner status", async () => {
    const rows = await visible('profiles', alice.id, [alice, bob, carol]);
    expect([...rows.keys()]).toEqual([alice.id]);
    expect(rows.get(alice.id)).toMatchObject({
      id: alice.id,
      partner_id: bob.id,
      partner_status: 'accepted',
    });
    expect(Object.keys(rows.get(alice.id)!).sort()).toEqual(
      [
        'auth_method',
        'created_at',
        'farcaster_id',
        'farcaster_username',
        'id',
        'partner_id',
        'partner_status',
        'updated_at',
        'username',
      ].sort(),
    );
  });

  it('refuses a table it does not publish, and leaves no user scope behind', async () => {
    await expect(
      server.database.db.asUser(NO_USER, (tx) =>
        tx.query(`SELECT * FROM realtime_visible_rows('refresh_tokens', $1, $2::uuid[])`, [
          alice.id,
          [alice.id],
        ]),
      ),
    ).rejects.toThrow(/not a published table/);
    const { rows } = await server.database.db.asUser(NO_USER, async (tx) => {
      await tx.query(`SELECT * FROM realtime_visible_rows('profiles', $1, $2::uuid[])`, [
        alice.id,
        [alice.id],
      ]);
      return tx.query<{ me: string | null }>('SELECT app_current_user_id() AS me');
    });
    expect(rows[0]!.me).toBeNull();
  });
});
