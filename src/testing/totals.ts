/**
 * fast-check arbitraries of `computeTotals` inputs (taxmath.md §5, "Generators"): every currency
 * exponent (0, 2, 3), the three computation modes and the rounding methods, discounts, charges,
 * surcharges (recargo), withholdings (IRPF) and rounding ties.
 *
 * The arbitraries only produce inputs that `computeTotals` accepts; robustness tests start from them
 * and break one field on purpose. Every decimal is built from a bigint count of units
 * ({@link decimalArb}), never from a JS float.
 */
import * as fc from 'fast-check';
import { ALLOWANCE_CHARGE_INDICATORS } from '../codelists/allowanceCharges.js';
import { currencyExponent } from '../money/currencies.js';
import { ROUNDING_METHODS, type RoundingMethod } from '../money/roundingMethod.js';
import type { FlatTotalsInput, FlatTotalsLineInput } from '../totals/flatFields.js';
import type {
  TotalsAllowanceChargeInput,
  TotalsInput,
  TotalsLineAllowanceChargeInput,
  TotalsLineInput,
  TotalsTaxInput,
} from '../totals/input.js';
import { modeFlags, TOTALS_MODES, type TotalsMode } from '../totals/mode.js';
import { decimalArb, unitsToDecimal } from './decimal.js';

/**
 * A line quantity (taxmath.md §3.1, KSeF `TIlosci`): 0, 3 or 6 decimals, negative or positive,
 * at most `maxIntegerDigits` integer digits (default 4; the engine allows 16).
 *
 * @example
 * ```ts
 * // A host's quantity parser keeps every digit the engine reads:
 * fc.assert(fc.property(quantityArb(), (quantity) => {
 *   expect(myParseQuantity(quantity).toFixed(6)).toBe(new Decimal(quantity).toFixed(6));
 * }));
 * ```
 */
export function quantityArb(
  options: { maxIntegerDigits?: number; signed?: boolean } = {},
): fc.Arbitrary<string> {
  return decimalArb({
    decimals: [0, 3, 6],
    maxIntegerDigits: options.maxIntegerDigits ?? 4,
    signed: options.signed ?? true,
  });
}

/**
 * A unit price: 2, 4 or 8 decimals (or the given ones), never negative, at most `maxIntegerDigits`
 * integer digits (default 6; the engine allows 16).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(priceArb({ decimals: [2] }), (price) => /^\d+\.\d{2}$/.test(price)));
 * ```
 */
export function priceArb(
  options: { maxIntegerDigits?: number; decimals?: readonly number[] } = {},
): fc.Arbitrary<string> {
  return decimalArb({
    decimals: options.decimals ?? [2, 4, 8],
    maxIntegerDigits: options.maxIntegerDigits ?? 6,
  });
}

/**
 * The VAT rates generated, in percent (taxmath.md §5): the Spanish, Polish and other EU rates,
 * zero included.
 *
 * @example
 * ```ts
 * VAT_RATES.includes('21'); // true
 * ```
 */
export const VAT_RATES: readonly string[] = [
  '0',
  '4',
  '5',
  '5.5',
  '7',
  '8',
  '10',
  '12',
  '15',
  '19',
  '21',
  '22',
  '23',
  '25',
  '27',
];

/**
 * The Spanish recargo de equivalencia (surcharge) rates generated, in percent (taxmath.md §1).
 *
 * @example
 * ```ts
 * SURCHARGE_RATES.includes('5.2'); // true
 * ```
 */
export const SURCHARGE_RATES: readonly string[] = ['0.5', '1.4', '1.75', '5.2'];

/**
 * The Spanish IRPF (withholding) rates generated, in percent, written positive (taxmath.md §1).
 *
 * @example
 * ```ts
 * WITHHOLDING_RATES.includes('15'); // true
 * ```
 */
export const WITHHOLDING_RATES: readonly string[] = ['1', '7', '15', '19'];

/**
 * A percent written as it is, or with trailing zeros (`'21'`, `'21.00'`, `'5.50'`): the group key
 * must normalize them to one group (taxmath.md §3.4).
 *
 * @example
 * ```ts
 * // '21' and '21.00' are one tax group in every engine that agrees with fiscalkit:
 * fc.assert(fc.property(percentSpellingArb('21'), (percent) => myGroupKey('VAT', percent) === myGroupKey('VAT', '21')));
 * ```
 */
export function percentSpellingArb(percent: string): fc.Arbitrary<string> {
  const dotted = percent.includes('.') ? percent : `${percent}.`;
  return fc.constantFrom(percent, percent, `${dotted}0`, `${dotted}00`);
}

/**
 * A `vat` tax: a rate from {@link VAT_RATES}, name `IVA` or `VAT`, category `S` or none; `kind` is
 * sometimes left out (it defaults to `vat` for a non-negative percent).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(vatTaxArb, (tax) => tax.kind === undefined || tax.kind === 'vat'));
 * ```
 */
