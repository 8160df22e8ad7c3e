/**
 * E-invoice cases of the golden vectors (issue #22, "Zero findings on the official rules … for
 * invoices generated … by the golden vectors"): each vector of `shared/vectors/taxmath-vectors.json`
 * (taxmath.md §5), in each computation mode and rounding method it states expectations for, becomes
 * an account, a contact and an invoice whose totals are the vector's — so the documents written from
 * them must both pass the official rules and print exactly the vector's amounts.
 *
 * This module reads no file: the host (or fiscalkit's test suite) parses the vector file and passes it.
 *
 * What is left out, with the reason given in {@link EInvoiceVectorCases.left_out}:
 * - advance invoices (`total_amount_due`, KSeF `ZAL`): their total is the advance's, not their lines'
 *   (taxmath.md §3.9), which no EN 16931 or Facturae document can state (BR-CO-15, BR-CO-16);
 * - currencies of three decimals (BHD, OMR): EN 16931 BR-DEC-* and Facturae's two-decimal amounts;
 * - EN 16931 families: surcharges and withholdings (EN 16931 has no such tax), and a mode whose group
 *   tax strays 1 or more from its rate times its base (BR-CO-17, BR-S-09: the per-line sums of V10 and
 *   V25, which the vectors record on purpose);
 * - Facturae: zero-decimal currencies, and a mode whose tax strays more than half a cent per line from
 *   its rate times its base (fiscalkit's `facturae.tax.amount`); `truncate` rounding, likewise; the
 *   `per_line_unrounded` mode (Facturae rounds each line amount on its own). A Facturae case in another
 *   currency than EUR gets an `exchange_rate` (Facturae states every tax in EUR too);
 * - rounding variants the account cannot select (`half_ceil`, XPath's `round()`).
 *
 * @module
 */
import * as fc from 'fast-check';
import { currencyExponent } from '../money/currencies.js';
import { Decimal } from '../money/decimal.js';
import type { AccountRoundingMethod } from '../money/roundingMethod.js';
import { modeFlags, TOTALS_MODES, type TotalsMode } from '../totals/mode.js';
import type { JsonObject } from '../versions/fieldPath.js';
import type { EInvoiceCase, EInvoiceFamily } from './einvoice.js';
import { bankAccountArb, leitwegIdArb } from './einvoiceIdentifiers.js';
import { type CountryProfile, type PartyIdentifiers, profileOf, SPAIN_PROFILE } from './einvoiceParties.js';

/** One tax of a vector line. */
export interface TaxmathVectorTax {
  readonly name: string;
  readonly percent: string;
  readonly category?: string | null;
  readonly kind?: string | null;
}

/** One line of a vector's input (taxmath.md §3.1; `discount_percent` is the older flat field). */
export interface TaxmathVectorLine {
  readonly quantity: string;
  readonly price: string;
  readonly discount_percent?: string | null;
  readonly taxes: readonly TaxmathVectorTax[];
}

/**
 * One group of a vector's expectation: its key `kind|category|name|percent` (taxmath.md §3.4), base and
 * tax; the vectors' own expectations repeat kind, name and percent, their rounding variants do not.
 */
export interface TaxmathVectorGroup {
  readonly key: string;
  readonly kind?: string;
  readonly name?: string;
  readonly percent?: string;
  readonly base: string;
  readonly tax: string;
}

/** A group's kind, name and percent, read from its key when the group does not repeat them. */
function groupParts(group: TaxmathVectorGroup): { kind: string; name: string; percent: string } {
  const [kind = '', , name = '', percent = '0'] = group.key.split('|');
  return { kind: group.kind ?? kind, name: group.name ?? name, percent: group.percent ?? percent };
}

/** The totals a vector expects (taxmath.md §3.6). */
export interface TaxmathVectorTotals {
  readonly net_total: string;
  readonly tax_outputs: string;
  readonly withheld: string;
  readonly tax_inclusive: string;
  readonly total: string;
  readonly payable_amount: string;
}

/** A vector's expectation in one mode. */
export interface TaxmathVectorExpectation {
  readonly groups: readonly TaxmathVectorGroup[];
  readonly totals: TaxmathVectorTotals;
}

