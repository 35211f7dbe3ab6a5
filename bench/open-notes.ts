/**
 * Opening an inbox of end-to-end notes in Chromium: `count` v2 notes (HPKE, docs/security.md)
 * beside `count` v1 notes (PBKDF2, 100,000 rounds each) in the same page and run. The library is
 * bundled with esbuild into a page served from memory; Debian's chromium runs it headless.
 * Target: 50 v2 notes opened in under 100 ms.
 *
 *   npm run bench:open-notes -- --count 50 --runs 5
 */
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { runInBenchPage } from './lib/browser-page.js';
import { printTable } from './lib/table.js';
import type { OpenNotesResult } from './browser/open-notes.js';

const TARGET_MS = 100;
const flags = parseFlags({ count: '50', runs: '5', chromium: '/usr/bin/chromium' });
const count = Number(flags.count);
const runs = Number(flags.runs);

const results = await runInBenchPage<OpenNotesResult>({
  entry: fileURLToPath(new URL('./browser/open-notes.ts', import.meta.url)),
  executablePath: flags.chromium,
  name: 'runOpenNotes',
  arg: count,
  runs,
});

const ms = (value: number) => value.toFixed(1);
printTable(
  `Opening ${count} notes in Chromium, each run in one page (v2 and v1 in the same run)`,
  ['run', 'v2 (ms)', 'v1 (ms)', 'v2 / v1', 'opened v2', 'opened v1'],
  results.map((r, index) => [
    String(index + 1),
    ms(r.v2Ms),
    ms(r.v1Ms),
    (r.v2Ms / r.v1Ms).toFixed(3),
    `${r.v2Opened}/${r.count}`,
    `${r.v1Opened}/${r.count}`,
  ]),
);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const v2Median = median(results.map((r) => r.v2Ms));
const allOpened = results.every((r) => r.v2Opened === count && r.v1Opened === count);
const met = v2Median < TARGET_MS && allOpened;
console.log(
  `Median: v2 ${ms(v2Median)} ms, v1 ${ms(median(results.map((r) => r.v1Ms)))} ms for ${count} notes; ` +
    `target v2 < ${TARGET_MS} ms: ${met ? 'met' : 'MISSED'}.`,
);
process.exitCode = met ? 0 : 1;