export const vatTaxArb: fc.Arbitrary<TotalsTaxInput> = fc
  .record({
    percent: fc.constantFrom(...VAT_RATES).chain(percentSpellingArb),
    name: fc.constantFrom('IVA', 'VAT'),
    category: fc.constantFrom('S', undefined),
    explicitKind: fc.boolean(),
  })
  .map(({ percent, name, category, explicitKind }) => {
    const tax: TotalsTaxInput = { name, percent };
    if (explicitKind) tax.kind = 'vat';
    if (category !== undefined) tax.category = category;
    return tax;
  });

/**
 * A `surcharge` tax (recargo de equivalencia, name `RE`), a rate from {@link SURCHARGE_RATES}.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(surchargeTaxArb, (tax) => tax.kind === 'surcharge'));
 * ```
 */
export const surchargeTaxArb: fc.Arbitrary<TotalsTaxInput> = fc
  .constantFrom(...SURCHARGE_RATES)
  .chain(percentSpellingArb)
  .map((percent) => ({ name: 'RE', percent, kind: 'surcharge' as const }));

/**
 * A `withholding` tax (IRPF), a rate from {@link WITHHOLDING_RATES}, in the three spellings the API
 * accepts: positive with `kind: 'withholding'`, negative with that kind, or negative without a kind
 * (mapped to `withholding`, taxmath.md §1).
 *
 * @example
 * ```ts
 * // Whatever the spelling, a host reads it as a withholding that reduces the payable amount:
 * fc.assert(fc.property(withholdingTaxArb, (tax) => myTaxKind(tax) === 'withholding'));
 * ```
 */
export const withholdingTaxArb: fc.Arbitrary<TotalsTaxInput> = fc
  .record({ percent: fc.constantFrom(...WITHHOLDING_RATES), spelling: fc.constantFrom(0, 1, 2) })
  .map(({ percent, spelling }): TotalsTaxInput => {
    if (spelling === 0) return { name: 'IRPF', percent, kind: 'withholding' };
    if (spelling === 1) return { name: 'IRPF', percent: `-${percent}`, kind: 'withholding' };
    return { name: 'IRPF', percent: `-${percent}` };
  });

/** Options of {@link taxesArb}. */
export interface TaxesArbOptions {
  /** Whether a surcharge and a withholding may be added to the VAT. Default true. */
  extraKinds?: boolean;
}

/**
 * The taxes of one line: exactly one VAT, at most one surcharge, at most one withholding.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(taxesArb(), (taxes) => taxes.filter((tax) => (tax.kind ?? 'vat') === 'vat').length === 1));
 * ```
 */
export function taxesArb(options: TaxesArbOptions = {}): fc.Arbitrary<TotalsTaxInput[]> {
  const extra = options.extraKinds ?? true;
  return fc
    .tuple(
      vatTaxArb,
      extra ? fc.option(surchargeTaxArb, { nil: undefined, freq: 2 }) : fc.constant(undefined),
      extra ? fc.option(withholdingTaxArb, { nil: undefined, freq: 2 }) : fc.constant(undefined),
    )
    .map(([vat, surcharge, withholding]) => {
      const taxes = [vat];
      if (surcharge !== undefined) taxes.push(surcharge);
      if (withholding !== undefined) taxes.push(withholding);
      return taxes;
    });
}

/**
 * A line discount percent: 0–100 with up to 4 decimals.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(discountPercentArb, (percent) => Number(percent) >= 0 && Number(percent) <= 100));
 * ```
 */
export const discountPercentArb: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 4 })
  .chain((places) =>
    fc.bigInt({ min: 0n, max: 100n * 10n ** BigInt(places) }).map((units) => unitsToDecimal(units, places)),
  );

/**
 * A fixed line discount: a non-negative magnitude with 0, 2, 4 or 8 decimals.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(discountAmountArb, (amount) => !amount.startsWith('-')));
 * ```
 */
export const discountAmountArb: fc.Arbitrary<string> = decimalArb({
  decimals: [0, 2, 4, 8],
  maxIntegerDigits: 4,
});

/**
 * A line charge: signed, 0, 2, 4 or 8 decimals.
 *
 * @example
 * ```ts
 * fc.sample(chargeAmountArb, 3); // e.g. ['12.5000', '-0.07', '3']
 * ```
 */
export const chargeAmountArb: fc.Arbitrary<string> = decimalArb({
  decimals: [0, 2, 4, 8],
  maxIntegerDigits: 4,
  signed: true,
});

/** Options of {@link lineArb}. */
export interface LineArbOptions {
  /** The taxes of the line; default {@link taxesArb}. */
  taxes?: fc.Arbitrary<TotalsTaxInput[]>;
  /** The quantity; default {@link quantityArb}. */
  quantity?: fc.Arbitrary<string>;
  /** The unit price; default {@link priceArb}. */
  price?: fc.Arbitrary<string>;
  /** Whether discounts (percent or amount) and charges may be added. Default true. */
  adjustments?: boolean;
  /** Whether only a discount percent (no fixed discount, no charge) may be added. Default false. */
  percentDiscountOnly?: boolean;
}

/**
 * One invoice line: quantity ({@link quantityArb}), price ({@link priceArb}), taxes, and optionally
 * a discount percent or (exclusively) a fixed discount amount, and a charge.
 *
 * @example
 * ```ts
 * // A host's line net agrees with fiscalkit's on one-line invoices:
 * fc.assert(fc.property(lineArb(), (line) => {
 *   const { totals } = computeTotals({ currency: 'EUR', lines: [line] });
 *   expect(myLineNet(line)).toBe(totals.net_total);
 * }));
 * ```
 */
