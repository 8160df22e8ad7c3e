import { z } from 'zod';
import { INVOICE_TYPES, isInvoiceTypeCode } from '../codelists/invoiceTypes.js';
import type { Validated } from '../errors/validationIssue.js';
import { BankAccountSchema } from './bankAccount.js';
import { ContactCreateSchema } from './contact.js';
import {
  codeIn,
  currencyCode,
  decimal,
  identifier,
  isoDate,
  languageCode,
  oneOf,
  optional,
  requiredText,
  schemeCodeField,
  text,
} from './fields.js';
import { InvoiceLinePatchSchema, InvoiceLineSchema, InvoiceLineWriteSchema } from './invoiceLine.js';
import { InvoiceReferenceSchema, InvoiceReferenceWriteSchema } from './invoiceReference.js';
import { type Operation, parseWith } from './parse.js';
import { ThirdPartySchema } from './thirdParty.js';
import { timestamp } from './timestamp.js';

/**
 * The inline `contact` of an invoice create (spec §2.4): the contact's own fields, all optional here;
 * the identifier requirement (§2.4 rule 3) is the rule `inlineContactIssues`. An inline contact
 * cannot make an office (`parent_id`): offices are created through the contacts endpoint.
 */
export const InlineContactSchema = ContactCreateSchema.omit({ parent_id: true }).partial();

/** An inline contact as sent. */
export type InlineContact = z.output<typeof InlineContactSchema>;

/** Lines per invoice: the totals engine's measured size (taxmath.md §6, 10,000 lines). */
export const MAX_INVOICE_LINES = 10_000;

/** The public-administration fields of spec §2.4 (English names since v2025-10-13). */
const publicAdministration = {
  contract_number: text().nullish(),
  managing_unit: text().nullish(),
  accounting_unit: text().nullish(),
  proponent_unit: text().nullish(),
  contract_unit: text().nullish(),
  processing_unit: text().nullish(),
};

/**
 * The writable fields of an invoice (spec §2.4, newest version). `type` is the document class and
 * `type_code` the document-type code (api-notes.md §8.1, §12). `total_amount_due` is write-only
 * (spec §2.4); `state` is not writable at all (§2.4 rule 5, the rule `invoiceStateIssues`).
 */
const writable = {
  type: optional(oneOf(INVOICE_TYPES)),
  type_code: optional(codeIn(isInvoiceTypeCode, 'a document type code: KSeF, UNCL1001 or FatturaPA')),
  number: requiredText(),
  series_code: text(64).nullish(),
  date: isoDate(),
  due_date: optional(isoDate()),
  tax_point_date: optional(isoDate()),
  currency: optional(currencyCode()),
  language: optional(languageCode()),
  is_credit_note: z.boolean().nullish(),
  contact_id: optional(identifier()),
  contact: InlineContactSchema.nullish(),
  invoice_lines_attributes: z.array(InvoiceLineWriteSchema).min(1).max(MAX_INVOICE_LINES),
  invoice_references: z.array(InvoiceReferenceWriteSchema).max(1000).nullish(),
  exchange_rate: optional(decimal({ maxDecimals: 8, sign: 'positive' })),
  exchange_date: optional(isoDate()),
  order_date: optional(isoDate()),
  ponumber: text().nullish(),
  total_amount_due: optional(decimal({ maxDecimals: 4 })),
  prepaid_amount: optional(decimal({ maxDecimals: 4 })),
  bank_account: BankAccountSchema.nullish(),
  payment_method: text(64).nullish(),
  buyer_reference: text().nullish(),
  delivery_note_number: text().nullish(),
  sales_order_reference: text().nullish(),
  notes: text(4096).nullish(),
  buyer_accounting_reference: text().nullish(),
  customer_contact_person: text().nullish(),
  ...publicAdministration,
  apply_to_local_government_unit: z.boolean().nullish(),
  apply_to_vat_group_member: z.boolean().nullish(),
  third_party: ThirdPartySchema.nullish(),
};

/** Body of POST /accounts/{account}/invoices and PUT /invoices/{id}. */
export const InvoiceCreateSchema = z.object(writable);
/**
 * Body of PATCH /invoices/{id}: every field optional. Lines and references are edited by `id`
 * (`{id, _destroy: true}` deletes one), so a line's own fields are optional too; a new line (no
 * `id`) still needs `quantity`, `price` and `taxes_attributes`, which the rule `invoiceLineIssues`
 * checks.
 */
export const InvoiceUpdateSchema = InvoiceCreateSchema.partial().extend({
  invoice_lines_attributes: z.array(InvoiceLinePatchSchema).max(MAX_INVOICE_LINES).optional(),
});

