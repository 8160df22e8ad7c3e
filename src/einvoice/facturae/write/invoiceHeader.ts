/**
 * `InvoiceHeaderType` and `InvoiceIssueDataType` of the one invoice (Facturae 3.2.2).
 *
 * The document type: `FC` (complete), `FA` for an `IssuedSimplifiedInvoice` (abbreviated, a ticket),
 * `AF` for an `IssuedSelfInvoice` (self-billed). The class: `OR` (corrective) when the invoice amends
 * another (an `amend` reference, spec §2.6) or is a credit note, else `OO`. Amounts are written as the
 * invoice holds them: a credit note by differences carries its own (usually negative) amounts, as the
 * SII record of the same invoice does (`TipoRectificativa` `I`, taxmath.md §3.8); fiscalkit never flips
 * signs.
 *
 * `Corrective` from the amend reference: `InvoiceNumber`, `InvoiceSeriesCode` and `InvoiceIssueDate`
 * of the corrected invoice; `ReasonCode` the reference's `tax_correction_code` when it is one of the
 * XSD's reason codes (`01` … `16`, `80` … `85`), else {@link DEFAULT_REASON_CODE}, with the one
 * `ReasonDescription` the schema allows for it; `TaxPeriod` the reference's invoicing period, else the
 * corrected invoice's date (as gobl.facturae does; the period in which the corrected invoice was taxed);
 * `CorrectionMethod` the reference's `correction_method` (`01` … `04`, a single digit read as its code),
 * else `02` "by differences" for a credit note and `01` "in full" for a corrective invoice; its
 * description from the schema; `AdditionalReasonDescription` the reference's `reason`. A corrective
 * without an amend reference, or without a period or date, is refused: the schema requires `TaxPeriod`,
 * and art. 15 RD 1619/2012 requires a corrective invoice to identify the one it corrects.
 *
 * @module
 */
import type { InvoiceReference } from '../../../model/invoiceReference.js';
import { presentText } from '../../../model/presentText.js';
import type { XmlElement } from '../../../xml/write.js';
import { CORRECTION_METHODS, DEFAULT_REASON_CODE, isFacturaeLanguage, REASON_DESCRIPTIONS } from './codes.js';
import type { WriteContext } from './context.js';
import { plainDecimal, refuse, textOf } from './values.js';

/**
 * The invoice's amend reference (spec §2.6: at most one) and its index, if it has one.
 *
 * @example
 * ```ts
 * amendReference({ invoice: { ...invoice, invoice_references: [{ id: 1, reference_type: 'amend', number: 'F-1' }] } });
 * // { reference: { id: 1, reference_type: 'amend', number: 'F-1' }, index: 0 }
 * ```
 */
export function amendReference(
  context: Pick<WriteContext, 'invoice'>,
): { reference: InvoiceReference; index: number } | undefined {
  const index = context.invoice.invoice_references.findIndex(
    (reference) => reference.reference_type === 'amend',
  );
  const reference = context.invoice.invoice_references[index];
  return reference === undefined ? undefined : { reference, index };
}

/**
 * `InvoiceHeaderType`.
 *
 * @example
 * ```ts
 * invoiceHeader(context);
 * // { InvoiceNumber: 'F-1', InvoiceSeriesCode: undefined, InvoiceDocumentType: 'FC', InvoiceClass: 'OO', Corrective: undefined }
 * ```
 */
export function invoiceHeader(context: WriteContext): XmlElement {
  const { invoice } = context;
  const amend = amendReference(context);
  const corrective = amend !== undefined || invoice.is_credit_note === true;
  return {
    InvoiceNumber: textOf(context, invoice.number, ['number'], {
      max: 20,
      element: 'InvoiceNumber',
      required: true,
    }),
    InvoiceSeriesCode: textOf(context, invoice.series_code, ['series_code'], {
      max: 20,
      element: 'InvoiceSeriesCode',
    }),
    InvoiceDocumentType:
      invoice.type === 'IssuedSimplifiedInvoice' ? 'FA' : invoice.type === 'IssuedSelfInvoice' ? 'AF' : 'FC',
    InvoiceClass: corrective ? 'OR' : 'OO',
    Corrective: corrective ? correctiveOf(context, amend) : undefined,
  };
}

