/**
 * The "create directly" path (spec §4.2 POST /accounts/{account}/tax_reports with a Ksef body, §2.7)
 * and the download of the stored report (GET /tax_reports/{id}/download): every type code's complete
 * body is accepted and downloads as schema-valid FA(3); the §2.7 rules answer before completeness;
 * an incomplete body is refused unless `complete: false`; the download never yields a broken file.
 */
import { describe, expect, it } from 'vitest';
import { createKsefTaxReport } from '../../src/ksef/createKsefTaxReport.js';
import { downloadKsefTaxReport } from '../../src/ksef/downloadKsefTaxReport.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import {
  eurReport,
  gvReport,
  jstReport,
  korReport,
  korRozReport,
  korZalReport,
  multiRateReport,
  rozReport,
  uprReport,
  vatReport,
  zalReport,
} from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { formatXsdErrors, validateXml } from '../support/xsd.js';

const NOW = new Date('2026-02-01T12:00:00Z');

const BODIES: [string, () => KsefTaxReportCreate][] = [
  ['VAT', vatReport],
  ['KOR', korReport],
  ['ZAL', zalReport],
  ['KOR_ZAL', korZalReport],
  ['ROZ', rozReport],
  ['KOR_ROZ', korRozReport],
  ['UPR', uprReport],
  ['EUR', eurReport],
  ['JST', jstReport],
  ['GV', gvReport],
  ['multi-rate', multiRateReport],
];

/** A body as a client sends it: JSON, so no undefined fields. */
function wire(report: object): unknown {
  return JSON.parse(JSON.stringify(report));
}

describe('createKsefTaxReport: every type code, created directly', () => {
  it.each(BODIES)('%s is accepted and keeps its figures', (_name, body) => {
    const created = createKsefTaxReport(wire(body()));
    if (!created.success) expect.fail(JSON.stringify(created.issues, null, 2));
    expect(created.data.total_amount).toBe(body().total_amount);
    expect(created.data.tax_breakdowns).toEqual(body().tax_breakdowns ?? undefined);
    expect(created.data.invoice_type_code).toBe(body().invoice_type_code);
  });

  describe.skipIf(!hasShared)('and downloads as FA(3) the official schema accepts', () => {
    it.each(BODIES)('%s', (_name, body) => {
      const created = createKsefTaxReport(wire(body()));
      if (!created.success) expect.fail(JSON.stringify(created.issues));
      const file = downloadKsefTaxReport(created.data, { now: NOW });
      if (!file.success) expect.fail(JSON.stringify(file.issues));
      expect(file.data.content_type).toBe('application/xml; charset=utf-8');
      const result = validateXml('ksef-fa3', file.data.body);
      expect(result.valid, formatXsdErrors(result)).toBe(true);
      // What was downloaded reads back into the same document (the import is the builder's inverse).
      const back = importFa3(file.data.body);
      if (!back.success) expect.fail(JSON.stringify(back.issues));
      expect(back.data.report.total_amount).toBe(created.data.total_amount);
      expect(back.data.report.lines?.length ?? 0).toBe(created.data.lines?.length ?? 0);
    });
  });

  it('answers a §2.7 rule before completeness (KOR_ZAL without previous_advance_total)', () => {
    const body = { ...korZalReport(), previous_advance_total: null };
    const created = createKsefTaxReport(wire(body));
    expect(created.success).toBe(false);
    if (!created.success) expect(created.issues[0]).toMatchObject({ param: 'previous_advance_total' });
  });

  it('refuses a body that cannot become FA(3), at the field: no seller NIP', () => {
    const body = { ...vatReport(), supplier_party_tax_id: null };
    const created = createKsefTaxReport(wire(body));
    expect(created).toEqual({ success: false, issues: fa3Issues(body) });
    if (!created.success)
      expect(created.issues[0]).toMatchObject({ code: 'parameter_blank', param: 'supplier_party_tax_id' });
  });

  it('refuses an unknown rate code in the model, with its param', () => {
    const body = vatReport();
    const lines = (body.lines ?? []).map((line, index) =>
      index === 0 ? { ...line, tax_category: '0' } : line,
    );
    const created = createKsefTaxReport(wire({ ...body, lines }));
    expect(created.success).toBe(false);
    if (!created.success) expect(created.issues[0]?.param).toBe('lines[0].tax_category');
  });

  it('refuses more than 10,000 lines', () => {
    const body = vatReport();
    const line = body.lines?.[0];
    const created = createKsefTaxReport(wire({ ...body, lines: Array.from({ length: 10_001 }, () => line) }));
    expect(created.success).toBe(false);
    if (!created.success) expect(created.issues[0]?.param).toBe('lines');
  });

  it('accepts a partial report with complete: false, whose download then answers 422 without XML', () => {
    const partial = { type: 'Ksef', invoice_type_code: 'ZAL', order_total_amount: '1230.00' };
    expect(createKsefTaxReport(partial).success).toBe(false);
    const created = createKsefTaxReport(partial, { complete: false });
    if (!created.success) expect.fail(JSON.stringify(created.issues));
    const file = downloadKsefTaxReport(created.data, { now: NOW });
    expect(file.success).toBe(false);
    expect(file).not.toHaveProperty('data');
  });

  it('names the file after the number, unsafe characters replaced', () => {
    const file = downloadKsefTaxReport({ ...vatReport(), number: 'FV/2026/02 150' }, { now: NOW });
    expect(file.success && file.data.filename).toBe('FA3_FV_2026_02_150.xml');
  });
});
