import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { defectiveKsefReportArb, validKsefReportArb } from '../support/ksefArbitraries.js';
import { hasShared } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

const NOW = new Date('2026-02-01T12:00:00Z');

/** fa3Issues finds nothing, and the XML validates against the official XSD. */
function buildsValid(report: KsefTaxReportCreate): void {
  expect(fa3Issues(report)).toEqual([]);
  const built = buildFa3(report, { now: NOW });
  if (!built.success) throw new Error(JSON.stringify(built.issues, null, 2));
  const result = validateXml('ksef-fa3', built.data);
  expect(result.valid, `${formatXsdErrors(result)}\n${built.data}`).toBe(true);
}

describe.skipIf(!hasShared)('buildFa3 on random valid reports: no issues, XSD-valid XML', () => {
  afterAll(disposeSchemas);

  it('any type code (150 runs)', () => {
    fc.assert(fc.property(validKsefReportArb(), buildsValid), { numRuns: 150 });
  });

  it.each(KSEF_TYPE_CODES)('%s (20 runs)', (type) => {
    fc.assert(fc.property(validKsefReportArb(type), buildsValid), { numRuns: 20 });
  });
});

describe('fa3Issues on random reports with one defect', () => {
  it('reports the defect at its param, and buildFa3 answers the issues without XML (150 runs)', () => {
    fc.assert(
      fc.property(defectiveKsefReportArb(), ({ name, report, code, param }) => {
        const issues = fa3Issues(report);
        expect(
          issues.some((issue) => issue.code === code && issue.param === param),
          `${name}: expected ${code} at ${param}, got ${JSON.stringify(issues)}`,
        ).toBe(true);
        const built = buildFa3(report, { now: NOW });
        expect(built.success).toBe(false);
        expect(built).not.toHaveProperty('data');
        if (!built.success) expect(built.issues).toEqual(issues);
      }),
      { numRuns: 150 },
    );
  });
});
