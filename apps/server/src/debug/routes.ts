import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';

/** The debug helpers of SPEC §7 for the web app: client errors in, recent entries out. */
export const debugRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);

  route('logClientError', async ({ user, body }) => {
    const result = await ctx.db.asUser(user.userId, (tx) =>
      repo.insertDebugLog(tx, {
        functionName: body.function_name,
        inputParams: body.input_params,
        errorMessage: body.error_message ?? null,
        executionTimeMs: body.execution_time_ms ?? null,
      }),
    );
    if (!result.success) throw new HttpError(result.error_code ?? 'invalid_input');
    return { success: true, error: null };
  });

  route('listDebugLogs', async ({ user, query }) => {
    const logs = await ctx.db.asUser(user.userId, (tx) =>
      repo.selectRecentDebugLogs(tx, query.limit ?? null, query.function_name ?? null),
    );
    return { logs };
  });

  route('getMessageAccess', async ({ user }) =>
    ctx.db.asUser(user.userId, (tx) => repo.selectMessageAccess(tx)),
  );
};
