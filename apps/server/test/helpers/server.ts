import type { Agent as HttpsAgent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { buildApp, type BuildOptions } from '../../src/app.js';
import type { AppContext } from '../../src/context.js';
import type { WayDown } from '../../src/http/closing.js';
import type { Mailer } from '../../src/auth/mailer.js';
import { createTestDatabase, type Driver, type TestDatabase } from './database.js';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's drain and close (main.ts starts the drain on SIGTERM). */
  wayDown: WayDown;
  database: TestDatabase;
  /** Captured mail (none when the server sends through SMTP_URL: see `smtp`). */
  mail: CapturedMail[];
  close(): Promise<void>;
}

export interface CapturedMail {
  kind: 'confirmation' | 'passwordReset' | 'emailChange' | 'emailChangeNotice';
  to: string;
  /** The mail's link; for the notice to an old address, the new address. */
  link: string;
}

export interface TestServerOptions {
  /** Send mail as configured (SMTP_URL in env) instead of capturing it. */
  smtp?: boolean;
  env?: Record<string, string>;
  database?: TestDatabase;
  /** Handed to buildApp: the https agent Web Push requests use (push tests trust their fake). */
  pushAgent?: HttpsAgent;
  /** Handed to buildApp: a test that reads the log passes one writing to its own stream. */
  logger?: BuildOptions['logger'];
  /** What "now" is for quiet hours (a controlled clock). */
  clock?: BuildOptions['clock'];
  /** Runs between building the app and listening: start-up work, for a test of start-up. */
  beforeListen?: () => void;
}

/** The real server on an ephemeral port over a fresh database; mail is captured, not sent. */
export async function startTestServer(
  driver: Driver,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(driver));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_REFRESH_PER_MINUTE: '1000',
    RATE_LIMIT_PAIRING_PER_MINUTE: '1000',
    RATE_LIMIT_DESIRES_PER_MINUTE: '100000',
    // A test machine under load stalls now and then; shedding by the event loop is tested on
    // purpose (load-shedding.test.ts), never by accident.
    LOAD_SHED_LOOP_MS: '5000',
    ...options.env,
  });
  const mail: TestServer['mail'] = [];
  const mailer: Mailer = {
    sendConfirmation: async (to, link) => void mail.push({ kind: 'confirmation', to, link }),
    sendPasswordReset: async (to, link) => void mail.push({ kind: 'passwordReset', to, link }),
    sendEmailChange: async (to, link) => void mail.push({ kind: 'emailChange', to, link }),
    sendEmailChangeNotice: async (to, newEmail) =>
      void mail.push({ kind: 'emailChangeNotice', to, link: newEmail }),
  };
  const { app, ctx, wayDown } = await buildApp({
    config,
    db: database.db,
    logger: options.logger ?? false,
    mailer: options.smtp ? undefined : mailer,
    pushAgent: options.pushAgent,
    clock: options.clock,
  });
  options.beforeListen?.();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    ctx,
    wayDown,
    database,
    mail,
    async close() {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
