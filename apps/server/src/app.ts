import type { Agent as HttpsAgent } from 'node:https';
import type { Redis } from 'ioredis';
import type { Server as SocketServer } from 'socket.io';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_PREFIX } from '@couple/protocol';
import type { Config } from './config.js';
import type { AppContext, Clock } from './context.js';
import type { Database } from './db/index.js';
import type { ListenerModule } from './events.js';
import type { Mailer } from './auth/mailer.js';
import { loadAppSecrets } from './auth/secrets.js';
import { registerAuthentication } from './auth/guard.js';
import { registerErrorHandling } from './http/errors.js';
import { assertAcceptableInput } from './http/validate.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerOperations } from './http/operations.js';
import { fastifyTrustProxy } from './config-proxy.js';
import { authRoutes } from './auth/routes.js';
import { credentialRoutes } from './auth/credential-routes.js';
import { profileRoutes } from './profile/routes.js';
import { partnerRoutes } from './partner/routes.js';
import { messageRoutes } from './messages/routes.js';
import { keyRoutes } from './keys/routes.js';
import { answerRoutes } from './answers/routes.js';
import { quietHoursRoutes } from './quiet/routes.js';
import { thoughtRoutes } from './thoughts/routes.js';
import { wishRoutes } from './wishes/routes.js';
import { healthRoutes } from './health/routes.js';
import { farcasterManifestRoutes, farcasterRoutes } from './farcaster/routes.js';
import { farcasterNotificationListeners } from './farcaster/delivery.js';
import { openNotificationFetch } from './farcaster/notification-fetch.js';
import { pushRoutes } from './push/routes.js';
import { pushDeliveryListeners } from './push/delivery.js';
import { createAppPushSender, openPushAgent } from './push/app-sender.js';
import type { PushSender } from './push/sender.js';
import { attachLiveChannel } from './live/server.js';
import { liveFanoutListeners } from './live/fanout.js';
import { accountFanoutListeners } from './live/account-fanout.js';
import { sessionRevocationListeners } from './auth/session-revocation.js';
import { attachRealtime } from './realtime/server.js';
import { debugRoutes } from './debug/routes.js';
import { applySecurityHeaders } from './web/csp.js';
import { PROBE_ROUTES, shedLoad } from './http/load-shedding.js';
import { webStaticRoutes } from './web/static.js';
import { acceptEmptyJsonBodies } from './http/json-body.js';
import { requestIds } from './http/request-id.js';
import { allowCrossOrigin } from './http/cors.js';
import { backendAsAServiceRoutes } from './rest/routes.js';
import { sessionRoutes } from './auth/sessions-routes.js';
import { accountRoutes } from './account/routes.js';
import { accountNoticeListeners } from './account/notify-partner.js';
import { readyRoutes } from './health/ready.js';
import { refuseWhileClosing, type WayDown } from './http/closing.js';
import { serveMetrics, timeHttpRequests } from './metrics/server.js';
import { metricsReadable } from './metrics/config.js';
import { openSharedRedis } from './redis/shared-client.js';
import { createAppContext } from './app-context.js';

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** The https agent Web Push requests use; tests pass one that trusts their push service. */
  pushAgent?: HttpsAgent;
  /**
   * What "now" is for time-of-day rules (quiet hours) and the session cache's age; the system
   * clock unless a test sets one.
   */
  clock?: Clock;
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    // Secrets never reach the log: no headers are logged, and query strings (confirmation
    // tokens) are cut from URLs.
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
    redact: ['password', '*.password', 'refresh_token', '*.refresh_token', 'token', '*.token'],
  };
}

function createServer(options: BuildOptions): FastifyInstance {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Each request's id comes from us, never from a client header.
    genReqId: requestIds(),
    // While closing, requests are refused in our own error shape (http/closing.ts).
    return503OnClosing: false,
  });
  acceptEmptyJsonBodies(app);
  return app;
}

/**
 * What every request meets before its route: security headers, CORS, rate limits, the error
 * shape, refusal while closing or overloaded, input checks and authentication.
 */
