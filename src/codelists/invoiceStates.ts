import type { InvoiceType } from './invoiceTypes.js';

/** One entry of GET /invoice_states. */
export interface InvoiceStateEntry {
  /** The state as written on the wire, e.g. `sent`. */
  readonly code: string;
  /** An English label (fiscalkit's wording; the service does not publish labels). */
  readonly name: string;
}

/**
 * The invoice states of GET /invoice_states (spec §3.3, §4.8), sorted by code. The service does not
 * publish the complete list (api-notes.md §13), so this is the union of what is documented:
 *
 * - the states `POST /invoices/{id}/mark_as` accepts for some invoice type (api-notes.md §8.2):
 *   `new`, `sent`, `accepted`, `registered`, `refused`, `paid`, `closed`, `annotated`, `downloaded`;
 * - the other states seen on invoices (api-notes.md §8.2): `sending`, `error`, `cancelled`;
 * - `issued`: an invoice issued without being sent, a tax report standing for it (the reference of
 *   "Create an invoice", `send_after_import`: "the invoice is issued and the tax report generated
 *   (state=issued)"; issue #23, docs/sending.md);
 * - `discarded`: deprecated in v2025-10-13 (spec §9), but invoices in that state still exist.
 */
export const INVOICE_STATES: readonly InvoiceStateEntry[] = [
  { code: 'accepted', name: 'Accepted' },
  { code: 'annotated', name: 'Annotated' },
  { code: 'cancelled', name: 'Cancelled' },
  { code: 'closed', name: 'Closed' },
  { code: 'discarded', name: 'Discarded (deprecated)' },
  { code: 'downloaded', name: 'Downloaded' },
  { code: 'error', name: 'Error' },
  { code: 'issued', name: 'Issued' },
  { code: 'new', name: 'New' },
  { code: 'paid', name: 'Paid' },
  { code: 'refused', name: 'Refused' },
  { code: 'registered', name: 'Registered' },
  { code: 'sending', name: 'Sending' },
  { code: 'sent', name: 'Sent' },
];

/**
 * The states `POST /invoices/{id}/mark_as` accepts, per invoice type, in the order of the service's
 * reference (https://developer.b2brouter.net/reference/mark-as-invoice, api-notes.md §8.2). The
 * list for `IssuedSelfInvoice` may be incomplete there; fiscalkit accepts what is documented.
 */
export const MARK_AS_STATES: Readonly<Record<InvoiceType, readonly string[]>> = {
  IssuedInvoice: ['new', 'sent', 'accepted', 'registered', 'refused', 'paid', 'closed'],
  ReceivedInvoice: ['new', 'paid', 'accepted', 'refused', 'annotated'],
  IssuedSimplifiedInvoice: [
    'new',
    'sent',
    'paid',
    'downloaded',
    'accepted',
    'refused',
    'registered',
    'closed',
  ],
  IssuedSelfInvoice: ['paid', 'accepted', 'registered', 'closed'],
};

const CODES: ReadonlySet<string> = new Set(INVOICE_STATES.map(({ code }) => code));

/**
 * Whether `code` is an invoice state (lower case, as on the wire).
 *
 * @example
 * ```ts
 * isInvoiceState('paid'); // true
 * isInvoiceState('discarded'); // true: deprecated, but still a state
 * isInvoiceState('Paid'); // false
 * ```
 */
export function isInvoiceState(code: string): boolean {
  return CODES.has(code);
}

/**
 * Whether `POST /invoices/{id}/mark_as` accepts `state` for an invoice of type `type`
 * (api-notes.md §8.2).
 *
 * @example
 * ```ts
 * isMarkAsState('ReceivedInvoice', 'annotated'); // true
 * isMarkAsState('IssuedInvoice', 'annotated'); // false: only received invoices are annotated
 * isMarkAsState('IssuedSelfInvoice', 'new'); // false
 * ```
 */
export function isMarkAsState(type: InvoiceType, state: string): boolean {
  return MARK_AS_STATES[type].includes(state);
}
