import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two test files at a time, also on a 2-core machine (vitest's default there is one): many files
    // spend their time waiting on servers and PostgreSQL they started, and one at a time took CI close
    // to its 10-minute budget. No test depends on the machine's speed.
    maxWorkers: 2,
    // CI counts passed/failed tests from this JSON report (see .ci/run), not from the console summary.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'reports/coverage',
    },
    benchmark: {
      include: ['test/bench/**/*.bench.ts'],
    },
  },
});
