/**
 * What a transport says about its Peppol participant (spec §2.8): whether it is to be published, the
 * document types it receives, and which publication request a write makes. Pure functions over the
 * canonical transport; the transport service and its publication job share them.
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';
import type { PeppolPublicationEvent } from '../lifecycle/peppolPublication.js';
import type { ReceptionDocumentType, Transport } from '../model/transport.js';
import { issueAt } from '../rules/issue.js';

/** The transport type whose participants are published in the SML and the Peppol Directory. */
export const PEPPOL_TRANSPORT_TYPE = 'peppol';

/**
 * The document flags of a transport and the document type each one lets the participant receive
 * (spec §2.8 `reception_document_types`, `{code, name}`). The spec shows no codes; fiscalkit names
 * each type after its flag, in `TransportSchema` order, so a client reads the list back against the
 * flags it set.
 */
export const RECEPTION_DOCUMENT_TYPES: readonly (ReceptionDocumentType & {
  readonly flag: 'invoice' | 'credit_note' | 'self_billing' | 'order' | 'application_response';
})[] = [
  { flag: 'invoice', code: 'invoice', name: 'Invoice' },
  { flag: 'credit_note', code: 'credit_note', name: 'Credit note' },
  { flag: 'self_billing', code: 'self_billing', name: 'Self-billing invoice' },
  { flag: 'order', code: 'order', name: 'Order' },
  { flag: 'application_response', code: 'application_response', name: 'Invoice response' },
];

/**
 * The document types a transport's flags configure, receiving or not: "reception services" of spec
 * §2.8. `receptionDocumentTypes(reception, configuredDocumentTypes(transport))` is what the transport
 * returns (none while `reception` is false).
 *
 * @example
 * ```ts
 * configuredDocumentTypes({ invoice: true, credit_note: false, self_billing: false, order: true, application_response: false });
 * // [{ code: 'invoice', name: 'Invoice' }, { code: 'order', name: 'Order' }]
 * ```
 */
export function configuredDocumentTypes(
  transport: Pick<Transport, 'invoice' | 'credit_note' | 'self_billing' | 'order' | 'application_response'>,
): ReceptionDocumentType[] {
  return RECEPTION_DOCUMENT_TYPES.filter(({ flag }) => transport[flag]).map(({ code, name }) => ({
    code,
    name,
  }));
}

/**
 * Whether a transport's participant belongs in the SML and the Peppol Directory: a `peppol`
 * transport that is `enabled` and names its participant (`pin_scheme` and a non-blank `pin_value`).
 * A Peppol transport without an identifier is simply not published (the spec asks for none): it can
 * still send.
 *
 * @example
 * ```ts
 * isPublishable({ transport_type_code: 'peppol', enabled: true, pin_scheme: '9920', pin_value: 'ESB12345674' }); // true
 * isPublishable({ transport_type_code: 'peppol', enabled: false, pin_scheme: '9920', pin_value: 'ESB12345674' }); // false
 * ```
 */
export function isPublishable(
  transport: Pick<Transport, 'transport_type_code' | 'enabled' | 'pin_scheme' | 'pin_value'>,
): boolean {
  return (
    transport.transport_type_code === PEPPOL_TRANSPORT_TYPE &&
    transport.enabled &&
    transport.pin_scheme !== null &&
    transport.pin_value !== null &&
    transport.pin_value.trim() !== ''
  );
}

/** The fields the SML and the directory hold for a participant: a change means republishing. */
const PARTICIPANT_FIELDS = [
  'pin_scheme',
  'pin_value',
  'reception',
  'invoice',
  'credit_note',
  'self_billing',
  'order',
  'application_response',
] as const;

