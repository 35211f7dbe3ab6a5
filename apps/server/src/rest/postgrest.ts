import type { FastifyRequest } from 'fastify';

/** An error in PostgREST's shape: { code, message, details, hint }. */
export class PostgrestError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export type Filter =
  | { column: string; op: 'eq' | 'neq'; value: string }
  | { column: string; op: 'in'; value: string[] }
  | { column: string; op: 'is'; value: null | boolean };

/** Query keys that are not filters. */
const RESERVED = new Set([
  'select',
  'on_conflict',
  'columns',
  'apikey',
  'order',
  'limit',
  'offset',
]);

function parseFilter(column: string, raw: string): Filter {
  const dot = raw.indexOf('.');
  const op = dot < 0 ? raw : raw.slice(0, dot);
  const value = dot < 0 ? '' : raw.slice(dot + 1);
  switch (op) {
    case 'eq':
    case 'neq':
      return { column, op, value };
    case 'in': {
      const list = /^\((.*)\)$/.exec(value);
      if (!list)
        throw new PostgrestError(
          400,
          'PGRST100',
          `"${raw}" is not a valid in() list`,
          null,
          'Use in.(a,b,c)',
        );
      return {
        column,
        op,
        value: list[1] === '' ? [] : list[1]!.split(',').map((v) => v.replace(/^"|"$/g, '')),
      };
    }
    case 'is':
      if (value === 'null') return { column, op, value: null };
      if (value === 'true' || value === 'false') return { column, op, value: value === 'true' };
      throw new PostgrestError(
        400,
        'PGRST100',
        `"${raw}" is not a valid is. value`,
        null,
        'Use is.null, is.true or is.false',
      );
    default:
      throw new PostgrestError(
        400,
        'PGRST100',
        `"${op}" is not a valid operator`,
        `Unexpected filter "${column}=${raw}"`,
        'Supported operators: eq, neq, in, is',
      );
  }
}

function assertColumn<Column extends string>(
  table: string,
  column: string,
  allowed: readonly Column[],
): asserts column is Column {
  if (!(allowed as readonly string[]).includes(column)) {
    throw new PostgrestError(400, '42703', `column ${table}.${column} does not exist`);
  }
}

export function parseFilters(table: string, query: unknown, allowed: readonly string[]): Filter[] {
  const filters: Filter[] = [];
  for (const [column, raw] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (RESERVED.has(column)) continue;
    if (typeof raw !== 'string') {
      throw new PostgrestError(400, 'PGRST100', `Filter "${column}" must appear once`);
    }
    assertColumn(table, column, allowed);
    filters.push(parseFilter(column, raw));
  }
  return filters;
}

export function parseSelect<Column extends string>(
  table: string,
  select: unknown,
  allowed: readonly Column[],
): Column[] {
  if (select === undefined || select === '*') return [...allowed];
  if (typeof select !== 'string' || select.trim() === '') {
    throw new PostgrestError(400, 'PGRST100', 'select must be a comma-separated list of columns');
  }
  const columns = select.split(',').map((column) => column.trim());
  return columns.map((column) => {
    assertColumn(table, column, allowed);
    return column;
  });
}

/** SQL for the filters; columns are checked against a list, values always bound. */
export function whereClause(filters: Filter[], params: unknown[]): string {
  const parts = filters.map((filter) => {
    const column = `"${filter.column}"`;
    if (filter.op === 'is') {
      return filter.value === null
        ? `${column} IS NULL`
        : `${column} IS ${filter.value ? 'TRUE' : 'FALSE'}`;
    }
    params.push(filter.value);
    if (filter.op === 'in') return `${column}::text = ANY($${params.length}::text[])`;
    return `${column}::text ${filter.op === 'eq' ? '=' : '<>'} $${params.length}`;
  });
  return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}

export function eqValue(filters: Filter[], column: string): string | undefined {
  const filter = filters.find((f) => f.column === column && f.op === 'eq');
  return filter?.op === 'eq' ? filter.value : undefined;
}

export interface Preferences {
  representation: boolean;
  mergeDuplicates: boolean;
  /** `count=exact`: the total goes in Content-Range. */
  countExact: boolean;
}

export function preferences(request: FastifyRequest): Preferences {
  const prefer = String(request.headers.prefer ?? '');
  return {
    representation: /return=representation/.test(prefer),
    mergeDuplicates: /resolution=merge-duplicates/.test(prefer),
    countExact: /count=exact/.test(prefer),
  };
}

export function wantsSingleObject(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('application/vnd.pgrst.object+json');
}

/** PostgREST's answer to a single-object request with zero or several rows. */
export function singleObject<T>(rows: T[]): T {
  if (rows.length !== 1) {
    throw new PostgrestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${rows.length} rows`,
    );
  }
  return rows[0]!;
}