/** An invoice as sent on create. */
export type InvoiceCreate = z.output<typeof InvoiceCreateSchema>;
/** An invoice update. */
export type InvoiceUpdate = z.output<typeof InvoiceUpdateSchema>;

/**
 * The invoice's contact as returned (spec §2.4: `tin_value`, `tin_scheme`, `cin_value`, `cin_scheme`
 * from v2026-04-20).
 */
export const InvoiceContactSchema = z.object({
  id: optional(identifier()),
  name: text().nullish(),
  tin_value: text(64).nullish(),
  tin_scheme: optional(schemeCodeField()),
  cin_value: text(64).nullish(),
  cin_scheme: optional(schemeCodeField()),
  country: z.string().nullish(),
});

/** Largest number of files one invoice holds (fiscalkit's limit; the spec shows none). */
export const MAX_INVOICE_ATTACHMENTS = 100;

/**
 * One file attached to an invoice (spec §4.6 POST /invoices/{id}/add_attachment(s); issue #8:
 * "attachments kept through a blob port"). The bytes live in the blob store under `id`; the invoice
 * lists what a client needs to know about them. `size` is in bytes.
 */
export const InvoiceAttachmentSchema = z.object({
  id: identifier(),
  filename: requiredText(255),
  content_type: requiredText(255),
  size: z.number().int().min(0),
});

/** An attachment as listed on the invoice. */
export type InvoiceAttachment = z.output<typeof InvoiceAttachmentSchema>;

/**
 * An invoice as stored and returned, in the newest version's shape: lines as `lines` (with
 * `classification_code_scheme`), references with their ids, the resolved `total` and
 * `payable_amount`, and no write-only `total_amount_due` (spec §2.4).
 */
export const InvoiceSchema = InvoiceCreateSchema.omit({
  invoice_lines_attributes: true,
  invoice_references: true,
  total_amount_due: true,
  contact: true,
}).extend({
  id: identifier(),
  account_id: identifier(),
  type: oneOf(INVOICE_TYPES),
  state: text(32),
  contact: InvoiceContactSchema.nullish(),
  lines: z.array(InvoiceLineSchema),
  invoice_references: z.array(InvoiceReferenceSchema),
  total: decimal(),
  payable_amount: decimal(),
  contact_iban: text(64).nullish(),
  contact_bic: text(16).nullish(),
  /** The Belgian structured remittance reference (OGM) of spec §2.2 `auto_remittance`. */
  remittance_reference: text(32).nullish(),
  /**
   * The `reason` of the last POST /invoices/{id}/mark_as (api-notes.md §8.2: state changes take a
   * `reason`); null when the last change gave none. Read-only: only `mark_as` writes it.
   */
  state_reason: text(1024).nullish(),
  /**
   * Whether a host acknowledged the invoice with POST /invoices/{id}/ack (spec §4.6), typically after
   * downloading a received invoice; the list filter `ack` of api-notes.md §7 reads it. Read-only.
   */
  ack: z.boolean().default(false),
  /** When the invoice was first acknowledged; null until then. Read-only. */
  acknowledged_at: timestamp().nullish(),
  /** The files attached to the invoice, oldest first (spec §4.6 add_attachment(s)). Read-only. */
  attachments: z.array(InvoiceAttachmentSchema).max(MAX_INVOICE_ATTACHMENTS).default([]),
});

/** A stored invoice. */
export type Invoice = z.output<typeof InvoiceSchema>;

/**
 * Parses an invoice request body (the object inside `{"invoice": …}`): structure and field values;
 * the business rules are `invoiceIssues` in `src/rules`.
 *
 * @example
 * ```ts
 * const result = parseInvoice(
 *   { number: 'F-1', date: '2026-04-20', contact_id: 3,
 *     invoice_lines_attributes: [{ quantity: '1', price: '10', taxes_attributes: [{ name: 'IVA', percent: '21' }] }] },
 *   'create',
 * );
 * result.success; // true
 * ```
 */
export function parseInvoice(input: unknown, operation: 'create'): Validated<InvoiceCreate>;
export function parseInvoice(input: unknown, operation: 'update'): Validated<InvoiceUpdate>;
export function parseInvoice(input: unknown, operation: Operation): Validated<InvoiceUpdate>;
export function parseInvoice(input: unknown, operation: Operation): Validated<InvoiceUpdate> {
  return parseWith(operation === 'create' ? InvoiceCreateSchema : InvoiceUpdateSchema, input);
}
