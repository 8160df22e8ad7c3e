/**
 * fast-check arbitraries for `computeTotals` inputs (taxmath.md §5, "Generators").
 *
 * Every decimal is built from an integer count of units and a number of decimals, never from a JS
 * float (`fc.double` / `fc.float`), so a generated value is exactly the decimal it prints as. The
 * arbitraries only produce inputs that `computeTotals` accepts; robustness tests start from them
 * and break one field on purpose.
 *
 * These are meant to move to a public `fiscalkit/testing` entry point: keep them free of test-runner
 * imports and document every export.
 */
import fc from 'fast-check';
import {
  modeFlags,
  type RoundingMethod,
  TOTALS_MODES,
  type TotalsInput,
  type TotalsLineInput,
  type TotalsMode,
  type TotalsTaxInput,
} from '../../src/index.js';

/**
 * Writes `units × 10^-decimals` as a plain decimal string with exactly `decimals` decimals
 * (`unitsToDecimal(-1250n, 2)` → `'-12.50'`, `unitsToDecimal(7n, 0)` → `'7'`). Zero never gets a
 * minus sign. This is the generators' own formatter, independent of the engine's.
 *
 * @example
 * ```ts
 * unitsToDecimal(5n, 3); // '0.005'
 * ```
 */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, '0');
    digits = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
  }
  return negative ? `-${digits}` : digits;
}

/** Options of {@link decimalArb}. */
export interface DecimalArbOptions {
  /** The numbers of decimals to pick from (one is chosen per value), e.g. `[0, 3, 6]`. */
  decimals: readonly number[];
  /** The most integer digits a value may have (1–16 for engine inputs). */
  maxIntegerDigits: number;
  /** The fewest integer digits a value may have (leading digit non-zero). Default 0. */
  minIntegerDigits?: number;
  /** Whether negative values are generated too. Default false. */
  signed?: boolean;
  /** Whether zero is excluded. Default false. */
  nonZero?: boolean;
}

/**
 * A decimal string with one of the given numbers of decimals and at most `maxIntegerDigits`
 * integer digits, built from a bigint count of units. The magnitude is chosen digit count first, so
 * small values (where rounding ties live) are as likely as values with many digits.
 *
 * @example
 * ```ts
 * decimalArb({ decimals: [2, 4, 8], maxIntegerDigits: 6 }); // '0.05', '123456.12345678', '7.10', …
 * ```
 */
export function decimalArb(options: DecimalArbOptions): fc.Arbitrary<string> {
  const { decimals, maxIntegerDigits, minIntegerDigits = 0, signed = false, nonZero = false } = options;
  return fc
    .record({
      decimals: fc.constantFrom(...decimals),
      integerDigits: fc.integer({ min: minIntegerDigits, max: maxIntegerDigits }),
      negative: signed ? fc.boolean() : fc.constant(false),
    })
    .chain(({ decimals: places, integerDigits, negative }) => {
      const max = 10n ** BigInt(integerDigits + places) - 1n;
      const lowest = integerDigits > 0 ? 10n ** BigInt(integerDigits - 1 + places) : 0n;
      const min = nonZero && lowest === 0n ? 1n : lowest;
      return fc
        .bigInt({ min, max: max < min ? min : max })
        .map((units) => unitsToDecimal(negative ? -units : units, places));
    });
}

/**
 * A line quantity (taxmath.md §3.1, KSeF `TIlosci`): 0, 3 or 6 decimals, negative or positive,
 * at most `maxIntegerDigits` integer digits (default 4; the engine allows 16).
 *
 * @example
 * ```ts
 * fc.sample(quantityArb(), 3); // e.g. ['3', '-12.500', '0.000001']
 * ```
 */
export function quantityArb(options: { maxIntegerDigits?: number; signed?: boolean } = {}) {
  return decimalArb({
    decimals: [0, 3, 6],
    maxIntegerDigits: options.maxIntegerDigits ?? 4,
    signed: options.signed ?? true,
  });
}

/**
 * A unit price: 2, 4 or 8 decimals, never negative, at most `maxIntegerDigits` integer digits
 * (default 6; the engine allows 16).
 *
 * @example
 * ```ts
 * fc.sample(priceArb({ decimals: [2] }), 2); // e.g. ['10.10', '0.05']
 * ```
 */
export function priceArb(options: { maxIntegerDigits?: number; decimals?: readonly number[] } = {}) {
  return decimalArb({
    decimals: options.decimals ?? [2, 4, 8],
    maxIntegerDigits: options.maxIntegerDigits ?? 6,
  });
}

