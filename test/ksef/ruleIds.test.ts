import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRuleId } from '../../src/errors/ruleId.js';
import type { Validated, ValidationIssue } from '../../src/errors/validationIssue.js';
import { isPolishKrs, POLISH_KRS_PATTERN } from '../../src/identifiers/polishKrs.js';
import { buildFa3 } from '../../src/ksef/build/buildFa3.js';
import { TNR_KRS } from '../../src/ksef/build/fa3Types.js';
import { fa3Issues } from '../../src/ksef/fa3Issues.js';
import { ksefRateCode } from '../../src/ksef/generate/rateCode.js';
import { correctionFields, referenceTotal, settledAdvances } from '../../src/ksef/generate/references.js';
import { ksefTypeCodeOf } from '../../src/ksef/generate/typeCode.js';
import { formCodeIssue } from '../../src/ksef/import/guards.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import type { InvoiceReference } from '../../src/model/invoiceReference.js';
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';
import { supplierPartyKrsIssues } from '../../src/rules/supplierPartyKrs.js';
import { defectiveKsefReportArb } from '../../src/testing/ksef.js';
import { vatReport, zalReport } from '../support/ksefReports.js';

// Issue #20 §4: every issue of the KSeF format names the rule that found it, a stable id citing its
// source: `fa3.<XSD type or element>`, `ksef.<ksef-fa3.md section>.<slug>`, `spec.…`, `taxmath.…`,
// `fiscalkit.ksef.…` (src/errors/ruleId.ts).

type Report = KsefTaxReportCreate;

/** A report that was not parsed: any value in any field. */
const unparsed = (changes: Record<string, unknown>, report: Report = vatReport()): Report =>
  ({ ...report, ...changes }) as unknown as Report;

