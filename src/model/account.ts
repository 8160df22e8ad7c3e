import { z } from 'zod';
import { isTransportTypeCode } from '../codelists/transportTypes.js';
import type { Validated } from '../errors/validationIssue.js';
import {
  codeIn,
  countryCode,
  currencyCode,
  email,
  identifier,
  languageCode,
  oneOf,
  optional,
  requiredText,
  schemeCodeField,
  text,
  tinSchemeField,
} from './fields.js';
import { type Operation, parseWith } from './parse.js';
import { RoutingCodesSchema } from './routingCodes.js';

/**
 * The account's rounding vocabulary as the service writes it (api-notes.md §10): `half_up`
 * (default), and the historical `bankers` and `truncate`, which `roundingMethodFromAccount` maps to
 * the totals engine's `half_even` and `down`.
 */
export const ACCOUNT_ROUNDING_METHODS = ['half_up', 'bankers', 'truncate'] as const;

/**
 * The writable fields of an account (spec §2.2; api-notes.md §10 for the rounding fields). The spec
 * shows only part of the field list ("not shown beyond the fields given"); the identity and address
 * fields below are the ones every other part of fiscalkit reads (KSeF `Podmiot1`, SII titular, the
 * Belgian OGM rule).
 */
const writable = {
  name: requiredText(),
  /** A scheme code, or a scheme word (`VAT`, `TAX`, spec §2.3) stored as its code (`withTinSchemeCode`). */
  tin_scheme: optional(tinSchemeField()),
  tin_value: text(64).nullish(),
  /** The primary company identifier (spec §2.2 `cin`), with its scheme. */
  cin_scheme: optional(schemeCodeField()),
  cin_value: text(64).nullish(),
  /**
   * Spec §2.2 `cin`, "the primary identifier": the same identifier as `cin_value`, under the name the
   * spec gives it. Either name may be sent (both with different values is 422 at `cin`,
   * `primaryCinIssues`); both are stored and returned, always equal (`withPrimaryCin`).
   */
  cin: text(64).nullish(),
  address: text().nullish(),
  address2: text().nullish(),
  city: text().nullish(),
  postalcode: text(32).nullish(),
  province: text().nullish(),
  country: countryCode(),
  currency: optional(currencyCode()),
  language: optional(languageCode()),
  email: optional(email()),
  phone: text(64).nullish(),
  website: text().nullish(),
  routing_codes: RoutingCodesSchema.nullish(),
  auto_remittance: z.boolean().nullish(),
  apply_taxes_per_line: z.boolean().nullish(),
  skip_line_taxable_base_rounding: z.boolean().nullish(),
  rounding_method: optional(oneOf(ACCOUNT_ROUNDING_METHODS)),
  round_before_sum: z.boolean().nullish(),
  transport_type_code: optional(codeIn(isTransportTypeCode, 'a transport type code (GET /transport_types)')),
  document_type_code: text(64).nullish(),
};

/** Body of POST /accounts and PUT /accounts/{account} (spec §4.4): `name` and `country` required. */
export const AccountCreateSchema = z.object(writable);
/** A partial account update: every field optional. */
export const AccountUpdateSchema = AccountCreateSchema.partial();

/** An account as sent on create. */
export type AccountCreate = z.output<typeof AccountCreateSchema>;
/** An account update: any subset of the writable fields. */
export type AccountUpdate = z.output<typeof AccountUpdateSchema>;

/**
 * An account as fiscalkit stores and returns it (newest version's shape): the writable fields with
 * their defaults applied (spec §2.2: `auto_remittance` and `skip_line_taxable_base_rounding` default
 * false) plus the read-only ones.
 */
export const AccountSchema = z.object({
  ...writable,
  // Stored and returned as a code: a word is resolved before it is stored.
  tin_scheme: optional(schemeCodeField()),
  id: identifier(),
  routing_codes: RoutingCodesSchema,
  auto_remittance: z.boolean(),
  apply_taxes_per_line: z.boolean(),
  skip_line_taxable_base_rounding: z.boolean(),
  rounding_method: oneOf(ACCOUNT_ROUNDING_METHODS),
  round_before_sum: z.boolean(),
  has_logo: z.boolean(),
  archived: z.boolean(),
});

/** A stored account. */
export type Account = z.output<typeof AccountSchema>;

/**
 * Parses an account request body (the object inside `{"account": …}`): structure and field values
 * only; the cross-field rules are `accountIssues` in `src/rules`.
 *
 * @example
 * ```ts
 * const result = parseAccount({ name: 'ACME SL', country: 'es', tin_scheme: '9920' }, 'create');
 * result.success && result.data.country; // 'ES'
 * ```
 */
export function parseAccount(input: unknown, operation: 'create'): Validated<AccountCreate>;
export function parseAccount(input: unknown, operation: 'update'): Validated<AccountUpdate>;
export function parseAccount(input: unknown, operation: Operation): Validated<AccountUpdate>;
export function parseAccount(input: unknown, operation: Operation): Validated<AccountUpdate> {
  return parseWith(operation === 'create' ? AccountCreateSchema : AccountUpdateSchema, input);
}
