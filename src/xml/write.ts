/**
 * The one XML writer of fiscalkit's builders (FA(3) and SII; DESIGN.md "XML is built in schema order
 * from typed section objects"). A section builder returns an {@link XmlElement}: an object literal
 * whose keys are the child element names in the order of the XSD sequence, each with its content, or
 * `undefined` when the element is left out. JavaScript keeps the insertion order of string keys (an
 * element name is never an integer-like key, the one exception), so the source of a section reads as
 * its schema sequence. A repeated element is an array; a choice is a spread of one branch's object;
 * attributes are keys starting with `@_`; text beside attributes is `#text`. Content is always a
 * string (amounts as canonical decimal strings, never JS numbers) and is escaped here, never
 * concatenated by the section builders.
 *
 * It replaces fast-xml-parser's `XMLBuilder`, which alone took 200–600 ms for 5,000 SII records
 * (issue #6 budget: 300 ms for the whole build), with a writer of the same convention in a fraction
 * of that; both formats now share it.
 *
 * @module
 */

/** The content of one element: text, child elements, a repeated element, or nothing. */
export type XmlContent = string | XmlElement | readonly (XmlElement | string)[] | undefined;

/** An element's children by (prefixed) name, in schema order; `@_…` attributes, `#text` text. */
export interface XmlElement {
  readonly [name: string]: XmlContent;
}

/** How {@link writeXml} lays the document out. */
export interface XmlLayout {
  /**
   * The indentation of one level (`'  '` for FA(3), like the MF samples); `''` writes one element a
   * line without indentation (SII: a third fewer bytes in a 10,000-record message, and a schema
   * error's line still points at one element).
   */
  indent: string;
}

const TEXT_SPECIALS = /[&<>\r]/g;
const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"\r\n\t]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\r\n\t]/;
/** `&`, `<`, `>` always; a carriage return as a reference, so that XML's line-end handling keeps it. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};
const entity = (char: string) => ENTITIES[char] ?? char;

/** Whether a key is an attribute (`@_…`). */
const isAttribute = (key: string) => key.charCodeAt(0) === 64;

/** Escaped element text. */
function escapeText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, entity) : text;
}

/** Escaped attribute value (tested first: most values, namespaces and codes, need nothing). */
function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIALS, entity) : value;
}

/**
 * The document being written. One string grown by `+=` (a V8 rope, flattened once when it is read)
 * rather than an array of lines joined at the end: for a 1,000-line invoice (30,000 lines, 1.2 MB)
 * `Array.prototype.join` alone took ~20 ms of a 30 ms budget (issue #22 "Speed"); the rope is built
 * in 2–5 ms and flattened, when the caller first reads it, in about two thirds of the join's time
 * (Node 20). The bytes are the same (FA(3), SII and the e-invoice writers' goldens).
 */
interface Output {
  text: string;
}

/** Writes one element (and its children) into `out`, one element a line. */
function writeElement(out: Output, name: string, content: XmlContent, pad: string, indent: string): void {
  if (content === undefined) return;
  if (typeof content === 'string') {
    out.text += `${pad}<${name}>${escapeText(content)}</${name}>\n`;
    return;
  }
  if (Array.isArray(content)) {
    for (const item of content as readonly (XmlElement | string)[])
      writeElement(out, name, item, pad, indent);
    return;
  }
  const element = content as XmlElement;
  // One key listing for both passes (attributes, then children), in insertion order like `for…in`.
  const keys = Object.keys(element);
  let attributes = '';
  let hasChildren = false;
  for (const key of keys) {
    const value = element[key];
    if (value === undefined) continue;
    if (isAttribute(key)) attributes += ` ${key.slice(2)}="${escapeAttribute(String(value))}"`;
    else if (key !== '#text') hasChildren = true;
  }
  if (!hasChildren) {
    const text = element['#text'];
    out.text += `${pad}<${name}${attributes}>${typeof text === 'string' ? escapeText(text) : ''}</${name}>\n`;
    return;
  }
  out.text += `${pad}<${name}${attributes}>\n`;
  const inner = pad + indent;
  for (const key of keys) {
    const value = element[key];
    if (value !== undefined && !isAttribute(key) && key !== '#text')
      writeElement(out, key, value, inner, indent);
  }
  out.text += `${pad}</${name}>\n`;
}

/**
 * Writes a document: the XML declaration (UTF-8, which both KSeF and the AEAT require) and the root
 * element with its content, escaped, one element a line, indented by `layout.indent` per level.
 *
 * @example
 * ```ts
 * writeXml('Faktura', { '@_xmlns': 'http://crd.gov.pl/wzor/2025/06/25/13775/', Naglowek: { WariantFormularza: '3' } }, { indent: '  ' });
 * // '<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="…">\n  <Naglowek>\n    <WariantFormularza>3</WariantFormularza>\n  </Naglowek>\n</Faktura>\n'
 * ```
 */
export function writeXml(root: string, content: XmlElement, layout: XmlLayout): string {
  const out: Output = { text: '<?xml version="1.0" encoding="UTF-8"?>\n' };
  writeElement(out, root, content, '', layout.indent);
  return out.text;
}

/**
 * A repeated element from a list: `undefined` when the list is absent or empty, so that the element is
 * left out rather than written empty (both formats' builders: an FA(3) `FaWiersz`, an SII
 * `sii:DetalleIVA`). The one home of this helper; `src/ksef/build/xml.ts` and `src/sii/build/xml.ts`
 * re-export it for their section builders.
 *
 * @example
 * ```ts
 * repeated([{ n: 'a' }], (item) => ({ Klucz: item.n })); // [{ Klucz: 'a' }]
 * repeated(null, () => ({})); // undefined
 * ```
 */
export function repeated<T>(
  items: readonly T[] | null | undefined,
  build: (item: T, index: number) => XmlElement,
): readonly XmlElement[] | undefined {
  if (!Array.isArray(items) || items.length === 0) return undefined;
  return items.map(build);
}
