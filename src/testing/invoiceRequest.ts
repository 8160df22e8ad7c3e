/**
 * fast-check arbitraries of whole invoices as the HTTP API accepts them (spec §2.4, §2.5, §2.6, §4.6):
 * the `{"invoice": {…}}` body of POST /accounts/{account}/invoices, in any API version.
 *
 * A request is built in the newest (canonical) shape and rewritten for the version asked for with
 * the versions machinery itself ({@link downgradeRequest}), so a v2025-01-01 body says `client`
 * (with a legacy `taxcode`) and `type_document`, a v2025-10-13 body unpadded schemes, and a
 * v2026-03-02 body the flat `amended_number` and the misspelt `clasification_code_scheme`, exactly
 * as `normalizeRequest` reads them back. Amounts are decimal strings built from integer units,
 * never JS floats.
 */
import * as fc from 'fast-check';
import { INVOICE_TYPES, type InvoiceType } from '../codelists/invoiceTypes.js';
import { THIRD_PARTY_ROLES } from '../model/thirdParty.js';
import { currencyExponent } from '../money/currencies.js';
import { flatToAllowanceCharges } from '../totals/flatFields.js';
import type { TotalsLineInput } from '../totals/input.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import type { JsonObject } from '../versions/fieldPath.js';
import { decimalArb, digitsArb } from './decimal.js';
import { downgradeRequest } from './downgradeRequest.js';
import { validPolishNipArb } from './polishIdentifiers.js';
import { validSpanishTinArb } from './spanishTin.js';
import { CURRENCIES, currencyArb, linesArb, prepaidArb } from './totals.js';

/** Options of {@link canonicalInvoiceRequestArb} and {@link invoiceRequestArb}. */
export interface InvoiceRequestArbOptions {
  /** The API version the body is written in ({@link invoiceRequestArb}). Default the newest. */
  version?: ApiVersion;
  /** The invoice currency (any ISO 4217 code); default one of each exponent (`JPY`, `EUR`, `BHD`, …). */
  currency?: string | fc.Arbitrary<string>;
  /**
   * The lines, as totals-engine lines (mapped to `invoice_lines_attributes`); default 1–8 lines of
   * `linesArb` (discounts, charges, surcharges, withholdings). With lines of your own no advance
   * (`ZAL` with `total_amount_due`) is generated, since its lines must be VAT-only with a gross.
   */
  lines?: fc.Arbitrary<TotalsLineInput[]>;
  /**
   * Ids of contacts that exist in the account: when given, some invoices name one in `contact_id`
   * instead of sending an inline contact. Default none (always an inline contact).
   */
  contactIds?: readonly number[];
}

/** Texts as clients write them: letters (Spanish and Polish ones too), digits, spaces, `&`, quotes. */
function textArb(max: number): fc.Arbitrary<string> {
  return fc
    .string({
      unit: fc.constantFrom(
        ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-&\'"ñçłóżÑŁ',
      ),
      minLength: 1,
      maxLength: max,
    })
    .filter((text) => text.trim() !== '');
}

/** A calendar date `YYYY-MM-DD` of 2020–2030 (days 1–28, so every month has it). */
const dateArb: fc.Arbitrary<string> = fc
  .record({
    year: fc.integer({ min: 2020, max: 2030 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);

/** `arb` or left out (the key absent), about one time in three. */
function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.option(arb, { nil: undefined, freq: 3 });
}

/**
 * `arb` about one time in four, else left out: for what only the newest versions can say (a third
 * party, prepayment references), so that older versions' bodies still often say all of the request.
 */
function seldom<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
}

/** An object without its undefined fields (a client leaves them out). */
function defined(fields: Record<string, unknown>): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) result[key] = value;
  return result;
}

