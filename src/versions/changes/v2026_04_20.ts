import { KSEF_TYPE_CODES } from '../../codelists/invoiceTypes.js';
import {
  addedFields,
  type ResourceChange,
  removedField,
  renamedField,
  type VersionChanges,
} from '../change.js';
import { type JsonObject, omitPath } from '../fieldPath.js';

/*
 * v2026-04-20 over v2026-03-02: one ResourceChange per difference of spec §9 "Changes in
 * v2026-04-20" and the resource sections it points to (§2.2, §2.3, §2.4, §2.5, §2.6, §2.7, §2.8, §2.10, §6), with api-notes.md §3.3.
 *
 * Order matters inside this list: a response is downgraded by the changes from the LAST of the list
 * to the first (serialize applies the chain newest first), a request upgraded from the first to the
 * last. A change that derives an old field from a field another change removes (the transport's
 * `pending_peppol_directory_publish` from `peppol_directory_status`) therefore comes after it.
 *
 * Not here: the two validations that start with this version (spec §2.3 rule 1, §2.4 rule 3) are
 * `versionHas` behaviours (`behaviours.ts`); the TIN verification endpoints' availability is the
 * protocol's (`protocol.ts`).
 */

/** Whether `value` is a plain JSON object (not an array, not null). */
function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The flat amendment fields of v2026-03-02 and earlier, each with the field of the single `amend`
 * reference of `invoice_references` it became (spec §2.4 rule 2, §2.6; api-notes.md §3.3), and
 * whether that reference field is write-only in the newest version (spec §2.6).
 */
const FLAT_AMEND_FIELDS = [
  { flat: 'amended_number', reference: 'number', writeOnly: false },
  { flat: 'amended_date', reference: 'date', writeOnly: false },
  { flat: 'amended_invoicing_period_start', reference: 'invoicing_period_start', writeOnly: true },
  { flat: 'amended_invoicing_period_end', reference: 'invoicing_period_end', writeOnly: true },
  { flat: 'amend_reason', reference: 'reason', writeOnly: false },
  { flat: 'amend_code_tax', reference: 'tax_correction_code', writeOnly: true },
  { flat: 'correction_method', reference: 'correction_method', writeOnly: false },
] as const;

/** The `amend` element of an `invoice_references` value, if any (spec §8: at most one per invoice). */
function amendReferenceOf(references: unknown): JsonObject | undefined {
  if (!Array.isArray(references)) return undefined;
  return references.find(
    (reference): reference is JsonObject => isObject(reference) && reference.reference_type === 'amend',
  );
}

/** The stored amend reference a response's amend reference stands for (same `id`). */
function storedAmendReference(stored: JsonObject | undefined, amend: JsonObject): JsonObject | undefined {
  if (stored === undefined || !Array.isArray(stored.invoice_references)) return undefined;
  return stored.invoice_references.find(
    (reference): reference is JsonObject => isObject(reference) && reference.id === amend.id,
  );
}

/**
 * Response: `invoice_references` becomes the flat fields, in its place. The visible fields come from
 * the response's amend reference; the three fields that are write-only in the newest version (the
 * invoicing period and `tax_correction_code`, spec §2.6) are read from the stored resource
 * (`DowngradeContext.stored`), because v2026-03-02 and earlier returned every flat amendment field
 * (issue 4: older versions "still accept and return them"). No amend reference: every flat field null.
 * Prepayment references have no older form and are left out.
 */
function flatAmendFields(response: JsonObject, stored: JsonObject | undefined): JsonObject {
  const amend = amendReferenceOf(response.invoice_references);
  const storedAmend = amend === undefined ? undefined : storedAmendReference(stored, amend);
  const flat: JsonObject = {};
  for (const { flat: name, reference, writeOnly } of FLAT_AMEND_FIELDS)
    flat[name] = (writeOnly ? storedAmend?.[reference] : amend?.[reference]) ?? null;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(response)) {
    if (key === 'invoice_references') Object.assign(result, flat);
    else result[key] = value;
  }
  return Object.hasOwn(response, 'invoice_references') ? result : { ...result, ...flat };
}

