import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpInbox } from '../apps/server/test/helpers/smtp-inbox.js';
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
  // The server mails over real SMTP to a receiver of ours, which files each message for the tests.
  const mailDir = await mkdtemp(join(tmpdir(), 'couple-e2e-mail-'));
  const inbox = await startSmtpInbox({ dir: mailDir });
  const server = await startServer(database?.url, { SMTP_URL: inbox.url });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  if (database) process.env.E2E_DATABASE_URL = database.url;
  else delete process.env.E2E_DATABASE_URL;
  return async () => {
    await server.stop();
    await inbox.close();
    await rm(mailDir, { recursive: true, force: true });
    await database?.drop();
  };
}