/** Valid IBANs with their BICs (ISO 13616 check digits right; `bankAccountIssues` checks them). */
const BANK_ACCOUNTS = [
  { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
  { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  { iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP' },
  { iban: 'BE68539007547034', bic: 'GEBABEBB' },
] as const;

const bankAccountArb: fc.Arbitrary<JsonObject> = fc
  .record({
    account: fc.constantFrom(...BANK_ACCOUNTS),
    withBic: fc.boolean(),
    bankName: maybe(textArb(40)),
  })
  .map(({ account, withBic, bankName }) =>
    defined({ iban: account.iban, bic: withBic ? account.bic : undefined, bank_name: bankName }),
  );

/** An address of an inline contact or a third party. */
const addressArb = fc.record({
  address: maybe(textArb(60)),
  city: maybe(textArb(40)),
  postalcode: maybe(digitsArb(5)),
});

/**
 * The inline contact (spec §2.4 rule 3): a Spanish party with a NIF (scheme `9920`, sometimes none,
 * sometimes written with `ES`), a Polish one with a NIP (`9945`), or a Belgian one known by its
 * enterprise number (`cin_scheme` `0208`); name and country always (a new contact needs them).
 */
const inlineContactArb: fc.Arbitrary<JsonObject> = fc
  .record({
    party: fc.oneof(
      fc
        .tuple(validSpanishTinArb(), fc.constantFrom('9920', '9920', null), fc.boolean())
        .map(([nif, scheme, prefixed]) =>
          // No scheme: an identifier of unknown scheme (older versions write it `0001`, api-notes.md §3.2).
          defined({
            country: 'ES',
            tin_scheme: scheme ?? undefined,
            tin_value: prefixed ? `ES${nif.compact}` : nif.compact,
          }),
        ),
      validPolishNipArb().map(
        (nip): JsonObject => ({ country: 'PL', tin_scheme: '9945', tin_value: nip.compact }),
      ),
      digitsArb(9).map(
        (digits): JsonObject => ({ country: 'BE', cin_scheme: '0208', cin_value: `0${digits}` }),
      ),
    ),
    name: textArb(60),
    address: addressArb,
    email: maybe(fc.constantFrom('billing@example.com', 'facturas@cliente.es', 'faktury@klient.pl')),
  })
  .map(({ party, name, address, email }) => defined({ name, ...party, ...address, email }));

/** The third party of spec §2.5 and the flag it goes with (roles consistent with the flag, rule 4). */
const thirdPartyFieldsArb: fc.Arbitrary<JsonObject> = fc
  .record({
    flag: fc.constantFrom('none', 'jst', 'gv'),
    role: fc.constantFrom(...THIRD_PARTY_ROLES),
    nip: validPolishNipArb(),
    name: textArb(60),
    address: addressArb,
  })
  .map(({ flag, role, nip, name, address }) => {
    const contradicting =
      flag === 'jst' ? 'vat_group_member' : flag === 'gv' ? 'local_government_unit_recipient' : null;
    return defined({
      apply_to_local_government_unit: flag === 'jst' ? true : undefined,
      apply_to_vat_group_member: flag === 'gv' ? true : undefined,
      third_party: defined({
        role: role === contradicting ? 'delivery_recipient' : role,
        name,
        tin_scheme: '9945',
        tin_value: nip.compact,
        country: 'PL',
        ...address,
      }),
    });
  });

/**
 * `invoice_references` (spec §2.6): at most one `amend` (mostly with the fields every version can
 * write, sometimes with the newer `series_code`, `tax_registration_code`, `total_amount`,
 * `currency`) and 0–2 `prepayment` references.
 */
const referencesArb: fc.Arbitrary<JsonObject[]> = fc
  .tuple(
    maybe(
      fc.record({
        number: textArb(30),
        date: maybe(dateArb),
        reason: maybe(textArb(80)),
        correction_method: maybe(fc.constantFrom('1', '2', '3')),
        invoicing_period_start: maybe(dateArb),
        invoicing_period_end: maybe(dateArb),
        tax_correction_code: maybe(fc.constantFrom('01', '02', 'R1')),
        newer: seldom(
          fc.record({
            series_code: textArb(10),
            tax_registration_code: digitsArb(10),
            total_amount: decimalArb({ decimals: [2], maxIntegerDigits: 6 }),
            currency: fc.constantFrom('EUR', 'PLN'),
          }),
        ),
      }),
    ),
    seldom(
      fc.array(
        fc.record({
          number: textArb(30),
          date: maybe(dateArb),
          total_amount: maybe(decimalArb({ decimals: [2], maxIntegerDigits: 6 })),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    ),
  )
  .map(([amend, prepayments = []]) => [
    ...(amend === undefined
      ? []
      : [defined({ reference_type: 'amend', ...amend, newer: undefined, ...(amend.newer ?? {}) })]),
    ...prepayments.map((prepayment) => defined({ reference_type: 'prepayment', ...prepayment })),
  ]);

/**
 * A totals-engine line's flat discount and charge fields as `allowance_charges_attributes` entries
 * (`flatToAllowanceCharges`, docs/totals.md §2.4), or undefined for a line without them.
 */
function lineAllowanceCharges(line: TotalsLineInput): JsonObject[] | undefined {
  const [mapped] = flatToAllowanceCharges({ currency: 'EUR', lines: [line] }).lines;
  const entries = mapped?.allowance_charges;
  if (entries === null || entries === undefined || entries.length === 0) return undefined;
  return entries.map((entry) => defined({ ...entry }));
}

/** A totals-engine line as an `invoice_lines_attributes` element, with some descriptive fields. */
function requestLineArb(line: TotalsLineInput): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      description: maybe(textArb(80)),
      unit: maybe(fc.constantFrom('EA', 'HUR', 'KGM', 'szt.')),
      classification: maybe(
        fc.record({ code: digitsArb(8), scheme: maybe(fc.constantFrom('CPV', 'PKWiU', 'CN')) }),
      ),
    })
    .map(({ description, unit, classification }) =>
      defined({
        quantity: line.quantity,
        price: line.price,
        // The line's flat discount and charge as the list v2026-03-02 replaced them with (issue #19).
        allowance_charges_attributes: lineAllowanceCharges(line),
        description,
        unit,
        classification_code: classification?.code,
        classification_code_scheme: classification?.scheme,
        taxes_attributes: line.taxes.map((tax) =>
          defined({
            name: tax.name,
            percent: tax.percent,
            category: tax.category ?? undefined,
            kind: tax.kind ?? undefined,
          }),
        ),
      }),
    );
}

/**
 * The lines of an advance invoice with `total_amount_due` (spec §2.4, taxmath.md §3.9): VAT only
 * (the advance is split over VAT groups) and a gross that is not zero (whole positive quantities,
 * prices of at least 1, no discounts).
 */
const advanceLinesArb: fc.Arbitrary<TotalsLineInput[]> = linesArb({
  maxLength: 5,
  adjustments: false,
  taxOptions: { extraKinds: false },
  quantity: decimalArb({ decimals: [0], minIntegerDigits: 1, maxIntegerDigits: 3 }),
  price: decimalArb({ decimals: [0, 2], minIntegerDigits: 1, maxIntegerDigits: 5 }),
});

/** The document classes, issued invoices more often (spec §2.4 `type`). */
const typeArb: fc.Arbitrary<InvoiceType> = fc.oneof(
  { weight: 5, arbitrary: fc.constant('IssuedInvoice' as const) },
  { weight: 1, arbitrary: fc.constantFrom(...INVOICE_TYPES) },
);

/** `type_code` (spec §2.4, §2.9): none, UNCL1001 codes, or KSeF codes (newer versions only). */
const typeCodeArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 5, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.constantFrom('380', '381', '384', '389') },
  { weight: 2, arbitrary: fc.constantFrom('VAT', 'KOR', 'ZAL', 'ROZ', 'UPR', 'KOR_ZAL', 'KOR_ROZ') },
);

/**
 * Invoice requests in the newest (canonical) shape: the object inside `{"invoice": …}` of POST
 * /accounts/{account}/invoices as a client of the newest version writes it, which `parseInvoice`
 * accepts, the invoice rules pass (`invoiceIssues`) and the totals engine computes. Every document
 * class; a counterparty as an inline contact (Spanish NIF, Polish NIP, Belgian enterprise number) or
 * `contact_id`; 1–8 lines with discounts, charges, surcharges and withholdings, in currencies of
 * every exponent; UNCL1001 and KSeF type codes, advances with `total_amount_due`, prepaid amounts,
 * exchange rates, amend and prepayment references, third parties, bank accounts, and the optional
 * texts. Invoice numbers are random: create each invoice in a fresh account (or override `number`)
 * when a number taken would matter.
 *
 * @example
 * ```ts
 * // My invoice importer keeps every line and amount fiscalkit keeps:
 * fc.assert(fc.property(canonicalInvoiceRequestArb(), (request) => {
 *   const parsed = parseInvoice(request, 'create');
 *   expect(parsed.success).toBe(true);
 *   expect(myImporter.read(request).lines).toHaveLength(parsed.success ? parsed.data.invoice_lines_attributes.length : 0);
 * }));
 * ```
 */
export function canonicalInvoiceRequestArb(options: InvoiceRequestArbOptions = {}): fc.Arbitrary<JsonObject> {
  const currency =
    options.currency === undefined
      ? currencyArb
      : options.currency instanceof fc.Arbitrary
        ? options.currency
        : fc.constant(options.currency);
  const contactIds = options.contactIds ?? [];
  return fc
    .record({
      type: typeArb,
      type_code: typeCodeArb,
      currency,
      advance: fc.boolean(),
    })
    .chain(({ type, type_code, currency: code, advance }) => {
      const exponent = CURRENCIES[code] ?? currencyExponent(code);
      // An advance (ZAL, KOR_ZAL) may set its total (spec §2.4 `total_amount_due`); its lines are
      // then the order's, VAT only, with a gross to split the advance over (taxmath.md §3.9).
      const amountDue =
        advance && options.lines === undefined && (type_code === 'ZAL' || type_code === 'KOR_ZAL');
      const counterparty =
        contactIds.length > 0
          ? fc.oneof(
              inlineContactArb.map((contact) => ({ contact })),
              fc.constantFrom(...contactIds).map((contact_id) => ({ contact_id })),
            )
          : inlineContactArb.map((contact) => ({ contact }));
      return fc
        .record({
          number: fc
            .tuple(fc.constantFrom('F', 'FV', 'INV-', 'FA/'), digitsArb(6))
            .map(([prefix, digits]) => `${prefix}${digits}`),
          series_code: maybe(fc.constantFrom('A', 'B', '2026')),
          date: dateArb,
          due_date: maybe(dateArb),
          tax_point_date: maybe(dateArb),
          language: maybe(fc.constantFrom('es', 'en', 'pl', 'ca')),
          is_credit_note: maybe(fc.boolean()),
          counterparty: type === 'IssuedSimplifiedInvoice' ? maybe(counterparty) : counterparty,
          lines: (amountDue ? advanceLinesArb : (options.lines ?? linesArb({ maxLength: 8 }))).chain(
            (lines) => fc.tuple(...lines.map(requestLineArb)),
          ),
          references: maybe(referencesArb),
          exchange: maybe(
            fc.record({
              exchange_rate: decimalArb({ decimals: [0, 4, 6], maxIntegerDigits: 3, nonZero: true }),
              exchange_date: maybe(dateArb),
            }),
          ),
          order_date: maybe(dateArb),
          total_amount_due: amountDue
            ? decimalArb({ decimals: [...new Set([0, exponent])], maxIntegerDigits: 5, nonZero: true })
            : fc.constant(undefined),
          prepaid_amount: amountDue ? fc.constant(undefined) : maybe(prepaidArb(exponent)),
          bank_account: maybe(bankAccountArb),
          third: seldom(thirdPartyFieldsArb),
          texts: fc.record(
            {
              ponumber: textArb(30),
              payment_method: fc.constantFrom('transfer', 'card', 'cash'),
              buyer_reference: textArb(30),
              delivery_note_number: textArb(30),
              sales_order_reference: textArb(30),
              notes: textArb(200),
              buyer_accounting_reference: textArb(30),
              customer_contact_person: textArb(40),
              contract_number: textArb(30),
              accounting_unit: digitsArb(7).map((digits) => `L0${digits}`),
              managing_unit: digitsArb(7).map((digits) => `L0${digits}`),
              processing_unit: digitsArb(7).map((digits) => `L0${digits}`),
            },
            { requiredKeys: [] },
          ),
        })
        .map(
          ({ counterparty: party, lines, references, exchange, third, texts, ...fields }): JsonObject =>
            defined({
              type,
              type_code,
              number: fields.number,
              series_code: fields.series_code,
              date: fields.date,
              due_date: fields.due_date,
              tax_point_date: fields.tax_point_date,
              currency: code,
              language: fields.language,
              is_credit_note: fields.is_credit_note,
              ...(party ?? {}),
              invoice_lines_attributes: lines,
              invoice_references:
                references === undefined || references.length === 0 ? undefined : references,
              ...(exchange === undefined ? {} : defined(exchange)),
              order_date: fields.order_date,
              total_amount_due: fields.total_amount_due,
              prepaid_amount: fields.prepaid_amount,
              bank_account: fields.bank_account,
              ...(third ?? {}),
              ...texts,
            }),
        );
    });
}

/**
 * Whole invoices as a client of one API version sends them: the `{"invoice": {…}}` body of POST
 * /accounts/{account}/invoices, built in the canonical shape ({@link canonicalInvoiceRequestArb})
 * and rewritten for `version` by the versions machinery ({@link downgradeRequest}): legacy `client`
 * (with `taxcode` and `company_identifier`) and `type_document` before v2025-10-13, unpadded
 * schemes before v2026-03-02, the flat `amended_number`, `amend_reason`, … and
 * `clasification_code_scheme` before v2026-04-20. What an older version cannot say at all (a third
 * party, a KSeF type code, prepayment references) it leaves out, as its clients do.
 *
 * `normalizeRequest('invoice', body.invoice, { version, operation: 'create' })` reads every body
 * back into a request that `parseInvoice` accepts and the invoice service creates.
 *
 * @example
 * ```ts
 * // My service agrees with fiscalkit on every invoice a client of any version sends:
 * for (const version of API_VERSIONS)
 *   await fc.assert(fc.asyncProperty(invoiceRequestArb({ version }), async (body) => {
 *     const fiscalkit = createFiscalkit(memoryPorts());
 *     const account = await fiscalkit.accounts.create(caller, { name: 'ACME', country: 'ES' });
 *     const request = normalizeRequest('invoice', body.invoice, { version, operation: 'create' });
 *     const invoice = await fiscalkit.invoices.create({ ...caller, api_version: version }, account.id, request);
 *     const mine = await myService.post(`/accounts/${account.id}/invoices`, body, { version });
 *     expect(mine.invoice.total).toBe(invoice.total);
 *   }), { numRuns: 100 });
 * ```
 */
export function invoiceRequestArb(
  options: InvoiceRequestArbOptions = {},
): fc.Arbitrary<{ invoice: JsonObject }> {
  const version = options.version ?? LATEST_API_VERSION;
  return canonicalInvoiceRequestArb(options).map((request) => ({
    invoice: downgradeRequest('invoice', request, { version }).body,
  }));
}
