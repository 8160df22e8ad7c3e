/**
 * The rules of a Ksef tax report (spec §2.7, §7.2, §8; ksef-fa3.md §6.3; es-tin.md §6.2, §6.3), each
 * with its exact code and param, run through the aggregator on parsed bodies as a service would.
 */
import { describe, expect, it } from 'vitest';
import { KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import {
  KsefTaxReportSchema,
  type KsefTaxReportUpdate,
  parseKsefTaxReport,
} from '../../src/model/ksefTaxReport.js';
import { ksefAdvanceAmountIssues } from '../../src/rules/ksefAdvanceAmounts.js';
import { ksefBuyerUnitIssues } from '../../src/rules/ksefBuyerUnit.js';
import { ksefTaxReportIssues } from '../../src/rules/ksefTaxReport.js';
import { prepaymentReferenceIssues } from '../../src/rules/prepaymentReferences.js';
import { supplierPartyKrsIssues } from '../../src/rules/supplierPartyKrs.js';
import { supplierPartyRegonIssues } from '../../src/rules/supplierPartyRegon.js';
import { taxReportTypeChangeIssues } from '../../src/rules/taxReportTypeChange.js';
import { thirdPartyCountryIssues } from '../../src/rules/thirdPartyCountry.js';
import { type Body, validKsefBody } from '../support/taxReportFixtures.js';

/** Parses a create body (it must parse) and runs every Ksef rule on it: codes and params only. */
function ruleIssues(body: Body): { code: string; param: string }[] {
  const parsed = parseKsefTaxReport(body, 'create');
  if (!parsed.success) throw new Error(`the body must parse: ${JSON.stringify(parsed.issues)}`);
  return ksefTaxReportIssues(parsed.data).map(({ code, param }) => ({ code, param }));
}

const codes = (issues: ValidationIssue[]) => issues.map(({ code, param }) => ({ code, param }));

describe('the fixtures break no rule', () => {
  it.each(KSEF_TYPE_CODES)('%s', (code) => {
    expect(ruleIssues(validKsefBody(code))).toEqual([]);
  });
});

describe('supplier_party_krs (spec §2.7, §8: exactly 10 digits)', () => {
  it.each(['0000012345', '1234567890', '0000000000'])('§2.7: %s (10 digits) is accepted', (krs) => {
    expect(ruleIssues({ ...validKsefBody(), supplier_party_krs: krs })).toEqual([]);
  });

  it.each([
    ['9 digits', '000012345'],
    ['11 digits', '00000123456'],
    ['not zero-padded', '12345'],
    ['with a separator', '0000-012345'],
    ['with spaces', '0000 012345'],
    ['with a letter', '000001234A'],
    ['non-ASCII digits', '٠٠٠٠٠١٢٣٤٥'],
  ])('§2.7: supplier_party_krs must have exactly 10 digits (%s) → parameter_invalid', (_, krs) => {
    expect(ruleIssues({ ...validKsefBody(), supplier_party_krs: krs })).toEqual([
      { code: 'parameter_invalid', param: 'supplier_party_krs' },
    ]);
  });

  it('§2.7: KRS is checked only when provided (null, absent, blank)', () => {
    expect(supplierPartyKrsIssues({ supplier_party_krs: null })).toEqual([]);
    expect(supplierPartyKrsIssues({})).toEqual([]);
    expect(supplierPartyKrsIssues({ supplier_party_krs: '' })).toEqual([]);
  });

  it('the message names the rule', () => {
    expect(supplierPartyKrsIssues({ supplier_party_krs: '1' })[0]?.message).toBe(
      'supplier_party_krs must be exactly 10 digits',
    );
  });
});

describe('supplier_party_regon (spec §2.7, §8: exactly 9 or 14 digits; es-tin.md §6.2)', () => {
  it.each([
    ['9 digits, valid checksum', '123456785'],
    ['9 digits, wrong checksum: digit count only', '123456786'],
    ['14 digits, valid checksum', '12345678512347'],
    ['14 digits, wrong checksum', '12345678512348'],
  ])('§2.7: %s is accepted', (_, regon) => {
    expect(ruleIssues({ ...validKsefBody(), supplier_party_regon: regon })).toEqual([]);
  });

  it.each([
    ['8 digits', '12345678'],
    ['10 digits', '1234567850'],
    ['13 digits', '1234567851234'],
    ['15 digits', '123456785123470'],
    ['with separators', '123-456-785'],
    ['with a letter', '12345678X'],
  ])('§2.7: supplier_party_regon must have exactly 9 or 14 digits (%s) → parameter_invalid', (_, regon) => {
    expect(ruleIssues({ ...validKsefBody(), supplier_party_regon: regon })).toEqual([
      { code: 'parameter_invalid', param: 'supplier_party_regon' },
    ]);
  });

  it('§2.7: REGON is checked only when provided', () => {
    expect(supplierPartyRegonIssues({ supplier_party_regon: null })).toEqual([]);
    expect(supplierPartyRegonIssues({ supplier_party_regon: '  ' })).toEqual([]);
  });
});

describe('third_party_country (spec §2.7 rule 1)', () => {
  it('§2.7 rule 1: third_party_role set without third_party_country → parameter_blank at third_party_country', () => {
    const { third_party_country: _, ...body } = validKsefBody();
    expect(ruleIssues(body)).toEqual([{ code: 'parameter_blank', param: 'third_party_country' }]);
  });

  it('§2.7 rule 1: a null country counts as missing', () => {
    expect(ruleIssues({ ...validKsefBody(), third_party_country: null })).toEqual([
      { code: 'parameter_blank', param: 'third_party_country' },
    ]);
  });

  it('§2.7 rule 1: without a role the country is optional', () => {
    expect(thirdPartyCountryIssues({ third_party_role: null })).toEqual([]);
    expect(thirdPartyCountryIssues({})).toEqual([]);
  });

  it('§2.7 rule 1: role 2 (delivery recipient) needs the country too', () => {
    expect(codes(thirdPartyCountryIssues({ third_party_role: '2' }))).toEqual([
      { code: 'parameter_blank', param: 'third_party_country' },
    ]);
    expect(thirdPartyCountryIssues({ third_party_role: '2', third_party_country: 'PL' })).toEqual([]);
  });
});

describe('advance amounts (spec §2.7; ksef-fa3.md §6.8)', () => {
  it('§2.7: previous_advance_total is required for KOR_ZAL → parameter_blank', () => {
    const { previous_advance_total: _, ...body } = validKsefBody('KOR_ZAL');
    expect(ruleIssues(body)).toEqual([{ code: 'parameter_blank', param: 'previous_advance_total' }]);
  });

  it('§2.7: order_total_amount is required for ZAL → parameter_blank', () => {
    const { order_total_amount: _, ...body } = validKsefBody('ZAL');
    expect(ruleIssues(body)).toEqual([{ code: 'parameter_blank', param: 'order_total_amount' }]);
  });

  it('§2.7: order_total_amount is required for KOR_ZAL → parameter_blank', () => {
    expect(ruleIssues({ ...validKsefBody('KOR_ZAL'), order_total_amount: null })).toEqual([
      { code: 'parameter_blank', param: 'order_total_amount' },
    ]);
  });

  it('§2.7: KOR_ZAL without both amounts → two issues, in spec order', () => {
    expect(codes(ksefAdvanceAmountIssues({ invoice_type_code: 'KOR_ZAL' }))).toEqual([
      { code: 'parameter_blank', param: 'previous_advance_total' },
      { code: 'parameter_blank', param: 'order_total_amount' },
    ]);
  });

  it.each(['VAT', 'KOR', 'ROZ', 'KOR_ROZ', 'UPR'])('§2.7: the amounts are optional for %s', (code) => {
    expect(ksefAdvanceAmountIssues({ invoice_type_code: code })).toEqual([]);
  });

  it('§2.7: previous_advance_total is not required for ZAL', () => {
    expect(ksefAdvanceAmountIssues({ invoice_type_code: 'ZAL', order_total_amount: '1.00' })).toEqual([]);
  });

  it('a zero amount is an amount (present)', () => {
    expect(
      ksefAdvanceAmountIssues({
        invoice_type_code: 'KOR_ZAL',
        previous_advance_total: '0.00',
        order_total_amount: '0',
      }),
    ).toEqual([]);
  });
});

describe('prepayment_references (spec §2.7)', () => {
  it.each(['ROZ', 'KOR_ROZ'] as const)(
    '§2.7: prepayment_references is required for %s → parameter_blank',
    (code) => {
      const { prepayment_references: _, ...body } = validKsefBody(code);
      expect(ruleIssues(body)).toEqual([{ code: 'parameter_blank', param: 'prepayment_references' }]);
    },
  );

  it.each(['ROZ', 'KOR_ROZ'] as const)(
    '§2.7: an empty prepayment_references for %s → parameter_empty',
    (code) => {
      expect(ruleIssues({ ...validKsefBody(code), prepayment_references: [] })).toEqual([
        { code: 'parameter_empty', param: 'prepayment_references' },
      ]);
    },
  );

  it('§2.7: null prepayment_references for ROZ → parameter_blank', () => {
    expect(ruleIssues({ ...validKsefBody('ROZ'), prepayment_references: null })).toEqual([
      { code: 'parameter_blank', param: 'prepayment_references' },
    ]);
  });

  it('§2.7: empty once the _destroy elements are taken out → parameter_empty', () => {
    const references = [
      { id: 1, _destroy: true },
      { id: 2, number: 'FZ/2', _destroy: true },
    ];
    expect(ruleIssues({ ...validKsefBody('KOR_ROZ'), prepayment_references: references })).toEqual([
      { code: 'parameter_empty', param: 'prepayment_references' },
    ]);
  });

  it('§2.7: one kept element is enough', () => {
    const references = [
      { id: 1, _destroy: true },
      { registration_code: '5265877635-20250626-010080DD2B5E-26' },
    ];
    expect(ruleIssues({ ...validKsefBody('ROZ'), prepayment_references: references })).toEqual([]);
  });

  it('§2.7: _destroy: false keeps the element', () => {
    expect(
      ruleIssues({ ...validKsefBody('ROZ'), prepayment_references: [{ number: 'FZ/1', _destroy: false }] }),
    ).toEqual([]);
  });

  it('§2.7: an element needs number or registration_code → parameter_blank at prepayment_references[i].number', () => {
    const references = [{ number: 'FZ/1' }, { registration_code: null }, { number: '' }];
    expect(ruleIssues({ ...validKsefBody('ROZ'), prepayment_references: references })).toEqual([
      { code: 'parameter_blank', param: 'prepayment_references[1].number' },
      { code: 'parameter_blank', param: 'prepayment_references[2].number' },
    ]);
  });

  it('§2.7: _destroy: true needs id → parameter_blank at prepayment_references[i].id', () => {
    const references = [{ number: 'FZ/1' }, { number: 'FZ/2', _destroy: true }];
    expect(ruleIssues({ ...validKsefBody('ROZ'), prepayment_references: references })).toEqual([
      { code: 'parameter_blank', param: 'prepayment_references[1].id' },
    ]);
  });

  it('§2.7: the element rules hold for other type codes too; the list itself is optional there', () => {
    expect(prepaymentReferenceIssues({ invoice_type_code: 'VAT' })).toEqual([]);
    expect(prepaymentReferenceIssues({ invoice_type_code: 'VAT', prepayment_references: [] })).toEqual([]);
    expect(
      codes(prepaymentReferenceIssues({ invoice_type_code: 'VAT', prepayment_references: [{}] })),
    ).toEqual([{ code: 'parameter_blank', param: 'prepayment_references[0].number' }]);
  });
});

describe('buyer units JST / GV (fiscalkit rules from ksef-fa3.md §6.3, as spec §2.5 rules 1–2)', () => {
  it('ksef-fa3 §6.3: customer_party_jst and customer_party_gv both true → parameter_invalid at customer_party_gv', () => {
    expect(ruleIssues({ ...validKsefBody(), customer_party_gv: true })).toEqual([
      { code: 'parameter_invalid', param: 'customer_party_gv' },
    ]);
  });

  it('ksef-fa3 §6.3: customer_party_jst true without a third party role → parameter_blank at third_party_role', () => {
    expect(codes(ksefBuyerUnitIssues({ customer_party_jst: true }))).toEqual([
      { code: 'parameter_blank', param: 'third_party_role' },
    ]);
  });

  it('ksef-fa3 §6.3: customer_party_jst true needs role 8 → parameter_invalid at third_party_role', () => {
    expect(ruleIssues({ ...validKsefBody(), third_party_role: '2' })).toEqual([
      { code: 'parameter_invalid', param: 'third_party_role' },
    ]);
  });

  it('ksef-fa3 §6.3: customer_party_gv true needs role 10', () => {
    const gv = { ...validKsefBody(), customer_party_jst: false, customer_party_gv: true };
    expect(ruleIssues(gv)).toEqual([{ code: 'parameter_invalid', param: 'third_party_role' }]);
    expect(ruleIssues({ ...gv, third_party_role: '10' })).toEqual([]);
  });

  it.each(['8', '10'])(
    'ksef-fa3 §6.3: role %s needs a NIP or an internal id → parameter_blank at third_party_tax_id',
    (role) => {
      const report = { third_party_role: role, third_party_country: 'PL' };
      expect(codes(ksefBuyerUnitIssues(report))).toEqual([
        { code: 'parameter_blank', param: 'third_party_tax_id' },
      ]);
      expect(ksefBuyerUnitIssues({ ...report, third_party_id: '9999999999-00001' })).toEqual([]);
    },
  );

  it('other roles need no identifier; both flags false need no third party', () => {
    expect(ksefBuyerUnitIssues({ third_party_role: '2' })).toEqual([]);
    expect(ksefBuyerUnitIssues({ customer_party_jst: false, customer_party_gv: false })).toEqual([]);
  });
});

describe('type cannot change (spec §7.2 parameter_cannot_change)', () => {
  it('§7.2: a PATCH with another type → parameter_cannot_change at type', () => {
    expect(codes(taxReportTypeChangeIssues({ type: 'Ksef' }, { type: 'SiiDocument' }))).toEqual([
      { code: 'parameter_cannot_change', param: 'type' },
    ]);
    expect(codes(taxReportTypeChangeIssues({ type: 'SiiDocument' }, { type: 'Verifactu' }))).toEqual([
      { code: 'parameter_cannot_change', param: 'type' },
    ]);
  });

  it('§7.2: the same type, or none, is fine', () => {
    expect(taxReportTypeChangeIssues({ type: 'Ksef' }, { type: 'Ksef' })).toEqual([]);
    expect(taxReportTypeChangeIssues({ type: 'Ksef' }, {})).toEqual([]);
    expect(taxReportTypeChangeIssues({ type: 'Ksef' }, { type: null })).toEqual([]);
  });

  it('works on a parsed update', () => {
    const update = parseKsefTaxReport({ type: 'SiiDocument' }, 'update');
    if (!update.success) throw new Error('the update must parse');
    expect(codes(taxReportTypeChangeIssues({ type: 'Ksef' }, update.data))).toEqual([
      { code: 'parameter_cannot_change', param: 'type' },
    ]);
  });
});

describe('ksefTaxReportIssues (aggregator)', () => {
  it('reports every broken rule at once', () => {
    const report: KsefTaxReportUpdate = {
      type: 'Ksef',
      invoice_type_code: 'KOR_ROZ',
      supplier_party_krs: '123',
      supplier_party_regon: '1',
      third_party_role: '1',
    };
    expect(codes(ksefTaxReportIssues(report))).toEqual([
      { code: 'parameter_invalid', param: 'supplier_party_krs' },
      { code: 'parameter_invalid', param: 'supplier_party_regon' },
      { code: 'parameter_blank', param: 'prepayment_references' },
      { code: 'parameter_blank', param: 'third_party_country' },
    ]);
  });

  it('reports the spec’s rules before fiscalkit’s own (issue #18 item 3)', () => {
    // Role 8 without a country breaks spec §2.7 rule 1; without a tax id, fiscalkit's buyer-unit rule.
    const report: KsefTaxReportUpdate = { type: 'Ksef', invoice_type_code: 'VAT', third_party_role: '8' };
    expect(codes(ksefTaxReportIssues(report))).toEqual([
      { code: 'parameter_blank', param: 'third_party_country' },
      { code: 'parameter_blank', param: 'third_party_tax_id' },
    ]);
  });
});

describe('on update: the stored report with the update applied', () => {
  const stored = KsefTaxReportSchema.parse({
    ...validKsefBody('ZAL'),
    id: 1,
    account_id: 2,
    state: 'processing',
    invoice_id: null,
    prepayment_references: [],
  });

  it('a stored report breaks no rule', () => {
    expect(ksefTaxReportIssues(stored)).toEqual([]);
  });

  it('§2.7: an update that clears order_total_amount of a ZAL → parameter_blank', () => {
    const update = parseKsefTaxReport({ order_total_amount: null }, 'update');
    if (!update.success) throw new Error('the update must parse');
    expect(codes(ksefTaxReportIssues({ ...stored, ...update.data }))).toEqual([
      { code: 'parameter_blank', param: 'order_total_amount' },
    ]);
  });

  it('§2.7: an update to KOR_ROZ without references → parameter_empty (the stored list is empty)', () => {
    const update = parseKsefTaxReport({ invoice_type_code: 'KOR_ROZ' }, 'update');
    if (!update.success) throw new Error('the update must parse');
    expect(codes(ksefTaxReportIssues({ ...stored, ...update.data }))).toEqual([
      { code: 'parameter_empty', param: 'prepayment_references' },
    ]);
  });
});

describe('rule ids (issue #20 §4): each Ksef tax report rule names itself', () => {
  it('REGON is spec.8.regon; §2.7 rule 1 is spec.2.7.1', () => {
    expect(supplierPartyRegonIssues({ supplier_party_regon: '12345' })[0]).toMatchObject({
      rule: 'spec.8.regon',
      code: 'parameter_invalid',
      param: 'supplier_party_regon',
    });
    expect(thirdPartyCountryIssues({ third_party_role: '8' })[0]).toMatchObject({
      rule: 'spec.2.7.1',
      code: 'parameter_blank',
      param: 'third_party_country',
    });
  });

  it('the §2.7 advance amounts', () => {
    expect(ksefAdvanceAmountIssues({ invoice_type_code: 'KOR_ZAL' })).toMatchObject([
      { rule: 'spec.2.7.previous-advance-total', param: 'previous_advance_total' },
      { rule: 'spec.2.7.order-total-amount', param: 'order_total_amount' },
    ]);
  });

  it('the §2.7 prepayment references', () => {
    expect(prepaymentReferenceIssues({ invoice_type_code: 'ROZ' })[0]).toMatchObject({
      rule: 'spec.2.7.prepayment-references',
      code: 'parameter_blank',
    });
    expect(
      prepaymentReferenceIssues({ invoice_type_code: 'ROZ', prepayment_references: [] })[0],
    ).toMatchObject({ rule: 'spec.2.7.prepayment-references', code: 'parameter_empty' });
    expect(
      prepaymentReferenceIssues({
        invoice_type_code: 'ROZ',
        prepayment_references: [{}, { _destroy: true }],
      }),
    ).toMatchObject([
      { rule: 'spec.2.7.prepayment-reference-number', param: 'prepayment_references[0].number' },
      { rule: 'spec.2.7.prepayment-reference-destroy-id', param: 'prepayment_references[1].id' },
    ]);
  });

  it('the buyer-unit rules are ksef-fa3.md §6.3 (ksef.6.3.*)', () => {
    expect(ksefBuyerUnitIssues({ customer_party_jst: true, customer_party_gv: true })[0]).toMatchObject({
      rule: 'ksef.6.3.flags-exclusive',
      param: 'customer_party_gv',
    });
    expect(ksefBuyerUnitIssues({ customer_party_gv: true })[0]).toMatchObject({
      rule: 'ksef.6.3.unit-role',
      code: 'parameter_blank',
    });
    expect(ksefBuyerUnitIssues({ customer_party_gv: true, third_party_role: '8' })).toMatchObject([
      { rule: 'ksef.6.3.unit-role', code: 'parameter_invalid', param: 'third_party_role' },
      { rule: 'ksef.6.3.unit-nip-or-idwew', code: 'parameter_blank', param: 'third_party_tax_id' },
    ]);
  });

  it('a changed type is fiscalkit.tax-report.type-fixed', () => {
    expect(taxReportTypeChangeIssues({ type: 'SiiDocument' }, { type: 'Ksef' })[0]).toMatchObject({
      rule: 'fiscalkit.tax-report.type-fixed',
      code: 'parameter_cannot_change',
    });
  });
});
