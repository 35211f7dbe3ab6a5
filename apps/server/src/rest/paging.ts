import { REST_MAX_ROWS, type OrderBy, type Page } from '../db/table-query.js';
import { PostgrestError } from './postgrest.js';

/** `order=created_at.desc,id.asc.nullslast`, columns checked against the table's list. */
export function parseOrder(table: string, raw: unknown, allowed: readonly string[]): OrderBy[] {
  if (raw === undefined) return [];
  if (typeof raw !== 'string' || raw === '') {
    throw new PostgrestError(400, 'PGRST100', 'order must be column.asc or column.desc');
  }
  return raw.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.');
    if (!allowed.includes(column)) {
      throw new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);
    }
    let descending = false;
    let nulls: OrderBy['nulls'] = null;
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast')
        nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else throw new PostgrestError(400, 'PGRST100', `"${term}" is not a valid order`);
    }
    return { column, descending, nulls };
  });
}

function count(name: string, raw: unknown): number | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
    throw new PostgrestError(400, 'PGRST100', `${name} must be a whole number`);
  }
  return Number(raw);
}

/** `limit` and `offset` (what supabase-js's range() and limit() send), or a `Range: 0-49` header. */
export function parsePage(query: Record<string, unknown>, rangeHeader: unknown): Page {
  let offset = count('offset', query.offset) ?? 0;
  let limit = count('limit', query.limit);
  if (typeof rangeHeader === 'string' && query.limit === undefined && query.offset === undefined) {
    const range = /^(\d{1,9})-(\d{0,9})$/.exec(rangeHeader.trim());
    if (!range) throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable');
    offset = Number(range[1]);
    limit = range[2] === '' ? null : Number(range[2]) - offset + 1;
    if (limit !== null && limit < 0) {
      throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable');
    }
  }
  return { offset, limit: limit === null ? null : Math.min(limit, REST_MAX_ROWS) };
}
