import type { Database } from '../db/index.js';

/** Returns the named secret, creating it once; every instance on the database shares it. */
export async function loadOrCreateSecret(
  db: Database,
  name: string,
  generate: () => string,
): Promise<string> {
  await db.query(
    'INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, generate()],
  );
  const { rows } = await db.query<{ value: string }>(
    'SELECT value FROM app_secrets WHERE name = $1',
    [name],
  );
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}
