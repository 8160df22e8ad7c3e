/**
 * How `fiscalkit/postgres` writes a stored value as JSON text and reads it back, losslessly (ports.ts:
 * "values crossing a port are JSON-like data … and immutable value objects such as lossless-json's
 * `LosslessNumber`").
 *
 * Plain JSON cannot carry that: a `LosslessNumber('12.50')` and the JS number `12.5` are both a JSON
 * number, and `jsonb` normalises number text (`1e3` becomes `1000`). PostgreSQL's `jsonb` also refuses
 * two kinds of string JavaScript allows: one with a NUL character, and one with a lone UTF-16
 * surrogate. So the encoding tags exactly those, as one-key objects whose key starts with `~`:
 *
 * - a `LosslessNumber` is `{"~n": "<its text>"}`, the text kept character for character;
 * - a string `jsonb` would refuse is `{"~s": "<escaped>"}` (`\` as `\\`, the refused characters as
 *   `\uXXXX`, written out as six plain characters);
 * - an object key that starts with `~`, or that `jsonb` would refuse, is written `~` + its escaped form,
 *   so that a stored key never looks like a tag (`~n` would be `~~n`).
 *
 * Everything else is written as `JSON.stringify` writes it: JS numbers are numbers (finite ones: JSON
 * has no NaN), so the encoded text is exact JSON and native `JSON.parse` reads it back exactly; a record
 * without tags (the usual case: the services keep amounts as decimal strings) costs one native
 * `JSON.stringify` and one native `JSON.parse`. Object keys keep their order, because reads decode the
 * text the adapter wrote, not `jsonb`'s re-sorted rendering of it (see `repository.ts`).
 *
 * @module
 */
import { LosslessNumber } from 'lossless-json';
import { isLosslessNumber } from '../../money/losslessNumber.js';
import type { FieldValue } from '../../ports.js';

/** The tag of a lossless number. */
const NUMBER_TAG = '~n';
/** The tag of a string `jsonb` refuses. */
const STRING_TAG = '~s';

/**
 * A character `jsonb` (and a PostgreSQL `text`) refuses: NUL, or a UTF-16 surrogate that is not part of
 * a pair (it has no UTF-8 form).
 */
const REFUSED = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const REFUSED_OR_BACKSLASH = /\\|\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESCAPE = /\\(?:\\|u([0-9a-f]{4}))/g;

/**
 * `text` with `\` doubled and every character PostgreSQL text refuses as `\uXXXX` (six plain
 * characters): a text PostgreSQL stores, and no two texts share an escaped form.
 *
 * @example
 * ```ts
 * escapeText('B12345674\u0000ACME'); // 'B12345674\\u0000ACME' (a backslash, u, 0000)
 * escapeText('a\\b'); // 'a\\\\b'
 * ```
 */