/** One golden vector (`vectors[]` of taxmath-vectors.json). */
export interface TaxmathVector {
  readonly id: string;
  readonly title: string;
  readonly input: {
    readonly currency: string;
    readonly rounding_method?: string | null;
    readonly is_credit_note?: boolean | null;
    readonly type_code?: string | null;
    readonly total_amount_due?: string | null;
    readonly exchange_rate?: string | null;
    readonly local_currency?: string | null;
    readonly lines: readonly TaxmathVectorLine[];
  };
  readonly expected: Readonly<Record<TotalsMode, TaxmathVectorExpectation>>;
  readonly rounding_variants?: readonly {
    readonly rounding_method: string;
    readonly expected: Readonly<Record<TotalsMode, TaxmathVectorExpectation>>;
  }[];
}

/** The parsed vector file (only `vectors` is read). */
export interface TaxmathVectorFile {
  readonly vectors: readonly TaxmathVector[];
}

/** A case of one vector, mode and rounding method, with the totals its documents must print. */
export interface EInvoiceVectorCase extends EInvoiceCase {
  /** The vector's id (`V01`). */
  readonly vector: string;
  /** The account's computation mode. */
  readonly mode: TotalsMode;
  /** The account's rounding method. */
  readonly rounding_method: AccountRoundingMethod;
  /** The vector's totals in that mode and rounding method. */
  readonly expected: TaxmathVectorTotals;
}

/** What {@link einvoiceCasesFromVectors} gives. */
export interface EInvoiceVectorCases {
  readonly cases: readonly EInvoiceVectorCase[];
  /** The vectors (and modes) left out, each with the official rule or model limit that excludes it. */
  readonly left_out: readonly {
    readonly vector: string;
    readonly mode?: TotalsMode;
    readonly reason: string;
  }[];
}

/** Options of {@link einvoiceCasesFromVectors}. */
export interface EInvoiceVectorOptions {
  /** The document family the cases are for (default `en16931`). */
  readonly family?: EInvoiceFamily;
  /** Whether the vectors' rounding variants (`half_even` → `bankers`, `down` → `truncate`) give cases too. Default true. */
  readonly variants?: boolean;
}

/** EUR per unit of the vectors' other currencies, for a Spanish seller's Facturae. */
const EUR_RATES: Readonly<Record<string, string>> = { SAR: '0.2456', NOK: '0.0857', PLN: '0.2318' };

/** The account's name of an engine rounding method, or null when no account can select it. */
const ACCOUNT_ROUNDING: Readonly<Record<string, AccountRoundingMethod>> = {
  half_up: 'half_up',
  half_even: 'bankers',
  down: 'truncate',
};

/** XPath 2.0 `round(v × 100) div 100` (half towards positive infinity), as the schematron computes. */
function xpathRound2(value: Decimal): Decimal {
  return value.times(100).plus('0.5').floor().div(100);
}

/**
 * EN 16931 BR-CO-17 / BR-S-09 on one VAT group: the tax within (exclusive) 1 of round(base × rate / 100).
 */
function satisfiesBrCo17(group: TaxmathVectorGroup): boolean {
  const rate = new Decimal(groupParts(group).percent);
  const tax = new Decimal(group.tax).abs();
  if (rate.round().isZero()) return tax.round().isZero();
  const expected = xpathRound2(new Decimal(group.base).abs().times(rate).div(100));
  return tax.minus(1).lt(expected) && tax.plus(1).gt(expected);
}

/** The kind of a vector tax as the engine reads it (a negative percent without kind withholds). */
function kindOf(tax: TaxmathVectorTax): string {
  return tax.kind ?? (tax.percent.startsWith('-') ? 'withholding' : 'vat');
}

/**
 * fiscalkit's `facturae.tax.amount` on one group: the tax within half a cent per line that carries it
 * of base × rate / 100.
 */
