/**
 * One private wish-matching round (docs/security.md, "Private wish matching") in Chromium:
 * `count` items on each side, each device's share timed (A: start + finish; B: reply +
 * complete) and the whole round, beside `count` plain SHA-256 hashes in the same page and run.
 * The library is bundled with esbuild into a page served from memory; Debian's chromium runs it
 * headless. Target: each device's share under 150 ms for 200 items.
 *
 *   npm run bench:wishes -- --count 200 --runs 5
 */
import { fileURLToPath } from 'node:url';
import { parseFlags } from './lib/args.js';
import { runInBenchPage } from './lib/browser-page.js';
import { printTable } from './lib/table.js';
import type { WishesRoundResult } from './browser/wishes-round.js';

const TARGET_MS = 150;
const flags = parseFlags({ count: '200', runs: '5', chromium: '/usr/bin/chromium' });
const count = Number(flags.count);
const runs = Number(flags.runs);

const results = await runInBenchPage<WishesRoundResult>({
  entry: fileURLToPath(new URL('./browser/wishes-round.ts', import.meta.url)),
  executablePath: flags.chromium,
  name: 'runWishesRound',
  arg: count,
  runs,
});

const ms = (value: number) => value.toFixed(1);
const deviceA = (r: WishesRoundResult) => r.startMs + r.finishMs;
const deviceB = (r: WishesRoundResult) => r.replyMs + r.completeMs;
printTable(
  `A wishes round over ${count} items a side in Chromium, each run in one page`,
  [
    'run',
    'A: start+finish (ms)',
    'B: reply+complete (ms)',
    'round (ms)',
    `${count} SHA-256 (ms)`,
    'matches',
  ],
  results.map((r, index) => [
    String(index + 1),
    `${ms(deviceA(r))} (${ms(r.startMs)}+${ms(r.finishMs)})`,
    `${ms(deviceB(r))} (${ms(r.replyMs)}+${ms(r.completeMs)})`,
    ms(r.roundMs),
    ms(r.hashMs),
    `${r.matches}/${r.expectedMatches}`,
  ]),
);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worstDevice = median(results.map((r) => Math.max(deviceA(r), deviceB(r))));
const correct = results.every((r) => r.matches === r.expectedMatches);
const met = worstDevice < TARGET_MS && correct;
console.log(
  `Median: A ${ms(median(results.map(deviceA)))} ms, B ${ms(median(results.map(deviceB)))} ms, ` +
    `round ${ms(median(results.map((r) => r.roundMs)))} ms, ${count} SHA-256 ` +
    `${ms(median(results.map((r) => r.hashMs)))} ms; target per device < ${TARGET_MS} ms: ` +
    `${met ? 'met' : 'MISSED'}.`,
);
process.exitCode = met ? 0 : 1;
