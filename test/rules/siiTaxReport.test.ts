/**
 * The rules of an SII tax report (sii.md §2, §3, §4.2, §4.6, §5, §8; fiscalkit's per-book table):
 * exact code and param of each, on parsed bodies.
 */
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import {
  parseSiiTaxReport,
  SII_BOOK_TYPES,
  type SiiBookType,
  SiiTaxReportSchema,
} from '../../src/model/siiTaxReport.js';
import { siiAnnualPeriodIssues } from '../../src/rules/siiAnnualPeriod.js';
import { SII_BOOK_REQUIREMENTS, siiBookRequirementIssues } from '../../src/rules/siiBookRequirements.js';
import { siiCorrectiveIssues } from '../../src/rules/siiCorrective.js';
import { siiCounterpartyIssues } from '../../src/rules/siiCounterparty.js';
import { siiTaxBreakdownIssues } from '../../src/rules/siiTaxBreakdowns.js';
import { siiTaxReportIssues } from '../../src/rules/siiTaxReport.js';
import { type Body, validSiiBody } from '../support/taxReportFixtures.js';

/** Parses a create body (it must parse) and runs every SII rule on it: codes and params only. */
function ruleIssues(body: Body): { code: string; param: string }[] {
  const parsed = parseSiiTaxReport(body, 'create');
  if (!parsed.success) throw new Error(`the body must parse: ${JSON.stringify(parsed.issues)}`);
  return siiTaxReportIssues(parsed.data).map(({ code, param }) => ({ code, param }));
}

const codes = (issues: ValidationIssue[]) => issues.map(({ code, param }) => ({ code, param }));

const without = (body: Body, field: string): Body => {
  const copy = { ...body };
  delete copy[field];
  return copy;
};

describe('the fixtures break no rule', () => {
  it.each(SII_BOOK_TYPES)('%s', (book) => {
    expect(ruleIssues(validSiiBody(book))).toEqual([]);
  });
});

describe('per-book requirements (sii.md §2, §3; fiscalkit table SII_BOOK_REQUIREMENTS)', () => {
  const cases = SII_BOOK_TYPES.flatMap((book) =>
    SII_BOOK_REQUIREMENTS[book].map((field) => [book, field] as const),
  );

  it.each(cases)('sii.md §2: book %s requires %s → parameter_blank', (book, field) => {
    expect(ruleIssues(without(validSiiBody(book), field))).toEqual([
      { code: 'parameter_blank', param: field },
    ]);
  });

  it.each(cases)('sii.md §2: book %s, %s null → parameter_blank', (book, field) => {
    expect(ruleIssues({ ...validSiiBody(book), [field]: null })).toEqual([
      { code: 'parameter_blank', param: field },
    ]);
  });

  it('invoice books need invoice_number, invoice_date and invoice_type_code', () => {
    for (const book of ['Expedida', 'Recibida'] as const)
      expect(SII_BOOK_REQUIREMENTS[book]).toEqual(
        expect.arrayContaining(['invoice_number', 'invoice_date', 'invoice_type_code']),
      );
  });

  it('Metalico needs the counterparty and tax_inclusive_amount', () => {
    expect(SII_BOOK_REQUIREMENTS.Metalico).toEqual(
      expect.arrayContaining(['customer_party_name', 'customer_party_tax_id', 'tax_inclusive_amount']),
    );
  });

  it('sii.md §2: the cash-accounting books need payments and no header fields (CabeceraSiiCobrosPagos)', () => {
    for (const book of ['CobrosEmitidas', 'PagosRecibidas'] as const) {
      expect(SII_BOOK_REQUIREMENTS[book]).toContain('payments');
      expect(SII_BOOK_REQUIREMENTS[book]).not.toContain('communication_type');
      expect(SII_BOOK_REQUIREMENTS[book]).not.toContain('period');
    }
  });

  it.each(['CobrosEmitidas', 'PagosRecibidas'] as const)(
    'sii.md §3: %s with an empty payments list → parameter_empty',
    (book) => {
      expect(ruleIssues({ ...validSiiBody(book), payments: [] })).toEqual([
        { code: 'parameter_empty', param: 'payments' },
      ]);
    },
  );

  it.each(['Expedida', 'Recibida'] as const)(
    'sii.md §5: %s with an empty tax_breakdowns → parameter_empty',
    (book) => {
      expect(ruleIssues({ ...validSiiBody(book), tax_breakdowns: [] })).toEqual([
        { code: 'parameter_empty', param: 'tax_breakdowns' },
      ]);
    },
  );

  it('a blank string counts as missing', () => {
    expect(ruleIssues({ ...validSiiBody('CobrosEmitidas'), invoice_number: '  ' })).toEqual([
      { code: 'parameter_blank', param: 'invoice_number' },
    ]);
  });

  it('every missing field is reported, in table order, with the book in the message', () => {
    const issues = siiBookRequirementIssues({ book_type: 'PagosRecibidas' });
    expect(codes(issues)).toEqual([
      { code: 'parameter_blank', param: 'supplier_party_name' },
      { code: 'parameter_blank', param: 'supplier_party_tax_id' },
      { code: 'parameter_blank', param: 'invoice_number' },
      { code: 'parameter_blank', param: 'invoice_date' },
      { code: 'parameter_blank', param: 'payments' },
    ]);
    expect(issues[0]?.message).toBe('supplier_party_name is required for book_type PagosRecibidas');
  });

  it('fields a book does not use are not required by it', () => {
    const cobros = validSiiBody('CobrosEmitidas');
    expect(cobros).not.toHaveProperty('communication_type');
    expect(ruleIssues(cobros)).toEqual([]);
  });

  it('without a book_type there is nothing to require', () => {
    expect(siiBookRequirementIssues({})).toEqual([]);
  });

  it('every book has an entry', () => {
    expect(Object.keys(SII_BOOK_REQUIREMENTS).sort()).toEqual([...SII_BOOK_TYPES].sort());
  });
});

