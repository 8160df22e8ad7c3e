/**
 * parseKsefTaxReport and the Ksef resource schema (spec §2.7, §2.9, §7.2; ksef-fa3.md §3, §6.12):
 * field types, the FA(3) code lists, decimals as strings or lossless numbers (never JS numbers),
 * prepayment references, partial updates.
 */
import { describe, expect, it } from 'vitest';
import { KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import {
  KSEF_THIRD_PARTY_ROLES,
  KsefTaxReportSchema,
  parseKsefTaxReport,
} from '../../src/model/ksefTaxReport.js';
import { lossless } from '../support/fixtures.js';
import { validKsefBody } from '../support/taxReportFixtures.js';

function issuesOf(result: ReturnType<typeof parseKsefTaxReport>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues.map(({ code, param }) => ({ code, param }));
}

function dataOf(result: ReturnType<typeof parseKsefTaxReport>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

const create = (body: unknown) => parseKsefTaxReport(body, 'create');

describe('parseKsefTaxReport: create (spec §2.7)', () => {
  it.each(KSEF_TYPE_CODES)('§2.9: the valid %s body parses', (code) => {
    const data = dataOf(create(validKsefBody(code)));
    expect(data.type).toBe('Ksef');
    expect(data.invoice_type_code).toBe(code);
  });

  it('the minimal body is type and invoice_type_code; defaults are not invented on input', () => {
    expect(dataOf(create({ type: 'Ksef', invoice_type_code: 'VAT' }))).toEqual({
      type: 'Ksef',
      invoice_type_code: 'VAT',
    });
  });

  it('§2.9: invoice_type_code is required (fiscalkit: FA(3) RodzajFaktury is mandatory) → parameter_blank', () => {
    expect(issuesOf(create({ type: 'Ksef' }))).toEqual([
      { code: 'parameter_blank', param: 'invoice_type_code' },
    ]);
  });

  it.each(['F1', 'vat', 'IssuedInvoice', 'KOR ZAL'])(
    '§2.9: invoice_type_code %j is not a KSeF code → parameter_inclusion',
    (code) => {
      expect(issuesOf(create({ ...validKsefBody(), invoice_type_code: code }))).toEqual([
        { code: 'parameter_inclusion', param: 'invoice_type_code' },
      ]);
    },
  );

  it('keeps every §2.7 field as sent and upper-cases the country', () => {
    const data = dataOf(create({ ...validKsefBody('ROZ'), third_party_country: 'pl' }));
    expect(data).toMatchObject({
      customer_party_jst: true,
      customer_party_gv: false,
      purchase_order_date: '2026-03-01',
      despatch_advice_reference: 'WZ 44343434/2026',
      supplier_party_krs: '0000012345',
      supplier_party_regon: '123456785',
      supplier_party_bdo: '000012345',
      supplier_contact_phone: '+48221234567',
      supplier_contact_email: 'faktury@example.pl',
      prepayment_references: [{ number: 'FZ/1/2026' }],
      third_party_role: '8',
      third_party_country: 'PL',
      third_party_tax_scheme: '9945',
    });
  });

  it('unknown and read-only fields are dropped (id, account_id, state are not writable)', () => {
    const data = dataOf(
      create({ ...validKsefBody(), id: 7, account_id: 9, state: 'registered', colour: 'red' }),
    );
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('state');
    expect(data).not.toHaveProperty('colour');
  });

  it('invoice_id is an identifier, nullable', () => {
    expect(dataOf(create({ ...validKsefBody(), invoice_id: '42' })).invoice_id).toBe(42);
    expect(dataOf(create({ ...validKsefBody(), invoice_id: null })).invoice_id).toBeNull();
    expect(issuesOf(create({ ...validKsefBody(), invoice_id: 'abc' }))).toEqual([
      { code: 'invalid_request_params', param: 'invoice_id' },
    ]);
  });
});

describe('third_party_role (spec §2.7; ksef-fa3.md §3 TRolaPodmiotu3)', () => {
  it('the XSD roles are exactly 1 … 11, as strings', () => {
    expect(KSEF_THIRD_PARTY_ROLES).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
  });

  it.each(KSEF_THIRD_PARTY_ROLES)('§2.7: role %s is accepted', (role) => {
    expect(
      dataOf(create({ type: 'Ksef', invoice_type_code: 'VAT', third_party_role: role })).third_party_role,
    ).toBe(role);
  });

  it.each(['0', '12', '08', 'factor'])('§2.7: role %j is not a KSeF role → parameter_inclusion', (role) => {
    expect(issuesOf(create({ type: 'Ksef', invoice_type_code: 'VAT', third_party_role: role }))).toEqual([
      { code: 'parameter_inclusion', param: 'third_party_role' },
    ]);
  });

  it('§7.2: the number 8 is the wrong JSON type → invalid_request_params', () => {
    expect(issuesOf(create({ type: 'Ksef', invoice_type_code: 'VAT', third_party_role: 8 }))).toEqual([
      { code: 'invalid_request_params', param: 'third_party_role' },
    ]);
  });
});

describe('amounts (spec §2.7 decimals; DESIGN.md: money is never a JS number)', () => {
  it.each(['previous_advance_total', 'order_total_amount'])('%s accepts a decimal string', (field) => {
    expect(dataOf(create({ ...validKsefBody(), [field]: '1230.50' }))[field as 'order_total_amount']).toBe(
      '1230.50',
    );
  });

  it.each(['previous_advance_total', 'order_total_amount'])(
    '%s accepts a lossless number, kept exact',
    (field) => {
      const data = dataOf(create({ ...validKsefBody(), [field]: lossless('12.50') }));
      expect(data[field as 'order_total_amount']).toBe('12.50');
    },
  );

  it.each(['previous_advance_total', 'order_total_amount'])(
    '%s refuses a JS number → invalid_request_params',
    (field) => {
      expect(issuesOf(create({ ...validKsefBody(), [field]: 12.5 }))).toEqual([
        { code: 'invalid_request_params', param: field },
      ]);
    },
  );

  it('FA(3) TKwotowy has 2 decimals: 3 decimals → parameter_invalid', () => {
    expect(issuesOf(create({ ...validKsefBody(), order_total_amount: '1.005' }))).toEqual([
      { code: 'parameter_invalid', param: 'order_total_amount' },
    ]);
  });

  it('amounts are nullable', () => {
    expect(dataOf(create({ ...validKsefBody(), order_total_amount: null })).order_total_amount).toBeNull();
  });
});

describe('field types (spec §2.7, §2.1)', () => {
  it.each([
    ['customer_party_jst', 'yes'],
    ['customer_party_gv', 1],
    ['supplier_party_krs', 12345],
    ['despatch_advice_reference', ['WZ']],
    ['third_party_name', { name: 'x' }],
  ])('%s of the wrong JSON type → invalid_request_params', (field, value) => {
    expect(issuesOf(create({ ...validKsefBody(), [field]: value }))).toEqual([
      { code: 'invalid_request_params', param: field },
    ]);
  });

  it('purchase_order_date must be YYYY-MM-DD and a real date → parameter_invalid', () => {
    expect(issuesOf(create({ ...validKsefBody(), purchase_order_date: '01-03-2026' }))).toEqual([
      { code: 'parameter_invalid', param: 'purchase_order_date' },
    ]);
    expect(issuesOf(create({ ...validKsefBody(), purchase_order_date: '2026-02-30' }))).toEqual([
      { code: 'parameter_invalid', param: 'purchase_order_date' },
    ]);
  });

  it('third_party_country must be an ISO 3166-1 code → parameter_inclusion', () => {
    expect(issuesOf(create({ ...validKsefBody(), third_party_country: 'XX' }))).toEqual([
      { code: 'parameter_inclusion', param: 'third_party_country' },
    ]);
  });

  it('supplier_contact_email must look like an e-mail address → parameter_invalid', () => {
    expect(issuesOf(create({ ...validKsefBody(), supplier_contact_email: 'faktury.example.pl' }))).toEqual([
      { code: 'parameter_invalid', param: 'supplier_contact_email' },
    ]);
  });

  it('fiscalkit: FA(3) lengths are enforced when written (BDO ≤ 9, phone ≤ 16) → parameter_invalid', () => {
    expect(issuesOf(create({ ...validKsefBody(), supplier_party_bdo: '0000123456' }))).toEqual([
      { code: 'parameter_invalid', param: 'supplier_party_bdo' },
    ]);
    expect(dataOf(create({ ...validKsefBody(), supplier_party_bdo: '000012345' })).supplier_party_bdo).toBe(
      '000012345',
    );
    expect(issuesOf(create({ ...validKsefBody(), supplier_contact_phone: '+48 22 123 45 67 8' }))).toEqual([
      { code: 'parameter_invalid', param: 'supplier_contact_phone' },
    ]);
  });

  it('the KRS and REGON digit rules are rules, not schema: any string parses', () => {
    const data = dataOf(
      create({ ...validKsefBody(), supplier_party_krs: '12-34', supplier_party_regon: 'abc' }),
    );
    expect(data.supplier_party_krs).toBe('12-34');
    expect(data.supplier_party_regon).toBe('abc');
  });
});

describe('prepayment_references elements (spec §2.7)', () => {
  it('accepts number, registration_code, id and _destroy', () => {
    const references = [
      { number: 'FZ/1/2026' },
      { registration_code: '5265877635-20250626-010080DD2B5E-26' },
      { id: '12', _destroy: true },
    ];
    expect(
      dataOf(create({ ...validKsefBody('ROZ'), prepayment_references: references })).prepayment_references,
    ).toEqual([
      { number: 'FZ/1/2026' },
      { registration_code: '5265877635-20250626-010080DD2B5E-26' },
      { id: 12, _destroy: true },
    ]);
  });

  it('not an array → invalid_request_params at prepayment_references', () => {
    expect(issuesOf(create({ ...validKsefBody('ROZ'), prepayment_references: { number: 'FZ/1' } }))).toEqual([
      { code: 'invalid_request_params', param: 'prepayment_references' },
    ]);
  });

  it('an element field of the wrong type → invalid_request_params at the element field', () => {
    expect(
      // `_destroy` takes the Rails forms ("true", 1, …; issue #18 item 11); "yes" is not a boolean.
      issuesOf(create({ ...validKsefBody('ROZ'), prepayment_references: [{ _destroy: 'yes' }] })),
    ).toEqual([{ code: 'invalid_request_params', param: 'prepayment_references[0]._destroy' }]);
  });

  it('a registration_code longer than a KSeF number (36) → parameter_invalid', () => {
    expect(
      issuesOf(
        create({ ...validKsefBody('ROZ'), prepayment_references: [{ registration_code: 'x'.repeat(37) }] }),
      ),
    ).toEqual([{ code: 'parameter_invalid', param: 'prepayment_references[0].registration_code' }]);
  });
});

describe('parseKsefTaxReport: update (PATCH /tax_reports/{id})', () => {
  it('every field is optional', () => {
    expect(dataOf(parseKsefTaxReport({}, 'update'))).toEqual({});
  });

  it('a different type parses, for the parameter_cannot_change rule to answer', () => {
    expect(dataOf(parseKsefTaxReport({ type: 'SiiDocument' }, 'update'))).toEqual({ type: 'SiiDocument' });
  });

  it('field types still hold on update', () => {
    expect(issuesOf(parseKsefTaxReport({ order_total_amount: 10 }, 'update'))).toEqual([
      { code: 'invalid_request_params', param: 'order_total_amount' },
    ]);
  });
});

describe('KsefTaxReportSchema (the stored resource)', () => {
  const stored = {
    ...validKsefBody('ROZ'),
    id: 1,
    account_id: 2,
    state: 'processing',
    invoice_id: null,
    prepayment_references: [{ id: 5, number: 'FZ/1/2026', registration_code: null }],
  };

  it('accepts a stored report with its read-only fields', () => {
    expect(KsefTaxReportSchema.parse(stored).state).toBe('processing');
  });

  it('requires the defaulted booleans and a known state', () => {
    expect(KsefTaxReportSchema.safeParse({ ...stored, customer_party_jst: undefined }).success).toBe(false);
    expect(KsefTaxReportSchema.safeParse({ ...stored, state: 'sent' }).success).toBe(false);
  });

  it('stored prepayment references carry their id', () => {
    expect(
      KsefTaxReportSchema.safeParse({
        ...stored,
        prepayment_references: [{ number: 'FZ/1', registration_code: null }],
      }).success,
    ).toBe(false);
  });
});
