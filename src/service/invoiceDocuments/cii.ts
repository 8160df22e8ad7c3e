/**
 * The UN/CEFACT CII D16B document types (issue #22): EN 16931 itself (`xml.cii.en16931`) and XRechnung
 * 3.0 in CII (`xml.cii.xrechnung.3.0`), both fiscalkit's codes. The invoice is mapped to EN 16931 for
 * the specification (`en16931FromInvoice`), then `ciiWriteIssues` names what CII D16B cannot hold (a
 * second preceding invoice) before `writeCii` writes it.
 *
 * @module
 */
import { ciiWriteIssues, writeCii } from '../../einvoice/cii/writeCii.js';
import { en16931FromInvoice } from '../../einvoice/semantic/en16931FromInvoice.js';
import type { EInvoiceSource } from '../../einvoice/semantic/source.js';
import type { Validated } from '../../errors/validationIssue.js';
import type { InvoiceDocumentType } from './documentType.js';

/**
 * The CII of an invoice for `specification` (the Factur-X document type embeds the `en16931` one).
 *
 * @example
 * ```ts
 * const xml = ciiOfInvoice({ invoice, account, contact }, 'en16931');
 * xml.success && xml.data.includes('urn:cen.eu:en16931:2017'); // true
 * ```
 */
export function ciiOfInvoice(
  source: EInvoiceSource,
  specification: 'en16931' | 'xrechnung-3.0',
): Validated<string> {
  const document = en16931FromInvoice(source, specification);
  if (!document.success) return document;
  const issues = ciiWriteIssues(document.data);
  if (issues.length > 0) return { success: false, issues };
  return { success: true, data: writeCii(document.data, specification) };
}

function ciiDocument(
  code: string,
  name: string,
  specification: 'en16931' | 'xrechnung-3.0',
): InvoiceDocumentType {
  return {
    code,
    name,
    content_type: 'application/xml; charset=utf-8',
    extension: 'xml',
    fiscalkit_code: true,
    write: async (source) => ciiOfInvoice(source, specification),
  };
}

/** `xml.cii.en16931`: EN 16931 in CII D16B. */
export const en16931CiiDocument = ciiDocument('xml.cii.en16931', 'UN/CEFACT CII D16B, EN 16931', 'en16931');

/** `xml.cii.xrechnung.3.0`: XRechnung 3.0 in CII (the Leitweg-ID from `buyer_reference`). */
export const xrechnungCiiDocument = ciiDocument(
  'xml.cii.xrechnung.3.0',
  'XRechnung 3.0, UN/CEFACT CII D16B syntax (Germany)',
  'xrechnung-3.0',
);
