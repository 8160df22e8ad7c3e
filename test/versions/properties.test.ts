import fc from 'fast-check';
import { isLosslessNumber, parse as parseLossless } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INVOICE_TYPE_CODES, INVOICE_TYPES, KSEF_TYPE_CODES } from '../../src/codelists/invoiceTypes.js';
import { TAX_KINDS } from '../../src/codelists/taxKinds.js';
import { TRANSPORT_TYPES } from '../../src/codelists/transportTypes.js';
import type { Validated, ValidationIssue } from '../../src/errors/validationIssue.js';
import {
  ACCOUNT_ROUNDING_METHODS,
  AccountCreateSchema,
  AccountSchema,
  parseAccount,
} from '../../src/model/account.js';
import { ContactCreateSchema, ContactSchema, parseContact } from '../../src/model/contact.js';
import { EVENT_CODES } from '../../src/model/event.js';
import { InvoiceCreateSchema, InvoiceSchema, parseInvoice } from '../../src/model/invoice.js';
import {
  KSEF_THIRD_PARTY_ROLES,
  KsefTaxReportCreateSchema,
  KsefTaxReportSchema,
} from '../../src/model/ksefTaxReport.js';
import {
  SII_COMMUNICATION_TYPES,
  SII_CORRECTIVE_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INSURANCE_OPERATION_KEYS,
  SII_INTRA_COMMUNITY_DECLARED_KEYS,
  SII_INTRA_COMMUNITY_OPERATION_KEYS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_NO_SUBJECT_REASONS,
  SII_NON_EXEMPTION_CODES,
  SII_PARTY_TAX_SCHEMES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_SPECIAL_REGIME_KEYS,
} from '../../src/model/siiCodes.js';
import {
  SII_BOOK_TYPES,
  SII_OPERATION_TYPES,
  SiiTaxReportCreateSchema,
  SiiTaxReportSchema,
} from '../../src/model/siiTaxReport.js';
import { parseTaxReport, TAX_REPORT_STATES } from '../../src/model/taxReport.js';
import { THIRD_PARTY_ROLES } from '../../src/model/thirdParty.js';
import {
  PEPPOL_PUBLICATION_STATUSES,
  parseTransport,
  TransportCreateSchema,
  TransportSchema,
} from '../../src/model/transport.js';
import {
  parseWebhookSubscription,
  WebhookSubscriptionCreateSchema,
  WebhookSubscriptionSchema,
} from '../../src/model/webhookSubscription.js';
import { currencyExponent, isCurrencyCode } from '../../src/money/currencies.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { changesAfter } from '../../src/versions/chain.js';
import type { JsonObject } from '../../src/versions/fieldPath.js';
import { pathsOf } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import { KINDS, type ResourceKind } from '../../src/versions/resourceKind.js';
import { schemaPaths } from '../../src/versions/schemaPaths.js';
import { serialize, toJson } from '../../src/versions/serialize.js';
import { storedAccount, storedContact, storedInvoice } from '../support/fixtures.js';
import {
  storedKsefTaxReport,
  storedSiiTaxReport,
  storedTransport,
  storedWebhookSubscription,
} from '../support/storedResources.js';
import { validSiiBody } from '../support/taxReportFixtures.js';

/**
 * Properties of the versioned serializers and request normalizers (issue 4, DESIGN.md "Versions are a
 * chain of changes"), for every API version V and the resource kinds account, contact, invoice,
 * tax_report (Ksef and SiiDocument), transport and web_hook:
 *
 * (a) serialization never emits a field V does not have: every path of the response (full and list
 *     entry, every expandable field included) is in `fieldsOf(V, kind)`;
 * (b) round trip: a client that reads a resource in V and sends it back as a create body in V gets
 *     the same resource, on the writable fields V carries (the exact set is documented at
 *     {@link comparedPaths});
 * (b′) the same round trip seen from V: storing what came back and serializing it again in V gives
 *     the very same response, which also covers the fields that a newer version renamed or remapped
 *     (V carries them under another name, so (b) cannot compare them by name);
 * (c) serialization is deterministic, and its JSON text parses back (lossless) to the same structure
 *     and re-serializes to the same text;
 * (d) every amount leaves as a JSON number, money with at least its currency's decimals.
 *
 * The five are checked together on each generated resource (one fast-check run per kind and
 * version, sharing the serializations); a failure message starts with the property it breaks.
 *
 * Nothing here names a concrete version difference: the properties are written against the chain
 * (`changesAfter`, `fieldsOf`, and the downgrades themselves, traced step by step) and `KINDS`, so
 * they hold whatever `changes/*.ts` declares, and fail when a change is wrong. One allowance: a
 * resource that V cannot express at all (a required value that only newer versions can show, such as
 * a subscription to nothing but an event a newer version added) is not sent back; see
 * {@link inexpressible}, which is deliberately narrow.
 *
 * Resources are generated from the stored fixtures: every field is kept, deleted, set to null (or
 * undefined) or replaced by a generated value (strings of any script, decimal strings with any number
 * of decimals the field allows, unpadded and padded schemes, lower-case codes, currencies of 0–4
 * decimals, 1–4 lines, 0–3 invoice references with at most one amend, …), then parsed with the
 * kind's stored-resource schema, so each one is a canonical resource as fiscalkit stores it.
 */

/**
 * Runs per kind and version. Every run serializes, parses and re-serializes a generated resource
 * several times through the whole chain, so 100 runs × 5 versions × 7 kinds keep the file at a few
 * seconds; raise it locally when a change is suspect.
 */
const NUM_RUNS = 100;

// ---------------------------------------------------------------------------------------------
// Value arbitraries

/** A field variation that removes the key. */
const DELETE = Symbol('delete');

/** Printable ASCII, any Unicode grapheme, or a tricky literal; at most `max` UTF-16 units. */
function textArb(max = 255): fc.Arbitrary<string> {
  const length = Math.min(max, 24);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ maxLength: length }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: length }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '',
          ' ',
          'Zażółć gęślą jaźń',
          'a "quoted" \\ back</x>',
          '\u2028\n\t',
          '😀',
        ),
      },
    )
    .filter((value) => value.length <= max);
}

/** A required text: not empty, not only whitespace. */
function requiredTextArb(max = 255): fc.Arbitrary<string> {
  return textArb(max).filter((value) => value.trim() !== '');
}

/** An e-mail address the model accepts (one `@`, no spaces). */
const emailArb = fc
  .oneof(fc.emailAddress(), fc.constantFrom('billing@example.com', 'a@b'))
  .filter((value) => value.length <= 255 && /^[^\s@]+@[^\s@]+$/.test(value));

