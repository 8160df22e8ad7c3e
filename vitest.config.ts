import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The package's entry points (`fiscalkit`, `fiscalkit/memory`, …) resolve to their source files, as
 * tsconfig.json's `paths` say (tsc and tsx read those; vitest is told here): examples/ imports the
 * package as a host does (docs/public-api.md), and its tests run it against the source. Exact
 * matches only, so that `fiscalkit` does not swallow `fiscalkit/memory` and an unknown entry point
 * fails to resolve.
 */
const entryPointAliases = Object.entries(
  (
    ts.readConfigFile(`${root}tsconfig.json`, ts.sys.readFile).config as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths,
).map(([specifier, [target]]) => ({
  find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`),
  replacement: resolve(root, target ?? ''),
}));

export default defineConfig({
  resolve: { alias: entryPointAliases },
  test: {
    include: ['test/**/*.test.ts'],
    // Two test files at a time, also on a 2-core machine (vitest's default there is one): many files
    // spend their time waiting on servers and PostgreSQL they started, and one at a time took CI close
    // to its 10-minute budget. No test depends on the machine's speed.
    maxWorkers: 2,
    // Property tests and TypeScript scans take seconds, many more on a busy machine: vitest's 5 s
    // default is a speed test, which tests must not be (speed belongs in benchmarks). A hung test still
    // fails, after two minutes.
    // Test files share their worker's module cache instead of importing src/ anew each (the import
    // of the modules was most of the suite's time); no test relies on a fresh module state.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
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
