/**
 * The document guards shared by fiscalkit's XML importers (FA(3): ksef-fa3.md §4; SII: issue #6): each
 * looks at the raw document before it is parsed and answers one 422 `parameter_invalid` issue, at the
 * importer's document param (`file`), or nothing. {@link guardXmlDocument} runs them in order, cheapest
 * and most fundamental first, so that an oversized document of Latin-2 bytes is refused for its size
 * and an entity bomb is refused by a substring search, before any parser sees it. What differs between
 * the importers — the size limit, who reads the document, the references cited — is an
 * {@link XmlDocumentPolicy}; the root element check is each importer's own.
 *
 * @module
 */
import { isRuleId } from '../errors/ruleId.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { decodeUtf8Strict, loneSurrogateIndex, utf8ByteLength } from './utf8.js';

/**
 * What an importer's guards say and allow. The wording goes into the messages as it stands, so that
 * each importer cites its own reference.
 *
 * @example
 * ```ts
 * const policy: XmlDocumentPolicy = {
 *   param: 'file',
 *   document: 'the SII message',
 *   maxBytes: 10485760,
 *   maxBytesText: '10 MB (10485760 bytes), the most the SII import accepts (issue #6)',
 *   reader: 'the SII import',
 *   reference: 'issue #6',
 *   conversionHint: 'a message saved as ISO-8859-1 or Windows-1252 must be converted first',
 *   documents: 'SII messages (SuministroLR.xsd)',
 * };
 * ```
 */
export interface XmlDocumentPolicy {
  /** The param a problem with the document as a whole answers at (`file`). */
  readonly param: string;
  /** The document, for the input type refusal (`the FA(3) document`). */
  readonly document: string;
  /** The largest document accepted, in UTF-8 bytes. */
  readonly maxBytes: number;
  /** The limit in words and its reason, after "is larger than" (`3 MB (3145728 bytes), the most KSeF …`). */
  readonly maxBytesText: string;
  /** Who reads the document as UTF-8 without BOM only (`KSeF`). */
  readonly reader: string;
  /** Where that is written (`ksef-fa3.md §4`). */
  readonly reference: string;
  /** What to do with a document in another encoding (`a document saved as ISO-8859-2 … must be converted first`). */
  readonly conversionHint: string;
  /** The documents, for the DTD refusal: "… have no DTD" (`FA(3) documents`). */
  readonly documents: string;
}

/**
 * A 422 `parameter_invalid` of rule `rule` (`src/errors/ruleId.ts`) about the document as a whole, at
 * `param`; the message starts with it. The guards' own rules are `xml.*` (XML 1.0 and the tax
 * authorities' reading of it, docs/rule-ids.md).
 *
 * @example
 * ```ts
 * documentIssue('xml.root-element', 'file', 'has no root element');
 * // { rule: 'xml.root-element', code: 'parameter_invalid', param: 'file', message: 'file has no root element' }
 * ```
 */
