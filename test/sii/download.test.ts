/**
 * The download of one SII tax report (spec §4.2 GET /tax_reports/{id}/download): the one-record
 * message of its book, alta or baja, validated against the official schema; a record that cannot
 * become SII XML answers the record rules' issues and no file.
 */
import { describe, expect, it } from 'vitest';
import type { SiiBookType } from '../../src/model/siiTaxReport.js';
import { downloadSiiTaxReport } from '../../src/sii/downloadSiiTaxReport.js';
import { importSiiTaxReport } from '../../src/sii/import/importSiiMessage.js';
import { hasShared } from '../support/shared.js';
import { SII_BOOK_FIXTURES, siiTitular } from '../support/siiReports.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

const BOOKS = Object.keys(SII_BOOK_FIXTURES) as SiiBookType[];

describe.skipIf(!hasShared)('downloadSiiTaxReport', () => {
  it.each(BOOKS)('%s: a valid one-record message that imports back to the same report', (book) => {
    const report = SII_BOOK_FIXTURES[book]();
    const file = downloadSiiTaxReport(report, siiTitular());
    if (!file.success) expect.fail(JSON.stringify(file.issues));
    expect(file.data.content_type).toBe('application/xml; charset=utf-8');
    expect(file.data.filename).toMatch(new RegExp(`^SII_${book}_[A-Za-z0-9._-]+\\.xml$`));
    const result = validateXml('sii', file.data.body);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
    const back = importSiiTaxReport(file.data.body);
    if (!back.success) expect.fail(JSON.stringify(back.issues));
    expect(back.data.titular.nif).toBe(siiTitular().nif);
    expect(back.data.report.book_type).toBe(book);
  });

  it('writes an annulled Expedida as a BajaLRFacturasEmitidas message', () => {
    const file = downloadSiiTaxReport(SII_BOOK_FIXTURES.Expedida(), siiTitular(), 'baja');
    if (!file.success) expect.fail(JSON.stringify(file.issues));
    expect(file.data.body).toContain('<siiLR:BajaLRFacturasEmitidas');
    const result = validateXml('sii', file.data.body);
    expect(result.valid, formatXsdErrors(result)).toBe(true);
  });

  it('answers the record issues and no file for a NIF with the ES prefix', () => {
    const report = { ...SII_BOOK_FIXTURES.Expedida(), customer_party_tax_id: 'ESB12345674' };
    const file = downloadSiiTaxReport(report, siiTitular());
    expect(file.success).toBe(false);
    expect(file).not.toHaveProperty('data');
    if (!file.success)
      expect(file.issues.map((issue) => issue.param)).toContain('records[0].customer_party_tax_id');
  });
});
