import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of every answer, built once from the configuration (helmet would
 * assemble it on every request): helmet's default directives, with scripts and styles from
 * ourselves only, fetch and the live channel to ourselves and the Quick Auth server, images from
 * ourselves, data: and blob:, framing by FRAME_ANCESTORS. http deployments (local, LAN) are not
 * upgraded to https.
 */
export function contentSecurityPolicy(config: Config): string {
  const { protocol, host } = new URL(config.PUBLIC_URL);
  const https = protocol === 'https:';
  const directives: Record<string, string[]> = {
    ...helmet.contentSecurityPolicy.getDefaultDirectives(),
    // Mini-app hosts on the web (FRAME_ANCESTORS, Farcaster's clients by default).
    'frame-ancestors': ["'self'", ...config.FRAME_ANCESTORS],
    'img-src': ["'self'", 'data:', 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    // 'self' covers the page's own ws(s): in current browsers; PUBLIC_URL's is named for older ones.
    'connect-src': [
      "'self'",
      `${https ? 'wss' : 'ws'}://${host}`,
      new URL(config.FARCASTER_QUICK_AUTH_ORIGIN).origin,
    ],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  if (!https) delete directives['upgrade-insecure-requests'];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

/**
 * helmet's other security headers for our options (no CSP: ours is above; no X-Frame-Options:
 * frame-ancestors decides who may frame us, and it cannot list origins), read once from helmet's
 * middleware. @fastify/helmet ran that middleware, rebuilt from its options, on every request:
 * 4 % of the server's CPU on GET /api/profile (`bench:http --cpuprof`).
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet({ contentSecurityPolicy: false, xFrameOptions: false })(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => undefined,
  );
  return headers;
}

/** Sends the security headers and the policy, made once, with every answer. */
export function applySecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = { ...helmetHeaders(), 'content-security-policy': contentSecurityPolicy(config) };
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
