import type { Queryable } from '../../src/db/types.js';

/**
 * Privileges as "grantee privilege[*]" words, NULL read as the owner's default: a REVOKE on an
 * object that had no grants stores that default explicitly, which grants exactly the same.
 */
const privileges = (acl: string, kind: string, owner: string) =>
  `coalesce((SELECT string_agg(coalesce(nullif(a.grantee::regrole::text, '-'), 'public') || ' ' ||
       a.privilege_type || CASE WHEN a.is_grantable THEN '*' ELSE '' END, ', '
       ORDER BY 1)
     FROM aclexplode(coalesce(${acl}, acldefault('${kind}', ${owner}))) a), '')`;

/** What a schema is made of, as PostgreSQL prints it: any difference between two shows here. */
const SCHEMA = [
  `SELECT 'schema public owner=' || pg_get_userbyid(nspowner) || ' acl=' ||
          ${privileges('nspacl', 'n', 'nspowner')} AS line
     FROM pg_namespace WHERE nspname = 'public'`,
  `SELECT 'relation ' || c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity ||
          '/' || c.relforcerowsecurity || ' owner=' || pg_get_userbyid(c.relowner) ||
          ' options=' || coalesce(array_to_string(c.reloptions, ','), '') ||
          ' acl=' || ${privileges('c.relacl', 'r', 'c.relowner')} AS line
     FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace`,
  `SELECT 'column ' || c.relname || '.' || a.attname || ' #' || a.attnum || ' ' ||
          format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull ||
          ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') ||
          ' identity=' || a.attidentity::text || ' generated=' || a.attgenerated::text ||
          ' acl=' || coalesce(a.attacl::text, '') AS line
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p')
      AND a.attnum > 0 AND NOT a.attisdropped`,
  `SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' ||
          pg_get_constraintdef(oid) AS line
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
  `SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
  `SELECT 'sequence ' || sequencename || ' ' || data_type::text || ' ' || start_value || ' ' ||
          increment_by || ' ' || cycle AS line
     FROM pg_sequences WHERE schemaname = 'public'`,
  `SELECT 'policy ' || tablename || ' ' || policyname || ' ' || permissive || ' ' || cmd::text ||
          ' ' || array_to_string(roles, ',') || ' using=' || coalesce(qual, '') ||
          ' check=' || coalesce(with_check, '') AS line
     FROM pg_policies WHERE schemaname = 'public'`,
  `SELECT 'trigger ' || pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text AS line
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`,
  `SELECT 'function ' || pg_get_functiondef(p.oid) || ' owner=' || pg_get_userbyid(p.proowner) ||
          ' acl=' || ${privileges('p.proacl', 'f', 'p.proowner')} AS line
     FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace`,
  `SELECT 'view ' || c.relname || ' ' || pg_get_viewdef(c.oid) AS line
     FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')`,
  `SELECT 'type ' || t.typname || ' ' || t.typtype::text AS line
     FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace`,
  `SELECT 'comment ' || pg_describe_object(classoid, objoid, objsubid) || ' ' || description
          AS line
     FROM pg_description
    WHERE pg_describe_object(classoid, objoid, objsubid) IS NOT NULL
      AND classoid = 'pg_class'::regclass
      AND objoid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`,
  `SELECT 'rows ' || c.relname || ' ' || (xpath('/row/n/text()',
          query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text
          AS line
     FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'`,
];

/** The migrations' own records, where their tables exist. */
const RECORDS = {
  schema_migrations: `SELECT 'migration ' || version AS line FROM schema_migrations`,
  schema_repeatable: `SELECT 'repeatable ' || name || ' ' || checksum AS line FROM schema_repeatable`,
};

/** Every line of a database's schema (and its tables' row counts), sorted. */
export async function describeSchema(db: Queryable): Promise<string[]> {
  const lines: string[] = [];
  const { rows: tables } = await db.query<{ name: keyof typeof RECORDS }>(
    `SELECT relname AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relname = ANY($1)`,
    [Object.keys(RECORDS)],
  );
  const records = tables.map((table) => RECORDS[table.name]);
  for (const sql of [...SCHEMA, ...records]) {
    const { rows } = await db.query<{ line: string }>(sql);
    lines.push(...rows.map((row) => row.line));
  }
  return lines.sort();
}
