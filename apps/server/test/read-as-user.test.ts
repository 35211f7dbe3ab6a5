import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/index.js';
import {
  createTestDatabase,
  DRIVERS,
  openSingleConnection,
  type TestDatabase,
} from './helpers/database.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { createUser, type TestUser } from './helpers/api.js';

/**
 * Database.readAsUser: one round trip on PostgreSQL (the scope and the read as one simple query),
 * under the user's row-level security, leaving nothing behind on the pooled connection.
 */
describe.each(DRIVERS)('readAsUser (%s)', (driver) => {
  let database: TestDatabase;
  let server: TestServer;
  let single: { db: Database; close(): Promise<void> };
  let alice: TestUser;
  let bob: TestUser;

  const leftBehind = async () =>
    (
      await single.db.query<{ uid: string | null; role: string }>(
        `SELECT nullif(current_setting('app.user_id', true), '') AS uid, current_user AS role`,
      )
    ).rows[0];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    server = await startTestServer(driver, { database });
    [alice, bob] = [await createUser(server.url), await createUser(server.url)];
    single = await openSingleConnection(driver, database);
  });
  afterAll(async () => {
    await single?.close();
    await server?.close();
    await database?.drop();
  });

  it('reads only what the user may see, and leaves no scope on the connection', async () => {
    const owner = (await leftBehind())!.role;
    const rows = await single.db.readAsUser<{ id: string }>(alice.id, 'SELECT id FROM profiles');
    expect(rows).toEqual([{ id: alice.id }]);
    expect(await leftBehind()).toEqual({ uid: null, role: owner });
    expect(await single.db.readAsUser(bob.id, 'SELECT id FROM profiles')).toEqual([{ id: bob.id }]);
  });

  it('leaves no scope behind a failed read either', async () => {
    const owner = (await leftBehind())!.role;
    await expect(single.db.readAsUser(alice.id, 'SELECT * FROM no_such_table')).rejects.toThrow();
    expect(await leftBehind()).toEqual({ uid: null, role: owner });
    // Tables the role may not read stay closed to it.
    await expect(single.db.readAsUser(alice.id, 'SELECT * FROM refresh_tokens')).rejects.toThrow(
      /permission denied/,
    );
    expect(await leftBehind()).toEqual({ uid: null, role: owner });
  });

  it('refuses a user id that is not a UUID before sending anything', async () => {
    await expect(single.db.readAsUser("x'; DROP TABLE profiles; --", 'SELECT 1')).rejects.toThrow(
      /not a UUID/,
    );
  });
});