/** `CorrectiveType` (module comment). */
function correctiveOf(
  context: WriteContext,
  amend: { reference: InvoiceReference; index: number } | undefined,
): XmlElement | undefined {
  if (amend === undefined)
    return refuse(
      context,
      'facturae.write.corrective-reference',
      'parameter_blank',
      ['invoice_references'],
      'needs an amend reference to the corrected invoice: a credit note is a corrective Facturae invoice (InvoiceClass OR), whose Corrective block identifies the invoice it corrects and its tax period (art. 15 RD 1619/2012)',
    );
  const { reference, index } = amend;
  const at = (field: string) => ['invoice_references', index, field];
  const given = presentText(reference.tax_correction_code);
  const reason = given !== null && REASON_DESCRIPTIONS.has(given) ? given : DEFAULT_REASON_CODE;
  const methodGiven = presentText(reference.correction_method);
  const method =
    methodGiven === null
      ? context.invoice.is_credit_note === true
        ? '02'
        : '01'
      : methodGiven.padStart(2, '0');
  if (!CORRECTION_METHODS.has(method))
    refuse(
      context,
      'facturae.write.correction-method',
      'parameter_invalid',
      at('correction_method'),
      `is ${JSON.stringify(methodGiven)}; Facturae 3.2.2 takes CorrectionMethod 01 (in full), 02 (by differences), 03 (volume discount) or 04 (authorised by the AEAT)`,
    );
  const start = reference.invoicing_period_start ?? reference.date;
  const end = reference.invoicing_period_end ?? reference.date;
  if (start === null || start === undefined || end === null || end === undefined)
    refuse(
      context,
      'facturae.write.corrective-period',
      'parameter_blank',
      at('date'),
      'is required (or invoicing_period_start and invoicing_period_end): Facturae 3.2.2 requires the tax period of the corrected invoice (Corrective/TaxPeriod)',
    );
  return {
    InvoiceNumber: textOf(context, reference.number, at('number'), {
      max: 20,
      element: 'Corrective/InvoiceNumber',
    }),
    InvoiceSeriesCode: textOf(context, reference.series_code, at('series_code'), {
      max: 20,
      element: 'Corrective/InvoiceSeriesCode',
    }),
    ReasonCode: reason,
    ReasonDescription: REASON_DESCRIPTIONS.get(reason),
    TaxPeriod: { StartDate: start ?? undefined, EndDate: end ?? undefined },
    CorrectionMethod: method,
    CorrectionMethodDescription: CORRECTION_METHODS.get(method),
    AdditionalReasonDescription: textOf(context, reference.reason, at('reason'), {
      max: 2500,
      element: 'AdditionalReasonDescription',
    }),
    InvoiceIssueDate: reference.date ?? undefined,
  };
}

/**
 * `InvoiceIssueDataType`: the issue date, the operation date (`tax_point_date`, written when given), the
 * currencies — the tax currency is always EUR, Spanish VAT's; another invoice currency has
 * `ExchangeRateDetails` (the invoice's `exchange_rate`, EUR per unit of the invoice currency as
 * fiscalkit and haltr define it, and `exchange_date`, else the operation or issue date: the rate "vigente
 * en el momento del devengo", art. 79.Once Ley 37/1992) — the language (the invoice's when the XSD lists
 * it, else `es`), and the references: `extra_info` as `InvoiceDescription`, `ponumber` as
 * `ReceiverTransactionReference` (the buyer's order), `file_reference` as `FileReference` (the
 * expediente), `contract_number` as `ReceiverContractReference`.
 *
 * @example
 * ```ts
 * invoiceIssueData(context);
 * // { IssueDate: '2026-04-20', InvoiceCurrencyCode: 'EUR', TaxCurrencyCode: 'EUR', LanguageName: 'es', … }
 * ```
 */
export function invoiceIssueData(context: WriteContext): XmlElement {
  const { invoice } = context;
  const language = invoice.language ?? context.contact.language ?? context.account.language ?? 'es';
  const foreign = context.currency !== 'EUR';
  return {
    IssueDate: invoice.date,
    OperationDate: invoice.tax_point_date ?? undefined,
    InvoiceCurrencyCode: context.currency,
    ExchangeRateDetails: foreign
      ? {
          ExchangeRate: plainDecimal(invoice.exchange_rate ?? '', 8) ?? undefined,
          ExchangeRateDate: invoice.exchange_date ?? invoice.tax_point_date ?? invoice.date,
        }
      : undefined,
    TaxCurrencyCode: 'EUR',
    LanguageName: isFacturaeLanguage(language) ? language : 'es',
    InvoiceDescription: textOf(context, invoice.extra_info, ['extra_info'], {
      max: 2500,
      element: 'InvoiceDescription',
    }),
    ReceiverTransactionReference: textOf(context, invoice.ponumber, ['ponumber'], {
      max: 20,
      element: 'ReceiverTransactionReference',
    }),
    FileReference: textOf(context, invoice.file_reference, ['file_reference'], {
      max: 20,
      element: 'FileReference',
    }),
    ReceiverContractReference: textOf(context, invoice.contract_number, ['contract_number'], {
      max: 20,
      element: 'ReceiverContractReference',
    }),
  };
}