/** Options of {@link decimalArb}. */
interface DecimalShape {
  maxDecimals: number;
  maxIntegerDigits?: number;
  sign?: 'any' | 'non_negative' | 'positive';
}

/**
 * A plain decimal string as a client writes it in a JSON string: no leading zeros (a JSON number has
 * none, so the wire cannot carry them; serialize.ts writes stored ones without), any number of
 * decimals up to the field's maximum, trailing zeros kept (they tell the decimals meant).
 */
function decimalArb({
  maxDecimals,
  maxIntegerDigits = 16,
  sign = 'any',
}: DecimalShape): fc.Arbitrary<string> {
  const integer = fc.oneof(
    fc.constant('0'),
    fc
      .tuple(
        fc.integer({ min: 1, max: 9 }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: maxIntegerDigits - 1 }),
      )
      .map(([first, rest]) => `${first}${rest}`),
  );
  const fraction = fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: maxDecimals });
  return fc
    .tuple(fc.boolean(), integer, fraction)
    .map(([negative, whole, decimals]) => {
      const digits = decimals === '' ? whole : `${whole}.${decimals}`;
      return negative && sign === 'any' ? `-${digits}` : digits;
    })
    .filter((value) => sign !== 'positive' || /[1-9]/.test(value));
}

/** A calendar date `YYYY-MM-DD`. */
const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** An instant in UTC, with or without fractional seconds. */
const timestampArb = fc
  .tuple(
    fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.boolean(),
  )
  .map(([date, fractional]) => {
    const iso = date.toISOString();
    return fractional ? iso : `${iso.slice(0, 19)}Z`;
  });

/** A resource id (a positive safe integer). */
const idArb = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.maxSafeInteger().filter((value) => value >= 1),
);

/** Scheme codes as clients send them: padded, unpadded (`7` → `0007`), Peppol and Polish registers. */
const schemeArb = fc.constantFrom('9920', '0088', '88', '7', '0007', '0208', '9906', '9957', '8036', '8037');
const countryArb = fc.constantFrom('ES', 'PL', 'BE', 'FR', 'IT', 'DE', 'pt', 'us');
/** Currencies of every exponent: EUR 2, JPY 0, BHD 3, CLF 4; one sent in lower case. */
const currencyArb = fc.constantFrom('EUR', 'JPY', 'BHD', 'CLF', 'PLN', 'USD', 'eur');
const languageArb = fc.constantFrom('es', 'en', 'ca', 'fr', 'pl', 'EN');
const transportTypeArb = fc.constantFrom(...TRANSPORT_TYPES.map((type) => type.code));

/**
 * A variation of some of `fields`: each field is left as the base has it (key not generated),
 * deleted, set to null or undefined (only the nullable ones), or given a generated value.
 */
function vary(
  nullable: Record<string, fc.Arbitrary<unknown>>,
  required: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(nullable))
    model[key] = fc.oneof(
      { weight: 1, arbitrary: fc.constant(DELETE) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 4, arbitrary: value },
    );
  for (const [key, value] of Object.entries(required)) model[key] = value;
  return fc.record(model, { requiredKeys: [] });
}

