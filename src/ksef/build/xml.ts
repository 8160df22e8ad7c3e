/**
 * How the FA(3) builder writes XML (ksef-fa3.md §10 rule 1; DESIGN.md "XML is built in schema order
 * from typed section objects").
 *
 * **Element order convention.** Every section builder returns an {@link XmlElement}: an object
 * literal whose keys are the child element names written in the order of the XSD sequence
 * (ksef-fa3.md §5), each with its content, or `undefined` when the element is left out. JavaScript
 * keeps the insertion order of string keys (an element name is never an integer-like key, the one
 * exception to that order), and `XMLBuilder` writes keys in that order and skips `undefined`, so
 * the source of a section reads as its schema sequence. A repeated element is an array; a choice is
 * a spread of one branch's object. Content is always a string (amounts as canonical decimal
 * strings, never JS numbers) and is escaped by `XMLBuilder`, never concatenated by hand.
 *
 * @module
 */

import { presentText } from '../../model/presentText.js';
import { writeXml as writeDocument, type XmlElement } from '../../xml/write.js';
import type { Fa3DecimalType } from './fa3Types.js';
import { fa3Decimal, fa3Percent } from './fa3Values.js';

export type { XmlContent, XmlElement } from '../../xml/write.js';
/** A repeated element from a list (one home: `src/xml/write.ts`). */
export { repeated } from '../../xml/write.js';

/**
 * Writes an FA(3) document with the shared writer (`src/xml/write.ts`): the XML declaration (UTF-8,
 * ksef-fa3.md §4) and the root element, escaped, indented by two spaces.
 *
 * @example
 * ```ts
 * writeXml('Faktura', { '@_xmlns': 'http://crd.gov.pl/wzor/2025/06/25/13775/', Naglowek: { WariantFormularza: '3' } });
 * // '<?xml version="1.0" encoding="UTF-8"?>\n<Faktura xmlns="…">\n  <Naglowek>\n    <WariantFormularza>3</WariantFormularza>\n …'
 * ```
 */
export function writeXml(root: string, content: XmlElement): string {
  // Indented by two spaces like the MF samples, so that a downloaded document and a golden file can
  // be read and diffed (whitespace between elements carries nothing in FA(3)).
  return writeDocument(root, content, { indent: '  ' });
}

/**
 * A text element's content: the trimmed text, or `undefined` (element left out) when absent or
 * blank (`TZnakowy` has `minLength` 1; ksef-fa3.md §2).
 *
 * @example
 * ```ts
 * text(' Warszawa '); // 'Warszawa'
 * text(''); // undefined
 * ```
 */
export function text(value: string | null | undefined): string | undefined {
  return presentText(value) ?? undefined;
}

/**
 * A decimal element's content in its canonical FA(3) spelling (see `fa3Decimal`), or `undefined`.
 * `fa3Issues` has already refused values that do not fit; one that still does not is left out
 * rather than written broken.
 *
 * @example
 * ```ts
 * decimalText('+0100.50', TKWOTOWY); // '100.50'
 * decimalText(null, TKWOTOWY); // undefined
 * ```
 */
export function decimalText(value: string | null | undefined, type: Fa3DecimalType): string | undefined {
  if (value === null || value === undefined) return undefined;
  return fa3Decimal(value, type) ?? undefined;
}

/**
 * A `TProcentowy` element's content, or `undefined`.
 *
 * @example
 * ```ts
 * percentText('50'); // '50'
 * ```
 */
export function percentText(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return fa3Percent(value) ?? undefined;
}

/**
 * A `TWybor1` marker (`1`) when `value` is true, else `undefined` (the element is left out).
 *
 * @example
 * ```ts
 * marker(true); // '1'
 * marker(null); // undefined
 * ```
 */
export function marker(value: boolean | null | undefined): '1' | undefined {
  return value === true ? '1' : undefined;
}

/**
 * A `TWybor1_2` answer: `1` yes, `2` no (absent counts as no). Used for the mandatory flags of
 * `Adnotacje` and for `JST` / `GV` (ksef-fa3.md §5, §6.2).
 *
 * @example
 * ```ts
 * yesNo(true); // '1'
 * yesNo(undefined); // '2'
 * ```
 */
export function yesNo(value: boolean | null | undefined): '1' | '2' {
  return value === true ? '1' : '2';
}

/**
 * An optional container element: `undefined` when none of its children has content, so that no
 * empty element is written (every optional FA(3) container needs at least one child).
 *
 * @example
 * ```ts
 * optionalElement({ Email: undefined, Telefon: undefined }); // undefined
 * optionalElement({ Email: 'a@b.pl', Telefon: undefined }); // { Email: 'a@b.pl', Telefon: undefined }
 * ```
 */
export function optionalElement(element: XmlElement): XmlElement | undefined {
  return Object.values(element).some((value) => value !== undefined) ? element : undefined;
}
