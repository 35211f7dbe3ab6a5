import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ERRORS, RETRY_AFTER_SECONDS, SERVER_TEXTS, type ErrorCode } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { contractRoute } from '../http/contract-route.js';
import { MIGRATIONS_DIR, migrationFiles } from '../db/migrate.js';

/** A database slower than this to answer `SELECT 1` is as good as away for a readiness probe. */
export const READY_DATABASE_TIMEOUT_MS = 2_000;

class NotReady extends Error {
  constructor(
    readonly status: 'unavailable' | 'busy' | 'shutting_down',
    readonly code: ErrorCode,
    text: string,
  ) {
    super(text);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether the database has this build's newest migration. Migrations run before the server
 * listens, so once seen it stays true: it is asked until then, never after.
 */
function migrationsCheck(ctx: AppContext, dir: string): () => Promise<boolean> {
  let done = false;
  return async () => {
    if (done) return true;
    const newest = (await migrationFiles(dir)).at(-1);
    if (newest === undefined) return (done = true);
    const { rows } = await ctx.db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
      newest,
    ]);
    return (done = rows.length > 0);
  };
}

function refuse(reply: FastifyReply, notReady: NotReady): FastifyReply {
  const { status, code, message } = notReady;
  // Shedding and shutting down pass: a probe may ask again in a second.
  if (status !== 'unavailable') void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(ERRORS[code].status).send({ status, error: message, code });
}

/**
 * GET /api/ready, the readiness probe: 200 only while the database answers and has every
 * migration, and the server neither sheds load nor shuts down. GET /api/health stays liveness.
 */
export const readyRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  /** Draining or closing (http/closing.ts). */
  leaving: () => boolean;
  migrationsDir?: string;
}> = async (app, { ctx, leaving, migrationsDir = MIGRATIONS_DIR }) => {
  const migrated = migrationsCheck(ctx, migrationsDir);

  async function check(): Promise<void> {
    if (leaving())
      throw new NotReady('shutting_down', 'service_unavailable', SERVER_TEXTS.shuttingDown);
    if (ctx.overloaded()) throw new NotReady('busy', 'server_busy', SERVER_TEXTS.serverBusy);
    const unreachable = () =>
      new NotReady('unavailable', 'service_unavailable', SERVER_TEXTS.databaseUnreachable);
    const answered = await withTimeout(
      ctx.db.query('SELECT 1').then(migrated),
      READY_DATABASE_TIMEOUT_MS,
    ).catch(() => {
      throw unreachable();
    });
    if (!answered) {
      throw new NotReady('unavailable', 'service_unavailable', SERVER_TEXTS.migrationsPending);
    }
  }

  contractRoute(app, ctx.config, 'ready', async ({ reply }) => {
    try {
      await check();
    } catch (error) {
      if (error instanceof NotReady) return refuse(reply, error);
      throw error;
    }
    return { status: 'ready', database: ctx.db.driver };
  });
};
