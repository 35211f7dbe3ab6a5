import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext, Clock } from './context.js';
import type { Database } from './db/index.js';
import { DomainEvents } from './events.js';
import { createBackgroundWork } from './background/background-work.js';
import { createMailer, type Mailer } from './auth/mailer.js';
import { createTokenService } from './auth/tokens.js';
import { createSessionCheck } from './auth/session-check.js';
import { createActionLimits } from './abuse/action-limits.js';
import { trackDatabaseLoad } from './db/load.js';
import { overloadCheck } from './http/load-shedding.js';
import { watchEventLoopLag } from './http/event-loop-lag.js';
import { createMetrics } from './metrics/registry.js';
import { metricsReadable } from './metrics/config.js';
import { openSendBatcher } from './messages/app-send-batcher.js';

export interface ContextParts {
  config: Config;
  db: Database;
  jwtSecret: string;
  /** The shared client of the limits (redis/shared-client.ts), when REDIS_URL is set. */
  redis?: Redis;
  mailer?: Mailer;
  clock?: Clock;
}

/**
 * The AppContext of one app. What it starts stops with the app: the send batcher (its own
 * preClose hook), the event-loop watch, and the background work, which is waited for. Its
 * onClose hook is registered before the listeners' (app.ts), and onClose hooks run newest first:
 * the listeners that start background work have stopped when it is waited for.
 */
export function createAppContext(app: FastifyInstance, parts: ContextParts): AppContext {
  const { config } = parts;
  const { db, load } = trackDatabaseLoad(parts.db);
  const loopLag = watchEventLoopLag();
  const background = createBackgroundWork();
  const metrics = createMetrics({ db: parts.db, load, processDefaults: metricsReadable(config) });
  // The session check's cache ages by the same clock, so a test can expire it without waiting.
  const clock = parts.clock ?? { now: () => Date.now() };
  // Building and starting the app stalls the loop as no request does; counted as lag, it made
  // the server shed the first requests after it had started listening (a reconnecting crowd
  // after a restart). The watch counts from the moment the server listens.
  app.addHook('onListen', () => loopLag.restart());
  app.addHook('onClose', async () => {
    loopLag.stop();
    await background.settle();
  });
  return {
    config,
    db,
    tokens: createTokenService(parts.jwtSecret),
    sessions: createSessionCheck(db, () => clock.now()),
    mailer: parts.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM, app.log),
    events: new DomainEvents(),
    limits: createActionLimits(config, parts.redis),
    log: app.log,
    background,
    clock,
    load,
    overloaded: overloadCheck(load, loopLag, config),
    metrics,
    sendBatcher: openSendBatcher(app, db, config),
  };
}
