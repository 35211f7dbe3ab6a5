import type { Database } from '../../src/db/index.js';

/**
 * Transactions that stay open until released: a backlog the server can see (its load gauge
 * counts them), which is how tests make it shed load. Returns the release.
 */
export function holdDatabase(db: Database, count: number): () => Promise<void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () =>
    db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await gate;
    }),
  );
  return async () => {
    release();
    await Promise.all(held);
  };
}
