import type { FastifyRequest } from 'fastify';
import { PostgrestError, singleObject, wantsSingleObject } from './postgrest.js';

export const rlsViolation = (table: string) =>
  new PostgrestError(
    403,
    '42501',
    `new row violates row-level security policy for table "${table}"`,
  );

/**
 * The one row of an update, refused with PostgREST's 403 when it names a column the caller may
 * not change (as a column grant would).
 */
export function updatableRow(
  table: string,
  body: unknown,
  writable: readonly string[],
): Record<string, unknown> {
  const row = (singleRow(body) ?? {}) as Record<string, unknown>;
  const denied = Object.keys(row).find((column) => !writable.includes(column));
  if (denied !== undefined) {
    throw new PostgrestError(
      403,
      '42501',
      `permission denied for table ${table} (column ${denied})`,
    );
  }
  return row;
}

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