export function documentIssue(rule: string, param: string, message: string): ValidationIssue {
  // A param in the rule's place is a programming error: fail loudly rather than mislabel the issue.
  if (!isRuleId(rule)) throw new TypeError(`documentIssue: ${JSON.stringify(rule)} is not a rule id`);
  return { rule, code: 'parameter_invalid', param, message: `${param} ${message}` };
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

/**
 * `line L, column C` of `index` in `text` (both 1-based), as the guards' messages write a position.
 *
 * @example
 * ```ts
 * textPosition('<a>\n<b/>', 4); // 'line 2, column 1'
 * ```
 */
export function textPosition(text: string, index: number): string {
  const { line, column } = positionOf(text, index);
  return `line ${String(line)}, column ${String(column)}`;
}

/**
 * Refuses a document over `policy.maxBytes`. A string is measured in UTF-8 bytes (what would be sent
 * to the tax authority), counted without encoding it and stopping as soon as the limit is passed.
 *
 * @example
 * ```ts
 * sizeIssue(new Uint8Array(policy.maxBytes), policy); // null: exactly at the limit
 * sizeIssue(new Uint8Array(policy.maxBytes + 1), policy)?.param; // 'file'
 * ```
 */
export function sizeIssue(input: string | Uint8Array, policy: XmlDocumentPolicy): ValidationIssue | null {
  const limit = policy.maxBytes;
  // A string has at least one byte per UTF-16 unit and at most three, so most strings are decided by
  // their length alone.
  const bytes =
    typeof input === 'string'
      ? input.length > limit
        ? input.length
        : // money-safe: a count of code units and bytes, not an amount
          input.length * 3 <= limit
          ? input.length
          : utf8ByteLength(input, limit)
      : input.byteLength;
  if (bytes <= limit) return null;
  return documentIssue('xml.max-size', policy.param, `is larger than ${policy.maxBytesText}`);
}

/**
 * Refuses a byte-order mark: the document must be UTF-8 **without** BOM (ksef-fa3.md §4 for KSeF; the
 * same for the SII import). Recognises the UTF-8 BOM (bytes `EF BB BF`, or U+FEFF at the start of a
 * string) and names the UTF-16 ones (`FE FF`, `FF FE`), which would otherwise surface as a less helpful
 * UTF-8 error.
 *
 * @example
 * ```ts
 * bomIssue('\uFEFF<a/>', policy)?.message; // 'file starts with a byte-order mark (U+FEFF); …'
 * bomIssue('<a/>', policy); // null
 * ```
 */
export function bomIssue(input: string | Uint8Array, policy: XmlDocumentPolicy): ValidationIssue | null {
  const without = `${policy.reader} accepts UTF-8 without BOM (${policy.reference})`;
  if (typeof input === 'string') {
    return input.charCodeAt(0) === 0xfeff
      ? documentIssue('xml.bom', policy.param, `starts with a byte-order mark (U+FEFF); ${without}`)
      : null;
  }
  if (input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf) {
    return documentIssue(
      'xml.bom',
      policy.param,
      `starts with a UTF-8 byte-order mark (EF BB BF); ${without}`,
    );
  }
  if ((input[0] === 0xfe && input[1] === 0xff) || (input[0] === 0xff && input[1] === 0xfe)) {
    return documentIssue(
      'xml.bom',
      policy.param,
      `starts with a UTF-16 byte-order mark; ${policy.reader} accepts only UTF-8 without BOM (${policy.reference})`,
    );
  }
  return null;
}

/**
 * The document as text: bytes decoded as strict UTF-8 ({@link decodeUtf8Strict}), a string checked
 * for lone surrogates (which have no UTF-8 form). Anything else is refused: a document in ISO-8859-1,
 * ISO-8859-2 or Windows-125x would otherwise import with wrong letters.
 *
 * @example
 * ```ts
 * documentText(Uint8Array.of(0x3c, 0x61, 0x2f, 0x3e), policy); // { success: true, data: '<a/>' }
 * documentText(Uint8Array.of(0x3c, 0x61, 0x3e, 0xf1, 0x3c, 0x2f, 0x61, 0x3e), policy).success; // false: Latin-1 'ñ'
 * ```
 */
export function documentText(
  input: string | Uint8Array,
  policy: XmlDocumentPolicy,
): { success: true; data: string } | { success: false; issue: ValidationIssue } {
  if (typeof input === 'string') {
    const lone = loneSurrogateIndex(input);
    if (lone === -1) return { success: true, data: input };
    return {
      success: false,
      issue: documentIssue(
        'xml.utf-8',
        policy.param,
        `is not valid Unicode: a lone UTF-16 surrogate at ${textPosition(input, lone)} has no UTF-8 encoding (${policy.reference})`,
      ),
    };
  }
  const decoded = decodeUtf8Strict(input);
  if (decoded.ok) return { success: true, data: decoded.text };
  return {
    success: false,
    issue: documentIssue(
      'xml.utf-8',
      policy.param,
      `is not UTF-8: ${decoded.error.reason} at byte ${String(decoded.error.offset)}; ${policy.reader} accepts only UTF-8 ` +
        `(${policy.reference}), so ${policy.conversionHint}`,
    ),
  };
}

/**
 * Refuses an XML declaration that names an encoding other than UTF-8 (`encoding="ISO-8859-2"`): the
 * document is read as UTF-8, so the declaration would be a lie about the bytes, even when they happen
 * to decode.
 *
 * @example
 * ```ts
 * encodingIssue('<?xml version="1.0" encoding="UTF-8"?><a/>', policy); // null
 * encodingIssue('<?xml version="1.0" encoding="ISO-8859-1"?><a/>', policy)?.param; // 'file'
 * ```
 */
export function encodingIssue(text: string, policy: XmlDocumentPolicy): ValidationIssue | null {
  const declaration = /^<\?xml\s[^>]*?\bencoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text);
  if (declaration === null) return null;
  const encoding = declaration[1] ?? declaration[2] ?? '';
  if (/^utf-8$/i.test(encoding)) return null;
  return documentIssue(
    'xml.encoding',
    policy.param,
    `declares encoding="${encoding}"; ${policy.reader} accepts only UTF-8 documents (${policy.reference}), declared as encoding="UTF-8" or not at all`,
  );
}

