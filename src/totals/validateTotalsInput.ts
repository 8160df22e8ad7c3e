import type { ErrorCode } from '../errors/catalog.js';
import { formatParam, type Validated, type ValidationIssue } from '../errors/validationIssue.js';
import { currencyExponent, isCurrencyCode } from '../money/currencies.js';
import { decimalPlaces, MAX_INTEGER_DIGITS, pow10, toUnits } from '../money/fixedPoint.js';
import { ROUNDING_METHODS, type RoundingMethod } from '../money/roundingMethod.js';
import { TAX_KINDS, type TaxKind, type TotalsInput } from './input.js';
import { type TotalsMode, totalsMode } from './mode.js';
import {
  DISCOUNT_PERCENT_DECIMALS,
  LINE_AMOUNT_DECIMALS,
  PERCENT_DECIMALS,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  RATE_DECIMALS,
} from './scales.js';

/** Invoice types on which `total_amount_due` is allowed (spec §2.4). */
export const AMOUNT_DUE_TYPE_CODES: readonly string[] = ['ZAL', 'KOR_ZAL'];

/**
 * A tax of a line after validation: kind resolved, percent non-negative. Identical taxes of one
 * input are one shared (read-only) object.
 */
export interface NormalizedTax {
  name: string;
  kind: TaxKind;
  category: string;
  /** The percent as given, without a leading minus (a withholding is stored positive). */
  percent: string;
}

/** A line after validation. */
export interface NormalizedLine {
  quantity: string;
  price: string;
  discount_percent?: string;
  discount_amount?: string;
  charge_amount?: string;
  taxes: NormalizedTax[];
}

/** A validated {@link TotalsInput}: defaults applied, mode chosen, kinds resolved. */
export interface NormalizedTotalsInput {
  currency: string;
  exponent: number;
  rounding_method: RoundingMethod;
  mode: TotalsMode;
  lines: NormalizedLine[];
  total_amount_due?: string;
  prepaid_amount?: string;
  exchange?: { rate: string; local_currency: string; local_exponent: number };
}

// This validator is written by hand, in one pass, because it runs on every line of every invoice:
// a 10,000-line invoice must be validated and computed in well under 25 ms (issue #2), and a schema
// library spent more than half of that budget here. It still only returns issues; it never throws.

const INPUT_KEYS = new Set([
  'currency',
  'rounding_method',
  'apply_taxes_per_line',
  'skip_line_taxable_base_rounding',
  'type_code',
  'is_credit_note',
  'lines',
  'total_amount_due',
  'prepaid_amount',
  'exchange_rate',
  'local_currency',
]);
const LINE_KEYS = new Set([
  'quantity',
  'price',
  'discount_percent',
  'discount_amount',
  'charge_amount',
  'taxes',
]);
const TAX_KEYS = new Set(['name', 'percent', 'kind', 'category']);

// Indexed by the number of decimals allowed: looked up for every amount of every line.
const DECIMAL_SHAPES: RegExp[] = [];
function decimalShape(maxDecimals: number): RegExp {
  let shape = DECIMAL_SHAPES[maxDecimals];
  if (shape === undefined) {
    shape = new RegExp(`^-?\\d{1,${MAX_INTEGER_DIGITS}}(?:\\.\\d{1,${maxDecimals}})?$`);
    DECIMAL_SHAPES[maxDecimals] = shape;
  }
  return shape;
}
// A `|` would make group keys (`kind|category|name|percent`) ambiguous.
const LABEL = /^[^|\p{Cc}]+$/u;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;
const isNegative = (value: string) => value.charCodeAt(0) === 45 && /[1-9]/.test(value);
const isPositive = (value: string) => value.charCodeAt(0) !== 45 && /[1-9]/.test(value);
const abs = (value: string) => (value.charCodeAt(0) === 45 ? value.slice(1) : value);
/** |value| > 100, exactly: only values with three or more integer digits need a closer look. */
function exceedsHundred(value: string, scale: number): boolean {
  let first = value.charCodeAt(0) === 45 ? 1 : 0;
  const dot = value.indexOf('.');
  const end = dot === -1 ? value.length : dot;
  while (first < end - 1 && value.charCodeAt(first) === 48) first += 1;
  if (end - first < 3) return false;
  return toUnits(abs(value), scale) > 100n * pow10(scale);
}

