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
import {
  InvoiceLinePatchSchema,
  InvoiceLineSchema,
  InvoiceLineWriteSchema,
  LineAllowanceChargeSchema,
  LineTaxSchema,
  MAX_ALLOWANCE_CHARGES,
} from './invoiceLine.js';
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
 * One allowance or charge of the whole invoice (api-notes.md §3.2 invoice-level
 * `allowance_charges_attributes`; EN 16931 BG-20 / BG-21): the fields of a line's entry plus its own
 * tax, consistent with the totals engine's input (docs/totals.md §2.3): `taxes_attributes` like a
 * line's (exactly one VAT), or `tax_attributes`, one tax object, as B2Brouter's own WooCommerce
 * plugin sends it (`{category, percent}`; without `name` it takes the name of the lines' VAT tax).
 * Without a tax the entry is spread over the lines' tax sets (one piece per VAT rate);
 * `apply_taxes: false` makes it not subject; `is_reimbursable_expense: true` (a charge given as an
 * amount) is a Spanish *suplido*, outside every tax base and added to `payable_amount`.
 */
export const InvoiceAllowanceChargeSchema = LineAllowanceChargeSchema.extend({
  taxes_attributes: z.array(LineTaxSchema).max(3).nullish(),
  tax_attributes: LineTaxSchema.extend({ name: text(32).nullish() }).nullish(),
});

/** A document-level allowance or charge as sent. */
export type InvoiceAllowanceCharge = z.output<typeof InvoiceAllowanceChargeSchema>;

/**
 * One payment on account (api-notes.md §3.2: `payments_on_account`, a new invoice field of
 * v2026-03-02; Facturae `PaymentsOnAccount/PaymentOnAccount` with `PaymentOnAccountDate` and
 * `PaymentOnAccountAmount`): an advance already received, which the invoice's `prepaid_amount`
 * (EN 16931 BT-113) adds up (docs/versions.md).
 */
export const PaymentOnAccountSchema = z.object({
  date: optional(isoDate()),
  amount: decimal({ maxDecimals: 4 }),
});

/** A payment on account as sent. */
export type PaymentOnAccount = z.output<typeof PaymentOnAccountSchema>;

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
  payments_on_account: z.array(PaymentOnAccountSchema).max(MAX_ALLOWANCE_CHARGES).nullish(),
  /** EN 16931 BT-114: added to the amount payable to round it; never applied to a tax amount. */
  payable_rounding_amount: optional(decimal({ maxDecimals: 4 })),
  allowance_charges_attributes: z.array(InvoiceAllowanceChargeSchema).max(MAX_ALLOWANCE_CHARGES).nullish(),
  /** Free text printed on the invoice (the official PHP client's `extra_info`). */
  extra_info: text(4096).nullish(),
  /** The file or case reference of the invoice (Facturae `FileReference`, expediente). */
  file_reference: text(255).nullish(),
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

/**
 * One tax group of an invoice as returned (`taxes`; the official PHP client sums `taxes[].amount`): the
 * group's `name`, `category` (null when the lines name none), `percent`, taxable `base` and `amount`.
 * A withholding (IRPF) is written with a negative percent and amount, as its lines give it, so that
 * `tax_exclusive_amount + Σ amount = total`.
 */
export const InvoiceTaxSchema = z.object({
  name: text(32),
  category: text(8).nullish(),
  percent: decimal(),
  base: decimal(),
  amount: decimal(),
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
  /** BT-106: Σ of the line nets (`lines[].amount`). The totals below are those the invoice was computed with. */
  subtotal: decimal().nullish(),
  /** BT-107: Σ of the document-level allowances. */
  allowance_total_amount: decimal().nullish(),
  /** BT-108: Σ of the document-level charges (reimbursable expenses excluded). */
  charge_total_amount: decimal().nullish(),
  /** BT-109: subtotal − allowances + charges = Σ of the VAT bases. */
  tax_exclusive_amount: decimal().nullish(),
  /** BT-112: tax_exclusive_amount + VAT and surcharge. */
  tax_inclusive_amount: decimal().nullish(),
  /** Σ of the reimbursable expenses (Spanish suplidos), outside every tax base, added to payable_amount. */
  reimbursable_expenses_amount: decimal().nullish(),
  /** One entry per tax group: its name, category, percent, base and amount (a withholding negative). */
  taxes: z.array(InvoiceTaxSchema).default([]),
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
  /**
   * The ids of the tax reports generated from (linked to, `invoice_id`) the invoice, lowest first,
   * annulled ones included (the official PHP client reads `tax_report_ids`). Read-only: the service
   * reads them from the tax reports whenever it answers the invoice; never stored on it.
   */
  tax_report_ids: z.array(identifier()).default([]),
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