export function escapeText(text: string): string {
  if (!text.includes('\\') && !REFUSED.test(text)) return text;
  return text.replace(REFUSED_OR_BACKSLASH, (character) =>
    character === '\\' ? '\\\\' : `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The text {@link escapeText} escaped.
 *
 * @example
 * ```ts
 * unescapeText(escapeText('a\u0000b')); // 'a\u0000b'
 * ```
 */
export function unescapeText(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(ESCAPE, (_match, hex: string | undefined) =>
    hex === undefined ? '\\' : String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** Sets `record[key]`, also for an own `__proto__` key (which `JSON.parse` can give) as data. */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function encodeKey(key: string): string {
  return key.startsWith('~') || REFUSED.test(key) ? `~${escapeText(key)}` : key;
}

function decodeKey(key: string): string {
  return key.startsWith('~') ? unescapeText(key.slice(1)) : key;
}

/** A value JSON leaves out of an object (and writes as null in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** Whether `value` needs more than `JSON.stringify` to be written losslessly; throws on what cannot be. */
function needsTags(value: unknown, path: string): boolean {
  switch (typeof value) {
    case 'string':
      return REFUSED.test(value);
    case 'number':
      if (!Number.isFinite(value))
        throw new TypeError(`${path} is ${String(value)}: JSON has no such number`);
      return false;
    case 'bigint':
      throw new TypeError(`${path} is a bigint: store it as a decimal string or a LosslessNumber`);
    case 'object': {
      if (value === null) return false;
      if (Array.isArray(value)) {
        let tags = false;
        // money-safe: an index, not an amount.
        for (let index = 0; index < value.length; index += 1)
          if (needsTags(value[index], `${path}[${String(index)}]`)) tags = true;
        return tags;
      }
      if (!isPlainObject(value)) {
        if (isLosslessNumber(value)) return true;
        const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
        throw new TypeError(`${path} is a ${name}: only JSON data and LosslessNumbers can be stored`);
      }
      let tags = false;
      for (const key of Object.keys(value)) {
        const child = (value as Record<string, unknown>)[key];
        if (omitted(child)) continue;
        if (encodeKey(key) !== key || needsTags(child, `${path}.${key}`)) tags = true;
      }
      return tags;
    }
    default:
      return false;
  }
}

/** `value` with tags in place of what plain JSON cannot carry (only called when {@link needsTags}). */
function tagged(value: unknown): unknown {
  if (typeof value === 'string') return REFUSED.test(value) ? { [STRING_TAG]: escapeText(value) } : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => (omitted(item) ? null : tagged(item)));
  if (isLosslessNumber(value)) return { [NUMBER_TAG]: value.value };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (!omitted(child)) put(out, encodeKey(key), tagged(child));
  }
  return out;
}

/**
 * The JSON text that stores `value`: plain JSON data as `JSON.stringify` writes it, with lossless
 * numbers and the strings `jsonb` refuses tagged (see the module comment), so that PostgreSQL accepts
 * it as `jsonb` and {@link decodeJson} gives back an equal value. Throws a TypeError for what is not
 * JSON data (a NaN, a bigint, a class instance other than a lossless number).
 *
 * @example
 * ```ts
 * encodeJson({ id: 1, amount: new LosslessNumber('12.50') }); // '{"id":1,"amount":{"~n":"12.50"}}'
 * encodeJson({ id: 1, name: 'ACME' }); // '{"id":1,"name":"ACME"}'
 * ```
 */
export function encodeJson(value: unknown): string {
  if (value === undefined) throw new TypeError('cannot store undefined');
  return JSON.stringify(needsTags(value, 'value') ? tagged(value) : value);
}

/** The value a parsed, tagged JSON value stands for. */
function untagged(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // money-safe: an index, not an amount.
    for (let index = 0; index < value.length; index += 1) value[index] = untagged(value[index]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const tag = keys[0];
    const text = record[tag as string];
    if (tag === NUMBER_TAG || tag === STRING_TAG) {
      if (typeof text !== 'string') throw new SyntaxError(`a ${tag} tag holds a string, not ${typeof text}`);
      return tag === NUMBER_TAG ? new LosslessNumber(text) : unescapeText(text);
    }
  }
  if (!keys.some((key) => key.startsWith('~'))) {
    for (const key of keys) record[key] = untagged(record[key]);
    return record;
  }
  // A key changes: rebuild the object so that the keys keep their order.
  const out: Record<string, unknown> = {};
  for (const key of keys) put(out, decodeKey(key), untagged(record[key]));
  return out;
}

/**
 * The value {@link encodeJson} wrote: fresh objects and arrays on every call (a reader may change
 * them without reaching anything stored), lossless numbers as lossless-json `LosslessNumber`s with
 * their exact text, JS numbers as JS numbers.
 *
 * @example
 * ```ts
 * decodeJson('{"id":1,"amount":{"~n":"12.50"}}'); // { id: 1, amount: LosslessNumber('12.50') }
 * ```
 */
export function decodeJson(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  // Every tag and escaped key is a JSON string starting with `~`: without one, nothing to undo.
  return text.includes('"~') ? untagged(parsed) : parsed;
}

/**
 * The `jsonb` text a {@link FieldValue} is stored as inside an encoded body (a string `jsonb` refuses
 * is tagged, as {@link encodeJson} tags it), for comparing a stored field with it; null for a number
 * that is not finite, which no stored field can equal.
 *
 * @example
 * ```ts
 * encodeFieldValue('F-2026/1'); // '"F-2026/1"'
 * encodeFieldValue(20); // '20' (never equal to the string '20')
 * ```
 */
export function encodeFieldValue(value: Exclude<FieldValue, null>): string | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return encodeJson(value);
}

/**
 * The name an object key is stored under in an encoded body (see the module comment).
 *
 * @example
 * ```ts
 * encodedKey('number'); // 'number'
 * encodedKey('~odd'); // '~~odd'
 * ```
 */
export function encodedKey(key: string): string {
  return encodeKey(key);
}
