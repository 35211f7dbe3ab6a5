import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  ANSWER_CHOICES,
  ERRORS,
  isErrorCode,
  pairingCodeSchema,
  type ApiRouteName,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { selectResult } from '../db/call.js';
import * as debugRepo from '../debug/repository.js';
import { HttpError } from '../errors.js';
import { requireUser } from '../auth/guard.js';
import { parseInput } from '../http/validate.js';
import { rateLimitFor } from '../http/rate-limit.js';
import { answerDesire } from '../answers/service.js';
import { answerNoteOf } from './answer-note.js';
import {
  connectWithPairingCode,
  disconnectFromPartner,
  generatePairingCode,
} from '../partner/service.js';
import { PostgrestError } from './postgrest.js';

type Rpc = (ctx: AppContext, userId: string, body: unknown) => Promise<unknown>;

const none = z.object({}).strict();
const inUserScope =
  <T>(run: (tx: Queryable, params: T) => Promise<unknown>, schema: z.ZodType<T>): Rpc =>
  (ctx, userId, body) => {
    const params = parseInput(schema, body ?? {});
    return ctx.db.asUser(userId, (tx) => run(tx, params));
  };

/** SQL functions name a failure by its code; an RPC answers the spec's text in `error`. */
async function withErrorText(result: Promise<unknown>): Promise<unknown> {
  const answer = (await result) as Record<string, unknown>;
  if (!answer || typeof answer !== 'object' || !('error_code' in answer)) return answer;
  const { error_code: code, ...rest } = answer;
  return { ...rest, error: isErrorCode(code) ? ERRORS[code].text : null };
}

/** A service's refusal comes back as the function's own { success: false, error } answer. */
async function asRpcResult<T>(
  work: () => Promise<T>,
  failure: Record<string, unknown>,
): Promise<T | Record<string, unknown>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return { ...failure, success: false, error: error.message };
    throw error;
  }
}

const answerDesireArgs = z
  .object({
    p_message_id: z.uuid({ error: 'p_message_id must be a uuid' }),
    p_choice: z.enum(ANSWER_CHOICES, {
      error: `p_choice must be one of ${ANSWER_CHOICES.join(', ')}`,
    }),
    p_note_encrypted: z.string().nullish(),
    p_encryption_data: z.unknown().optional(),
    p_remove_note: z.boolean().optional(),
  })
  .strict();

/**
 * The functions of SPEC §7, and answer_desire (issue 17), each a thin call to the same service
 * or SQL function.
 */
const RPCS: Record<string, Rpc> = {
  has_partner: inUserScope((tx) => selectResult(tx, 'SELECT has_partner() AS result'), none),
  get_my_partner_id: inUserScope(
    (tx) => selectResult(tx, 'SELECT get_my_partner_id() AS result'),
    none,
  ),
  debug_message_access: inUserScope((tx) => debugRepo.selectMessageAccess(tx), none),
  generate_pairing_code: (ctx, userId, body) => {
    parseInput(none, body ?? {});
    return asRpcResult(() => generatePairingCode(ctx, userId), { code: null, expires_at: null });
  },
  connect_with_pairing_code: (ctx, userId, body) => {
    const { pairing_code } = parseInput(
      z.object({ pairing_code: z.string({ error: 'pairing_code is required' }) }).strict(),
      body,
    );
    return asRpcResult(async () => {
      const code = parseInput(pairingCodeSchema, pairing_code);
      const { success, error } = await connectWithPairingCode(ctx, userId, code);
      return { success, error };
    }, {});
  },
  answer_desire: (ctx, userId, body) => {
    const args = parseInput(answerDesireArgs, body);
    const note = answerNoteOf({
      noteEncrypted: args.p_note_encrypted ?? undefined,
      encryptionData: args.p_encryption_data,
      remove: args.p_remove_note ?? false,
      names: { note: 'p_note_encrypted', data: 'p_encryption_data' },
    });
    return asRpcResult(
      async () => {
        const answer = await answerDesire(ctx, userId, args.p_message_id, {
          choice: args.p_choice,
          note,
        });
        return { success: true, answer };
      },
      { answer: null },
    );
  },
  disconnect_from_partner: (ctx, userId, body) => {
    parseInput(none, body ?? {});
    return asRpcResult(() => disconnectFromPartner(ctx, userId), { message: null });
  },
  store_notification_token: inUserScope(
    (tx, p) =>
      withErrorText(
        selectResult(tx, 'SELECT store_notification_token($1, $2, $3) AS result', [
          p.p_platform,
          p.p_token,
          p.p_url ?? null,
        ]),
      ),
    z.object({ p_platform: z.string(), p_token: z.string(), p_url: z.string().nullish() }).strict(),
  ),
  get_user_notification_tokens: inUserScope(
    (tx, p) =>
      withErrorText(
        selectResult(tx, 'SELECT get_user_notification_tokens($1) AS result', [p.p_user_id]),
      ),
    z.object({ p_user_id: z.uuid({ error: 'p_user_id must be a uuid' }) }).strict(),
  ),
  log_debug: inUserScope(
    (tx, p) =>
      withErrorText(
        debugRepo.insertDebugLog(tx, {
          functionName: p.p_function_name,
          inputParams: p.p_input_params,
          errorMessage: p.p_error_message ?? null,
          executionTimeMs: null,
        }),
      ),
    z
      .object({
        p_function_name: z.string(),
        p_input_params: z.unknown().optional(),
        p_error_message: z.string().nullish(),
      })
      .strict(),
  ),
  get_recent_debug_logs: inUserScope(
    (tx, p) => debugRepo.selectRecentDebugLogs(tx, p.p_limit ?? null, p.p_function_name ?? null),
    z
      .object({ p_limit: z.number().int().nullish(), p_function_name: z.string().nullish() })
      .strict(),
  ),
};

/** The RPCs that are the same action as a route of /api, and so share its rate limit. */
const SAME_ACTION: Partial<Record<string, ApiRouteName>> = {
  generate_pairing_code: 'generatePairingCode',
  connect_with_pairing_code: 'connectWithPairingCode',
  log_debug: 'logClientError',
  answer_desire: 'answerDesire',
};

export const rpcRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const [name, rpc] of Object.entries(RPCS)) {
    const action = SAME_ACTION[name];
    const limit = action ? rateLimitFor(app, ctx.config, action) : {};
    // Always JSON, as PostgREST answers: a scalar (a uuid) is a JSON string, not bare text.
    app.post(`/${name}`, limit, async (request, reply) => {
      const result = await rpc(ctx, requireUser(request).userId, request.body);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result ?? null));
    });
  }
  app.post<{ Params: { name: string } }>('/:name', async (request) => {
    throw new PostgrestError(
      404,
      'PGRST202',
      `Could not find the function public.${request.params.name} in the schema cache`,
    );
  });
};