export function lineArb(options: LineArbOptions = {}): fc.Arbitrary<TotalsLineInput> {
  const adjustments = options.adjustments ?? true;
  const percentOnly = options.percentDiscountOnly ?? false;
  return fc
    .record({
      quantity: options.quantity ?? quantityArb(),
      price: options.price ?? priceArb(),
      taxes: options.taxes ?? taxesArb(),
      discount: adjustments
        ? fc.oneof(
            { weight: 5, arbitrary: fc.constant(undefined) },
            { weight: 3, arbitrary: discountPercentArb.map((value) => ({ percent: value })) },
            {
              weight: percentOnly ? 0 : 2,
              arbitrary: discountAmountArb.map((value) => ({ amount: value })),
            },
          )
        : fc.constant(undefined),
      charge:
        adjustments && !percentOnly
          ? fc.option(chargeAmountArb, { nil: undefined, freq: 4 })
          : fc.constant(undefined),
    })
    .map(({ quantity, price, taxes, discount, charge }) => {
      const line: TotalsLineInput = { quantity, price, taxes };
      if (discount !== undefined && 'percent' in discount) line.discount_percent = discount.percent;
      if (discount !== undefined && 'amount' in discount) line.discount_amount = discount.amount;
      if (charge !== undefined) line.charge_amount = charge;
      return line;
    });
}

/** Options of {@link linesArb}: those of {@link lineArb}, the number of lines and the tax options. */
export interface LinesArbOptions extends LineArbOptions {
  /** The fewest lines. Default 1. */
  minLength?: number;
  /** The most lines. Default 25. */
  maxLength?: number;
  /** Options of the tax palette (when `taxes` is not given). */
  taxOptions?: TaxesArbOptions;
}

/**
 * Lines that share their taxes the way invoices do: a palette of one to three tax sets is drawn
 * per invoice and every line takes one of them, so tax groups usually hold several lines.
 *
 * @example
 * ```ts
 * // The sum of a host's group bases is the invoice net, on invoices of 1–25 lines:
 * fc.assert(fc.property(linesArb(), (lines) => {
 *   const { groups, totals } = computeTotals({ currency: 'EUR', lines });
 *   expect(sumOf(groups.filter(isVat).map((group) => group.base))).toBe(totals.net_total);
 * }));
 * ```
 */
export function linesArb(options: LinesArbOptions = {}): fc.Arbitrary<TotalsLineInput[]> {
  const { minLength = 1, maxLength = 25, taxOptions, ...lineOptions } = options;
  const palette = fc.array(options.taxes ?? taxesArb(taxOptions), { minLength: 1, maxLength: 3 });
  return palette.chain((sets) =>
    // size 'max': lengths spread over the whole range (the default size stops near 10).
    fc.array(lineArb({ ...lineOptions, taxes: fc.constantFrom(...sets) }), {
      minLength,
      maxLength,
      size: 'max',
    }),
  );
}

/**
 * Lines where rounding ties are frequent: whole quantities up to 99 and cent prices up to 99.99,
 * with the usual taxes and adjustments. Mix them into tests of the rounding methods; for inputs
 * with a tie guaranteed, see {@link tieTotalsInputArb}.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(totalsInputArb({ lines: tieRichLinesArb() }), (input) => {
 *   expect(myTotals(input)).toEqual(computeTotals(input).totals);
 * }));
 * ```
 */
