import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
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

/** Sends the policy, made once, with every answer. */
export function applyContentSecurityPolicy(app: FastifyInstance, config: Config): void {
  const policy = contentSecurityPolicy(config);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('content-security-policy', policy);
  });
}

/** helmet for the other security headers; the policy above is set by `app.ts` as it is. */
export function helmetOptions(): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: false,
    // frame-ancestors decides who may frame us; X-Frame-Options cannot list origins.
    xFrameOptions: false,
  };
}
