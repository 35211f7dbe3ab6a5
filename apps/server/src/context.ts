import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import type { DatabaseLoad } from './db/load.js';
import type { TokenService } from './auth/tokens.js';
import type { SessionCheck } from './auth/session-check.js';
import type { Mailer } from './auth/mailer.js';
import type { DomainEvents } from './events.js';
import type { ActionLimits } from './abuse/action-limits.js';
import type { BackgroundWork } from './background/background-work.js';
import type { AppMetrics } from './metrics/registry.js';
import type { SendBatcher } from './messages/send-batcher.js';

/** Everything a service needs, built once at start-up and handed to each route plugin. */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  sessions: SessionCheck;
  mailer: Mailer;
  events: DomainEvents;
  limits: ActionLimits;
  log: FastifyBaseLogger;
  /** Work a request starts and does not wait for (mail whose timing must not tell anything). */
  background: BackgroundWork;
  /** The time of day rules (quiet hours) read; tests set it. */
  clock: Clock;
  /** The database's backlog (db/load.ts). */
  load: DatabaseLoad;
  /** Whether the database is so far behind that new work is refused (http/load-shedding.ts). */
  overloaded: () => boolean;
  /** Prometheus metrics (metrics/registry.ts); counted always, readable only when configured. */
  metrics: AppMetrics;
  /** Stores every desire of this app, grouped (messages/app-send-batcher.ts); closed with it. */
  sendBatcher: SendBatcher;
}

export interface Clock {
  now(): number;
}
