import { z } from 'zod';
import { SCORE_MAX, SCORE_MIN } from '../constants.js';

export const userIdSchema = z.uuid({ error: 'Invalid user id' });

/** Scores arrive as numbers, or as numeric strings from the live channel (SPEC §3). */
export function scoreSchema(name: string) {
  const message = `${name} must be an integer from ${SCORE_MIN} to ${SCORE_MAX}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, message)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .pipe(
      z.number({ error: message }).int(message).min(SCORE_MIN, message).max(SCORE_MAX, message),
    );
}

/** A `limit` query parameter: a whole number from 1 to max, given as text. */
export function limitQuerySchema(max: number) {
  const message = `limit must be an integer from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(1, message).max(max, message));
}
