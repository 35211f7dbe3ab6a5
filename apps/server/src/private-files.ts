import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config.js';

/** Group and other bits: none of what the server writes is for another account. */
export const SHARED_BITS = 0o077;

/**
 * Makes every file this process creates from now on its user's alone (files 0600, folders
 * 0700): PGlite's data and WAL (which hold the JWT secret), backups, sockets, scratch folders.
 * PGlite asks for 0666 and the usual umask (022) would leave its files readable by every local
 * account. Called first by each entry point; the worker thread inherits it (a umask is the
 * process's, and a worker cannot set one).
 */
export function keepNewFilesPrivate(): void {
  process.umask(SHARED_BITS);
}

/**
 * Removes group and other bits from `root` and everything under it (not through symbolic links,
 * which are left alone): a DATA_DIR made by an earlier release, or by hand, under a looser
 * umask. Returns how many entries were changed. An entry this user cannot change (it belongs to
 * another account) is a configuration error that says which command fixes it.
 */
export async function tightenTree(root: string): Promise<number> {
  let changed = 0;
  const visit = async (path: string): Promise<void> => {
    const stats = await lstat(path).catch((error: NodeJS.ErrnoException) => {
      // Gone since its folder was read (or no DATA_DIR yet): nothing to tighten.
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & SHARED_BITS) {
      try {
        await chmod(path, stats.mode & 0o7777 & ~SHARED_BITS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'EACCES') throw error;
        throw new ConfigError(
          `${path} can be read by other accounts and this user cannot change it; run \`chmod -R go-rwx ${root}\` as its owner`,
        );
      }
      changed += 1;
    }
    if (!stats.isDirectory()) return;
    const names = await readdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const name of names) await visit(join(path, name));
  };
  await visit(root);
  return changed;
}
