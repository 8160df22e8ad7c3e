import { z } from 'zod';
import { currencyCode, decimal, destroyFlag, identifier, isoDate, oneOf, optional, text } from './fields.js';

/**
 * `reference_type` values (spec §2.6): `amend` (a corrective invoice; at most one) and `prepayment`
 * (a settlement invoice referencing its advance invoices; several).
 */
export const INVOICE_REFERENCE_TYPES = ['amend', 'prepayment'] as const;

/** An invoice reference type. */
export type InvoiceReferenceType = (typeof INVOICE_REFERENCE_TYPES)[number];

/**
 * One element of `invoice_references` as written (spec §2.6). `reference_type` is optional here only
 * so that `{id, _destroy: true}` can delete a reference; the rule `invoiceReferenceIssues` requires
 * it on every element that is not a deletion. `total_amount` is a float in the spec; fiscalkit keeps
 * it a decimal like every amount.
 */
export const InvoiceReferenceWriteSchema = z.object({
  id: optional(identifier()),
  _destroy: destroyFlag(),
  reference_type: optional(oneOf(INVOICE_REFERENCE_TYPES)),
  number: text().nullish(),
  series_code: text(64).nullish(),
  date: optional(isoDate()),
  invoicing_period_start: optional(isoDate()),
  invoicing_period_end: optional(isoDate()),
  reason: text(1024).nullish(),
  correction_method: text(16).nullish(),
  tax_registration_code: text(64).nullish(),
  tax_correction_code: text(16).nullish(),
  total_amount: optional(decimal()),
  currency: optional(currencyCode()),
});

/** An invoice reference as sent. */
export type InvoiceReferenceWrite = z.output<typeof InvoiceReferenceWriteSchema>;

/**
 * An invoice reference as stored and returned: `id` and `reference_type` always present; the
 * write-only fields (`invoicing_period_start`, `invoicing_period_end`, `tax_correction_code`, spec
 * §2.6) are kept in storage (the KSeF and SII builders read them) and dropped by the serializer.
 */
export const InvoiceReferenceSchema = InvoiceReferenceWriteSchema.omit({ _destroy: true }).extend({
  id: identifier(),
  reference_type: oneOf(INVOICE_REFERENCE_TYPES),
});

/** A stored invoice reference. */
export type InvoiceReference = z.output<typeof InvoiceReferenceSchema>;

/** The fields of a reference that are never returned (spec §2.6 "Write-only"). */
export const INVOICE_REFERENCE_WRITE_ONLY = [
  'invoicing_period_start',
  'invoicing_period_end',
  'tax_correction_code',
] as const;
