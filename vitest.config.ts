import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers (CONTRIBUTING.md, Tests): `unit` touches no database and no server of the machine's;
 * `integration` runs the real server on PGlite and, with TEST_DATABASE_URL, PostgreSQL (and Redis
 * with TEST_REDIS_URL), each file on a copy of one migrated template built once per run.
 */
const INTEGRATION = ['apps/server/test/**/*.test.ts', 'apps/server/src/db/pglite/**/*.test.ts'];

export default defineConfig({
  test: {
    // One file per core: Vitest's default keeps a core for its main process, which idles while
    // the files run (on two cores, one file at a time).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'bench/lib/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', ...INTEGRATION],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          // A worker runs its files on one module graph: each file imported the server anew
          // (233 of the tier's 591 s). The files share no state but their modules' caches;
          // none of them mocks a module (vi.mock would leak into the worker's next files).
          isolate: false,
          globalSetup: ['apps/server/test/setup/database-templates.ts'],
        },
      },
    ],
  },
});
