import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../src/db/migrate.js';
import { repeatableFiles } from '../src/db/repeatable.js';
import type { Queryable } from '../src/db/types.js';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';

const REPEATABLE_DIR = join(MIGRATIONS_DIR, 'repeatable');
const work = await mkdtemp(join(tmpdir(), 'couple-repeatable-'));

afterAll(() => rm(work, { recursive: true, force: true }));

/** A copy of the migrations folder: the versioned files, and the repeatable ones when asked. */
async function migrationsCopy(name: string, withRepeatable: boolean): Promise<string> {
  const dir = join(work, name);
  await mkdir(join(dir, 'repeatable'), { recursive: true });
  for (const file of await migrationFiles()) {
    await copyFile(join(MIGRATIONS_DIR, file), join(dir, file));
  }
  if (withRepeatable) {
    for (const file of await repeatableFiles(REPEATABLE_DIR)) {
      await writeFile(join(dir, 'repeatable', file.name), file.sql);
    }
  }
  return dir;
}

interface SchemaObject {
  name: string;
  definition: string;
  owner: string;
  acl: string;
}

/** Every function and view of schema public as PostgreSQL prints it, with owner and grants. */
async function schemaObjects(db: Queryable): Promise<SchemaObject[]> {
  const { rows } = await db.query<SchemaObject>(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name,
            pg_get_functiondef(p.oid) AS definition, pg_get_userbyid(p.proowner) AS owner,
            coalesce(p.proacl::text, '') AS acl
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public'
     UNION ALL
     SELECT c.relname, coalesce(array_to_string(c.reloptions, ',') || ' ', '') ||
            pg_get_viewdef(c.oid), pg_get_userbyid(c.relowner), coalesce(c.relacl::text, '')
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'v'
      ORDER BY 1`,
  );
  return rows;
}

async function recorded(db: Queryable) {
  const { rows } = await db.query<{ name: string; checksum: string; applied_at: string }>(
    'SELECT name, checksum, applied_at FROM schema_repeatable ORDER BY name',
  );
  return rows;
}

describe.each(DRIVERS)('repeatable migrations on %s', (driver) => {
  let database: TestDatabase;
  /** The baseline's placeholders, before any repeatable file ran. */
  let versioned: SchemaObject[];
  /** After this build's repeatable files. */
  let current: SchemaObject[];

  beforeAll(async () => {
    database = await createTestDatabase(driver, undefined, await migrationsCopy(driver, false));
    versioned = await schemaObjects(database.db);
  });
  afterAll(() => database.drop());

  it('define every function the baseline declares, and each function and view has its file', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const after = await schemaObjects(database.db);
    current = after;
    const files = (await repeatableFiles(REPEATABLE_DIR)).map((file) => file.name);
    for (const object of after) {
      const bare = object.name.replace(/\(.*$/, '');
      expect(files, `${bare} has no file in migrations/repeatable`).toContain(`${bare}.sql`);
    }
    // Replaced, not overloaded: a file whose signature differs would leave the placeholder.
    for (const declared of versioned) {
      const now = after.find((object) => object.name === declared.name);
      expect(now?.definition, `${declared.name} is still the baseline's placeholder`).not.toBe(
        declared.definition,
      );
    }
    expect((await recorded(database.db)).map((row) => row.name)).toEqual(files);
  });

  it('costs nothing on a start where no file changed', async () => {
    const before = await recorded(database.db);
    expect(await migrate(database.db)).toEqual([]);
    expect(await recorded(database.db)).toEqual(before);
  });

  it('runs every file again when one changed, and forgets a removed file', async () => {
    const dir = await migrationsCopy(`${driver}-changed`, true);
    const file = join(dir, 'repeatable', 'has_partner.sql');
    const sql = await readFile(file, 'utf8');
    await writeFile(file, sql.replace('false)', 'false) AND true'));
    await rm(join(dir, 'repeatable', 'app_is_my_couple.sql'));
    const before = await recorded(database.db);
    await migrate(database.db, dir);
    const after = await recorded(database.db);
    const changed = after.filter(
      (row) => before.find((old) => old.name === row.name)?.checksum !== row.checksum,
    );
    expect(changed.map((row) => row.name)).toEqual(['has_partner.sql']);
    expect(after.map((row) => row.name)).not.toContain('app_is_my_couple.sql');
    const latest = Math.max(...before.map((row) => new Date(row.applied_at).getTime()));
    for (const row of after) expect(new Date(row.applied_at).getTime()).toBeGreaterThan(latest);
    const { rows } = await database.db.query<{ definition: string }>(
      `SELECT pg_get_functiondef('has_partner'::regproc) AS definition`,
    );
    expect(rows[0]!.definition).toContain('false) AND true');
    // Back to this build's files: has_partner is restored, app_is_my_couple recorded again.
    await migrate(database.db);
    expect(await schemaObjects(database.db)).toEqual(current);
  });

  it('runs every file after a versioned migration, which may have dropped what one makes', async () => {
    const dir = await migrationsCopy(`${driver}-upgrade`, true);
    await writeFile(join(dir, '999_drop_a_view.sql'), 'DROP VIEW profile_view;');
    await migrate(database.db, dir);
    expect(await schemaObjects(database.db)).toEqual(current);
  });
});
