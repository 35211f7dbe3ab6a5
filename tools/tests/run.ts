// `npm test`: every tier in turn (or the tiers named: `npm test -- unit integration`), stopping at
// the first that fails, then each tier's wall time and test counts and the 15 slowest files.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  playwrightReport,
  slowest,
  vitestReport,
  type FileTime,
  type TierCounts,
} from './timings.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Tier {
  name: string;
  /** The npm script that runs it alone. */
  script: string;
  report?: 'vitest' | 'playwright';
}

/** In the order `npm test` runs them: the cheapest, and the most likely to fail, first. */
const TIERS: Tier[] = [
  { name: 'static', script: 'test:static' },
  { name: 'unit', script: 'test:unit', report: 'vitest' },
  { name: 'integration', script: 'test:integration', report: 'vitest' },
  { name: 'e2e', script: 'test:e2e', report: 'playwright' },
  { name: 'image', script: 'test:image' },
];

interface Ran {
  tier: Tier;
  ms: number;
  code: number;
  counts?: TierCounts;
  files: FileTime[];
}

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function runTier(tier: Tier, reports: string): Promise<Ran> {
  const json = join(reports, `${tier.name}.json`);
  const args =
    tier.report === 'vitest'
      ? ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`]
      : tier.report === 'playwright'
        ? ['--reporter=list,json']
        : [];
  const started = performance.now();
  const code = await runScript(tier.script, args, { PLAYWRIGHT_JSON_OUTPUT_NAME: json });
  const ms = performance.now() - started;
  if (!tier.report) return { tier, ms, code, files: [] };
  const text = await readFile(json, 'utf8').catch(() => undefined);
  if (text === undefined) return { tier, ms, code, files: [] };
  const report =
    tier.report === 'vitest'
      ? vitestReport(tier.name, JSON.parse(text), ROOT)
      : playwrightReport(tier.name, JSON.parse(text));
  return { tier, ms, code, counts: report.counts, files: report.files };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printSummary(ran: Ran[]): void {
  const rows = ran.map(({ tier, ms, code, counts }) =>
    [
      tier.name.padEnd(12),
      seconds(ms).padStart(9),
      code === 0 ? 'ok  ' : 'FAIL',
      counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : '',
    ].join('  '),
  );
  const total = ran.reduce((sum, { ms }) => sum + ms, 0);
  console.log(
    `\nTiers (wall time):\n${rows.join('\n')}\n${'all'.padEnd(12)}  ${seconds(total).padStart(9)}`,
  );
  const files = slowest(
    ran.flatMap((entry) => entry.files),
    15,
  );
  if (files.length > 0) {
    console.log('\nThe 15 slowest files (an e2e file: the sum of its tests):');
    for (const { tier, file, ms } of files) {
      console.log(`${seconds(ms).padStart(9)}  ${tier.padEnd(12)} ${file}`);
    }
  }
  const counted = ran.flatMap((entry) => (entry.counts ? [entry.counts] : []));
  const passed = counted.reduce((sum, counts) => sum + counts.passed, 0);
  const failed = counted.reduce((sum, counts) => sum + counts.failed, 0);
  const skipped = counted.reduce((sum, counts) => sum + counts.skipped, 0);
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

async function main(): Promise<number> {
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !TIERS.some((tier) => tier.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown tier ${unknown.join(', ')}: the tiers are ${TIERS.map((t) => t.name).join(', ')}`,
    );
    return 2;
  }
  const chosen = names.length ? TIERS.filter((tier) => names.includes(tier.name)) : TIERS;
  const reports = await mkdtemp(join(tmpdir(), 'couple-test-reports-'));
  const ran: Ran[] = [];
  try {
    for (const tier of chosen) {
      const result = await runTier(tier, reports);
      ran.push(result);
      if (result.code !== 0) break;
    }
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
  printSummary(ran);
  return ran.every((entry) => entry.code === 0) && ran.length === chosen.length ? 0 : 1;
}

process.exitCode = await main();