/** `base` with a variation applied. */
function applied(base: object, variation: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = structuredClone(base) as Record<string, unknown>;
  for (const [key, value] of Object.entries(variation)) {
    if (value === DELETE) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** Parses a generated candidate with a stored-resource schema; a candidate it refuses is a generator bug. */
function canonical<S extends z.ZodType>(schema: S, candidate: unknown): z.output<S> {
  const result = schema.safeParse(candidate);
  if (!result.success)
    throw new Error(
      `generator produced an invalid resource: ${JSON.stringify(result.error.issues).slice(0, 600)}`,
    );
  return result.data;
}

/** A nullable object of optional fields (the nested objects: bank_account, third_party, …). */
function objectArb(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return vary(fields).map((variation) => applied({}, variation));
}

// ---------------------------------------------------------------------------------------------
// Resource arbitraries, one per kind (tax reports in both types)

const routingCodesArb = vary(
  Object.fromEntries(
    [1, 2, 3, 4, 5].flatMap((slot) => [
      [`cin${slot}_value`, textArb()],
      [`cin${slot}_scheme`, schemeArb],
    ]),
  ),
).map((variation) => applied({}, variation));

const partyFields = {
  tin_scheme: schemeArb,
  tin_value: textArb(64),
  cin_scheme: schemeArb,
  cin_value: textArb(64),
  address: textArb(),
  address2: textArb(),
  city: textArb(),
  postalcode: textArb(32),
  province: textArb(),
  currency: currencyArb,
  language: languageArb,
  email: emailArb,
  phone: textArb(64),
  transport_type_code: transportTypeArb,
  document_type_code: textArb(64),
};

const accountArb = fc
  .record({
    variation: vary(
      { ...partyFields, website: textArb(), routing_codes: routingCodesArb },
      {
        name: requiredTextArb(),
        country: countryArb,
        id: idArb,
        routing_codes: routingCodesArb,
        auto_remittance: fc.boolean(),
        apply_taxes_per_line: fc.boolean(),
        skip_line_taxable_base_rounding: fc.boolean(),
        rounding_method: fc.constantFrom(...ACCOUNT_ROUNDING_METHODS),
        round_before_sum: fc.boolean(),
        has_logo: fc.boolean(),
        archived: fc.boolean(),
      },
    ),
  })
  .map(({ variation }) => canonical(AccountSchema, applied(storedAccount(), variation)));

const bankAccountArb = objectArb({ iban: textArb(64), bic: textArb(16), bank_name: textArb() });

const contactArb = vary(
  {
    ...partyFields,
    certified_email: emailArb,
    recipient_code: textArb(7),
    bank_account: bankAccountArb,
    bank_account_number: textArb(64),
    contact_person: textArb(),
    parent_id: idArb,
    party_identification: textArb(),
  },
  {
    name: requiredTextArb(),
    country: countryArb,
    id: idArb,
    account_id: idArb,
    routing_codes: routingCodesArb,
    is_client: fc.boolean(),
    is_provider: fc.boolean(),
  },
).map((variation) => canonical(ContactSchema, applied(storedContact(), variation)));

const lineTaxArb = fc
  .record({
    name: requiredTextArb(32),
    percent: decimalArb({ maxDecimals: 8, maxIntegerDigits: 3 }),
    optional: vary({ category: textArb(8), kind: fc.constantFrom(...TAX_KINDS) }),
  })
  .map(({ name, percent, optional }) => applied({ name, percent }, optional));

const lineArb = fc
  .record({
    quantity: decimalArb({ maxDecimals: 6 }),
    price: decimalArb({ maxDecimals: 8 }),
    taxes_attributes: fc.array(lineTaxArb, { maxLength: 3 }),
    optional: vary({
      description: textArb(2048),
      unit: textArb(32),
      discount_percent: decimalArb({ maxDecimals: 4, maxIntegerDigits: 3 }),
      discount_amount: decimalArb({ maxDecimals: 8, sign: 'non_negative' }),
      charge_amount: decimalArb({ maxDecimals: 8 }),
      classification_code: textArb(64),
      classification_code_scheme: textArb(32),
    }),
  })
  .map(({ optional, ...line }) => applied(line, optional));

const referenceFieldsArb = vary({
  number: textArb(),
  series_code: textArb(64),
  date: dateArb,
  invoicing_period_start: dateArb,
  invoicing_period_end: dateArb,
  reason: textArb(1024),
  correction_method: textArb(16),
  tax_registration_code: textArb(64),
  tax_correction_code: textArb(16),
  total_amount: decimalArb({ maxDecimals: 8 }),
  currency: currencyArb,
});

/** At most one amend reference (spec §2.6, §8), first when present, then 0–2 prepayments. */
const referencesArb = fc
  .tuple(
    fc.option(referenceFieldsArb, { nil: undefined }),
    fc.array(referenceFieldsArb, { maxLength: 2 }),
    idArb,
  )
  .map(([amend, prepayments, firstId]) =>
    [
      ...(amend === undefined ? [] : [applied({ reference_type: 'amend' }, amend)]),
      ...prepayments.map((fields) => applied({ reference_type: 'prepayment' }, fields)),
    ].map((reference, index) => ({ ...reference, id: ((firstId + index) % Number.MAX_SAFE_INTEGER) + 1 })),
  );

/**
 * The invoice's contact summary: a view of a stored contact, so it always has the contact's required
 * `name` and `country` (spec §2.3; the summary schema itself allows null).
 */
const invoiceContactArb = fc
  .record({
    name: requiredTextArb(),
    country: fc.constantFrom('ES', 'PL', 'BE'),
    optional: vary({
      id: idArb,
      tin_value: textArb(64),
      tin_scheme: schemeArb,
      cin_value: textArb(64),
      cin_scheme: schemeArb,
    }),
  })
  .map(({ optional, ...contact }) => applied(contact, optional));

const thirdPartyArb = objectArb({
  role: fc.constantFrom(...THIRD_PARTY_ROLES),
  name: textArb(),
  tin_value: textArb(64),
  tin_scheme: schemeArb,
  cin_value: textArb(64),
  cin_scheme: schemeArb,
  address: textArb(),
  address2: textArb(),
  city: textArb(),
  postalcode: textArb(32),
  province: textArb(),
  country: countryArb,
});

const invoiceArb = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
    firstLineId: fc.integer({ min: 1, max: 1_000_000 }),
    variation: vary(
      {
        type_code: fc.constantFrom(...INVOICE_TYPE_CODES),
        series_code: textArb(64),
        due_date: dateArb,
        tax_point_date: dateArb,
        currency: currencyArb,
        language: languageArb,
        is_credit_note: fc.boolean(),
        contact_id: idArb,
        contact: invoiceContactArb,
        exchange_rate: decimalArb({ maxDecimals: 8, maxIntegerDigits: 6, sign: 'positive' }),
        exchange_date: dateArb,
        order_date: dateArb,
        ponumber: textArb(),
        prepaid_amount: decimalArb({ maxDecimals: 4 }),
        bank_account: objectArb({ iban: textArb(64), bic: textArb(16), bank_name: textArb() }),
        payment_method: textArb(64),
        buyer_reference: textArb(),
        delivery_note_number: textArb(),
        sales_order_reference: textArb(),
        notes: textArb(4096),
        buyer_accounting_reference: textArb(),
        customer_contact_person: textArb(),
        contract_number: textArb(),
        managing_unit: textArb(),
        accounting_unit: textArb(),
        proponent_unit: textArb(),
        contract_unit: textArb(),
        processing_unit: textArb(),
        apply_to_local_government_unit: fc.boolean(),
        apply_to_vat_group_member: fc.boolean(),
        third_party: thirdPartyArb,
        contact_iban: textArb(64),
        contact_bic: textArb(16),
        remittance_reference: textArb(32),
      },
      {
        type: fc.constantFrom(...INVOICE_TYPES),
        number: requiredTextArb(),
        date: dateArb,
        id: idArb,
        account_id: idArb,
        state: fc.constantFrom('new', 'sent', 'paid', 'error'),
        invoice_references: referencesArb,
        total: decimalArb({ maxDecimals: 4 }),
        payable_amount: decimalArb({ maxDecimals: 4 }),
      },
    ),
  })
  .map(({ lines, firstLineId, variation }) =>
    canonical(
      InvoiceSchema,
      applied(storedInvoice(), {
        ...variation,
        lines: lines.map((line, index) => ({ ...line, id: firstLineId + index })),
      }),
    ),
  );

const ksefTaxReportArb = fc
  .record({
    base: fc.constantFrom('VAT', 'KOR_ZAL', 'ROZ') as fc.Arbitrary<'VAT' | 'KOR_ZAL' | 'ROZ'>,
    prepayments: fc.array(
      fc.record({
        number: fc.option(textArb(256), { nil: null }),
        registration_code: fc.option(textArb(36), { nil: null }),
      }),
      { maxLength: 3 },
    ),
    firstId: fc.integer({ min: 1, max: 1_000_000 }),
    variation: vary(
      {
        purchase_order_date: dateArb,
        despatch_advice_reference: textArb(256),
        supplier_party_krs: textArb(),
        supplier_party_regon: textArb(),
        supplier_party_bdo: textArb(9),
        supplier_contact_phone: textArb(16),
        supplier_contact_email: emailArb,
        previous_advance_total: decimalArb({ maxDecimals: 2 }),
        order_total_amount: decimalArb({ maxDecimals: 2 }),
        third_party_role: fc.constantFrom(...KSEF_THIRD_PARTY_ROLES),
        third_party_address: textArb(512),
        third_party_postalcode: textArb(32),
        third_party_city: textArb(),
        third_party_name: textArb(512),
        third_party_id: textArb(50),
        third_party_scheme: textArb(64),
        third_party_tax_id: textArb(50),
        third_party_tax_scheme: textArb(64),
        third_party_country: countryArb,
        third_party_endpoint_id: textArb(),
      },
      {
        invoice_id: fc.option(idArb, { nil: null }),
        invoice_type_code: fc.constantFrom(...KSEF_TYPE_CODES),
        customer_party_jst: fc.boolean(),
        customer_party_gv: fc.boolean(),
        id: idArb,
        account_id: idArb,
        state: fc.constantFrom(...TAX_REPORT_STATES),
      },
    ),
    replacePrepayments: fc.boolean(),
  })
  .map(({ base, prepayments, firstId, variation, replacePrepayments }) => {
    const stored = storedKsefTaxReport(base);
    const references = replacePrepayments
      ? prepayments.map((reference, index) => ({ ...reference, id: firstId + index }))
      : stored.prepayment_references;
    return canonical(
      KsefTaxReportSchema,
      applied(stored, { ...variation, prepayment_references: references }),
    );
  });

