import type { FastifyInstance } from 'fastify';
import { secretsMatch } from '../http/secrets.js';

/** Every /rest/v1 and /auth/v1 call carries the public anonymous key, as header or url param. */
export function requireApiKey(app: FastifyInstance, anonKey: string): void {
  app.addHook('onRequest', async (request, reply) => {
    // A recovery link opened from a mailbox cannot carry the key; GoTrue's gateway lets it by too.
    if (request.method === 'GET' && request.routeOptions.url === '/auth/v1/verify') return;
    const header = request.headers.apikey;
    const param = (request.query as Record<string, unknown> | undefined)?.apikey;
    const given =
      typeof header === 'string' ? header : typeof param === 'string' ? param : undefined;
    if (given === undefined) {
      return reply.code(401).send({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    if (!secretsMatch(given, anonKey)) {
      return reply
        .code(401)
        .send({ message: 'Invalid API key', hint: 'Double check the anonymous API key.' });
    }
  });
}
