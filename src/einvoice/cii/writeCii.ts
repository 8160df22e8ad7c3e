/**
 * The CII writer (issue #22): an EN 16931 invoice as a UN/CEFACT Cross Industry Invoice D16B
 * document, bound as EN 16931-3-3 binds each business term, for EN 16931 itself (also the Factur-X /
 * ZUGFeRD "EN 16931" profile) or XRechnung 3.0.
 *
 * One builder per section of the CII schema (`CrossIndustryInvoice_100pD16B.xsd` and its
 * ReusableAggregateBusinessInformationEntity types), each returning the section as an object literal
 * in the XSD's sequence order for `writeXml` (DESIGN.md "XML is built in schema order"):
 *
 * ```
 * rsm:CrossIndustryInvoice
 *   rsm:ExchangedDocumentContext          exchangedDocumentContext   BT-23, BT-24
 *   rsm:ExchangedDocument                 exchangedDocument          BT-1, BT-3, BT-2, BG-1
 *   rsm:SupplyChainTradeTransaction
 *     ram:IncludedSupplyChainTradeLineItem*  lineItem                BG-25
 *     ram:ApplicableHeaderTradeAgreement     headerTradeAgreement    BT-10, BG-4, BG-7, BT-12 … BT-14, BT-18
 *     ram:ApplicableHeaderTradeDelivery      headerTradeDelivery     BG-13, BT-72, BT-16
 *     ram:ApplicableHeaderTradeSettlement    headerTradeSettlement   BT-83, BT-5, BT-6, BG-16, BG-23, BG-20, BG-21, BG-22, BG-3, BT-19
 * ```
 *
 * Every amount is the model's string as it stands (the totals engine's printed amounts): the writer
 * computes nothing but the line's price discount (BT-147 = BT-148 − BT-146), so BR-CO-10 … BR-CO-16
 * hold here exactly when they hold in the model.
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { writeXml } from '../../xml/write.js';
import type { En16931Invoice } from '../semantic/en16931Invoice.js';
import { CII_NAMESPACES, type CiiSpecification } from './specification.js';
import { exchangedDocument, exchangedDocumentContext } from './write/exchangedDocument.js';
import { headerTradeAgreement } from './write/headerTradeAgreement.js';
import { headerTradeDelivery } from './write/headerTradeDelivery.js';
import { headerTradeSettlement } from './write/headerTradeSettlement.js';
import { lineItem } from './write/lineItem.js';

export type { CiiSpecification } from './specification.js';

/**
 * What an EN 16931 invoice has that CII D16B cannot hold, as issues (empty when it can be written):
 * a second preceding invoice (BG-3 repeats in EN 16931, but `ram:InvoiceReferencedDocument` of the
 * D16B header settlement occurs at most once), and a deliver-to country (BT-80) that contradicts the
 * deliver-to address. Call it before {@link writeCii}, which refuses such an invoice rather than drop
 * a reference or pick a country.
 *
 * @example
 * ```ts
 * ciiWriteIssues({ ...invoice, preceding_invoices: [{ number: 'A' }, { number: 'B' }] });
 * // [{ rule: 'en16931.cii.write.preceding-invoices', code: 'parameter_invalid', param: 'preceding_invoices', … }]
 * ```
 */
export function ciiWriteIssues(doc: En16931Invoice): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (doc.preceding_invoices.length > 1)
    issues.push({
      rule: 'en16931.cii.write.preceding-invoices',
      code: 'parameter_invalid',
      param: 'preceding_invoices',
      message:
        `preceding_invoices names ${String(doc.preceding_invoices.length)} invoices, and a CII D16B document has room for one ` +
        '(ram:InvoiceReferencedDocument, maxOccurs 1): write the invoice as UBL, or reference one preceding invoice',
    });
  const address = doc.delivery_address;
  if (address !== undefined && doc.delivery_country !== undefined && doc.delivery_country !== address.country)
    issues.push({
      rule: 'en16931.cii.write.delivery-country',
      code: 'parameter_invalid',
      param: 'delivery_country',
      message: `delivery_country ${doc.delivery_country} is not the country of delivery_address (${address.country}): the deliver-to country (BT-80) must be one`,
    });
  return issues;
}

/**
 * Writes an EN 16931 invoice as a CII D16B `rsm:CrossIndustryInvoice` document (UTF-8, two-space
 * indentation), declaring `specification` in BT-24. Throws a `TypeError` for an invoice
 * {@link ciiWriteIssues} refuses (a programming error: check first).
 *
 * The document is valid against the CII D16B XSD, the EN 16931 CII rules and (for `xrechnung-3.0`)
 * the XRechnung 3.0 rules whenever the invoice itself meets them: XRechnung asks the invoice for a
 * buyer reference (the Leitweg-ID, BR-DE-15), a seller contact (BR-DE-2, BR-DE-5, BR-DE-6, BR-DE-7),
 * payment instructions (BR-DE-1) and both parties' electronic addresses (PEPPOL-EN16931-R010,
 * PEPPOL-EN16931-R020); the writer adds what is XRechnung's own (BT-23, BT-119 on a category `O` row).
 *
 * @example
 * ```ts
 * const xml = writeCii(invoice, 'xrechnung-3.0');
 * xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice'); // true
 * ```
 */
export function writeCii(doc: En16931Invoice, specification: CiiSpecification): string {
  const refused = ciiWriteIssues(doc)[0];
  if (refused !== undefined) throw new TypeError(`writeCii: ${refused.message}`);
  return writeXml(
    'rsm:CrossIndustryInvoice',
    {
      '@_xmlns:rsm': CII_NAMESPACES.rsm,
      '@_xmlns:qdt': CII_NAMESPACES.qdt,
      '@_xmlns:ram': CII_NAMESPACES.ram,
      '@_xmlns:udt': CII_NAMESPACES.udt,
      'rsm:ExchangedDocumentContext': exchangedDocumentContext(specification),
      'rsm:ExchangedDocument': exchangedDocument(doc),
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': doc.lines.map(lineItem),
        'ram:ApplicableHeaderTradeAgreement': headerTradeAgreement(doc),
        'ram:ApplicableHeaderTradeDelivery': headerTradeDelivery(doc),
        'ram:ApplicableHeaderTradeSettlement': headerTradeSettlement(doc, specification),
      },
    },
    { indent: '  ' },
  );
}
