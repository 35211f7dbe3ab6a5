// The run's own PostgreSQL database, and what the test reads of it directly.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface RunDatabase {
  url: string;
  /** The versioned migrations applied, in order. */
  migrations(): Promise<string[]>;
  /** How many desires are stored, whoever sent them. */
  storedDesires(): Promise<number>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database beside the one adminUrl names; dropped at the end of the run. */
export async function createRunDatabase(adminUrl: string): Promise<RunDatabase> {
  const name = `upgrade_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const address = new URL(adminUrl);
  address.pathname = `/${name}`;
  const url = address.toString();
  return {
    url,
    migrations: () =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ version: string }>(
          'SELECT version FROM schema_migrations ORDER BY 1',
        );
        return rows.map((row) => row.version);
      }),
    storedDesires: () =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM messages',
        );
        return rows[0]!.n;
      }),
    async drop() {
      await withClient(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
