import fc from 'fast-check';
import type { Database } from '../../../src/db/index.js';

export interface Route {
  method: string;
  path: string;
}

const STATIC = /^\/(assets|icons)\/|^\/(sw\.js|index\.html|manifest\.webmanifest)$|\*/;

/** Every method and path the app serves, read from Fastify's route tree (static files left out). */
export function routesOf(tree: string): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack.at(-1) ?? '') + match[2]!;
    stack.push(path);
    for (const method of match[3]!.split(', ')) {
      if (method !== 'HEAD' && !STATIC.test(path)) routes.push({ method, path });
    }
  }
  return routes;
}

/** Names of every field some route or event reads, so wrong types hit real code. */
const FIELDS = [
  'id',
  'ids',
  'intensity',
  'urgency',
  'encrypted',
  'note',
  'noteEncrypted',
  'note_encrypted',
  'encryptionData',
  'encryption_data',
  'receiverId',
  'receiver_id',
  'sender_id',
  'code',
  'username',
  'email',
  'password',
  'refresh_token',
  'grant_type',
  'subscription',
  'endpoint',
  'keys',
  'p256dh',
  'auth',
  'token',
  'fid',
  'message',
  'signature',
  'nonce',
  'header',
  'payload',
  'platform',
  'display_name',
  'avatar_url',
  'bio',
  'function_name',
  'user_id',
  'p_code',
  'limit',
  'unread',
  '__proto__',
  'constructor',
];

/** Values a client could send: other users' ids, edge numbers, odd strings, anything. */
export function valueArb(ids: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.constantFrom(...ids).map((id) => [id]) },
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 11, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, -0),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom(
      '',
      ' ',
      'null',
      'NaN',
      '\u0000',
      "'; DROP TABLE messages; --",
      '%',
      '../../etc/passwd',
    ),
    fc.boolean(),
    fc.constant(null),
    fc.anything({ maxDepth: 3 }),
  );
}

export function objectArb(ids: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })),
    valueArb(ids),
    {
      maxKeys: 6,
    },
  );
}

export interface RawBody {
  text: string | undefined;
  contentType: string | undefined;
}

/** Bodies: JSON with wrong types, random JSON, malformed text, deep nesting, huge payloads. */
export function bodyArb(ids: string[]): fc.Arbitrary<RawBody> {
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ text: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  return fc.oneof(
    { weight: 4, arbitrary: json(objectArb(ids)) },
    json(fc.jsonValue({ maxDepth: 4 })),
    json(valueArb(ids)),
    fc.record({
      text: fc.string({ unit: 'binary', maxLength: 200 }),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
    }),
    fc.record({
      text: fc
        .integer({ min: 1, max: 6_000 })
        .map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
      contentType: fc.constant('application/json'),
    }),
    fc.record({
      text: fc
        .integer({ min: 17_000, max: 200_000 })
        .map((size) => JSON.stringify({ note: 'x'.repeat(size) })),
      contentType: fc.constant('application/json'),
    }),
    fc.constant({ text: undefined, contentType: undefined }),
  );
}

/** Query strings: list options and PostgREST filters, some naming other users' rows. */
export function queryArb(ids: string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.constantFrom(
      'limit',
      'unread',
      'select',
      'id',
      'sender_id',
      'receiver_id',
      'order',
      'offset',
      'token',
      'x',
    ),
    fc.oneof(
      fc.constantFrom(...ids).map((id) => `eq.${id}`),
      fc.constantFrom(...ids),
      fc.string({ maxLength: 20 }),
      fc.integer().map(String),
    ),
  );
  return fc
    .array(pair, { maxLength: 3 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
}

export interface Snapshot {
  /** One hash per table: every row. */
  all: Record<string, string>;
  /** One hash per table: the rows that mention the guarded users. */
  guarded: Record<string, string>;
}

/**
 * Columns that any request with a valid token may write as bookkeeping, refused or not: the
 * session check marks a session seen (at most once a minute) and from which user agent.
 */
const BOOKKEEPING: Record<string, string[]> = { auth_sessions: ['last_seen_at', 'user_agent'] };

/** Hashes every table's rows (bookkeeping aside); `guarded` only rows naming those user ids. */
export async function snapshotter(
  db: Database,
  guardedIds: string[],
): Promise<() => Promise<Snapshot>> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const mentions = guardedIds.map((id) => `x::text LIKE '%${id}%'`).join(' OR ');
  const row = (name: string) =>
    BOOKKEEPING[name]
      ? `(to_jsonb(x) - ARRAY[${BOOKKEEPING[name].map((column) => `'${column}'`).join(', ')}])::text`
      : 'x::text';
  const sql = rows
    .map(
      ({ name }) => `SELECT '${name}' AS name,
        md5(coalesce(string_agg(${row(name)}, '|' ORDER BY ${row(name)}), '')) AS all_rows,
        md5(coalesce(string_agg(${row(name)}, '|' ORDER BY ${row(name)}) FILTER (WHERE ${mentions}), '')) AS guarded
      FROM "${name}" x`,
    )
    .join(' UNION ALL ');
  return async () => {
    const result = await db.query<{ name: string; all_rows: string; guarded: string }>(sql);
    return {
      all: Object.fromEntries(result.rows.map((row) => [row.name, row.all_rows])),
      guarded: Object.fromEntries(result.rows.map((row) => [row.name, row.guarded])),
    };
  };
}
