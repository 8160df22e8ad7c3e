import { z } from 'zod';
import { isTransportTypeCode } from '../codelists/transportTypes.js';
import type { Validated } from '../errors/validationIssue.js';
import { codeIn, identifier, oneOf, optional, requiredText, schemeCodeField, text } from './fields.js';
import { type Operation, parseWith } from './parse.js';

/**
 * The values of `sml_status` and `peppol_directory_status` (spec §2.8, §3.2). Publication runs in
 * the background; clients poll these two fields (spec §2.8 rule 2).
 */
export const PEPPOL_PUBLICATION_STATUSES = ['not_published', 'processing', 'published'] as const;

/** One Peppol publication status. */
export type PeppolPublicationStatus = (typeof PEPPOL_PUBLICATION_STATUSES)[number];

/**
 * A transport type code from the catalogue of GET /transport_types (spec §4.7); unknown is
 * `parameter_inclusion`.
 */
const transportTypeCode = () => codeIn(isTransportTypeCode, 'a transport type code (GET /transport_types)');

/**
 * The writable fields of a transport (spec §2.8). A transport's `code` is the code of its transport
 * type (the service's transports guide: "code is the unique identifier of a Transport type"; a
 * Peppol transport is created "with code peppol"), which is why a transport type code is unique per
 * account (spec §7.2 `parameter_taken`). `code` is therefore optional on create and, when sent, must
 * name the same type as `transport_type_code` (`transportCodeIssues` in `src/rules`).
 *
 * Not here, because they are not in the canonical model: `standard_documents` and
 * `pending_peppol_directory_publish` (removed in v2026-04-20, spec §2.8 rule 1; a sent
 * `standard_documents` is silently ignored, which `parseWith` does by dropping unknown keys), and the
 * read-only `sml_status`, `peppol_directory_status` and `reception_document_types`, which are
 * likewise dropped when sent.
 */
const writable = {
  code: text(64).nullish(),
  transport_type_code: transportTypeCode(),
  enabled: z.boolean().nullish(),
  /** Receive documents too, not only send (and publish the reception capabilities in the SMP). */
  reception: z.boolean().nullish(),
  invoice: z.boolean().nullish(),
  credit_note: z.boolean().nullish(),
  self_billing: z.boolean().nullish(),
  order: z.boolean().nullish(),
  application_response: z.boolean().nullish(),
  /** Participant identifier scheme, zero-padded to 4 characters (ISO 6523 ICD / Peppol EAS). */
  pin_scheme: optional(schemeCodeField()),
  /** Participant identifier value. */
  pin_value: text(64).nullish(),
};

/** Body of POST /accounts/{account}/transports and PUT /transports/{code}: `transport_type_code` required. */
export const TransportCreateSchema = z.object(writable);
/** Body of PATCH /transports/{code}: every field optional. */
export const TransportUpdateSchema = TransportCreateSchema.partial();

/** A transport as sent on create. */
export type TransportCreate = z.output<typeof TransportCreateSchema>;
/** A transport update. */
export type TransportUpdate = z.output<typeof TransportUpdateSchema>;

/** One document type the participant can receive (spec §2.8 `reception_document_types`). */
export const ReceptionDocumentTypeSchema = z.object({
  code: requiredText(),
  name: text(),
});

/** A receivable document type. */
export type ReceptionDocumentType = z.output<typeof ReceptionDocumentTypeSchema>;

/**
 * A transport as stored and returned (spec §2.8, newest version's shape): every flag resolved, the
 * publication statuses, and the document types the participant receives, which are empty when
 * `reception` is false (spec §2.8). `account_id` is the owner (DESIGN.md tenancy); the path names a
 * transport by its `code` within the account.
 */
