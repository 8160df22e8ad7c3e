/**
 * Import and download agree (issue #18 item 12): whatever `importFa3` accepts, `downloadKsefTaxReport`
 * writes, as XSD-valid FA(3) that imports back to the same report; whatever the builder would refuse,
 * the import refuses up front, with the builder's code and param. Over every FA(3) document of the
 * repository (`fa3Corpus`), the four edits that made real invoices import but not download
 * (`FA3_EDITS`) applied to every document they fit, and random reports relaxed in the same four ways.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { downloadKsefTaxReport } from '../../src/ksef/downloadKsefTaxReport.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { FA3_EDITS, fa3Corpus } from '../support/fa3Corpus.js';
import { validKsefReportArb } from '../support/ksefArbitraries.js';
import { hasShared } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

const NOW = new Date('2026-02-01T12:00:00Z');

const codes = (issues: readonly { code: string; param: string }[]) =>
  issues.map(({ code, param }) => ({ code, param }));

/** Import → download → the official XSD → import again: the same report (what was imported is written back). */
function writesBack(xml: string): KsefTaxReportCreate {
  const imported = importFa3(xml);
  if (!imported.success) throw new Error(`import: ${JSON.stringify(imported.issues, null, 2)}`);
  const file = downloadKsefTaxReport(imported.data.report, { now: NOW });
  if (!file.success) throw new Error(`download: ${JSON.stringify(file.issues, null, 2)}`);
  const verdict = validateXml('ksef-fa3', file.data.body);
  expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
  const again = importFa3(file.data.body);
  if (!again.success) throw new Error(`re-import: ${JSON.stringify(again.issues, null, 2)}`);
  expect(again.data.report).toEqual(imported.data.report);
  return imported.data.report;
}

/** Every (document, edit) pair the edit fits, with the original document. */
function editedCorpus() {
  return fa3Corpus().flatMap((document) =>
    FA3_EDITS.flatMap((edit) => {
      const xml = edit.apply(document.xml);
      return xml === null
        ? []
        : [{ name: `${document.name}: ${edit.name}`, original: document.xml, xml, edit }];
    }),
  );
}

describe.skipIf(!hasShared)('import → download over every FA(3) document of the repository', () => {
  afterAll(disposeSchemas);

  it('has the 40 samples, the golden files and the variants', () => {
    expect(fa3Corpus().length).toBeGreaterThanOrEqual(55);
  });

  it.each(fa3Corpus().map((document) => [document.name, document.xml]))(
    '%s: XSD-valid, imported, downloaded XSD-valid, imported back the same',
    (_name, xml) => {
      const verdict = validateXml('ksef-fa3', xml);
      expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
      writesBack(xml);
    },
  );

  it('every edit fits some document', () => {
    const names = new Set(editedCorpus().map(({ edit }) => edit.name));
    expect([...names].sort()).toEqual(FA3_EDITS.map((edit) => edit.name).sort());
  });

  it.each(editedCorpus().map((item) => [item.name, item]))('%s', (_name, { original, xml, edit }) => {
    // Each edited document is schema-valid: what is decided is what KSeF does with it.
    const verdict = validateXml('ksef-fa3', xml);
    expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
    if (edit.ksef === 'accepts') {
      // KSeF takes it, so fiscalkit records it and writes it back as it was.
      writesBack(xml);
      return;
    }
    // KSeF refuses it (a NIP check digit, ksef-fa3.md §4): refused up front, as the download would.
    const before = importFa3(original);
    if (!before.success) throw new Error('the original imports');
    const download = downloadKsefTaxReport(edit.report(before.data.report), { now: NOW });
    expect(download.success).toBe(false);
    const imported = importFa3(xml);
    expect(imported.success).toBe(false);
    if (imported.success || download.success) return;
    expect(codes(imported.issues)).toEqual(codes(download.issues));
    for (const issue of imported.issues)
      expect(issue.message).toMatch(/^Podmiot[12]\/DaneIdentyfikacyjne\/NIP \(/);
  });
});

/**
 * A valid report relaxed the four ways KSeF accepts and the content rules would not: an exempt line
 * without its basis, a correction without corrected invoices, a foreign currency without its PLN
 * amounts and rates.
 */
function relaxed(
  report: KsefTaxReportCreate,
  pick: { exempt: boolean; correction: boolean; currency: boolean },
) {
  let result: KsefTaxReportCreate = report;
  if (pick.exempt)
    result = {
      ...result,
      exemption_basis: null,
      exemption_basis_type: null,
      lines: [...(result.lines ?? []), { description: 'zwolnione', net_amount: '10', tax_category: 'zw' }],
    };
  if (pick.correction)
    result = {
      ...result,
      corrected_invoices: null,
      correction_reason: null,
      correction_type: null,
      corrected_period: null,
      previous_advance_total: null,
    };
  if (pick.currency)
    result = {
      ...result,
      currency: result.currency === 'PLN' ? 'EUR' : result.currency,
      exchange_rate: null,
      tax_breakdowns: result.tax_breakdowns?.map((breakdown) => ({ ...breakdown, tax_amount_pln: null })),
      lines: result.lines?.map((line) => ({ ...line, exchange_rate: null })),
      order_lines: result.order_lines?.map((line) => ({ ...line })),
    };
  return result;
}

describe.skipIf(!hasShared)(
  'property: what KSeF accepts is written, imported and written back (100 runs)',
  () => {
    afterAll(disposeSchemas);

    it('random reports relaxed in the four ways: build → XSD → import → download → the same report', () => {
      fc.assert(
        fc.property(
          validKsefReportArb(),
          fc.record({ exempt: fc.boolean(), correction: fc.boolean(), currency: fc.boolean() }),
          (report, pick) => {
            const built = buildFa3(relaxed(report, pick), { now: NOW });
            if (!built.success) throw new Error(`build: ${JSON.stringify(built.issues, null, 2)}`);
            const verdict = validateXml('ksef-fa3', built.data);
            expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
            writesBack(built.data);
          },
        ),
        { numRuns: 100 },
      );
    });
  },
);
