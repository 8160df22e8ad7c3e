/**
 * The UBL 2.1 writer of issue #22: an EN 16931 invoice (`En16931Invoice`) as a UBL `Invoice` or
 * `CreditNote` of Peppol BIS Billing 3.0 (`xml.ubl.invoice.bis3`) or XRechnung 3.0, bound term by term as
 * EN 16931-3-2 binds them. The root's content is one object literal whose keys follow the sequence of
 * `maindoc/UBL-Invoice-2.1.xsd` / `UBL-CreditNote-2.1.xsd`; each aggregate is a small builder of its own
 * (`./party.ts`, `./references.ts`, `./payment.ts`, `./allowanceCharge.ts`, `./totals.ts`, `./line.ts`),
 * and `writeXml` (`src/xml/write.ts`) writes and escapes the whole once — no DOM, no string
 * concatenation of content.
 *
 * What is written and from where:
 * - the root is `CreditNote` for the credit note type codes Peppol puts there (381, 396, 81, 83, 532:
 *   `CREDIT_NOTE_TYPE_CODES`), with `CreditNoteTypeCode`, `CreditNoteLine` and `CreditedQuantity`;
 *   `Invoice` for every other code;
 * - `CustomizationID` (BT-24) names the specification; `ProfileID` (BT-23) is Peppol's billing process 01
 *   for both (XRechnung's merged rules keep PEPPOL-EN16931-R001, and KoSIT's examples write it);
 * - no `UBLVersionID`, extensions or other elements outside the EN 16931 binding (a UBL-CR
 *   warning of the EN 16931 rules flags each).
 *
 * The writer trusts the model: it writes what it is given (the amounts are `computeTotals`' printed
 * amounts) and checks nothing; the official rules judge the result (`judgeDocument` in the tests). The
 * one thing it refuses is a model that contradicts itself in a way no document can show — a
 * `delivery_country` that is not `delivery_address`'s country — with a `TypeError`, as the CII writer
 * does: a programming error of whoever built the model.
 *
 * @module
 */
import { repeated, writeXml, type XmlElement } from '../../xml/write.js';
import type { En16931Invoice } from '../semantic/en16931Invoice.js';
import { documentAllowanceCharge } from './allowanceCharge.js';
import { invoiceLine } from './line.js';
import { party } from './party.js';
import { delivery, paymentMeans, paymentTerms } from './payment.js';
import { billingReferences, documentReference, invoicedObject, orderReference } from './references.js';
import {
  CREDIT_NOTE_TYPE_CODES,
  CUSTOMIZATION_IDS,
  PEPPOL_BILLING_PROFILE,
  UBL_NAMESPACES,
  type UblSpecification,
} from './specification.js';
import { legalMonetaryTotal, taxTotals } from './totals.js';

export type { UblSpecification } from './specification.js';

/**
 * Whether an invoice is written as a UBL `CreditNote` (its type code is one of
 * `CREDIT_NOTE_TYPE_CODES`).
 *
 * @example
 * ```ts
 * isUblCreditNote({ ...invoice, type_code: '381' }); // true
 * ```
 */
export function isUblCreditNote(invoice: Pick<En16931Invoice, 'type_code'>): boolean {
  return CREDIT_NOTE_TYPE_CODES.has(invoice.type_code);
}

/** The namespace declarations of the root: the document's default namespace, `cac` and `cbc`. */
function namespaces(creditNote: boolean): XmlElement {
  return {
    '@_xmlns': creditNote ? UBL_NAMESPACES.creditNote : UBL_NAMESPACES.invoice,
    '@_xmlns:cac': UBL_NAMESPACES.cac,
    '@_xmlns:cbc': UBL_NAMESPACES.cbc,
  };
}