async function registerRequestHandling(
  app: FastifyInstance,
  ctx: AppContext,
  redis: Redis | undefined,
): Promise<WayDown> {
  const { config } = ctx;
  applySecurityHeaders(app, config);
  await allowCrossOrigin(app, config.CORS_ORIGINS);
  await registerRateLimits(app, redis);
  registerErrorHandling(app);
  const wayDown = refuseWhileClosing(app, PROBE_ROUTES);
  if (metricsReadable(config)) timeHttpRequests(app, ctx);
  shedLoad(app, ctx.overloaded, () => ctx.metrics.loadShed('http'));
  // Every body, whichever route and schema it meets, is refused first if too deep or unprintable.
  app.addHook('preValidation', async (request) => assertAcceptableInput(request.body));
  registerAuthentication(app, ctx.tokens, ctx.sessions);
  return wayDown;
}

/** /api: each area's routes, their paths whole from API_ROUTES (packages/protocol/src/contract). */
async function registerApiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { pushSender, wayDown }: { pushSender: PushSender; wayDown: WayDown },
): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(readyRoutes, { ctx, leaving: wayDown.leaving });
      await api.register(authRoutes, { ctx });
      await api.register(credentialRoutes, { ctx });
      await api.register(farcasterRoutes, { ctx });
      await api.register(profileRoutes, { ctx });
      await api.register(partnerRoutes, { ctx });
      await api.register(messageRoutes, { ctx });
      await api.register(keyRoutes, { ctx });
      await api.register(answerRoutes, { ctx });
      await api.register(quietHoursRoutes, { ctx });
      await api.register(thoughtRoutes, { ctx });
      await api.register(wishRoutes, { ctx });
      await api.register(debugRoutes, { ctx });
      await api.register(pushRoutes, { ctx, sender: pushSender });
      await api.register(sessionRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
    },
    { prefix: API_PREFIX },
  );
}

interface Channels {
  io: SocketServer;
  realtime: ListenerModule;
  pushSender: PushSender;
  farcasterFetch: typeof fetch;
}

/**
 * Every domain-event listener, one module per area (docs/ARCHITECTURE.md lists them). They
 * stop first on close (the newest onClose hook), before the live channel's Redis and the
 * background work they start.
 */
function listenToDomainEvents(app: FastifyInstance, ctx: AppContext, channels: Channels): void {
  const { io, pushSender, farcasterFetch } = channels;
  const stopListening = ctx.events.listenWith([
    liveFanoutListeners(io),
    sessionRevocationListeners(io, ctx),
    accountFanoutListeners(io),
    channels.realtime,
    pushDeliveryListeners(ctx, pushSender),
    farcasterNotificationListeners(ctx, farcasterFetch),
    accountNoticeListeners(ctx, pushSender, farcasterFetch),
  ]);
  app.addHook('onClose', async () => {
    stopListening();
  });
}

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; wayDown: WayDown }> {
  const { config } = options;
  const app = createServer(options);

  // Each resource is made by its own area, which also closes it with the app (onClose hooks run
  // newest first, so what is made first is closed last).
  const redis = openSharedRedis(app, config.REDIS_URL);
  const farcasterFetch = openNotificationFetch(app, config);
  const pushAgent = openPushAgent(app, options.pushAgent);
  const { jwtSecret, anonKey } = await loadAppSecrets(config, options.db);
  const ctx = createAppContext(app, { ...options, jwtSecret, redis });
  const pushSender = await createAppPushSender(ctx, pushAgent);

  const wayDown = await registerRequestHandling(app, ctx, redis);
  registerOperations(app);
  await app.register(healthRoutes, { ctx });
  await app.register(farcasterManifestRoutes, { ctx });
  await registerApiRoutes(app, ctx, { pushSender, wayDown });
  serveMetrics(app, ctx);
  await app.register(webStaticRoutes, { ctx });
  await app.register(backendAsAServiceRoutes, { ctx, anonKey });
  const { io } = await attachLiveChannel(app, ctx);
  const realtime = attachRealtime(app, ctx, { anonKey, io });
  listenToDomainEvents(app, ctx, { io, realtime, pushSender, farcasterFetch });

  return { app, ctx, wayDown };
}
