import {
  REALTIME_ERRORS,
  REALTIME_TABLES,
  type PostgresChangeBinding,
  type RealtimeEventType,
  type RealtimeTable,
} from '@couple/protocol';

type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface RowFilter {
  column: string;
  operator: FilterOperator;
  values: string[];
}

/** A `postgres_changes` binding the server accepted, with the id its changes are sent under. */
export interface Binding {
  id: number;
  /** As the client sent it: the join reply echoes it and the client compares. */
  requested: PostgresChangeBinding;
  /** null: every table this server publishes. */
  table: RealtimeTable | null;
  event: RealtimeEventType | '*';
  filter: RowFilter | null;
}

export class BindingError extends Error {}

const FILTER = /^([a-z_][a-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/;
let nextBindingId = 1;

function parseFilter(
  text: string,
  table: RealtimeTable | null,
  columnsOf: (table: RealtimeTable) => readonly string[],
): RowFilter {
  const match = FILTER.exec(text);
  if (!match || table === null) throw new BindingError(REALTIME_ERRORS.badFilter);
  const [, column, operator, raw] = match as unknown as [string, string, FilterOperator, string];
  if (!columnsOf(table).includes(column)) throw new BindingError(REALTIME_ERRORS.unknownColumn);
  if (operator !== 'in') return { column, operator, values: [raw] };
  const list = /^\((.*)\)$/.exec(raw);
  if (!list) throw new BindingError(REALTIME_ERRORS.badFilter);
  return { column, operator, values: list[1]!.split(',').map((value) => value.trim()) };
}

function tableOf(binding: PostgresChangeBinding): RealtimeTable | null {
  const { schema, table } = binding;
  const anyTable = table === undefined || table === '' || table === '*';
  if (schema === '*' && anyTable) return null;
  if (schema !== 'public') throw new BindingError(unknownTable(binding));
  if (anyTable) return null;
  if (!(REALTIME_TABLES as readonly string[]).includes(table)) {
    throw new BindingError(unknownTable(binding));
  }
  return table as RealtimeTable;
}

function unknownTable({ schema, table, filter }: PostgresChangeBinding): string {
  return `${REALTIME_ERRORS.unknownTable}: [schema: ${schema}, table: ${table ?? '*'}, filters: [${filter ?? ''}]]`;
}

/** Reads a join's bindings; a table this server does not publish or a bad filter is refused. */
export function acceptBindings(
  requested: PostgresChangeBinding[],
  columnsOf: (table: RealtimeTable) => readonly string[],
): Binding[] {
  return requested.map((binding) => {
    const table = tableOf(binding);
    const filter = binding.filter ? parseFilter(binding.filter, table, columnsOf) : null;
    return { id: nextBindingId++, requested: binding, table, event: binding.event, filter };
  });
}

function compare(cell: unknown, value: string): number {
  const text = cell instanceof Date ? cell.toISOString() : String(cell);
  const [a, b] = [Number(text), Number(value)];
  if (text !== '' && value !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return text < value ? -1 : text > value ? 1 : 0;
}

export function rowMatches(filter: RowFilter | null, row: Record<string, unknown>): boolean {
  if (!filter) return true;
  const cell = row[filter.column];
  if (cell === undefined || cell === null) return false;
  const [value] = filter.values as [string];
  switch (filter.operator) {
    case 'eq':
      return compare(cell, value) === 0;
    case 'neq':
      return compare(cell, value) !== 0;
    case 'lt':
      return compare(cell, value) < 0;
    case 'lte':
      return compare(cell, value) <= 0;
    case 'gt':
      return compare(cell, value) > 0;
    case 'gte':
      return compare(cell, value) >= 0;
    case 'in':
      return filter.values.some((candidate) => compare(cell, candidate) === 0);
  }
}

export function bindingWants(binding: Binding, table: RealtimeTable, type: RealtimeEventType) {
  return (
    (binding.table === null || binding.table === table) &&
    (binding.event === '*' || binding.event === type)
  );
}
