// money-safe-file: xs:double functions (round, floor, abs, number) follow IEEE 754 as F&O §6.4 defines them; xs:decimal ones use decimal.js.
/**
 * The standard functions (W3C "XQuery 1.0 and XPath 2.0 Functions and Operators", F&O) the EN 16931,
 * Peppol and XRechnung rule sets call, plus the few neighbours a rule set author would expect next to
 * them. Each takes its arguments unevaluated, so that `exists`, `boolean` and the `and` inside them
 * can stop early. An unknown function is refused when the rule set is compiled.
 *
 * @module
 */
import {
  type Atomic,
  arithmetic,
  asDecimal,
  asDouble,
  atomicToString,
  castAtomic,
  compareAtomic,
  isNumeric,
  parseDouble,
  Untyped,
  XPathError,
  XsDecimal,
} from './atomic.js';
import type { DynamicContext, Evaluator, Item } from './context.js';
import type { XdmDocument, XdmElement, XdmNode } from './document.js';
import { xpathRegex } from './regex.js';
import { atomize, atomizeItem, atomizeOptional, effectiveBoolean, isNode, itemString } from './sequence.js';

const EMPTY: Item[] = [];
const TRUE: Item[] = [true];
const FALSE: Item[] = [false];

/** The string of an optional argument: '' for the empty sequence (F&O §7 conventions). */
function stringArg(arg: Evaluator, dynamic: DynamicContext, name: string): string {
  const items = arg(dynamic);
  if (items.length === 1) {
    const item = items[0] as Item;
    if (typeof item === 'string') return item;
    if (isNode(item)) return itemString(item);
  }
  const value = atomizeOptional(items, name);
  return value === undefined ? '' : atomicToString(value);
}

function contextItem(dynamic: DynamicContext, name: string): Item {
  if (dynamic.item === undefined) throw new XPathError('XPDY0002', `${name}() needs a context item`);
  return dynamic.item;
}

function optionalNode(
  args: readonly Evaluator[],
  dynamic: DynamicContext,
  name: string,
): XdmNode | undefined {
  if (args.length === 0) {
    const item = contextItem(dynamic, name);
    if (!isNode(item)) throw new XPathError('XPTY0004', `${name}() needs a node`);
    return item;
  }
  const items = (args[0] as Evaluator)(dynamic);
  if (items.length === 0) return undefined;
  if (items.length > 1 || !isNode(items[0] as Item))
    throw new XPathError('XPTY0004', `${name}() needs one node`);
  return items[0] as XdmNode;
}

/** The string to work on for functions whose argument defaults to the context item (`string()`, `normalize-space()`). */
function stringOrContext(args: readonly Evaluator[], dynamic: DynamicContext, name: string): string {
  if (args.length === 0) return itemString(contextItem(dynamic, name));
  return stringArg(args[0] as Evaluator, dynamic, name);
}

