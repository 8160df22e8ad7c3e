import { isXmlChar } from '../../xml/guards.js';
/**
 * A fast scanner for the plain XML fiscalkit and most systems write: an optional XML declaration,
 * elements with ASCII names, attributes without references or line breaks, text with the predefined
 * entities and character references — and nothing else. It checks every well-formedness constraint of
 * that subset (characters, names, quoting, unique attributes, tag balance, one root) and gives up
 * (returns false) on anything outside it: comments, CDATA sections, processing instructions, DOCTYPE,
 * carriage returns, non-ASCII names, `]]>`… The structural validator then parses the document again with
 * saxes, its reference parser; so giving up is always safe, and this scanner only has to be right about
 * the documents it finishes. It exists for speed: validating thousands of one-record messages is
 * dominated by parsing (issue #6), and this scan is several times faster than saxes on such documents.
 *
 * @module
 */

/** What the scanner reports, in document order (like saxes' `opentag`, `text`, `closetag`). */
export interface XmlScanEvents {
  /**
   * A start tag. With attributes, `name` is a checked ASCII name. Without attributes, `name` is the
   * raw text between `<` and `>` (or `/>`), and the handler must check that it is a name
   * ({@link isAsciiName}) and throw to stop the scan when it is not: it knows the names it has seen,
   * which makes the check almost free.
   */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  text(text: string): void;
  close(): void;
}

/**
 * The attributes of every start tag without any (one shared object, so a handler can skip them by
 * identity).
 *
 * @example
 * scanXml('<a/>', { open: (name, attributes) => attributes === NO_ATTRIBUTES, text() {}, close() {} });
 */
export const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze(
  Object.create(null) as Record<string, string>,
);

/**
 * Anything outside the subset as a whole: a character that is not an XML Char (C0 controls other than
 * tab and line feed, U+FFFE, U+FFFF), a carriage return (line-end normalization), `]]>`. Surrogates are
 * checked apart, and only when there are any ({@link LONE_SURROGATE}).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids (and CR)
const OUTSIDE_SUBSET = /[\x00-\x08\x0b-\x1f\uFFFE\uFFFF]|\]\]>/;
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The XML declaration, exactly as XML 1.0 allows it (version 1.0 only). */
const XML_DECLARATION =
  /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(?:"1\.0"|'1\.0')(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\n]*\?>/y;

const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));/y;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const ASCII_NAME = /^[A-Za-z_:][A-Za-z0-9._:-]*$/;

/**
 * Whether `text` is an XML name made of ASCII characters (what the scanner's subset allows).
 *
 * @example
 * isAsciiName('sii:DetalleIVA'); // → true
 * isAsciiName('sii:Detalle IVA'); // → false
 */
export function isAsciiName(text: string): boolean {
  return ASCII_NAME.test(text);
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09;
}

/** ASCII NameStartChar: letters, `_`, `:`. */
function isNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code === 0x3a;
}

/** ASCII NameChar: a NameStartChar, digits, `-`, `.`. */
function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
}

/** Text with its references replaced, or null when a `&` starts no well-formed reference to a Char. */
function decode(text: string): string | null {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', from)) {
    REFERENCE.lastIndex = at;
    const match = REFERENCE.exec(text);
    if (match === null) return null;
    let replacement: string;
    if (match[1] !== undefined) replacement = ENTITIES[match[1]] as string;
    else {
      const digits = match[2] ?? match[3] ?? '';
      if (digits.length > 7) return null;
      const code = Number.parseInt(digits, match[2] === undefined ? 16 : 10);
      if (!isXmlChar(code)) return null;
      replacement = String.fromCodePoint(code);
    }
    out += text.slice(from, at) + replacement;
    from = REFERENCE.lastIndex;
  }
  return out + text.slice(from);
}

/**
 * Scans `xml`, reporting its elements and text to `events`; true when the whole document was scanned
 * and is well-formed, false when it is outside the subset (see the module comment) or not well-formed
 * — events may have been reported before that. Handlers may throw to stop the scan.
 *
 * @example
 * const names: string[] = [];
 * scanXml('<a x="1"><b>t &amp; u</b></a>', { open: (name) => names.push(name), text: () => {}, close: () => {} });
 * // → true; names: ['a', 'b']
 * scanXml('<a><!-- comment --></a>', events); // → false (a comment: outside the subset)
 */
