import type { FastifyInstance, FastifyRequest } from 'fastify';

import { bearerToken, type AccessClaims, type TokenService } from '../auth/tokens.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** Decorates every request with auth (null when absent or invalid) from its bearer token. */
export function registerAuthentication(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (token) request.auth = await tokens.verifyAccessToken(token);
  });
}

/** The caller's claims, or a 401 that says whether a token was missing or bad. */
export function requireUser(request: FastifyRequest): AccessClaims {
  if (request.auth) return request.auth;
  const sent = Boolean(bearerToken(request.headers.authorization));
  throw new HttpError(sent ? 'unauthorized' : 'session_missing');
}