/**
 * Request: the flat fields become one `{reference_type: 'amend', …}` element of
 * `invoice_references`; an `invoice_references` sent in an older request is dropped (the field did
 * not exist before v2026-04-20). Only the flat fields sent are mapped (a PATCH leaves the others
 * alone); a flat field sent as null clears its reference field.
 * - With a stored amend reference (an update; `UpgradeContext.stored` in canonical shape) the element
 *   carries its `id`, so it edits that reference instead of adding a second one (spec §8: at most one
 *   amend reference). When the edit would leave the reference without any value at all, the element
 *   deletes it (`{id, _destroy: true}`): in the flat vocabulary an invoice whose amendment fields are
 *   all null amends nothing.
 * - Without one (a create, or an invoice that amends nothing yet), flat fields that are all null add
 *   nothing: an older response carries every flat field, null when there is no amendment, and a
 *   client that sends such a response back has not asked for an empty amend reference.
 * - No flat field sent: no `invoice_references` at all, so the stored references stay as they are.
 */
function amendReferenceFromFlatFields(
  request: JsonObject,
  stored: JsonObject | null | undefined,
): JsonObject {
  const sent = FLAT_AMEND_FIELDS.filter(({ flat }) => Object.hasOwn(request, flat));
  let upgraded = omitPath(request, 'invoice_references');
  for (const { flat } of sent) upgraded = omitPath(upgraded, flat);
  if (sent.length === 0) return upgraded;
  const fields: JsonObject = {};
  for (const { flat, reference } of sent) fields[reference] = request[flat];
  const storedAmend = amendReferenceOf(stored?.invoice_references);
  const isValue = (value: unknown) => value !== null && value !== undefined;
  if (storedAmend === undefined || !isValue(storedAmend.id)) {
    if (!Object.values(fields).some(isValue)) return upgraded;
    return { ...upgraded, invoice_references: [{ reference_type: 'amend', ...fields }] };
  }
  const merged = { ...storedAmend, ...fields };
  const remaining = Object.entries(merged).some(
    ([key, value]) => key !== 'id' && key !== 'reference_type' && isValue(value),
  );
  const element = remaining
    ? { id: storedAmend.id, reference_type: 'amend', ...fields }
    : { id: storedAmend.id, _destroy: true };
  return { ...upgraded, invoice_references: [element] };
}

/** Spec §2.4 rule 2, §2.6, §9 "Changed (breaking)"; api-notes.md §3.3. */
const invoiceReferencesReplaceFlatAmendFields: ResourceChange = {
  kind: 'invoice',
  description:
    'spec §9 "Changed (breaking)", §2.4 rule 2, §2.6: invoice_references replaces the flat amend fields ' +
    '(amended_number, amended_date, amended_invoicing_period_start/_end, amend_reason, amend_code_tax, ' +
    'correction_method), mapped to and from the single amend reference',
  added: ['invoice_references'],
  removed: FLAT_AMEND_FIELDS.map(({ flat }) => flat),
  downgrade: (response, context) => flatAmendFields(response, context.stored),
  upgrade: (request, context) => amendReferenceFromFlatFields(request, context.stored),
};

const KSEF_INVOICE_TYPE_CODES: ReadonlySet<unknown> = new Set(KSEF_TYPE_CODES);

/**
 * Spec §9 "Added: … KSeF type codes", §2.4 `type_code`, §2.9, §4.6 ("PUT and POST accept the type
 * codes of 2.9"). A value, not a field, so no path changes. fiscalkit's reading:
 * - older responses: a KSeF `type_code` (`VAT`, `KOR`, `ZAL`, `ROZ`, `UPR`, `KOR_ZAL`, `KOR_ROZ`) is
 *   null, the way every v2026-04-20 addition is absent from them; the other codes are unchanged;
 * - older requests: a KSeF `type_code` is ignored like every other v2026-04-20 addition (spec §9),
 *   the invoice is read as sent without a type code. An upgrade cannot refuse a request, and a client
 *   of an older version cannot mean the KSeF rules that come with these codes (`total_amount_due`,
 *   prepayment references), which it cannot send either.
 * The Ksef tax report's `invoice_type_code` is not touched: Ksef reports (FA(3) `RodzajFaktury`, which
 * has always had these seven codes) predate v2026-04-20 (api-notes.md §3.2 lists Ksef report fields of
 * v2026-03-02), and the code is required there.
 */
