/**
 * The document guards of the FA(3) importer: each looks at the raw document before it is parsed (or,
 * for the form code, at the two header attributes) and answers one 422 `parameter_invalid` issue, at
 * `file` for the whole document, or nothing. They run in the order `importFa3` calls them, cheapest
 * and most fundamental first, so that a 3 MB document of Latin-2 bytes is refused for its size and an
 * entity bomb is refused by a substring search, before any parser sees it.
 *
 * @module
 */
import type { ValidationIssue } from '../../errors/validationIssue.js';
import { decodeUtf8Strict, loneSurrogateIndex, utf8ByteLength } from './utf8.js';

/** The target namespace of FA(3) (ksef-fa3.md §1). */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

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

function fileIssue(message: string): ValidationIssue {
  return { code: 'parameter_invalid', param: FILE_PARAM, message: `${FILE_PARAM} ${message}` };
}

/** The 1-based line and column of `index` in `text`. */
function positionOf(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}

function at(text: string, index: number): string {
  const { line, column } = positionOf(text, index);
  return `line ${String(line)}, column ${String(column)}`;
}

/**
 * Refuses a document over {@link MAX_FA3_BYTES}. A string is measured in UTF-8 bytes (what would be
 * sent to KSeF), counted without encoding it and stopping as soon as the limit is passed.
 *
 * @example
 * ```ts
 * sizeIssue(new Uint8Array(MAX_FA3_BYTES)); // null: exactly at the limit
 * sizeIssue(new Uint8Array(MAX_FA3_BYTES + 1))?.param; // 'file'
 * ```
 */
export function sizeIssue(input: string | Uint8Array): ValidationIssue | null {
  // A string has at least one byte per UTF-16 unit and at most three, so most strings are decided by
  // their length alone.
  const bytes =
    typeof input === 'string'
      ? input.length > MAX_FA3_BYTES
        ? input.length
        : // money-safe: a count of code units and bytes, not an amount
          input.length * 3 <= MAX_FA3_BYTES
          ? input.length
          : utf8ByteLength(input, MAX_FA3_BYTES)
      : input.byteLength;
  if (bytes <= MAX_FA3_BYTES) return null;
  return fileIssue(
    `is larger than 3 MB (3145728 bytes), the most KSeF accepts for an invoice with attachments (ksef-fa3.md §4)`,
  );
}

/**
 * Refuses a byte-order mark: KSeF accepts UTF-8 **without** BOM (ksef-fa3.md §4). Recognises the
 * UTF-8 BOM (bytes `EF BB BF`, or U+FEFF at the start of a string) and names the UTF-16 ones
 * (`FE FF`, `FF FE`), which would otherwise surface as a less helpful UTF-8 error.
 *
 * @example
 * ```ts
 * bomIssue('\uFEFF<Faktura/>')?.message; // 'file starts with a byte-order mark (U+FEFF); …'
 * bomIssue('<Faktura/>'); // null
 * ```
 */
export function bomIssue(input: string | Uint8Array): ValidationIssue | null {
  if (typeof input === 'string') {
    // money-safe: code units and bytes, not amounts ("e" is a hex digit here)
    return input.charCodeAt(0) === 0xfeff
      ? fileIssue('starts with a byte-order mark (U+FEFF); KSeF accepts UTF-8 without BOM (ksef-fa3.md §4)')
      : null;
  }
  // money-safe: code units and bytes, not amounts ("e" is a hex digit here)
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
    return fileIssue(
      'starts with a UTF-8 byte-order mark (EF BB BF); KSeF accepts UTF-8 without BOM (ksef-fa3.md §4)',
    );
  }
  // money-safe: code units and bytes, not amounts ("e" is a hex digit here)
  if ((input[0] === 0xfe && input[1] === 0xff) || (input[0] === 0xff && input[1] === 0xfe)) {
    return fileIssue(
      'starts with a UTF-16 byte-order mark; KSeF accepts only UTF-8 without BOM (ksef-fa3.md §4)',
    );
  }
  return null;
}