/** Whether an object has a key outside `known` (a `for…in` walk: no arrays allocated per line). */
function hasUnknownKey(value: Record<string, unknown>, known: ReadonlySet<string>): boolean {
  for (const key in value) if (!known.has(key)) return true;
  return false;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number')
    return `the number ${String(value)} (amounts are decimal strings, never JS numbers)`;
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `a value of type ${typeof value}`;
}

/** A trie over object and string keys: one shared value per distinct key sequence. */
interface TrieNode<V> {
  next: Map<unknown, TrieNode<V>>;
  value?: V;
}
const trie = <V>(): TrieNode<V> => ({ next: new Map() });
function step<V>(node: TrieNode<V>, key: unknown): TrieNode<V> {
  let next = node.next.get(key);
  if (next === undefined) {
    next = trie();
    node.next.set(key, next);
  }
  return next;
}

/**
 * Shares one normalized tax object per distinct tax, and one tax list per distinct list, across the
 * lines of an input: a 10,000-line invoice mostly repeats a handful of taxes, and allocating them
 * again per line was a third of the engine's time in garbage collection.
 */
class TaxTable {
  private readonly taxes = trie<NormalizedTax>();
  private readonly lists = trie<NormalizedTax[]>();
  /** Taxes found valid, by their fields as given (kind and category may be absent). */
  private readonly valid = trie<NormalizedTax>();
  /**
   * The normalized tax of fields already found valid on an earlier line, if any. Checking a tax is
   * a pure function of its four fields, so a repeat needs no second check: on a 10,000-line invoice
   * the label and decimal checks of every tax were a fifth of the engine's time.
   */
  validated(kind: unknown, category: unknown, name: unknown, percent: unknown): NormalizedTax | undefined {
    return this.valid.next.get(kind)?.next.get(category)?.next.get(name)?.next.get(percent)?.value;
  }
  /** Records that these fields, as given, were checked without an issue. */
  remember(kind: unknown, category: unknown, name: unknown, percent: unknown, tax: NormalizedTax) {
    step(step(step(step(this.valid, kind), category), name), percent).value = tax;
  }
  tax(kind: TaxKind, category: string, name: string, percent: string): NormalizedTax {
    const node = step(step(step(step(this.taxes, kind), category), name), percent);
    node.value ??= { name, kind, category, percent: abs(percent) };
    return node.value;
  }
  /** The shared list of the first `count` taxes of `taxes`. */
  list(taxes: readonly NormalizedTax[], count: number): NormalizedTax[] {
    let node = this.lists;
    for (let t = 0; t < count; t++) node = step(node, taxes[t] as NormalizedTax);
    node.value ??= taxes.slice(0, count);
    return node.value;
  }
}

/**
 * The path of a value: a top-level field, or a field of line `line` (and of its tax `tax`). Paths
 * are only built when something is wrong, so the happy path allocates nothing per field.
 */
function pathOf(field: string, line?: number, tax?: number): PropertyKey[] {
  if (line === undefined) return [field];
  if (tax === undefined) return ['lines', line, field];
  return ['lines', line, 'taxes', tax, field];
}