/** The VAT rates generated, in percent (taxmath.md §5). */
export const VAT_RATES = [
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
/** The Spanish recargo de equivalencia (surcharge) rates generated, in percent. */
export const SURCHARGE_RATES = ['0.5', '1.4', '1.75', '5.2'];
/** The Spanish IRPF (withholding) rates generated, in percent, written positive. */
export const WITHHOLDING_RATES = ['1', '7', '15', '19'];

/**
 * A percent written as it is, or with trailing zeros (`'21'`, `'21.00'`, `'5.50'`): the group key
 * must normalize them to one group (taxmath.md §3.4).
 *
 * @example
 * ```ts
 * fc.sample(percentSpellingArb('21'), 3); // e.g. ['21', '21.00', '21.0']
 * ```
 */
export function percentSpellingArb(percent: string): fc.Arbitrary<string> {
  const dotted = percent.includes('.') ? percent : `${percent}.`;
  return fc.constantFrom(percent, percent, `${dotted}0`, `${dotted}00`);
}

/**
 * A `vat` tax: a rate from {@link VAT_RATES}, name `IVA` or `VAT`, category `S` or none; `kind` is
 * sometimes left out (it defaults to `vat` for a non-negative percent).
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

/** A `surcharge` tax (recargo de equivalencia, name `RE`), a rate from {@link SURCHARGE_RATES}. */
export const surchargeTaxArb: fc.Arbitrary<TotalsTaxInput> = fc
  .constantFrom(...SURCHARGE_RATES)
  .chain(percentSpellingArb)
  .map((percent) => ({ name: 'RE', percent, kind: 'surcharge' as const }));

/**
 * A `withholding` tax (IRPF), a rate from {@link WITHHOLDING_RATES}, in the three spellings the API
 * accepts: positive with `kind: 'withholding'`, negative with that kind, or negative without a kind
 * (mapped to `withholding`, taxmath.md §1).
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
 * fc.sample(taxesArb({ extraKinds: false }), 1); // e.g. [[{ name: 'IVA', percent: '21', category: 'S' }]]
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

/** A line discount percent: 0–100 with up to 4 decimals. */
export const discountPercentArb: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: 4 })
  .chain((places) =>
    fc.bigInt({ min: 0n, max: 100n * 10n ** BigInt(places) }).map((units) => unitsToDecimal(units, places)),
  );

/** A fixed line discount: a non-negative magnitude with 0, 2, 4 or 8 decimals. */
export const discountAmountArb: fc.Arbitrary<string> = decimalArb({
  decimals: [0, 2, 4, 8],
  maxIntegerDigits: 4,
});

/** A line charge: signed, 0, 2, 4 or 8 decimals. */
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
 * fc.sample(lineArb({ adjustments: false }), 1);
 * // e.g. [{ quantity: '2', price: '10.10', taxes: [{ name: 'VAT', percent: '23' }] }]
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

/**
 * Lines that share their taxes the way invoices do: a palette of one to three tax sets is drawn
 * per invoice and every line takes one of them, so tax groups usually hold several lines.
 *
 * @example
 * ```ts
 * linesArb({ minLength: 1, maxLength: 1 }); // one-line invoices
 * ```
 */
export function linesArb(
  options: LineArbOptions & { minLength?: number; maxLength?: number; taxOptions?: TaxesArbOptions } = {},
): fc.Arbitrary<TotalsLineInput[]> {
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
 * with the usual taxes and adjustments. Mix them into tests of the rounding methods.
 *
 * @example
 * ```ts
 * fc.oneof(totalsInputArb(), totalsInputArb({ lines: tieRichLinesArb() }));
 * ```
 */
export function tieRichLinesArb(options: { minLength?: number; maxLength?: number } = {}) {
  return linesArb({
    ...options,
    quantity: decimalArb({ decimals: [0], maxIntegerDigits: 2, signed: true }),
    price: decimalArb({ decimals: [2], maxIntegerDigits: 2 }),
  });
}

/** Invoice currencies, one or two per ISO 4217 exponent class (taxmath.md §3.2). */
export const CURRENCIES: Readonly<Record<string, number>> = { JPY: 0, EUR: 2, PLN: 2, BHD: 3 };

/** An invoice currency from each exponent class: `JPY` (0), `EUR` / `PLN` (2), `BHD` (3). */
export const currencyArb: fc.Arbitrary<string> = fc.constantFrom(...Object.keys(CURRENCIES));

/** The symmetric rounding methods (`half_up`, `half_even`, `down`); `half_ceil` is left out. */
export const SYMMETRIC_METHODS: readonly RoundingMethod[] = ['half_up', 'half_even', 'down'];

/** A symmetric rounding method: `half_up`, `half_even` or `down`. */
export const roundingMethodArb: fc.Arbitrary<RoundingMethod> = fc.constantFrom(...SYMMETRIC_METHODS);

/** One of the three computation modes (taxmath.md §3.5). */
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

const arbitraryOf = <T>(
  value: T | fc.Arbitrary<T> | undefined,
  fallback: fc.Arbitrary<T>,
): fc.Arbitrary<T> =>
  value === undefined ? fallback : value instanceof fc.Arbitrary ? value : fc.constant(value);

/**
 * A complete valid {@link TotalsInput}: currency, rounding method, the account flags of a mode
 * (from `modeFlags`) and 1–25 lines. No prepaid amount, override or exchange rate: add them with
 * {@link prepaidArb}, {@link exchangeArb} or by hand.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(totalsInputArb({ mode: 'per_line' }), (input) => {
 *   computeTotals(input); // never throws for these inputs
 * }));
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
 * fc.sample(prepaidArb(2), 2); // e.g. ['100', '12.50']
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
 * fc.sample(exchangeArb('EUR'), 1); // e.g. [{ exchange_rate: '4.2867', local_currency: 'PLN' }]
 * ```
 */
export function exchangeArb(invoiceCurrency: string) {
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
 * totalsInputArb({ lines: largeLinesArb() });
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
 * Rounding-tie lines (taxmath.md §5): net = k × 0.05 at 10 %, so the exact line tax k × 0.005 is a
 * tie at 2 decimals whenever k is odd. Use with an exponent-2 currency.
 */
export const tieLineArb: fc.Arbitrary<TotalsLineInput> = fc.integer({ min: -999, max: 999 }).map((k) => ({
  quantity: String(k),
  price: '0.05',
  taxes: [{ name: 'VAT', category: 'S', percent: '10', kind: 'vat' }],
}));

/**
 * Many identical lines (taxmath.md §5, large-N generator for the per-line bounds): one line drawn
 * from {@link lineArb} without adjustments, repeated `minLength`–`maxLength` times.
 *
 * @example
 * ```ts
 * totalsInputArb({ lines: identicalLinesArb({ minLength: 435, maxLength: 435 }) }); // V25-sized
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
