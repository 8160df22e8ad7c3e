import { ALLOWANCE_CHARGE_INDICATORS, type AllowanceChargeIndicator } from '../codelists/allowanceCharges.js';
import { TAX_KINDS, type TaxKind } from '../codelists/taxKinds.js';
import { IssueCollector } from '../errors/issueCollector.js';
import type { Validated } from '../errors/validationIssue.js';
import { currencyExponent, isCurrencyCode } from '../money/currencies.js';
import { decimalPlaces, MAX_INTEGER_DIGITS, pow10, toUnits } from '../money/fixedPoint.js';
import { ROUNDING_METHODS, type RoundingMethod } from '../money/roundingMethod.js';
import { taxableBaseRoundingIssue, totalsMode } from './mode.js';
import type {
  AllowanceChargeTaxation,
  NormalizedAllowanceCharge,
  NormalizedLine,
  NormalizedLineAllowanceCharge,
  NormalizedTax,
  NormalizedTotalsInput,
} from './normalized.js';
import { plain } from './plainObjects.js';
import {
  ALLOWANCE_PERCENT_DECIMALS,
  BASE_QUANTITY_DECIMALS,
  DISCOUNT_PERCENT_DECIMALS,
  LINE_AMOUNT_DECIMALS,
  PERCENT_DECIMALS,
  PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  RATE_DECIMALS,
} from './scales.js';
import { taxGroupKey } from './taxGroups.js';
import { unitPrice } from './unitPrice.js';

/** Invoice types on which `total_amount_due` is allowed (spec §2.4). */
export const AMOUNT_DUE_TYPE_CODES: readonly string[] = ['ZAL', 'KOR_ZAL'];

/**
 * The rule of {@link AMOUNT_DUE_TYPE_CODES}, one id wherever it is checked (issue #20 §4, "one home
 * per fact"): spec §2.4 `total_amount_due` states it ("for advance payment (ZAL) and advance
 * correction (KOR_ZAL) invoices"); taxmath.md §3.9 restates it for the engine.
 */
export const AMOUNT_DUE_TYPE_RULE = 'spec.2.4.total-amount-due';

/**
 * The category of the VAT tax a document-level charge with `apply_taxes: false` carries: the
 * service's `NS` (not subject, api-notes.md §10), read as not subject by the SII classification.
 */
export const NOT_SUBJECT_CATEGORY = 'NS';

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
  'payable_rounding_amount',
  'allowance_charges',
  'exchange_rate',
  'local_currency',
]);
const LINE_KEYS = new Set([
  'quantity',
  'price',
  'base_quantity',
  'discount_percent',
  'discount_amount',
  'charge_amount',
  'charge_percent',
  'allowance_charges',
  'taxes',
]);
const TAX_KEYS = new Set(['name', 'percent', 'kind', 'category']);
const ENTRY_KEYS = new Set([
  'allowance_charge_indicator',
  'percentage',
  'amount',
  'base_amount',
  'reason',
  'reason_code',
  'apply_taxes',
  'is_reimbursable_expense',
]);
const DOCUMENT_ENTRY_KEYS = new Set([...ENTRY_KEYS, 'taxes']);

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
/** Whether a decimal string has a digit other than 0 (a character loop: no regular expression run per line). */
function hasNonZeroDigit(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 49 && code <= 57) return true;
  }
  return false;
}
const isNegative = (value: string) => value.charCodeAt(0) === 45 && hasNonZeroDigit(value);
const isPositive = (value: string) => value.charCodeAt(0) !== 45 && hasNonZeroDigit(value);
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

/**
 * {@link hasUnknownKey} for a tax (`TAX_KEYS`) and a line allowance or charge (`ENTRY_KEYS`), which
 * every line has: comparing a property name against a few constants is cheaper than hashing it into
 * a `Set`, twice or more per line.
 */
function hasUnknownTaxKey(value: Record<string, unknown>): boolean {
  for (const key in value) {
    if (key !== 'name' && key !== 'percent' && key !== 'kind' && key !== 'category') return true;
  }
  return false;
}
function hasUnknownEntryKey(value: Record<string, unknown>): boolean {
  for (const key in value) {
    switch (key) {
      case 'allowance_charge_indicator':
      case 'percentage':
      case 'amount':
      case 'base_amount':
      case 'reason':
      case 'reason_code':
      case 'apply_taxes':
      case 'is_reimbursable_expense':
        break;
      default:
        return true;
    }
  }
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
 * The last few distinct key tuples (up to 8 keys each) found in a table, with their values. An
 * invoice repeats a handful of taxes and allowances line after line: a few identity comparisons
 * find them again faster than a walk through a trie of `Map`s (which stays the table; a miss here,
 * `NaN` keys included, just asks the trie).
 */
class Recent<V> {
  private readonly keys: unknown[] = [];
  private readonly values: V[] = [];
  private oldest = 0;
  find(a: unknown, b: unknown, c: unknown, d: unknown, e: unknown, f: unknown, g: unknown, h: unknown) {
    const keys = this.keys;
    for (let i = 0, at = 0; i < this.values.length; i++, at += 8) {
      if (
        keys[at] === a &&
        keys[at + 1] === b &&
        keys[at + 2] === c &&
        keys[at + 3] === d &&
        keys[at + 4] === e &&
        keys[at + 5] === f &&
        keys[at + 6] === g &&
        keys[at + 7] === h
      ) {
        return this.values[i];
      }
    }
    return undefined;
  }
  add(
    a: unknown,
    b: unknown,
    c: unknown,
    d: unknown,
    e: unknown,
    f: unknown,
    g: unknown,
    h: unknown,
    value: V,
  ) {
    let slot = this.values.length;
    if (slot === RECENT_SIZE) {
      slot = this.oldest;
      // money-safe: a slot number, round robin.
      this.oldest = (this.oldest + 1) % RECENT_SIZE;
    }
    // money-safe: an array index.
    const at = slot * 8;
    const keys = this.keys;
    keys[at] = a;
    keys[at + 1] = b;
    keys[at + 2] = c;
    keys[at + 3] = d;
    keys[at + 4] = e;
    keys[at + 5] = f;
    keys[at + 6] = g;
    keys[at + 7] = h;
    this.values[slot] = value;
  }
}
const RECENT_SIZE = 16;

/**
 * Shares one normalized tax object per distinct tax, and one tax list per distinct list, across the
 * lines of an input: a 10,000-line invoice mostly repeats a handful of taxes, and allocating them
 * again per line was a third of the engine's time in garbage collection.
 */
class TaxTable {
  private readonly recentValid = new Recent<NormalizedTax>();
  private readonly recentLists = new Recent<NormalizedTax[]>();
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
    const recent = this.recentValid.find(kind, category, name, percent, 0, 0, 0, 0);
    if (recent !== undefined) return recent;
    const found = this.valid.next.get(kind)?.next.get(category)?.next.get(name)?.next.get(percent)?.value;
    if (found !== undefined) this.recentValid.add(kind, category, name, percent, 0, 0, 0, 0, found);
    return found;
  }
  /** Records that these fields, as given, were checked without an issue. */
  remember(kind: unknown, category: unknown, name: unknown, percent: unknown, tax: NormalizedTax) {
    step(step(step(step(this.valid, kind), category), name), percent).value = tax;
    this.recentValid.add(kind, category, name, percent, 0, 0, 0, 0, tax);
  }
  tax(kind: TaxKind, category: string, name: string, percent: string): NormalizedTax {
    const node = step(step(step(step(this.taxes, kind), category), name), percent);
    node.value ??= { name, kind, category, percent: abs(percent) };
    return node.value;
  }
  /** The shared list of the first `count` taxes of `taxes`. */
  list(taxes: readonly NormalizedTax[], count: number): NormalizedTax[] {
    // Entries past `count` are another line's (a scratch list): the list is keyed without them.
    const short = count <= 4;
    const t0 = count > 0 ? taxes[0] : undefined;
    const t1 = count > 1 ? taxes[1] : undefined;
    const t2 = count > 2 ? taxes[2] : undefined;
    const t3 = count > 3 ? taxes[3] : undefined;
    if (short) {
      const recent = this.recentLists.find(count, t0, t1, t2, t3, 0, 0, 0);
      if (recent !== undefined) return recent;
    }
    let node = this.lists;
    for (let t = 0; t < count; t++) node = step(node, taxes[t] as NormalizedTax);
    node.value ??= taxes.slice(0, count);
    if (short) this.recentLists.add(count, t0, t1, t2, t3, 0, 0, 0, node.value);
    return node.value;
  }
}

