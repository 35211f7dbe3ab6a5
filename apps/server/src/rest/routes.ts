import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { requireApiKey } from './apikey.js';
import { authV1Routes } from './auth-v1.js';
import { toPostgrestError, useErrorShape } from './errors.js';
import { PostgrestError } from './postgrest.js';
import { rpcRoutes } from './rpc.js';
import { tableRoutes } from './tables.js';
import { answerTableRoutes } from './answers-table.js';
import { messageTableRoutes } from './messages-table.js';

/**
 * The backend-as-a-service surface of SPEC §7 (/rest/v1 and /auth/v1): thin adapters over the
 * same services and SQL functions as /api, for clients written against that contract.
 */
export const backendAsAServiceRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  anonKey: string;
}> = async (app, { ctx, anonKey }) => {
  requireApiKey(app, anonKey);
  await app.register(authV1Routes, { prefix: '/auth/v1', ctx });
  await app.register(
    async (rest) => {
      useErrorShape(rest, toPostgrestError);
      await rest.register(rpcRoutes, { prefix: '/rpc', ctx });
      await rest.register(tableRoutes, { ctx });
      await rest.register(answerTableRoutes, { ctx });
      await rest.register(messageTableRoutes, { ctx });
      // A route, not a not-found handler: the web app's catch-all GET route would win otherwise.
      rest.all('/*', async (request) => {
        const table = request.url.split('?')[0]!.replace('/rest/v1/', '');
        throw new PostgrestError(404, '42P01', `relation "public.${table}" does not exist`);
      });
    },
    { prefix: '/rest/v1' },
  );
};