/** F&O §7.4.3 normalize-space: XML whitespace only (not U+00A0). */
function normalizeSpace(text: string): string {
  if (!/[ \t\r\n]/.test(text)) return text;
  return text.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

function hasSurrogates(text: string): boolean {
  return /[\uD800-\uDFFF]/.test(text);
}

/** F&O §7.4.3 substring with its rounding rules, by code point. */
function substring(text: string, start: number, length: number | undefined): string {
  const first = Math.round(start);
  const chars = hasSurrogates(text) ? Array.from(text) : null;
  const size = chars === null ? text.length : chars.length;
  if (Number.isNaN(first)) return '';
  const end = length === undefined ? Number.POSITIVE_INFINITY : first + Math.round(length);
  if (Number.isNaN(end)) return '';
  const from = Math.max(first, 1);
  const to = Math.min(end, size + 1);
  if (to <= from) return '';
  return chars === null ? text.slice(from - 1, to - 1) : chars.slice(from - 1, to - 1).join('');
}

function numericArg(arg: Evaluator, dynamic: DynamicContext, name: string): Atomic | undefined {
  const value = atomizeOptional(arg(dynamic), name);
  if (value === undefined) return undefined;
  if (value instanceof Untyped) return asDouble(value);
  if (!isNumeric(value)) throw new XPathError('XPTY0004', `${name}() needs a number`);
  return value;
}

/** A decimal rounded to `precision` places, negative places meaning tens, hundreds… (F&O 3.0 §4.4.4, §4.4.5). */
function roundDecimal(value: XsDecimal, precision: number, mode: DecimalRounding): XsDecimal {
  if (precision >= 0) return value.toDecimalPlaces(precision, mode);
  const scale = new XsDecimal(10).pow(-precision);
  return value.dividedBy(scale).toDecimalPlaces(0, mode).times(scale);
}

type DecimalRounding = typeof XsDecimal.ROUND_HALF_CEIL | typeof XsDecimal.ROUND_HALF_EVEN;

/** fn:round and fn:round-half-to-even on any numeric type, keeping the type (F&O §6.4.4, §6.4.5). */
function roundNumeric(value: Atomic, precision: number, mode: DecimalRounding): Atomic {
  if (typeof value === 'bigint') {
    if (precision >= 0) return value;
    return BigInt(roundDecimal(new XsDecimal(value.toString()), precision, mode).toFixed());
  }
  if (value instanceof XsDecimal) return roundDecimal(value, precision, mode);
  const double = value as number;
  if (!Number.isFinite(double) || double === 0) return double;
  // JS rounds halves toward +∞, as F&O §6.4.4 does
  if (precision === 0 && mode === XsDecimal.ROUND_HALF_CEIL) return Math.round(double);
  const rounded = roundDecimal(new XsDecimal(double), precision, mode).toNumber();
  return rounded === 0 && double < 0 ? -0 : rounded;
}

function sum(values: Atomic[], zero: Item[] | undefined): Item[] {
  if (values.length === 0) return zero ?? [0n];
  let total: Atomic = values[0] instanceof Untyped ? asDouble(values[0]) : (values[0] as Atomic);
  if (!isNumeric(total)) throw new XPathError('FORG0006', 'sum() of non-numeric values');
  for (let i = 1; i < values.length; i += 1) {
    const raw = values[i] as Atomic;
    const value = raw instanceof Untyped ? asDouble(raw) : raw;
    if (!isNumeric(value)) throw new XPathError('FORG0006', 'sum() of non-numeric values'); // F&O §15.4.5
    total = arithmetic(total, value, '+');
  }
  return [total];
}

function codepoints(text: string): Item[] {
  const out: Item[] = [];
  for (const char of text) out.push(BigInt(char.codePointAt(0) as number));
  return out;
}

function distinct(values: Atomic[]): Item[] {
  const out: Atomic[] = [];
  for (const raw of values) {
    const value = raw instanceof Untyped ? raw.value : raw;
    const seen = out.some((other) => {
      // NaN is distinct from everything but NaN (F&O §15.1.6).
      if (
        typeof other === 'number' &&
        typeof value === 'number' &&
        Number.isNaN(other) &&
        Number.isNaN(value)
      )
        return true;
      try {
        return compareAtomic(other, value, 'eq');
      } catch {
        return false;
      }
    });
    if (!seen) out.push(value);
  }
  return out;
}

/**
 * A replacement string of fn:replace (F&O §7.6.3): text, and the digits of each `$N` (`$0` the whole
 * match, a group the pattern lacks the empty string); `\$` and `\\` are literal, any other `$` or `\`
 * is FORX0004. Used through a callback, so JavaScript's own `$&`, `$'` and `$$` never apply.
 */
function replacementParts(replacement: string): (string | { digits: string })[] {
  const parts: (string | { digits: string })[] = [];
  let text = '';
  for (let i = 0; i < replacement.length; i += 1) {
    const c = replacement[i] as string;
    if (c === '\\') {
      const next = replacement[i + 1];
      if (next !== '$' && next !== '\\')
        throw new XPathError('FORX0004', `invalid replacement string "${replacement}"`);
      text += next;
      i += 1;
    } else if (c === '$') {
      const digits = /^[0-9]+/.exec(replacement.slice(i + 1));
      if (digits === null) throw new XPathError('FORX0004', `invalid replacement string "${replacement}"`);
      if (text !== '') parts.push(text);
      text = '';
      parts.push({ digits: digits[0] });
      i += digits[0].length;
    } else text += c;
  }
  if (text !== '') parts.push(text);
  return parts;
}

type Builtin = { min: number; max: number; make: (args: readonly Evaluator[]) => Evaluator };

const fixed = (min: number, max: number, make: (args: readonly Evaluator[]) => Evaluator): Builtin => ({
  min,
  max,
  make,
});

const arg = (args: readonly Evaluator[], index: number): Evaluator => args[index] as Evaluator;

const BUILTINS: ReadonlyMap<string, Builtin> = new Map<string, Builtin>([
  ['true', fixed(0, 0, () => () => TRUE)],
  ['false', fixed(0, 0, () => () => FALSE)],
  ['not', fixed(1, 1, (args) => (d) => (effectiveBoolean(arg(args, 0)(d)) ? FALSE : TRUE))],
  ['boolean', fixed(1, 1, (args) => (d) => (effectiveBoolean(arg(args, 0)(d)) ? TRUE : FALSE))],
  ['exists', fixed(1, 1, (args) => (d) => (arg(args, 0)(d).length > 0 ? TRUE : FALSE))],
  ['empty', fixed(1, 1, (args) => (d) => (arg(args, 0)(d).length === 0 ? TRUE : FALSE))],
  ['count', fixed(1, 1, (args) => (d) => [BigInt(arg(args, 0)(d).length)])],
  ['position', fixed(0, 0, () => (d) => [BigInt(d.position)])],
  ['last', fixed(0, 0, () => (d) => [BigInt(d.size)])],
  ['data', fixed(1, 1, (args) => (d) => atomize(arg(args, 0)(d)))],
  ['string', fixed(0, 1, (args) => (d) => [stringOrContext(args, d, 'string')])],
  [
    'normalize-space',
    fixed(0, 1, (args) => (d) => [normalizeSpace(stringOrContext(args, d, 'normalize-space'))]),
  ],
  [
    'string-length',
    fixed(0, 1, (args) => (d) => [BigInt(Array.from(stringOrContext(args, d, 'string-length')).length)]),
  ],
  ['upper-case', fixed(1, 1, (args) => (d) => [stringArg(arg(args, 0), d, 'upper-case').toUpperCase()])],
  ['lower-case', fixed(1, 1, (args) => (d) => [stringArg(arg(args, 0), d, 'lower-case').toLowerCase()])],
  [
    'number',
    fixed(0, 1, (args) => (d) => {
      const value =
        args.length === 0
          ? atomizeItem(contextItem(d, 'number'))
          : atomizeOptional(arg(args, 0)(d), 'number');
      if (value === undefined) return [Number.NaN];
      if (typeof value === 'string' || value instanceof Untyped) return [parseDouble(atomicToString(value))];
      if (typeof value === 'boolean') return [value ? 1 : 0];
      if (isNumeric(value)) return [asDouble(value)];
      return [Number.NaN];
    }),
  ],
  [
    'substring',
    fixed(2, 3, (args) => (d) => {
      const text = stringArg(arg(args, 0), d, 'substring');
      const start = asDouble(numericArg(arg(args, 1), d, 'substring') ?? Number.NaN);
      const length =
        args.length === 3 ? asDouble(numericArg(arg(args, 2), d, 'substring') ?? Number.NaN) : undefined;
      return [substring(text, start, length)];
    }),
  ],
  [
    'contains',
    fixed(2, 2, (args) => {
      // The code-list rules ask `contains(' AED AFN … ZWL ', concat(' ', $code, ' '))` of every line:
      // a long, unchanging list searched for a few distinct codes. A call site remembers its answers
      // for the last long list it saw (bounded), so each code is searched for once.
      let list: string | undefined;
      let answers = new Map<string, boolean>();
      return (d) => {
        const text = stringArg(arg(args, 0), d, 'contains');
        const search = stringArg(arg(args, 1), d, 'contains');
        if (text.length < 256) return text.includes(search) ? TRUE : FALSE;
        if (text !== list || answers.size > 4096) {
          list = text;
          answers = new Map();
        }
        let found = answers.get(search);
        if (found === undefined) {
          found = text.includes(search);
          answers.set(search, found);
        }
        return found ? TRUE : FALSE;
      };
    }),
  ],
  [
    'starts-with',
    fixed(
      2,
      2,
      (args) => (d) =>
        stringArg(arg(args, 0), d, 'starts-with').startsWith(stringArg(arg(args, 1), d, 'starts-with'))
          ? TRUE
          : FALSE,
    ),
  ],
  [
    'ends-with',
    fixed(
      2,
      2,
      (args) => (d) =>
        stringArg(arg(args, 0), d, 'ends-with').endsWith(stringArg(arg(args, 1), d, 'ends-with'))
          ? TRUE
          : FALSE,
    ),
  ],
  [
    'substring-before',
    fixed(2, 2, (args) => (d) => {
      const text = stringArg(arg(args, 0), d, 'substring-before');
      const index = text.indexOf(stringArg(arg(args, 1), d, 'substring-before'));
      return [index < 0 ? '' : text.slice(0, index)];
    }),
  ],
  [
    'substring-after',
    fixed(2, 2, (args) => (d) => {
      const text = stringArg(arg(args, 0), d, 'substring-after');
      const search = stringArg(arg(args, 1), d, 'substring-after');
      const index = text.indexOf(search);
      return [index < 0 ? '' : text.slice(index + search.length)];
    }),
  ],
  [
    'concat',
    fixed(2, Number.POSITIVE_INFINITY, (args) => (d) => {
      let out = '';
      for (const part of args) out += stringArg(part, d, 'concat');
      return [out];
    }),
  ],
  [
    'string-join',
    fixed(1, 2, (args) => (d) => {
      const parts = atomize(arg(args, 0)(d)).map(atomicToString);
      return [parts.join(args.length === 2 ? stringArg(arg(args, 1), d, 'string-join') : '')];
    }),
  ],
  [
    'translate',
    fixed(3, 3, (args) => (d) => {
      const text = stringArg(arg(args, 0), d, 'translate');
      const from = Array.from(stringArg(arg(args, 1), d, 'translate'));
      const to = Array.from(stringArg(arg(args, 2), d, 'translate'));
      let out = '';
      for (const char of text) {
        const index = from.indexOf(char);
        if (index < 0) out += char;
        else if (index < to.length) out += to[index];
      }
      return [out];
    }),
  ],
  [
    'matches',
    fixed(2, 3, (args) => (d) => {
      const flags = args.length === 3 ? stringArg(arg(args, 2), d, 'matches') : '';
      return [
        xpathRegex(stringArg(arg(args, 1), d, 'matches'), flags).test(stringArg(arg(args, 0), d, 'matches')),
      ];
    }),
  ],
  [
    'replace',
    fixed(3, 4, (args) => (d) => {
      const flags = args.length === 4 ? stringArg(arg(args, 3), d, 'replace') : '';
      const regex = xpathRegex(stringArg(arg(args, 1), d, 'replace'), flags, true);
      if (regex.test('')) throw new XPathError('FORX0003', 'replace() pattern matches the empty string');
      regex.lastIndex = 0;
      const parts = replacementParts(stringArg(arg(args, 2), d, 'replace'));
      return [
        stringArg(arg(args, 0), d, 'replace').replace(regex, (...match: unknown[]) => {
          // The callback's arguments: the match, each group, then offset and input (and groups object).
          const groups = match.findIndex((value) => typeof value === 'number') - 1;
          let out = '';
          for (const part of parts) {
            if (typeof part === 'string') {
              out += part;
              continue;
            }
            // $N takes as many digits as name a group that exists; the rest are text (F&O §7.6.3).
            let digits = part.digits;
            while (digits.length > 1 && Number.parseInt(digits, 10) > groups) digits = digits.slice(0, -1);
            const group = match[Number.parseInt(digits, 10)];
            out += (typeof group === 'string' ? group : '') + part.digits.slice(digits.length);
          }
          return out;
        }),
      ];
    }),
  ],
  [
    'tokenize',
    fixed(1, 3, (args) => (d) => {
      const text = stringArg(arg(args, 0), d, 'tokenize');
      if (args.length === 1) {
        const trimmed = normalizeSpace(text);
        return trimmed === '' ? EMPTY : trimmed.split(' ');
      }
      if (text === '') return EMPTY;
      const flags = args.length === 3 ? stringArg(arg(args, 2), d, 'tokenize') : '';
      const regex = xpathRegex(stringArg(arg(args, 1), d, 'tokenize'), flags, true);
      if (regex.test('')) throw new XPathError('FORX0003', 'tokenize() pattern matches the empty string');
      regex.lastIndex = 0;
      const out: Item[] = [];
      let last = 0;
      for (const match of text.matchAll(regex)) {
        out.push(text.slice(last, match.index));
        last = (match.index as number) + match[0].length;
      }
      out.push(text.slice(last));
      return out;
    }),
  ],
  [
    'string-to-codepoints',
    fixed(1, 1, (args) => (d) => codepoints(stringArg(arg(args, 0), d, 'string-to-codepoints'))),
  ],
  [
    'codepoints-to-string',
    fixed(1, 1, (args) => (d) => [
      atomize(arg(args, 0)(d))
        .map((value) => String.fromCodePoint(Number(castAtomic(value, 'xs:integer') as bigint)))
        .join(''),
    ]),
  ],
  ['reverse', fixed(1, 1, (args) => (d) => arg(args, 0)(d).slice().reverse())],
  ['distinct-values', fixed(1, 1, (args) => (d) => distinct(atomize(arg(args, 0)(d))))],
  [
    'index-of',
    fixed(2, 2, (args) => (d) => {
      const search = atomizeOptional(arg(args, 1)(d), 'index-of');
      if (search === undefined) return EMPTY;
      const wanted = search instanceof Untyped ? search.value : search;
      const out: Item[] = [];
      atomize(arg(args, 0)(d)).forEach((raw, index) => {
        const value = raw instanceof Untyped ? raw.value : raw;
        try {
          if (compareAtomic(value, wanted, 'eq')) out.push(BigInt(index + 1));
        } catch {
          // values of other types are simply not equal (F&O §15.1.3)
        }
      });
      return out;
    }),
  ],
  [
    'subsequence',
    fixed(2, 3, (args) => (d) => {
      const items = arg(args, 0)(d);
      const start = Math.round(asDouble(numericArg(arg(args, 1), d, 'subsequence') ?? Number.NaN));
      const length =
        args.length === 3
          ? Math.round(asDouble(numericArg(arg(args, 2), d, 'subsequence') ?? Number.NaN))
          : Number.POSITIVE_INFINITY;
      return items.filter((_, index) => index + 1 >= start && index + 1 < start + length);
    }),
  ],
  [
    'sum',
    fixed(
      1,
      2,
      (args) => (d) => sum(atomize(arg(args, 0)(d)), args.length === 2 ? arg(args, 1)(d) : undefined),
    ),
  ],
  [
    'avg',
    fixed(1, 1, (args) => (d) => {
      const values = atomize(arg(args, 0)(d));
      if (values.length === 0) return EMPTY;
      const total = sum(values, undefined)[0] as Atomic;
      return [arithmetic(total, BigInt(values.length), 'div')];
    }),
  ],
  ...(['min', 'max'] as const).map((name): [string, Builtin] => [
    name,
    fixed(1, 1, (args) => (d) => {
      const values = atomize(arg(args, 0)(d)).map((value) =>
        value instanceof Untyped ? asDouble(value) : value,
      );
      if (values.length === 0) return EMPTY;
      // Numbers are promoted to their common type, and a NaN makes the answer NaN (F&O §15.4.3, §15.4.4).
      if (values.every(isNumeric)) {
        if (values.some((value) => typeof value === 'number')) {
          const doubles = values.map(asDouble);
          if (doubles.some(Number.isNaN)) return [Number.NaN];
          return [name === 'min' ? Math.min(...doubles) : Math.max(...doubles)];
        }
        if (values.some((value) => value instanceof XsDecimal)) {
          const decimals = values.map(asDecimal);
          return [
            decimals.reduce((best, value) =>
              value.comparedTo(best) === (name === 'min' ? -1 : 1) ? value : best,
            ),
          ];
        }
      }
      let best = values[0] as Atomic;
      for (const value of values.slice(1)) {
        let better: boolean;
        try {
          better = compareAtomic(value, best, name === 'min' ? 'lt' : 'gt');
        } catch (error) {
          // Values of no common type are FORG0006 here (F&O §15.4.3, §15.4.4), not a comparison's XPTY0004.
          if (error instanceof XPathError)
            throw new XPathError('FORG0006', `${name}() of values that do not compare`);
          throw error;
        }
        if (better) best = value;
      }
      return [best];
    }),
  ]),
  [
    'abs',
    fixed(1, 1, (args) => (d) => {
      const value = numericArg(arg(args, 0), d, 'abs');
      if (value === undefined) return EMPTY;
      if (typeof value === 'bigint') return [value < 0n ? -value : value];
      if (value instanceof XsDecimal) return [value.abs()];
      return [Math.abs(value as number)];
    }),
  ],
  ...(['floor', 'ceiling'] as const).map((name): [string, Builtin] => [
    name,
    fixed(1, 1, (args) => (d) => {
      const value = numericArg(arg(args, 0), d, name);
      if (value === undefined) return EMPTY;
      if (typeof value === 'bigint') return [value];
      if (value instanceof XsDecimal) return [name === 'floor' ? value.floor() : value.ceil()];
      return [name === 'floor' ? Math.floor(value as number) : Math.ceil(value as number)];
    }),
  ]),
  [
    'round',
    fixed(1, 2, (args) => (d) => {
      const value = numericArg(arg(args, 0), d, 'round');
      if (value === undefined) return EMPTY;
      const precision =
        args.length === 2
          ? Number(castAtomic(atomizeOptional(arg(args, 1)(d), 'round') ?? 0n, 'xs:integer'))
          : 0;
      return [roundNumeric(value, precision, XsDecimal.ROUND_HALF_CEIL)];
    }),
  ],
  [
    'round-half-to-even',
    fixed(1, 2, (args) => (d) => {
      const value = numericArg(arg(args, 0), d, 'round-half-to-even');
      if (value === undefined) return EMPTY;
      const precision =
        args.length === 2
          ? Number(castAtomic(atomizeOptional(arg(args, 1)(d), 'round') ?? 0n, 'xs:integer'))
          : 0;
      return [roundNumeric(value, precision, XsDecimal.ROUND_HALF_EVEN)];
    }),
  ],
  [
    'name',
    fixed(0, 1, (args) => (d) => {
      const node = optionalNode(args, d, 'name');
      if (node === undefined || node.kind === 'document' || node.kind === 'text') return [''];
      return [node.name];
    }),
  ],
  [
    'local-name',
    fixed(0, 1, (args) => (d) => {
      const node = optionalNode(args, d, 'local-name');
      if (node === undefined || node.kind === 'document' || node.kind === 'text') return [''];
      return [node.local];
    }),
  ],
  [
    'namespace-uri',
    fixed(0, 1, (args) => (d) => {
      const node = optionalNode(args, d, 'namespace-uri');
      if (node === undefined || node.kind === 'document' || node.kind === 'text') return [''];
      return [node.namespace];
    }),
  ],
  [
    'root',
    fixed(0, 1, (args) => (d) => {
      let node = optionalNode(args, d, 'root');
      if (node === undefined) return EMPTY;
      while (node.parent !== null) node = node.parent as XdmElement | XdmDocument;
      return [node];
    }),
  ],
  [
    'exactly-one',
    fixed(1, 1, (args) => (d) => {
      const items = arg(args, 0)(d);
      if (items.length !== 1) throw new XPathError('FORG0005', `exactly-one() got ${items.length} items`);
      return items;
    }),
  ],
  [
    'zero-or-one',
    fixed(1, 1, (args) => (d) => {
      const items = arg(args, 0)(d);
      if (items.length > 1) throw new XPathError('FORG0003', `zero-or-one() got ${items.length} items`);
      return items;
    }),
  ],
  [
    'one-or-more',
    fixed(1, 1, (args) => (d) => {
      const items = arg(args, 0)(d);
      if (items.length === 0) throw new XPathError('FORG0004', 'one-or-more() got no items');
      return items;
    }),
  ],
]);

/**
 * The compiled call of a standard function with its compiled arguments, or undefined when there is no
 * such function with that many arguments (the caller refuses it with XPST0017).
 *
 * @example
 * ```ts
 * builtinFunction('true', [])?.(context); // [true]
 * builtinFunction('no-such-function', []); // undefined
 * ```
 */
export function builtinFunction(name: string, args: readonly Evaluator[]): Evaluator | undefined {
  const builtin = BUILTINS.get(name);
  if (builtin === undefined || args.length < builtin.min || args.length > builtin.max) return undefined;
  return builtin.make(args);
}
