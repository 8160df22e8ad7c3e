/**
 * Which tax authority format an uploaded document is in (spec §4.2 `POST /accounts/{account}/
 * tax_reports/import` and `/ledgers/import`): an FA(3) invoice (KSeF) or an SII message (AEAT). The
 * document passes the shared XML guards first — size, UTF-8 without BOM, no DOCTYPE or entity
 * declaration (never expanded), well-formed — so that a hostile or broken upload is refused with the
 * reason before any importer parses it; the root element then names the format. Each importer runs
 * its own guards again with its own limit (FA(3): 3 MB, ksef-fa3.md §4).
 *
 * @module
 */
import type { Validated } from '../errors/validationIssue.js';
import { FA3_NAMESPACE } from '../ksef/import/guards.js';
import { SII_LR_NAMESPACE } from '../sii/build/xml.js';
import { MAX_SII_IMPORT_BYTES, SOAP_ENVELOPE_NAMESPACE } from '../sii/import/document.js';
import { documentIssue, guardXmlDocument, rootElement, type XmlDocumentPolicy } from '../xml/guards.js';

/** The formats the tax report imports read. */
export type TaxReportDocumentFormat = 'fa3' | 'sii';

/** The param every problem with the uploaded document answers at. */
export const IMPORT_FILE_PARAM = 'file';

/**
 * The guards of an upload before its format is known: the larger of the importers' limits (the SII
 * import's 10 MB), UTF-8 without BOM, no DTD.
 */
const IMPORT_POLICY: XmlDocumentPolicy = {
  param: IMPORT_FILE_PARAM,
  document: 'the uploaded document',
  maxBytes: MAX_SII_IMPORT_BYTES,
  maxBytesText: '10 MB (10485760 bytes), the most a tax report or ledger import accepts',
  reader: 'the import',
  reference: 'ksef-fa3.md §4; sii.md §1',
  conversionHint: 'a document saved in another encoding must be converted to UTF-8 first',
  documents: 'FA(3) invoices and SII messages',
};

/**
 * The format of an uploaded tax authority document, or one 422 `parameter_invalid` issue at `file`
 * saying why it cannot be imported: a guard's reason (oversize, not UTF-8, a DOCTYPE, not
 * well-formed), or a root that is neither FA(3)'s `Faktura` nor an SII message (`SuministroLR…` /
 * `BajaLR…` in the `SuministroLR.xsd` namespace, bare or in a SOAP 1.1 envelope). A `Faktura` in
 * another namespace is `fa3`, so that the FA(3) importer names the problem (an FA(2) document, say).
 *
 * @example
 * ```ts
 * detectTaxReportDocument(fa3Xml); // { success: true, data: 'fa3' }
 * detectTaxReportDocument('<!DOCTYPE x [<!ENTITY a "b">]><x/>').success; // false: 422 at `file`
 * ```
 */
export function detectTaxReportDocument(input: string | Uint8Array): Validated<TaxReportDocumentFormat> {
  const guarded = guardXmlDocument(input, IMPORT_POLICY);
  if (!guarded.success) return { success: false, issues: [guarded.issue] };
  const root = rootElement(guarded.data);
  if (root === null)
    return {
      success: false,
      issues: [documentIssue('xml.root-element', IMPORT_FILE_PARAM, 'has no root element')],
    };
  if (root.name === 'Faktura') return { success: true, data: 'fa3' };
  if (root.namespace === SII_LR_NAMESPACE) return { success: true, data: 'sii' };
  if (root.name === 'Envelope' && root.namespace === SOAP_ENVELOPE_NAMESPACE)
    return { success: true, data: 'sii' };
  const where = root.namespace === null ? 'in no namespace' : `in the namespace ${root.namespace}`;
  return {
    success: false,
    issues: [
      documentIssue(
        'fiscalkit.document.import-format',
        IMPORT_FILE_PARAM,
        `has the root element <${root.name}> ${where}: the import takes an FA(3) invoice (<Faktura> in ${FA3_NAMESPACE}) ` +
          `or an SII message (<SuministroLR…> or <BajaLR…> in ${SII_LR_NAMESPACE})`,
      ),
    ],
  };
}