function satisfiesFacturaeTax(group: TaxmathVectorGroup, lines: readonly TaxmathVectorLine[]): boolean {
  const parts = groupParts(group);
  const percent = new Decimal(parts.percent).abs();
  const carrying = lines.filter((line) =>
    line.taxes.some(
      (tax) =>
        kindOf(tax) === parts.kind && tax.name === parts.name && new Decimal(tax.percent).abs().eq(percent),
    ),
  ).length;
  const exact = new Decimal(group.base).times(percent).div(100).abs();
  return new Decimal(group.tax)
    .abs()
    .minus(exact)
    .abs()
    .lte(new Decimal('0.005').times(Math.max(1, carrying)));
}

/** The seller's country of a vector: from its currency and tax (the country whose VAT it is). */
function sellerCountry(vector: TaxmathVector): string {
  const { currency, local_currency: local } = vector.input;
  const tax = vector.input.lines[0]?.taxes[0];
  if (local === 'PLN' || currency === 'PLN') return 'PL';
  if (currency === 'NOK') return 'NO';
  if (currency === 'SAR') return 'SA';
  if (currency === 'JPY') return 'JP';
  if (tax?.name === 'TVA') return 'FR';
  if (tax?.name === 'USt') return 'DE';
  if (tax?.name === 'IVA' && tax.percent === '22') return 'IT';
  return 'ES';
}

/** One value of an arbitrary, drawn with a fixed seed (the same parties on every run). */
function drawn<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  const [value] = fc.sample(arbitrary, { seed, numRuns: 1 });
  if (value === undefined) throw new Error('fc.sample gave no value');
  return value;
}

/** A party's address fields: the profile's first place and street. */
function address(profile: CountryProfile): JsonObject {
  const place = profile.places[0] ?? { city: 'Madrid', postalcode: '28013', province: 'Madrid' };
  return {
    address: `${profile.streets[0] ?? 'Calle Mayor'} 1`,
    city: place.city,
    postalcode: place.postalcode,
    province: place.province,
    country: profile.country,
  };
}

