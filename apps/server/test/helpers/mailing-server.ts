import type { Driver } from './database.js';
import { startTestServer, type TestServer } from './server.js';
import { startSmtpInbox, type SmtpInbox } from './smtp-inbox.js';

/** The PUBLIC_URL of a mailing test server: links in its mails point there. */
export const SITE = 'http://app.test';

/** The test server mailing over real SMTP to an inbox of the test's own; links go to SITE. */
export async function startMailingServer(
  driver: Driver,
  env: Record<string, string> = {},
): Promise<{ server: TestServer; inbox: SmtpInbox; close(): Promise<void> }> {
  const inbox = await startSmtpInbox();
  const server = await startTestServer(driver, {
    smtp: true,
    env: { SMTP_URL: inbox.url, PUBLIC_URL: SITE, ...env },
  });
  return {
    server,
    inbox,
    async close() {
      await server.close();
      await inbox.close();
    },
  };
}
