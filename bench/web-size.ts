/**
 * First-load JavaScript of the ordinary PWA: the entry script of apps/web/dist/index.html and
 * every chunk it imports statically (the modulepreload links, and each chunk's own static
 * imports). Lazily loaded chunks (routes, the Farcaster mini-app SDK) are not part of it.
 * Sizes are gzip level 9, as Vite prints them; 1 kB = 1000 bytes. Target: at most 110 kB.
 * Each language's catalog must be a lazy chunk of its own (assets/catalog-{locale}-*.js, named
 * in vite.config.ts), none of them in the first load: only the active one is fetched.
 *
 *   npm run bench:web-size              builds apps/web first
 *   npm run bench:web-size -- --build no   reads the existing apps/web/dist
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { LOCALES } from '@couple/protocol';
import { parseFlags } from './lib/args.js';
import { printTable } from './lib/table.js';

const TARGET_KB = 110;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'apps/web/dist');
const MINIAPP_CHUNK = /(^|\/)miniapp-sdk-[\w-]+\.js$/;

const flags = parseFlags({ build: 'yes' });
if (flags.build !== 'no') {
  const built = spawnSync('npm', ['run', 'build', '-w', '@couple/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build -w @couple/web failed');
}
if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST}/index.html is missing`);

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const entries = tags
  .filter((tag) => tag.startsWith('<script') && /type="module"/.test(tag))
  .map((tag) => attr(tag, 'src'));
const preloads = tags
  .filter((tag) => /rel="modulepreload"/.test(tag))
  .map((tag) => attr(tag, 'href'));
const styles = tags
  .filter((tag) => /rel="stylesheet"/.test(tag))
  .map((tag) => attr(tag, 'href'))
  .filter((href): href is string => href !== undefined);

/** `import … from "./x.js"` and `import "./x.js"`, never `import("./x.js")`. */
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

const firstLoad = new Set<string>();
const queue = [...entries, ...preloads]
  .filter((src): src is string => src !== undefined)
  .map((src) => src.replace(/^\//, ''));
while (queue.length > 0) {
  const file = queue.pop()!;
  if (firstLoad.has(file)) continue;
  firstLoad.add(file);
  const code = readFileSync(join(DIST, file), 'utf8');
  for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
    queue.push(posix.join(posix.dirname(file), specifier!));
  }
}
if (entries.length === 0) throw new Error('no module script in index.html');

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const measure = (file: string) => {
  const content = readFileSync(join(DIST, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
};
const js = [...firstLoad].map(measure).sort((a, b) => b.gzip - a.gzip);
const total = js.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
const miniappInFirstLoad = js.some((row) => MINIAPP_CHUNK.test(row.file));

printTable(
  'First-load JavaScript of the PWA (apps/web/dist)',
  ['file', 'raw', 'gzip'],
  [
    ...js.map((row) => [row.file, kB(row.raw), kB(row.gzip)]),
    ['total', kB(total.raw), kB(total.gzip)],
  ],
);

const lazy = readdirSync(join(DIST, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => `assets/${name}`)
  .filter((file) => !firstLoad.has(file))
  .map(measure);
const miniapp = lazy.filter((row) => MINIAPP_CHUNK.test(row.file));
const css = styles.map((href) => measure(href.replace(/^\//, '')));
printTable(
  'Not counted',
  ['what', 'files', 'gzip'],
  [
    [
      'lazy chunks (routes)',
      String(lazy.length - miniapp.length),
      kB(lazy.filter((row) => !miniapp.includes(row)).reduce((sum, row) => sum + row.gzip, 0)),
    ],
    ['mini-app SDK chunk', String(miniapp.length), kB(miniapp.reduce((s, r) => s + r.gzip, 0))],
    ['first-load CSS', String(css.length), kB(css.reduce((sum, row) => sum + row.gzip, 0))],
  ],
);

/** Every language's catalog chunk(s); a locale with none or two means it is not split alone. */
const assets = readdirSync(join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
const catalogs = LOCALES.map((locale) => ({
  locale,
  files: assets
    .filter((name) => new RegExp(`^catalog-${locale}-[\\w-]+\\.js$`).test(name))
    .map((name) => `assets/${name}`),
}));
const catalogsInFirstLoad = catalogs.flatMap(({ files }) => files.filter((f) => firstLoad.has(f)));
const catalogsNotAlone = catalogs.filter(({ files }) => files.length !== 1).map((c) => c.locale);
const lingui = assets.filter((name) => /^lingui-[\w-]+\.js$/.test(name)).map((n) => `assets/${n}`);
printTable(
  'Language catalogs (lazy, only the active one loads) and Lingui (loaded beside it)',
  ['what', 'file', 'raw', 'gzip', 'first load'],
  [
    ...catalogs.flatMap(({ locale, files }) =>
      files.length === 0
        ? [[`catalog ${locale}`, 'MISSING', '', '', '']]
        : files.map((file) => {
            const row = measure(file);
            return [
              `catalog ${locale}`,
              file,
              kB(row.raw),
              kB(row.gzip),
              firstLoad.has(file) ? 'YES' : 'no',
            ];
          }),
    ),
    ...lingui.map((file) => {
      const row = measure(file);
      return ['@lingui/core', file, kB(row.raw), kB(row.gzip), firstLoad.has(file) ? 'yes' : 'no'];
    }),
  ],
);

const catalogsLazy = catalogsInFirstLoad.length === 0 && catalogsNotAlone.length === 0;
const within = total.gzip <= TARGET_KB * 1000 && !miniappInFirstLoad && catalogsLazy;
console.log(
  `First-load JavaScript: ${kB(total.gzip)} gzip in ${js.length} files; target ≤ ${TARGET_KB} kB: ${
    within ? 'met' : 'MISSED'
  }${miniappInFirstLoad ? ' (the mini-app SDK chunk is loaded up front)' : ''}${
    catalogsInFirstLoad.length > 0
      ? ` (catalogs in the first load: ${catalogsInFirstLoad.join(', ')})`
      : ''
  }${
    catalogsNotAlone.length > 0
      ? ` (not exactly one catalog chunk for: ${catalogsNotAlone.join(', ')})`
      : ''
  }.`,
);
process.exitCode = within ? 0 : 1;