/** The cases of one vector, mode and rounding method, or the reason it is left out. */
function vectorCase(
  vector: TaxmathVector,
  index: number,
  family: EInvoiceFamily,
  mode: TotalsMode,
  rounding: AccountRoundingMethod,
  expectation: TaxmathVectorExpectation,
): EInvoiceVectorCase | string {
  const facturae = family === 'facturae';
  const lines = vector.input.lines;
  const exponent = currencyExponent(vector.input.currency);
  if (facturae && exponent === 0)
    return 'Facturae amounts have two decimals; a zero-decimal tax is not within half a cent of its rate times its base (facturae.tax.amount)';
  if (facturae && rounding === 'truncate')
    return 'truncated taxes stray more than half a cent from their rate times their base (facturae.tax.amount)';
  if (facturae && mode === 'per_line_unrounded')
    return 'Facturae rounds each line amount on its own (facturae.line.gross-amount): the writer refuses unrounded lines (facturae.write.unrounded-lines)';
  const vatGroups = expectation.groups.filter((group) => groupParts(group).kind === 'vat');
  if (!facturae && !vatGroups.every(satisfiesBrCo17))
    return 'a group tax strays 1 or more from its rate times its base (EN 16931 BR-CO-17 / BR-S-09)';
  if (facturae && !expectation.groups.every((group) => satisfiesFacturaeTax(group, lines)))
    return 'a group tax strays more than half a cent per line from its rate times its base (facturae.tax.amount)';

  const seller = facturae ? SPAIN_PROFILE : (profileOf(sellerCountry(vector)) ?? SPAIN_PROFILE);
  const seed = 22_000 + index;
  const sellerIds: PartyIdentifiers = drawn(seller.identifiers, seed);
  const buyerIds: PartyIdentifiers = drawn(seller.identifiers, seed + 500);
  const bank = drawn(bankAccountArb(seller.country), seed);
  const creditNote = vector.input.is_credit_note === true;
  const xrechnung = family === 'xrechnung-3.0';
  const leitweg = drawn(leitwegIdArb, seed);
  const local = vector.input.local_currency ?? null;
  // A rate to the seller's own currency (V19: a Polish seller's EUR invoice, its VAT in PLN).
  // A rate to the seller's own currency: the vector's (V19: a Polish seller's EUR invoice, its VAT in
  // PLN), or, for a Spanish seller's Facturae in another currency, a plausible one (Facturae states every
  // tax in EUR too, RD 1496/2003 art. 10.1); either leaves the totals in the invoice currency as they are.
  const vectorRate =
    local !== null && local === seller.currency && local !== vector.input.currency
      ? (vector.input.exchange_rate ?? undefined)
      : undefined;
  const rate =
    vectorRate ??
    (facturae && vector.input.currency !== 'EUR' ? EUR_RATES[vector.input.currency] : undefined);
  const foreign = rate !== undefined;
  const modeLetter = { accumulated: 'A', per_line: 'B', per_line_unrounded: 'C' }[mode];
  const features = ['vector', `mode:${mode}`, `rounding:${rounding}`];
  if (creditNote) features.push('credit-note');
  if (lines.some((line) => line.quantity.startsWith('-'))) features.push('negative-lines');
  if (foreign) features.push('foreign-currency');
  const publicGerman = xrechnung && seller.country === 'DE';

  const account: JsonObject = {
    name: seller.companies[0] ?? 'Vendedor SL',
    ...address(seller),
    ...(sellerIds.vat.scheme === null ? {} : { tin_scheme: sellerIds.vat.scheme }),
    tin_value: sellerIds.vat.value,
    cin_scheme: sellerIds.legal.scheme,
    cin_value: sellerIds.legal.value,
    currency: seller.currency,
    email: `billing@vector-${vector.id.toLowerCase()}.${seller.tld}`,
    phone: `${seller.phone} 600 000 ${String(index).padStart(3, '0')}`,
    rounding_method: rounding,
    ...modeFlags(mode),
  };
  const participant = sellerIds.participants[0] ?? sellerIds.legal;
  const contact: JsonObject = {
    name: seller.companies[1] ?? 'Cliente SA',
    ...address(seller),
    ...(buyerIds.vat.scheme === null ? {} : { tin_scheme: buyerIds.vat.scheme }),
    tin_value: buyerIds.vat.value,
    cin_scheme: publicGerman ? '0204' : buyerIds.legal.scheme,
    cin_value: publicGerman ? leitweg : buyerIds.legal.value,
    is_client: true,
  };
  const invoice: JsonObject = {
    number: `${vector.id}-${modeLetter}${rounding === 'half_up' ? '' : rounding === 'bankers' ? 'E' : 'D'}`,
    date: '2026-03-16',
    due_date: '2026-04-15',
    currency: vector.input.currency,
    ...(foreign ? { exchange_rate: rate } : {}),
    ...(creditNote ? { is_credit_note: true } : {}),
    invoice_lines_attributes: lines.map((line, position) => ({
      quantity: line.quantity,
      price: line.price,
      description: `${vector.title.slice(0, 60)}, line ${position + 1}`,
      ...(line.discount_percent == null
        ? {}
        : {
            // The older flat field as the list that replaced it (v2026-03-02), with its reason (BR-42).
            allowance_charges_attributes: [
              {
                allowance_charge_indicator: 'allowance',
                percentage: line.discount_percent,
                reason: 'Discount',
                reason_code: '95',
              },
            ],
          }),
      taxes_attributes: line.taxes.map((tax) => ({
        name: tax.name,
        percent: tax.percent,
        ...(tax.category == null ? {} : { category: tax.category }),
        ...(tax.kind == null ? {} : { kind: tax.kind }),
      })),
    })),
    ...(creditNote
      ? {
          invoice_references: [
            {
              reference_type: 'amend',
              number: `${vector.id}-ORIG`,
              date: '2026-02-16',
              reason: 'Credit of the original invoice',
              ...(facturae
                ? {
                    tax_correction_code: '01',
                    correction_method: '01',
                    invoicing_period_start: '2026-02-01',
                    invoicing_period_end: '2026-02-28',
                  }
                : {}),
            },
          ],
        }
      : {}),
    payment_method: 'transfer',
    bank_account: { iban: bank.iban, bic: bank.bic },
    ...(facturae ? {} : { buyer_reference: publicGerman ? leitweg : `REF-${vector.id}` }),
  };
  return {
    family,
    account,
    ...(facturae
      ? {}
      : {
          seller_transport: {
            transport_type_code: 'peppol',
            pin_scheme: participant.scheme,
            pin_value: participant.value,
          },
        }),
    contact,
    invoice,
    features,
    vector: vector.id,
    mode,
    rounding_method: rounding,
    expected: expectation.totals,
  };
}