const ksefInvoiceTypeCodes: ResourceChange = {
  kind: 'invoice',
  description:
    'spec §9 "Added: KSeF type codes", §2.9, §4.6: invoice type_code ZAL, ROZ, KOR_ZAL, KOR_ROZ, KOR, VAT, UPR ' +
    '(null in older responses, ignored in older requests)',
  downgrade: (response) =>
    KSEF_INVOICE_TYPE_CODES.has(response.type_code) ? { ...response, type_code: null } : response,
  upgrade: (request, context) => {
    if (KSEF_INVOICE_TYPE_CODES.has(request.type_code)) return omitPath(request, 'type_code');
    // The null an older client was shown for a stored KSeF code, sent back in a read-modify-write,
    // means "unchanged", not "clear it": the client could not see the code.
    if (request.type_code === null && KSEF_INVOICE_TYPE_CODES.has(context.stored?.type_code))
      return omitPath(request, 'type_code');
    return request;
  },
};

/** The transport's document flags, in `TransportSchema` order: what `standard_documents` lists. */
const TRANSPORT_DOCUMENT_FLAGS = ['invoice', 'credit_note', 'self_billing', 'order', 'application_response'];

/** The event that came with v2026-04-20 (spec §6, §9 "Added: TIN verification endpoints and event"). */
const TIN_VERIFICATION_FINISHED = 'tin_verification.finished';

/** `events` without `tin_verification.finished` (a value that is not a list is left for the parser). */
function withoutTinVerificationEvent(subscription: JsonObject): JsonObject {
  const events = subscription.events;
  if (!Array.isArray(events) || !events.includes(TIN_VERIFICATION_FINISHED)) return subscription;
  return { ...subscription, events: events.filter((event) => event !== TIN_VERIFICATION_FINISHED) };
}

/**
 * Spec §6, §9 "Added: TIN verification endpoints and event". Older responses do not list the event
 * in `web_hook.events`; older requests that name it are read without it (ignored, like every
 * v2026-04-20 addition, spec §9, and an upgrade cannot refuse a request). A list that names only this
 * event is thereby empty, which the parser answers with `parameter_empty` at `events`, so an older
 * client never gets a subscription that listens to nothing.
 */
const tinVerificationEvent: ResourceChange = {
  kind: 'web_hook',
  description:
    'spec §6, §9 "Added: TIN verification endpoints and event": tin_verification.finished in web_hook.events ' +
    '(absent from older responses, ignored in older requests)',
  downgrade: withoutTinVerificationEvent,
  upgrade: (request, context) => {
    const upgraded = withoutTinVerificationEvent(request);
    // An older client replaces `events` with the list it can see; a stored subscription to the event
    // it cannot see (made by a v2026-04-20 client) is kept, not silently dropped.
    const stored = context.stored?.events;
    if (
      !Array.isArray(upgraded.events) ||
      !Array.isArray(stored) ||
      !stored.includes(TIN_VERIFICATION_FINISHED)
    )
      return upgraded;
    return { ...upgraded, events: [...upgraded.events, TIN_VERIFICATION_FINISHED] };
  },
};

