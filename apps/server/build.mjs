// Compiles the server for `npm start`: one ES module bundle of src/main.ts with the workspace's
// own TypeScript (this app and @couple/protocol), so production runs plain JavaScript with no
// TypeScript loader. npm packages stay external: node_modules is there at run time, and some
// (PGlite's WebAssembly, argon2's native addon) load files next to themselves.
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

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: dependencies,
  logLevel: 'warning',
});