/**
 * The e-invoice cases of the golden vectors for one family: for every vector the family can state,
 * one case per computation mode and (with `variants`) per rounding variant an account can select, each
 * with the vector's expected totals; and the vectors and modes left out, each with its reason (see the
 * module comment). EN 16931 families take the VAT-only vectors; Facturae takes the surcharge and
 * withholding vectors too. The parties (seller of the vector's currency and VAT, a buyer of its country,
 * Peppol participants, IBAN) are drawn with fixed seeds, so the cases are the same on every run.
 *
 * @example
 * ```ts
 * const file = JSON.parse(readFileSync('shared/vectors/taxmath-vectors.json', 'utf8'));
 * const { cases, left_out } = einvoiceCasesFromVectors(file, { family: 'peppol-bis3' });
 * for (const value of cases) {
 *   const source = await storeCase(createFiscalkit(memoryPorts()), value);
 *   expect(source.invoice.total).toBe(value.expected.total);
 * }
 * left_out.find((entry) => entry.vector === 'V11')?.reason; // 'currencies of three decimals …'
 * ```
 */
export function einvoiceCasesFromVectors(
  file: TaxmathVectorFile,
  options: EInvoiceVectorOptions = {},
): EInvoiceVectorCases {
  const family = options.family ?? 'en16931';
  const variants = options.variants ?? true;
  const cases: EInvoiceVectorCase[] = [];
  const left_out: { vector: string; mode?: TotalsMode; reason: string }[] = [];
  file.vectors.forEach((vector, index) => {
    const input = vector.input;
    if (input.total_amount_due != null) {
      left_out.push({
        vector: vector.id,
        reason:
          'an advance invoice (total_amount_due) totals the advance, not its lines (taxmath.md §3.9): no EN 16931 or Facturae document states it (BR-CO-15, BR-CO-16)',
      });
      return;
    }
    if (currencyExponent(input.currency) > 2) {
      left_out.push({
        vector: vector.id,
        reason: 'currencies of three decimals: EN 16931 BR-DEC-* and Facturae allow two decimals in amounts',
      });
      return;
    }
    const kinds = new Set(input.lines.flatMap((line) => line.taxes.map(kindOf)));
    if (family !== 'facturae' && [...kinds].some((kind) => kind !== 'vat')) {
      left_out.push({
        vector: vector.id,
        reason: 'surcharges and withholdings: EN 16931 has VAT only (BT-110, BR-CO-15)',
      });
      return;
    }
    const roundings: {
      rounding: string;
      expected: Readonly<Record<TotalsMode, TaxmathVectorExpectation>>;
    }[] = [
      { rounding: input.rounding_method ?? 'half_up', expected: vector.expected },
      ...(variants
        ? (vector.rounding_variants ?? []).map((variant) => ({
            rounding: variant.rounding_method,
            expected: variant.expected,
          }))
        : []),
    ];
    for (const { rounding, expected } of roundings) {
      const account = ACCOUNT_ROUNDING[rounding];
      if (account === undefined) {
        left_out.push({
          vector: vector.id,
          reason: `rounding method ${rounding}: no account rounding_method selects it (api-notes.md §10)`,
        });
        continue;
      }
      for (const mode of TOTALS_MODES) {
        const expectation = expected[mode];
        if (expectation === undefined) continue;
        const made = vectorCase(vector, index, family, mode, account, expectation);
        if (typeof made === 'string') left_out.push({ vector: vector.id, mode, reason: made });
        else cases.push(made);
      }
    }
  });
  return { cases, left_out };
}
