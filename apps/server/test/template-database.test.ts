import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';
import { createTestDatabase, DRIVERS, type TestDatabase } from './helpers/database.js';
import { describeSchema } from './helpers/schema-catalog.js';

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
