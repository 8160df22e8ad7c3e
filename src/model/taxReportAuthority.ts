import { z } from 'zod';

/**
 * What the tax authority answered about a report (issue #23 "Responses": "with the authority's
 * codes"): a read-only object on every tax report, `authority`, null until the report was submitted.
 * One shape for both authorities (**fiscalkit choice**: a client reads `state` and then
 * `authority.code` / `authority.description` the same way whatever the report's type):
 *
 * - `code`, `description`: the authority's own — for SII the record's `CodigoErrorRegistro` and
 *   `DescripcionErrorRegistro` (sii.md §7; null when AEAT accepted the record without errors), for
 *   KSeF the invoice status code and description (100 / 150 in progress, 200 accepted, 4xx rejected);
 * - `reference`: where the authority has the report — the KSeF invoice reference number
 *   (`invoiceReferenceNumber`, used to poll), the SII ledger id (as text) the record was sent in;
 * - `ksef_number`: the KSeF number of an accepted invoice (`ksefNumber`), null otherwise;
 * - `csv`: SII's Código Seguro de Verificación of the record (or of the submission), null otherwise;
 * - `upo`: KSeF's official receipt (UPO) XML of an accepted invoice, when KSeF issued it;
 * - `answered_at`: when fiscalkit last read the authority's answer.
 *
 * It is never read from a request: the tax report parsers do not know the field, so a body's
 * `authority` is dropped like any unknown field.
 */
export const TaxReportAuthoritySchema = z.object({
  code: z.string().nullable(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  ksef_number: z.string().nullable(),
  csv: z.string().nullable(),
  upo: z.string().nullable(),
  answered_at: z.string().nullable(),
});

/** What the tax authority answered about a report. */
export type TaxReportAuthority = z.output<typeof TaxReportAuthoritySchema>;
