import type { FastifyPluginAsync } from 'fastify';
import type { VerifyAppKey } from '@farcaster/miniapp-node';
import type { AppContext } from '../context.js';
import { HttpError } from '../errors.js';
import { contractRoutes } from '../http/contract-route.js';
import { createQuickAuthVerifier, signInWithFarcaster } from './auth-service.js';
import { buildFarcasterManifest } from './manifest.js';
import { createAppKeyVerifier, handleWebhookEvent } from './webhook.js';

export const MANIFEST_PATH = '/.well-known/farcaster.json';

/**
 * POST /api/auth/farcaster {token, username?}, POST /api/farcaster/webhook and
 * GET /api/farcaster/client-config.
 */
export const farcasterRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  verifyAppKey?: VerifyAppKey;
}> = async (app, { ctx, verifyAppKey }) => {
  const route = contractRoutes(app, ctx.config);
  const verifier = createQuickAuthVerifier(ctx);
  route('signInWithFarcaster', async ({ body }) => signInWithFarcaster(ctx, verifier, body));
  // The web app asks the host for tokens from this server: the one configured here, at run time.
  route('getFarcasterClientConfig', async () => ({
    quickAuthOrigin: ctx.config.FARCASTER_QUICK_AUTH_ORIGIN,
  }));

  const verify = verifyAppKey ?? createAppKeyVerifier(ctx.config, ctx.log);
  route('receiveFarcasterWebhook', async ({ request }) =>
    handleWebhookEvent(ctx, verify, request.body),
  );
};

/**
 * GET /.well-known/farcaster.json, built and validated once at start-up (buildApp throws
 * ConfigError on invalid configuration). Not servable (no account association, e.g. in local
 * development on http://localhost): 404 with a clear error, and a warning at start-up.
 */
export const farcasterManifestRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const state = buildFarcasterManifest(ctx.config);
  if (!state.served) ctx.log.warn(`${MANIFEST_PATH} is not served: ${state.reason}`);
  app.get(MANIFEST_PATH, async (_request, reply) => {
    if (!state.served) throw new HttpError('farcaster_manifest_not_configured');
    return reply.header('cache-control', 'public, max-age=300').send(state.manifest);
  });
};
