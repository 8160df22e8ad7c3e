import { identifier, oneOf, optional } from './fields.js';
import { TaxReportAuthoritySchema } from './taxReportAuthority.js';

/**
 * The tax report types (spec §1, §2.7), spelt as the spec spells them: `SiiDocument` (Spanish SII
 * books) and `Ksef` (Polish KSeF). The PHP SDK writes `KSeF`; fiscalkit follows the spec
 * (api-notes.md §12).
 */
export const TAX_REPORT_TYPES = ['SiiDocument', 'Ksef'] as const;

/** A tax report type. */
export type TaxReportType = (typeof TAX_REPORT_TYPES)[number];

/**
 * The states of a tax report (api-notes.md §9; spec §3.3 shows none): `processing` until the tax
 * authority answers, then `registered`, `registered_with_errors` or `error`; `annulled` after DELETE
 * /tax_reports/{id}. For SII, the AEAT record status maps onto them (sii.md §7, see
 * `taxReportStateFromEstadoRegistro`).
 */
export const TAX_REPORT_STATES = [
  'processing',
  'registered',
  'registered_with_errors',
  'error',
  'annulled',
] as const;

/** A tax report state. */
export type TaxReportState = (typeof TAX_REPORT_STATES)[number];

/**
 * The writable fields every tax report type shares (spec §2.7 "Common fields"): `invoice_id`, the
 * invoice a report was generated from (POST /invoices/{id}/generate_tax_report, spec §4.2), null for
 * a report created directly. `type` and `invoice_type_code` are common too, but their values depend
 * on the type, so each type's schema declares them.
 */
export const taxReportWritable = {
  invoice_id: optional(identifier()),
};

/**
 * The read-only fields every stored tax report carries: its `id`, the owning `account_id` (every
 * resource belongs to an account, DESIGN.md "Tenancy"), its `state` and the tax authority's answer
 * (`authority`). Sent in a request body they
 * are dropped like any unknown field.
 */
export const taxReportReadOnly = {
  id: identifier(),
  account_id: identifier(),
  state: oneOf(TAX_REPORT_STATES),
  invoice_id: identifier().nullable(),
  /** What the tax authority answered (issue #23; `taxReportAuthority.ts`); null until submitted. */
  authority: TaxReportAuthoritySchema.nullish(),
};