const siiAmountArb = decimalArb({ maxDecimals: 2, maxIntegerDigits: 12 });
const siiRateArb = decimalArb({ maxDecimals: 2, maxIntegerDigits: 3, sign: 'non_negative' });

const taxBreakdownArb = fc
  .record({
    taxable_base: siiAmountArb,
    optional: vary({
      operation_type: fc.constantFrom(...SII_OPERATION_TYPES),
      category: textArb(8),
      non_exemption_code: fc.constantFrom(...SII_NON_EXEMPTION_CODES),
      reason_vat_exempt: fc.constantFrom(...SII_EXEMPTION_REASONS),
      reason_no_subject: fc.constantFrom(...SII_NO_SUBJECT_REASONS),
      percent: siiRateArb,
      tax_amount: siiAmountArb,
      surcharge_percent: siiRateArb,
      surcharge_amount: siiAmountArb,
      reverse_charge: fc.boolean(),
    }),
  })
  .map(({ optional, ...row }) => applied(row, optional));

const siiTaxReportArb = fc
  .record({
    book: fc.constantFrom(...SII_BOOK_TYPES),
    variation: vary(
      {
        communication_type: fc.constantFrom(...SII_COMMUNICATION_TYPES),
        period_year: fc.integer({ min: 1000, max: 9999 }),
        period: fc.constantFrom(...SII_PERIODS),
        invoice_number: textArb(60),
        invoice_date: dateArb,
        invoice_type_code: fc.constantFrom(...SII_INVOICE_TYPE_CODES),
        special_regime_key: fc.constantFrom(...SII_SPECIAL_REGIME_KEYS),
        description: textArb(500),
        tax_inclusive_amount: siiAmountArb,
        customer_party_name: textArb(120),
        customer_party_tax_id: textArb(20),
        customer_party_tax_scheme: fc.constantFrom(...SII_PARTY_TAX_SCHEMES),
        customer_party_country: countryArb,
        supplier_party_name: textArb(120),
        supplier_party_tax_id: textArb(20),
        supplier_party_tax_scheme: fc.constantFrom(...SII_PARTY_TAX_SCHEMES),
        supplier_party_country: countryArb,
        corrective_type: fc.constantFrom(...SII_CORRECTIVE_TYPES),
        corrected_taxable_base: siiAmountArb,
        corrected_tax_amount: siiAmountArb,
        accounting_date: dateArb,
        deductible_tax_amount: siiAmountArb,
        capital_good: fc
          .record({
            identification: requiredTextArb(40),
            start_date: dateArb,
            annual_proration: siiRateArb,
            optional: vary({ annual_regularization: siiAmountArb }),
          })
          .map(({ optional, ...good }) => applied(good, optional)),
        intra_community_operation: fc
          .record({
            operation_key: fc.constantFrom(...SII_INTRA_COMMUNITY_OPERATION_KEYS),
            declared_key: fc.constantFrom(...SII_INTRA_COMMUNITY_DECLARED_KEYS),
            member_state: fc.constantFrom(...SII_MEMBER_STATES),
            goods_description: requiredTextArb(40),
            operator_address: requiredTextArb(120),
            optional: vary({ term_days: fc.integer({ min: 0, max: 999 }), documentation: textArb(150) }),
          })
          .map(({ optional, ...operation }) => applied(operation, optional)),
        insurance_operation_key: fc.constantFrom(...SII_INSURANCE_OPERATION_KEYS),
      },
      {
        invoice_id: fc.option(idArb, { nil: null }),
        id: idArb,
        account_id: idArb,
        state: fc.constantFrom(...TAX_REPORT_STATES),
        additional_special_regime_keys: fc.array(fc.constantFrom(...SII_SPECIAL_REGIME_KEYS), {
          maxLength: 2,
        }),
        corrected_invoices: fc.array(fc.record({ number: requiredTextArb(60), date: dateArb }), {
          maxLength: 2,
        }),
        tax_breakdowns: fc.array(taxBreakdownArb, { maxLength: 3 }),
        payments: fc.array(
          fc
            .record({
              date: dateArb,
              amount: siiAmountArb,
              method: fc.constantFrom(...SII_PAYMENT_METHODS),
              optional: vary({ account: textArb(34) }),
            })
            .map(({ optional, ...payment }) => applied(payment, optional)),
          { maxLength: 2 },
        ),
      },
    ),
  })
  .map(({ book, variation }) => {
    const base = { ...storedSiiTaxReport(), ...validSiiBody(book) };
    return canonical(SiiTaxReportSchema, applied(base, variation));
  });

const transportArb = fc
  .record({
    reception: fc.boolean(),
    documentTypes: fc.array(fc.record({ code: requiredTextArb(), name: textArb() }), { maxLength: 3 }),
    pin_scheme: fc.option(schemeArb, { nil: null }),
    pin_value: fc.option(textArb(64), { nil: null }),
    variation: vary(
      {},
      {
        account_id: idArb,
        code: requiredTextArb(64),
        transport_type_code: transportTypeArb,
        enabled: fc.boolean(),
        invoice: fc.boolean(),
        credit_note: fc.boolean(),
        self_billing: fc.boolean(),
        order: fc.boolean(),
        application_response: fc.boolean(),
        sml_status: fc.constantFrom(...PEPPOL_PUBLICATION_STATUSES),
        peppol_directory_status: fc.constantFrom(...PEPPOL_PUBLICATION_STATUSES),
      },
    ),
  })
  .map(({ reception, documentTypes, pin_scheme, pin_value, variation }) =>
    canonical(
      TransportSchema,
      applied(storedTransport(), {
        ...variation,
        reception,
        pin_scheme,
        pin_value,
        reception_document_types: reception ? documentTypes : [],
      }),
    ),
  );

