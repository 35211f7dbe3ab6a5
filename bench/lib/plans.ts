import type { Database, Queryable } from '../../apps/server/src/db/index.js';
import type { SqlParam } from '../../apps/server/src/db/types.js';
import * as repo from '../../apps/server/src/messages/repository.js';

export interface Plan {
  query: string;
  text: string;
  executionMs: number;
  indexBacked: boolean;
}

/**
 * A Queryable that EXPLAIN ANALYZEs every statement the server's own repository functions send,
 * so the plans shown are those of the exact SQL the server runs, as app_user with app.user_id set.
 */
function explaining(tx: Queryable, label: string, plans: Plan[]): Queryable {
  let n = 0;
  return {
    async query<T>(sql: string, params: SqlParam[] = []) {
      n += 1;
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) ${sql}`,
        params,
      );
      const text = rows.map((row) => row['QUERY PLAN']).join('\n');
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN);
      plans.push({
        query: `${label}${n > 1 ? ` (statement ${n})` : ''}`,
        text,
        executionMs,
        indexBacked: !/Seq Scan on messages/.test(text),
      });
      return { rows: [] as T[], rowCount: 0 };
    },
    async exec(sql: string) {
      await tx.exec(sql);
    },
  };
}

/** Plans of the inbox (list + count) and unread count of a receiver, and a sender's sent list. */
export async function explainInboxQueries(
  db: Database,
  userId: string,
  senderId: string,
): Promise<Plan[]> {
  const plans: Plan[] = [];
  await db.asUser(userId, async (tx) => {
    await repo.listReceived(explaining(tx, 'inbox: GET /api/messages?limit=50', plans), userId, {
      unreadOnly: false,
      limit: 50,
    });
    await repo.countUnread(explaining(tx, 'unread count', plans), userId);
  });
  await db.asUser(senderId, async (tx) => {
    await repo.listSent(explaining(tx, 'sent: GET /api/messages/sent', plans), senderId, {
      limit: 50,
    });
  });
  return plans;
}