describe('Metalico is annual (sii.md §2: PeriodoLiquidacion 0A)', () => {
  it('sii.md §2: Metalico with a monthly period → parameter_invalid at period', () => {
    expect(ruleIssues({ ...validSiiBody('Metalico'), period: '12' })).toEqual([
      { code: 'parameter_invalid', param: 'period' },
    ]);
  });

  it('other books take any period; a missing period is the book requirement', () => {
    expect(siiAnnualPeriodIssues({ book_type: 'Expedida', period: '12' })).toEqual([]);
    expect(siiAnnualPeriodIssues({ book_type: 'Metalico' })).toEqual([]);
  });
});

describe('the customer of an issued invoice (sii.md §8)', () => {
  it.each(['F1', 'F3', 'R1', 'R2', 'R3', 'R4'])(
    'sii.md §8: Expedida %s without customer_party_tax_id → parameter_blank',
    (type) => {
      const body = without(
        { ...validSiiBody('Expedida'), invoice_type_code: type, corrective_type: 'I' },
        'customer_party_tax_id',
      );
      expect(ruleIssues(body)).toEqual([{ code: 'parameter_blank', param: 'customer_party_tax_id' }]);
    },
  );

  it('sii.md §8: Expedida F1 without any customer → two parameter_blank', () => {
    expect(codes(siiCounterpartyIssues({ book_type: 'Expedida', invoice_type_code: 'F1' }))).toEqual([
      { code: 'parameter_blank', param: 'customer_party_name' },
      { code: 'parameter_blank', param: 'customer_party_tax_id' },
    ]);
  });

  it.each(['F2', 'F4', 'R5', 'F5', 'F6', 'LC', 'AJ'])('sii.md §8: Expedida %s needs no customer', (type) => {
    expect(siiCounterpartyIssues({ book_type: 'Expedida', invoice_type_code: type })).toEqual([]);
  });

  it('Recibida identifies the supplier instead (book requirement), not the customer', () => {
    expect(siiCounterpartyIssues({ book_type: 'Recibida', invoice_type_code: 'F1' })).toEqual([]);
  });
});

