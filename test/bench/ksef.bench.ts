import { bench, describe } from 'vitest';
import { benchKsefReport } from './ksefWorkload.js';

// Measures the built entry point fiscalkit/ksef (dist/, what users run; see totals.bench.ts for why
// not src/). The path is not a literal so that typechecking does not need dist/ to exist yet.
const built = '../../dist/ksef.js';
const { buildFa3, importFa3 } = (await import(built)) as typeof import('../../src/ksef/index.js');

/** Targets (issue #5): build and import of a 1,000-line invoice, median ≤ 30 ms each. */
const report = benchKsefReport(1000);
const now = new Date('2026-02-01T12:00:00Z');
const built1000 = buildFa3(report, { now });
if (!built1000.success)
  throw new Error(`the bench report does not build: ${JSON.stringify(built1000.issues)}`);
const xml = built1000.data;

describe('FA(3), 1,000-line invoice', () => {
  bench(
    `buildFa3 (${String(Math.round(xml.length / 1024))} kB out)`,
    () => {
      if (!buildFa3(report, { now }).success) throw new Error('build failed');
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  );
  bench(
    'importFa3',
    () => {
      if (!importFa3(xml).success) throw new Error('import failed');
    },
    { iterations: 50, warmupIterations: 5, time: 0 },
  );
});