/**
 * Refuses any document type or entity declaration (`<!DOCTYPE`, `<!ENTITY`, matched as XML spells
 * them, case-sensitively), wherever it stands: neither FA(3) nor SII has a DTD, and entities are never
 * expanded (an entity bomb such as "billion laughs" is refused by this substring search, before any
 * parser runs).
 *
 * @example
 * ```ts
 * dtdIssue('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', policy)?.message; // 'file contains a DOCTYPE declaration (line 1, column 1); …'
 * dtdIssue('<a/>', policy); // null
 * ```
 */
export function dtdIssue(text: string, policy: XmlDocumentPolicy): ValidationIssue | null {
  for (const declaration of ['<!DOCTYPE', '<!ENTITY']) {
    const index = text.indexOf(declaration);
    if (index !== -1) {
      return documentIssue(
        'xml.doctype',
        policy.param,
        `contains ${declaration === '<!DOCTYPE' ? 'a DOCTYPE' : 'an ENTITY'} declaration (${textPosition(text, index)}); ` +
          `${policy.documents} have no DTD, and DTDs and entities are refused, never expanded`,
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
 * DTD no other entity exists). The scan finds where each skipped construct starts, and its end is
 * looked up with `indexOf` ({@link SKIPPED_ENDS}): a lazy `<!--[\s\S]*?-->` in the expression itself
 * scanned to the end of the document from every unterminated opener, so 40,000 `<?` took a second
 * and a 3 MB document of them about twenty minutes (issue #24 item 1).
 */
const REFERENCE_SCAN = /<!--|<!\[CDATA\[|<\?|&([^;\s<&]*)(;?)/g;

/** The end of each construct {@link REFERENCE_SCAN} skips. */
const SKIPPED_ENDS: Readonly<Record<string, string>> = { '<!--': '-->', '<![CDATA[': ']]>', '<?': '?>' };

const PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * Whether a code point is an XML 1.0 `Char` (§2.2): tab, line feed, carriage return, U+0020–U+D7FF,
 * U+E000–U+FFFD, U+10000–U+10FFFF.
 *
 * @example
 * ```ts
 * isXmlChar(0x41); // true
 * isXmlChar(0x1); // false: a C0 control
 * isXmlChar(0xfffe); // false
 * ```
 */
export function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
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
    const skippedEnd = SKIPPED_ENDS[match[0]];
    if (skippedEnd !== undefined) {
      const end = text.indexOf(skippedEnd, REFERENCE_SCAN.lastIndex);
      // Unterminated: the rest of the document is inside it, and the parse reports it as not well-formed.
      if (end === -1) return null;
      REFERENCE_SCAN.lastIndex = end + skippedEnd.length;
      continue;
    }
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
 * Refuses what XML 1.0 forbids but a conformant parser may let through before it reaches it: control
 * characters and the non-characters U+FFFE / U+FFFF (KSeF also refuses them, ksef-fa3.md §4),
 * references to undeclared entities and character references to non-characters, each with its line
 * and column. The rest of well-formedness is checked by the parse itself ({@link wellFormednessFailure}
 * words its errors).
 *
 * @example
 * ```ts
 * wellFormednessIssue('<a>&nbsp;</a>', 'file')?.message; // 'file is not well-formed XML: the entity &nbsp; is not declared … (line 1, column 4)'
 * wellFormednessIssue('<a>&amp;</a>', 'file'); // null
 * ```
 */
export function wellFormednessIssue(text: string, param: string): ValidationIssue | null {
  const forbidden = forbiddenCharacterIndex(text);
  if (forbidden !== -1) {
    const code = text.charCodeAt(forbidden).toString(16).toUpperCase().padStart(4, '0');
    return documentIssue(
      'xml.char',
      param,
      `is not well-formed XML: the character U+${code} is not allowed (${textPosition(text, forbidden)})`,
    );
  }
  const reference = badReference(text);
  if (reference !== null)
    return documentIssue(
      'xml.entity-reference',
      param,
      `is not well-formed XML: ${reference.what} (${textPosition(text, reference.index)})`,
    );
  return null;
}

/**
 * The 422 for a parse error of saxes (`"3:14: unexpected close tag."`), worded like the other guards:
 * the parser's message with its line and column (saxes counts columns from 0; people from 1).
 *
 * @example
 * ```ts
 * wellFormednessFailure('1:9: unexpected close tag.', 'file').message;
 * // 'file is not well-formed XML: unexpected close tag (line 1, column 10)'
 * ```
 */
export function wellFormednessFailure(parserMessage: string, param: string): ValidationIssue {
  const match = /(\d+):(\d+): (.*?)\.?$/s.exec(parserMessage);
  if (match === null)
    return documentIssue('xml.well-formed', param, `is not well-formed XML: ${parserMessage}`);
  const [, line = '', column = '', what = ''] = match;
  return documentIssue(
    'xml.well-formed',
    param,
    `is not well-formed XML: ${what} (line ${line}, column ${String(Number.parseInt(column, 10) + 1)})`,
  );
}

/**
 * The 422 for a document the parse refused although it is well-formed (`parseXml` with `wellFormed:
 * true`: an element outside the schema's namespaces, an occurrence beyond its `maxOccurs`, an element
 * deeper than the schema allows — issue #24), from its message `"line:column: what"`: `what` with the
 * line and column (from 1) of the end of the offending start tag.
 *
 * @example
 * ```ts
 * parseRefusal('3:40: has <Faktura/Fa/P_2> more than once in one <Fa> (occurrence 2), …', 'file').message;
 * // 'file has <Faktura/Fa/P_2> more than once in one <Fa> (occurrence 2), … (line 3, column 41)'
 * ```
 */
export function parseRefusal(parserMessage: string, param: string): ValidationIssue {
  const match = /^(\d+):(\d+): (.*)$/s.exec(parserMessage);
  if (match === null) return documentIssue('xml.schema-limits', param, parserMessage);
  const [, line = '', column = '', what = ''] = match;
  return documentIssue(
    'xml.schema-limits',
    param,
    `${what} (line ${line}, column ${String(Number.parseInt(column, 10) + 1)})`,
  );
}

/**
 * Runs every guard on the raw document, in order — input type, size, BOM, strict UTF-8, declared
 * encoding, DOCTYPE / ENTITY, forbidden characters and references — and gives the text the parser may
 * read, or the first guard's issue.
 *
 * @example
 * ```ts
 * guardXmlDocument('<a/>', policy); // { success: true, data: '<a/>' }
 * guardXmlDocument('<!DOCTYPE a><a/>', policy); // { success: false, issue: { param: 'file', … } }
 * guardXmlDocument(42 as unknown as string, policy).success; // false: neither a string nor bytes
 * ```
 */
export function guardXmlDocument(
  input: string | Uint8Array,
  policy: XmlDocumentPolicy,
): { success: true; data: string } | { success: false; issue: ValidationIssue } {
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) {
    return {
      success: false,
      issue: documentIssue(
        'xml.input-type',
        policy.param,
        `must be ${policy.document} as a string or a Uint8Array of UTF-8 bytes`,
      ),
    };
  }
  const inputIssue = sizeIssue(input, policy) ?? bomIssue(input, policy);
  if (inputIssue !== null) return { success: false, issue: inputIssue };
  const text = documentText(input, policy);
  if (!text.success) return text;
  const textIssue =
    encodingIssue(text.data, policy) ??
    dtdIssue(text.data, policy) ??
    wellFormednessIssue(text.data, policy.param);
  if (textIssue !== null) return { success: false, issue: textIssue };
  return text;
}

/** What the root start tag says: its local name and the namespace it is in. */
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
 * Reads the root start tag of a document that passed the guards: its local name and the namespace its
 * prefix (or the default namespace) is bound to on that tag — cheaply, before any parse, so that a
 * document of the wrong kind is refused with a precise message. Returns null when no start tag is
 * found.
 *
 * @example
 * ```ts
 * rootElement('<tns:Faktura xmlns:tns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>');
 * // { name: 'Faktura', namespace: 'http://crd.gov.pl/wzor/2025/06/25/13775/' }
 * rootElement('not xml'); // null
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
