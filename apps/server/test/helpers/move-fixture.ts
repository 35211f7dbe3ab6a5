import { createHash, randomBytes } from 'node:crypto';
import { execFile, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { createUser, desire, pair, request, type TestUser } from './api.js';
import { fakeV2, publishKey } from './keys.js';
import type { FakePushService, BrowserSubscription } from './push-service.js';
import { wishApi } from './wishes.js';

const ROOT = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));

/** A v1 note as the web app seals it (AES-GCM ciphertext and its parameters, base64). */
const SECRET_V1 = {
  encrypted: true,
  content: 'q83vEjRWeJq8',
  encryptionData: { iv: 'AAECAwQFBgcICQoL', salt: 'AAECAwQFBgcICQoLDA0ODw==', version: 1 },
};
export const QUIET_WINDOW = { start: '22:00', end: '07:00', time_zone: 'Europe/Paris' };

export interface Population {
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  dave: TestUser;
  bobPush: BrowserSubscription;
}

/**
 * Two couples with everything the schema holds: plain, v1 and v2 notes, an answer with a v2
 * note, identity keys, a second session, a push subscription, quiet hours, a debug entry, and
 * sealed wishes (an item, match lists, an open round).
 */
export async function populate(url: string, push: FakePushService): Promise<Population> {
  const [alice, bob, carol, dave] = [
    await createUser(url),
    await createUser(url),
    await createUser(url),
    await createUser(url),
  ];
  await pair(url, alice, bob);
  await pair(url, carol, dave);
  const send = async (from: TestUser, body: unknown) => {
    const sent = await request(url, 'POST', '/api/messages', { token: from.token, body });
    if (sent.status !== 201) throw new Error(`send failed: ${JSON.stringify(sent.body)}`);
    return sent.body.message!.id;
  };
  await send(alice, desire(SECRET_V1));
  const plain = await send(bob, desire({ content: 'plain words, before the keys' }));
  await send(carol, desire({ intensity: 3 }));
  const [aliceKey, bobKey] = [await publishKey(url, alice), await publishKey(url, bob)];
  const v2 = () => ({
    intensity: 6,
    urgency: 2,
    encrypted: true,
    content: randomBytes(40).toString('base64'),
    encryptionData: fakeV2(aliceKey.key_id, [bobKey.key_id, aliceKey.key_id]),
  });
  const sealed = await send(alice, v2());
  const answered = await request(url, 'PUT', `/api/messages/${sealed}/answer`, {
    token: bob.token,
    body: {
      choice: 'in',
      note: {
        content: randomBytes(30).toString('base64'),
        encryptionData: fakeV2(bobKey.key_id, [aliceKey.key_id, bobKey.key_id]),
      },
    },
  });
  if (answered.status !== 200) throw new Error(`answer failed: ${JSON.stringify(answered.body)}`);
  await request(url, 'PUT', `/api/messages/${plain}/answer`, {
    token: alice.token,
    body: { choice: 'later' },
  });
  await request(url, 'POST', `/api/messages/${plain}/read`, { token: alice.token });
  // Wishes: a custom wish, a closed round (both match lists) and an open one.
  const wishes = wishApi(url);
  const [a, b] = [
    { user: alice, key: aliceKey },
    { user: bob, key: bobKey },
  ];
  await wishes.propose(a, b);
  const round = (await wishes.start(a, b)).body.id as string;
  await wishes.reply(b, a, round);
  await wishes.finish(a, b, round);
  await wishes.complete(b, a, round);
  if ((await wishes.start(b, a)).status !== 201) throw new Error('wish round failed');

  const bobPush = push.subscribe();
  await request(url, 'PUT', '/api/push/subscription', { token: bob.token, body: bobPush.json });
  await request(url, 'PUT', '/api/profile/quiet-hours', { token: dave.token, body: QUIET_WINDOW });
  await request(url, 'POST', '/api/debug/logs', {
    token: alice.token,
    body: { function_name: 'CLIENT_ERROR_send', error_message: 'offline', input_params: {} },
  });
  // A second session of alice's, as another device would hold.
  await request(url, 'POST', '/api/auth/login', {
    body: { email: alice.email, password: alice.password },
  });
  return { alice, bob, carol, dave, bobPush };
}

/**
 * What else may live in DATA_DIR beside the database: backups, and the socket a killed server
 * left behind (a process killed with SIGKILL does not remove it). The move must leave them out.
 */
export async function addNeighbours(dataDir: string): Promise<void> {
  await mkdir(join(dataDir, 'backups'));
  await writeFile(join(dataDir, 'backups/old-backup.tar'), randomBytes(1024));
  const socket = join(dataDir, 'control.sock');
  const listen = `require('node:net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`;
  spawnSync(process.execPath, ['-e', listen]);
}

/** sha256 of every file under dir, by relative path: any change to the directory shows. */
export async function fingerprint(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return files;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:move -- …` as an operator runs it (tsx, a process of its own). */
export async function runMove(args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      ['apps/server/src/move/main.ts', ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' }, timeout: 120_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** A database of its own on the test PostgreSQL server. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `move_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