/** Collects issues; params are only written out when something is wrong. */
class Issues {
  readonly list: ValidationIssue[] = [];
  add(code: ErrorCode, path: readonly PropertyKey[], message: string) {
    const param = formatParam(path);
    this.list.push({ code, param, message: `${param === '' ? 'the input' : param} ${message}` });
  }
  /** Reports each key outside `known` of the input (or of line `line`, or of its tax `tax`). */
  unknownKeys(value: Record<string, unknown>, known: ReadonlySet<string>, line?: number, tax?: number) {
    if (!hasUnknownKey(value, known)) return;
    const path: PropertyKey[] =
      line === undefined ? [] : tax === undefined ? ['lines', line] : ['lines', line, 'taxes', tax];
    for (const key of Object.keys(value)) {
      if (!known.has(key)) this.add('parameter_invalid', [...path, key], 'is not a known field');
    }
  }
  /** A decimal string with at most `maxDecimals` decimals; reports and returns undefined otherwise. */
  decimal(
    value: unknown,
    maxDecimals: number,
    required: boolean,
    field: string,
    line?: number,
    tax?: number,
  ): string | undefined {
    if (typeof value === 'string' && decimalShape(maxDecimals).test(value)) return value;
    if (isAbsent(value)) {
      if (required) this.add('parameter_blank', pathOf(field, line, tax), 'is required');
      return undefined;
    }
    const expected = `a decimal string with at most ${MAX_INTEGER_DIGITS} integer digits and ${maxDecimals} decimals, e.g. "12.50" (no exponent, no spaces)`;
    this.add('parameter_invalid', pathOf(field, line, tax), `must be ${expected}, not ${describe(value)}`);
    return undefined;
  }
  label(
    value: unknown,
    maxLength: number,
    required: boolean,
    field: string,
    line?: number,
    tax?: number,
  ): string | undefined {
    if (typeof value === 'string' && value.length <= maxLength && LABEL.test(value)) return value;
    if (isAbsent(value) || value === '') {
      if (required) this.add('parameter_blank', pathOf(field, line, tax), 'is required');
      return undefined;
    }
    this.add(
      'parameter_invalid',
      pathOf(field, line, tax),
      `must be a string of 1 to ${maxLength} characters without "|" or control characters, not ${describe(value)}`,
    );
    return undefined;
  }
  boolean(value: unknown, path: PropertyKey[]): boolean | undefined {
    if (typeof value === 'boolean') return value;
    if (!isAbsent(value))
      this.add('parameter_invalid', path, `must be true or false, not ${describe(value)}`);
    return undefined;
  }
  oneOf<T extends string>(
    value: unknown,
    allowed: readonly T[],
    field: string,
    line?: number,
    tax?: number,
  ): T | undefined {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    if (!isAbsent(value)) {
      this.add(
        'parameter_inclusion',
        pathOf(field, line, tax),
        `must be one of ${allowed.join(', ')}, not ${describe(value)}`,
      );
    }
    return undefined;
  }
  currency(value: unknown, path: PropertyKey[], required: boolean): string | undefined {
    if (typeof value === 'string' && isCurrencyCode(value)) return value;
    if (isAbsent(value)) {
      if (required) this.add('parameter_blank', path, 'is required');
      return undefined;
    }
    this.add(
      'parameter_inclusion',
      path,
      `must be an ISO 4217 currency code such as "EUR", not ${describe(value)}`,
    );
    return undefined;
  }
}

function checkTax(
  tax: unknown,
  line: number,
  index: number,
  issues: Issues,
  table: TaxTable,
): NormalizedTax | undefined {
  if (!isObject(tax)) {
    issues.add(
      'parameter_invalid',
      ['lines', line, 'taxes', index],
      `must be an object with name and percent, not ${describe(tax)}`,
    );
    return undefined;
  }
  issues.unknownKeys(tax, TAX_KEYS, line, index);
  const known = table.validated(tax.kind, tax.category, tax.name, tax.percent);
  if (known !== undefined) return known;
  const issueCount = issues.list.length;
  const name = issues.label(tax.name, 128, true, 'name', line, index);
  const percent = issues.decimal(tax.percent, PERCENT_DECIMALS, true, 'percent', line, index);
  const givenKind = issues.oneOf(tax.kind, TAX_KINDS, 'kind', line, index);
  const category = issues.label(tax.category, 16, false, 'category', line, index);
  if (name === undefined || percent === undefined) return undefined;
  // A negative percent means a withholding, as the service accepts it (taxmath.md §1).
  const negative = isNegative(percent);
  const kind: TaxKind = givenKind ?? (negative ? 'withholding' : 'vat');
  if (negative && kind !== 'withholding') {
    issues.add(
      'parameter_invalid',
      ['lines', line, 'taxes', index, 'percent'],
      `is negative, which only a withholding can be, but kind is ${kind}`,
    );
  }
  if (exceedsHundred(percent, PERCENT_DECIMALS)) {
    issues.add(
      'parameter_invalid',
      ['lines', line, 'taxes', index, 'percent'],
      'must be between -100 and 100',
    );
  }
  const normalized = table.tax(kind, category ?? '', name, percent);
  if (issues.list.length === issueCount)
    table.remember(tax.kind, tax.category, tax.name, tax.percent, normalized);
  return normalized;
}

