import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers (CONTRIBUTING.md, Tests): `unit` touches no database and no server of the machine's;
 * `integration` runs the real server on PGlite and, with TEST_DATABASE_URL, PostgreSQL (and Redis
 * with TEST_REDIS_URL), each file on a copy of one migrated template built once per run.
 */
const INTEGRATION = ['apps/server/test/**/*.test.ts', 'apps/server/src/db/pglite/**/*.test.ts'];

/**
 * The unit files that replace a module, a global, the environment, a method or the clock
 * (`vi.mock`, `vi.stubGlobal`, `vi.spyOn`, `vi.useFakeTimers`, a property of `globalThis`…): each
 * gets a module graph of its own. The others share their worker's, which halves the tier
 * (imports were half its time). Found by reading the files, so a test that starts replacing
 * something moves by itself.
 */
const REPLACES =
  /\bvi\.(mock|doMock|hoisted|stubGlobal|stubEnv|spyOn|useFakeTimers)\(|defineProperty\(globalThis/;
const UNIT = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
  'bench/lib/**/*.test.ts',
  'tools/**/*.test.ts',
];
/** The folders those patterns start from ('packages/*' also takes a package's tests outside src). */
const UNIT_ROOTS = [...new Set(UNIT.map((glob) => glob.slice(0, glob.indexOf('/*'))))];
const ISOLATED_UNIT = UNIT_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => join(root, file))
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .filter((file) => !file.startsWith('packages') || file.includes('/src/'))
    .filter((file) => REPLACES.test(readFileSync(file, 'utf8'))),
);

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
          isolate: false,
          include: UNIT,
          exclude: ['**/node_modules/**', ...INTEGRATION, ...ISOLATED_UNIT],
        },
      },
      // Reported as the unit tier's too: `npm run test:unit` runs both projects.
      {
        extends: true,
        test: { name: 'unit-isolated', include: ISOLATED_UNIT, exclude: INTEGRATION },
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
