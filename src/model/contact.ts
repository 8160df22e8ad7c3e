import { z } from 'zod';
import { isTransportTypeCode } from '../codelists/transportTypes.js';
import type { Validated } from '../errors/validationIssue.js';
import { BankAccountSchema } from './bankAccount.js';
import {
  codeIn,
  countryCode,
  currencyCode,
  email,
  identifier,
  languageCode,
  optional,
  requiredText,
  schemeCodeField,
  text,
  tinSchemeField,
} from './fields.js';
import { type Operation, parseWith } from './parse.js';
import { RoutingCodesSchema } from './routingCodes.js';

/**
 * The writable fields of a contact (spec §2.3, named as from v2025-10-13): tax identifier split into
 * `tin_scheme` + `tin_value`, company identifier `cin_scheme` + `cin_value`, `routing_codes` always
 * inside its wrapper, `bank_account` as an object, `parent_id` for offices. Name, address and
 * role fields are not listed by the spec ("not shown") but every document needs them.
 */
const writable = {
  name: requiredText(),
  /** A scheme code, or a scheme word (`VAT`, `TAX`, spec §2.3) stored as its code (`withTinSchemeCode`). */
  tin_scheme: optional(tinSchemeField()),
  tin_value: text(64).nullish(),
  cin_scheme: optional(schemeCodeField()),
  cin_value: text(64).nullish(),
  routing_codes: RoutingCodesSchema.nullish(),
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
  transport_type_code: optional(codeIn(isTransportTypeCode, 'a transport type code (GET /transport_types)')),
  document_type_code: text(64).nullish(),
  certified_email: optional(email()),
  recipient_code: text(7).nullish(),
  bank_account: BankAccountSchema.nullish(),
  bank_account_number: text(64).nullish(),
  contact_person: text().nullish(),
  parent_id: optional(identifier()),
  party_identification: text().nullish(),
  is_client: z.boolean().nullish(),
  /** Defaults to true from v2026-03-02 (api-notes.md §3.2). */
  is_provider: z.boolean().nullish(),
};

/** Body of POST /accounts/{account}/contacts and PUT /contacts/{id}: `name` and `country` required. */
export const ContactCreateSchema = z.object(writable);
/** Body of PATCH /contacts/{id}: every field optional. */
export const ContactUpdateSchema = ContactCreateSchema.partial();

/** A contact as sent on create. */
export type ContactCreate = z.output<typeof ContactCreateSchema>;
/** A contact update. */
export type ContactUpdate = z.output<typeof ContactUpdateSchema>;

/** A contact as stored and returned (newest version's shape). */
export const ContactSchema = z.object({
  ...writable,
  // Stored and returned as a code: a word is resolved before it is stored.
  tin_scheme: optional(schemeCodeField()),
  id: identifier(),
  account_id: identifier(),
  routing_codes: RoutingCodesSchema,
  is_client: z.boolean(),
  is_provider: z.boolean(),
});

/** A stored contact. */
export type Contact = z.output<typeof ContactSchema>;

/**
 * Parses a contact request body (the object inside `{"contact": …}`); the cross-field and office
 * rules are `contactIssues` in `src/rules`.
 *
 * @example
 * ```ts
 * const result = parseContact({ name: 'Office Madrid', country: 'ES', parent_id: 7 }, 'create');
 * result.success && result.data.parent_id; // 7
 * ```
 */
export function parseContact(input: unknown, operation: 'create'): Validated<ContactCreate>;
export function parseContact(input: unknown, operation: 'update'): Validated<ContactUpdate>;
export function parseContact(input: unknown, operation: Operation): Validated<ContactUpdate>;
export function parseContact(input: unknown, operation: Operation): Validated<ContactUpdate> {
  return parseWith(operation === 'create' ? ContactCreateSchema : ContactUpdateSchema, input);
}
