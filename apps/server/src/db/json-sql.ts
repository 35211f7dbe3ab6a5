/**
 * SQL that builds an answer's JSON in PostgreSQL, for reads whose rows would otherwise be parsed
 * field by field by the driver and serialised again by the server.
 */

/**
 * A timestamptz as the drivers hand it back (db/parsers.ts): ISO 8601 in UTC, milliseconds cut
 * (not rounded), e.g. 2026-11-21T10:55:02.123Z; null stays null.
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * json_build_object over columns: each name from the same column of `alias`, timestamps as
 * isoTimestamp gives them; then the `more` names, each from its SQL expression.
 */
export function jsonObjectOf(
  alias: string,
  columns: readonly string[],
  timestamps: readonly string[],
  more: Record<string, string> = {},
): string {
  const pairs = columns.map((column) => {
    const value = `${alias}.${column}`;
    return `'${column}', ${timestamps.includes(column) ? isoTimestamp(value) : value}`;
  });
  for (const [name, expression] of Object.entries(more)) pairs.push(`'${name}', ${expression}`);
  return `json_build_object(${pairs.join(', ')})`;
}