export const TransportSchema = z
  .object({
    account_id: identifier(),
    code: requiredText(64),
    transport_type_code: transportTypeCode(),
    enabled: z.boolean(),
    reception: z.boolean(),
    invoice: z.boolean(),
    credit_note: z.boolean(),
    self_billing: z.boolean(),
    order: z.boolean(),
    application_response: z.boolean(),
    pin_scheme: schemeCodeField().nullable(),
    pin_value: text(64).nullable(),
    sml_status: oneOf(PEPPOL_PUBLICATION_STATUSES),
    peppol_directory_status: oneOf(PEPPOL_PUBLICATION_STATUSES),
    reception_document_types: z.array(ReceptionDocumentTypeSchema),
  })
  .refine((transport) => transport.reception || transport.reception_document_types.length === 0, {
    message: 'must be empty when reception is false',
    path: ['reception_document_types'],
  });

/** A stored transport. */
export type Transport = z.output<typeof TransportSchema>;

/**
 * A transport as the store keeps it: with an `id`, since repositories are keyed by id; the wire
 * addresses it by `code` (spec §2.8), unique within its account, and never shows the id.
 */
export type StoredTransport = Transport & { readonly id: number };

/**
 * Parses a transport request body (the object inside `{"transport": …}`): structure and field values
 * only; the code and uniqueness rules are `transportIssues` (`transportCodeIssues`, `transportTypeTakenIssues`) in
 * `src/rules`.
 *
 * @example
 * ```ts
 * const result = parseTransport({ transport_type_code: 'peppol', standard_documents: ['x'] }, 'create');
 * result.success && 'standard_documents' in result.data; // false: silently ignored (spec §2.8 rule 1)
 * ```
 */
export function parseTransport(input: unknown, operation: 'create'): Validated<TransportCreate>;
export function parseTransport(input: unknown, operation: 'update'): Validated<TransportUpdate>;
export function parseTransport(input: unknown, operation: Operation): Validated<TransportUpdate>;
export function parseTransport(input: unknown, operation: Operation): Validated<TransportUpdate> {
  return parseWith(operation === 'create' ? TransportCreateSchema : TransportUpdateSchema, input);
}

/**
 * The stored transport for a parsed, rule-checked create request. Defaults are fiscalkit's (the spec
 * shows none): `enabled` true, since creating a transport is how it is enabled (the transports guide:
 * "To enable Peppol create a Transport with code peppol"); every document flag and `reception`
 * false, so nothing is published that the client did not ask for; both publication statuses
 * `not_published`, as nothing has been published yet; no receivable document types. `code` is the
 * transport type code when not sent (or sent blank).
 *
 * @example
 * ```ts
 * newTransport({ transport_type_code: 'peppol', reception: true }, { account_id: 9 }).sml_status; // 'not_published'
 * ```
 */
export function newTransport(input: TransportCreate, owner: { account_id: number }): Transport {
  return {
    account_id: owner.account_id,
    // A blank code counts as not sent (the presence rule of `isPresent`).
    code:
      input.code !== null && input.code !== undefined && input.code.trim() !== ''
        ? input.code
        : input.transport_type_code,
    transport_type_code: input.transport_type_code,
    enabled: input.enabled ?? true,
    reception: input.reception ?? false,
    invoice: input.invoice ?? false,
    credit_note: input.credit_note ?? false,
    self_billing: input.self_billing ?? false,
    order: input.order ?? false,
    application_response: input.application_response ?? false,
    pin_scheme: input.pin_scheme ?? null,
    pin_value: input.pin_value ?? null,
    sml_status: 'not_published',
    peppol_directory_status: 'not_published',
    reception_document_types: [],
  };
}

/**
 * The `reception_document_types` to return (spec §2.8): the configured types when `reception` is
 * true, none otherwise ("empty when `reception` is false or no reception services are configured").
 *
 * @example
 * ```ts
 * receptionDocumentTypes(false, [{ code: 'invoice', name: 'Invoice' }]); // []
 * ```
 */
export function receptionDocumentTypes(
  reception: boolean,
  configured: readonly ReceptionDocumentType[],
): ReceptionDocumentType[] {
  return reception ? configured.map((type) => ({ ...type })) : [];
}