/**
 * The path of a value: a top-level field, or a field of entry `line` of the list `owner` (`lines`,
 * or the document-level `allowance_charges`), and of its tax `tax`. Paths are only built when
 * something is wrong, so the happy path allocates nothing per field.
 */
function pathOf(field: string, line?: number, tax?: number, owner = 'lines'): PropertyKey[] {
  if (line === undefined) return [field];
  if (tax === undefined) return [owner, line, field];
  return [owner, line, 'taxes', tax, field];
}

/**
 * Collects issues (the shared {@link IssueCollector}; a message names the whole input "the input")
 * and checks single values against the input syntax of taxmath.md §3.1 and docs/totals.md §2.
 */
class Issues extends IssueCollector {
  constructor() {
    super([], 'the input');
  }
  /** Reports each key outside `known` of the input (or of entry `line` of `owner`, or of its tax `tax`). */
  unknownKeys(
    value: Record<string, unknown>,
    known: ReadonlySet<string>,
    line?: number,
    tax?: number,
    owner = 'lines',
  ) {
    if (!hasUnknownKey(value, known)) return;
    const path: PropertyKey[] =
      line === undefined ? [] : tax === undefined ? [owner, line] : [owner, line, 'taxes', tax];
    this.unknownKeysAt(value, known, path);
  }
  /** Reports each key outside `known` of the object at `path`. */
  unknownKeysAt(value: Record<string, unknown>, known: ReadonlySet<string>, path: readonly PropertyKey[]) {
    if (!hasUnknownKey(value, known)) return;
    for (const key of Object.keys(value)) {
      if (!known.has(key))
        this.add(
          'fiscalkit.totals.unknown-field',
          'parameter_invalid',
          [...path, key],
          'is not a known field',
        );
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
    owner?: string,
  ): string | undefined {
    if (typeof value === 'string' && decimalShape(maxDecimals).test(value)) return value;
    // An absent optional field is the common case: no path is built for it (every line has several).
    if (!required && isAbsent(value)) return undefined;
    return this.notDecimal(value, maxDecimals, required, pathOf(field, line, tax, owner));
  }
  /** {@link decimal} for a field of the object at `at` (an entry of a line or of the document). */
  decimalAt(
    value: unknown,
    maxDecimals: number,
    required: boolean,
    at: readonly PropertyKey[],
    field: string,
  ): string | undefined {
    if (typeof value === 'string' && decimalShape(maxDecimals).test(value)) return value;
    if (!required && isAbsent(value)) return undefined;
    return this.notDecimal(value, maxDecimals, required, [...at, field]);
  }
  private notDecimal(value: unknown, maxDecimals: number, required: boolean, path: PropertyKey[]) {
    if (isAbsent(value)) {
      if (required) this.add('taxmath.3.1.required', 'parameter_blank', path, 'is required');
      return undefined;
    }
    const expected = `a decimal string with at most ${MAX_INTEGER_DIGITS} integer digits and ${maxDecimals} decimals, e.g. "12.50" (no exponent, no spaces)`;
    this.add('taxmath.3.1.decimal', 'parameter_invalid', path, `must be ${expected}, not ${describe(value)}`);
    return undefined;
  }
  label(
    value: unknown,
    maxLength: number,
    required: boolean,
    field: string,
    line?: number,
    tax?: number,
    owner?: string,
  ): string | undefined {
    if (typeof value === 'string' && value.length <= maxLength && LABEL.test(value)) return value;
    if (isAbsent(value) || value === '') {
      if (required)
        this.add('taxmath.3.1.required', 'parameter_blank', pathOf(field, line, tax, owner), 'is required');
      return undefined;
    }
    this.add(
      'fiscalkit.totals.label',
      'parameter_invalid',
      pathOf(field, line, tax, owner),
      `must be a string of 1 to ${maxLength} characters without "|" or control characters, not ${describe(value)}`,
    );
    return undefined;
  }
  /** Free text (a reason): any string of at most `maxLength` characters; never computed with. */
  text(value: unknown, maxLength: number, at: readonly PropertyKey[], field: string): string | undefined {
    if (typeof value === 'string' && value.length <= maxLength) return value;
    if (!isAbsent(value)) {
      this.add(
        'fiscalkit.totals.reason-text',
        'parameter_invalid',
        [...at, field],
        `must be a string of at most ${maxLength} characters, not ${describe(value)}`,
      );
    }
    return undefined;
  }
  boolean(value: unknown, path: PropertyKey[]): boolean | undefined {
    if (typeof value === 'boolean') return value;
    if (!isAbsent(value))
      this.add(
        'taxmath.3.1.boolean',
        'parameter_invalid',
        path,
        `must be true or false, not ${describe(value)}`,
      );
    return undefined;
  }
  oneOf<T extends string>(
    value: unknown,
    allowed: readonly T[],
    field: string,
    line?: number,
    tax?: number,
    owner?: string,
  ): T | undefined {
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    if (!isAbsent(value)) {
      this.add(
        'taxmath.3.1.one-of',
        'parameter_inclusion',
        pathOf(field, line, tax, owner),
        `must be one of ${allowed.join(', ')}, not ${describe(value)}`,
      );
    }
    return undefined;
  }
  currency(value: unknown, path: PropertyKey[], required: boolean): string | undefined {
    if (typeof value === 'string' && isCurrencyCode(value)) return value;
    if (isAbsent(value)) {
      if (required) this.add('taxmath.3.1.required', 'parameter_blank', path, 'is required');
      return undefined;
    }
    this.add(
      'taxmath.3.2.currency',
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
  owner = 'lines',
): NormalizedTax | undefined {
  if (!isObject(tax)) {
    issues.add(
      'taxmath.3.1.shape',
      'parameter_invalid',
      [owner, line, 'taxes', index],
      `must be an object with name and percent, not ${describe(tax)}`,
    );
    return undefined;
  }
  if (hasUnknownTaxKey(tax)) issues.unknownKeys(tax, TAX_KEYS, line, index, owner);
  const known = table.validated(tax.kind, tax.category, tax.name, tax.percent);
  if (known !== undefined) return known;
  const issueCount = issues.issues.length;
  const name = issues.label(tax.name, 128, true, 'name', line, index, owner);
  const percent = issues.decimal(tax.percent, PERCENT_DECIMALS, true, 'percent', line, index, owner);
  const givenKind = issues.oneOf(tax.kind, TAX_KINDS, 'kind', line, index, owner);
  const category = issues.label(tax.category, 16, false, 'category', line, index, owner);
  if (name === undefined || percent === undefined) return undefined;
  // A negative percent means a withholding, as the service accepts it (taxmath.md §1).
  const negative = isNegative(percent);
  const kind: TaxKind = givenKind ?? (negative ? 'withholding' : 'vat');
  if (negative && kind !== 'withholding') {
    issues.add(
      'taxmath.1.withholding-percent',
      'parameter_invalid',
      [owner, line, 'taxes', index, 'percent'],
      `is negative, which only a withholding can be, but kind is ${kind}`,
    );
  }
  if (exceedsHundred(percent, PERCENT_DECIMALS)) {
    issues.add(
      'taxmath.3.1.percent-range',
      'parameter_invalid',
      [owner, line, 'taxes', index, 'percent'],
      'must be between -100 and 100',
    );
  }
  const normalized = table.tax(kind, category ?? '', name, percent);
  if (issues.issues.length === issueCount)
    table.remember(tax.kind, tax.category, tax.name, tax.percent, normalized);
  return normalized;
}

/**
 * The taxes of a line (or of a document-level allowance or charge, `owner` `allowance_charges`):
 * a non-empty list with exactly one `vat`, at most one `surcharge` and one `withholding`. Returns
 * the shared normalized list, or undefined when a tax is unusable.
 */
function checkTaxes(
  value: unknown,
  index: number,
  issues: Issues,
  table: TaxTable,
  taxes: NormalizedTax[],
  owner = 'lines',
): NormalizedTax[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    if (isAbsent(value))
      issues.add('taxmath.3.1.required', 'parameter_blank', [owner, index, 'taxes'], 'is required');
    else if (Array.isArray(value))
      issues.add('taxmath.3.1.one-vat', 'parameter_empty', [owner, index, 'taxes'], 'needs at least one tax');
    else
      issues.add(
        'taxmath.3.1.shape',
        'parameter_invalid',
        [owner, index, 'taxes'],
        `must be an array of taxes, not ${describe(value)}`,
      );
    return undefined;
  }
  // `taxes` is a scratch list reused for every line: only its first `count` entries are this line's.
  // (Setting its length to 0 instead would free its storage, to be allocated again on every line.)
  let count = 0;
  let vat = 0;
  let surcharge = 0;
  let withholding = 0;
  for (let t = 0; t < value.length; t++) {
    const tax = checkTax(value[t], index, t, issues, table, owner);
    if (tax === undefined) continue;
    taxes[count] = tax;
    count += 1;
    if (tax.kind === 'vat') vat += 1;
    else if (tax.kind === 'surcharge') surcharge += 1;
    else withholding += 1;
  }
  if (count !== value.length) return undefined;
  const holder = owner === 'lines' ? 'line' : 'allowance or charge';
  // Exactly one VAT tax per line, so net_total counts every line once (taxmath.md §3.4, vector E04);
  // the same for a document-level allowance or charge, which EN 16931 gives one VAT category and rate
  // (BT-95 / BT-96, BT-102 / BT-103).
  if (vat !== 1)
    issues.add(
      'taxmath.3.1.one-vat',
      'parameter_invalid',
      [owner, index, 'taxes'],
      `must hold exactly one vat-kind tax per ${holder} (found ${vat})`,
    );
  if (surcharge > 1)
    issues.add(
      'taxmath.3.1.one-surcharge',
      'parameter_invalid',
      [owner, index, 'taxes'],
      `must hold at most one surcharge (found ${surcharge})`,
    );
  if (withholding > 1) {
    issues.add(
      'taxmath.3.1.one-withholding',
      'parameter_invalid',
      [owner, index, 'taxes'],
      `must hold at most one withholding (found ${withholding})`,
    );
  }
  return table.list(taxes, count);
}

/** The fields an allowance or charge has, where it is (line or document level) decides the rest. */
interface EntryFields {
  allowance_charge_indicator: AllowanceChargeIndicator;
  percentage?: string;
  amount?: string;
  base_amount?: string;
  reason?: string;
  reason_code?: string;
  apply_taxes?: boolean;
  is_reimbursable_expense?: boolean;
}

/**
 * The fields common to line and document allowances and charges (docs/totals.md §2.2, §2.3):
 * `allowance_charge_indicator` required; exactly one of `percentage` (≥ 0, an allowance at most
 * 100, 4 decimals) and `amount`; `base_amount` only with `percentage`; free-text reasons.
 */
function checkEntryFields(
  entry: Record<string, unknown>,
  at: readonly PropertyKey[],
  amountDecimals: number,
  issues: Issues,
): EntryFields | undefined {
  const indicator = entry.allowance_charge_indicator;
  let kind: AllowanceChargeIndicator | undefined;
  if (indicator === 'allowance' || indicator === 'charge') kind = indicator;
  else if (isAbsent(indicator))
    issues.add(
      'fiscalkit.totals.allowance-indicator',
      'parameter_blank',
      [...at, 'allowance_charge_indicator'],
      'is required',
    );
  else {
    issues.add(
      'fiscalkit.totals.allowance-indicator',
      'parameter_inclusion',
      [...at, 'allowance_charge_indicator'],
      `must be one of ${ALLOWANCE_CHARGE_INDICATORS.join(', ')} (UBL ChargeIndicator false → allowance, true → charge), not ${describe(indicator)}`,
    );
  }
  const percentage = issues.decimalAt(entry.percentage, ALLOWANCE_PERCENT_DECIMALS, false, at, 'percentage');
  const amount = issues.decimalAt(entry.amount, amountDecimals, false, at, 'amount');
  const baseAmount = issues.decimalAt(entry.base_amount, amountDecimals, false, at, 'base_amount');
  const reason = issues.text(entry.reason, 1024, at, 'reason');
  const reasonCode = issues.text(entry.reason_code, 16, at, 'reason_code');
  const applyTaxes = issues.boolean(entry.apply_taxes, [...at, 'apply_taxes']);
  const reimbursable = issues.boolean(entry.is_reimbursable_expense, [...at, 'is_reimbursable_expense']);
  // EN 16931 BG-20/21/27/28: an amount, possibly computed from a percentage of a base; the service
  // takes either a percentage or an amount (api-notes.md §3.2), never both.
  if (percentage !== undefined && amount !== undefined) {
    issues.add(
      'api.3.2.percentage-or-amount',
      'parameter_invalid',
      [...at, 'amount'],
      'cannot be given together with percentage',
    );
  } else if (isAbsent(entry.percentage) && isAbsent(entry.amount)) {
    issues.add(
      'api.3.2.percentage-or-amount',
      'parameter_blank',
      [...at, 'amount'],
      'is required when percentage is not given',
    );
  }
  if (percentage !== undefined) {
    if (isNegative(percentage)) {
      issues.add(
        'fiscalkit.totals.allowance-percentage',
        'parameter_invalid',
        [...at, 'percentage'],
        'must not be negative',
      );
    } else if (kind === 'allowance' && exceedsHundred(percentage, ALLOWANCE_PERCENT_DECIMALS)) {
      issues.add(
        'fiscalkit.totals.allowance-percentage',
        'parameter_invalid',
        [...at, 'percentage'],
        'must be between 0 and 100 for an allowance',
      );
    }
  }
  if (baseAmount !== undefined && isAbsent(entry.percentage)) {
    issues.add(
      'fiscalkit.totals.base-amount',
      'parameter_invalid',
      [...at, 'base_amount'],
      'is only used with percentage',
    );
  }
  if (kind === undefined) return undefined;
  const fields: EntryFields = { allowance_charge_indicator: kind };
  if (percentage !== undefined) fields.percentage = percentage;
  if (amount !== undefined) fields.amount = amount;
  if (baseAmount !== undefined) fields.base_amount = baseAmount;
  if (reason !== undefined) fields.reason = reason;
  if (reasonCode !== undefined) fields.reason_code = reasonCode;
  if (applyTaxes !== undefined) fields.apply_taxes = applyTaxes;
  if (reimbursable !== undefined) fields.is_reimbursable_expense = reimbursable;
  return fields;
}

/**
 * Shares one normalized allowance or charge per distinct line entry of an input, and one list per
 * distinct sequence of them, as {@link TaxTable} does for taxes: a 10,000-line invoice mostly
 * repeats a handful of discounts, and checking and allocating each again per line was most of the
 * cost of line allowances.
 */
class EntryTable {
  private readonly recentValid = new Recent<NormalizedLineAllowanceCharge>();
  private readonly recentLists = new Recent<NormalizedLineAllowanceCharge[]>();
  private readonly valid = trie<NormalizedLineAllowanceCharge>();
  private readonly lists = trie<NormalizedLineAllowanceCharge[]>();
  private readonly flat = new Map<string, NormalizedLineAllowanceCharge>();
  /** The normalized entry of fields already found valid on an earlier line, if any. */
  validated(entry: Record<string, unknown>): NormalizedLineAllowanceCharge | undefined {
    const indicator = entry.allowance_charge_indicator;
    const percentage = entry.percentage;
    const amount = entry.amount;
    const base = entry.base_amount;
    const reason = entry.reason;
    const code = entry.reason_code;
    const applyTaxes = entry.apply_taxes;
    const reimbursable = entry.is_reimbursable_expense;
    const recent = this.recentValid.find(
      indicator,
      percentage,
      amount,
      base,
      reason,
      code,
      applyTaxes,
      reimbursable,
    );
    if (recent !== undefined) return recent;
    const found = this.valid.next
      .get(indicator)
      ?.next.get(percentage)
      ?.next.get(amount)
      ?.next.get(base)
      ?.next.get(reason)
      ?.next.get(code)
      ?.next.get(applyTaxes)
      ?.next.get(reimbursable)?.value;
    if (found !== undefined) {
      this.recentValid.add(
        indicator,
        percentage,
        amount,
        base,
        reason,
        code,
        applyTaxes,
        reimbursable,
        found,
      );
    }
    return found;
  }
  /** Records that these fields, as given, were checked without an issue. */
  remember(entry: Record<string, unknown>, normalized: NormalizedLineAllowanceCharge) {
    let node = this.valid;
    for (const key of ENTRY_KEY_ORDER) node = step(node, entry[key]);
    node.value = normalized;
  }
  /** The shared entry of a flat field (`kind` names the field) with this value. */
  flatEntry(kind: 'dp' | 'da' | 'cp' | 'ca', value: string): NormalizedLineAllowanceCharge {
    const key = `${kind}${value}`;
    let entry = this.flat.get(key);
    if (entry === undefined) {
      const indicator = kind === 'dp' || kind === 'da' ? 'allowance' : 'charge';
      entry =
        kind === 'dp' || kind === 'cp'
          ? { allowance_charge_indicator: indicator, percentage: value }
          : { allowance_charge_indicator: indicator, amount: value };
      if (kind === 'da') entry.follows_gross_sign = true;
      this.flat.set(key, entry);
    }
    return entry;
  }
  /** The shared list of the first `count` entries of `entries`. */
  list(entries: readonly NormalizedLineAllowanceCharge[], count: number): NormalizedLineAllowanceCharge[] {
    // As TaxTable.list: entries past `count` are another line's.
    const short = count <= 4;
    const e0 = count > 0 ? entries[0] : undefined;
    const e1 = count > 1 ? entries[1] : undefined;
    const e2 = count > 2 ? entries[2] : undefined;
    const e3 = count > 3 ? entries[3] : undefined;
    if (short) {
      const recent = this.recentLists.find(count, e0, e1, e2, e3, 0, 0, 0);
      if (recent !== undefined) return recent;
    }
    let node = this.lists;
    for (let j = 0; j < count; j++) node = step(node, entries[j] as NormalizedLineAllowanceCharge);
    node.value ??= entries.slice(0, count);
    if (short) this.recentLists.add(count, e0, e1, e2, e3, 0, 0, 0, node.value);
    return node.value;
  }
}

/** The fields of an entry in the order {@link EntryTable} keys them. */
const ENTRY_KEY_ORDER = [
  'allowance_charge_indicator',
  'percentage',
  'amount',
  'base_amount',
  'reason',
  'reason_code',
  'apply_taxes',
  'is_reimbursable_expense',
] as const;

/**
 * A line's `allowance_charges` (docs/totals.md §2.2). They are part of the line net (BT-131) and
 * share the line's taxes, because an EN 16931 line allowance or charge (BG-27 / BG-28) has no VAT
 * category of its own (the line's BT-151 applies): so `apply_taxes: false` and
 * `is_reimbursable_expense: true` are refused here and belong on a document-level entry.
 */
function checkLineEntries(
  value: unknown,
  line: number,
  issues: Issues,
  table: EntryTable,
  scratch: NormalizedLineAllowanceCharge[],
): NormalizedLineAllowanceCharge[] | undefined {
  if (isAbsent(value)) return undefined;
  if (!Array.isArray(value)) {
    issues.add(
      'fiscalkit.totals.allowance-shape',
      'parameter_invalid',
      ['lines', line, 'allowance_charges'],
      `must be an array of allowances and charges, not ${describe(value)}`,
    );
    return undefined;
  }
  let count = 0;
  for (let j = 0; j < value.length; j++) {
    const entry: unknown = value[j];
    if (!isObject(entry)) {
      issues.add(
        'fiscalkit.totals.allowance-shape',
        'parameter_invalid',
        ['lines', line, 'allowance_charges', j],
        `must be an object with allowance_charge_indicator and percentage or amount, not ${describe(entry)}`,
      );
      continue;
    }
    if (hasUnknownEntryKey(entry)) {
      issues.unknownKeysAt(entry, ENTRY_KEYS, ['lines', line, 'allowance_charges', j]);
    }
    const known = table.validated(entry);
    if (known !== undefined) {
      scratch[count] = known;
      count += 1;
      continue;
    }
    const at = ['lines', line, 'allowance_charges', j];
    const issueCount = issues.issues.length;
    const fields = checkEntryFields(entry, at, LINE_AMOUNT_DECIMALS, issues);
    if (fields?.apply_taxes === false) {
      issues.add(
        'fiscalkit.totals.line-apply-taxes',
        'parameter_invalid',
        [...at, 'apply_taxes'],
        'must be true on a line: a line allowance or charge is taxed with its line (EN 16931 BG-27/BG-28 have no VAT category of their own); send an untaxed charge as a document-level allowance_charges entry with apply_taxes false',
      );
    }
    if (fields?.is_reimbursable_expense === true) {
      issues.add(
        'fiscalkit.totals.line-reimbursable',
        'parameter_invalid',
        [...at, 'is_reimbursable_expense'],
        'must be false on a line: a reimbursable expense (suplido) is outside every tax base, so it is a document-level allowance_charges entry with is_reimbursable_expense true',
      );
    }
    if (fields === undefined) continue;
    const normalized: NormalizedLineAllowanceCharge = {
      allowance_charge_indicator: fields.allowance_charge_indicator,
    };
    if (fields.percentage !== undefined) normalized.percentage = fields.percentage;
    if (fields.amount !== undefined) normalized.amount = fields.amount;
    if (fields.base_amount !== undefined) normalized.base_amount = fields.base_amount;
    if (fields.reason !== undefined) normalized.reason = fields.reason;
    if (fields.reason_code !== undefined) normalized.reason_code = fields.reason_code;
    if (issues.issues.length === issueCount) table.remember(entry, normalized);
    scratch[count] = normalized;
    count += 1;
  }
  return count === 0 ? undefined : table.list(scratch, count);
}

/** The older versions' flat line fields as entries, discounts first (docs/totals.md §2.4). */
function flatEntries(
  discountPercent: string | undefined,
  discountAmount: string | undefined,
  chargePercent: string | undefined,
  chargeAmount: string | undefined,
  table: EntryTable,
  scratch: NormalizedLineAllowanceCharge[],
): NormalizedLineAllowanceCharge[] | undefined {
  let count = 0;
  if (discountPercent !== undefined) scratch[count++] = table.flatEntry('dp', discountPercent);
  if (discountAmount !== undefined) scratch[count++] = table.flatEntry('da', discountAmount);
  if (chargePercent !== undefined) scratch[count++] = table.flatEntry('cp', chargePercent);
  if (chargeAmount !== undefined) scratch[count++] = table.flatEntry('ca', chargeAmount);
  return count === 0 ? undefined : table.list(scratch, count);
}

/**
 * A {@link NormalizedLine}: a plain object with every field, in this order (plainObjects.ts).
 *
 * @example
 * ```ts
 * new PlainNormalizedLine('3', '10.10', undefined, undefined, undefined, undefined, undefined, undefined, taxes);
 * ```
 */
const PlainNormalizedLine = plain(function (
  this: NormalizedLine,
  quantity: string,
  price: string,
  baseQuantity: string | undefined,
  discountPercent: string | undefined,
  discountAmount: string | undefined,
  chargeAmount: string | undefined,
  chargePercent: string | undefined,
  adjustments: NormalizedLineAllowanceCharge[] | undefined,
  taxes: NormalizedTax[],
) {
  this.quantity = quantity;
  this.price = price;
  this.base_quantity = baseQuantity;
  this.discount_percent = discountPercent;
  this.discount_amount = discountAmount;
  this.charge_amount = chargeAmount;
  this.charge_percent = chargePercent;
  this.adjustments = adjustments;
  this.taxes = taxes;
});

function checkLine(
  line: unknown,
  index: number,
  issues: Issues,
  table: TaxTable,
  taxes: NormalizedTax[],
  method: RoundingMethod,
  entryTable: EntryTable,
  entryScratch: NormalizedLineAllowanceCharge[],
  uses: { extended: boolean },
): NormalizedLine | undefined {
  if (!isObject(line)) {
    issues.add(
      'taxmath.3.1.shape',
      'parameter_invalid',
      ['lines', index],
      `must be an object with quantity, price and taxes, not ${describe(line)}`,
    );
    return undefined;
  }
  // One pass over the line's own keys rather than a property read per field: lines arrive in many
  // shapes (whichever optional fields each has, in whichever order), and reading ten fields of
  // objects of many shapes made every read a slow megamorphic lookup (+150 % on 10,000 lines with
  // base quantities and allowances). `for…in` walks each object's own keys from its enum cache.
  let quantityIn: unknown;
  let priceIn: unknown;
  let baseQuantityIn: unknown;
  let discountPercentIn: unknown;
  let discountAmountIn: unknown;
  let chargeAmountIn: unknown;
  let chargePercentIn: unknown;
  let entriesIn: unknown;
  let taxesIn: unknown;
  let unknownKey = false;
  for (const key in line) {
    const value = line[key];
    switch (key) {
      case 'quantity':
        quantityIn = value;
        break;
      case 'price':
        priceIn = value;
        break;
      case 'base_quantity':
        baseQuantityIn = value;
        break;
      case 'discount_percent':
        discountPercentIn = value;
        break;
      case 'discount_amount':
        discountAmountIn = value;
        break;
      case 'charge_amount':
        chargeAmountIn = value;
        break;
      case 'charge_percent':
        chargePercentIn = value;
        break;
      case 'allowance_charges':
        entriesIn = value;
        break;
      case 'taxes':
        taxesIn = value;
        break;
      default:
        unknownKey = true;
    }
  }
  if (unknownKey) issues.unknownKeys(line, LINE_KEYS, index);
  if (!isAbsent(entriesIn) || !isAbsent(baseQuantityIn)) uses.extended = true;
  const quantity = issues.decimal(quantityIn, QUANTITY_DECIMALS, true, 'quantity', index);
  const price = issues.decimal(priceIn, PRICE_DECIMALS, true, 'price', index);
  const baseQuantity = issues.decimal(baseQuantityIn, BASE_QUANTITY_DECIMALS, false, 'base_quantity', index);
  // EN 16931 BT-149 is a quantity of units the price is for: a division by it needs it positive.
  if (baseQuantity !== undefined && !isPositive(baseQuantity)) {
    issues.add(
      'fiscalkit.totals.base-quantity',
      'parameter_invalid',
      ['lines', index, 'base_quantity'],
      'must be greater than 0',
    );
  }
  const discountPercent = issues.decimal(
    discountPercentIn,
    DISCOUNT_PERCENT_DECIMALS,
    false,
    'discount_percent',
    index,
  );
  const discountAmount = issues.decimal(
    discountAmountIn,
    LINE_AMOUNT_DECIMALS,
    false,
    'discount_amount',
    index,
  );
  const chargeAmount = issues.decimal(chargeAmountIn, LINE_AMOUNT_DECIMALS, false, 'charge_amount', index);
  const chargePercent = issues.decimal(
    chargePercentIn,
    ALLOWANCE_PERCENT_DECIMALS,
    false,
    'charge_percent',
    index,
  );
  if (
    discountPercent !== undefined &&
    (isNegative(discountPercent) || exceedsHundred(discountPercent, DISCOUNT_PERCENT_DECIMALS))
  ) {
    issues.add(
      'taxmath.3.1.discount-percent',
      'parameter_invalid',
      ['lines', index, 'discount_percent'],
      'must be between 0 and 100',
    );
  }
  if (discountPercent !== undefined && discountAmount !== undefined) {
    issues.add(
      'taxmath.3.1.discount-exclusive',
      'parameter_invalid',
      ['lines', index, 'discount_amount'],
      'cannot be given together with discount_percent',
    );
  }
  // A fixed discount is a magnitude that follows the sign of the line (taxmath.md §3.3).
  if (discountAmount !== undefined && isNegative(discountAmount)) {
    issues.add(
      'taxmath.3.3.discount-magnitude',
      'parameter_invalid',
      ['lines', index, 'discount_amount'],
      'must not be negative: it follows the sign of the line',
    );
  }
  if (chargePercent !== undefined && isNegative(chargePercent)) {
    issues.add(
      'fiscalkit.totals.charge-percent',
      'parameter_invalid',
      ['lines', index, 'charge_percent'],
      'must not be negative',
    );
  }
  if (chargePercent !== undefined && chargeAmount !== undefined) {
    issues.add(
      'fiscalkit.totals.charge-exclusive',
      'parameter_invalid',
      ['lines', index, 'charge_amount'],
      'cannot be given together with charge_percent',
    );
  }
  const listed = checkLineEntries(entriesIn, index, issues, entryTable, entryScratch);
  const flat =
    listed === undefined
      ? flatEntries(discountPercent, discountAmount, chargePercent, chargeAmount, entryTable, entryScratch)
      : undefined;
  // One representation per line: the list replaced the flat fields in v2026-03-02 (api-notes.md §3.2).
  if (
    !isAbsent(entriesIn) &&
    !(
      isAbsent(discountPercentIn) &&
      isAbsent(discountAmountIn) &&
      isAbsent(chargePercentIn) &&
      isAbsent(chargeAmountIn)
    )
  ) {
    issues.add(
      'api.3.2.one-representation',
      'parameter_invalid',
      ['lines', index, 'allowance_charges'],
      'cannot be given together with the flat fields of older versions (discount_percent, discount_amount, charge_percent, charge_amount)',
    );
  }

  const lineTaxes = checkTaxes(taxesIn, index, issues, table, taxes);
  if (lineTaxes === undefined || quantity === undefined || price === undefined) return undefined;
  const positiveBase = baseQuantity !== undefined && isPositive(baseQuantity);
  // One object literal with every field, so that all normalized lines share one shape: the engine
  // reads them for every line, and lines built field by field (in four shapes or more) made those
  // reads polymorphic and their objects grow a second backing store.
  // (A constructor rather than a literal: every line of an invoice lives as long as the
  // computation, which made V8 allocate them in the old generation, see plainObjects.ts.)
  return new PlainNormalizedLine(
    quantity,
    positiveBase ? unitPrice(price, baseQuantity, method) : price,
    positiveBase ? baseQuantity : undefined,
    discountPercent,
    discountAmount,
    chargeAmount,
    chargePercent,
    listed ?? flat,
    lineTaxes,
  );
}

/**
 * The document-level `allowance_charges` (docs/totals.md §2.3): each entry's fields, its amounts at
 * most the currency's decimals (they are printed amounts, EN 16931 BT-92 / BT-99), and which taxes
 * it carries. `lineTaxKeys` are the group keys the lines carry: an allowance given its own taxes must
 * match them (it lowers the base of lines taxed that way; a mistyped tax name would otherwise make
 * a negative group of its own), while a charge may open a group of its own (shipping at the
 * standard rate on an invoice of reduced-rate goods, which EN 16931 BR-S-08 allows).
 */
function checkDocumentEntries(
  value: unknown,
  exponent: number | undefined,
  currency: string | undefined,
  lines: readonly NormalizedLine[],
  issues: Issues,
  table: TaxTable,
): NormalizedAllowanceCharge[] {
  const entries: NormalizedAllowanceCharge[] = [];
  if (isAbsent(value)) return entries;
  if (!Array.isArray(value)) {
    issues.add(
      'fiscalkit.totals.allowance-shape',
      'parameter_invalid',
      ['allowance_charges'],
      `must be an array of allowances and charges, not ${describe(value)}`,
    );
    return entries;
  }
  let lineTaxKeys: Set<string> | undefined;
  const scratch: NormalizedTax[] = [];
  for (let k = 0; k < value.length; k++) {
    const entry: unknown = value[k];
    const at = ['allowance_charges', k];
    if (!isObject(entry)) {
      issues.add(
        'fiscalkit.totals.allowance-shape',
        'parameter_invalid',
        at,
        `must be an object with allowance_charge_indicator and percentage or amount, not ${describe(entry)}`,
      );
      continue;
    }
    issues.unknownKeysAt(entry, DOCUMENT_ENTRY_KEYS, at);
    const fields = checkEntryFields(entry, at, LINE_AMOUNT_DECIMALS, issues);
    const taxes = isAbsent(entry.taxes)
      ? undefined
      : checkTaxes(entry.taxes, k, issues, table, scratch, 'allowance_charges');
    // Document-level amounts are printed amounts (BT-92, BT-93, BT-99, BT-100): never rounded.
    if (exponent !== undefined) {
      for (const field of ['amount', 'base_amount'] as const) {
        const amount = fields?.[field];
        if (amount !== undefined && decimalPlaces(amount) > exponent) {
          issues.add(
            'fiscalkit.totals.currency-decimals',
            'parameter_invalid',
            [...at, field],
            `has more decimals than ${currency} allows (${exponent})`,
          );
        }
      }
    }
    if (fields === undefined) continue;
    const reimbursable = fields.is_reimbursable_expense === true;
    if (reimbursable) {
      // A suplido (art. 78.Tres.3º LIVA) is money paid in the client's name: a charge of a fixed
      // amount, outside every tax base (Facturae ReimbursableExpenses).
      if (fields.allowance_charge_indicator !== 'charge') {
        issues.add(
          'fiscalkit.totals.reimbursable',
          'parameter_invalid',
          [...at, 'is_reimbursable_expense'],
          'is only possible on a charge',
        );
      }
      if (fields.amount === undefined && fields.percentage !== undefined) {
        issues.add(
          'fiscalkit.totals.reimbursable',
          'parameter_invalid',
          [...at, 'percentage'],
          'cannot be used for a reimbursable expense, which is a fixed amount paid in the client’s name: give amount',
        );
      }
      if (!isAbsent(entry.taxes)) {
        issues.add(
          'fiscalkit.totals.reimbursable',
          'parameter_invalid',
          [...at, 'taxes'],
          'cannot be given for a reimbursable expense, which is outside every tax base',
        );
      }
      if (fields.apply_taxes === true) {
        issues.add(
          'fiscalkit.totals.reimbursable',
          'parameter_invalid',
          [...at, 'apply_taxes'],
          'cannot be true for a reimbursable expense, which is outside every tax base',
        );
      }
    } else if (fields.apply_taxes === false && !isAbsent(entry.taxes)) {
      issues.add(
        'fiscalkit.totals.apply-taxes',
        'parameter_invalid',
        [...at, 'apply_taxes'],
        'cannot be false when taxes are given',
      );
    }
    let taxation: AllowanceChargeTaxation;
    let entryTaxes: NormalizedTax[] | undefined;
    if (reimbursable) taxation = 'reimbursable';
    else if (taxes !== undefined) {
      taxation = 'taxes';
      entryTaxes = taxes;
      if (fields.allowance_charge_indicator === 'allowance') {
        lineTaxKeys ??= taxKeysOf(lines);
        for (let t = 0; t < taxes.length; t++) {
          const tax = taxes[t] as NormalizedTax;
          const key = taxGroupKey(tax);
          if (!lineTaxKeys.has(key)) {
            issues.add(
              'fiscalkit.totals.allowance-tax',
              'parameter_invalid',
              [...at, 'taxes', t],
              `(${key}) matches no tax of the lines: an allowance lowers the base of lines taxed that way (same name, category and percent)`,
            );
          }
        }
      }
    } else if (fields.apply_taxes === false) {
      taxation = 'not_subject';
      // Not subject: a 0 % VAT of category NS, named like the lines' VAT (IVA, VAT, …) so it sits
      // in the same vocabulary (EN 16931 BR-37 wants a VAT category on every document charge).
      const vat = lines[0]?.taxes.find((tax) => tax.kind === 'vat');
      entryTaxes = [table.tax('vat', NOT_SUBJECT_CATEGORY, vat?.name ?? 'VAT', '0')];
    } else if (isAbsent(entry.taxes)) taxation = 'spread';
    else continue;
    const normalized: NormalizedAllowanceCharge = {
      index: k,
      allowance_charge_indicator: fields.allowance_charge_indicator,
      taxation,
    };
    if (fields.percentage !== undefined) normalized.percentage = fields.percentage;
    if (fields.amount !== undefined) normalized.amount = fields.amount;
    if (fields.base_amount !== undefined) normalized.base_amount = fields.base_amount;
    if (fields.reason !== undefined) normalized.reason = fields.reason;
    if (fields.reason_code !== undefined) normalized.reason_code = fields.reason_code;
    if (entryTaxes !== undefined) normalized.taxes = entryTaxes;
    entries.push(normalized);
  }
  return entries;
}

/** The group keys of every tax the lines carry. */
function taxKeysOf(lines: readonly NormalizedLine[]): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<NormalizedTax[]>();
  for (const line of lines) {
    if (seen.has(line.taxes)) continue;
    seen.add(line.taxes);
    for (const tax of line.taxes) keys.add(taxGroupKey(tax));
  }
  return keys;
}

/**
 * Checks a totals input and returns it normalized, or every issue found (taxmath.md §3.11,
 * docs/totals.md §4): the syntax of each field (decimal strings only, within the limits of §3.1),
 * unknown fields, the account-flag rule of spec §2.2 rule 2, one VAT tax per line, `total_amount_due`
 * only on ZAL / KOR_ZAL and never with more decimals than the currency has (spec §2.4), the
 * exchange-rate rules of taxmath.md §3.10, and the allowances, charges, base quantities and
 * rounding amount of docs/totals.md. It never throws, whatever it is given.
 *
 * @example
 * ```ts
 * const result = validateTotalsInput({ currency: 'EUR', skip_line_taxable_base_rounding: true, lines });
 * result.success; // false
 * result.issues[0]; // { rule: 'spec.2.2.2', code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', … }
 * ```
 */
export function validateTotalsInput(input: unknown): Validated<NormalizedTotalsInput> {
  const issues = new Issues();
  if (!isObject(input)) {
    issues.add('taxmath.3.1.shape', 'parameter_invalid', [], `must be an object, not ${describe(input)}`);
    return { success: false, issues: issues.issues };
  }
  issues.unknownKeys(input, INPUT_KEYS);
  const currency = issues.currency(input.currency, ['currency'], true);
  const method = issues.oneOf(input.rounding_method, ROUNDING_METHODS, 'rounding_method');
  const perLine = issues.boolean(input.apply_taxes_per_line, ['apply_taxes_per_line']);
  const skip = issues.boolean(input.skip_line_taxable_base_rounding, ['skip_line_taxable_base_rounding']);
  issues.boolean(input.is_credit_note, ['is_credit_note']);
  const typeCode = isAbsent(input.type_code) ? undefined : input.type_code;
  if (typeCode !== undefined && typeof typeCode !== 'string') {
    issues.add(
      'taxmath.3.1.type-code',
      'parameter_invalid',
      ['type_code'],
      `must be a string, not ${describe(typeCode)}`,
    );
  }
  const flags = { apply_taxes_per_line: perLine, skip_line_taxable_base_rounding: skip };
  const mode = totalsMode(flags);
  const flagIssue = taxableBaseRoundingIssue(flags);
  if (flagIssue !== undefined) issues.issues.push(flagIssue);
  const exponent = currency === undefined ? undefined : currencyExponent(currency);

  const lines: NormalizedLine[] = [];
  const table = new TaxTable();
  const uses = {
    extended: !isAbsent(input.allowance_charges) || !isAbsent(input.payable_rounding_amount),
  };
  if (!Array.isArray(input.lines) || input.lines.length === 0) {
    if (isAbsent(input.lines))
      issues.add('taxmath.3.1.required', 'parameter_blank', ['lines'], 'is required');
    else if (Array.isArray(input.lines))
      issues.add('taxmath.3.1.lines', 'parameter_empty', ['lines'], 'needs at least one line');
    else
      issues.add(
        'taxmath.3.1.shape',
        'parameter_invalid',
        ['lines'],
        `must be an array of lines, not ${describe(input.lines)}`,
      );
  } else {
    const scratch: NormalizedTax[] = [];
    const entryTable = new EntryTable();
    const entryScratch: NormalizedLineAllowanceCharge[] = [];
    for (let i = 0; i < input.lines.length; i++) {
      const line = checkLine(
        input.lines[i],
        i,
        issues,
        table,
        scratch,
        method ?? 'half_up',
        entryTable,
        entryScratch,
        uses,
      );
      if (line !== undefined) lines.push(line);
    }
  }
  const allowanceCharges = checkDocumentEntries(
    input.allowance_charges,
    exponent,
    currency,
    lines,
    issues,
    table,
  );

  const amountDue = issues.decimal(input.total_amount_due, LINE_AMOUNT_DECIMALS, false, 'total_amount_due');
  const prepaid = issues.decimal(input.prepaid_amount, LINE_AMOUNT_DECIMALS, false, 'prepaid_amount');
  const rounding = issues.decimal(
    input.payable_rounding_amount,
    LINE_AMOUNT_DECIMALS,
    false,
    'payable_rounding_amount',
  );
  const rate = issues.decimal(input.exchange_rate, RATE_DECIMALS, false, 'exchange_rate');
  const localCurrency = issues.currency(input.local_currency, ['local_currency'], false);

  if (amountDue !== undefined) {
    if (!AMOUNT_DUE_TYPE_CODES.includes(typeof typeCode === 'string' ? typeCode : '')) {
      issues.add(
        AMOUNT_DUE_TYPE_RULE,
        'parameter_invalid',
        ['total_amount_due'],
        `is only allowed on advance invoices (type_code ZAL or KOR_ZAL), not on ${typeof typeCode === 'string' ? typeCode : 'an invoice without type_code'}`,
      );
    }
    // A user-given total is never silently rounded (taxmath.md §3.9, vector E03).
    if (exponent !== undefined && decimalPlaces(amountDue) > exponent) {
      issues.add(
        'taxmath.3.9.amount-due-decimals',
        'parameter_invalid',
        ['total_amount_due'],
        `has more decimals than ${currency} allows (${exponent})`,
      );
    }
    // The advance split (tax = gross × p / (100 + p)) is defined over VAT groups only.
    if (lines.some((line) => line.taxes.some((tax) => tax.kind !== 'vat'))) {
      issues.add(
        'taxmath.3.9.amount-due-vat-only',
        'parameter_invalid',
        ['total_amount_due'],
        'cannot be split over lines with surcharge or withholding taxes',
      );
    }
    if (prepaid !== undefined) {
      issues.add(
        'fiscalkit.totals.amount-due-payable',
        'parameter_invalid',
        ['prepaid_amount'],
        'cannot be given with total_amount_due, which sets payable_amount itself',
      );
    }
    if (rounding !== undefined) {
      issues.add(
        'fiscalkit.totals.amount-due-payable',
        'parameter_invalid',
        ['payable_rounding_amount'],
        'cannot be given with total_amount_due, which sets payable_amount itself',
      );
    }
    // The advance is a gross amount received (spec §2.4); the order's document-level allowances and
    // charges would have to be split into it too, which no rule defines (docs/totals.md §2.3).
    if (Array.isArray(input.allowance_charges) && input.allowance_charges.length > 0) {
      issues.add(
        'fiscalkit.totals.amount-due-allowances',
        'parameter_invalid',
        ['allowance_charges'],
        'cannot be given with total_amount_due: an advance invoice states the amount received; put the allowances and charges on the order’s lines',
      );
    }
  }
  for (const [value, field] of [
    [prepaid, 'prepaid_amount'],
    [rounding, 'payable_rounding_amount'],
  ] as const) {
    if (value !== undefined && exponent !== undefined && decimalPlaces(value) > exponent) {
      issues.add(
        'fiscalkit.totals.currency-decimals',
        'parameter_invalid',
        [field],
        `has more decimals than ${currency} allows (${exponent})`,
      );
    }
  }

  let exchange: NormalizedTotalsInput['exchange'];
  if (rate !== undefined) {
    if (!isPositive(rate)) {
      issues.add(
        'taxmath.3.10.positive-rate',
        'parameter_invalid',
        ['exchange_rate'],
        'must be greater than 0 (local currency units per 1 invoice currency unit)',
      );
    }
    if (isAbsent(input.local_currency)) {
      issues.add(
        'taxmath.3.10.local-currency',
        'parameter_blank',
        ['local_currency'],
        'is required with exchange_rate',
      );
    } else if (localCurrency !== undefined) {
      if (localCurrency === currency && toUnits(rate, RATE_DECIMALS) !== pow10(RATE_DECIMALS)) {
        issues.add(
          'taxmath.3.10.same-currency',
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
      'taxmath.3.10.rate-required',
      'parameter_blank',
      ['exchange_rate'],
      `is required to convert ${currency} into local_currency ${localCurrency}`,
    );
  }

  if (issues.issues.length > 0 || currency === undefined || exponent === undefined || mode === undefined) {
    return { success: false, issues: issues.issues };
  }
  const normalized: NormalizedTotalsInput = {
    currency,
    exponent,
    rounding_method: method ?? 'half_up',
    mode,
    lines,
    allowance_charges: allowanceCharges,
    extended_result: uses.extended,
  };
  if (amountDue !== undefined) normalized.total_amount_due = amountDue;
  if (prepaid !== undefined) normalized.prepaid_amount = prepaid;
  if (rounding !== undefined) normalized.payable_rounding_amount = rounding;
  if (exchange !== undefined) normalized.exchange = exchange;
  return { success: true, data: normalized };
}
