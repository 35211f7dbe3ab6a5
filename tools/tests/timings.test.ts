import { describe, expect, it } from 'vitest';
import { playwrightReport, slowest, vitestReport } from './timings.js';

describe('test timings', () => {
  it("takes a Vitest file's time from its start to its end, relative to the root", () => {
    const report = vitestReport(
      'unit',
      {
        numPassedTests: 5,
        numFailedTests: 1,
        numPendingTests: 2,
        numTodoTests: 1,
        testResults: [
          { name: '/repo/a.test.ts', startTime: 1_000, endTime: 1_250 },
          { name: '/elsewhere/b.test.ts', startTime: 0, endTime: 40 },
        ],
      },
      '/repo',
    );
    expect(report.files).toEqual([
      { tier: 'unit', file: 'a.test.ts', ms: 250 },
      { tier: 'unit', file: '/elsewhere/b.test.ts', ms: 40 },
    ]);
    expect(report.counts).toEqual({ passed: 5, failed: 1, skipped: 3 });
  });

  it("sums a Playwright file's test runs, nested suites and retries included", () => {
    const run = (duration: number) => ({ tests: [{ results: [{ duration, status: 'passed' }] }] });
    const report = playwrightReport('e2e', {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [run(100)],
          suites: [{ file: 'a.spec.ts', specs: [run(20), run(5)] }],
        },
        {
          file: 'b.spec.ts',
          specs: [
            {
              tests: [
                {
                  results: [
                    { duration: 7, status: 'failed' },
                    { duration: 9, status: 'passed' },
                  ],
                },
              ],
            },
          ],
        },
      ],
      stats: { expected: 3, unexpected: 0, flaky: 1, skipped: 2 },
    });
    expect(report.files).toEqual([
      { tier: 'e2e', file: 'e2e/tests/a.spec.ts', ms: 125 },
      { tier: 'e2e', file: 'e2e/tests/b.spec.ts', ms: 16 },
    ]);
    expect(report.counts).toEqual({ passed: 3, failed: 1, skipped: 2 });
  });

  it('lists the slowest first, as many as asked', () => {
    const files = [10, 30, 20].map((ms) => ({ tier: 't', file: `${ms}`, ms }));
    expect(slowest(files, 2).map((file) => file.ms)).toEqual([30, 20]);
  });
});