const webhookArb = fc
  .record({
    url: fc.oneof(
      fc
        .record({
          scheme: fc.constantFrom('http', 'https'),
          host: fc.array(fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/), {
            minLength: 1,
            maxLength: 3,
          }),
          port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
          path: fc.array(fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/), { maxLength: 3 }),
          query: fc.option(fc.stringMatching(/^[A-Za-z0-9=&%_-]{1,20}$/), { nil: undefined }),
        })
        .map(
          ({ scheme, host, port, path, query }) =>
            `${scheme}://${host.join('.')}${port === undefined ? '' : `:${port}`}${path.map((part) => `/${part}`).join('')}${query === undefined ? '' : `?${query}`}`,
        ),
      fc.constantFrom(
        'https://hooks.example.com/fiscalkit',
        'http://127.0.0.1:8080/h?x=1',
        'https://[::1]:8443/h',
      ),
    ),
    events: fc.uniqueArray(fc.constantFrom(...EVENT_CODES), { minLength: 1 }),
    secret: fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((bytes) => `whsec_${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`),
    variation: vary({}, { id: idArb, account_id: idArb, enabled: fc.boolean(), created_at: timestampArb }),
  })
  .map(({ url, events, secret, variation }) =>
    canonical(
      WebhookSubscriptionSchema,
      applied(storedWebhookSubscription(), { ...variation, url, events, secret }),
    ),
  );

// ---------------------------------------------------------------------------------------------
// The kinds under test: how each is generated, read back and named on the wire

interface KindUnderTest {
  name: string;
  kind: ResourceKind;
  arbitrary: fc.Arbitrary<object>;
  /** The create schema of this resource (tax reports: of its type): its writable fields. */
  createSchema: z.ZodObject;
  /** The stored-resource schema of this resource (tax reports: of its type). */
  storedSchema: z.ZodObject;
  /** The canonical create parser. */
  parse: (body: unknown) => Validated<unknown>;
}

const UNDER_TEST: KindUnderTest[] = [
  {
    name: 'account',
    kind: 'account',
    arbitrary: accountArb,
    createSchema: AccountCreateSchema,
    storedSchema: AccountSchema,
    parse: (body) => parseAccount(body, 'create'),
  },
  {
    name: 'contact',
    kind: 'contact',
    arbitrary: contactArb,
    createSchema: ContactCreateSchema,
    storedSchema: ContactSchema,
    parse: (body) => parseContact(body, 'create'),
  },
  {
    name: 'invoice',
    kind: 'invoice',
    arbitrary: invoiceArb,
    createSchema: InvoiceCreateSchema,
    storedSchema: InvoiceSchema,
    parse: (body) => parseInvoice(body, 'create'),
  },
  {
    name: 'tax_report (Ksef)',
    kind: 'tax_report',
    arbitrary: ksefTaxReportArb,
    createSchema: KsefTaxReportCreateSchema,
    storedSchema: KsefTaxReportSchema,
    parse: (body) => parseTaxReport(body, 'create'),
  },
  {
    name: 'tax_report (SiiDocument)',
    kind: 'tax_report',
    arbitrary: siiTaxReportArb,
    createSchema: SiiTaxReportCreateSchema,
    storedSchema: SiiTaxReportSchema,
    parse: (body) => parseTaxReport(body, 'create'),
  },
  {
    name: 'transport',
    kind: 'transport',
    arbitrary: transportArb,
    createSchema: TransportCreateSchema,
    storedSchema: TransportSchema,
    parse: (body) => parseTransport(body, 'create'),
  },
  {
    name: 'web_hook',
    kind: 'web_hook',
    arbitrary: webhookArb,
    createSchema: WebhookSubscriptionCreateSchema,
    storedSchema: WebhookSubscriptionSchema,
    parse: (body) => parseWebhookSubscription(body, 'create'),
  },
];

// ---------------------------------------------------------------------------------------------
// The harness

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);

const include = (kind: ResourceKind) => [...KINDS[kind].expandable];

const fieldsCache = new Map<string, Set<string>>();
/** `fieldsOf`, computed once per version and kind (it is pure). */
function fieldsOfCached(version: ApiVersion, kind: ResourceKind): Set<string> {
  const key = `${version} ${kind}`;
  let fields = fieldsCache.get(key);
  if (fields === undefined) {
    fields = fieldsOf(version, kind);
    fieldsCache.set(key, fields);
  }
  return fields;
}

const schemaPathsCache = new Map<z.ZodType, string[]>();
/** `schemaPaths`, computed once per schema. */
function schemaPathsCached(schema: z.ZodType): string[] {
  let paths = schemaPathsCache.get(schema);
  if (paths === undefined) {
    paths = schemaPaths(schema);
    schemaPathsCache.set(schema, paths);
  }
  return paths;
}

/** The response with every expandable field included (so that (a) sees all of them). */
function response(
  kind: ResourceKind,
  resource: object,
  version: ApiVersion,
  view: 'full' | 'list_entry' = 'full',
) {
  return serialize(kind, resource, { version, include: include(kind), view });
}

/** A JSON tree with every number (plain or lossless) as its text, for structural comparison. */
function numbersAsText(value: unknown): unknown {
  if (isLosslessNumber(value)) return { number: String(value) };
  if (typeof value === 'number') return { number: String(value) };
  if (Array.isArray(value)) return value.map(numbersAsText);
  if (isObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, numbersAsText(child)]));
  return value;
}

/** `value` as JSON sees it: fields whose value is `undefined` are not there. */
function asJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asJson);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, child]) => child !== undefined)
      .map(([key, child]) => [key, asJson(child)]),
  );
}

const STRINGIFY = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (isLosslessNumber(item) ? String(item) : item));

/** Every value at `path` (through `[]`), only where the field is present. */
function valuesAt(value: unknown, path: string): unknown[] {
  return flatten(value).get(path) ?? [];
}

/**
 * Every path of a JSON value (the notation of `pathsOf`) with the values found there, in document
 * order, only where the field is present; one walk.
 */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (!isObject(value)) return into;
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const values = into.get(path);
    if (values === undefined) into.set(path, [child]);
    else values.push(child);
    if (Array.isArray(child)) for (const item of child) flatten(item, `${path}[]`, into);
    else flatten(child, path, into);
  }
  return into;
}

/** Whether a value is compared as a whole: anything but an object or an array holding objects. */
const isLeaf = (value: unknown) => !isObject(value) && !(Array.isArray(value) && value.some(isObject));

/** A comparable text of a leaf value (lossless numbers by their digits). */
function leafKey(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return `n:${String(value)}`;
  if (isLosslessNumber(value)) return `n:${String(value)}`;
  return STRINGIFY(numbersAsText(value));
}

/**
 * The paths one downgrade rewrote: present on one side only (also element by element), or holding
 * another scalar (or list of scalars); an array of objects counts as rewritten when its length
 * changed, its elements' fields are looked at one by one.
 */
