import type { XmlElement } from '../../../xml/write.js';
import { REVERSE_CHARGE_LITERAL } from './codes.js';
import type { WriteContext } from './context.js';
import { textOf } from './values.js';

/**
 * `LegalLiteralsType`: the reverse-charge literal when a line's VAT is `AE` (art. 6.1.m RD 1619/2012:
 * the invoice must say "inversión del sujeto pasivo"); undefined otherwise. Exempt and not-subject
 * lines give their legal basis in their own `SpecialTaxableEvent` (./items.ts).
 *
 * @example
 * ```ts
 * legalLiterals(context); // { LegalReference: 'Inversión del sujeto pasivo (art. 84.Uno.2º Ley 37/1992)' } for an AE line
 * ```
 */
export function legalLiterals(context: WriteContext): XmlElement | undefined {
  return context.taxes.reverseCharge ? { LegalReference: REVERSE_CHARGE_LITERAL } : undefined;
}

/**
 * `AdditionalDataType`: the invoice's `notes` as `InvoiceAdditionalInformation` (the XSD: "lo que
 * considere oportuno el Emisor"); undefined without notes. `RelatedDocuments` (attachments) are not
 * written: the document carries the invoice, and FACe takes attachments beside it.
 *
 * @example
 * ```ts
 * additionalData(context); // { InvoiceAdditionalInformation: 'Thank you for your custom!' }
 * ```
 */
export function additionalData(context: WriteContext): XmlElement | undefined {
  const information = textOf(context, context.invoice.notes, ['notes'], {
    max: 2500,
    element: 'InvoiceAdditionalInformation',
  });
  return information === undefined ? undefined : { InvoiceAdditionalInformation: information };
}
