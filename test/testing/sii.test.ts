/**
 * `fiscalkit/testing` SII arbitraries (src/testing/sii.ts), checked against fiscalkit itself: valid
 * records of every book have no `siiRecordIssues` and build into an alta (and, where the book has
 * one, a baja) message; each named defect is reported at its code and param; every book has
 * defects. (test/sii/build.test.ts also validates the built XML against the AEAT schemas.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SII_BOOK_TYPES } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { siiRecordIssues } from '../../src/sii/recordIssues.js';
import {
  anyValidSiiRecordArb,
  SII_DEFECTS,
  siiDefectArb,
  siiMessageKindArb,
  siiTitularArb,
  validSiiRecordArb,
} from '../../src/testing/index.js';

describe('valid SII records', () => {
  it.each(SII_BOOK_TYPES)('%s: no siiRecordIssues, and the message builds', (book) => {
    fc.assert(
      fc.property(
        validSiiRecordArb(book),
        siiTitularArb,
        siiMessageKindArb(book),
        (report, titular, kind) => {
          expect(report.book_type).toBe(book);
          expect(siiRecordIssues(report, titular, kind)).toEqual([]);
          const built = buildSiiMessage({
            book_type: book,
            kind,
            communication_type: kind === 'alta' ? (report.communication_type ?? null) : null,
            titular,
            records: [report],
          });
          expect(built.success, JSON.stringify(built.success ? null : built.issues)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('anyValidSiiRecordArb reaches every book', () => {
    const books = new Set(
      fc.sample(anyValidSiiRecordArb, { numRuns: 300, seed: 9 }).map((report) => report.book_type),
    );
    expect(books).toEqual(new Set(SII_BOOK_TYPES));
  });
});

describe('defective SII records', () => {
  it.each(SII_DEFECTS)('%s: reported at its code and param', (name) => {
    fc.assert(
      fc.property(siiDefectArb(name), ({ report, code, param, defect }) => {
        expect(defect).toBe(name);
        expect(siiRecordIssues(report)).toContainEqual(expect.objectContaining({ code, param }));
      }),
      { numRuns: 10 },
    );
  });

  it('every book has defects of its own', () => {
    const books = new Set(
      SII_DEFECTS.filter((name) => name !== 'unknown-book').flatMap((name) =>
        fc.sample(siiDefectArb(name), { numRuns: 3, seed: 9 }).map(({ report }) => report.book_type),
      ),
    );
    expect(books).toEqual(new Set(SII_BOOK_TYPES));
  });

  it('an unknown defect name is a programmer error', () => {
    expect(() => siiDefectArb('no such defect')).toThrow(/unknown SII defect/);
  });
});
