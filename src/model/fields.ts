import { z } from 'zod';
import { isCountryCode } from '../codelists/countries.js';
import { isLanguageCode } from '../codelists/languages.js';
import { isSchemeCode } from '../codelists/schemes.js';
import type { ErrorCode } from '../errors/catalog.js';
import { schemeCode, tinSchemeWord } from '../identifiers/schemeCode.js';
import { isCurrencyCode } from '../money/currencies.js';
import { isDecimalString } from '../money/fixedPoint.js';
import { isLosslessNumber, plainNumberText } from '../money/losslessNumber.js';
import { isIsoDate } from './isoDate.js';

/**
 * The field types every resource is built from (spec §2.1 conventions). Each is a zod schema whose
 * failures carry the service's error codes (read by `issuesFromZod`): a value of the wrong JSON type
 * is `invalid_request_params` (400), a well-typed value outside a catalogue `parameter_inclusion`,
 * any other bad value `parameter_invalid` (422).
 */

/**
 * Options of a custom check that answers with a given catalog code, and names its rule when it applies
 * one of its own (`issuesFromZod` reads `params.rule`; otherwise the schema rule of its code).
 */
function failWith(
  code: ErrorCode,
  message: string,
  rule?: string,
): { message: string; params: { code: ErrorCode; rule?: string } } {
  return { message, params: rule === undefined ? { code } : { code, rule } };
}

/** A lossless JSON number becomes its plain decimal text; anything else is left for the schema. */
function numberAsText(value: unknown): unknown {
  if (isLosslessNumber(value)) return plainNumberText(value.value) ?? value.value;
  return value;
}

/** Upper-cases a code sent as a string (`es` → `ES`); anything else is left for the schema. */
function upperCase(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** Options of {@link decimal}. */
export interface DecimalOptions {
  /** Most decimals accepted; default 8 (KSeF `TKwotowy2`, taxmath.md §3.1). */
  maxDecimals?: number;
  /** `positive` (> 0) or `non_negative` (≥ 0); default any sign. */
  sign?: 'positive' | 'non_negative';
}

/**
 * A decimal amount (spec §2.1; DESIGN.md "Money is never a JS number"): a decimal string such as
 * `"12.50"`, or a lossless JSON number read by the HTTP edge. The output is always the plain decimal
 * string; a JS number is refused as the wrong type, because it may already have lost digits.
 *
 * @example
 * ```ts
 * decimal({ maxDecimals: 2 }).parse('12.50'); // '12.50'
 * decimal().safeParse(12.5).success; // false: 400 invalid_request_params
 * ```
 */
export function decimal(options: DecimalOptions = {}) {
  const maxDecimals = options.maxDecimals ?? 8;
  const sign = options.sign;
  const shape = `a decimal string such as "12.50" with up to 16 integer digits and ${String(maxDecimals)} decimals`;
  return z.preprocess(
    numberAsText,
    z
      .string()
      .refine(
        (value) => isDecimalString(value, maxDecimals),
        failWith('parameter_invalid', `must be ${shape}`),
      )
      .refine(
        (value) =>
          sign === undefined ||
          !isDecimalString(value, maxDecimals) ||
          (sign === 'positive' ? /[1-9]/.test(value) && !value.startsWith('-') : !value.startsWith('-')),
        failWith(
          'parameter_invalid',
          sign === 'positive' ? 'must be greater than zero' : 'must not be negative',
        ),
      ),
  );
}

function identifierValue(value: unknown): unknown {
  const text = isLosslessNumber(value) ? value.value : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) return value;
  // Ids are positive integers; a digit string (as form posts and path segments carry them) is read
  // as one. Anything else stays a string and fails as the wrong type.
  // An id of at most 16 digits is read exactly up to 2^53; the refinement below refuses anything
  // beyond Number.MAX_SAFE_INTEGER, so a rounded value is never used.
  // money-safe: an identifier, not an amount.
  return /^\d{1,16}$/.test(text) ? Number(text) : value;
}

/**
 * A resource identifier (spec §2: `id`, `contact_id`, `parent_id`, … are integers): a positive safe
 * integer, also accepted as a digit string or a lossless JSON number.
 *
 * @example
 * ```ts
 * identifier().parse('42'); // 42
 * identifier().safeParse(-1).success; // false
 * ```
 */
export function identifier() {
  return z.preprocess(
    identifierValue,
    z
      .number()
      .int()
      .refine((value) => value >= 1 && value <= Number.MAX_SAFE_INTEGER, {
        message: 'must be a positive integer id',
      }),
  );
}

/**
 * The truthy and falsy forms of `_destroy` (item 11 of issue #18): Rails clients send the marker as
 * a boolean, a string or a number, and Rails reads them as booleans
 * (`ActiveModel::Type::Boolean`). A JSON number arrives as a lossless number (its text).
 */
