import { formatParam, type Validated } from '../../errors/validationIssue.js';
import { amendReferenceOf, documentNumber } from '../../generate/references.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import { SII_CORRECTIVE_INVOICE_TYPE_CODES } from '../../model/siiCodes.js';
import { issueAt } from '../../rules/issue.js';

/** The two books an invoice is recorded in (sii.md §2). */
export type SiiInvoiceBook = 'Expedida' | 'Recibida';

/**
 * Where the account's tax report setting defaults (sii.md §10 `tax_report_setting`: `special_regime_key`,
 * `reason_vat_exempt`, `reason_no_subject`, `credit_note_code`) are named in issues:
 * `account.tax_report_setting.<field>`.
 */
export const TAX_REPORT_SETTING = ['account', 'tax_report_setting'] as const;

/**
 * The book of an invoice by its document class (`type`, spec §2.4 rule 4; sii.md §2):
 *
 * - `IssuedInvoice`, `IssuedSimplifiedInvoice` → `Expedida` (the account issued them);
 * - `ReceivedInvoice` → `Recibida`;
 * - `IssuedSelfInvoice` → `Recibida` (**fiscalkit choice**): a self-billed invoice is issued by the
 *   account as the *customer*, in the supplier's name (art. 5 RD 1619/2012, "facturación por el
 *   destinatario"); for the account it is a purchase, recorded in the received book with the
 *   supplier (the contact) as issuer — the supplier records it in its own issued book.
 *
 * @example
 * ```ts
 * siiBookOf('IssuedSimplifiedInvoice'); // 'Expedida'
 * siiBookOf('IssuedSelfInvoice'); // 'Recibida'
 * ```
 */
export function siiBookOf(type: Invoice['type']): SiiInvoiceBook {
  return type === 'ReceivedInvoice' || type === 'IssuedSelfInvoice' ? 'Recibida' : 'Expedida';
}

/** The invoice-type fields of an SII report and where each came from (for params). */
export interface SiiInvoiceType {
  book: SiiInvoiceBook;
  /** `TipoFactura`: an SII code, or the account's `credit_note_code` as given (the model checks it). */
  invoice_type_code: string;
  /** The param `invoice_type_code` was decided by. */
  typeSource: string;
  /** `TipoRectificativa` (`I` on every generated corrective), null otherwise. */
  corrective_type: 'I' | null;
  /** The amend reference's number and date, as found (the model requires both). */
  corrected_invoices: { number: string | null; date: string | null }[];
  /** The index of the amend reference in `invoice_references`. */
  amendIndex: number | undefined;
}

const CORRECTIVE: ReadonlySet<string> = new Set(SII_CORRECTIVE_INVOICE_TYPE_CODES);

/**
 * The `TipoFactura` of an invoice and, for a correction, its `TipoRectificativa` and
 * `FacturasRectificadas` (sii.md §4.1, §4.2):
 *
 * - not a correction: `F2` for an `IssuedSimplifiedInvoice` (a ticket), else `F1`;
 * - a correction — an `amend` reference (spec §2.6) or `is_credit_note` — is `R1`–`R4` (`R5` for a
 *   simplified one, which corrects with a ticket): the amend reference's `tax_correction_code` when it
 *   is an SII code (the field is shared with KSeF, whose `1`–`3` are ignored here), else the account's
 *   `credit_note_code` setting (sii.md §10), else `R1` (the setting's documented default). `R5` on an
 *   invoice that is not simplified, or `R1`–`R4` on a simplified one, is `parameter_invalid` at the
 *   field that asked for it;
 * - `corrective_type` `I` (by differences: the record carries the invoice's own, usually negative,
 *   amounts; taxmath.md §3.8): substitution (`S`) needs the corrected invoice's base and cuota
 *   (`ImporteRectificacion`), which the invoice does not carry — OCA supports only `I` too (sii.md §4.2);
 * - `corrected_invoices`: the amend reference's number (with its series) and date; none when the
 *   credit note names no reference (`FacturasRectificadas` is optional; OCA's refunds carry none).
 *
 * @example
 * ```ts
 * siiInvoiceType(storedInvoice({ is_credit_note: true }), null);
 * // { success: true, data: { book: 'Expedida', invoice_type_code: 'R1', corrective_type: 'I', corrected_invoices: [], … } }
 * ```
 */
export function siiInvoiceType(
  invoice: Pick<Invoice, 'type' | 'is_credit_note' | 'invoice_references'>,
  creditNoteCode: string | null | undefined,
): Validated<SiiInvoiceType> {
  const book = siiBookOf(invoice.type);
  const simplified = invoice.type === 'IssuedSimplifiedInvoice';
  const amend = amendReferenceOf(invoice);
  const plain = { book, corrective_type: null, corrected_invoices: [], amendIndex: undefined };
  if (amend === undefined && invoice.is_credit_note !== true)
    return {
      success: true,
      data: { ...plain, invoice_type_code: simplified ? 'F2' : 'F1', typeSource: 'type' },
    };

  const correctionPath =
    amend === undefined ? undefined : ['invoice_references', amend.index, 'tax_correction_code'];
  const given = presentText(amend?.reference.tax_correction_code)?.toUpperCase() ?? null;
  const explicit = given !== null && CORRECTIVE.has(given) ? given : null;
  const defaultCode = presentText(creditNoteCode);
  let code: string;
  let typePath: readonly PropertyKey[];
  if (explicit !== null && correctionPath !== undefined) {
    code = explicit;
    typePath = correctionPath;
  } else if (simplified) {
    code = 'R5';
    typePath = ['type'];
  } else {
    code = defaultCode ?? 'R1';
    typePath =
      defaultCode !== null
        ? [...TAX_REPORT_SETTING, 'credit_note_code']
        : amend === undefined
          ? ['is_credit_note']
          : ['invoice_references', amend.index];
  }
  if (CORRECTIVE.has(code) && simplified !== (code === 'R5'))
    return {
      success: false,
      issues: [
        issueAt(
          'sii.4.1.r5-simplified',
          'parameter_invalid',
          typePath,
          simplified
            ? `is ${code}, but a simplified invoice (IssuedSimplifiedInvoice) corrects with R5 (sii.md §4.1)`
            : `is R5, which corrects with a simplified invoice; this invoice is ${invoice.type} and corrects with R1–R4 (sii.md §4.1)`,
        ),
      ],
    };
  const reference = amend?.reference;
  return {
    success: true,
    data: {
      book,
      invoice_type_code: code,
      typeSource: formatParam(typePath),
      corrective_type: 'I',
      corrected_invoices:
        reference === undefined
          ? []
          : [
              {
                number: documentNumber(reference.number, reference.series_code),
                date: reference.date ?? null,
              },
            ],
      amendIndex: amend?.index,
    },
  };
}