function checkLine(
  line: unknown,
  index: number,
  issues: Issues,
  table: TaxTable,
  taxes: NormalizedTax[],
): NormalizedLine | undefined {
  if (!isObject(line)) {
    issues.add(
      'parameter_invalid',
      ['lines', index],
      `must be an object with quantity, price and taxes, not ${describe(line)}`,
    );
    return undefined;
  }
  issues.unknownKeys(line, LINE_KEYS, index);
  const quantity = issues.decimal(line.quantity, QUANTITY_DECIMALS, true, 'quantity', index);
  const price = issues.decimal(line.price, PRICE_DECIMALS, true, 'price', index);
  const discountPercent = issues.decimal(
    line.discount_percent,
    DISCOUNT_PERCENT_DECIMALS,
    false,
    'discount_percent',
    index,
  );
  const discountAmount = issues.decimal(
    line.discount_amount,
    LINE_AMOUNT_DECIMALS,
    false,
    'discount_amount',
    index,
  );
  const chargeAmount = issues.decimal(
    line.charge_amount,
    LINE_AMOUNT_DECIMALS,
    false,
    'charge_amount',
    index,
  );
  if (
    discountPercent !== undefined &&
    (isNegative(discountPercent) || exceedsHundred(discountPercent, DISCOUNT_PERCENT_DECIMALS))
  ) {
    issues.add('parameter_invalid', ['lines', index, 'discount_percent'], 'must be between 0 and 100');
  }
  if (discountPercent !== undefined && discountAmount !== undefined) {
    issues.add(
      'parameter_invalid',
      ['lines', index, 'discount_amount'],
      'cannot be given together with discount_percent',
    );
  }
  // A fixed discount is a magnitude that follows the sign of the line (taxmath.md §3.3).
  if (discountAmount !== undefined && isNegative(discountAmount)) {
    issues.add(
      'parameter_invalid',
      ['lines', index, 'discount_amount'],
      'must not be negative: it follows the sign of the line',
    );
  }

  if (!Array.isArray(line.taxes) || line.taxes.length === 0) {
    if (isAbsent(line.taxes)) issues.add('parameter_blank', ['lines', index, 'taxes'], 'is required');
    else if (Array.isArray(line.taxes))
      issues.add('parameter_empty', ['lines', index, 'taxes'], 'needs at least one tax');
    else
      issues.add(
        'parameter_invalid',
        ['lines', index, 'taxes'],
        `must be an array of taxes, not ${describe(line.taxes)}`,
      );
    return undefined;
  }
  // `taxes` is a scratch list reused for every line: only its first `count` entries are this line's.
  // (Setting its length to 0 instead would free its storage, to be allocated again on every line.)
  let count = 0;
  let vat = 0;
  let surcharge = 0;
  let withholding = 0;
  for (let t = 0; t < line.taxes.length; t++) {
    const tax = checkTax(line.taxes[t], index, t, issues, table);
    if (tax === undefined) continue;
    taxes[count] = tax;
    count += 1;
    if (tax.kind === 'vat') vat += 1;
    else if (tax.kind === 'surcharge') surcharge += 1;
    else withholding += 1;
  }
  if (count !== line.taxes.length) return undefined;
  // Exactly one VAT tax per line, so net_total counts every line once (taxmath.md §3.4, vector E04).
  if (vat !== 1)
    issues.add(
      'parameter_invalid',
      ['lines', index, 'taxes'],
      `must hold exactly one vat-kind tax per line (found ${vat})`,
    );
  if (surcharge > 1)
    issues.add(
      'parameter_invalid',
      ['lines', index, 'taxes'],
      `must hold at most one surcharge (found ${surcharge})`,
    );
  if (withholding > 1) {
    issues.add(
      'parameter_invalid',
      ['lines', index, 'taxes'],
      `must hold at most one withholding (found ${withholding})`,
    );
  }
  if (quantity === undefined || price === undefined) return undefined;
  const normalized: NormalizedLine = { quantity, price, taxes: table.list(taxes, count) };
  if (discountPercent !== undefined) normalized.discount_percent = discountPercent;
  if (discountAmount !== undefined) normalized.discount_amount = discountAmount;
  if (chargeAmount !== undefined) normalized.charge_amount = chargeAmount;
  return normalized;
}

