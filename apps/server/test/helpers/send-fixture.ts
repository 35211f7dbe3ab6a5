import type { Database } from '../../src/db/index.js';
import { createUser, pair, type TestUser } from './api.js';
import { openSingleConnection, type Driver } from './database.js';
import { startTestServer, type TestServer } from './server.js';

/** A running server with two couples (alice + bob, carol + dave) and one connection of its own. */
export interface TwoCouples {
  server: TestServer;
  /** one connection to the server's database, so what a call leaves on it can be seen */
  single: Database;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  dave: TestUser;
  close(): Promise<void>;
}

export async function startWithTwoCouples(driver: Driver): Promise<TwoCouples> {
  const server = await startTestServer(driver);
  const { db: single, close: closeSingle } = await openSingleConnection(driver, server.database);
  const [alice, bob, carol, dave] = (await Promise.all(
    Array.from({ length: 4 }, () => createUser(server.url)),
  )) as [TestUser, TestUser, TestUser, TestUser];
  await pair(server.url, alice, bob);
  await pair(server.url, carol, dave);
  const close = async () => {
    await closeSingle();
    await server.close();
  };
  return { server, single, alice, bob, carol, dave, close };
}

/** The connection's role and user scope (app.user_id), as left by the last statement. */
export async function connectionScope(
  db: Database,
): Promise<{ role: string; scope: string | null }> {
  const { rows } = await db.query<{ role: string; scope: string | null }>(
    "SELECT current_user AS role, nullif(current_setting('app.user_id', true), '') AS scope",
  );
  return rows[0]!;
}

/** Runs fn while app_user may not insert desires, then gives the grant of migration 002 back. */
export async function withoutInsertGrant(db: Database, fn: () => Promise<void>): Promise<void> {
  await db.exec('REVOKE INSERT ON messages FROM app_user');
  try {
    await fn();
  } finally {
    await db.exec(`GRANT INSERT (id, sender_id, receiver_id, intensity, urgency, encrypted,
      note, note_encrypted, encryption_data) ON messages TO app_user`);
  }
}