export function tieRichLinesArb(
  options: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<TotalsLineInput[]> {
  return linesArb({
    ...options,
    quantity: decimalArb({ decimals: [0], maxIntegerDigits: 2, signed: true }),
    price: decimalArb({ decimals: [2], maxIntegerDigits: 2 }),
  });
}

/**
 * The invoice currencies generated, with their ISO 4217 exponent (taxmath.md §3.2): `JPY` (0),
 * `EUR` and `PLN` (2), `BHD` and `KWD` (3).
 *
 * @example
 * ```ts
 * CURRENCIES.KWD; // 3
 * ```
 */
export const CURRENCIES: Readonly<Record<string, number>> = { JPY: 0, EUR: 2, PLN: 2, BHD: 3, KWD: 3 };

/**
 * An invoice currency of each exponent class: `JPY` (0), `EUR` / `PLN` (2), `BHD` / `KWD` (3).
 *
 * @example
 * ```ts
 * // A host rounds every amount to the currency's minor unit:
 * fc.assert(fc.property(totalsInputArb({ currency: currencyArb }), (input) => {
 *   expect(decimalsOf(myTotals(input).total)).toBe(CURRENCIES[input.currency]);
 * }));
 * ```
 */
export const currencyArb: fc.Arbitrary<string> = fc.constantFrom(...Object.keys(CURRENCIES));

/**
 * The symmetric rounding methods (`half_up`, `half_even`, `down`): the engine's names of the three
 * values of the account field `rounding_method` (`half_up`, `bankers`, `truncate`). `half_ceil`
 * (XPath `round()`, for emulating validators) is left out: it is not symmetric, so a credit note
 * stops mirroring its invoice.
 *
 * @example
 * ```ts
 * SYMMETRIC_METHODS.includes('half_ceil'); // false
 * ```
 */
export const SYMMETRIC_METHODS: readonly RoundingMethod[] = ['half_up', 'half_even', 'down'];

/**
 * A symmetric rounding method: `half_up`, `half_even` or `down` (see {@link SYMMETRIC_METHODS}).
 *
 * @example
 * ```ts
 * // Negating every quantity negates every total, for the symmetric methods:
 * fc.assert(fc.property(totalsInputArb({ method: roundingMethodArb }), (input) => {
 *   expect(computeTotals(negated(input)).totals.total).toBe(negate(computeTotals(input).totals.total));
 * }));
 * ```
 */
export const roundingMethodArb: fc.Arbitrary<RoundingMethod> = fc.constantFrom(...SYMMETRIC_METHODS);

/**
 * Every rounding method the engine has, `half_ceil` included (taxmath.md §3.2).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(totalsInputArb({ method: anyRoundingMethodArb }), (input) => {
 *   expect(myTotals(input)).toEqual(computeTotals(input).totals);
 * }));
 * ```
 */
export const anyRoundingMethodArb: fc.Arbitrary<RoundingMethod> = fc.constantFrom(...ROUNDING_METHODS);

/**
 * One of the three computation modes (taxmath.md §3.5): `accumulated`, `per_line`,
 * `per_line_unrounded`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(modeArb, (mode) => totalsMode(modeFlags(mode)) === mode));
 * ```
 */
export const modeArb: fc.Arbitrary<TotalsMode> = fc.constantFrom(...TOTALS_MODES);

/** Options of {@link totalsInputArb}; a fixed value replaces the corresponding arbitrary. */
export interface TotalsInputArbOptions {
  /** The computation mode; default {@link modeArb}. */
  mode?: TotalsMode | fc.Arbitrary<TotalsMode>;
  /** The rounding method; default {@link roundingMethodArb} (symmetric methods only). */
  method?: RoundingMethod | fc.Arbitrary<RoundingMethod>;
  /** The invoice currency; default {@link currencyArb}. */
  currency?: string | fc.Arbitrary<string>;
  /** The lines; default {@link linesArb} with 1–25 lines. */
  lines?: fc.Arbitrary<TotalsLineInput[]>;
}

function arbitraryOf<T>(value: T | fc.Arbitrary<T> | undefined, fallback: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return value === undefined ? fallback : value instanceof fc.Arbitrary ? value : fc.constant(value);
}

/**
 * A complete valid `TotalsInput`: currency, rounding method, the account flags of a mode (from
 * `modeFlags`) and 1–25 lines. No prepaid amount, override or exchange rate: add them with
 * {@link prepaidArb}, {@link exchangeArb} or by hand.
 *
 * @example
 * ```ts
 * // My engine agrees with fiscalkit's computeTotals on every generated invoice:
 * fc.assert(fc.property(totalsInputArb(), (input) => {
 *   expect(myEngine.totals(input)).toEqual(computeTotals(input).totals);
 * }), { numRuns: 200 });
 * ```
 */
export function totalsInputArb(options: TotalsInputArbOptions = {}): fc.Arbitrary<TotalsInput> {
  return fc
    .record({
      mode: arbitraryOf(options.mode, modeArb),
      method: arbitraryOf(options.method, roundingMethodArb),
      currency: arbitraryOf(options.currency, currencyArb),
      lines: options.lines ?? linesArb(),
    })
    .map(({ mode, method, currency, lines }) => ({
      currency,
      rounding_method: method,
      ...modeFlags(mode),
      lines,
    }));
}

/**
 * A prepaid amount for a currency with `exponent` decimals: at most that many decimals (the engine
 * rejects more), non-negative.
 *
 * @example
 * ```ts
 * // payable_amount = total − prepaid_amount, in every engine:
 * fc.assert(fc.property(totalsInputArb({ currency: 'EUR' }), prepaidArb(2), (input, prepaid) => {
 *   const { totals } = computeTotals({ ...input, prepaid_amount: prepaid });
 *   expect(myPayable(totals.total, prepaid)).toBe(totals.payable_amount);
 * }));
 * ```
 */
export function prepaidArb(exponent: number): fc.Arbitrary<string> {
  return decimalArb({ decimals: [...new Set([0, exponent])], maxIntegerDigits: 6 });
}

/**
 * An exchange rate (local units per invoice unit, > 0, up to 8 decimals) with a local currency
 * from {@link CURRENCIES}, different from `invoiceCurrency` (the engine requires rate 1 for equal
 * currencies).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(totalsInputArb({ currency: 'EUR' }), exchangeArb('EUR'), (input, exchange) => {
 *   const { local } = computeTotals({ ...input, ...exchange });
 *   expect(myConversion(input, exchange)).toEqual(local);
 * }));
 * ```
 */
export function exchangeArb(
  invoiceCurrency: string,
): fc.Arbitrary<{ exchange_rate: string; local_currency: string }> {
  return fc.record({
    exchange_rate: decimalArb({ decimals: [0, 4, 6, 8], maxIntegerDigits: 3, nonZero: true }),
    local_currency: fc.constantFrom(...Object.keys(CURRENCIES).filter((code) => code !== invoiceCurrency)),
  });
}

/**
 * Lines of exactness-at-scale tests (taxmath.md §5 item 12): quantities with 10–16 and prices with
 * 12–16 integer digits, prices with 8 decimals, so products have 30+ significant digits (a decimal
 * library left at 20 digits of precision would truncate them).
 *
 * @example
 * ```ts
 * // A host's decimal library does not lose digits on large invoices:
 * fc.assert(fc.property(totalsInputArb({ lines: largeLinesArb() }), (input) => {
 *   expect(myEngine.totals(input).total).toBe(computeTotals(input).totals.total);
 * }));
 * ```
 */
export function largeLinesArb(options: { maxLength?: number } = {}): fc.Arbitrary<TotalsLineInput[]> {
  return linesArb({
    quantity: decimalArb({ decimals: [0, 3, 6], minIntegerDigits: 10, maxIntegerDigits: 16, signed: true }),
    price: decimalArb({ decimals: [8], minIntegerDigits: 12, maxIntegerDigits: 16 }),
    maxLength: options.maxLength ?? 6,
  });
}

/**
 * A rounding-tie line (taxmath.md §5): net = k × 0.05 at 10 %, so the exact line tax k × 0.005 is a
 * tie at 2 decimals whenever k is odd. Use with an exponent-2 currency; {@link tieTotalsInputArb}
 * covers every exponent.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(fc.array(tieLineArb, { minLength: 1 }), (lines) => {
 *   const input = { currency: 'EUR', rounding_method: 'half_even' as const, lines };
 *   expect(myTotals(input).tax_outputs).toBe(computeTotals(input).totals.tax_outputs);
 * }));
 * ```
 */
export const tieLineArb: fc.Arbitrary<TotalsLineInput> = fc.integer({ min: -999, max: 999 }).map((k) => ({
  quantity: String(k),
  price: '0.05',
  taxes: [{ name: 'VAT', category: 'S', percent: '10', kind: 'vat' }],
}));

/** Options of {@link tieTotalsInputArb}; a fixed value replaces the corresponding arbitrary. */
export interface TieTotalsInputArbOptions {
  /** The computation mode; default {@link modeArb}. */
  mode?: TotalsMode | fc.Arbitrary<TotalsMode>;
  /** The rounding method; default {@link anyRoundingMethodArb}. */
  method?: RoundingMethod | fc.Arbitrary<RoundingMethod>;
  /** The invoice currency (any ISO 4217 code); default {@link currencyArb}. */
  currency?: string | fc.Arbitrary<string>;
}

/**
 * Inputs with a rounding tie in every mode, for every currency exponent: 1, 3 or 5 lines, each an
 * odd whole quantity k (negative too) at the price 5 × 10^-e (`5` in JPY, `0.05` in EUR, `0.005`
 * in BHD) and 10 % VAT. Each line's exact tax k × 0.5 × 10^-e is half a minor unit away from its
 * two neighbours, and so is the group's (an odd number of odd quantities has an odd sum): whichever
 * mode rounds, it meets a tie, where `half_up`, `half_even`, `down` and `half_ceil` all differ.
 *
 * @example
 * ```ts
 * // My engine rounds ties the way the account says, in every mode and currency:
 * fc.assert(fc.property(tieTotalsInputArb(), (input) => {
 *   expect(myEngine.totals(input).tax_outputs).toBe(computeTotals(input).totals.tax_outputs);
 * }));
 * ```
 */
export function tieTotalsInputArb(options: TieTotalsInputArbOptions = {}): fc.Arbitrary<TotalsInput> {
  return fc
    .record({
      mode: arbitraryOf(options.mode, modeArb),
      method: arbitraryOf(options.method, anyRoundingMethodArb),
      currency: arbitraryOf(options.currency, currencyArb),
      count: fc.constantFrom(1, 3, 5),
    })
    .chain(({ mode, method, currency, count }) => {
      const price = unitsToDecimal(5n, currencyExponent(currency));
      const oddQuantity = fc
        .tuple(fc.integer({ min: 0, max: 499 }), fc.boolean())
        // money-safe: builds an odd whole quantity 2h + 1 (a count of units, not an amount)
        .map(([half, negative]) => (negative ? -(2 * half + 1) : 2 * half + 1));
      return fc.array(oddQuantity, { minLength: count, maxLength: count }).map(
        (quantities): TotalsInput => ({
          currency,
          rounding_method: method,
          ...modeFlags(mode),
          lines: quantities.map((k) => ({
            quantity: String(k),
            price,
            taxes: [{ name: 'VAT', category: 'S', percent: '10', kind: 'vat' }],
          })),
        }),
      );
    });
}

/**
 * Many identical lines (taxmath.md §5, large-N generator for the per-line bounds): one line drawn
 * from {@link lineArb} without adjustments, repeated `minLength`–`maxLength` times.
 *
 * @example
 * ```ts
 * // Per-line rounding drifts from the accumulated total by at most half a unit per line:
 * fc.assert(fc.property(totalsInputArb({ lines: identicalLinesArb({ minLength: 435, maxLength: 435 }) }), check));
 * ```
 */
export function identicalLinesArb(
  options: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<TotalsLineInput[]> {
  const { minLength = 50, maxLength = 450 } = options;
  return fc
    .tuple(lineArb({ adjustments: false }), fc.integer({ min: minLength, max: maxLength }))
    .map(([line, count]) => Array.from({ length: count }, () => line));
}

// ---------------------------------------------------------------------------------------------
// Allowances, charges, base quantities and payable amounts (docs/totals.md)
// ---------------------------------------------------------------------------------------------

/**
 * A base quantity (EN 16931 BT-149, the service's `base_quantity`): the usual ones (`1`, `10`,
 * `100`, `1000`, `12`, `3`) or any positive decimal with 0, 3 or 6 decimals, so that
 * `price / base_quantity` is sometimes exact and sometimes rounded to 8 decimals.
 *
 * @example
 * ```ts
 * // A host's unit price agrees with fiscalkit's:
 * fc.assert(fc.property(priceArb(), baseQuantityArb, (price, base) => {
 *   expect(myUnitPrice(price, base)).toBe(unitPrice(price, base, 'half_up'));
 * }));
 * ```
 */
export const baseQuantityArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('1', '10', '100', '1000', '12', '3', '0.5', '1.000') },
  { weight: 1, arbitrary: decimalArb({ decimals: [0, 3, 6], maxIntegerDigits: 4, nonZero: true }) },
);

