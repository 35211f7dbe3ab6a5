import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'bench/lib/**/*.test.ts',
      'tools/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: 'silent' },
  },
});
