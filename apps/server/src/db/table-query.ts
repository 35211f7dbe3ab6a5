/** A PostgREST-style read as SQL: the order and page of rows a client asked for. */

/** At most this many rows per read, asked for or not: PostgREST's `max-rows`. */
export const REST_MAX_ROWS = 1000;

export interface OrderBy {
  column: string;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

export interface Page {
  offset: number;
  /** null: as many as there are, up to REST_MAX_ROWS. */
  limit: number | null;
}

/** SQL for the order; columns were checked against the table's list. */
export function orderClause(order: OrderBy[]): string {
  if (order.length === 0) return '';
  const terms = order.map(({ column, descending, nulls }) => {
    const direction = descending ? ' DESC' : ' ASC';
    return `"${column}"${direction}${nulls ? ` NULLS ${nulls.toUpperCase()}` : ''}`;
  });
  return `ORDER BY ${terms.join(', ')}`;
}