/**
 * Checks a totals input and returns it normalized, or every issue found (taxmath.md §3.11): the
 * syntax of each field (decimal strings only, within the limits of §3.1), unknown fields, the
 * account-flag rule of spec §2.2 rule 2, one VAT tax per line, `total_amount_due` only on ZAL /
 * KOR_ZAL and never with more decimals than the currency has (spec §2.4), and the exchange-rate
 * rules of taxmath.md §3.10. It never throws, whatever it is given.
 *
 * @example
 * ```ts
 * const result = validateTotalsInput({ currency: 'EUR', skip_line_taxable_base_rounding: true, lines });
 * result.success; // false
 * result.issues[0]; // { code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', message: '…' }
 * ```
 */
export function validateTotalsInput(input: unknown): Validated<NormalizedTotalsInput> {
  const issues = new Issues();
  if (!isObject(input)) {
    issues.add('parameter_invalid', [], `must be an object, not ${describe(input)}`);
    return { success: false, issues: issues.list };
  }
  issues.unknownKeys(input, INPUT_KEYS);
  const currency = issues.currency(input.currency, ['currency'], true);
  const method = issues.oneOf(input.rounding_method, ROUNDING_METHODS, 'rounding_method');
  const perLine = issues.boolean(input.apply_taxes_per_line, ['apply_taxes_per_line']);
  const skip = issues.boolean(input.skip_line_taxable_base_rounding, ['skip_line_taxable_base_rounding']);
  issues.boolean(input.is_credit_note, ['is_credit_note']);
  const typeCode = isAbsent(input.type_code) ? undefined : input.type_code;
  if (typeCode !== undefined && typeof typeCode !== 'string') {
    issues.add('parameter_invalid', ['type_code'], `must be a string, not ${describe(typeCode)}`);
  }
  const mode = totalsMode({ apply_taxes_per_line: perLine, skip_line_taxable_base_rounding: skip });
  if (mode === undefined) {
    issues.add(
      'parameter_invalid',
      ['skip_line_taxable_base_rounding'],
      'requires apply_taxes_per_line to be true (spec §2.2 rule 2)',
    );
  }

  const lines: NormalizedLine[] = [];
  if (!Array.isArray(input.lines) || input.lines.length === 0) {
    if (isAbsent(input.lines)) issues.add('parameter_blank', ['lines'], 'is required');
    else if (Array.isArray(input.lines)) issues.add('parameter_empty', ['lines'], 'needs at least one line');
    else
      issues.add('parameter_invalid', ['lines'], `must be an array of lines, not ${describe(input.lines)}`);
  } else {
    const table = new TaxTable();
    const scratch: NormalizedTax[] = [];
    for (let i = 0; i < input.lines.length; i++) {
      const line = checkLine(input.lines[i], i, issues, table, scratch);
      if (line !== undefined) lines.push(line);
    }
  }

  const amountDue = issues.decimal(input.total_amount_due, LINE_AMOUNT_DECIMALS, false, 'total_amount_due');
  const prepaid = issues.decimal(input.prepaid_amount, LINE_AMOUNT_DECIMALS, false, 'prepaid_amount');
  const rate = issues.decimal(input.exchange_rate, RATE_DECIMALS, false, 'exchange_rate');
  const localCurrency = issues.currency(input.local_currency, ['local_currency'], false);
  const exponent = currency === undefined ? undefined : currencyExponent(currency);

  if (amountDue !== undefined) {
    if (!AMOUNT_DUE_TYPE_CODES.includes(typeof typeCode === 'string' ? typeCode : '')) {
      issues.add(
        'parameter_invalid',
        ['total_amount_due'],
        `is only allowed on advance invoices (type_code ZAL or KOR_ZAL), not on ${typeof typeCode === 'string' ? typeCode : 'an invoice without type_code'}`,
      );
    }
    // A user-given total is never silently rounded (taxmath.md §3.9, vector E03).
    if (exponent !== undefined && decimalPlaces(amountDue) > exponent) {
      issues.add(
        'parameter_invalid',
        ['total_amount_due'],
        `has more decimals than ${currency} allows (${exponent})`,
      );
    }
    // The advance split (tax = gross × p / (100 + p)) is defined over VAT groups only.
    if (lines.some((line) => line.taxes.some((tax) => tax.kind !== 'vat'))) {
      issues.add(
        'parameter_invalid',
        ['total_amount_due'],
        'cannot be split over lines with surcharge or withholding taxes',
      );
    }
    if (prepaid !== undefined) {
      issues.add(
        'parameter_invalid',
        ['prepaid_amount'],
        'cannot be given with total_amount_due, which sets payable_amount itself',
      );
    }
  }
  if (prepaid !== undefined && exponent !== undefined && decimalPlaces(prepaid) > exponent) {
    issues.add(
      'parameter_invalid',
      ['prepaid_amount'],
      `has more decimals than ${currency} allows (${exponent})`,
    );
  }

  let exchange: NormalizedTotalsInput['exchange'];
  if (rate !== undefined) {
    if (!isPositive(rate)) {
      issues.add(
        'parameter_invalid',
        ['exchange_rate'],
        'must be greater than 0 (local currency units per 1 invoice currency unit)',
      );
    }
    if (isAbsent(input.local_currency)) {
      issues.add('parameter_blank', ['local_currency'], 'is required with exchange_rate');
    } else if (localCurrency !== undefined) {
      if (localCurrency === currency && toUnits(rate, RATE_DECIMALS) !== pow10(RATE_DECIMALS)) {
        issues.add(
          'parameter_invalid',
          ['exchange_rate'],
          `must be 1 when local_currency is the invoice currency (${currency})`,
        );
      }
      exchange = { rate, local_currency: localCurrency, local_exponent: currencyExponent(localCurrency) };
    }
  } else if (
    isAbsent(input.exchange_rate) &&
    localCurrency !== undefined &&
    currency !== undefined &&
    localCurrency !== currency
  ) {
    issues.add(
      'parameter_blank',
      ['exchange_rate'],
      `is required to convert ${currency} into local_currency ${localCurrency}`,
    );
  }

  if (issues.list.length > 0 || currency === undefined || exponent === undefined || mode === undefined) {
    return { success: false, issues: issues.list };
  }
  const normalized: NormalizedTotalsInput = {
    currency,
    exponent,
    rounding_method: method ?? 'half_up',
    mode,
    lines,
  };
  if (amountDue !== undefined) normalized.total_amount_due = amountDue;
  if (prepaid !== undefined) normalized.prepaid_amount = prepaid;
  if (exchange !== undefined) normalized.exchange = exchange;
  return { success: true, data: normalized };
}