/**
 * The document as text: bytes decoded as strict UTF-8 ({@link decodeUtf8Strict}), a string checked
 * for lone surrogates (which have no UTF-8 form). Anything else is refused: KSeF rejects non-UTF-8
 * documents (ksef-fa3.md §4, §8 item 8), and a Polish document in ISO-8859-2 or Windows-1250 would
 * otherwise import with wrong letters.
 *
 * @example
 * ```ts
 * documentText(Uint8Array.of(0x3c, 0x61, 0x2f, 0x3e)); // { success: true, data: '<a/>' }
 * documentText(Uint8Array.of(0x3c, 0x61, 0x3e, 0xb3, 0x3c, 0x2f, 0x61, 0x3e)).success; // false: Latin-2 'ł'
 * ```
 */
export function documentText(
  input: string | Uint8Array,
): { success: true; data: string } | { success: false; issue: ValidationIssue } {
  if (typeof input === 'string') {
    const lone = loneSurrogateIndex(input);
    if (lone === -1) return { success: true, data: input };
    return {
      success: false,
      issue: fileIssue(
        `is not valid Unicode: a lone UTF-16 surrogate at ${at(input, lone)} has no UTF-8 encoding (ksef-fa3.md §4)`,
      ),
    };
  }
  const decoded = decodeUtf8Strict(input);
  if (decoded.ok) return { success: true, data: decoded.text };
  return {
    success: false,
    issue: fileIssue(
      `is not UTF-8: ${decoded.error.reason} at byte ${String(decoded.error.offset)}; KSeF accepts only UTF-8 ` +
        '(ksef-fa3.md §4), so a document saved as ISO-8859-2 or Windows-1250 must be converted first',
    ),
  };
}

/**
 * Refuses an XML declaration that names an encoding other than UTF-8 (`encoding="ISO-8859-2"`):
 * KSeF reads every document as UTF-8 (ksef-fa3.md §4), so the declaration would be a lie about the
 * bytes, even when they happen to decode.
 *
 * @example
 * ```ts
 * encodingIssue('<?xml version="1.0" encoding="UTF-8"?><a/>'); // null
 * encodingIssue('<?xml version="1.0" encoding="ISO-8859-2"?><a/>')?.param; // 'file'
 * ```
 */
export function encodingIssue(text: string): ValidationIssue | null {
  const declaration = /^<\?xml\s[^>]*?\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text);
  if (declaration === null) return null;
  const encoding = declaration[1] ?? declaration[2] ?? '';
  if (/^utf-8$/i.test(encoding)) return null;
  return fileIssue(
    `declares encoding="${encoding}"; KSeF accepts only UTF-8 documents (ksef-fa3.md §4), declared as encoding="UTF-8" or not at all`,
  );
}

/**
 * Refuses any document type or entity declaration (`<!DOCTYPE`, `<!ENTITY`, matched as XML spells
 * them, case-sensitively), wherever it stands: FA(3) has no DTD, and entities are never expanded
 * (an entity bomb such as "billion laughs" is refused by this substring search, before any parser
 * runs).
 *
 * @example
 * ```ts
 * dtdIssue('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')?.message; // 'file contains a DOCTYPE declaration (line 1, column 1); …'
 * dtdIssue('<a/>'); // null
 * ```
 */
export function dtdIssue(text: string): ValidationIssue | null {
  for (const declaration of ['<!DOCTYPE', '<!ENTITY']) {
    const index = text.indexOf(declaration);
    if (index !== -1) {
      return fileIssue(
        `contains ${declaration === '<!DOCTYPE' ? 'a DOCTYPE' : 'an ENTITY'} declaration (${at(text, index)}); ` +
          'FA(3) documents have no DTD, and DTDs and entities are refused, never expanded',
      );
    }
  }
  return null;
}

