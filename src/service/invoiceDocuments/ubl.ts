/**
 * The UBL 2.1 document types (issue #22): Peppol BIS Billing 3.0 (`xml.ubl.invoice.bis3`, the real
 * service's code, and `xml.ubl.creditnote.bis3`, fiscalkit's) and XRechnung 3.0 in UBL
 * (`xml.ubl.invoice.xrechnung.3.0`, fiscalkit's). Each is the invoice mapped to EN 16931 for its
 * specification (`en16931FromInvoice`: the amounts of `computeTotals`, the specification's
 * prerequisites as 422 issues) and written by `writeUbl`: an `Invoice`, or a `CreditNote` for a credit
 * note, as Peppol BIS 3 puts credit notes in their own document.
 *
 * @module
 */
import { en16931FromInvoice } from '../../einvoice/semantic/en16931FromInvoice.js';
import type { En16931Specification } from '../../einvoice/semantic/en16931Specification.js';
import { isUblCreditNote, writeUbl } from '../../einvoice/ubl/writeUbl.js';
import { refused } from '../../generate/parties.js';
import type { InvoiceDocumentType } from './documentType.js';

const XML = 'application/xml; charset=utf-8';

/** A UBL document type for a specification, `credit_notes_only` for the credit-note code. */
function ublDocument(
  code: string,
  name: string,
  specification: En16931Specification & ('peppol-bis3' | 'xrechnung-3.0'),
  fiscalkit_code: boolean,
  credit_notes_only = false,
): InvoiceDocumentType {
  return {
    code,
    name,
    content_type: XML,
    extension: 'xml',
    fiscalkit_code,
    async write(source) {
      const document = en16931FromInvoice(source, specification);
      if (!document.success) return document;
      if (credit_notes_only && !isUblCreditNote(document.data))
        return refused(
          'en16931.write.credit-note-document',
          'parameter_inclusion',
          ['document_type'],
          `is ${code}, a UBL CreditNote, and this invoice is not a credit note: download it as xml.ubl.invoice.bis3`,
        );
      return { success: true, data: writeUbl(document.data, specification) };
    },
  };
}

/** `xml.ubl.invoice.bis3`: the real service's code; an `Invoice`, or a `CreditNote` for a credit note. */
export const peppolUblDocument = ublDocument(
  'xml.ubl.invoice.bis3',
  'UBL 2.1, Peppol BIS Billing 3.0 (Invoice, or CreditNote for a credit note)',
  'peppol-bis3',
  false,
);

/** `xml.ubl.creditnote.bis3`: a credit note's Peppol BIS 3 `CreditNote`, refused for an invoice. */
export const peppolUblCreditNoteDocument = ublDocument(
  'xml.ubl.creditnote.bis3',
  'UBL 2.1 CreditNote, Peppol BIS Billing 3.0',
  'peppol-bis3',
  true,
  true,
);

/** `xml.ubl.invoice.xrechnung.3.0`: XRechnung 3.0 in UBL (the Leitweg-ID from `buyer_reference`). */
export const xrechnungUblDocument = ublDocument(
  'xml.ubl.invoice.xrechnung.3.0',
  'XRechnung 3.0, UBL 2.1 syntax (Germany)',
  'xrechnung-3.0',
  true,
);
