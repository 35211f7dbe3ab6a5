import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { createDatabase } from './support/database.js';
import { ROOT, startServer } from './support/server.js';

/**
 * Starts one real server for the whole run (the e2e script built apps/web/dist just before).
 * PGlite in a temp directory by default; with TEST_DATABASE_URL (CI), a fresh PostgreSQL
 * database instead, which also lets a test move a pairing code's expiry into the past.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await access(join(ROOT, 'apps/web/dist/index.html')).catch(() => {
    throw new Error('apps/web/dist is missing: run `npm run build -w @couple/web` first');
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createDatabase(adminUrl) : null;
  const server = await startServer(database?.url);
  process.env.E2E_BASE_URL = server.baseUrl;
  if (database) process.env.E2E_DATABASE_URL = database.url;
  else delete process.env.E2E_DATABASE_URL;
  return async () => {
    await server.stop();
    await database?.drop();
  };
}