function rewrittenPaths(before: JsonObject, after: JsonObject): string[] {
  return changedPaths(flatten(before), flatten(after));
}

/** {@link rewrittenPaths} on values already flattened. */
function changedPaths(was: Map<string, unknown[]>, is: Map<string, unknown[]>): string[] {
  return [...new Set([...was.keys(), ...is.keys()])].filter((path) => {
    const a = was.get(path) ?? [];
    const b = is.get(path) ?? [];
    if (a.length !== b.length) return true;
    return a.some((value, index) => {
      const other = b[index];
      if (isLeaf(value) || isLeaf(other)) return leafKey(value) !== leafKey(other);
      return Array.isArray(value) && Array.isArray(other) && value.length !== other.length;
    });
  });
}

/**
 * The response of `version` built step by step as DESIGN.md describes it (the newest version's
 * response, then every newer version's downgrade, newest first), with the paths each step rewrote:
 * what the chain actually changes for this very resource, whether or not a change declares it in
 * `added` / `removed` (a change may filter values, e.g. an event name in a list).
 */
function downgradeTrace(kind: ResourceKind, resource: object, version: ApiVersion) {
  let current = response(kind, resource, LATEST_API_VERSION);
  let flat = flatten(current);
  const rewritten = new Set<string>();
  for (const change of changesAfter(version, kind).reverse()) {
    if (change.downgrade === undefined) continue;
    const next = change.downgrade(current, { version, view: 'full', stored: resource as JsonObject });
    if (next === current) continue;
    const nextFlat = flatten(next);
    for (const path of changedPaths(flat, nextFlat)) rewritten.add(path);
    current = next;
    flat = nextFlat;
  }
  return { response: current, rewritten };
}

function withoutKeys(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/**
 * A response turned into the create body a client would send back, in the wire's request naming:
 * the JSON text read losslessly (as the HTTP edge reads requests); for invoices, `lines` under their
 * request name `invoice_lines_attributes`; the read-only ids of lines, invoice references and Ksef
 * prepayment references dropped (in a request an id names an existing element to edit or delete;
 * a create has none). The invoice's `contact` is dropped too: in a response it is the view of the
 * referenced contact (`contact_id`), in a request it means "create this inline contact" (spec §2.4),
 * another thing. Every other read-only field (`id`, `state`, `total`, …) is sent back as it came and
 * left to the canonical parser, which drops unknown fields as the service does.
 */
function requestShape(kind: ResourceKind, text: string): JsonObject {
  const body = parseLossless(text) as JsonObject;
  const dropIds = (value: unknown) =>
    Array.isArray(value) ? value.map((item) => (isObject(item) ? withoutKeys(item, ['id']) : item)) : value;
  if (kind === 'invoice') {
    const { lines, contact: _contact, ...rest } = body;
    const request: JsonObject = { ...rest };
    if (lines !== undefined) request.invoice_lines_attributes = dropIds(lines);
    if (request.invoice_references !== undefined)
      request.invoice_references = dropIds(request.invoice_references);
    return request;
  }
  if (kind === 'tax_report' && body.prepayment_references !== undefined)
    return { ...body, prepayment_references: dropIds(body.prepayment_references) };
  return body;
}

/** A request path or param under its response name (`invoice_lines_attributes[0].price` → `lines[].price`). */
function responseName(kind: ResourceKind, path: string): string {
  const generic = path.replace(/\[\d+\]/g, '[]');
  return kind === 'invoice' ? generic.replace(/^invoice_lines_attributes(?=\[\]|\.|$)/, 'lines') : generic;
}

/**
 * Whether a refused round trip is one the version cannot express, not a bug: every issue is a
 * required value left empty or blank (`parameter_empty`, `parameter_blank`) at a field a newer
 * version's change rewrote for this resource. Example: a subscription listening only to an event a
 * newer version added shows an empty `events` list in older versions, and an empty list is not a
 * subscription. Any other refusal (a value of the wrong type or outside its catalogue, …) means the
 * version's response is not a valid request in that same version, and fails the property.
 */
function inexpressible(
  kind: ResourceKind,
  issues: readonly ValidationIssue[],
  rewritten: ReadonlySet<string>,
) {
  return issues.every(
    (issue) =>
      (issue.code === 'parameter_empty' || issue.code === 'parameter_blank') &&
      ancestorsOf(responseName(kind, issue.param)).some((path) => rewritten.has(path)),
  );
}

/** Request fields that are not a resource field sent back: edit ids, deletion marks. */
const NOT_ROUND_TRIPPED = [
  'lines[].id',
  'lines[]._destroy',
  'invoice_references[].id',
  'invoice_references[]._destroy',
  'prepayment_references[].id',
  'prepayment_references[]._destroy',
];

/**
 * The paths (b) compares, in response naming: the fields of this resource's create schema (its
 * writable fields), except
 * - read-only ids and `_destroy` marks of nested elements, and the invoice's `contact` (see
 *   {@link requestShape});
 * - write-only fields (`KINDS[kind].writeOnly`: the invoice reference's `invoicing_period_start` /
 *   `_end` and `tax_correction_code`, spec §2.6): never returned, so they cannot come back;
 * - fields V does not return under their canonical name (not in `fieldsOf(V, kind)`): a newer version
 *   added them (V cannot carry them; older requests drop them), renamed them or remapped them;
 * - fields at or under a path a newer version's change declares as added or removed, or that the
 *   chain of downgrades rewrote for this very resource ({@link downgradeTrace}): their value in V is
 *   that change's business, checked by (b′) below and by the table tests of that version.
 * Absent and null are the same answer (the serializer writes every unset top-level field as null);
 * money is compared after padding to the currency's decimals, as it leaves (spec §2.4).
 */
function comparedPaths(
  test: KindUnderTest,
  version: ApiVersion,
  rewritten: ReadonlySet<string>,
): Set<string> {
  const { kind } = test;
  const fields = fieldsOfCached(version, kind);
  const declared = changesAfter(version, kind).flatMap((change) => [
    ...(change.added ?? []),
    ...(change.removed ?? []),
  ]);
  const excluded = new Set([
    ...NOT_ROUND_TRIPPED,
    ...KINDS[kind].writeOnly,
    ...(kind === 'invoice' ? ['contact'] : []),
    ...declared,
    ...rewritten,
  ]);
  return new Set(
    schemaPathsCached(test.createSchema)
      .map((path) => responseName(kind, path))
      .filter((path) => fields.has(path))
      .filter((path) => !ancestorsOf(path).some((ancestor) => excluded.has(ancestor))),
  );
}

/** A path and every path it lies within: `lines[].taxes[].percent` → itself, `lines[].taxes`, `lines`. */
function ancestorsOf(path: string): string[] {
  const ancestors = [path];
  for (let index = path.length - 1; index > 0; index--) {
    if (path[index] === '.') ancestors.push(path.slice(0, index));
    else if (path.startsWith('[]', index) && path[index + 2] !== undefined)
      ancestors.push(path.slice(0, index));
  }
  return ancestors;
}

/** `value` restricted to `paths` (arrays element by element); null and undefined fields left out. */
function project(value: unknown, paths: ReadonlySet<string>, prefix = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => project(item, paths, `${prefix}[]`));
  if (!isObject(value)) return isLosslessNumber(value) ? String(value) : value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (!paths.has(path) || child === null || child === undefined) continue;
    result[key] = project(child, paths, path);
  }
  return result;
}

