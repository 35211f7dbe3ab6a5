import type { Database } from '../../src/db/index.js';
import { createTestDatabase } from './database.js';
import { startTestServer, type TestServer } from './server.js';

export interface TwoInstances {
  first: TestServer;
  second: TestServer;
  /** Stops both servers, then drops their database. */
  close(): Promise<void>;
}

/**
 * Two server instances on one fresh PostgreSQL database, sharing the Redis at redisUrl (the
 * scale-out tests; they need TEST_DATABASE_URL and TEST_REDIS_URL). `secondDb` wraps the
 * database the second instance sees (to hold back some of its answers).
 */
export async function startTwoInstances(
  redisUrl: string,
  env: Record<string, string> = {},
  { secondDb }: { secondDb?: (db: Database) => Database } = {},
): Promise<TwoInstances> {
  const database = await createTestDatabase('postgres');
  const shared = { REDIS_URL: redisUrl, ...env };
  const started: TestServer[] = [];
  try {
    started.push(await startTestServer('postgres', { database, env: shared }));
    const second = secondDb ? { ...database, db: secondDb(database.db) } : database;
    started.push(await startTestServer('postgres', { database: second, env: shared }));
  } catch (error) {
    for (const server of started) await server.close();
    await database.drop();
    throw error;
  }
  const [first, second] = started as [TestServer, TestServer];
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}