/** v2026-04-20 over v2026-03-02 (spec §9 "Changes in v2026-04-20", api-notes.md §3.3). */
export const V2026_04_20: VersionChanges = {
  version: '2026-04-20',
  summary: 'TIN verification, routing codes, invoice_references, KSeF fields, Peppol statuses (spec §9).',
  changes: [
    renamedField(
      'invoice',
      'lines[].clasification_code_scheme',
      'classification_code_scheme',
      'spec §9: classification_code_scheme replaces the misspelt clasification_code_scheme on invoice lines',
      { requestOldPath: 'invoice_lines_attributes[].clasification_code_scheme' },
    ),
    invoiceReferencesReplaceFlatAmendFields,
    removedField(
      'invoice',
      'payment_method_info',
      // fiscalkit never stored it (it is not in the canonical model), so older versions return null.
      'spec §9 "Removed", §2.4 rule 1: payment_method_info is no longer returned (older versions return null)',
      () => null,
    ),
    addedFields(
      'account',
      ['routing_codes', 'auto_remittance', 'skip_line_taxable_base_rounding'],
      'spec §9 "Added", §2.2: account routing_codes, auto_remittance, skip_line_taxable_base_rounding',
    ),
    addedFields(
      'invoice',
      ['contact.cin_value', 'contact.cin_scheme'],
      'spec §9 "Added", §2.4, §4.6: invoice contact cin_value/cin_scheme in responses ' +
        '(an inline contact on create is a contact, whose cin fields exist since v2025-10-13, §2.3: still accepted)',
      { acceptedInOlderRequests: true },
    ),
    addedFields(
      'invoice',
      ['exchange_rate', 'exchange_date', 'order_date'],
      'spec §9 "Added", §2.4: exchange_rate, exchange_date, order_date in invoice responses ' +
        '(§2.4: "Response (from v2026-04-20); also accepted on input": still accepted in older requests)',
      { acceptedInOlderRequests: true },
    ),
    addedFields(
      'invoice',
      [],
      'spec §9 "Added", §2.4: total_amount_due (write-only, never returned; ignored in older requests)',
      { requestPaths: ['total_amount_due'] },
    ),
    addedFields(
      'invoice',
      ['third_party', 'apply_to_local_government_unit', 'apply_to_vat_group_member'],
      'spec §9 "Added", §2.4, §2.5: third_party, apply_to_local_government_unit, apply_to_vat_group_member ' +
        '(absent from older responses even when included)',
    ),
    ksefInvoiceTypeCodes,
    addedFields(
      'tax_report',
      [
        'customer_party_jst',
        'customer_party_gv',
        'purchase_order_date',
        'despatch_advice_reference',
        'supplier_party_krs',
        'supplier_party_regon',
        'supplier_party_bdo',
        'supplier_contact_phone',
        'supplier_contact_email',
        'previous_advance_total',
        'order_total_amount',
        'prepayment_references',
        'third_party_role',
        'third_party_address',
        'third_party_postalcode',
        'third_party_city',
        'third_party_name',
        'third_party_id',
        'third_party_scheme',
        'third_party_tax_id',
        'third_party_tax_scheme',
        'third_party_country',
        'third_party_endpoint_id',
      ],
      'spec §9 "Added: KSeF tax report fields", §2.7: the Ksef fields customer_party_jst … third_party_endpoint_id',
    ),
    addedFields(
      'transport',
      ['sml_status', 'peppol_directory_status'],
      'spec §9 "Added: Peppol transport status fields", §2.8, §3.2: sml_status, peppol_directory_status',
    ),
    // After the status fields: downgrades run from the end of this list, so these still see them.
    removedField(
      'transport',
      'standard_documents',
      'spec §9 "Removed", §2.8 rule 1: standard_documents is no longer returned ' +
        '(older versions: the names of the enabled document flags; ignored when sent)',
      // fiscalkit's derivation (the spec shows no value): the document flags that are on.
      (response) => TRANSPORT_DOCUMENT_FLAGS.filter((flag) => response[flag] === true),
    ),
    removedField(
      'transport',
      'pending_peppol_directory_publish',
      'spec §9 "Removed", §2.8 rule 1: pending_peppol_directory_publish is no longer returned ' +
        '(older versions: peppol_directory_status is processing)',
      (response) => response.peppol_directory_status === 'processing',
    ),
    tinVerificationEvent,
  ],
};
