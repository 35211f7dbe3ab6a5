import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/**
 * Helmet options for the API plus the built web app: scripts and styles from ourselves only,
 * fetch and the live channel (ws/wss) to ourselves and the Quick Auth server, images from
 * ourselves, data: and blob:. http deployments (local, LAN) are not upgraded to https.
 */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  const https = config.PUBLIC_URL.startsWith('https:');
  return {
    global: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [
          "'self'",
          (req) => `ws://${req.headers.host ?? 'localhost'}`,
          (req) => `wss://${req.headers.host ?? 'localhost'}`,
          new URL(config.FARCASTER_QUICK_AUTH_ORIGIN).origin,
        ],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Mini-app hosts on the web (FRAME_ANCESTORS, Farcaster's clients by default).
        frameAncestors: ["'self'", ...config.FRAME_ANCESTORS],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // frame-ancestors above decides who may frame us; X-Frame-Options cannot list origins.
    xFrameOptions: false,
  };
}