export function scanXml(xml: string, events: XmlScanEvents): boolean {
  if (OUTSIDE_SUBSET.test(xml) || (SURROGATE.test(xml) && LONE_SURROGATE.test(xml))) return false;
  let at = 0;
  if (xml.startsWith('<?xml')) {
    XML_DECLARATION.lastIndex = 0;
    if (!XML_DECLARATION.test(xml)) return false;
    at = XML_DECLARATION.lastIndex;
  }
  while (isSpace(xml.charCodeAt(at))) at += 1;
  if (xml.charCodeAt(at) !== LT) return false;
  const open: string[] = [];
  for (;;) {
    // At a '<'.
    const next = xml.charCodeAt(at + 1);
    if (next === SLASH) {
      // `</name S? >`, name being the open element's.
      const name = open.pop();
      if (name === undefined || !xml.startsWith(name, at + 2)) return false;
      let end = at + 2 + name.length;
      while (isSpace(xml.charCodeAt(end))) end += 1;
      if (xml.charCodeAt(end) !== GT) return false;
      events.close();
      at = end + 1;
      if (open.length === 0) break;
    } else {
      // The common case first: `<name>` or `<name/>` (no '=': no attribute); the handler checks the name.
      const gt = xml.indexOf('>', at + 1);
      if (gt < 0) return false;
      const nameEnd = xml.charCodeAt(gt - 1) === SLASH ? gt - 1 : gt;
      let name = xml.slice(at + 1, nameEnd);
      let attributes = NO_ATTRIBUTES;
      let selfClosing: boolean;
      let end: number;
      if (!name.includes('=')) {
        selfClosing = nameEnd !== gt;
        end = gt + 1;
      } else {
        if (!isNameStart(next)) return false;
        end = at + 2;
        while (isNameChar(xml.charCodeAt(end))) end += 1;
        name = xml.slice(at + 1, end);
        selfClosing = false;
        for (;;) {
          let cursor = end;
          while (isSpace(xml.charCodeAt(cursor))) cursor += 1;
          const code = xml.charCodeAt(cursor);
          if (code === GT) {
            end = cursor + 1;
            break;
          }
          if (code === SLASH && xml.charCodeAt(cursor + 1) === GT) {
            end = cursor + 2;
            selfClosing = true;
            break;
          }
          // An attribute: after whitespace, `name = "value"` (no reference, no '<', no tab or line break).
          if (cursor === end || !isNameStart(code)) return false;
          let nameEnd = cursor + 1;
          while (isNameChar(xml.charCodeAt(nameEnd))) nameEnd += 1;
          const attribute = xml.slice(cursor, nameEnd);
          cursor = nameEnd;
          while (isSpace(xml.charCodeAt(cursor))) cursor += 1;
          if (xml.charCodeAt(cursor) !== EQUALS) return false;
          cursor += 1;
          while (isSpace(xml.charCodeAt(cursor))) cursor += 1;
          const quote = xml.charCodeAt(cursor);
          if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return false;
          const close = xml.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", cursor + 1);
          if (close < 0) return false;
          const value = xml.slice(cursor + 1, close);
          if (/[<&\t\n]/.test(value)) return false;
          if (attributes === NO_ATTRIBUTES) attributes = Object.create(null) as Record<string, string>;
          if (attributes[attribute] !== undefined) return false;
          (attributes as Record<string, string>)[attribute] = value;
          end = close + 1;
        }
      }
      events.open(name, attributes);
      at = end;
      if (selfClosing) {
        events.close();
        if (open.length === 0) break;
      } else open.push(name);
    }
    const lt = xml.indexOf('<', at);
    if (lt < 0) return false;
    if (lt > at) {
      const raw = xml.slice(at, lt);
      const text = raw.includes('&') ? decode(raw) : raw;
      if (text === null) return false;
      events.text(text);
    }
    // Comments, CDATA sections, processing instructions start with '<!' or '<?', which the name check
    // at the top of the loop refuses.
    at = lt;
  }
  // After the root: whitespace only.
  while (isSpace(xml.charCodeAt(at))) at += 1;
  return at === xml.length;
}
