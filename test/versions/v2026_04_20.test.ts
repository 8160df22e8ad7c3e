/**
 * v2026-04-20 over v2026-03-02 (spec §9 "Changes in v2026-04-20", §2.2–§2.8, §6; api-notes.md §3.3):
 * one canonical resource per kind, serialized in every version and asserted field by field, and the
 * request side (older bodies through `normalizeRequest` and the canonical parser). Every test names
 * the difference it holds the code to and its spec section.
 *
 * A response in v2026-03-02 goes through the downgrades of v2026-04-20 (and the empty v2026-06-26)
 * only, so its shape is asserted exactly. v2025-10-13 and v2025-01-01 go through other versions'
 * changes too; for them only what these changes touch is asserted (they inherit every difference).
 */
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { type Account, AccountSchema, parseAccount } from '../../src/model/account.js';
import { type Invoice, InvoiceSchema, parseInvoice } from '../../src/model/invoice.js';
import {
  KSEF_DOCUMENT_FIELDS,
  type KsefTaxReport,
  KsefTaxReportSchema,
} from '../../src/model/ksefTaxReport.js';
import type { Operation } from '../../src/model/parse.js';
import { type SiiTaxReport, SiiTaxReportSchema } from '../../src/model/siiTaxReport.js';
import { parseTaxReport } from '../../src/model/taxReport.js';
import { parseTransport, type Transport, TransportSchema } from '../../src/model/transport.js';
import {
  parseWebhookSubscription,
  type WebhookSubscription,
  WebhookSubscriptionSchema,
} from '../../src/model/webhookSubscription.js';
import { invoiceReferenceIssues } from '../../src/rules/invoiceReferences.js';
import type { ApiVersion } from '../../src/versions/apiVersion.js';
import { V2026_04_20 } from '../../src/versions/changes/v2026_04_20.js';
import { type JsonObject, pathsOf } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import type { ResourceKind } from '../../src/versions/resourceKind.js';
import { serialize, serializeList, toJson } from '../../src/versions/serialize.js';

/** The versions that have every v2026-04-20 field (2026-06-26 is identical to v2026-04-20). */
const NEWEST: readonly ApiVersion[] = ['2026-06-26', '2026-04-20'];
/** The versions before v2026-04-20: all of them return and accept the older shape. */
const OLDER: readonly ApiVersion[] = ['2026-03-02', '2025-10-13', '2025-01-01'];
/** Versions whose older shape is also changed by other versions' changes (only our fields are asserted). */
const EARLIER: readonly ApiVersion[] = ['2025-10-13', '2025-01-01'];

const EXPANDED = ['third_party', 'apply_to_local_government_unit', 'apply_to_vat_group_member'] as const;

const num = (value: string) => new LosslessNumber(value);

// ---------------------------------------------------------------------------------------------------
// One canonical resource per kind (parsed through the stored-resource schemas, so they cannot drift).

/** The stored amend reference: every field of spec §2.6, the three write-only ones included. */
const AMEND = {
  id: 501,
  reference_type: 'amend',
  number: 'FV/2026/0100',
  series_code: 'FV',
  date: '2026-03-15',
  invoicing_period_start: '2026-03-01',
  invoicing_period_end: '2026-03-31',
  reason: 'Wrong unit price',
  correction_method: '01',
  tax_registration_code: '5260250274-20260315-0100AB-CD',
  tax_correction_code: '2',
  total_amount: '1230.00',
  currency: 'PLN',
} as const;

/** A prepayment reference (spec §2.6): no older form. */
const PREPAYMENT = {
  id: 502,
  reference_type: 'prepayment',
  number: 'FZ/2026/0007',
  date: '2026-02-10',
  tax_registration_code: '5260250274-20260210-0007EF-01',
  total_amount: '500.00',
  currency: 'PLN',
} as const;

const THIRD_PARTY = {
  role: 'local_government_unit_recipient',
  name: 'Szkoła Podstawowa nr 1',
  tin_value: '5261040828',
  tin_scheme: '9945',
  cin_value: 'JST-THIRD-PARTY-CIN',
  cin_scheme: '0088',
  address: 'ul. Szkolna 1',
  address2: null,
  city: 'Warszawa',
  postalcode: '00-001',
  province: null,
  country: 'PL',
};

/** A rich corrective invoice (type_code KOR, spec §2.9) with every field v2026-04-20 touches. */
function canonicalInvoice(overrides: Record<string, unknown> = {}): Invoice {
  return InvoiceSchema.parse({
    id: 100,
    account_id: 1,
    type: 'IssuedInvoice',
    type_code: 'KOR',
    state: 'new',
    number: 'FK/2026/0001',
    series_code: 'FK',
    date: '2026-04-20',
    currency: 'PLN',
    contact_id: 7,
    contact: {
      id: 7,
      name: 'Gmina Przykładowa',
      tin_value: '5260250274',
      tin_scheme: '9945',
      cin_value: 'CONTACT-CIN-0000012345',
      cin_scheme: '0088',
      country: 'PL',
    },
    lines: [
      {
        id: 1001,
        description: 'Desks',
        quantity: '2',
        price: '500.00',
        classification_code: '39121100',
        classification_code_scheme: 'CPV',
        taxes_attributes: [{ name: 'VAT', percent: '23' }],
      },
      {
        id: 1002,
        description: 'Delivery',
        quantity: '1',
        price: '30.00',
        taxes_attributes: [{ name: 'VAT', percent: '23' }],
      },
    ],
    invoice_references: [AMEND, PREPAYMENT],
    exchange_rate: '4.2512',
    exchange_date: '2026-04-17',
    order_date: '2026-04-01',
    ponumber: 'PO-77',
    apply_to_local_government_unit: true,
    apply_to_vat_group_member: false,
    third_party: THIRD_PARTY,
    total: '1266.9',
    payable_amount: '1266.9',
    ...overrides,
  });
}

