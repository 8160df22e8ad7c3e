/**
 * What the Facturae signer checks of a document before it signs it: that it is well-formed XML without
 * a DTD, that its root is a Facturae 3.2.x `Facturae`, and that it holds no signature yet — in one strict
 * pass of saxes (fiscalkit's XML 1.0 parser), because the signing library's DOM parser (xmldom, under
 * xml-crypto) repairs what it cannot parse (an unclosed element is closed, an unknown entity becomes
 * text) and would sign a document other than the one given.
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import { FACTURAE_ROOT, type FacturaeVersion, facturaeVersion } from '../../einvoice/facturae/namespaces.js';
import { FacturaeSignatureError } from '../../einvoice/facturae/signer.js';

/** The XMLDSig namespace (`ds:`). */
export const XMLDSIG_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

/** Stops the parse at the first refusal, carrying it out of saxes's handler. */
class Refused extends Error {
  constructor(readonly refusal: FacturaeSignatureError) {
    super(refusal.message);
  }
}

/**
 * The Facturae version of a document the signer may sign, or the {@link FacturaeSignatureError} that
 * says why it may not: `unreadable_document` (not well-formed, a DOCTYPE, no root), `not_facturae`,
 * `already_signed` (a `ds:Signature` child of the root: Facturae 3.2.x allows one, as the root's last
 * child).
 *
 * @example
 * ```ts
 * inspectFacturae('<fe:Facturae xmlns:fe="http://www.facturae.gob.es/formato/Versiones/Facturaev3_2_2.xml">…</fe:Facturae>');
 * // '3.2.2'
 * inspectFacturae('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
 * // FacturaeSignatureError { failure: 'not_facturae', … }
 * ```
 */
export function inspectFacturae(xml: string): FacturaeVersion | FacturaeSignatureError {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let depth = 0;
  let version: FacturaeVersion | null = null;
  const refuse = (failure: FacturaeSignatureError['failure'], message: string): never => {
    throw new Refused(new FacturaeSignatureError(failure, message));
  };
  parser.on('doctype', () =>
    refuse(
      'unreadable_document',
      `the document has a DOCTYPE (line ${parser.line}); Facturae documents have no DTD, and DTDs are refused, never read`,
    ),
  );
  parser.on('error', (error) =>
    refuse('unreadable_document', `the document is not well-formed XML: ${error.message}`),
  );
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      version = tag.local === FACTURAE_ROOT ? facturaeVersion(tag.uri ?? null) : null;
      if (version === null)
        refuse(
          'not_facturae',
          `the root element is {${tag.uri ?? ''}}${tag.local}, not Facturae in a Facturae 3.2, 3.2.1 or 3.2.2 namespace`,
        );
    } else if (depth === 2 && tag.local === 'Signature' && tag.uri === XMLDSIG_NAMESPACE) {
      refuse('already_signed', `the document is already signed (ds:Signature at line ${parser.line})`);
    }
  });
  parser.on('closetag', () => {
    depth--;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
  return version ?? new FacturaeSignatureError('unreadable_document', 'the document has no root element');
}