/** An allowance or charge percentage: 0–100 with up to 4 decimals. */
const entryPercentArb: fc.Arbitrary<string> = discountPercentArb;

/**
 * One allowance or charge of a line (docs/totals.md §2.2): the indicator and exactly one of a
 * percentage (0–100, up to 4 decimals; sometimes of a `base_amount`) and an amount (signed, 0, 2, 4
 * or 8 decimals), sometimes with a reason and a reason code.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(lineAllowanceChargeArb, (entry) => (entry.percentage === undefined) !== (entry.amount === undefined)));
 * ```
 */
export const lineAllowanceChargeArb: fc.Arbitrary<TotalsLineAllowanceChargeInput> = fc
  .record({
    indicator: fc.constantFrom(...ALLOWANCE_CHARGE_INDICATORS),
    value: fc.oneof(
      entryPercentArb.map((percentage) => ({ percentage })),
      chargeAmountArb.map((amount) => ({ amount })),
    ),
    base: fc.option(decimalArb({ decimals: [0, 2, 4, 8], maxIntegerDigits: 5, signed: true }), {
      nil: undefined,
      freq: 4,
    }),
    reason: fc.option(fc.constantFrom('Volume discount', 'Handling', 'Descuento pronto pago'), {
      nil: undefined,
      freq: 3,
    }),
    code: fc.option(fc.constantFrom('95', '100', 'ABL', 'FC'), { nil: undefined, freq: 4 }),
  })
  .map(({ indicator, value, base, reason, code }) => {
    const entry: TotalsLineAllowanceChargeInput = { allowance_charge_indicator: indicator, ...value };
    if (base !== undefined && 'percentage' in value) entry.base_amount = base;
    if (reason !== undefined) entry.reason = reason;
    if (code !== undefined) entry.reason_code = code;
    return entry;
  });

