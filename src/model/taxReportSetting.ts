import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { identifier, isoDate, oneOf, optional } from './fields.js';
import { type Operation, parseWith } from './parse.js';
import { SII_CORRECTIVE_INVOICE_TYPE_CODES, SII_NO_SUBJECT_REASONS } from './siiCodes.js';
import { SII_EXEMPTION_REASONS, SII_SPECIAL_REGIME_KEYS } from './siiXsdCodes.js';
import { timestamp } from './timestamp.js';

/**
 * An account's tax report setting (api-notes.md §9; `B2Brouter/b2brouter-php`
 * `lib/B2BRouter/Service/TaxReportSettingService.php`): per tax authority `code`, whether reports are
 * generated when an invoice is sent (`auto_generate`) and submitted at once (`auto_send`), from which
 * invoice date (`start_date`), and the SII defaults a generated report takes (sii.md §10:
 * `special_regime_key`, `reason_vat_exempt`, `reason_no_subject`, `credit_note_code`).
 *
 * Paths: `GET, POST /accounts/{account}/tax_report_settings`, `GET, PUT, DELETE
 * /accounts/{account}/tax_report_settings/{code}`; the body wraps the fields as
 * `{"tax_report_setting": {…}}` and the parsers here take the inner object.
 */

/**
 * The codes fiscalkit reports to: `sii` (Spanish AEAT, the SII books) and `ksef` (Polish KSeF).
 * Written lower case (**fiscalkit choice**: the PHP client puts the code in the path, and the
 * service's own examples spell codes in either case, `VeriFactu`, `sdi`; a code is read in any case).
 */
export const TAX_REPORT_SETTING_CODES = ['sii', 'ksef'] as const;

/** A code fiscalkit reports to. */
export type TaxReportSettingCode = (typeof TAX_REPORT_SETTING_CODES)[number];

/**
 * Codes the real service knows (api-notes.md §9: `VeriFactu`, `TicketBai`, `sdi`) that fiscalkit
 * does not report to: refused with a message saying so, not as an unknown code.
 */
export const UNSERVED_TAX_REPORT_SETTING_CODES = ['verifactu', 'ticketbai', 'sdi', 'zatca'] as const;

/** The country whose accounts a code serves: an `sii` setting needs a Spanish account, `ksef` a Polish one. */
export const TAX_REPORT_SETTING_COUNTRY: { readonly [C in TaxReportSettingCode]: string } = {
  sii: 'ES',
  ksef: 'PL',
};

/** The writable fields; every one optional on a PUT, `code` and `start_date` required on a POST. */
const fields = {
  /** The first invoice date the setting applies to (YYYY-MM-DD). */
  start_date: isoDate(),
  /** Generate the authority's report when an invoice is sent; default true. */
  auto_generate: z.boolean().nullish(),
  /** Submit a generated report to the authority at once (a background job); default false. */
  auto_send: z.boolean().nullish(),
  /** SII `ClaveRegimenEspecialOTrascendencia` default (sii.md §4.3); `01` when absent. */
  special_regime_key: optional(oneOf(SII_SPECIAL_REGIME_KEYS)),
  /** SII `CausaExencion` of an exempt line (sii.md §4.5); `E1` when absent. */
  reason_vat_exempt: optional(oneOf(SII_EXEMPTION_REASONS)),
  /** SII not-subject reason (sii.md §10); `N1` when absent. */
  reason_no_subject: optional(oneOf(SII_NO_SUBJECT_REASONS)),
  /** SII `TipoFactura` of a corrective invoice, `R1`–`R5` (sii.md §4.1); `R1` when absent. */
  credit_note_code: optional(oneOf(SII_CORRECTIVE_INVOICE_TYPE_CODES)),
};

/** `code`: any case, stored lower case; which codes are served is the service's to say. */
const code = () =>
  z
    .string()
    .min(1)
    .transform((value) => value.toLowerCase());

/** Body of POST /accounts/{account}/tax_report_settings. */
export const TaxReportSettingCreateSchema = z.object({ code: code(), ...fields });

/** Body of PUT /accounts/{account}/tax_report_settings/{code}: any subset (the code is the path's). */
export const TaxReportSettingUpdateSchema = z.object({ code: code().nullish(), ...fields }).partial();

/** A setting as sent on create. */
export type TaxReportSettingCreate = z.output<typeof TaxReportSettingCreateSchema>;
/** A setting update. */
export type TaxReportSettingUpdate = z.output<typeof TaxReportSettingUpdateSchema>;

/** A setting as stored and answered: every field present (null for an SII default not set). */
export const TaxReportSettingSchema = z.object({
  id: identifier(),
  account_id: identifier(),
  code: z.enum(TAX_REPORT_SETTING_CODES),
  start_date: isoDate(),
  auto_generate: z.boolean(),
  auto_send: z.boolean(),
  special_regime_key: oneOf(SII_SPECIAL_REGIME_KEYS).nullable(),
  reason_vat_exempt: oneOf(SII_EXEMPTION_REASONS).nullable(),
  reason_no_subject: oneOf(SII_NO_SUBJECT_REASONS).nullable(),
  credit_note_code: oneOf(SII_CORRECTIVE_INVOICE_TYPE_CODES).nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});

/** A stored tax report setting. */
export type TaxReportSetting = z.output<typeof TaxReportSettingSchema>;

/**
 * Parses a tax report setting body (the object inside `{"tax_report_setting": …}`).
 *
 * @example
 * ```ts
 * const result = parseTaxReportSetting({ code: 'SII', start_date: '2026-01-01', auto_send: true }, 'create');
 * result.success && result.data.code; // 'sii'
 * ```
 */
export function parseTaxReportSetting(input: unknown, operation: 'create'): Validated<TaxReportSettingCreate>;
export function parseTaxReportSetting(input: unknown, operation: 'update'): Validated<TaxReportSettingUpdate>;
export function parseTaxReportSetting(
  input: unknown,
  operation: Operation,
): Validated<TaxReportSettingUpdate>;
export function parseTaxReportSetting(
  input: unknown,
  operation: Operation,
): Validated<TaxReportSettingUpdate> {
  return parseWith(
    operation === 'create' ? TaxReportSettingCreateSchema : TaxReportSettingUpdateSchema,
    input,
  );
}
