import type { FastifyPluginAsync } from 'fastify';
import {
  CLIENT_ERROR_REPORTS_PER_MINUTE,
  debugLogBodySchema,
  debugLogsQuerySchema,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/auth-guard.js';
import { limitPerMinute } from '../http/rate-limit.js';
import { parseInput } from '../http/validate.js';
import * as repo from './repository.js';

/** The debug helpers of SPEC §7 for the web app: client errors in, recent entries out. */
export const debugRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/logs', limitPerMinute(CLIENT_ERROR_REPORTS_PER_MINUTE), async (request, reply) => {
    const { userId } = requireUser(request);
    const entry = parseInput(debugLogBodySchema, request.body);
    const result = await ctx.db.asUser(userId, (tx) =>
      repo.insertDebugLog(tx, {
        functionName: entry.function_name,
        inputParams: entry.input_params,
        errorMessage: entry.error_message ?? null,
        executionTimeMs: entry.execution_time_ms ?? null,
      }),
    );
    return reply.code(201).send(result);
  });

  app.get('/logs', async (request) => {
    const { userId } = requireUser(request);
    const { limit, function_name } = parseInput(debugLogsQuerySchema, request.query);
    const logs = await ctx.db.asUser(userId, (tx) =>
      repo.selectRecentDebugLogs(tx, limit ?? null, function_name ?? null),
    );
    return { logs };
  });

  app.get('/message-access', async (request) =>
    ctx.db.asUser(requireUser(request).userId, (tx) => repo.selectMessageAccess(tx)),
  );
};