/** Options of {@link allowanceLinesArb}. */
export interface AllowanceLinesArbOptions {
  /** The fewest lines. Default 1. */
  minLength?: number;
  /** The most lines. Default 12. */
  maxLength?: number;
  /** Options of the tax palette. */
  taxOptions?: TaxesArbOptions;
  /** Whether some lines use the older versions' flat fields (with `charge_percent`). Default true. */
  flat?: boolean;
}

/**
 * Lines with everything docs/totals.md §2.1, §2.2 adds: a `base_quantity` on some lines, and on
 * others a list of zero to three allowances and charges (or, with `flat`, the older versions' flat
 * fields including `charge_percent`). The taxes come from a palette of one to three tax sets, as in
 * {@link linesArb}.
 *
 * @example
 * ```ts
 * // BR-CO-10 in a host's engine: the line amounts add up to BT-106.
 * fc.assert(fc.property(allowanceLinesArb(), (lines) => {
 *   const { lines: printed, totals } = computeTotals({ currency: 'EUR', lines });
 *   expect(mySum(printed.map((line) => line.amount))).toBe(totals.subtotal);
 * }));
 * ```
 */
export function allowanceLinesArb(options: AllowanceLinesArbOptions = {}): fc.Arbitrary<TotalsLineInput[]> {
  const { minLength = 1, maxLength = 12, taxOptions, flat = true } = options;
  const palette = fc.array(taxesArb(taxOptions), { minLength: 1, maxLength: 3 });
  return palette.chain((sets) => {
    const line = fc
      .record({
        quantity: quantityArb(),
        price: priceArb(),
        taxes: fc.constantFrom(...sets),
        base: fc.option(baseQuantityArb, { nil: undefined, freq: 2 }),
        adjustments: fc.oneof(
          { weight: 2, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: fc.array(lineAllowanceChargeArb, { minLength: 0, maxLength: 3 }) },
          {
            weight: flat ? 2 : 0,
            arbitrary: fc.record(
              {
                discount_percent: discountPercentArb,
                charge_percent: discountPercentArb,
                charge_amount: chargeAmountArb,
              },
              { requiredKeys: [] },
            ),
          },
        ),
      })
      .map(({ quantity, price, taxes, base, adjustments }) => {
        const out: TotalsLineInput = { quantity, price, taxes };
        if (base !== undefined) out.base_quantity = base;
        if (Array.isArray(adjustments)) out.allowance_charges = adjustments;
        else if (adjustments !== undefined) {
          if (adjustments.discount_percent !== undefined) out.discount_percent = adjustments.discount_percent;
          // charge_percent and charge_amount exclude each other: keep the percentage when both came.
          if (adjustments.charge_percent !== undefined) out.charge_percent = adjustments.charge_percent;
          else if (adjustments.charge_amount !== undefined) out.charge_amount = adjustments.charge_amount;
        }
        return out;
      });
    return fc.array(line, { minLength, maxLength, size: 'max' });
  });
}

