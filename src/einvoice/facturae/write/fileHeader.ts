import type { XmlElement } from '../../../xml/write.js';
import type { WriteContext } from './context.js';
import { taxIdentification } from './parties.js';
import { amountText } from './values.js';

/**
 * `FileHeaderType`: schema version `3.2.2`, modality `I` (one invoice: fiscalkit writes one document per
 * invoice), issuer type `EM` (the seller issues it; `RE`, the buyer, for a self-billed invoice), and the
 * `Batch` with the invoice's totals (the batch rules `facturae.batch.*`: the batch totals are the one
 * invoice's). `BatchIdentifier` is, as the XSD annotation says, the issuer's tax id followed by the
 * invoice number and series. No `ThirdParty` (fiscalkit issues in the seller's name) and no
 * `FactoringAssignmentData`.
 *
 * @example
 * ```ts
 * fileHeader(context);
 * // { SchemaVersion: '3.2.2', Modality: 'I', InvoiceIssuerType: 'EM',
 * //   Batch: { BatchIdentifier: 'B12345674F-1', InvoicesCount: '1', TotalInvoicesAmount: { TotalAmount: '1210.00' }, … } }
 * ```
 */
export function fileHeader(context: WriteContext): XmlElement {
  const selfBilled = context.invoice.type === 'IssuedSelfInvoice';
  return {
    SchemaVersion: '3.2.2',
    Modality: 'I',
    InvoiceIssuerType: selfBilled ? 'RE' : 'EM',
    Batch: batch(context, selfBilled),
  };
}

/** `BatchType`. */
function batch(context: WriteContext, selfBilled: boolean): XmlElement {
  const { figures } = context;
  const euros = figures.euros;
  // The seller's tax id (the parties builder reports its issues; they are not recorded twice).
  const issuer = taxIdentification({ issues: [] }, selfBilled ? context.contact : context.account, []);
  const identifier = [
    issuer?.TaxIdentificationNumber,
    context.invoice.number.trim(),
    context.invoice.series_code?.trim(),
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('');
  return {
    BatchIdentifier: [...identifier].slice(0, 70).join(''),
    InvoicesCount: '1',
    TotalInvoicesAmount: amount(figures.invoiceTotal, euros?.invoiceTotal),
    TotalOutstandingAmount: amount(figures.outstanding, euros?.outstanding),
    TotalExecutableAmount: amount(figures.executable, euros?.executable),
    InvoiceCurrencyCode: context.currency,
  };
}

/**
 * `AmountType`: the amount in the invoice currency and, in another currency than EUR, its EUR
 * equivalent.
 *
 * @example
 * ```ts
 * amount('100.00', undefined); // { TotalAmount: '100.00', EquivalentInEuros: undefined }
 * amount('100.00', '92.50'); // { TotalAmount: '100.00', EquivalentInEuros: '92.50' }
 * ```
 */
export function amount(total: string, euros: string | undefined): XmlElement {
  return {
    TotalAmount: amountText(total),
    EquivalentInEuros: euros === undefined ? undefined : amountText(euros),
  };
}
