import { z } from 'zod';
import { DEBUG_ERROR_MESSAGE_MAX, DEBUG_LOGS_LIMIT_MAX } from '../constants.js';
import { limitQuerySchema } from './common.js';

/** A debug log entry as the web app reports a client error (SPEC §3, §7: CLIENT_ERROR_<context>). */
export const debugLogBodySchema = z.strictObject({
  function_name: z
    .string({ error: 'function_name is required' })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'function_name must be 1 to 100 letters, digits or _.:-'),
  input_params: z.unknown().optional(),
  error_message: z
    .string()
    .max(
      DEBUG_ERROR_MESSAGE_MAX,
      `error_message must be at most ${DEBUG_ERROR_MESSAGE_MAX} characters`,
    )
    .nullish(),
  execution_time_ms: z.number().int().nonnegative().max(3_600_000).nullish(),
});

export const debugLogsQuerySchema = z.strictObject({
  limit: limitQuerySchema(DEBUG_LOGS_LIMIT_MAX).optional(),
  function_name: z.string().max(100).optional(),
});