function canonicalAccount(): Account {
  return AccountSchema.parse({
    id: 1,
    name: 'Meble Polska sp. z o.o.',
    tin_scheme: '9945',
    tin_value: '5260250274',
    country: 'PL',
    currency: 'PLN',
    routing_codes: { cin1_value: 'ROUTING-GLN-5901234123457', cin1_scheme: '0088' },
    auto_remittance: true,
    apply_taxes_per_line: true,
    skip_line_taxable_base_rounding: true,
    rounding_method: 'half_up',
    round_before_sum: false,
    has_logo: false,
    archived: false,
  });
}

/** Every Ksef field of spec §2.7 set (ROZ needs the prepayment references). */
const KSEF_FIELDS = {
  customer_party_jst: true,
  customer_party_gv: false,
  purchase_order_date: '2026-03-01',
  despatch_advice_reference: 'WZ 44343434/2026',
  supplier_party_krs: '0000012345',
  supplier_party_regon: '123456785',
  supplier_party_bdo: '000012345',
  supplier_contact_phone: '+48221234567',
  supplier_contact_email: 'faktury@example.pl',
  previous_advance_total: '1230.00',
  order_total_amount: '12300.00',
  prepayment_references: [
    { id: 91, number: 'FZ/1/2026', registration_code: null },
    { id: 92, number: null, registration_code: '5260250274-20260210-0007EF-01' },
  ],
  third_party_role: '8',
  third_party_address: 'ul. Szkolna 1',
  third_party_postalcode: '00-001',
  third_party_city: 'Warszawa',
  third_party_name: 'Szkoła Podstawowa nr 1',
  third_party_id: 'IDWEW-1',
  third_party_scheme: 'IDWew',
  third_party_tax_id: '5261040828',
  third_party_tax_scheme: '9945',
  third_party_country: 'PL',
  third_party_endpoint_id: '0192:991825827',
};

function canonicalKsefReport(): KsefTaxReport {
  return KsefTaxReportSchema.parse({
    id: 300,
    account_id: 1,
    type: 'Ksef',
    state: 'registered',
    invoice_id: 100,
    invoice_type_code: 'ROZ',
    ...KSEF_FIELDS,
  });
}

function canonicalTransport(overrides: Record<string, unknown> = {}): Transport {
  return TransportSchema.parse({
    account_id: 1,
    code: 'peppol',
    transport_type_code: 'peppol',
    enabled: true,
    reception: true,
    invoice: true,
    credit_note: true,
    self_billing: false,
    order: true,
    application_response: false,
    pin_scheme: '9945',
    pin_value: '5260250274',
    sml_status: 'published',
    peppol_directory_status: 'processing',
    reception_document_types: [{ code: 'invoice', name: 'Invoice' }],
    ...overrides,
  });
}

