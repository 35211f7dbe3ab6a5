import type { FastifyPluginAsync } from 'fastify';
import type { VerifyAppKey } from '@farcaster/miniapp-node';
import { farcasterSignInBodySchema, TEXTS } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { limitPerMinute } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import { createQuickAuthVerifier, signInWithFarcaster } from './auth-service.js';
import { buildFarcasterManifest } from './manifest.js';
import { createAppKeyVerifier, handleWebhookEvent } from './webhook.js';

export const MANIFEST_PATH = '/.well-known/farcaster.json';
export const MANIFEST_NOT_CONFIGURED = 'Farcaster manifest is not configured';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** POST /api/auth/farcaster {token, username?}: registered under the /api/auth prefix. */
export const farcasterAuthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const verifier = createQuickAuthVerifier(ctx);
  app.post('/farcaster', limitPerMinute(ctx.config.RATE_LIMIT_AUTH_PER_MINUTE), async (request) => {
    // No token is no identity: an authentication failure, like a bad one (a malformed body is 400).
    if (isRecord(request.body) && (request.body.token === undefined || request.body.token === '')) {
      throw new HttpError(401, TEXTS.authenticationFailed);
    }
    return signInWithFarcaster(ctx, verifier, parseInput(farcasterSignInBodySchema, request.body));
  });
};

/** POST /api/farcaster/webhook: signed mini-app events (JSON Farcaster Signature). */
export const farcasterWebhookRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  verifyAppKey?: VerifyAppKey;
}> = async (app, { ctx, verifyAppKey }) => {
  const verify = verifyAppKey ?? createAppKeyVerifier(ctx.config, ctx.log);
  app.post('/webhook', async (request) => handleWebhookEvent(ctx, verify, request.body));
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
    if (!state.served) throw new HttpError(404, MANIFEST_NOT_CONFIGURED);
    return reply.header('cache-control', 'public, max-age=300').send(state.manifest);
  });
};
