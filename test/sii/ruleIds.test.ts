import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { Validated, ValidationIssue } from '../../src/errors/validationIssue.js';
import type { SiiTaxReportCreate } from '../../src/model/siiTaxReport.js';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { siiLineClass } from '../../src/sii/generate/classify.js';
import { parseSiiResponse } from '../../src/sii/import/response.js';
import { siiVersionRefusal } from '../../src/sii/import/version.js';
import { siiRecordIssues, siiTitularIssues } from '../../src/sii/recordIssues.js';
import { defectiveSiiRecordArb } from '../../src/testing/sii.js';
import { siiMessage } from '../support/siiMessages.js';
import { expedidaF1, expedidaF2, recibida, siiTitular } from '../support/siiReports.js';

// Issue #20 §4: every issue of the SII format names the rule that found it, a stable id citing its
// source: `sii.<XSD type or element>` or `sii.<sii.md section>.<slug>`, `xml.…`, `fiscalkit.sii.…`
// (src/errors/ruleId.ts).

type Report = SiiTaxReportCreate;
type Row = NonNullable<Report['tax_breakdowns']>[number];

/** The rule of the first issue of a record at `param`. */
function ruleAt(report: Report, param: string): string | undefined {
  return siiRecordIssues(report).find((issue) => issue.param === param)?.rule;
}

/** The issues of a failed result. */
function issuesOf(result: Validated<unknown>): ValidationIssue[] {
  if (result.success) expect.fail('expected issues');
  return result.issues;
}

/** Every issue has a well-formed rule id (a known source, then at least one segment). */
function expectRuleIds(issues: readonly ValidationIssue[]): void {
  for (const issue of issues) expect(isRuleId(issue.rule ?? ''), JSON.stringify(issue)).toBe(true);
}

/** An invoice-level issued F1 with the given rows and no ImporteTotal. */
const f1 = (rows: Row[]): Report => ({ ...expedidaF1(), tax_inclusive_amount: null, tax_breakdowns: rows });
const s1 = (base: string, percent: string, tax: string): Row => ({
  non_exemption_code: 'S1',
  percent,
  taxable_base: base,
  tax_amount: tax,
});

describe('every SII record issue names its rule (issue #20 §4)', () => {
  it('each defect of SII_DEFECTS: every issue siiRecordIssues reports has a well-formed rule id', () => {
    fc.assert(
      fc.property(defectiveSiiRecordArb, ({ report }) => {
        const issues = siiRecordIssues(report, siiTitular());
        expect(issues.length).toBeGreaterThan(0);
        expectRuleIds(issues);
      }),
      { numRuns: 100 },
    );
  });

  it('a record of junk in every field, alta and baja: every issue still names its rule', () => {
    for (const fixture of [expedidaF1(), recibida()]) {
      // siiRecordIssues takes a typed record (the batch parses first): lists stay lists here.
      const junk = Object.fromEntries(
        Object.entries(fixture).map(([key, value]) => [
          key,
          Array.isArray(value) ? [{ junk: true }] : { junk: true },
        ]),
      );
      const report = { ...junk, type: 'SiiDocument', book_type: fixture.book_type } as unknown as Report;
      for (const kind of ['alta', 'baja'] as const) {
        const issues = siiRecordIssues(report, undefined, kind);
        expect(issues.length).toBeGreaterThan(0);
        expectRuleIds(issues);
      }
    }
  });
});

