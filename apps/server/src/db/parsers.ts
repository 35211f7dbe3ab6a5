/** Both drivers hand rows back in one shape: ISO timestamps and plain numbers. */
export const PG_TYPES = { int8: 20, timestamp: 1114, timestamptz: 1184 } as const;

export function parseTimestamp(text: string): string {
  // Postgres prints '2026-11-21 10:55:02.123456+00'; ISO needs 'T' and a '+00:00' offset.
  const iso = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export function parseInt8(text: string): number {
  return Number(text);
}
