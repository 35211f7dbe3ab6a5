// `npm test`: every tier in turn (or the tiers named: `npm test -- unit integration`), stopping at
// the first that fails, then each tier's wall time and test counts and the 15 slowest files. The
// container tiers (image, then compose) run one after the other beside the others from the
// start, their output held back until they end.
import { spawn } from 'node:child_process';
import { open, mkdtemp, readFile, rm } from 'node:fs/promises';
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
  /**
   * Runs beside the other tiers from the start instead of after them, after the tiers before it
   * that also run beside. Image builds wait mostly on the network and the disk, while the other
   * tiers leave close to half the CPU idle.
   */
  beside?: boolean;
}

/** In the order `npm test` runs them: the cheapest, and the most likely to fail, first. */
const TIERS: Tier[] = [
  { name: 'static', script: 'test:static' },
  { name: 'unit', script: 'test:unit', report: 'vitest' },
  { name: 'integration', script: 'test:integration', report: 'vitest' },
  // After integration, never beside it: both migrate databases on the shared PostgreSQL.
  { name: 'upgrade', script: 'test:upgrade' },
  { name: 'e2e', script: 'test:e2e', report: 'playwright' },
  { name: 'image', script: 'test:image', beside: true },
  // After the image tier, whose stand-in base its own node stand-in starts from.
  { name: 'compose', script: 'test:compose', beside: true },
];

interface Ran {
  tier: Tier;
  ms: number;
  code: number;
  counts?: TierCounts;
  files: FileTime[];
}

/** Runs an npm script, its output to ours or, with a file descriptor, to that file. */
function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  output?: number,
): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: ROOT,
      stdio: output === undefined ? 'inherit' : ['ignore', output, output],
      env: { ...process.env, ...env },
    });
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

async function runTier(tier: Tier, reports: string, output?: number): Promise<Ran> {
  const json = join(reports, `${tier.name}.json`);
  const args =
    tier.report === 'vitest'
      ? ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`]
      : tier.report === 'playwright'
        ? ['--reporter=list,json']
        : [];
  const started = performance.now();
  const code = await runScript(tier.script, args, { PLAYWRIGHT_JSON_OUTPUT_NAME: json }, output);
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

/**
 * A tier run beside the others, with its output, which goes to a file meanwhile. It never
 * rejects: it runs unwatched until the others end, so a failure to start is its own result.
 */
async function runBeside(tier: Tier, reports: string): Promise<{ ran: Ran; output: string }> {
  const path = join(reports, `${tier.name}.log`);
  try {
    const file = await open(path, 'w');
    try {
      return { ran: await runTier(tier, reports, file.fd), output: await readFile(path, 'utf8') };
    } finally {
      await file.close();
    }
  } catch (error) {
    return {
      ran: { tier, ms: 0, code: 1, files: [] },
      output: `could not run: ${String(error)}\n`,
    };
  }
}

function printSummary(ran: Ran[], wallMs: number): void {
  const rows = ran.map(({ tier, ms, code, counts }) =>
    [
      tier.name.padEnd(12),
      seconds(ms).padStart(9),
      code === 0 ? 'ok  ' : 'FAIL',
      counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : '',
    ].join('  '),
  );
  console.log(
    `\nTiers (wall time):\n${rows.join('\n')}\n${'all'.padEnd(12)}  ${seconds(wallMs).padStart(9)}`,
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
  const started = performance.now();
  const ran: Ran[] = [];
  try {
    // The tiers beside the others are waited for even when one of them fails: stopping one
    // halfway would leave its containers and mounts behind.
    const beside = (async () => {
      const results: Awaited<ReturnType<typeof runBeside>>[] = [];
      for (const tier of chosen.filter((each) => each.beside)) {
        results.push(await runBeside(tier, reports));
      }
      return results;
    })();
    for (const tier of chosen.filter((each) => !each.beside)) {
      const result = await runTier(tier, reports);
      ran.push(result);
      if (result.code !== 0) break;
    }
    for (const { ran: result, output } of await beside) {
      console.log(`\n> ${result.tier.name} (ran beside the other tiers)\n`);
      process.stdout.write(output);
      ran.push(result);
    }
  } finally {
    await rm(reports, { recursive: true, force: true });
  }
  printSummary(ran, performance.now() - started);
  return ran.every((entry) => entry.code === 0) && ran.length === chosen.length ? 0 : 1;
}

process.exitCode = await main();