function canonicalWebHook(): WebhookSubscription {
  return WebhookSubscriptionSchema.parse({
    id: 40,
    account_id: 1,
    url: 'https://example.com/hooks',
    events: ['sii_batch.finished', 'tin_verification.finished'],
    secret: `whsec_${'ab'.repeat(32)}`,
    enabled: true,
    created_at: '2026-04-20T10:15:00Z',
  });
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function serialized(
  kind: ResourceKind,
  resource: object,
  version: ApiVersion,
  include: readonly string[] = [],
) {
  return serialize(kind, resource, { version, include });
}

/** The JSON text of a response: values of added fields must not appear anywhere in an older one. */
function wire(response: JsonObject): string {
  return toJson(response);
}

function dataOf<T>(result: { success: true; data: T } | { success: false; issues: unknown }): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** An older (or newest) invoice request read as the service reads it: upgrades, then the parser. */
function readInvoice(
  version: ApiVersion,
  body: JsonObject,
  operation: Operation = 'create',
  stored?: JsonObject,
) {
  return dataOf(parseInvoice(normalizeRequest('invoice', body, { version, operation, stored }), operation));
}

function normalized(
  kind: ResourceKind,
  version: ApiVersion,
  body: JsonObject,
  operation: Operation = 'create',
) {
  return normalizeRequest(kind, body, { version, operation }) as JsonObject;
}

/** A minimal valid invoice create body in the shape every version shares. */
function invoiceBody(extra: JsonObject = {}): JsonObject {
  return {
    number: 'FK/2026/0002',
    date: '2026-04-21',
    contact_id: 7,
    currency: 'PLN',
    invoice_lines_attributes: [
      { quantity: '1', price: '10.00', taxes_attributes: [{ name: 'VAT', percent: '23' }] },
    ],
    ...extra,
  };
}

/** {@link invoiceBody} whose one line also carries `line`. */
function invoiceBodyWithLine(line: JsonObject): JsonObject {
  const body = invoiceBody();
  const [first] = body.invoice_lines_attributes as JsonObject[];
  return { ...body, invoice_lines_attributes: [{ ...first, ...line }] };
}

/** The flat amendment fields as v2026-03-02 sends them, with the reference fields they become. */
const FLAT_AMEND = {
  amended_number: 'FV/2026/0100',
  amended_date: '2026-03-15',
  amended_invoicing_period_start: '2026-03-01',
  amended_invoicing_period_end: '2026-03-31',
  amend_reason: 'Wrong unit price',
  amend_code_tax: '2',
  correction_method: '01',
};
const AMEND_ELEMENT = {
  number: 'FV/2026/0100',
  date: '2026-03-15',
  invoicing_period_start: '2026-03-01',
  invoicing_period_end: '2026-03-31',
  reason: 'Wrong unit price',
  tax_correction_code: '2',
  correction_method: '01',
};

// ---------------------------------------------------------------------------------------------------

describe('v2026-04-20 changes (spec §9): the list itself', () => {
  it('every change names its spec section in its description (spec §9)', () => {
    expect(V2026_04_20.version).toBe('2026-04-20');
    for (const change of V2026_04_20.changes) expect(change.description).toMatch(/spec §\d/);
  });

  it.each(['invoice', 'account', 'tax_report', 'transport', 'web_hook'] as const)(
    'v2026-04-20 changes the %s kind (spec §9 lists a difference for it)',
    (kind) => {
      expect(V2026_04_20.changes.some((change) => change.kind === kind)).toBe(true);
    },
  );

  it.each([
    ['invoice', () => serialized('invoice', canonicalInvoice(), '2026-06-26', EXPANDED)],
    ['account', () => serialized('account', canonicalAccount(), '2026-06-26')],
    ['tax_report', () => serialized('tax_report', canonicalKsefReport(), '2026-06-26')],
    ['transport', () => serialized('transport', canonicalTransport(), '2026-06-26')],
    ['web_hook', () => serialized('web_hook', canonicalWebHook(), '2026-06-26')],
  ] as const)('2026-06-26 answers %s exactly as v2026-04-20 (api-notes.md §3.4)', (kind, newest) => {
    const resource = {
      invoice: canonicalInvoice(),
      account: canonicalAccount(),
      tax_report: canonicalKsefReport(),
      transport: canonicalTransport(),
      web_hook: canonicalWebHook(),
    }[kind];
    expect(wire(serialized(kind, resource, '2026-04-20', EXPANDED))).toBe(wire(newest()));
  });

  it.each([
    ['invoice', () => canonicalInvoice(), EXPANDED],
    ['account', () => canonicalAccount(), []],
    ['tax_report', () => canonicalKsefReport(), []],
    ['transport', () => canonicalTransport(), []],
    ['web_hook', () => canonicalWebHook(), []],
  ] as const)(
    'a %s response in v2026-04-20 and v2026-03-02 carries only fields fieldsOf lists',
    (kind, make, include) => {
      for (const version of ['2026-04-20', '2026-03-02'] as const) {
        const fields = fieldsOf(version, kind);
        const extra = pathsOf(serialized(kind, make(), version, include)).filter((path) => !fields.has(path));
        expect({ version, extra }).toEqual({ version, extra: [] });
      }
    },
  );
});

describe('spec §9: classification_code_scheme replaces the misspelt clasification_code_scheme on invoice lines', () => {
  it.each(NEWEST)('%s returns lines[].classification_code_scheme (spec §9)', (version) => {
    const line = (serialized('invoice', canonicalInvoice(), version).lines as JsonObject[])[0];
    expect(line).toMatchObject({ classification_code: '39121100', classification_code_scheme: 'CPV' });
    expect(line).not.toHaveProperty('clasification_code_scheme');
  });

  it.each(OLDER)('%s returns the misspelt clasification_code_scheme (spec §9)', (version) => {
    const lines = serialized('invoice', canonicalInvoice(), version).lines as JsonObject[];
    expect(lines[0]).toHaveProperty('clasification_code_scheme', 'CPV');
    expect(lines[0]).not.toHaveProperty('classification_code_scheme');
    // A line stored without a scheme carries neither name (nested fields are not filled with null).
    expect(lines[1]).not.toHaveProperty('clasification_code_scheme');
    expect(lines[1]).not.toHaveProperty('classification_code_scheme');
  });

  it('fieldsOf: the correct spelling from v2026-04-20, the misspelling before (spec §9)', () => {
    for (const version of NEWEST) {
      expect(fieldsOf(version, 'invoice').has('lines[].classification_code_scheme')).toBe(true);
      expect(fieldsOf(version, 'invoice').has('lines[].clasification_code_scheme')).toBe(false);
    }
    for (const version of OLDER) {
      expect(fieldsOf(version, 'invoice').has('lines[].clasification_code_scheme')).toBe(true);
      expect(fieldsOf(version, 'invoice').has('lines[].classification_code_scheme')).toBe(false);
    }
  });

  it.each(OLDER)('%s requests may send the misspelt name: the upgrade renames it (spec §9)', (version) => {
    const body = invoiceBodyWithLine({ clasification_code_scheme: 'CPV' });
    const line = readInvoice(version, body).invoice_lines_attributes?.[0];
    expect(line?.classification_code_scheme).toBe('CPV');
  });

  it.each([...NEWEST, ...OLDER])('%s requests always accept the correct spelling (spec §9)', (version) => {
    const body = invoiceBodyWithLine({ classification_code_scheme: 'CPV' });
    expect(readInvoice(version, body).invoice_lines_attributes?.[0]?.classification_code_scheme).toBe('CPV');
  });

  it('an older request sending both spellings means the correct one (spec §9)', () => {
    const body = invoiceBodyWithLine({ clasification_code_scheme: 'OLD', classification_code_scheme: 'CPV' });
    expect(readInvoice('2026-03-02', body).invoice_lines_attributes?.[0]?.classification_code_scheme).toBe(
      'CPV',
    );
  });

  it('a v2026-04-20 request sending the misspelt name: an unknown field, dropped (spec §9)', () => {
    const body = invoiceBodyWithLine({ clasification_code_scheme: 'CPV' });
    const line = readInvoice('2026-04-20', body).invoice_lines_attributes?.[0];
    expect(line?.classification_code_scheme).toBeUndefined();
    expect(line).not.toHaveProperty('clasification_code_scheme');
  });
});

describe('spec §9 "Changed (breaking)", §2.4 rule 2, §2.6: invoice_references replaces the flat amend fields', () => {
  const FLAT_NAMES = Object.keys(FLAT_AMEND);

  it.each(NEWEST)(
    '%s returns invoice_references without its write-only fields and no flat field (§2.4 rule 2, §2.6)',
    (version) => {
      const response = serialized('invoice', canonicalInvoice(), version);
      expect(response.invoice_references).toEqual([
        {
          id: 501,
          reference_type: 'amend',
          number: 'FV/2026/0100',
          series_code: 'FV',
          date: '2026-03-15',
          reason: 'Wrong unit price',
          correction_method: '01',
          tax_registration_code: '5260250274-20260315-0100AB-CD',
          total_amount: num('1230.00'),
          currency: 'PLN',
        },
        {
          id: 502,
          reference_type: 'prepayment',
          number: 'FZ/2026/0007',
          date: '2026-02-10',
          tax_registration_code: '5260250274-20260210-0007EF-01',
          total_amount: num('500.00'),
          currency: 'PLN',
        },
      ]);
      for (const name of FLAT_NAMES) expect(response).not.toHaveProperty(name);
    },
  );

  it.each(OLDER)(
    '%s returns the flat fields from the amend reference, write-only ones included, and no invoice_references (§9)',
    (version) => {
      const response = serialized('invoice', canonicalInvoice(), version);
      expect(response).not.toHaveProperty('invoice_references');
      expect(Object.fromEntries(FLAT_NAMES.map((name) => [name, response[name]]))).toEqual(FLAT_AMEND);
      // Prepayment references have no older form: nothing of them leaks.
      expect(wire(response)).not.toContain('FZ/2026/0007');
    },
  );

  it('v2026-03-02 puts the flat fields where invoice_references was (§2.4 rule 2)', () => {
    const newest = Object.keys(serialized('invoice', canonicalInvoice(), '2026-04-20'));
    const older = Object.keys(serialized('invoice', canonicalInvoice(), '2026-03-02'));
    const at = newest.indexOf('invoice_references');
    expect(newest.slice(at - 1, at + 2)).toEqual(['lines', 'invoice_references', 'total']);
    const lines = older.indexOf('lines');
    expect(older.slice(lines, lines + FLAT_NAMES.length + 2)).toEqual(['lines', ...FLAT_NAMES, 'total']);
  });

  it.each(OLDER)('%s: no amend reference, every flat field null (§2.4 rule 2)', (version) => {
    for (const references of [[], [PREPAYMENT]]) {
      const response = serialized('invoice', canonicalInvoice({ invoice_references: references }), version);
      for (const name of FLAT_NAMES) expect(response).toHaveProperty(name, null);
    }
  });

  it('v2026-03-02: an amend reference without the write-only fields gives them null (§2.6)', () => {
    const { invoicing_period_start, invoicing_period_end, tax_correction_code, ...visible } = AMEND;
    const response = serialized('invoice', canonicalInvoice({ invoice_references: [visible] }), '2026-03-02');
    expect(response).toMatchObject({
      amended_number: 'FV/2026/0100',
      amended_invoicing_period_start: null,
      amended_invoicing_period_end: null,
      amend_code_tax: null,
    });
  });

  it('v2026-03-02 list entries carry the flat fields too (§2.1, §2.4 rule 2)', () => {
    const list = serializeList(
      'invoice',
      [canonicalInvoice()],
      { total_count: 1, offset: 0, limit: 25 },
      {
        version: '2026-03-02',
      },
    );
    const entry = (list.invoices as JsonObject[])[0];
    expect(entry).toMatchObject({ amended_number: 'FV/2026/0100', amend_code_tax: '2' });
    expect(entry).not.toHaveProperty('invoice_references');
  });

  it('fieldsOf: invoice_references from v2026-04-20, the flat fields before (§9)', () => {
    for (const version of NEWEST) {
      const fields = fieldsOf(version, 'invoice');
      expect(fields.has('invoice_references')).toBe(true);
      expect(fields.has('invoice_references[].number')).toBe(true);
      expect(fields.has('invoice_references[].tax_correction_code')).toBe(false); // write-only, §2.6
      for (const name of FLAT_NAMES) expect(fields.has(name)).toBe(false);
    }
    for (const version of OLDER) {
      const fields = fieldsOf(version, 'invoice');
      expect(fields.has('invoice_references')).toBe(false);
      expect(fields.has('invoice_references[].number')).toBe(false);
      for (const name of FLAT_NAMES) expect(fields.has(name)).toBe(true);
    }
  });

  it.each(OLDER)(
    '%s create: the flat fields become the same request as the newest one with an amend reference (§9)',
    (version) => {
      const old = readInvoice(version, invoiceBody(FLAT_AMEND));
      const newest = readInvoice(
        '2026-04-20',
        invoiceBody({ invoice_references: [{ reference_type: 'amend', ...AMEND_ELEMENT }] }),
      );
      expect(old.invoice_references).toEqual([{ reference_type: 'amend', ...AMEND_ELEMENT }]);
      if (version === '2026-03-02') expect(old).toEqual(newest);
      for (const name of FLAT_NAMES) expect(old).not.toHaveProperty(name);
    },
  );

  it('v2026-03-02 create: only the flat fields sent are mapped (§2.6)', () => {
    const read = readInvoice('2026-03-02', invoiceBody({ amended_number: 'FV/1', amend_reason: 'Typo' }));
    expect(read.invoice_references).toEqual([{ reference_type: 'amend', number: 'FV/1', reason: 'Typo' }]);
  });

  it('v2026-03-02 create: flat fields all null (an older response sent back) add no amend reference (§2.4 rule 2)', () => {
    const nulls = Object.fromEntries(FLAT_NAMES.map((name) => [name, null]));
    const read = readInvoice('2026-03-02', invoiceBody(nulls));
    expect(read.invoice_references).toBeUndefined();
  });

  it('v2026-03-02 create: no flat field, no invoice_references (§2.6)', () => {
    expect(readInvoice('2026-03-02', invoiceBody()).invoice_references).toBeUndefined();
  });

  it.each(OLDER)(
    '%s: an invoice_references array sent is ignored (the field came with v2026-04-20, §9)',
    (version) => {
      const body = invoiceBody({
        invoice_references: [{ reference_type: 'prepayment', number: 'FZ/2026/0007' }],
      });
      expect(readInvoice(version, body).invoice_references).toBeUndefined();
      const withFlat = readInvoice(version, { ...body, amended_number: 'FV/9' });
      expect(withFlat.invoice_references).toEqual([{ reference_type: 'amend', number: 'FV/9' }]);
    },
  );

  it('v2026-04-20: the flat fields are unknown fields, dropped by the parser (§2.4 rule 2)', () => {
    const read = readInvoice('2026-04-20', invoiceBody(FLAT_AMEND));
    expect(read.invoice_references).toBeUndefined();
    for (const name of FLAT_NAMES) expect(read).not.toHaveProperty(name);
  });

  describe('update (PATCH /invoices/{id}) of an invoice with a stored amend reference (§2.6, §8)', () => {
    const stored = canonicalInvoice() as unknown as JsonObject;

    it('the element carries the stored id, so it edits instead of adding a second amend (§8)', () => {
      const read = readInvoice(
        '2026-03-02',
        { amended_number: 'FV/2026/0101', amend_code_tax: '1' },
        'update',
        stored,
      );
      const newest = readInvoice(
        '2026-04-20',
        {
          invoice_references: [
            { id: 501, reference_type: 'amend', number: 'FV/2026/0101', tax_correction_code: '1' },
          ],
        },
        'update',
        stored,
      );
      expect(read).toEqual(newest);
      expect(read.invoice_references).toEqual([
        { id: 501, reference_type: 'amend', number: 'FV/2026/0101', tax_correction_code: '1' },
      ]);
      expect(invoiceReferenceIssues(read.invoice_references, canonicalInvoice().invoice_references)).toEqual(
        [],
      );
    });

    it('a flat field sent as null clears that reference field (§2.6)', () => {
      const read = readInvoice('2026-03-02', { amend_reason: null, amended_date: null }, 'update', stored);
      expect(read.invoice_references).toEqual([
        { id: 501, reference_type: 'amend', reason: null, date: null },
      ]);
    });

    it('the flat fields an older client read, sent back unchanged, edit the stored reference to the same values', () => {
      const response = serialized('invoice', canonicalInvoice(), '2026-03-02');
      const body = Object.fromEntries(FLAT_NAMES.map((name) => [name, response[name]]));
      const read = readInvoice('2026-03-02', body, 'update', stored);
      expect(read.invoice_references).toEqual([{ id: 501, reference_type: 'amend', ...AMEND_ELEMENT }]);
    });

    it('clearing every value the reference has deletes it ({id, _destroy: true}): it amends nothing any more', () => {
      const bare = canonicalInvoice({
        invoice_references: [{ id: 501, reference_type: 'amend', number: 'FV/1', date: '2026-03-15' }],
      }) as unknown as JsonObject;
      const read = readInvoice('2026-03-02', { amended_number: null, amended_date: null }, 'update', bare);
      expect(read.invoice_references).toEqual([{ id: 501, _destroy: true }]);
      // Values the flat fields cannot reach (total_amount, …) keep the reference: it is edited, not deleted.
      const kept = readInvoice(
        '2026-03-02',
        Object.fromEntries(FLAT_NAMES.map((name) => [name, null])),
        'update',
        stored,
      );
      expect(kept.invoice_references?.[0]).toMatchObject({ id: 501, reference_type: 'amend', number: null });
    });

    it('no flat field sent: no invoice_references, the stored references stay (§2.6)', () => {
      const read = readInvoice('2026-03-02', { ponumber: 'PO-78' }, 'update', stored);
      expect(read).toEqual({ ponumber: 'PO-78' });
    });

    it('a stored invoice with only a prepayment reference: the flat fields add a new amend reference', () => {
      const prepaid = canonicalInvoice({ invoice_references: [PREPAYMENT] }) as unknown as JsonObject;
      const read = readInvoice('2026-03-02', { amended_number: 'FV/5' }, 'update', prepaid);
      expect(read.invoice_references).toEqual([{ reference_type: 'amend', number: 'FV/5' }]);
    });
  });
});

describe('spec §9 "Removed", §2.4 rule 1: payment_method_info', () => {
  it.each(NEWEST)('%s does not return payment_method_info (§2.4 rule 1)', (version) => {
    expect(serialized('invoice', canonicalInvoice(), version)).not.toHaveProperty('payment_method_info');
    expect(fieldsOf(version, 'invoice').has('payment_method_info')).toBe(false);
  });

  it.each(OLDER)('%s still returns it, null: fiscalkit does not store it (§2.4 rule 1)', (version) => {
    expect(serialized('invoice', canonicalInvoice(), version)).toHaveProperty('payment_method_info', null);
    expect(fieldsOf(version, 'invoice').has('payment_method_info')).toBe(true);
  });

  it('a v2026-03-02 request sending it: ignored', () => {
    const body = normalized('invoice', '2026-03-02', invoiceBody({ payment_method_info: 'IBAN PL61…' }));
    expect(body).not.toHaveProperty('payment_method_info');
  });
});

describe('spec §9 "Added", §2.2: account routing_codes, auto_remittance, skip_line_taxable_base_rounding', () => {
  const ADDED = ['routing_codes', 'auto_remittance', 'skip_line_taxable_base_rounding'];

  it.each(NEWEST)('%s returns them (§2.2 rule 4)', (version) => {
    const response = serialized('account', canonicalAccount(), version);
    expect(response.routing_codes).toEqual({ cin1_value: 'ROUTING-GLN-5901234123457', cin1_scheme: '0088' });
    expect(response.auto_remittance).toBe(true);
    expect(response.skip_line_taxable_base_rounding).toBe(true);
    expect(response.apply_taxes_per_line).toBe(true);
    for (const field of ADDED) expect(fieldsOf(version, 'account').has(field)).toBe(true);
  });

  it.each(NEWEST)(
    '%s list entries carry routing_codes and skip_line_taxable_base_rounding, not auto_remittance (§2.2 rule 4)',
    (version) => {
      const entry = serialize('account', canonicalAccount(), { version, view: 'list_entry' });
      expect(entry).toHaveProperty('routing_codes');
      expect(entry).toHaveProperty('skip_line_taxable_base_rounding', true);
      expect(entry).not.toHaveProperty('auto_remittance');
    },
  );

  it.each(OLDER)('%s does not return them, in full responses nor list entries (§9)', (version) => {
    for (const view of ['full', 'list_entry'] as const) {
      const response = serialize('account', canonicalAccount(), { version, view });
      for (const field of ADDED) expect(response).not.toHaveProperty(field);
      expect(wire(response)).not.toContain('ROUTING-GLN');
      expect(response).toHaveProperty('apply_taxes_per_line', true);
    }
    for (const field of ADDED) expect(fieldsOf(version, 'account').has(field)).toBe(false);
  });

  it.each(OLDER)('%s requests sending them are read without them (so §2.2 rule 2 cannot fire)', (version) => {
    const body = {
      name: 'Meble Polska sp. z o.o.',
      country: 'PL',
      apply_taxes_per_line: false,
      routing_codes: { cin1_value: 'X', cin1_scheme: '0088' },
      auto_remittance: true,
      skip_line_taxable_base_rounding: true,
    };
    const read = dataOf(parseAccount(normalized('account', version, body), 'create'));
    for (const field of ADDED) expect(read).not.toHaveProperty(field);
    expect(read.apply_taxes_per_line).toBe(false);
    const newest = dataOf(parseAccount(normalized('account', '2026-04-20', body), 'create'));
    expect(newest.skip_line_taxable_base_rounding).toBe(true);
  });
});

describe('spec §9 "Added", §2.4, §4.6: invoice contact cin_value/cin_scheme', () => {
  it.each(NEWEST)(
    '%s returns contact.cin_value and contact.cin_scheme, in full and list responses (§2.4, §4.6)',
    (version) => {
      for (const view of ['full', 'list_entry'] as const) {
        const contact = serialize('invoice', canonicalInvoice(), { version, view }).contact as JsonObject;
        expect(contact).toMatchObject({ cin_value: 'CONTACT-CIN-0000012345', cin_scheme: '0088' });
      }
      expect(fieldsOf(version, 'invoice').has('contact.cin_value')).toBe(true);
    },
  );

  it.each(OLDER)('%s returns the contact without them (§9)', (version) => {
    for (const view of ['full', 'list_entry'] as const) {
      const response = serialize('invoice', canonicalInvoice(), { version, view });
      expect(wire(response)).not.toContain('CONTACT-CIN-0000012345');
    }
    expect(fieldsOf(version, 'invoice').has('contact.cin_value')).toBe(false);
    expect(fieldsOf(version, 'invoice').has('contact.cin_scheme')).toBe(false);
  });

  it('v2026-03-02 keeps the rest of the contact (tin_value, tin_scheme)', () => {
    const contact = serialized('invoice', canonicalInvoice(), '2026-03-02').contact;
    expect(contact).toEqual({
      id: 7,
      name: 'Gmina Przykładowa',
      tin_value: '5260250274',
      tin_scheme: '9945',
      country: 'PL',
    });
  });

  it.each(OLDER)(
    '%s requests: an inline contact keeps its cin fields (a contact has them since v2025-10-13, §2.3)',
    (version) => {
      const body = invoiceBody({
        contact_id: undefined,
        contact: { name: 'Gmina', country: 'PL', cin_value: '0000012345', cin_scheme: '0088' },
      });
      delete body.contact_id;
      const contact = readInvoice(version, body).contact;
      expect(contact).toMatchObject({ cin_value: '0000012345', cin_scheme: '0088' });
    },
  );
});

describe('spec §9 "Added", §2.4: exchange_rate, exchange_date, order_date in invoice responses', () => {
  const ADDED = ['exchange_rate', 'exchange_date', 'order_date'];

  it.each(NEWEST)('%s returns them (§2.4)', (version) => {
    expect(serialized('invoice', canonicalInvoice(), version)).toMatchObject({
      exchange_rate: num('4.2512'),
      exchange_date: '2026-04-17',
      order_date: '2026-04-01',
    });
  });

  it.each(OLDER)('%s does not return them (§9)', (version) => {
    const response = serialized('invoice', canonicalInvoice(), version);
    for (const field of ADDED) {
      expect(response).not.toHaveProperty(field);
      expect(fieldsOf(version, 'invoice').has(field)).toBe(false);
    }
    expect(wire(response)).not.toContain('4.2512');
  });

  it.each(OLDER)(
    '%s requests still send them: §2.4 "also accepted on input" (only the response is new)',
    (version) => {
      const read = readInvoice(
        version,
        invoiceBody({ exchange_rate: '4.2512', exchange_date: '2026-04-17', order_date: '2026-04-01' }),
      );
      expect(read).toMatchObject({
        exchange_rate: '4.2512',
        exchange_date: '2026-04-17',
        order_date: '2026-04-01',
      });
    },
  );
});

describe('spec §9 "Added", §2.4: total_amount_due (write-only)', () => {
  it('never returned, in any version (§2.4 write-only)', () => {
    for (const version of [...NEWEST, ...OLDER]) {
      expect(fieldsOf(version, 'invoice').has('total_amount_due')).toBe(false);
      expect(serialized('invoice', canonicalInvoice(), version)).not.toHaveProperty('total_amount_due');
    }
  });

  it.each(OLDER)('%s requests sending it are read without it (§9)', (version) => {
    const body = invoiceBody({ type_code: '380', total_amount_due: '1230.00' });
    expect(readInvoice(version, body)).not.toHaveProperty('total_amount_due');
  });

  it.each(NEWEST)('%s requests keep it (§2.4)', (version) => {
    expect(readInvoice(version, invoiceBody({ total_amount_due: '1230.00' })).total_amount_due).toBe(
      '1230.00',
    );
  });
});

describe('spec §9 "Added", §2.4, §2.5: third_party, apply_to_local_government_unit, apply_to_vat_group_member', () => {
  it.each(NEWEST)('%s returns them when included (§2.5 rule 3), not otherwise', (version) => {
    const included = serialized('invoice', canonicalInvoice(), version, EXPANDED);
    expect(included.third_party).toEqual(THIRD_PARTY);
    expect(included.apply_to_local_government_unit).toBe(true);
    expect(included.apply_to_vat_group_member).toBe(false);
    const plain = serialized('invoice', canonicalInvoice(), version);
    for (const field of EXPANDED) expect(plain).not.toHaveProperty(field);
    for (const field of EXPANDED) expect(fieldsOf(version, 'invoice').has(field)).toBe(true);
  });

  it.each(OLDER)('%s never returns them, even when included (§9)', (version) => {
    const response = serialized('invoice', canonicalInvoice(), version, EXPANDED);
    for (const field of EXPANDED) expect(response).not.toHaveProperty(field);
    expect(wire(response)).not.toContain('JST-THIRD-PARTY-CIN');
    expect(fieldsOf(version, 'invoice').has('third_party')).toBe(false);
    expect(fieldsOf(version, 'invoice').has('third_party.name')).toBe(false);
  });

  it.each(OLDER)('%s requests sending them are read without them (§9)', (version) => {
    const read = readInvoice(
      version,
      invoiceBody({ apply_to_local_government_unit: true, third_party: { name: 'Szkoła', country: 'PL' } }),
    );
    for (const field of EXPANDED) expect(read).not.toHaveProperty(field);
    const newest = readInvoice(
      '2026-04-20',
      invoiceBody({ apply_to_local_government_unit: true, third_party: { name: 'Szkoła', country: 'PL' } }),
    );
    expect(newest.apply_to_local_government_unit).toBe(true);
  });
});

describe('spec §9 "Added: KSeF type codes", §2.9, §4.6: invoice type_code ZAL, ROZ, KOR_ZAL, KOR_ROZ, KOR, VAT, UPR', () => {
  it.each(NEWEST)('%s returns the KSeF type_code (§2.9)', (version) => {
    expect(serialized('invoice', canonicalInvoice(), version).type_code).toBe('KOR');
  });

  it('v2026-03-02 returns null for a KSeF type_code and any other code unchanged (§9)', () => {
    expect(serialized('invoice', canonicalInvoice(), '2026-03-02').type_code).toBeNull();
    expect(serialized('invoice', canonicalInvoice({ type_code: '380' }), '2026-03-02').type_code).toBe('380');
  });

  it.each(EARLIER)('%s inherits it: no KSeF code under any name (§9)', (version) => {
    const response = serialized('invoice', canonicalInvoice(), version);
    expect(Object.values(response)).not.toContain('KOR');
  });

  it.each(['ZAL', 'ROZ', 'KOR_ZAL', 'KOR_ROZ', 'KOR', 'VAT', 'UPR'])(
    'a v2026-03-02 request with type_code %s is read without it; v2026-04-20 keeps it (§9, §4.6)',
    (code) => {
      expect(readInvoice('2026-03-02', invoiceBody({ type_code: code }))).not.toHaveProperty('type_code');
      expect(readInvoice('2026-04-20', invoiceBody({ type_code: code })).type_code).toBe(code);
    },
  );

  it('a v2026-03-02 request with a non-KSeF type_code keeps it', () => {
    expect(readInvoice('2026-03-02', invoiceBody({ type_code: '380' })).type_code).toBe('380');
  });

  it('the Ksef tax report invoice_type_code is not a v2026-04-20 addition: kept in v2026-03-02', () => {
    expect(serialized('tax_report', canonicalKsefReport(), '2026-03-02').invoice_type_code).toBe('ROZ');
    const body = normalized('tax_report', '2026-03-02', { type: 'Ksef', invoice_type_code: 'ZAL' });
    expect(dataOf(parseTaxReport(body, 'create'))).toEqual({ type: 'Ksef', invoice_type_code: 'ZAL' });
  });
});

describe('spec §9 "Added: KSeF tax report fields", §2.7', () => {
  const KSEF_NAMES = Object.keys(KSEF_FIELDS);
  // fiscalkit's FA(3) content fields are in every version (src/model/ksefTaxReport.ts), unset here.
  const DOCUMENT_NULLS = Object.fromEntries(KSEF_DOCUMENT_FIELDS.map((name) => [name, null]));

  it.each(NEWEST)('%s returns every §2.7 field', (version) => {
    const response = serialized('tax_report', canonicalKsefReport(), version);
    expect(response).toEqual({
      invoice_id: 100,
      invoice_type_code: 'ROZ',
      ...KSEF_FIELDS,
      previous_advance_total: num('1230.00'),
      order_total_amount: num('12300.00'),
      ...DOCUMENT_NULLS,
      type: 'Ksef',
      id: 300,
      account_id: 1,
      state: 'registered',
      authority: null,
    });
    for (const name of KSEF_NAMES) expect(fieldsOf(version, 'tax_report').has(name)).toBe(true);
    expect(fieldsOf(version, 'tax_report').has('prepayment_references[].registration_code')).toBe(true);
  });

  it('v2026-03-02 returns a Ksef report without them', () => {
    expect(serialized('tax_report', canonicalKsefReport(), '2026-03-02')).toEqual({
      invoice_id: 100,
      invoice_type_code: 'ROZ',
      ...DOCUMENT_NULLS,
      type: 'Ksef',
      id: 300,
      account_id: 1,
      state: 'registered',
      authority: null,
    });
  });

  it.each(OLDER)('%s: fieldsOf has none of them; nothing of them in the response (§9)', (version) => {
    for (const name of KSEF_NAMES) expect(fieldsOf(version, 'tax_report').has(name)).toBe(false);
    expect(fieldsOf(version, 'tax_report').has('prepayment_references[].number')).toBe(false);
    const text = wire(serialized('tax_report', canonicalKsefReport(), version));
    for (const value of ['0000012345', 'Szkoła', 'FZ/1/2026', '0192:991825827'])
      expect(text).not.toContain(value);
  });

  it.each(OLDER)('%s requests sending them are read without them (§9)', (version) => {
    const body = normalized('tax_report', version, {
      type: 'Ksef',
      invoice_type_code: 'ROZ',
      ...KSEF_FIELDS,
    });
    expect(dataOf(parseTaxReport(body, 'create'))).toEqual({ type: 'Ksef', invoice_type_code: 'ROZ' });
    const update = normalizeRequest(
      'tax_report',
      { third_party_name: 'X', supplier_party_krs: '1' },
      {
        version,
        operation: 'update',
      },
    );
    expect(dataOf(parseTaxReport(update, 'update', 'Ksef'))).toEqual({});
  });

  it.each(NEWEST)('%s requests keep them (§2.7 "Writable from v2026-04-20")', (version) => {
    const body = normalized('tax_report', version, {
      type: 'Ksef',
      invoice_type_code: 'VAT',
      third_party_name: 'X',
    });
    expect(dataOf(parseTaxReport(body, 'create'))).toMatchObject({ third_party_name: 'X' });
  });

  it('an SiiDocument report is untouched by them: v2026-03-02 answers it as v2026-04-20 does', () => {
    const sii: SiiTaxReport = SiiTaxReportSchema.parse({
      id: 301,
      account_id: 1,
      type: 'SiiDocument',
      state: 'registered',
      invoice_id: null,
      book_type: 'Expedida',
      invoice_type_code: 'F1',
      number: 'F-2026/0001',
      date: '2026-04-20',
      period: '04',
      fiscal_year: 2026,
      supplier_party_name: 'ACME Servicios SL',
      supplier_party_tax_id: 'B12345674',
      customer_party_name: 'Distribuciones Norte SA',
      customer_party_tax_id: 'B76543214',
      description: 'Consulting',
      tax_inclusive_amount: '121.00',
      tax_breakdowns: [{ percent: '21', taxable_base: '100.00', tax_amount: '21.00' }],
      additional_special_regime_keys: [],
      corrected_invoices: [],
      payments: [],
    });
    expect(wire(serialized('tax_report', sii, '2026-03-02'))).toBe(
      wire(serialized('tax_report', sii, '2026-04-20')),
    );
  });
});

describe('spec §9 "Added: Peppol transport status fields", "Removed", §2.8 rule 1: the transport', () => {
  it.each(NEWEST)(
    '%s returns sml_status and peppol_directory_status, not standard_documents nor pending_peppol_directory_publish (§2.8)',
    (version) => {
      const response = serialized('transport', canonicalTransport(), version);
      expect(response).toMatchObject({ sml_status: 'published', peppol_directory_status: 'processing' });
      expect(response).not.toHaveProperty('standard_documents');
      expect(response).not.toHaveProperty('pending_peppol_directory_publish');
      const fields = fieldsOf(version, 'transport');
      expect([fields.has('sml_status'), fields.has('peppol_directory_status')]).toEqual([true, true]);
      expect([fields.has('standard_documents'), fields.has('pending_peppol_directory_publish')]).toEqual([
        false,
        false,
      ]);
    },
  );

  it('v2026-03-02 returns standard_documents and pending_peppol_directory_publish instead of the statuses (§2.8 rule 1)', () => {
    expect(serialized('transport', canonicalTransport(), '2026-03-02')).toEqual({
      account_id: 1,
      code: 'peppol',
      transport_type_code: 'peppol',
      enabled: true,
      reception: true,
      invoice: true,
      credit_note: true,
      self_billing: false,
      order: true,
      application_response: false,
      pin_scheme: '9945',
      pin_value: '5260250274',
      reception_document_types: [{ code: 'invoice', name: 'Invoice' }],
      standard_documents: ['invoice', 'credit_note', 'order'],
      pending_peppol_directory_publish: true,
    });
  });

  it.each(OLDER)(
    '%s: pending_peppol_directory_publish is peppol_directory_status = processing (§2.8 rule 1)',
    (version) => {
      for (const [status, pending] of [
        ['processing', true],
        ['published', false],
        ['not_published', false],
      ] as const) {
        const response = serialized(
          'transport',
          canonicalTransport({ peppol_directory_status: status }),
          version,
        );
        expect(response.pending_peppol_directory_publish).toBe(pending);
        expect(response).not.toHaveProperty('peppol_directory_status');
        expect(response).not.toHaveProperty('sml_status');
      }
    },
  );

  it.each(OLDER)(
    '%s: standard_documents names the document flags that are on, in order (fiscalkit derivation)',
    (version) => {
      const none = canonicalTransport({ invoice: false, credit_note: false, order: false });
      expect(serialized('transport', none, version).standard_documents).toEqual([]);
      const all = canonicalTransport({ self_billing: true, application_response: true });
      expect(serialized('transport', all, version).standard_documents).toEqual([
        'invoice',
        'credit_note',
        'self_billing',
        'order',
        'application_response',
      ]);
      const fields = fieldsOf(version, 'transport');
      expect([fields.has('standard_documents'), fields.has('pending_peppol_directory_publish')]).toEqual([
        true,
        true,
      ]);
      expect([fields.has('sml_status'), fields.has('peppol_directory_status')]).toEqual([false, false]);
    },
  );

  it.each(OLDER)(
    '%s requests: standard_documents, pending_peppol_directory_publish and the statuses are ignored (§2.8 rule 1)',
    (version) => {
      const body = normalized(
        'transport',
        version,
        {
          enabled: false,
          standard_documents: ['invoice'],
          pending_peppol_directory_publish: true,
          sml_status: 'published',
          peppol_directory_status: 'published',
        },
        'update',
      );
      expect(body).toEqual({ enabled: false });
      expect(dataOf(parseTransport(body, 'update'))).toEqual({ enabled: false });
    },
  );
});

describe('spec §6, §9 "Added: TIN verification endpoints and event": tin_verification.finished in web_hook.events', () => {
  it.each(NEWEST)('%s lists it (§6 rule 1)', (version) => {
    expect(serialized('web_hook', canonicalWebHook(), version).events).toEqual([
      'sii_batch.finished',
      'tin_verification.finished',
    ]);
  });

  it.each(OLDER)('%s does not list it (§9)', (version) => {
    expect(serialized('web_hook', canonicalWebHook(), version).events).toEqual(['sii_batch.finished']);
  });

  it.each(OLDER)('%s requests naming it are read without it (§9: additions are ignored)', (version) => {
    const body = normalized('web_hook', version, {
      url: 'https://example.com/hooks',
      events: ['tin_verification.finished', 'sii_batch.finished'],
    });
    expect(dataOf(parseWebhookSubscription(body, 'create')).events).toEqual(['sii_batch.finished']);
  });

  it('a v2026-03-02 request naming only it is parameter_empty at events: no subscription that listens to nothing', () => {
    const body = normalized('web_hook', '2026-03-02', {
      url: 'https://example.com/hooks',
      events: ['tin_verification.finished'],
    });
    const result = parseWebhookSubscription(body, 'create');
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.issues.map((issue) => [issue.code, issue.param])).toEqual([
        ['parameter_empty', 'events'],
      ]);
  });

  it.each(NEWEST)('%s requests keep it', (version) => {
    const body = normalized('web_hook', version, {
      url: 'https://example.com/hooks',
      events: ['tin_verification.finished'],
    });
    expect(dataOf(parseWebhookSubscription(body, 'create')).events).toEqual(['tin_verification.finished']);
  });
});
