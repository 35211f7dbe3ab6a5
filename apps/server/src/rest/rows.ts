import type { FastifyRequest } from 'fastify';
import { PostgrestError, singleObject, wantsSingleObject } from './postgrest.js';

export const rlsViolation = (table: string) =>
  new PostgrestError(
    403,
    '42501',
    `new row violates row-level security policy for table "${table}"`,
  );

/** One row, or PostgREST's one-element array of it. */
export function singleRow(body: unknown): unknown {
  if (Array.isArray(body)) {
    if (body.length !== 1) throw new PostgrestError(400, 'PGRST102', 'Exactly one row is accepted');
    return body[0];
  }
  return body;
}

/** The rows, or the one object `Accept: application/vnd.pgrst.object+json` asks for. */
export function answer(request: FastifyRequest, rows: unknown[]) {
  return wantsSingleObject(request) ? singleObject(rows) : rows;
}
