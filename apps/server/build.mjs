// Compiles the server for `npm start`: ES module bundles of src/main.ts, of the PGlite worker
// (src/db/pglite/worker.ts), of the db:move tool (src/move/main.ts) and of the backup and restore
// commands (src/backup/*-cli.ts) with the workspace's own TypeScript (this app and
// @couple/protocol), so production runs plain JavaScript with no TypeScript loader. npm packages
// stay external:
// node_modules is there at run time, and some (PGlite's WebAssembly, argon2's native addon) load
// files next to themselves.
//
// The bundle sits at dist/server/main.js, two folders below apps/server like src/db/ and
// src/web/: the paths those modules resolve from import.meta.url (../../migrations/,
// ../../../web/dist/) then hold unchanged in the bundle.
import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import { build } from 'esbuild';

const manifest = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const dependencies = [manifest('./package.json'), manifest('../../packages/protocol/package.json')]
  .flatMap((pkg) => Object.keys(pkg.dependencies ?? {}))
  .filter((name) => !name.startsWith('@couple/'));

const source = (path) => new URL(path, import.meta.url).pathname;

await build({
  // The PGlite worker is its own entry: the server starts it from the file beside main.js.
  entryPoints: [
    { in: source('./src/main.ts'), out: 'main' },
    { in: source('./src/db/pglite/worker.ts'), out: 'pglite-worker' },
    // `node dist/server/db-move.js --to postgres://…`: the move to PostgreSQL, without tsx.
    { in: source('./src/move/main.ts'), out: 'db-move' },
    // The backup commands, for images without tsx: node dist/server/backup-cli.js.
    { in: source('./src/backup/backup-cli.ts'), out: 'backup-cli' },
    { in: source('./src/backup/restore-cli.ts'), out: 'restore-cli' },
  ],
  outdir: source('./dist/server/'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: dependencies,
  logLevel: 'warning',
});
