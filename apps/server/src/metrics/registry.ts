import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/index.js';
import type { DatabaseLoad } from '../db/load.js';
import { driverStatsOf } from '../db/stats.js';

export const METRICS_PREFIX = 'couple_';

/** Why a Web Push did not reach its push service (see push/sender.ts). */
export type WebPushFailure = 'gone' | 'rejected' | 'push_service_error' | 'network';

/** Why mini-app notification tokens were not notified (see farcaster/sender.ts). */
export type MiniAppFailure =
  'invalid_request' | 'refused' | 'bad_answer' | 'network' | 'invalid_token' | 'rate_limited';

/** Where a request was refused because the server shed load. */
export type ShedSurface = 'http' | 'live';

export interface BackupRecord {
  ok: boolean;
  finishedAt: Date;
}

/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Counters are moved by the code that knows the event; gauges read existing state when scraped.
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** A desire was committed (any surface); a retried id already stored is not counted again. */
  desireAccepted(): void;
  /** This instance wrote a desire to at least one of its receiver's live connections. */
  desireDelivered(): void;
  httpRequest(method: string, route: string, statusCode: number, seconds: number): void;
  loadShed(surface: ShedSurface): void;
  webPushSent(): void;
  webPushFailed(reason: WebPushFailure): void;
  miniAppNotificationsSent(tokens: number): void;
  miniAppNotificationsFailed(reason: MiniAppFailure, tokens: number): void;
  /** Called by the backup scheduler after each backup. */
  recordBackup(backup: BackupRecord): void;
  /** Live sockets connected to this instance, read at each scrape. */
  watchLiveSockets(read: () => number): void;
  /** Realtime (/realtime/v1) connections and joined channels on this instance. */
  watchRealtime(read: () => { connections: number; channels: number }): void;
}

export interface MetricsSources {
  /** The driver as opened (its pool or worker), before load tracking wraps it. */
  db: Database;
  load: DatabaseLoad;
  /** Process and event-loop defaults; off while nobody can read the metrics. */
  processDefaults: boolean;
}

function counter<L extends string = never>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: L[] = [],
): Counter<L> {
  return new Counter({ name: METRICS_PREFIX + name, help, labelNames, registers: [registry] });
}

function gauge(registry: Registry, name: string, help: string, read: () => number): Gauge {
  return new Gauge({
    name: METRICS_PREFIX + name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

function databaseGauges(registry: Registry, { db, load }: MetricsSources): void {
  gauge(registry, 'db_pending_operations', 'Database operations asked for and not finished.', () =>
    load.pending(),
  );
  gauge(
    registry,
    'db_oldest_operation_age_seconds',
    'How long the oldest unfinished database operation has waited or run.',
    () => load.oldestMs() / 1000,
  );
  const stats = driverStatsOf(db);
  if (stats.pool) {
    new Gauge({
      name: `${METRICS_PREFIX}db_pool_connections`,
      help: 'PostgreSQL connections of this instance, by state (in_use, idle).',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = driverStatsOf(db).pool;
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    gauge(
      registry,
      'db_pool_waiting_requests',
      'Queries and transactions waiting for a free PostgreSQL connection.',
      () => driverStatsOf(db).pool?.waiting ?? 0,
    );
  }
  if (stats.workerPending !== undefined) {
    gauge(
      registry,
      'pglite_worker_pending_requests',
      "Requests sent to PGlite's worker thread and not answered yet.",
      () => driverStatsOf(db).workerPending ?? 0,
    );
  }
}

/** Requests by route and status, desires accepted and delivered, refusals of shed load. */
function trafficMetrics(
  registry: Registry,
): Pick<AppMetrics, 'httpRequest' | 'desireAccepted' | 'desireDelivered' | 'loadShed'> {
  const httpDuration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status, and how long they took.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const accepted = counter(registry, 'desires_accepted_total', 'Desires committed.');
  const delivered = counter(
    registry,
    'desires_delivered_total',
    "Desires this instance wrote to at least one of the receiver's live connections.",
  );
  const shed = counter(
    registry,
    'load_shed_refusals_total',
    'Requests and live-channel events refused with server_busy, by surface.',
    ['surface'],
  );
  return {
    httpRequest(method, route, statusCode, seconds) {
      httpDuration.observe({ method, route, status_code: statusCode }, seconds);
    },
    desireAccepted: () => accepted.inc(),
    desireDelivered: () => delivered.inc(),
    loadShed: (surface) => shed.inc({ surface }),
  };
}

/** Web Pushes and mini-app notifications, sent or failed by reason. */
function notificationMetrics(
  registry: Registry,
): Pick<
  AppMetrics,
  'webPushSent' | 'webPushFailed' | 'miniAppNotificationsSent' | 'miniAppNotificationsFailed'
> {
  const pushSent = counter(registry, 'web_push_sent_total', 'Web Pushes a push service accepted.');
  const pushFailed = counter(
    registry,
    'web_push_failed_total',
    'Web Pushes not accepted, by reason.',
    ['reason'],
  );
  const miniAppSent = counter(
    registry,
    'miniapp_notifications_sent_total',
    'Mini-app notification tokens a Farcaster client accepted a notification for.',
  );
  const miniAppFailed = counter(
    registry,
    'miniapp_notifications_failed_total',
    'Mini-app notification tokens not notified, by reason.',
    ['reason'],
  );
  return {
    webPushSent: () => pushSent.inc(),
    webPushFailed: (reason) => pushFailed.inc({ reason }),
    miniAppNotificationsSent: (tokens) => miniAppSent.inc(tokens),
    miniAppNotificationsFailed: (reason, tokens) => miniAppFailed.inc({ reason }, tokens),
  };
}

function backupMetrics(registry: Registry): Pick<AppMetrics, 'recordBackup'> {
  const lastBackup = new Gauge({
    name: `${METRICS_PREFIX}backup_last_success_timestamp_seconds`,
    help: 'When the last successful backup finished (Unix time); 0 before the first.',
    registers: [registry],
  });
  const backupFailures = counter(registry, 'backup_failures_total', 'Backups that failed.');
  return {
    recordBackup({ ok, finishedAt }) {
      if (ok) lastBackup.set(finishedAt.getTime() / 1000);
      else backupFailures.inc();
    },
  };
}

/** Live-channel sockets and realtime connections and channels, read from their servers. */
function connectionGauges(
  registry: Registry,
): Pick<AppMetrics, 'watchLiveSockets' | 'watchRealtime'> {
  let liveSockets = () => 0;
  gauge(registry, 'live_sockets', 'Live-channel (socket.io) connections to this instance.', () =>
    liveSockets(),
  );
  let realtime = () => ({ connections: 0, channels: 0 });
  gauge(
    registry,
    'realtime_connections',
    'Realtime WebSocket connections to this instance.',
    () => realtime().connections,
  );
  gauge(
    registry,
    'realtime_channels',
    'Realtime channels joined on this instance.',
    () => realtime().channels,
  );
  return {
    watchLiveSockets: (read) => void (liveSockets = read),
    watchRealtime: (read) => void (realtime = read),
  };
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  if (sources.processDefaults)
    collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });
  // Registered in this order, which is the order a scrape lists them in.
  const metrics: AppMetrics = {
    registry,
    ...trafficMetrics(registry),
    ...notificationMetrics(registry),
    ...backupMetrics(registry),
    ...connectionGauges(registry),
  };
  databaseGauges(registry, sources);
  return metrics;
}