describe('corrective invoices (sii.md §4.1, §4.2)', () => {
  it.each(['R1', 'R2', 'R3', 'R4', 'R5'])(
    'sii.md §4.2: a corrective invoice (%s) needs corrective_type → parameter_blank',
    (type) => {
      expect(ruleIssues({ ...validSiiBody('Recibida'), invoice_type_code: type })).toEqual([
        { code: 'parameter_blank', param: 'corrective_type' },
      ]);
    },
  );

  it('sii.md §4.2: corrective_type S needs corrected_taxable_base and corrected_tax_amount → parameter_blank', () => {
    const body = { ...validSiiBody('Expedida'), invoice_type_code: 'R1', corrective_type: 'S' };
    expect(ruleIssues(body)).toEqual([
      { code: 'parameter_blank', param: 'corrected_taxable_base' },
      { code: 'parameter_blank', param: 'corrected_tax_amount' },
    ]);
    expect(ruleIssues({ ...body, corrected_taxable_base: '100.00', corrected_tax_amount: '21.00' })).toEqual(
      [],
    );
  });

  it('sii.md §4.2: corrective_type I needs no corrected amounts', () => {
    expect(
      ruleIssues({ ...validSiiBody('Expedida'), invoice_type_code: 'R4', corrective_type: 'I' }),
    ).toEqual([]);
  });

  it('F-type invoices need no corrective_type', () => {
    expect(siiCorrectiveIssues({ invoice_type_code: 'F1' })).toEqual([]);
  });
});

describe('breakdown rows (sii.md §4.6, §5)', () => {
  const row = (fields: Body) => ({ taxable_base: '100.00', ...fields });

  it('sii.md §5: a row cannot be subject and exempt → parameter_invalid at the second code', () => {
    const body = {
      ...validSiiBody('Expedida'),
      tax_breakdowns: [row({ non_exemption_code: 'S1', reason_vat_exempt: 'E1' })],
    };
    expect(ruleIssues(body)).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].reason_vat_exempt' },
    ]);
  });

  it('sii.md §5: all three codes → two parameter_invalid', () => {
    const issues = siiTaxBreakdownIssues({
      book_type: 'Recibida',
      tax_breakdowns: [
        row({}),
        row({ non_exemption_code: 'S2', reason_vat_exempt: 'E6', reason_no_subject: 'N1' }),
      ],
    });
    expect(codes(issues)).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[1].reason_vat_exempt' },
      { code: 'parameter_invalid', param: 'tax_breakdowns[1].reason_no_subject' },
    ]);
  });

  it('sii.md §4.6: Expedida surcharge on a services row → parameter_invalid', () => {
    const body = {
      ...validSiiBody('Expedida'),
      tax_breakdowns: [
        row({
          operation_type: 'services',
          non_exemption_code: 'S1',
          percent: '10.00',
          surcharge_percent: '1.40',
          surcharge_amount: '1.40',
        }),
      ],
    };
    expect(ruleIssues(body)).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].surcharge_percent' },
    ]);
  });

  it('sii.md §4.6: only surcharge_amount given → reported at surcharge_amount', () => {
    const issues = siiTaxBreakdownIssues({
      book_type: 'Expedida',
      tax_breakdowns: [row({ operation_type: 'services', surcharge_amount: '5.20' })],
    });
    expect(codes(issues)).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].surcharge_amount' },
    ]);
  });

  it('sii.md §4.6: Expedida surcharge on an exempt row → parameter_invalid', () => {
    const issues = siiTaxBreakdownIssues({
      book_type: 'Expedida',
      tax_breakdowns: [row({ operation_type: 'goods', reason_vat_exempt: 'E1', surcharge_percent: '5.20' })],
    });
    expect(codes(issues)).toEqual([
      { code: 'parameter_invalid', param: 'tax_breakdowns[0].surcharge_percent' },
    ]);
  });

  it('sii.md §4.6: surcharge on goods, on the invoice-level breakdown, and on received invoices is fine', () => {
    expect(
      siiTaxBreakdownIssues({
        book_type: 'Expedida',
        tax_breakdowns: [
          row({ operation_type: 'goods', non_exemption_code: 'S1', surcharge_percent: '5.20' }),
          row({ non_exemption_code: 'S1', surcharge_percent: '1.40' }),
        ],
      }),
    ).toEqual([]);
    expect(
      siiTaxBreakdownIssues({
        book_type: 'Recibida',
        tax_breakdowns: [row({ operation_type: 'services', surcharge_percent: '5.20' })],
      }),
    ).toEqual([]);
  });
});

