import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../context.js';
import { miniAppEmbedContent } from '../farcaster/manifest.js';

/** apps/web/dist, built by `npm run build -w @couple/web` (npm start does it first). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=86400';
/** Never cached without revalidation: they name every other (hashed) file. */
const ENTRY_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** The file a request names: a precompressed copy (.br, .gz) is cached as its original. */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath
    .replace(/\\/g, '/')
    .replace(/^\/+/, '')
    .replace(/\.(br|gz)$/, '');
  if (ENTRY_FILES.has(path)) return REVALIDATE;
  if (path.startsWith('assets/')) return IMMUTABLE;
  return SHORT;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `fc:miniapp` embed meta tag, so a cast of the app's URL shows its launch button. */
export function injectEmbedMeta(html: string, embedJson: string): string {
  const tag = `<meta name="fc:miniapp" content="${escapeAttribute(embedJson)}" />`;
  return html.replace('</head>', `    ${tag}\n  </head>`);
}

/** Client-side routes: GETs that want HTML, outside /api, /rest, the live channel and .well-known. */
export function isSpaRequest(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0] ?? '';
  if (/^\/(api|rest|socket\.io|\.well-known)(\/|$)/.test(path)) return false;
  return (accept ?? '').includes('text/html');
}

/**
 * Serves the built web app on the API's origin, with SPA fallback to index.html. Without a build
 * it serves nothing (the API runs alone) and says so once.
 */
export const webStaticRoutes: FastifyPluginAsync<{ ctx: AppContext; root?: string }> = async (
  app,
  { ctx, root = WEB_DIST_DIR },
) => {
  if (!existsSync(join(root, 'index.html'))) {
    ctx.log.warn(`web app not built (${root}): run npm run build -w @couple/web`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    // One route per built file, found at start-up; anything else falls through to the SPA route.
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath.slice(root.length)));
    },
  });

  const embed = miniAppEmbedContent(ctx.config);
  const shellHtml = embed
    ? injectEmbedMeta(readFileSync(join(root, 'index.html'), 'utf8'), embed)
    : null;
  const sendShell = (reply: FastifyReply) => {
    reply.header('cache-control', REVALIDATE);
    if (shellHtml) return reply.type('text/html; charset=utf-8').send(shellHtml);
    return reply.sendFile('index.html', root, { cacheControl: false });
  };

  app.get('/', (_request, reply) => sendShell(reply));
  app.get('/*', (request, reply) =>
    isSpaRequest(request.url, request.headers.accept) ? sendShell(reply) : reply.callNotFound(),
  );
};
