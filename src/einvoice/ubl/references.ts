/**
 * The document references of a UBL Invoice / CreditNote, each a section of its own in the order the
 * UBL 2.1 document schemas put them: `cac:OrderReference` (BT-13, BT-14), `cac:BillingReference` (BG-3),
 * `cac:DespatchDocumentReference` (BT-16), `cac:ContractDocumentReference` (BT-12) and
 * `cac:AdditionalDocumentReference` for the invoiced object (BT-18).
 *
 * @module
 */
import { repeated, type XmlElement } from '../../xml/write.js';
import type { En16931Invoice } from '../semantic/en16931Invoice.js';

/**
 * The purchase order reference written when the invoice names a sales order (BT-14) but no purchase
 * order (BT-13): UBL's `OrderReference` requires an `ID`, and Peppol BIS 3 says to write `NA` then
 * (BIS Billing 3.0, "Sales order reference": "If the purchase order reference is not known, use NA").
 * The reader reads `NA` beside a `SalesOrderID` back as no purchase order.
 */
export const UNKNOWN_ORDER_REFERENCE = 'NA';

/**
 * UNTDID 1001 `130` (invoicing data sheet): the `DocumentTypeCode` EN 16931-3-2 gives the
 * `AdditionalDocumentReference` that carries the invoiced object identifier (BT-18; UBL-SR-04).
 */
export const INVOICED_OBJECT_TYPE_CODE = '130';

/**
 * `cac:OrderReference`: the purchase order (BT-13, `cbc:ID`) and sales order (BT-14, `cbc:SalesOrderID`)
 * references; `undefined` when the invoice has neither.
 *
 * @example
 * ```ts
 * orderReference({ ...invoice, purchase_order_reference: 'PO-7', sales_order_reference: undefined });
 * // { 'cbc:ID': 'PO-7', 'cbc:SalesOrderID': undefined }
 * orderReference({ ...invoice, purchase_order_reference: undefined, sales_order_reference: 'SO-1' });
 * // { 'cbc:ID': 'NA', 'cbc:SalesOrderID': 'SO-1' }
 * ```
 */
export function orderReference(invoice: En16931Invoice): XmlElement | undefined {
  const purchase = invoice.purchase_order_reference;
  const sales = invoice.sales_order_reference;
  if (purchase === undefined && sales === undefined) return undefined;
  return { 'cbc:ID': purchase ?? UNKNOWN_ORDER_REFERENCE, 'cbc:SalesOrderID': sales };
}

/**
 * `cac:BillingReference`, one per preceding invoice (BG-3): `cac:InvoiceDocumentReference` with the
 * number (BT-25) and issue date (BT-26). A credit note and a corrected invoice name the invoice they
 * correct here (NL-R-001, BR-DE-26).
 *
 * @example
 * ```ts
 * billingReferences({ ...invoice, preceding_invoices: [{ number: 'F-1', issue_date: '2025-01-02' }] });
 * // [{ 'cac:InvoiceDocumentReference': { 'cbc:ID': 'F-1', 'cbc:IssueDate': '2025-01-02' } }]
 * ```
 */
export function billingReferences(invoice: En16931Invoice): readonly XmlElement[] | undefined {
  return repeated(invoice.preceding_invoices, (preceding) => ({
    'cac:InvoiceDocumentReference': { 'cbc:ID': preceding.number, 'cbc:IssueDate': preceding.issue_date },
  }));
}

/**
 * A `cac:…DocumentReference` with only an `ID`, for the despatch advice (BT-16) and the contract
 * (BT-12); `undefined` when absent.
 *
 * @example
 * ```ts
 * documentReference('CT-2025-4'); // { 'cbc:ID': 'CT-2025-4' }
 * ```
 */
export function documentReference(id: string | undefined): XmlElement | undefined {
  return id === undefined ? undefined : { 'cbc:ID': id };
}

/**
 * `cac:AdditionalDocumentReference` for the invoiced object identifier (BT-18): its `ID` and the
 * document type code `130`. The model has no attachments (BG-24), so this is the only one written.
 *
 * @example
 * ```ts
 * invoicedObject({ ...invoice, invoiced_object: 'EXP-2025-17' });
 * // { 'cbc:ID': 'EXP-2025-17', 'cbc:DocumentTypeCode': '130' }
 * ```
 */
export function invoicedObject(invoice: En16931Invoice): XmlElement | undefined {
  if (invoice.invoiced_object === undefined) return undefined;
  return { 'cbc:ID': invoice.invoiced_object, 'cbc:DocumentTypeCode': INVOICED_OBJECT_TYPE_CODE };
}
