// Reads the JSON reports of Vitest and Playwright into the figures `npm test` prints: each file's
// time and each tier's test counts.

export interface FileTime {
  tier: string;
  file: string;
  ms: number;
}

export interface TierCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface TierReport {
  files: FileTime[];
  counts: TierCounts;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** A file's time is from its start to its end, set-up and imports included (Vitest's JSON). */
export function vitestReport(tier: string, json: VitestJson, root: string): TierReport {
  return {
    files: json.testResults.map((result) => ({
      tier,
      file: relativeTo(root, result.name),
      ms: result.endTime - result.startTime,
    })),
    counts: {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    },
  };
}

interface PlaywrightSuite {
  file: string;
  specs?: { tests: { results: { duration: number; status: string }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightJson {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/**
 * A spec file's time is the sum of its tests' runs (with several workers they overlap, so the
 * sum is what the file costs the machine). A flaky test (passed on a retry) counts as failed.
 */
export function playwrightReport(tier: string, json: PlaywrightJson): TierReport {
  const byFile = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) {
          byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + result.duration);
        }
      }
    }
    suite.suites?.forEach(visit);
  };
  json.suites.forEach(visit);
  return {
    files: [...byFile].map(([file, ms]) => ({ tier, file: `e2e/tests/${file}`, ms })),
    counts: {
      passed: json.stats.expected,
      failed: json.stats.unexpected + json.stats.flaky,
      skipped: json.stats.skipped,
    },
  };
}

export function slowest(files: FileTime[], count: number): FileTime[] {
  return [...files].sort((a, b) => b.ms - a.ms).slice(0, count);
}

function relativeTo(root: string, path: string): string {
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}
