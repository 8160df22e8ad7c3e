/**
 * The transport a write stores, shaped from the request (spec §2.8): blank identifiers are no
 * identifiers, `reception_document_types` is derived from the flags, and an update replaces only the
 * fields it sends. Pure functions; the store's id never leaves the service ({@link toTransport}).
 *
 * @module
 */
import {
  newTransport,
  receptionDocumentTypes,
  type StoredTransport,
  type Transport,
  type TransportCreate,
  type TransportUpdate,
} from '../model/transport.js';
import { configuredDocumentTypes } from './transportParticipant.js';

/**
 * The transport as the wire knows it: without the store's id.
 *
 * @example
 * ```ts
 * toTransport({ ...transport, id: 12 }); // the transport, no `id`
 * ```
 */
export function toTransport(stored: StoredTransport): Transport {
  const { id: _id, ...transport } = stored;
  return transport;
}

/** A transport field sent as blank is no value (the presence rule of `isPresent`). */
function blankAsNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** The derived field: the configured document types while receiving (spec §2.8). */
function withDocumentTypes<T extends Transport>(transport: T): T {
  return {
    ...transport,
    reception_document_types: receptionDocumentTypes(transport.reception, configuredDocumentTypes(transport)),
  };
}

/**
 * The transport a create request describes (`newTransport`'s defaults), its blank participant
 * identifier cleared and its document types derived; not yet stored (no id).
 *
 * @example
 * ```ts
 * draftTransport({ transport_type_code: 'peppol', pin_scheme: '9920', pin_value: ' ' }, 7).pin_value; // null
 * ```
 */
export function draftTransport(request: TransportCreate, account_id: number): Transport {
  const drafted = newTransport(request, { account_id });
  return withDocumentTypes({
    ...drafted,
    pin_scheme: blankAsNull(drafted.pin_scheme),
    pin_value: blankAsNull(drafted.pin_value),
  });
}

/**
 * The stored transport with an update applied: every field sent replaces the stored one; a `null`
 * switch keeps the stored value (a switch has no "no value"), a `null` or blank `pin_scheme` /
 * `pin_value` clears it. `code` and `transport_type_code` never change (`transportCodeIssues`).
 *
 * @example
 * ```ts
 * applyTransportUpdate(stored, { reception: true, invoice: true }).reception_document_types; // [{ code: 'invoice', … }]
 * ```
 */
export function applyTransportUpdate(stored: StoredTransport, update: TransportUpdate): StoredTransport {
  const pin = (field: 'pin_scheme' | 'pin_value') =>
    update[field] === undefined ? stored[field] : blankAsNull(update[field]);
  return withDocumentTypes({
    ...stored,
    enabled: update.enabled ?? stored.enabled,
    reception: update.reception ?? stored.reception,
    invoice: update.invoice ?? stored.invoice,
    credit_note: update.credit_note ?? stored.credit_note,
    self_billing: update.self_billing ?? stored.self_billing,
    order: update.order ?? stored.order,
    application_response: update.application_response ?? stored.application_response,
    pin_scheme: pin('pin_scheme'),
    pin_value: pin('pin_value'),
  });
}
