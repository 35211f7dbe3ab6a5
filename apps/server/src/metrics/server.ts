import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { answerScrape, errorAnswer, METRICS_PATH, type ScrapeAnswer } from './endpoint.js';

const listeners = new WeakMap<FastifyInstance, Server>();

/** The port the METRICS_PORT listener of this app is bound to (METRICS_PORT=0 picks one). */
export function metricsPortOf(app: FastifyInstance): number | undefined {
  const address = listeners.get(app)?.address();
  return (address as AddressInfo | null)?.port;
}

function send(response: ServerResponse, answer: ScrapeAnswer, withBody: boolean): void {
  response.writeHead(answer.status, answer.headers);
  response.end(withBody ? answer.body : undefined);
}

async function answerListener(ctx: AppContext, request: IncomingMessage): Promise<ScrapeAnswer> {
  const url = request.url ?? '/';
  const path = url.split('?')[0];
  if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
    return errorAnswer('not_found');
  }
  return answerScrape(ctx.metrics, ctx.config.METRICS_TOKEN, {
    url,
    authorization: request.headers.authorization,
  });
}

/** A plain HTTP listener serving only GET /metrics, started with the app and closed with it. */
function attachListener(app: FastifyInstance, ctx: AppContext, port: number): void {
  const server = createServer((request, response) => {
    answerListener(ctx, request).then(
      (answer) => send(response, answer, request.method !== 'HEAD'),
      (error: unknown) => {
        ctx.log.error({ err: error }, 'metrics scrape failed');
        send(response, errorAnswer('internal'), true);
      },
    );
  });
  listeners.set(app, server);
  const host = ctx.config.METRICS_HOST ?? ctx.config.HOST;
  // onReady runs inside listen(): a metrics port that cannot be bound stops the start.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    ctx.log.info({ port: metricsPortOf(app), host }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

/**
 * GET /metrics where the configuration puts it: on METRICS_PORT, and on the main port only
 * behind METRICS_TOKEN. With neither, nothing serves metrics.
 */
export function serveMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { METRICS_PORT: port, METRICS_TOKEN: token } = ctx.config;
  if (port !== undefined) attachListener(app, ctx, port);
  if (token === undefined) return;
  app.get(METRICS_PATH, async (request, reply) => {
    const answer = await answerScrape(ctx.metrics, token, {
      url: request.url,
      authorization: request.headers.authorization,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

/** Each answered HTTP request, by route pattern (never the raw URL); /metrics is left out. */
export function timeHttpRequests(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route !== METRICS_PATH) {
      const seconds = reply.elapsedTime / 1000;
      ctx.metrics.httpRequest(request.method, route ?? 'unmatched', reply.statusCode, seconds);
    }
    done();
  });
}