/**
 * A document-level allowance or charge (docs/totals.md §2.3) for an invoice whose lines carry the
 * tax sets `lineTaxSets`, with amounts of at most `exponent` decimals: its own taxes (an allowance
 * takes one of the lines' sets, a charge any VAT rate too), spread over the lines (no taxes), not
 * subject (`apply_taxes: false`), or a reimbursable expense (a charge of an amount).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(documentAllowanceChargeArb(2, [[{ name: 'IVA', percent: '21' }]]), (entry) => {
 *   expect(() => computeTotals({ currency: 'EUR', lines, allowance_charges: [entry] })).not.toThrow();
 * }));
 * ```
 */
export function documentAllowanceChargeArb(
  exponent: number,
  lineTaxSets: readonly TotalsTaxInput[][],
): fc.Arbitrary<TotalsAllowanceChargeInput> {
  const places = [...new Set([0, exponent])];
  const amountArb = decimalArb({ decimals: places, maxIntegerDigits: 4, signed: true });
  const valueArb = fc.oneof(
    entryPercentArb.map((percentage) => ({ percentage })),
    amountArb.map((amount) => ({ amount })),
  );
  const baseArb = fc.option(decimalArb({ decimals: places, maxIntegerDigits: 5 }), {
    nil: undefined,
    freq: 4,
  });
  const lineSetArb = fc.constantFrom(...lineTaxSets);
  const ownArb = fc
    .record({
      indicator: fc.constantFrom(...ALLOWANCE_CHARGE_INDICATORS),
      value: valueArb,
      base: baseArb,
      lineSet: lineSetArb,
      otherSet: taxesArb(),
      fromLines: fc.boolean(),
    })
    .map(({ indicator, value, base, lineSet, otherSet, fromLines }): TotalsAllowanceChargeInput => {
      // An allowance's taxes must be the lines' own; a charge may open a group of its own.
      const taxes = indicator === 'allowance' || fromLines ? lineSet : otherSet;
      const entry: TotalsAllowanceChargeInput = { allowance_charge_indicator: indicator, ...value, taxes };
      if (base !== undefined && 'percentage' in value) entry.base_amount = base;
      return entry;
    });
  const untaxedArb = (applyTaxes: boolean | undefined) =>
    fc
      .record({ indicator: fc.constantFrom(...ALLOWANCE_CHARGE_INDICATORS), value: valueArb, base: baseArb })
      .map(({ indicator, value, base }): TotalsAllowanceChargeInput => {
        const entry: TotalsAllowanceChargeInput = { allowance_charge_indicator: indicator, ...value };
        if (applyTaxes !== undefined) entry.apply_taxes = applyTaxes;
        if (base !== undefined && 'percentage' in value) entry.base_amount = base;
        return entry;
      });
  const reimbursableArb = decimalArb({ decimals: places, maxIntegerDigits: 4 }).map(
    (amount): TotalsAllowanceChargeInput => ({
      allowance_charge_indicator: 'charge',
      amount,
      is_reimbursable_expense: true,
      reason: 'Suplido: tasas',
    }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: ownArb },
    { weight: 3, arbitrary: untaxedArb(undefined) },
    { weight: 1, arbitrary: untaxedArb(false) },
    { weight: 1, arbitrary: reimbursableArb },
  );
}

/** Options of {@link allowanceTotalsInputArb}; a fixed value replaces the corresponding arbitrary. */
export interface AllowanceTotalsInputArbOptions {
  /** The computation mode; default {@link modeArb}. */
  mode?: TotalsMode | fc.Arbitrary<TotalsMode>;
  /** The rounding method; default {@link roundingMethodArb}. */
  method?: RoundingMethod | fc.Arbitrary<RoundingMethod>;
  /** The invoice currency; default {@link currencyArb}. */
  currency?: string | fc.Arbitrary<string>;
  /** Options of the lines ({@link allowanceLinesArb}). */
  lines?: AllowanceLinesArbOptions;
  /** The most document-level allowances and charges. Default 4. */
  maxDocumentEntries?: number;
}

