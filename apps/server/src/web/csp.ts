import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of every answer, built once from the configuration (helmet would
 * assemble it on every request): scripts and styles from ourselves only, fetch and the live
 * channel to ourselves and the Quick Auth server, images from ourselves, data: and blob:, framing
 * by FRAME_ANCESTORS. helmet's defaults for the other directives are kept. http deployments
 * (local, LAN) are not upgraded to https.
 */
export function contentSecurityPolicy(config: Config): string {
  const { protocol, host } = new URL(config.PUBLIC_URL);
  const https = protocol === 'https:';
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['font-src', ["'self'", 'https:', 'data:']],
    ['form-action', ["'self'"]],
    // Mini-app hosts on the web (FRAME_ANCESTORS, Farcaster's clients by default).
    ['frame-ancestors', ["'self'", ...config.FRAME_ANCESTORS]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['script-src-attr', ["'none'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ...(https ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
    // 'self' covers the page's own ws(s): in current browsers; PUBLIC_URL's is named for older ones.
    [
      'connect-src',
      [
        "'self'",
        `${https ? 'wss' : 'ws'}://${host}`,
        new URL(config.FARCASTER_QUICK_AUTH_ORIGIN).origin,
      ],
    ],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
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