/**
 * The index of the first character XML 1.0 forbids (§2.2 `Char`: C0 controls other than tab, line
 * feed and carriage return, U+FFFE and U+FFFF; lone surrogates are refused earlier as not Unicode),
 * or -1.
 */
function forbiddenCharacterIndex(text: string): number {
  // One regular expression scan: V8 runs it far faster than a loop over code units.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
  return text.search(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
}

/**
 * Comments, CDATA sections and processing instructions are skipped; any other `&` must start one of
 * the five predefined entities or a character reference (XML 1.0 §4.1 "Entity Declared": without a
 * DTD no other entity exists).
 */
const REFERENCE_SCAN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|&([^;\s<&]*)(;?)/g;

const PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** Whether a character reference names an XML 1.0 `Char` (§2.2). */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    // money-safe: code units and bytes, not amounts ("e" is a hex digit here)
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/** The code point a character reference's name (`#65`, `#x41`) stands for, or -1. */
function referencedCodePoint(name: string): number {
  const match = /^#(?:([0-9]+)|x([0-9A-Fa-f]+))$/.exec(name);
  if (match === null) return -1;
  const digits = (match[1] ?? match[2] ?? '').replace(/^0+(?=.)/, '');
  if (digits.length > 7) return -1;
  return Number.parseInt(digits, match[1] === undefined ? 16 : 10);
}

/** The first reference that is not a predefined entity or a valid character reference. */
function badReference(text: string): { index: number; what: string } | null {
  REFERENCE_SCAN.lastIndex = 0;
  for (let match = REFERENCE_SCAN.exec(text); match !== null; match = REFERENCE_SCAN.exec(text)) {
    if (!match[0].startsWith('&')) continue;
    const name = match[1] ?? '';
    if (match[2] !== ';' || name === '') {
      return { index: match.index, what: 'an "&" that starts no entity or character reference' };
    }
    if (PREDEFINED_ENTITIES.has(name)) continue;
    if (name.startsWith('#')) {
      if (isXmlChar(referencedCodePoint(name))) continue;
      return { index: match.index, what: `the character reference &${name}; names no XML character` };
    }
    return {
      index: match.index,
      what: `the entity &${name}; is not declared (without a DTD only &amp; &lt; &gt; &quot; &apos; exist)`,
    };
  }
  return null;
}

/**
 * Refuses what XML 1.0 forbids or KSeF refuses but a conformant parser may let through before it
 * reaches it: control characters and the "discouraged Unicode characters" KSeF refuses (ksef-fa3.md
 * §4), references to undeclared entities and character references to non-characters, each with its
 * line and column. The rest of well-formedness is checked by the parse itself ({@link
 * wellFormednessFailure} words its errors).
 *
 * @example
 * ```ts
 * wellFormednessIssue('<a>&nbsp;</a>')?.message; // 'file is not well-formed XML: the entity &nbsp; is not declared … (line 1, column 4)'
 * wellFormednessIssue('<a>&amp;</a>'); // null
 * ```
 */
export function wellFormednessIssue(text: string): ValidationIssue | null {
  const forbidden = forbiddenCharacterIndex(text);
  if (forbidden !== -1) {
    const code = text.charCodeAt(forbidden).toString(16).toUpperCase().padStart(4, '0');
    return fileIssue(
      `is not well-formed XML: the character U+${code} is not allowed (${at(text, forbidden)})`,
    );
  }
  const reference = badReference(text);
  if (reference !== null)
    return fileIssue(`is not well-formed XML: ${reference.what} (${at(text, reference.index)})`);
  return null;
}

/**
 * The 422 for a parse error of saxes (`"3:14: unexpected close tag."`), worded like the other guards:
 * the parser's message with its line and column (saxes counts columns from 0; people from 1).
 *
 * @example
 * ```ts
 * wellFormednessFailure('1:9: unexpected close tag.').message;
 * // 'file is not well-formed XML: unexpected close tag (line 1, column 10)'
 * ```
 */
export function wellFormednessFailure(parserMessage: string): ValidationIssue {
  const match = /(\d+):(\d+): (.*?)\.?$/s.exec(parserMessage);
  if (match === null) return fileIssue(`is not well-formed XML: ${parserMessage}`);
  const [, line = '', column = '', what = ''] = match;
  return fileIssue(
    `is not well-formed XML: ${what} (line ${line}, column ${String(Number.parseInt(column, 10) + 1)})`,
  );
}

/** What the root start tag says: its qualified name and the namespace it is in. */
export interface RootElement {
  /** The local name, without prefix (`Faktura`). */
  name: string;
  /** The namespace URI of the element, null when it is in no namespace. */
  namespace: string | null;
}

/** Skips the prolog: white space, the XML declaration, comments and processing instructions. */
const PROLOG = /(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/y;
const START_TAG = /<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/y;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function decodePredefined(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}

/**
 * Reads the root start tag of a well-formed document: its local name and the namespace its prefix
 * (or the default namespace) is bound to on that tag. fast-xml-parser's `removeNSPrefix` drops the
 * `xmlns` declarations, so the namespace is read here, before parsing. Returns null when no start tag
 * is found.
 *
 * @example
 * ```ts
 * rootElement('<tns:Faktura xmlns:tns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>');
 * // { name: 'Faktura', namespace: 'http://crd.gov.pl/wzor/2025/06/25/13775/' }
 * ```
 */
export function rootElement(text: string): RootElement | null {
  PROLOG.lastIndex = 0;
  PROLOG.exec(text);
  START_TAG.lastIndex = PROLOG.lastIndex;
  const tag = START_TAG.exec(text);
  if (tag === null) return null;
  const qualified = tag[1] ?? '';
  const colon = qualified.indexOf(':');
  const prefix = colon === -1 ? null : qualified.slice(0, colon);
  const declaration = prefix === null ? 'xmlns' : `xmlns:${prefix}`;
  let namespace: string | null = null;
  for (const attribute of (tag[2] ?? '').matchAll(ATTRIBUTE)) {
    if (attribute[1] === declaration) namespace = decodePredefined(attribute[2] ?? attribute[3] ?? '');
  }
  return {
    name: colon === -1 ? qualified : qualified.slice(colon + 1),
    namespace: namespace === '' ? null : namespace,
  };
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
  if (root === null) return fileIssue('has no root element');
  if (root.namespace === FA2_NAMESPACE) {
    return fileIssue(
      `is an FA(2) document (namespace ${FA2_NAMESPACE}); only FA(3) documents (namespace ${FA3_NAMESPACE}, ` +
        'kodSystemowy "FA (3)") are imported',
    );
  }
  if (root.name !== 'Faktura') {
    return fileIssue(
      `has the root element <${root.name}>; an FA(3) invoice is a <Faktura> in the namespace ${FA3_NAMESPACE}`,
    );
  }
  if (root.namespace !== FA3_NAMESPACE) {
    const found = root.namespace === null ? 'no namespace' : `the namespace ${root.namespace}`;
    return fileIssue(`has its <Faktura> root in ${found}; FA(3) requires the namespace ${FA3_NAMESPACE}`);
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
      code: 'parameter_invalid',
      param: FORM_CODE_PARAM,
      message: `${FORM_CODE_PARAM} must have kodSystemowy="FA (3)" (with the space), not ${
        systemCode === null || systemCode === undefined ? 'none' : JSON.stringify(systemCode)
      } (ksef-fa3.md §1)`,
    };
  }
  if (schemaVersion !== '1-0E') {
    return {
      code: 'parameter_invalid',
      param: FORM_CODE_PARAM,
      message: `${FORM_CODE_PARAM} must have wersjaSchemy="1-0E", not ${
        schemaVersion === null || schemaVersion === undefined ? 'none' : JSON.stringify(schemaVersion)
      } (ksef-fa3.md §1)`,
    };
  }
  return null;
}
