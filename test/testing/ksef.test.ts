/**
 * `fiscalkit/testing` KSeF arbitraries (src/testing/ksef.ts), checked against fiscalkit itself: valid
 * reports of every type code have no `fa3Issues` and build, each named defect is reported at its
 * code and param and stops the build. (test/ksef/buildProperties.test.ts also validates the built XML
 * against the official XSD.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import {
  defectiveKsefReportArb,
  KSEF_DEFECTS,
  ksefThirdPartyArb,
  validKsefReportArb,
} from '../../src/testing/index.js';

const NOW = new Date('2026-02-01T12:00:00Z');

describe('valid Ksef reports', () => {
  it.each(KSEF_TYPE_CODES)('%s: no fa3Issues, and buildFa3 writes the XML', (type) => {
    fc.assert(
      fc.property(validKsefReportArb(type), (report) => {
        expect(report.invoice_type_code).toBe(type);
        expect(fa3Issues(report)).toEqual([]);
        expect(buildFa3(report, { now: NOW }).success).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('with more third parties of every kind', () => {
    fc.assert(
      fc.property(
        validKsefReportArb(),
        fc.array(ksefThirdPartyArb, { minLength: 1, maxLength: 2 }),
        (report, parties) => {
          expect(fa3Issues({ ...report, additional_third_parties: parties })).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('defective Ksef reports', () => {
  it.each(KSEF_DEFECTS)('%s: reported at its code and param, and nothing is built', (defect) => {
    fc.assert(
      fc.property(defectiveKsefReportArb({ defect }), ({ name, report, code, param }) => {
        expect(name).toBe(defect);
        expect(fa3Issues(report)).toContainEqual(expect.objectContaining({ code, param }));
        expect(buildFa3(report, { now: NOW }).success).toBe(false);
      }),
      { numRuns: 10 },
    );
  });

  it.each(KSEF_TYPE_CODES)('defects of %s reports', (type) => {
    fc.assert(
      fc.property(defectiveKsefReportArb({ type }), ({ report, code, param }) => {
        expect(report.invoice_type_code).toBe(type);
        expect(fa3Issues(report)).toContainEqual(expect.objectContaining({ code, param }));
      }),
      { numRuns: 15 },
    );
  });

  it('an unknown defect name is a programmer error', () => {
    expect(() => defectiveKsefReportArb({ defect: 'no such defect' })).toThrow(/unknown KSeF defect/);
  });
});
