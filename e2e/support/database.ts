import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the machine's PostgreSQL (TEST_DATABASE_URL names an admin connection). */
export async function createDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Moves a pairing code's expiry into the past, as fifteen minutes of waiting would. */
export async function expirePairingCode(databaseUrl: string, code: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query(
      `UPDATE pairing_codes SET expires_at = now() - interval '1 second' WHERE code = $1`,
      [code.replace('-', '').toUpperCase()],
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
