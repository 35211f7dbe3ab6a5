import { REPEATABLE_TABLE } from '../db/repeatable.js';
import type { Queryable } from '../db/types.js';

/** The table the versioned migrations keep for themselves. */
export const MIGRATIONS_TABLE = 'schema_migrations';
/** The migrations' own tables: each database has its own, never copied. */
export const MIGRATION_TABLES: readonly string[] = [MIGRATIONS_TABLE, REPEATABLE_TABLE];

export interface Column {
  name: string;
  /** As format_type prints it, e.g. `timestamp with time zone`, `character varying(20)`. */
  type: string;
  identity: boolean;
  /** A stored generated column: computed by the target, never written. */
  generated: boolean;
}

export interface Table {
  name: string;
  columns: Column[];
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  /** pg_get_constraintdef, to add the constraint again exactly as it was. */
  definition: string;
}

export interface Trigger {
  table: string;
  name: string;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function qualified(name: string): string {
  return `public.${quoteIdent(name)}`;
}

/** Every ordinary table of schema public, its live columns in their order. */
export async function readTables(db: Queryable): Promise<Table[]> {
  const { rows } = await db.query<{
    table_name: string;
    name: string;
    type: string;
    identity: boolean;
    generated: boolean;
  }>(
    `SELECT c.relname AS table_name, a.attname AS name,
            format_type(a.atttypid, a.atttypmod) AS type,
            a.attidentity <> '' AS identity, a.attgenerated <> '' AS generated
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind = 'r'
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Table>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [] };
      tables.set(row.table_name, table);
    }
    const { name, type, identity, generated } = row;
    table.columns.push({ name, type, identity, generated });
  }
  return [...tables.values()];
}

export async function readForeignKeys(db: Queryable): Promise<ForeignKey[]> {
  const { rows } = await db.query<ForeignKey>(
    `SELECT con.conname AS name, src.relname AS table, dst.relname AS references,
            pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con
       JOIN pg_class src ON src.oid = con.conrelid
       JOIN pg_class dst ON dst.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = src.relnamespace
      WHERE con.contype = 'f' AND n.nspname = 'public'
      ORDER BY src.relname, con.conname`,
  );
  return rows;
}

/** Enabled triggers that the schema declares (not those behind constraints). */
export async function readUserTriggers(db: Queryable): Promise<Trigger[]> {
  const { rows } = await db.query<Trigger>(
    `SELECT c.relname AS table, t.tgname AS name
       FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgenabled <> 'D'
      ORDER BY c.relname, t.tgname`,
  );
  return rows;
}

export async function readSequenceNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S'
      ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

export interface CopyPlan {
  /** Referenced tables before the tables referring to them. */
  order: string[];
  /**
   * Foreign keys inside a cycle (a table referring to itself, as profiles.partner_id does, or
   * tables referring to each other): no order of rows satisfies them while copying, so they are
   * dropped for the copy and added again after it, which checks every row.
   */
  deferred: ForeignKey[];
}

/** Orders the tables by their foreign keys (depth first), setting aside the keys of cycles. */
export function planCopy(tables: string[], foreignKeys: ForeignKey[]): CopyPlan {
  const order: string[] = [];
  const deferred: ForeignKey[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    state.set(table, 'visiting');
    for (const key of foreignKeys.filter((fk) => fk.table === table)) {
      const seen = state.get(key.references);
      if (seen === 'visiting') deferred.push(key);
      else if (!seen && tables.includes(key.references)) visit(key.references);
    }
    state.set(table, 'done');
    order.push(table);
  };
  for (const table of [...tables].sort()) if (!state.has(table)) visit(table);
  return { order, deferred };
}
