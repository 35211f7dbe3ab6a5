import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Session } from '@couple/protocol';
import { restorePGlite } from '../src/backup/restore-pglite.js';
import { restorePostgres } from '../src/backup/restore-postgres.js';
import { createTestDatabase, DRIVERS, type Driver } from './helpers/database.js';
import { startTestServer } from './helpers/server.js';
import { createUser, desire, pair, request, type TestUser } from './helpers/api.js';
import { fakeV2, publishKey, v2Desire } from './helpers/keys.js';
import { backupOf, emptyTarget, openTarget } from './helpers/backup.js';

const SENDS = 80;
const PAIRS = 20;

async function startOn(driver: Driver, dataDir: string) {
  const database = await createTestDatabase(driver, driver === 'pglite' ? dataDir : undefined);
  return startTestServer(driver, { database, env: { DATA_DIR: dataDir } });
}

describe.each(DRIVERS)('an online backup on %s', (driver) => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('holds every desire sent during it whole or not at all, and restores into a server where users sign in and read them', async () => {
    const work = await mkdtemp(join(tmpdir(), 'couple-backup-'));
    dirs.push(work);
    const server = await startOn(driver, join(work, 'data'));
    const { db } = server.database;
    let alice: TestUser, bob: TestUser, v2: { id: string; ciphertext: string };
    try {
      alice = await createUser(server.url);
      bob = await createUser(server.url);
      await pair(server.url, alice, bob);
      const [carol, dave] = [await createUser(server.url), await createUser(server.url)];
      await pair(server.url, carol, dave);
      const [aliceKey, bobKey] = [
        await publishKey(server.url, alice),
        await publishKey(server.url, bob),
      ];
      const body = v2Desire(fakeV2(aliceKey.key_id, [bobKey.key_id, aliceKey.key_id]));
      const sentV2 = await request(server.url, 'POST', '/api/messages', {
        token: alice.token,
        body,
      });
      expect(sentV2.status).toBe(201);
      v2 = { id: sentV2.body.message!.id, ciphertext: body.content };

      // While the backup runs: desires over HTTP, and transactions of two desires each with a
      // pause between the statements (held open in the PGlite worker across messages).
      const acknowledged = new Map<string, number>();
      let busy = 0;
      const sends = Array.from({ length: SENDS }, async (_, i) => {
        const id = randomUUID();
        await new Promise((resolve) => setTimeout(resolve, i * 4));
        // As the app's outbox does: a busy server (503, nothing done) is asked again.
        for (let attempt = 0; attempt < 50; attempt++) {
          const sent = await request(server.url, 'POST', '/api/messages', {
            token: carol.token,
            body: desire({ id, content: `desire ${i}` }),
          });
          if (sent.status === 201 || sent.status === 200) {
            acknowledged.set(id, Date.now());
            return;
          }
          if (sent.status !== 503) throw new Error(`send ${i} answered ${sent.status}`);
          busy++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      const pairs = Array.from({ length: PAIRS }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 40));
        const ids = [randomUUID(), randomUUID()];
        await db.transaction(async (tx) => {
          for (const id of ids) {
            await tx.query(
              `INSERT INTO messages (id, sender_id, receiver_id, intensity, urgency, encrypted, note)
               VALUES ($1, $2, $3, 5, 2, false, 'one of a pair')`,
              [id, dave.id, carol.id],
            );
            await tx.query('SELECT pg_sleep(0.005)');
          }
        });
        return ids;
      });
      await new Promise((resolve) => setTimeout(resolve, 60));
      const started = Date.now();
      const backup = await backupOf(server.database, join(work, 'backups'));
      const finished = Date.now();
      await Promise.all(sends);
      expect(acknowledged.size).toBe(SENDS);
      const pairIds = await Promise.all(pairs);

      const target = await emptyTarget(driver);
      if (target.dataDir) dirs.push(join(target.dataDir, '..'));
      try {
        const outcome = target.url
          ? await restorePostgres(target.url, join(work, 'restore-points'), backup.file)
          : await restorePGlite(target.dataDir!, backup.file);
        expect(outcome.restorePoint).toBeUndefined();
        const restored = await openTarget(target);
        try {
          const rows = (
            await restored.db.query<{ id: string; note: string; sender_id: string }>(
              `SELECT id::text, note, sender_id::text FROM messages WHERE sender_id = $1 OR sender_id = $2`,
              [carol.id, dave.id],
            )
          ).rows;
          const ids = new Set(rows.map((row) => row.id));
          // Acknowledged before the backup began: in it. Every restored desire was acknowledged,
          // and not after the backup had finished plus the reply's way back.
          for (const [id, at] of acknowledged) if (at < started) expect(ids.has(id)).toBe(true);
          for (const row of rows.filter((row) => row.sender_id === carol.id)) {
            expect(acknowledged.has(row.id)).toBe(true);
            expect(row.note).toMatch(/^desire \d+$/);
          }
          for (const [first, second] of pairIds) expect(ids.has(first!)).toBe(ids.has(second!));
          const inCopy = pairIds.filter(([first]) => ids.has(first!)).length;
          const sentInCopy = rows.filter((row) => row.sender_id === carol.id).length;
          // The backup ran in the middle of the writes: some before it, some after.
          expect(sentInCopy + inCopy).toBeGreaterThan(0);
          expect(sentInCopy + inCopy * 2).toBeLessThan(SENDS + PAIRS * 2 + 1);
          console.log(
            `${driver}: backup of ${backup.bytes} bytes in ${finished - started} ms; in it ${sentInCopy}/${SENDS} sends, ${inCopy}/${PAIRS} pairs; ${busy} sends shed (503) and sent again`,
          );

          const stored = await restored.db.query<{ note: string | null; note_encrypted: string }>(
            'SELECT note, note_encrypted FROM messages WHERE id = $1',
            [v2.id],
          );
          expect(stored.rows[0]).toEqual({ note: null, note_encrypted: v2.ciphertext });

          const again = await startTestServer(driver, {
            database: restored,
            env: { DATA_DIR: target.dataDir ?? work },
          });
          try {
            const login = await request<Session>(again.url, 'POST', '/api/auth/login', {
              body: { email: bob.email, password: bob.password },
            });
            expect(login.status).toBe(200);
            const inbox = await request(again.url, 'GET', '/api/messages', {
              token: login.body.access_token,
            });
            expect(inbox.status).toBe(200);
            expect(inbox.body.messages?.map((message) => message.id)).toContain(v2.id);
            const refreshed = await request(again.url, 'POST', '/api/auth/refresh', {
              body: { refresh_token: alice.session.refresh_token },
            });
            expect(refreshed.status).toBe(200);
          } finally {
            await again.close();
          }
        } finally {
          await restored.drop();
        }
      } finally {
        await target.drop();
      }
    } finally {
      await server.close();
      await server.database.drop();
    }
  }, 120_000);
});