const DESTROY_TRUE: ReadonlySet<string> = new Set(['true', '1']);
const DESTROY_FALSE: ReadonlySet<string> = new Set(['false', '0']);

function destroyValue(value: unknown): unknown {
  if (typeof value === 'number') {
    if (value === 1) return true;
    if (value === 0) return false;
    return value;
  }
  const text = isLosslessNumber(value)
    ? value.value
    : typeof value === 'string'
      ? value.trim().toLowerCase()
      : null;
  if (text === null) return value;
  if (DESTROY_TRUE.has(text)) return true;
  if (DESTROY_FALSE.has(text)) return false;
  return value;
}

/**
 * The `_destroy` marker of a nested element on update (`invoice_lines_attributes`,
 * `invoice_references`, `prepayment_references`; spec §2.6, §2.7: "`_destroy` (boolean; with `id`
 * removes the element)"). It takes the forms Rails clients send, as the service (a Rails application,
 * api-notes.md §1) reads them: `true`, `"true"`, `1`, `"1"` remove the element; `false`, `"false"`,
 * `0`, `"0"` keep it (strings in either case); absent or null keep it too. The output is always a
 * boolean (or null/undefined), so every reader tests `_destroy === true`. Any other value (`"yes"`,
 * `2`, an object) is not a boolean: 400 `invalid_request_params`, as every wrong type.
 *
 * @example
 * ```ts
 * destroyFlag().parse('1'); // true
 * destroyFlag().parse('false'); // false
 * destroyFlag().safeParse('yes').success; // false: 400 invalid_request_params
 * ```
 */
export function destroyFlag() {
  return z.preprocess(destroyValue, z.boolean().nullish());
}

/**
 * A date written `YYYY-MM-DD` (spec §2.1 "Dates", rule `spec.2.1.dates`), checked against the calendar.
 *
 * @example
 * ```ts
 * isoDate().parse('2026-04-20'); // '2026-04-20'
 * isoDate().safeParse('20-04-2026').success; // false: 422 parameter_invalid
 * ```
 */
export function isoDate() {
  return z
    .string()
    .refine(isIsoDate, failWith('parameter_invalid', 'must be a date written YYYY-MM-DD', 'spec.2.1.dates'));
}

/**
 * An ISO 3166-1 alpha-2 country code (spec §2.1 "Country", rule `spec.2.1.country`). Accepted in either case (the directory path uses
 * lower case, spec §4.8) and stored upper case.
 *
 * @example
 * ```ts
 * countryCode().parse('es'); // 'ES'
 * countryCode().safeParse('XX').success; // false: 422 parameter_inclusion
 * ```
 */
export function countryCode() {
  return z.preprocess(
    upperCase,
    z
      .string()
      .refine(
        isCountryCode,
        failWith(
          'parameter_inclusion',
          'must be an ISO 3166-1 alpha-2 country code (GET /countries)',
          'spec.2.1.country',
        ),
      ),
  );
}

/**
 * An ISO 4217 currency code (spec §2.1 "Currency", rule `spec.2.1.currency`) that has minor units,
 * stored upper case.
 *
 * @example
 * ```ts
 * currencyCode().parse('eur'); // 'EUR'
 * currencyCode().safeParse('XAU').success; // false: nothing is invoiced in gold
 * ```
 */
export function currencyCode() {
  return z.preprocess(
    upperCase,
    z
      .string()
      .refine(
        isCurrencyCode,
        failWith(
          'parameter_inclusion',
          'must be an ISO 4217 currency code (GET /currencies)',
          'spec.2.1.currency',
        ),
      ),
  );
}

/**
 * An ISO 639-1 language code, stored lower case.
 *
 * @example
 * ```ts
 * languageCode().parse('ES'); // 'es'
 * ```
 */
export function languageCode() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .string()
      .refine(
        isLanguageCode,
        failWith('parameter_inclusion', 'must be an ISO 639-1 language code (GET /languages)'),
      ),
  );
}

function schemeValue(value: unknown): unknown {
  const text = isLosslessNumber(value) ? value.value : value;
  if (typeof text !== 'string') return text;
  return schemeCode(text) ?? text;
}

/**
 * An identifier scheme (ISO 6523 ICD or Peppol EAS code, GET /schemes), stored zero-padded to 4
 * characters as the service returns it (spec §2.2: `7` → `0007`). An unknown scheme is
 * `parameter_inclusion` (spec §7.2 names the scheme as its example).
 *
 * @example
 * ```ts
 * schemeCodeField().parse('9920'); // '9920'
 * schemeCodeField().safeParse('VAT').success; // false: 422 parameter_inclusion
 * ```
 */
export function schemeCodeField() {
  return z.preprocess(
    schemeValue,
    z
      .string()
      .refine(
        isSchemeCode,
        failWith('parameter_inclusion', 'must be a known identifier scheme code (GET /schemes)'),
      ),
  );
}