describe('sii.*: the SII XSDs, by type or by element', () => {
  it('a value that does not fit its XSD type names the type', () => {
    expect(ruleAt({ ...expedidaF1(), period: '13' as never }, 'period')).toBe('sii.TipoPeriodoType');
    expect(ruleAt({ ...expedidaF1(), customer_party_tax_id: 'ESB12345674' }, 'customer_party_tax_id')).toBe(
      'sii.NIFType',
    );
    expect(ruleAt({ ...expedidaF1(), description: 'x'.repeat(501) }, 'description')).toBe(
      'sii.TextMax500Type',
    );
    expect(ruleAt({ ...expedidaF1(), tax_inclusive_amount: '1.234' }, 'tax_inclusive_amount')).toBe(
      'sii.ImporteSgn12.2Type',
    );
    expect(ruleAt({ ...expedidaF1(), operation_date: '16-03-2026' }, 'operation_date')).toBe('sii.fecha');
    expect(ruleAt({ ...expedidaF1(), book_type: 'Otro' as never }, 'book_type')).toBe('sii.2.book-type');
  });

  it('a required element that is absent names the element path', () => {
    expect(siiTitularIssues({ ...siiTitular(), nif: '' })[0]).toMatchObject({
      rule: 'sii.Titular.NIF',
      code: 'parameter_blank',
      param: 'titular.nif',
    });
  });

  it('the message and its header (buildSiiMessage, IDVersionSii)', () => {
    const empty = { ...siiMessage('Expedida', 'alta'), records: [] };
    expect(issuesOf(buildSiiMessage(empty))[0]).toMatchObject({
      rule: 'sii.6.records-per-message',
      param: 'records',
    });
    expect(siiVersionRefusal('0.7')?.rule).toBe('sii.3.version');
    const message = siiMessage('Expedida', 'alta');
    const records = message.records.map((record) => ({ ...record, period: '13' as never }));
    expect(issuesOf(buildSiiMessage({ ...message, records }))[0]).toMatchObject({
      rule: 'sii.TipoPeriodoType',
      param: 'records[0].period',
    });
  });
});

describe('sii.<section>.*: the AEAT checks of sii.md §8 and the breakdown of §4–§6', () => {
  it('§8: F2 up to 3,000 €, AEAT’s VAT rates, the cuota check', () => {
    const f2 = {
      ...expedidaF2(),
      tax_inclusive_amount: '3000.01',
      tax_breakdowns: [s1('2479.35', '21', '520.66')],
    };
    expect(ruleAt(f2, 'invoice_type_code')).toBe('sii.8.f2-limit');
    expect(ruleAt(f1([s1('100', '15', '15')]), 'tax_breakdowns[0].percent')).toBe('sii.8.vat-rate');
    expect(ruleAt(f1([s1('100', '21', '30')]), 'tax_breakdowns[0].tax_amount')).toBe('sii.8.cuota');
  });

  it('§4.6 and §6: the recargo rates, at most 6 DetalleIVA per block', () => {
    const recargo = { ...s1('100', '21', '21'), surcharge_percent: '3', surcharge_amount: '3' };
    expect(ruleAt(f1([recargo]), 'tax_breakdowns[0].surcharge_percent')).toBe('sii.4.6.recargo-rate');
    const seven = ['0', '2', '4', '5', '10', '21', '7.5'].map((rate) => s1('100', rate, '0'));
    expect(ruleAt(f1(seven), 'tax_breakdowns')).toBe('sii.6.detalle-iva-limit');
  });
});

describe('xml.* and fiscalkit.sii.*', () => {
  it('a response that is not well-formed, a SOAP Fault', () => {
    expect(issuesOf(parseSiiResponse('<!DOCTYPE x><x/>'))[0]?.rule).toBe('xml.doctype');
    const fault =
      '<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body><e:Fault><faultcode>e:Server</faultcode></e:Fault></e:Body></e:Envelope>';
    expect(issuesOf(parseSiiResponse(fault))[0]?.rule).toBe('sii.1.soap-fault');
  });

  it('fiscalkit’s own decisions: a 0 % tax needs a category to be classified', () => {
    const at = ['lines', 0, 'taxes_attributes', 0];
    const zero = siiLineClass({ name: 'IVA', percent: '0' }, undefined, { book: 'Expedida', eu: false }, at);
    expect(issuesOf(zero)[0]).toMatchObject({
      rule: 'fiscalkit.sii.zero-category',
      param: 'lines[0].taxes_attributes[0].category',
    });
  });
});