/**
 * A decimal string padded to `exponent` decimals, never rounded: the text the serializer writes for
 * money (a padded zero is written without its minus sign, as `formatUnits` writes every amount).
 */
function padded(value: string, exponent: number): string {
  const dot = value.indexOf('.');
  const decimals = dot === -1 ? 0 : value.length - dot - 1;
  if (decimals >= exponent) return value;
  const text = `${value}${dot === -1 ? '.' : ''}${'0'.repeat(exponent - decimals)}`;
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** The stored resource as (b) expects it back: top-level money padded to the currency's decimals. */
function expectedBack(kind: ResourceKind, resource: JsonObject): JsonObject {
  const currency = resource.currency;
  if (typeof currency !== 'string' || !isCurrencyCode(currency)) return resource;
  const exponent = currencyExponent(currency);
  const result = { ...resource };
  for (const { path, money } of KINDS[kind].numbers)
    if (money === true && !path.includes('.') && !path.includes('[]') && typeof result[path] === 'string')
      result[path] = padded(result[path] as string, exponent);
  return result;
}

/** The parsed create body with the invoice's lines under their stored name. */
function inResponseNaming(kind: ResourceKind, data: JsonObject): JsonObject {
  if (kind !== 'invoice' || !Object.hasOwn(data, 'invoice_lines_attributes')) return data;
  const { invoice_lines_attributes: lines, ...rest } = data;
  return { ...rest, lines };
}

/**
 * The stored resource after the round trip's create body is stored in its place: every writable
 * top-level field is what the parsed body says (a field the body left out is gone, so a change that
 * loses a field in its upgrade shows); lines and references keep their ids by position (the body
 * carried none); read-only fields (`id`, `state`, `total`, the invoice's `contact` summary, …) stay
 * as stored. A required field the body did not carry (a field V cannot carry at all, such as an
 * account's `auto_remittance` before v2026-04-20) keeps its stored value, as no service would lose it.
 */
function storedAfterWrite(test: KindUnderTest, stored: JsonObject, data: JsonObject): JsonObject {
  const { kind } = test;
  const writable = new Set(
    schemaPathsCached(test.createSchema)
      .filter((path) => !path.includes('.') && !path.includes('[]'))
      .map((path) => responseName(kind, path))
      .filter((key) => !(kind === 'invoice' && key === 'contact')),
  );
  const next: JsonObject = withoutKeys(structuredClone(stored), [...writable]);
  const withIds = (
    items: unknown,
    previous: unknown,
    shape: (item: JsonObject) => JsonObject = (item) => item,
  ) =>
    ((items ?? []) as JsonObject[]).map((item, index) => {
      const before = Array.isArray(previous) ? (previous[index] as JsonObject | undefined) : undefined;
      return { ...shape(withoutKeys(item, ['_destroy', 'id'])), id: before?.id ?? 9_000_000 + index };
    });
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (kind === 'invoice' && key === 'invoice_lines_attributes') next.lines = withIds(value, stored.lines);
    else if (kind === 'invoice' && key === 'invoice_references')
      next[key] = withIds(value, stored.invoice_references);
    else if (kind === 'invoice' && (key === 'contact' || key === 'total_amount_due')) continue;
    else if (kind === 'tax_report' && key === 'prepayment_references')
      next[key] = withIds(value, stored[key], (item) => ({
        number: item.number ?? null,
        registration_code: item.registration_code ?? null,
      }));
    else next[key] = value;
  }
  for (const key of requiredKeys(test.storedSchema))
    if (!Object.hasOwn(next, key) && Object.hasOwn(stored, key)) next[key] = structuredClone(stored[key]);
  return next;
}

const requiredKeysCache = new Map<z.ZodObject, string[]>();
/** The top-level fields a stored-resource schema requires (refuses `undefined` for). */
function requiredKeys(schema: z.ZodObject): string[] {
  let keys = requiredKeysCache.get(schema);
  if (keys === undefined) {
    keys = Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([key]) => key);
    requiredKeysCache.set(schema, keys);
  }
  return keys;
}

/**
 * Sends the response of `version` back as a create body in `version`: the parsed body, or null when
 * the version cannot express the resource ({@link inexpressible}).
 */
