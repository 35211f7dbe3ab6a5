import { randomBytes } from 'node:crypto';
import type { Agent as HttpsAgent } from 'node:https';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { API_PREFIX } from '@couple/protocol';
import type { Config } from './config.js';
import type { AppContext, Clock } from './context.js';
import type { Database } from './db/index.js';
import { DomainEvents } from './events.js';
import { createBackgroundWork } from './background/background-work.js';
import { createMailer, type Mailer } from './auth/mailer.js';
import { loadOrCreateSecret } from './auth/secrets.js';
import { createTokenService } from './auth/tokens.js';
import { createSessionCheck } from './auth/session-check.js';
import { registerAuthentication } from './http/auth-guard.js';
import { registerErrorHandling } from './http/errors.js';
import { assertAcceptableInput } from './http/validate.js';
import { clientAddress } from './http/rate-limit.js';
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
import { registerFarcasterNotifications } from './farcaster/delivery.js';
import { pushRoutes } from './push/routes.js';
import { registerPushDelivery } from './push/delivery.js';
import { createPushSender } from './push/sender.js';
import { loadVapidDetails } from './push/vapid.js';
import { attachLiveChannel } from './live/server.js';
import { attachRealtime } from './realtime/server.js';
import { debugRoutes } from './debug/routes.js';
import { createPublicFetch } from './http/public-network.js';
import { createActionLimits } from './abuse/action-limits.js';
import { applySecurityHeaders } from './web/csp.js';
import { trackDatabaseLoad } from './db/load.js';
import { overloadCheck, PROBE_ROUTES, shedLoad } from './http/load-shedding.js';
import { watchEventLoopLag } from './http/event-loop-lag.js';
import { webStaticRoutes } from './web/static.js';
import { acceptEmptyJsonBodies } from './http/json-body.js';
import { requestIds } from './http/request-id.js';
import { allowCrossOrigin } from './http/cors.js';
import { backendAsAServiceRoutes } from './rest/routes.js';
import { sessionRoutes } from './auth/sessions-routes.js';
import { accountRoutes } from './account/routes.js';
import { registerAccountDeletedNotices } from './account/notify-partner.js';
import { readyRoutes } from './health/ready.js';
import { refuseWhileClosing } from './http/closing.js';
import { createMetrics } from './metrics/registry.js';
import { countWebPushes } from './metrics/push.js';
import { serveMetrics, timeHttpRequests } from './metrics/server.js';

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

export async function buildApp(
  options: BuildOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = options;
  const { db, load } = trackDatabaseLoad(options.db);
  const loopLag = watchEventLoopLag();
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

  const secret =
    config.JWT_SECRET ??
    (await loadOrCreateSecret(db, 'jwt_secret', () => randomBytes(48).toString('base64url')));
  // With Redis the counters are shared by every instance; if Redis is away, requests still pass.
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
      })
    : undefined;
  const background = createBackgroundWork();
  const metricsReadable = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;
  const metrics = createMetrics({ db: options.db, load, processDefaults: metricsReadable });
  // The session check's cache ages by the same clock, so a test can expire it without waiting.
  const clock = options.clock ?? { now: () => Date.now() };
  const ctx: AppContext = {
    config,
    db,
    tokens: createTokenService(secret),
    sessions: createSessionCheck(db, () => clock.now()),
    mailer: options.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM, app.log),
    events: new DomainEvents(),
    limits: createActionLimits(config, rateLimitRedis),
    log: app.log,
    background,
    clock,
    load,
    overloaded: overloadCheck(load, loopLag, config),
    metrics,
  };

  const pushSender = countWebPushes(
    createPushSender(await loadVapidDetails(config, db), { agent: options.pushAgent }),
    metrics,
  );
  const stopPushDelivery = registerPushDelivery(ctx, background, pushSender);

  applySecurityHeaders(app, config);
  await allowCrossOrigin(app, config.CORS_ORIGINS);
  rateLimitRedis?.on('error', () => undefined);
  // Connect in the background: the action limits ask Redis only once it is ready.
  void rateLimitRedis?.connect().catch(() => undefined);
  if (rateLimitRedis)
    app.addHook('onClose', async () => void (await rateLimitRedis.quit().catch(() => undefined)));
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    ...(rateLimitRedis && {
      redis: rateLimitRedis,
      skipOnError: true,
      nameSpace: 'couple-rate-limit-',
    }),
  });
  registerErrorHandling(app);
  const closing = refuseWhileClosing(app, PROBE_ROUTES);
  if (metricsReadable) timeHttpRequests(app, ctx);
  shedLoad(app, ctx.overloaded, () => metrics.loadShed('http'));
  // Every body, whichever route and schema it meets, is refused first if too deep or unprintable.
  app.addHook('preValidation', async (request) => assertAcceptableInput(request.body));
  registerAuthentication(app, ctx.tokens, ctx.sessions);

  await app.register(healthRoutes, { ctx });
  await app.register(farcasterManifestRoutes, { ctx });
  await app.register(
    async (api) => {
      // Each area's paths come whole from API_ROUTES (packages/protocol/src/contract).
      await api.register(healthRoutes, { ctx });
      await api.register(readyRoutes, { ctx, closing });
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
  serveMetrics(app, ctx);
  await app.register(webStaticRoutes, { ctx });
  const anonKey =
    config.ANON_KEY ??
    (await loadOrCreateSecret(db, 'anon_key', () => randomBytes(24).toString('base64url')));
  await app.register(backendAsAServiceRoutes, { ctx, anonKey });
  const { io } = await attachLiveChannel(app, ctx);
  attachRealtime(app, ctx, { anonKey, io });

  const farcasterFetch = config.FARCASTER_ALLOW_INSECURE_NOTIFICATION_URLS
    ? fetch
    : createPublicFetch();
  const stopFarcasterNotifications = registerFarcasterNotifications(
    ctx,
    background,
    farcasterFetch,
  );
  const stopAccountNotices = registerAccountDeletedNotices(
    ctx,
    background,
    pushSender,
    farcasterFetch,
  );
  app.addHook('onClose', async () => {
    loopLag.stop();
    stopPushDelivery();
    stopAccountNotices();
    stopFarcasterNotifications();
    await background.settle();
  });

  return { app, ctx };
}