/** The rule and param of the issue of `fa3Issues` at `param` (the first one there). */
function ruleAt(report: Report, param: string): string | undefined {
  return fa3Issues(report).find((issue) => issue.param === param)?.rule;
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

const reference = (fields: Partial<InvoiceReference>): InvoiceReference =>
  ({ reference_type: 'amend', ...fields }) as InvoiceReference;

describe('every FA(3) issue names its rule (issue #20 §4)', () => {
  it('each defect of KSEF_DEFECTS: every issue fa3Issues reports has a well-formed rule id', () => {
    fc.assert(
      fc.property(defectiveKsefReportArb(), ({ report }) => {
        const issues = fa3Issues(report);
        expect(issues.length).toBeGreaterThan(0);
        expectRuleIds(issues);
      }),
      { numRuns: 100 },
    );
  });

  it('a report of junk in every field: every issue still names its rule', () => {
    const junk = Object.fromEntries(Object.keys(vatReport()).map((key) => [key, { junk: true }]));
    const issues = fa3Issues(unparsed({ ...junk, type: 'Ksef' }));
    expect(issues.length).toBeGreaterThan(20);
    expectRuleIds(issues);
    const lists = unparsed({ lines: [7], tax_breakdowns: 'x', additional_third_parties: [null] });
    expectRuleIds(fa3Issues(lists));
  });
});

describe('fa3.*: the FA(3) XSD, by type or by element', () => {
  it('a value that does not fit its XSD type names the type', () => {
    expect(ruleAt(unparsed({ number: 'x'.repeat(300) }), 'number')).toBe('fa3.TZnakowy');
    expect(ruleAt(unparsed({ total_amount: '1.234' }), 'total_amount')).toBe('fa3.TKwotowy');
    expect(ruleAt(unparsed({ date: '2005-12-31' }), 'date')).toBe('fa3.TDataT');
    expect(ruleAt(unparsed({ invoice_type_code: 'XYZ' }), 'invoice_type_code')).toBe('fa3.TRodzajFaktury');
    expect(ruleAt(unparsed({ currency: 'ZWG' }), 'currency')).toBe('fa3.TKodWaluty');
    expect(ruleAt(unparsed({ supplier_party_country: 'pl' }), 'supplier_party_country')).toBe(
      'fa3.TKodKraju',
    );
    expect(ruleAt(unparsed({ supplier_contact_email: 'no-at-sign' }), 'supplier_contact_email')).toBe(
      'fa3.TAdresEmail',
    );
  });

  it('the KRS and REGON patterns are fa3.TNrKRS and fa3.TNrREGON', () => {
    expect(ruleAt(unparsed({ supplier_party_krs: '000001234' }), 'supplier_party_krs')).toBe('fa3.TNrKRS');
    expect(ruleAt(unparsed({ supplier_party_regon: '12345' }), 'supplier_party_regon')).toBe('fa3.TNrREGON');
  });

  it('a required element that is absent names the element path', () => {
    expect(ruleAt(unparsed({ date: null }), 'date')).toBe('fa3.Fa.P_1');
    expect(ruleAt(unparsed({ supplier_party_tax_id: null }), 'supplier_party_tax_id')).toBe(
      'fa3.Podmiot1.DaneIdentyfikacyjne.NIP',
    );
    expect(
      ruleAt(
        unparsed({ invoicing_period_start: '2026-01-01', tax_point_date: null }),
        'invoicing_period_end',
      ),
    ).toBe('fa3.Fa.OkresFa.P_6_Do');
  });

  it('the options of buildFa3 and the form code of an import', () => {
    expect(issuesOf(buildFa3(vatReport(), { now: new Date('2020-01-01T00:00:00Z') }))[0]?.rule).toBe(
      'fa3.Naglowek.DataWytworzeniaFa',
    );
    expect(formCodeIssue('FA(3)', '1-0E')?.rule).toBe('fa3.KodFormularza');
  });
});

describe('ksef.*: ksef-fa3.md', () => {
  it('§4: KSeF checks the NIP check digit and refuses characters XML cannot carry', () => {
    expect(ruleAt(unparsed({ supplier_party_tax_id: '1234567890' }), 'supplier_party_tax_id')).toBe(
      'ksef.4.nip-checksum',
    );
    expect(ruleAt(unparsed({ number: 'FV\u0001' }), 'number')).toBe('ksef.4.characters');
  });

  it('§1: an FA(2) document is refused at its namespace', () => {
    const fa2 = importFa3('<Faktura xmlns="http://crd.gov.pl/wzor/2023/06/29/12648/"/>');
    expect(issuesOf(fa2)[0]).toMatchObject({ rule: 'ksef.1.namespace', param: 'file' });
  });

  it('§3, §6.5, §6.7: the rate code of a line tax and the correction block of a generated report', () => {
    const at = ['lines', 0, 'taxes_attributes', 0];
    expect(issuesOf(ksefRateCode({ name: 'VAT', percent: '0' }, at))[0]?.rule).toBe('ksef.3.no-plain-zero');
    expect(issuesOf(ksefRateCode({ name: 'IRPF', percent: '-15' }, at))[0]?.rule).toBe('ksef.6.5.vat-only');
    expect(issuesOf(ksefRateCode({ name: 'VAT', percent: '17' }, at))[0]?.rule).toBe('fa3.TStawkaPodatku');
    expect(issuesOf(correctionFields(undefined))[0]?.rule).toBe('ksef.6.7.amend-reference');
  });
});

describe('spec.*: the service spec', () => {
  it('spec §8 "KRS digits · exactly 10": spec.8.krs, from the one KRS pattern (src/identifiers/polishKrs.ts)', () => {
    expect(supplierPartyKrsIssues({ supplier_party_krs: '12345' })[0]).toMatchObject({
      rule: 'spec.8.krs',
      code: 'parameter_invalid',
      param: 'supplier_party_krs',
    });
    for (const krs of ['0000012345', '12345', '0000 012 345', '00000123456', '000001234a', '０000012345']) {
      // The spec rule, the identifier check and FA(3)'s generated TNrKRS agree on every value as written.
      expect(supplierPartyKrsIssues({ supplier_party_krs: krs }).length === 0).toBe(isPolishKrs(krs));
      expect(isPolishKrs(krs)).toBe(TNR_KRS.test(krs));
      expect(POLISH_KRS_PATTERN.test(krs)).toBe(isPolishKrs(krs));
    }
  });

  it('spec §2.7 rule 3: the amend reference of an advance correction carries its total', () => {
    const amend = { reference: reference({ number: 'FZ/1', date: '2026-01-01' }), index: 0 };
    expect(issuesOf(referenceTotal(amend, 'PLN', 2))[0]).toMatchObject({
      rule: 'spec.2.7.3',
      code: 'parameter_blank',
      param: 'invoice_references[0].total_amount',
    });
  });

  it('spec §2.7 prepayment_references: a settlement needs them, each with a number or a KSeF number', () => {
    expect(
      issuesOf(settledAdvances({ invoice_references: [], prepaid_amount: null }, 'PLN', 2))[0],
    ).toMatchObject({ rule: 'spec.2.7.prepayment-references', param: 'invoice_references' });
    const nameless = reference({ reference_type: 'prepayment', total_amount: '100' });
    expect(
      issuesOf(settledAdvances({ invoice_references: [nameless], prepaid_amount: null }, 'PLN', 2))[0],
    ).toMatchObject({ rule: 'spec.2.7.prepayment-reference-number', param: 'invoice_references[0].number' });
  });
});

describe('taxmath.* and fiscalkit.ksef.*', () => {
  it('taxmath.md §3.10: an exchange rate is greater than zero', () => {
    expect(ruleAt(unparsed({ exchange_rate: '0' }), 'exchange_rate')).toBe('taxmath.3.10.positive-rate');
  });

  it('a third party needs a role: ksef-fa3.md §6.3, the id the invoice generator gives it too', () => {
    expect(ruleAt(unparsed({ third_party_name: 'Odbiorca' }), 'third_party_role')).toBe(
      'ksef.6.3.third-party-role',
    );
  });

  it('fiscalkit’s own decisions: a ZAL order total needs order lines', () => {
    expect(ruleAt({ ...zalReport(), order_lines: [] }, 'order_lines')).toBe('fiscalkit.ksef.order-lines');
    expect(
      issuesOf(ksefTypeCodeOf({ type: 'ReceivedInvoice', type_code: null, invoice_references: [] }))[0]?.rule,
    ).toBe('fiscalkit.ksef.seller-invoice-type');
  });
});