/**
 * The publication request a write of a transport makes (spec §2.8 rule 2), or null for none:
 *
 * - `publish` when the transport is publishable and was not, or its identifier or receiving
 *   capabilities changed (a republication), or a status is `not_published` (nothing has been
 *   published yet, e.g. on create);
 * - `unpublish` when it is not publishable but was (disabled, identifier cleared), or a status is
 *   still `published` (a DELETE is {@link deletionRequest});
 * - nothing otherwise: an edit of another field, or a request already under way (`processing` with
 *   the same intent).
 *
 * @example
 * ```ts
 * publicationRequest(stored, { ...stored, enabled: false }); // { type: 'unpublish' } when stored was published
 * publicationRequest(null, created); // { type: 'publish' } for a publishable new transport
 * ```
 */
export function publicationRequest(
  before: Transport | null,
  after: Transport,
): PeppolPublicationEvent | null {
  const publishable = isPublishable(after);
  const wasPublishable = before !== null && isPublishable(before);
  const statuses = [after.sml_status, after.peppol_directory_status];
  if (publishable) {
    const changed = before !== null && PARTICIPANT_FIELDS.some((field) => before[field] !== after[field]);
    return !wasPublishable || changed || statuses.includes('not_published') ? { type: 'publish' } : null;
  }
  if (statuses.every((status) => status === 'not_published')) return null;
  return wasPublishable || statuses.includes('published') ? { type: 'unpublish' } : null;
}

/**
 * The request of a DELETE: `unpublish` unless nothing is published or under way.
 *
 * @example
 * ```ts
 * deletionRequest({ sml_status: 'published', peppol_directory_status: 'published' }); // { type: 'unpublish' }
 * deletionRequest({ sml_status: 'not_published', peppol_directory_status: 'not_published' }); // null
 * ```
 */
export function deletionRequest(
  transport: Pick<Transport, 'sml_status' | 'peppol_directory_status'>,
): PeppolPublicationEvent | null {
  return transport.sml_status === 'not_published' && transport.peppol_directory_status === 'not_published'
    ? null
    : { type: 'unpublish' };
}

/**
 * A participant identifier value as compared by lookups: upper case, without spaces, dots, dashes or
 * slashes (Peppol participant identifiers are case-insensitive, Peppol Policy for use of Identifiers
 * §3.4, and people write VAT numbers with separators). With `country`, a leading country prefix equal
 * to it is dropped as well, so `ESB12345674` and `B12345674` are the same Spanish identifier.
 *
 * @example
 * ```ts
 * normalizeParticipantValue('es-b12.345.674', 'ES'); // 'B12345674'
 * normalizeParticipantValue('5790 0004 35975'); // '5790000435975'
 * ```
 */
export function normalizeParticipantValue(value: string, country?: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '');
  const prefix = country?.toUpperCase();
  return prefix !== undefined && compact.length > prefix.length && compact.startsWith(prefix)
    ? compact.slice(prefix.length)
    : compact;
}

/**
 * The participant identifier is a pair: a `pin_value` without `pin_scheme`, or the reverse, is
 * `parameter_blank` at the missing one. The spec is silent for transports; fiscalkit applies the rule
 * spec §2.2 rule 1 states for every other scheme and value pair (`cinN_value` / `cinN_scheme`), since
 * a value without its scheme names no participant. Run on the transport as it would be stored.
 *
 * @example
 * ```ts
 * participantPairIssues({ pin_scheme: null, pin_value: 'ESB12345674' });
 * // [{ rule: 'fiscalkit.transport.pin-pair', code: 'parameter_blank', param: 'pin_scheme', message: 'pin_scheme is required when pin_value is set' }]
 * ```
 */
export function participantPairIssues(
  transport: Pick<Transport, 'pin_scheme' | 'pin_value'>,
): ValidationIssue[] {
  const hasScheme = transport.pin_scheme !== null;
  const hasValue = transport.pin_value !== null && transport.pin_value.trim() !== '';
  if (hasScheme === hasValue) return [];
  return hasValue
    ? [
        issueAt(
          'fiscalkit.transport.pin-pair',
          'parameter_blank',
          ['pin_scheme'],
          'is required when pin_value is set',
        ),
      ]
    : [
        issueAt(
          'fiscalkit.transport.pin-pair',
          'parameter_blank',
          ['pin_value'],
          'is required when pin_scheme is set',
        ),
      ];
}
