import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
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
