import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { SessionCheck } from './session-check.js';
import { bearerToken, type AccessClaims, type TokenService } from './tokens.js';
import { HttpError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/**
 * Decorates every request with auth from its bearer token: null when absent, invalid, or of a
 * session that has been signed out or revoked.
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: TokenService,
  sessions: SessionCheck,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    const claims = await tokens.verifyAccessToken(token);
    const userAgent = request.headers['user-agent'];
    if (claims && (await sessions.isActive(claims.sessionId, userAgent))) request.auth = claims;
  });
}

/** The caller's claims, or a 401 that says whether a token was missing or bad. */
export function requireUser(request: FastifyRequest): AccessClaims {
  if (request.auth) return request.auth;
  const sent = Boolean(bearerToken(request.headers.authorization));
  throw new HttpError(sent ? 'unauthorized' : 'session_missing');
}