/**
 * A complete valid input with everything docs/totals.md adds: base quantities, line allowances and
 * charges (or flat fields), zero to four document-level allowances and charges of every kind,
 * sometimes a prepaid amount and a payable rounding amount (BT-113, BT-114). No exchange rate and no
 * `total_amount_due`. An input whose lines' nets add up to zero can make a spread entry fail with
 * 422 (docs/totals.md §4), which property tests should allow.
 *
 * @example
 * ```ts
 * // BR-CO-13 … BR-CO-16 in a host's engine, on every generated invoice:
 * fc.assert(fc.property(allowanceTotalsInputArb(), (input) => {
 *   expect(myEngine.totals(input)).toEqual(computeTotals(input).totals);
 * }));
 * ```
 */
export function allowanceTotalsInputArb(
  options: AllowanceTotalsInputArbOptions = {},
): fc.Arbitrary<TotalsInput> {
  const maxEntries = options.maxDocumentEntries ?? 4;
  return fc
    .record({
      mode: arbitraryOf(options.mode, modeArb),
      method: arbitraryOf(options.method, roundingMethodArb),
      currency: arbitraryOf(options.currency, currencyArb),
      lines: allowanceLinesArb(options.lines),
    })
    .chain(({ mode, method, currency, lines }) => {
      const exponent = currencyExponent(currency);
      const sets = [...new Set(lines.map((line) => line.taxes))];
      return fc
        .record({
          entries: fc.array(documentAllowanceChargeArb(exponent, sets), { maxLength: maxEntries }),
          prepaid: fc.option(prepaidArb(exponent), { nil: undefined, freq: 3 }),
          rounding: fc.option(decimalArb({ decimals: [exponent], maxIntegerDigits: 1, signed: true }), {
            nil: undefined,
            freq: 3,
          }),
        })
        .map(({ entries, prepaid, rounding }): TotalsInput => {
          const input: TotalsInput = { currency, rounding_method: method, ...modeFlags(mode), lines };
          if (entries.length > 0) input.allowance_charges = entries;
          if (prepaid !== undefined) input.prepaid_amount = prepaid;
          if (rounding !== undefined) input.payable_rounding_amount = rounding;
          return input;
        });
    });
}

/**
 * An input in the older versions' shape (docs/totals.md §2.4): lines with the flat discount and
 * charge fields (`charge_percent` too, and their texts), and the invoice-level flat fields
 * (`discount_percent` or `discount_amount`, `charge_percent` or `charge_amount`,
 * `apply_taxes_to_charge`, `charge_is_reimbursable_expense`), each sometimes absent. Feed it to
 * `flatToAllowanceCharges`.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(flatTotalsInputArb(), (input) => {
 *   expect(myVersionChain(input)).toEqual(flatToAllowanceCharges(input));
 * }));
 * ```
 */
export function flatTotalsInputArb(): fc.Arbitrary<FlatTotalsInput> {
  const flatLine = fc
    .record({
      line: lineArb(),
      chargePercent: fc.option(discountPercentArb, { nil: undefined, freq: 4 }),
      discountText: fc.option(fc.constantFrom('Dto. 5 %', 'Promo'), { nil: undefined, freq: 3 }),
      chargeReason: fc.option(fc.constantFrom('Portes', 'Embalaje'), { nil: undefined, freq: 3 }),
    })
    .map(({ line, chargePercent, discountText, chargeReason }): FlatTotalsLineInput => {
      const out: FlatTotalsLineInput = { ...line };
      if (chargePercent !== undefined && out.charge_amount === undefined) out.charge_percent = chargePercent;
      if (discountText !== undefined) out.discount_text = discountText;
      if (chargeReason !== undefined) out.charge_reason = chargeReason;
      return out;
    });
  return fc
    .record({
      base: totalsInputArb(),
      lines: fc.array(flatLine, { minLength: 1, maxLength: 8 }),
      discount: fc.option(
        fc.oneof(
          discountPercentArb.map((value) => ({ discount_percent: value })),
          decimalArb({ decimals: [0], maxIntegerDigits: 2 }).map((value) => ({ discount_amount: value })),
        ),
        { nil: undefined },
      ),
      charge: fc.option(
        fc.oneof(
          discountPercentArb.map((value) => ({ charge_percent: value })),
          decimalArb({ decimals: [0], maxIntegerDigits: 2 }).map((value) => ({ charge_amount: value })),
        ),
        { nil: undefined },
      ),
      applyTaxes: fc.option(fc.boolean(), { nil: undefined }),
      reimbursable: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(({ base, lines, discount, charge, applyTaxes, reimbursable }) => {
      const input: FlatTotalsInput = { ...base, lines, ...(discount ?? {}), ...(charge ?? {}) };
      if (charge !== undefined && applyTaxes !== undefined) input.apply_taxes_to_charge = applyTaxes;
      // A reimbursable expense is a fixed amount (docs/totals.md §2.3).
      if (charge !== undefined && 'charge_amount' in charge && reimbursable !== undefined)
        input.charge_is_reimbursable_expense = reimbursable;
      return input;
    });
}