describe('siiTaxReportIssues (aggregator)', () => {
  it('runs every rule', () => {
    const body = {
      ...validSiiBody('Metalico'),
      period: '01',
      customer_party_tax_id: null,
    };
    expect(ruleIssues(body)).toEqual([
      { code: 'parameter_blank', param: 'customer_party_tax_id' },
      { code: 'parameter_invalid', param: 'period' },
    ]);
  });

  it.each(SII_BOOK_TYPES)('a bare %s reports its book requirements', (book: SiiBookType) => {
    const issues = ruleIssues({ type: 'SiiDocument', book_type: book });
    expect(issues.map((issue) => issue.param)).toEqual([...SII_BOOK_REQUIREMENTS[book]]);
  });
});

describe('on update: the stored report with the update applied', () => {
  const stored = SiiTaxReportSchema.parse({
    ...validSiiBody('Recibida'),
    id: 1,
    account_id: 2,
    state: 'error',
    invoice_id: null,
    additional_special_regime_keys: [],
    corrected_invoices: [],
    payments: [],
  });

  it('a stored report breaks no rule', () => {
    expect(siiTaxReportIssues(stored)).toEqual([]);
  });

  it('sii.md §3: an update that clears accounting_date of a Recibida → parameter_blank', () => {
    const update = parseSiiTaxReport({ accounting_date: null }, 'update');
    if (!update.success) throw new Error('the update must parse');
    expect(codes(siiTaxReportIssues({ ...stored, ...update.data }))).toEqual([
      { code: 'parameter_blank', param: 'accounting_date' },
    ]);
  });
});

describe('rule ids (issue #20 §4): each SII tax report rule names itself', () => {
  it('the book requirements are sii.2.book-field and sii.2.book-list', () => {
    expect(
      siiBookRequirementIssues({
        book_type: 'CobrosEmitidas',
        invoice_number: 'A-1',
        invoice_date: '2026-03-15',
      }),
    ).toMatchObject([{ rule: 'sii.2.book-field', code: 'parameter_blank', param: 'payments' }]);
    expect(
      siiBookRequirementIssues({
        book_type: 'CobrosEmitidas',
        invoice_number: 'A-1',
        invoice_date: '2026-03-15',
        payments: [],
      }),
    ).toMatchObject([{ rule: 'sii.2.book-list', code: 'parameter_empty', param: 'payments' }]);
  });

  it('Metalico annual, the customer of an issued invoice, corrective invoices', () => {
    expect(siiAnnualPeriodIssues({ book_type: 'Metalico', period: '12' })[0]).toMatchObject({
      rule: 'sii.2.metalico-annual-period',
      param: 'period',
    });
    expect(siiCounterpartyIssues({ book_type: 'Expedida', invoice_type_code: 'F1' })[0]).toMatchObject({
      rule: 'sii.8.counterparty',
      param: 'customer_party_name',
    });
    expect(siiCorrectiveIssues({ invoice_type_code: 'R1' })[0]).toMatchObject({
      rule: 'fiscalkit.sii.corrective-type',
      param: 'corrective_type',
    });
    expect(siiCorrectiveIssues({ invoice_type_code: 'R1', corrective_type: 'S' })[0]).toMatchObject({
      rule: 'sii.4.2.substitution-amounts',
      param: 'corrected_taxable_base',
    });
  });

  it('the breakdown rows', () => {
    expect(
      siiTaxBreakdownIssues({ tax_breakdowns: [{ non_exemption_code: 'S1', reason_vat_exempt: 'E1' }] })[0],
    ).toMatchObject({
      rule: 'fiscalkit.sii.one-classification',
      param: 'tax_breakdowns[0].reason_vat_exempt',
    });
    expect(
      siiTaxBreakdownIssues({
        book_type: 'Expedida',
        tax_breakdowns: [{ operation_type: 'services', surcharge_percent: '5.20' }],
      })[0],
    ).toMatchObject({ rule: 'sii.4.6.no-surcharge-on-services' });
    expect(
      siiTaxBreakdownIssues({
        book_type: 'Expedida',
        tax_breakdowns: [{ reason_vat_exempt: 'E1', surcharge_amount: '1.00' }],
      })[0],
    ).toMatchObject({ rule: 'sii.4.6.surcharge-subject-only', param: 'tax_breakdowns[0].surcharge_amount' });
  });
});
