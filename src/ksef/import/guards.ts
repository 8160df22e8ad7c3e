/**
 * The document guards of the FA(3) importer: the shared XML guards of `src/xml/guards.ts` with KSeF's
 * limit and wording ({@link FA3_DOCUMENT_POLICY}: 3 MB, UTF-8 without BOM, ksef-fa3.md §4), then the
 * checks only FA(3) has — the root `Faktura` in the FA(3) namespace (naming FA(2), a common mix-up) and
 * the form code. Each answers one 422 `parameter_invalid` issue, or nothing.
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { documentIssue, rootElement, type XmlDocumentPolicy } from '../../xml/guards.js';
import { FA3_NAMESPACE } from '../build/fa3Types.js';

// The target namespace of FA(3) (ksef-fa3.md §1) has one home, the schema: `fa3Types.ts` (generated).
export { FA3_NAMESPACE };

/** The namespace of FA(2), the previous schema: a common mix-up (ksef-fa3.md §8 item 2). */
export const FA2_NAMESPACE = 'http://crd.gov.pl/wzor/2023/06/29/12648/';

/**
 * The largest document accepted: 3 MB (3 × 1024 × 1024 bytes), what KSeF accepts for an invoice with
 * attachments (ksef-fa3.md §4: 1 MB without, 3 MB with attachments). Written out because the
 * repository's money guard refuses number multiplication in `src`.
 */
export const MAX_FA3_BYTES = 3145728;

/** The param of a problem with the document as a whole. */
export const FILE_PARAM = 'file';

/** The param of a wrong form code. */
export const FORM_CODE_PARAM = 'Naglowek/KodFormularza';

/**
 * What the shared guards allow and say for an FA(3) document (ksef-fa3.md §4): at most
 * {@link MAX_FA3_BYTES}, UTF-8 without BOM, no DTD.
 *
 * @example
 * ```ts
 * guardXmlDocument(xml, FA3_DOCUMENT_POLICY); // { success: true, data: xml } for a sound document
 * ```
 */
export const FA3_DOCUMENT_POLICY: XmlDocumentPolicy = {
  param: FILE_PARAM,
  document: 'the FA(3) document',
  maxBytes: MAX_FA3_BYTES,
  maxBytesText:
    '3 MB (3145728 bytes), the most KSeF accepts for an invoice with attachments (ksef-fa3.md §4)',
  reader: 'KSeF',
  reference: 'ksef-fa3.md §4',
  conversionHint: 'a document saved as ISO-8859-2 or Windows-1250 must be converted first',
  documents: 'FA(3) documents',
};

function fileIssue(rule: string, message: string): ValidationIssue {
  return documentIssue(rule, FILE_PARAM, message);
}

/**
 * Refuses a root that is not `Faktura` in the FA(3) namespace (ksef-fa3.md §1), with a message that
 * names FA(2) when the document is one (its namespace `…/2023/06/29/12648/`, ksef-fa3.md §8 item 2).
 * A default namespace and a prefixed one (`<tns:Faktura xmlns:tns="…">`) are both accepted.
 *
 * @example
 * ```ts
 * rootIssue(`<Faktura xmlns="${FA3_NAMESPACE}"/>`); // null
 * rootIssue(`<Faktura xmlns="${FA2_NAMESPACE}"/>`)?.message; // 'file is an FA(2) document …'
 * ```
 */
export function rootIssue(text: string): ValidationIssue | null {
  const root = rootElement(text);
  if (root === null) return fileIssue('xml.root-element', 'has no root element');
  if (root.namespace === FA2_NAMESPACE) {
    return fileIssue(
      'ksef.1.namespace',
      `is an FA(2) document (namespace ${FA2_NAMESPACE}); only FA(3) documents (namespace ${FA3_NAMESPACE}, ` +
        'kodSystemowy "FA (3)") are imported',
    );
  }
  if (root.name !== 'Faktura') {
    return fileIssue(
      'ksef.1.root-element',
      `has the root element <${root.name}>; an FA(3) invoice is a <Faktura> in the namespace ${FA3_NAMESPACE}`,
    );
  }
  if (root.namespace !== FA3_NAMESPACE) {
    const found = root.namespace === null ? 'no namespace' : `the namespace ${root.namespace}`;
    return fileIssue(
      'ksef.1.namespace',
      `has its <Faktura> root in ${found}; FA(3) requires the namespace ${FA3_NAMESPACE}`,
    );
  }
  return null;
}

/**
 * Refuses a form code other than FA(3)'s: `kodSystemowy` exactly `FA (3)` (with the space; `FA(3)`
 * is a known mistake, ksef-fa3.md §8 item 2) and `wersjaSchemy` `1-0E`, both `fixed` in the XSD
 * (ksef-fa3.md §1). Answers at `Naglowek/KodFormularza`.
 *
 * @example
 * ```ts
 * formCodeIssue('FA (3)', '1-0E'); // null
 * formCodeIssue('FA(3)', '1-0E')?.param; // 'Naglowek/KodFormularza'
 * ```
 */
export function formCodeIssue(
  systemCode: string | null | undefined,
  schemaVersion: string | null | undefined,
): ValidationIssue | null {
  if (systemCode !== 'FA (3)') {
    return {
      rule: 'fa3.KodFormularza',
      code: 'parameter_invalid',
      param: FORM_CODE_PARAM,
      message: `${FORM_CODE_PARAM} must have kodSystemowy="FA (3)" (with the space), not ${
        systemCode === null || systemCode === undefined ? 'none' : JSON.stringify(systemCode)
      } (ksef-fa3.md §1)`,
    };
  }
  if (schemaVersion !== '1-0E') {
    return {
      rule: 'fa3.KodFormularza',
      code: 'parameter_invalid',
      param: FORM_CODE_PARAM,
      message: `${FORM_CODE_PARAM} must have wersjaSchemy="1-0E", not ${
        schemaVersion === null || schemaVersion === undefined ? 'none' : JSON.stringify(schemaVersion)
      } (ksef-fa3.md §1)`,
    };
  }
  return null;
}
