import type { z } from 'zod';
import { SERVER_TEXTS } from '@couple/protocol';
import { HttpError } from './errors.js';

/** zod's built-in texts ('Invalid input: expected string…') need the field named to make sense. */
const GENERIC_MESSAGE = /^(Invalid input|Invalid option|Too (small|big)|Unrecognized)/;

/** Parses input with a shared schema; the first issue's message becomes a 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? SERVER_TEXTS.invalidBody;
  const field = issue?.path.join('.');
  throw new HttpError(
    400,
    field && GENERIC_MESSAGE.test(message) ? `${field}: ${message}` : message,
  );
}