function tinSchemeValue(value: unknown): unknown {
  const text = isLosslessNumber(value) ? value.value : value;
  if (typeof text !== 'string') return text;
  return tinSchemeWord(text) ?? schemeCode(text) ?? text;
}

/**
 * A `tin_scheme` as a request sends it: a scheme code as {@link schemeCodeField} reads it, or one of
 * the scheme words spec §2.3 gives as examples ("scheme (e.g. VAT, TAX)"), in any case, read as upper
 * case. A word names a code only with the party's country (`tinSchemeCode`), which the rules and the
 * services have and a field does not: they judge it (`tinSchemeIssues`) and store the code
 * (`withTinSchemeCode`), so a word is never stored. Anything else is `parameter_inclusion`.
 *
 * @example
 * ```ts
 * tinSchemeField().parse('vat'); // 'VAT'
 * tinSchemeField().parse('9945'); // '9945'
 * tinSchemeField().safeParse('IVA').success; // false: 422 parameter_inclusion
 * ```
 */
export function tinSchemeField() {
  return z.preprocess(
    tinSchemeValue,
    z
      .string()
      .refine(
        (value) => isSchemeCode(value) || tinSchemeWord(value) !== null,
        failWith(
          'parameter_inclusion',
          'must be a known identifier scheme code (GET /schemes) or a scheme word (VAT, TAX)',
        ),
      ),
  );
}

/**
 * A string of at most `max` characters (longer is `parameter_invalid`).
 *
 * @example
 * ```ts
 * text(3).safeParse('abcd').success; // false
 * ```
 */
export function text(max = 255) {
  return z.string().max(max);
}

/**
 * A required string: absent, null, empty or only whitespace is `parameter_blank`.
 *
 * @example
 * ```ts
 * requiredText().safeParse('').success; // false: 422 parameter_blank
 * ```
 */
export function requiredText(max = 255) {
  // A string of spaces is as blank as an empty one (spec §7.2 "Required field missing or blank"); the
  // refinement skips '' so that an empty string gets one issue (from `.min(1)`), not two.
  return z
    .string()
    .min(1)
    .max(max)
    .refine((value) => value === '' || value.trim() !== '', failWith('parameter_blank', 'must not be blank'));
}

/**
 * An e-mail address: one `@` with something on both sides and no spaces. Deliverability is the
 * mail server's business; this only catches typos such as a missing `@`.
 *
 * @example
 * ```ts
 * email().safeParse('billing@example.com').success; // true
 * ```
 */
export function email() {
  return z
    .string()
    .max(255)
    .refine(
      (value) => /^[^\s@]+@[^\s@]+$/.test(value),
      failWith('parameter_invalid', 'must be an e-mail address'),
    );
}

/**
 * An absolute `http:` or `https:` URL with a host: scheme, `://`, a host (name, IPv4 or bracketed
 * IPv6, optional port), then an optional path, query or fragment, no whitespace. Written as a pattern
 * because the pure core runs on plain ES2022 and does not assume a WHATWG `URL` global.
 *
 * @example
 * ```ts
 * httpUrl().safeParse('https://example.com/hooks').success; // true
 * httpUrl().safeParse('ftp://example.com').success; // false
 * ```
 */
export function httpUrl() {
  return z
    .string()
    .max(2048)
    .refine(
      (value) =>
        /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(
          value,
        ),
      failWith('parameter_invalid', 'must be an absolute http(s) URL'),
    );
}

/**
 * A catalogue value checked by `isMember` (`parameter_inclusion` otherwise, naming the catalogue).
 *
 * @example
 * ```ts
 * codeIn((code) => code === 'A0', 'a communication type').safeParse('A9').success; // false
 * ```
 */
export function codeIn(isMember: (code: string) => boolean, catalogue: string) {
  return z.string().refine(isMember, failWith('parameter_inclusion', `must be ${catalogue}`));
}

/**
 * A closed list of values: a string outside it is `parameter_inclusion` (listing the values), a
 * value of another JSON type `invalid_request_params` like every wrong type.
 *
 * @example
 * ```ts
 * oneOf(['amend', 'prepayment']).parse('amend'); // 'amend'
 * oneOf(['amend', 'prepayment']).safeParse(1).success; // false: 400 invalid_request_params
 * ```
 */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().pipe(z.enum(values));
}

/**
 * An optional field whose blank string means "no value": `""` (or spaces) becomes `null` before the
 * field's own check runs. A client clearing a country, a date or a scheme with `""` means what it
 * means with `null`; only a required field that is blank is `parameter_blank` (spec §7.2).
 *
 * @example
 * ```ts
 * optional(countryCode()).parse(''); // null
 * optional(countryCode()).parse('es'); // 'ES'
 * ```
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullish(),
  );
}
