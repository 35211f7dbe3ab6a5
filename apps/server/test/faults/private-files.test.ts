import { spawnSync } from 'node:child_process';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/api.js';
import { openToOthers } from '../helpers/open-to-others.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';

/** The umask most shells start with: files 0644, folders 0755. */
const USUAL_UMASK = 0o022;
const asRoot = process.getuid?.() === 0;
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** How many entries are under `root`: proof that the walk saw a database, not an empty folder. */
async function countEntries(root: string): Promise<number> {
  return (await readdir(root, { recursive: true })).length;
}

/** The uid and gid of `nobody`, from /etc/passwd. */
async function nobody(): Promise<{ uid: number; gid: number }> {
  const line = (await readFile('/etc/passwd', 'utf8'))
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  const [, , uid, gid] = line!.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Issue 38: the embedded database's files, and all the server writes, are its user's alone. */
describe('private files (PGlite DATA_DIR)', () => {
  let base: string;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'couple-private-files-'));
    // The folder above DATA_DIR lets every account through, as a home or /srv usually does:
    // only DATA_DIR's own modes may keep them out.
    await chmod(base, 0o755);
    dataDir = join(base, 'data');
  });
  afterAll(async () => {
    await server?.kill();
    await rm(base, { recursive: true, force: true });
  });

  it('creates DATA_DIR and every file in it for its user alone, under a umask of 022', async () => {
    server = await spawnServer({ DATA_DIR: dataDir }, { umask: USUAL_UMASK });
    // A user written: the WAL and the tables hold secrets and rows now.
    await createUser(server.url);
    expect(await countEntries(dataDir)).toBeGreaterThan(100);
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it.skipIf(!asRoot)(
    'keeps another account (nobody) from reading a table file (run as root)',
    async () => {
      const account = await nobody();
      const tables = join(dataDir, 'base');
      const database = (await readdir(tables))[0]!;
      const tableFile = join(tables, database, (await readdir(join(tables, database)))[0]!);
      const readAs = (file: string) =>
        spawnSync('cat', [file], {
          ...account,
          encoding: 'utf8',
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      // The same reader gets through to a file that is open to all: the refusal below is the modes'.
      const open = join(base, 'open.txt');
      await writeFile(open, 'anyone', { mode: 0o644 });
      await chmod(open, 0o644);
      expect(readAs(open).status).toBe(0);
      const refused = readAs(tableFile);
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('Permission denied');
    },
  );

  it('tightens a DATA_DIR left readable by an earlier release, and says so', async () => {
    await server?.kill('SIGTERM');
    // What a release before this one left: folders 0755, files 0644, and a link out of it.
    spawnSync('chmod', ['-R', 'go+rX', dataDir]);
    await mkdir(join(dataDir, 'notes'), { mode: 0o755 });
    await chmod(join(dataDir, 'notes'), 0o755);
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(100);
    server = await spawnServer({ DATA_DIR: dataDir }, { umask: USUAL_UMASK });
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(server.output.join('')).toContain('files other accounts could read are now owner-only');
    // And it still serves from the same database.
    await createUser(server.url);
  });

  it.skipIf(!asRoot)(
    'refuses to start on a DATA_DIR it cannot make private, naming the command (run as root)',
    async () => {
      const account = await nobody();
      const foreign = join(base, 'foreign');
      await mkdir(foreign, { mode: 0o755 });
      await chmod(foreign, 0o755);
      // This Node may sit where only root can reach it (CI's is under /root/.cache).
      const node = join(base, 'node');
      await copyFile(process.execPath, node);
      await chmod(node, 0o755);
      const started = spawnSync(node, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        ...account,
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: foreign, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.error).toBeUndefined();
      expect(started.status).toBe(1);
      expect(started.stderr).toContain(`chmod -R go-rwx ${foreign}`);
    },
  );
});