/** The parties, delivery, payment, allowances, totals and lines: the same in both roots. */
function body(invoice: En16931Invoice, specification: UblSpecification, creditNote: boolean): XmlElement {
  const currency = invoice.currency;
  const quantityElement = creditNote ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  return {
    'cac:AccountingSupplierParty': { 'cac:Party': party(invoice.seller, 'seller', specification) },
    'cac:AccountingCustomerParty': { 'cac:Party': party(invoice.buyer, 'buyer', specification) },
    'cac:Delivery': delivery(invoice),
    'cac:PaymentMeans': paymentMeans(invoice, creditNote),
    'cac:PaymentTerms': paymentTerms(invoice),
    'cac:AllowanceCharge': repeated(invoice.allowances_charges, (value) =>
      documentAllowanceCharge(value, currency),
    ),
    'cac:TaxTotal': taxTotals(invoice, specification),
    'cac:LegalMonetaryTotal': legalMonetaryTotal(invoice),
    [creditNote ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: invoice.lines.map((line) =>
      invoiceLine(line, currency, quantityElement),
    ),
  };
}

/**
 * The content of a UBL `Invoice` (UBL-Invoice-2.1.xsd sequence): `DueDate` (BT-9) and
 * `InvoiceTypeCode` after the issue date, then the notes and the tax point date, and `ProjectReference`
 * (not in the model) after the additional document references.
 */
function invoiceContent(invoice: En16931Invoice, specification: UblSpecification): XmlElement {
  return {
    ...namespaces(false),
    'cbc:CustomizationID': CUSTOMIZATION_IDS[specification],
    'cbc:ProfileID': PEPPOL_BILLING_PROFILE,
    'cbc:ID': invoice.number,
    'cbc:IssueDate': invoice.issue_date,
    'cbc:DueDate': invoice.due_date,
    'cbc:InvoiceTypeCode': invoice.type_code,
    'cbc:Note': invoice.notes,
    'cbc:TaxPointDate': invoice.tax_point_date,
    'cbc:DocumentCurrencyCode': invoice.currency,
    'cbc:TaxCurrencyCode': invoice.tax_currency,
    'cbc:AccountingCost': invoice.buyer_accounting_reference,
    'cbc:BuyerReference': invoice.buyer_reference,
    'cac:OrderReference': orderReference(invoice),
    'cac:BillingReference': billingReferences(invoice),
    'cac:DespatchDocumentReference': documentReference(invoice.despatch_advice_reference),
    'cac:ContractDocumentReference': documentReference(invoice.contract_reference),
    'cac:AdditionalDocumentReference': invoicedObject(invoice),
    ...body(invoice, specification, false),
  };
}

/**
 * The content of a UBL `CreditNote` (UBL-CreditNote-2.1.xsd sequence): the tax point date before
 * `CreditNoteTypeCode`, no `DueDate` (a credit note's BT-9 is `PaymentMeans/PaymentDueDate`, see
 * `paymentMeans`).
 */
function creditNoteContent(invoice: En16931Invoice, specification: UblSpecification): XmlElement {
  return {
    ...namespaces(true),
    'cbc:CustomizationID': CUSTOMIZATION_IDS[specification],
    'cbc:ProfileID': PEPPOL_BILLING_PROFILE,
    'cbc:ID': invoice.number,
    'cbc:IssueDate': invoice.issue_date,
    'cbc:TaxPointDate': invoice.tax_point_date,
    'cbc:CreditNoteTypeCode': invoice.type_code,
    'cbc:Note': invoice.notes,
    'cbc:DocumentCurrencyCode': invoice.currency,
    'cbc:TaxCurrencyCode': invoice.tax_currency,
    'cbc:AccountingCost': invoice.buyer_accounting_reference,
    'cbc:BuyerReference': invoice.buyer_reference,
    'cac:OrderReference': orderReference(invoice),
    'cac:BillingReference': billingReferences(invoice),
    'cac:DespatchDocumentReference': documentReference(invoice.despatch_advice_reference),
    'cac:ContractDocumentReference': documentReference(invoice.contract_reference),
    'cac:AdditionalDocumentReference': invoicedObject(invoice),
    ...body(invoice, specification, true),
  };
}

/**
 * Writes an EN 16931 invoice as a UBL 2.1 document of a specification: `Invoice` or `CreditNote` by the
 * type code, UTF-8, two-space indented (a downloaded document and a golden file read and diff line by
 * line). The same model always gives the same string, and `readUbl` gives the model back, so
 * write → read → write is the identity.
 *
 * @example
 * ```ts
 * const xml = writeUbl(invoice, 'peppol-bis3');
 * xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"'); // true
 * writeUbl({ ...invoice, type_code: '381' }, 'xrechnung-3.0').includes('<CreditNote '); // true
 * ```
 */
export function writeUbl(doc: En16931Invoice, specification: UblSpecification): string {
  const creditNote = isUblCreditNote(doc);
  return creditNote
    ? writeXml('CreditNote', creditNoteContent(doc, specification), { indent: '  ' })
    : writeXml('Invoice', invoiceContent(doc, specification), { indent: '  ' });
}
