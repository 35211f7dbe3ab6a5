import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';
import type { Queryable } from '../src/db/types.js';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';

/** What a schema is made of, as PostgreSQL prints it: any difference between two shows here. */
const SCHEMA = [
  `SELECT c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity || '/' ||
          c.relforcerowsecurity || ' owner=' || pg_get_userbyid(c.relowner) ||
          ' acl=' || coalesce(c.relacl::text, '') AS line
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public'`,
  `SELECT table_name || '.' || column_name || ' ' || data_type || ' null=' || is_nullable ||
          ' default=' || coalesce(column_default, '') AS line
     FROM information_schema.columns WHERE table_schema = 'public'`,
  `SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
  `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
  `SELECT tablename || ' ' || policyname || ' ' || cmd::text || ' ' || array_to_string(roles, ',') ||
          ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '') AS line
     FROM pg_policies WHERE schemaname = 'public'`,
  `SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`,
  `SELECT pg_get_functiondef(p.oid) || ' owner=' || pg_get_userbyid(p.proowner) ||
          ' acl=' || coalesce(p.proacl::text, '') AS line
     FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace`,
  `SELECT 'migration ' || version AS line FROM schema_migrations`,
  `SELECT 'repeatable ' || name || ' ' || checksum AS line FROM schema_repeatable`,
  `SELECT 'rows ' || c.relname || ' ' || (xpath('/row/n/text()',
          query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text
          AS line
     FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
];

async function describeSchema(db: Queryable): Promise<string[]> {
  const lines: string[] = [];
  for (const sql of SCHEMA) {
    const { rows } = await db.query<{ line: string }>(sql);
    lines.push(...rows.map((row) => row.line));
  }
  return lines.sort();
}

describe.each(DRIVERS)('the test template on %s', (driver) => {
  let fromTemplate: TestDatabase;
  let fromEmpty: TestDatabase;

  beforeAll(async () => {
    fromTemplate = await createTestDatabase(driver);
    // Naming the migrations folder asks for initdb and every migration, as a new install runs.
    fromEmpty = await createTestDatabase(driver, undefined, MIGRATIONS_DIR);
    // initdb and every migration in one hook: the slowest set-up of the suite, on purpose.
  }, 180_000);
  afterAll(async () => {
    await fromTemplate?.drop();
    await fromEmpty?.drop();
  });

  it('is what migrating an empty database from the first file gives', async () => {
    const expected = await describeSchema(fromEmpty.db);
    expect(expected.filter((line) => line.startsWith('migration '))).not.toHaveLength(0);
    expect(await describeSchema(fromTemplate.db)).toEqual(expected);
  });
});
