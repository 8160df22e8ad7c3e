/**
 * The Factur-X / ZUGFeRD facts a PDF's XMP metadata states (issue #21, layer 5). Factur-X 1.0 §6.2.2
 * and ZUGFeRD 2.x ("PDF/A-3 extension schema") put them in the catalog's `/Metadata` stream as an
 * XMP extension schema: `fx:DocumentType` (INVOICE), `fx:DocumentFileName` (`factur-x.xml`),
 * `fx:Version` and `fx:ConformanceLevel` (MINIMUM, BASIC WL, BASIC, EN 16931, EXTENDED, XRECHNUNG).
 * ZUGFeRD 1.0 writes the same properties with the `zf:` prefix. Properties are matched by namespace,
 * not prefix: Factur-X `urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#`, ZUGFeRD 1.0
 * `urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#`, ZUGFeRD 2.x
 * `urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#` — written as elements or, in RDF's abbreviated
 * form, as attributes of `rdf:Description`. The extension schema's own description
 * (`pdfaProperty:name` = ConformanceLevel) is in another namespace and is not a value.
 *
 * @module
 */

import { SaxesParser } from 'saxes';
import { decodeUtf8Strict } from '../../xml/utf8.js';
import { latin1Text } from './pdfReader.js';

/** What the XMP metadata says about the embedded invoice; null for what it does not say. */
export interface FacturXMetadata {
  /** `ConformanceLevel`: the profile (`EN 16931`, `BASIC`, `XRECHNUNG`, …). */
  conformanceLevel: string | null;
  /** `DocumentFileName`: the attachment's name as the metadata gives it (`factur-x.xml`). */
  documentFileName: string | null;
}

/** The namespaces of the Factur-X, ZUGFeRD 1.0 and ZUGFeRD 2.x extension schemas (and their later versions). */
const FACTUR_X_NAMESPACE = /^urn:(?:factur-x|ferd|zugferd)(?::pdfa)?:CrossIndustryDocument:/i;

/** How deep the packet may nest (XMP is a few levels of RDF; saxes's prefix lookups cost the depth per element). */
const MAX_DEPTH = 64;

/**
 * Reads `ConformanceLevel` and `DocumentFileName` from an XMP packet (UTF-8, as XMP packets in PDF/A
 * are; ISO 16684-1 §7.3.2; bytes that are not UTF-8 are read as Latin-1, the properties being ASCII).
 * Anything it cannot read — not well-formed, a property absent — gives null for that property; the
 * first value of each property wins. Never throws.
 *
 * @example
 * ```ts
 * const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
 *   + '<rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">'
 *   + '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel></rdf:Description></rdf:RDF></x:xmpmeta>';
 * readFacturXMetadata(new TextEncoder().encode(xmp)); // { conformanceLevel: 'EN 16931', documentFileName: null }
 * ```
 */
export function readFacturXMetadata(bytes: Uint8Array): FacturXMetadata {
  const found: FacturXMetadata = { conformanceLevel: null, documentFileName: null };
  // The properties are ASCII: a packet that is not UTF-8 (a byte-order mark written as one byte, a
  // Latin-1 creator name) is read byte for byte rather than lost.
  const decoded = decodeUtf8Strict(bytes);
  const raw = decoded.ok ? decoded.text : latin1Text(bytes);
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const parser = new SaxesParser({ xmlns: true });
  let depth = 0;
  let open: keyof FacturXMetadata | null = null;
  let value = '';
  const note = (property: keyof FacturXMetadata, text: string) => {
    const trimmed = text.trim();
    if (found[property] === null && trimmed !== '') found[property] = trimmed;
  };
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth > MAX_DEPTH) throw new Error('XMP nested too deeply');
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name];
      if (attribute === undefined || !FACTUR_X_NAMESPACE.test(attribute.uri)) continue;
      const property = propertyOf(attribute.local);
      if (property !== null) note(property, attribute.value);
    }
    open = FACTUR_X_NAMESPACE.test(tag.uri) ? propertyOf(tag.local) : null;
    value = '';
  });
  parser.on('text', (chunk) => {
    if (open !== null) value += chunk;
  });
  parser.on('closetag', () => {
    depth--;
    if (open !== null) note(open, value);
    open = null;
  });
  try {
    parser.write(text).close();
  } catch {
    // Not well-formed: what was read before the error stands.
  }
  return found;
}

function propertyOf(local: string): keyof FacturXMetadata | null {
  if (local === 'ConformanceLevel') return 'conformanceLevel';
  if (local === 'DocumentFileName') return 'documentFileName';
  return null;
}
