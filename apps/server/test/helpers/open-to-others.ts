import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every path under `root` (itself included, links skipped) that grants group or others anything. */
export async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(root);
  return found;
}