function roundTrip(test: KindUnderTest, resource: object, version: ApiVersion, text: string) {
  const { kind } = test;
  const trace = downgradeTrace(kind, resource, version);
  // The serializer is exactly the chain (the newest response, then the downgrades newest first), and
  // deterministic: this second serialization writes the very same text.
  if (toJson(trace.response) !== text)
    expect(toJson(trace.response), '(c) a second serialization differs').toBe(text);
  const body = normalizeRequest(kind, requestShape(kind, text), { version, operation: 'create' });
  const parsed = test.parse(body);
  if (parsed.success) return { data: parsed.data as JsonObject, rewritten: trace.rewritten };
  if (inexpressible(kind, parsed.issues, trace.rewritten)) return null;
  throw new Error(
    `the ${version} response sent back as a ${version} create body is refused: ${STRINGIFY(parsed.issues)}\n` +
      `rewritten by newer changes: ${[...trace.rewritten].join(', ')}\nbody: ${STRINGIFY(body)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// The properties

/** Fails with `message` when `actual` and `expected` differ as JSON trees (cheap when they agree). */
function expectSame(actual: unknown, expected: unknown, message: string): void {
  if (STRINGIFY(actual) !== STRINGIFY(expected)) expect(actual, message).toEqual(expected);
}

/**
 * (a)–(d) for one resource in one version, sharing the serializations. Each failure message starts
 * with the property it breaks.
 */
function checkProperties(test: KindUnderTest, resource: object, version: ApiVersion): void {
  const { kind } = test;
  const stored = resource as JsonObject;
  const full = response(kind, stored, version);
  const entry = response(kind, stored, version, 'list_entry');
  const text = toJson(full);

  // (a) serialization never emits a field V does not have.
  const fields = fieldsOfCached(version, kind);
  for (const [view, body] of [
    ['full', full],
    ['list entry', entry],
  ] as const) {
    const extra = pathsOf(body).filter((path) => !fields.has(path));
    if (extra.length > 0)
      expect(extra, `(a) the ${view} response in ${version} emits fields ${version} does not have`).toEqual(
        [],
      );
  }

  // (c) the JSON text parses back (lossless) to the same structure and re-serializes to the same
  // text. Determinism: (b) below serializes the resource a second time, step by step, and requires
  // the very same text.
  for (const body of [full, entry]) {
    const json = body === full ? text : toJson(body);
    expect(() => JSON.parse(json), '(c) toJson wrote invalid JSON').not.toThrow();
    const back = parseLossless(json);
    if (body === full)
      expectSame(
        numbersAsText(back),
        numbersAsText(asJson(body)),
        '(c) the JSON text parses back to another structure',
      );
    if (toJson(back) !== json)
      expect(toJson(back), '(c) the parsed JSON re-serializes to other text').toBe(json);
  }

  // (d) amounts leave as JSON numbers, money with at least its currency's decimals.
  const back = parseLossless(text) as JsonObject;
  const currency = back.currency;
  const exponent =
    typeof currency === 'string' && isCurrencyCode(currency) ? currencyExponent(currency) : null;
  for (const { path, money } of KINDS[kind].numbers)
    for (const value of valuesAt(back, path)) {
      if (value === null) continue;
      if (!isLosslessNumber(value)) throw new Error(`(d) ${path} = ${STRINGIFY(value)} is not a JSON number`);
      const digits = String(value);
      const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
      if (money === true && exponent !== null && decimals < exponent)
        expect(
          decimals,
          `(d) ${path} = ${digits} has fewer than the currency's ${exponent} decimals`,
        ).toBeGreaterThanOrEqual(exponent);
    }

  // (b) the response sent back as a create body in V gives back the resource on the fields V carries.
  const round = roundTrip(test, stored, version, text);
  if (round === null) return;
  const paths = comparedPaths(test, version, round.rewritten);
  expectSame(
    project(inResponseNaming(kind, round.data), paths),
    project(expectedBack(kind, stored), paths),
    `(b) the round trip in ${version} changes writable fields ${version} carries`,
  );

  // (b′) storing what came back and serializing it again in V gives the same response.
  const written = test.storedSchema.safeParse(storedAfterWrite(test, stored, round.data));
  if (!written.success)
    throw new Error(
      `(b′) the round trip in ${version} gives a resource the model refuses: ${STRINGIFY(written.error.issues)}`,
    );
  const second = toJson(response(kind, written.data as object, version));
  // Key order may differ (a field set again moves); the content may not.
  if (second !== text)
    expect(
      numbersAsText(parseLossless(second)),
      `(b′) after the round trip, the ${version} response differs`,
    ).toEqual(numbersAsText(parseLossless(text)));
}

describe.each(UNDER_TEST)('$name', (test) => {
  it.each(API_VERSIONS)(
    '%s: (a) no field the version lacks; (b) round trip; (b′) same response after it; (c) deterministic JSON; (d) amounts as numbers',
    (version) => {
      fc.assert(
        fc.property(test.arbitrary, (resource) => checkProperties(test, resource, version)),
        { numRuns: NUM_RUNS },
      );
    },
  );
});

describe('the generators and the harness', () => {
  it.each(UNDER_TEST)('$name: resources vary (fields present, absent and null)', (test) => {
    const samples = fc.sample(test.arbitrary, { numRuns: 300, seed: 42 }) as JsonObject[];
    expect(new Set(samples.map((sample) => STRINGIFY(sample))).size).toBeGreaterThan(250);
    const keys = new Set(samples.flatMap((sample) => Object.keys(sample)));
    const sometimesAbsent = [...keys].some((key) => samples.some((sample) => !Object.hasOwn(sample, key)));
    const sometimesNull = samples.some((sample) => Object.values(sample).includes(null));
    expect(sometimesAbsent || test.kind === 'transport' || test.kind === 'web_hook').toBe(true);
    expect(sometimesNull || test.kind === 'web_hook').toBe(true);
  });

  it('invoices vary their currencies, line counts and reference counts', () => {
    const samples = fc.sample(invoiceArb, { numRuns: 300, seed: 7 });
    expect(new Set(samples.map((invoice) => invoice.currency ?? null)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(samples.map((invoice) => invoice.lines.length))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(samples.map((invoice) => invoice.invoice_references.length)).size).toBeGreaterThanOrEqual(
      3,
    );
  });

  it('(b) is not vacuous: it compares fields in every version and the fixtures round-trip without a skip', () => {
    for (const test of UNDER_TEST) {
      const [sample] = fc.sample(test.arbitrary, { numRuns: 1, seed: 1 }) as JsonObject[];
      for (const version of API_VERSIONS) {
        const trace = downgradeTrace(test.kind, sample ?? {}, version);
        const compared = comparedPaths(test, version, trace.rewritten).size;
        expect(compared, `${test.name} ${version}`).toBeGreaterThanOrEqual(
          version === LATEST_API_VERSION ? 3 : 1,
        );
      }
    }
    const fixtures: [KindUnderTest | undefined, object][] = [
      [UNDER_TEST[0], storedAccount()],
      [UNDER_TEST[1], storedContact()],
      [UNDER_TEST[2], storedInvoice()],
      [UNDER_TEST[3], storedKsefTaxReport()],
      [UNDER_TEST[4], storedSiiTaxReport()],
      [UNDER_TEST[5], storedTransport()],
      [UNDER_TEST[6], storedWebhookSubscription()],
    ];
    for (const [test, resource] of fixtures)
      for (const version of API_VERSIONS)
        if (test !== undefined)
          expect(
            roundTrip(test, resource, version, toJson(response(test.kind, resource, version))),
          ).not.toBeNull();
  });

  it('rewrittenPaths sees renames, removals, filtered lists and rewritten values, not untouched fields', () => {
    const before = {
      a: 1,
      list: ['x', 'y'],
      lines: [
        { p: '1', q: 'k' },
        { p: '2', q: 'k' },
      ],
      keep: { z: 1 },
    };
    const after = {
      a: 2,
      list: ['y'],
      lines: [
        { p: '1', r: 'k' },
        { p: '2', r: 'k' },
      ],
      keep: { z: 1 },
    };
    expect(rewrittenPaths(before, after).sort()).toEqual(['a', 'lines[].q', 'lines[].r', 'list']);
    expect(rewrittenPaths(before, structuredClone(before))).toEqual([]);
  });
});
