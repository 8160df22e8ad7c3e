/**
 * A strict, fast scanner of XML 1.0 (Fifth Edition) documents with Namespaces in XML 1.0 (Third
 * Edition), for the XDM tree of the e-invoice validator (`parseXdm`, issue #21: a 1,000-line invoice
 * validated in ≤ 150 ms, parsing included). saxes, the reference parser, spends 250–400 ms on the
 * 2 MB CII benchmark invoice building the same tree; this scan walks the string once with `charCodeAt`
 * and `slice`, never concatenates per character, and resolves each element name once per namespace
 * scope.
 *
 * It refuses every document that is not well-formed and namespace-well-formed, with the line and column
 * of the first fault:
 * - characters outside XML's `Char` (§2.2): C0 controls but tab, line feed and carriage return, lone
 *   surrogates, U+FFFE and U+FFFF — in text, attribute values, comments, PIs and CDATA sections;
 * - names that are not XML `Name`s (§2.3) or, with a colon, not `QName`s (Namespaces §4 [7]: one colon,
 *   both parts `NCName`s); PI targets with a colon or named `xml` in any case (§2.6);
 * - references other than the five predefined entities (§4.6) and character references to `Char`s
 *   (§4.1), written `&#` digits `;` or `&#x` hex digits `;`;
 * - `<` in attribute values (§3.1 [10]), `]]>` in text (§2.4), `--` inside comments (§2.5);
 * - duplicate attributes, by name (§3.1 WFC: Unique Att Spec) and by expanded name (Namespaces §6.3);
 * - an undeclared prefix (NSC: Prefix Declared), `xmlns:p=""` (NSC: No Prefix Undeclaring: Namespaces
 *   1.0 does not allow it, 1.1 does), an element named `xmlns:…`, and the bindings Namespaces §3
 *   forbids (NSC: Reserved Prefixes and Namespace Names: `xml` only to its namespace, the `xml` and
 *   `xmlns` namespaces to no other prefix);
 * - mismatched or unclosed tags, a missing root, a second root, text or CDATA outside the root;
 * - an XML declaration anywhere but at the very start (after an optional byte-order mark), or not
 *   `version` [`encoding`] [`standalone`] as §2.8 [23] writes it;
 * - every DOCTYPE: fiscalkit's XML guards refuse DTDs before any parse (`src/xml/guards.ts`), and without
 *   a DTD there is nothing a DOCTYPE could declare that this scanner could honour.
 *
 * What it reports follows the XML Information Set as saxes (`xmlns: true`) reports it, so that
 * `parseXdm` builds the tree the saxes builder built: line ends normalized (§2.11), attribute values
 * normalized as CDATA attributes (§3.3.3: each white-space character becomes a space, a character
 * reference stays the character it names), namespace declarations applied but not reported as
 * attributes, and their values trimmed as saxes trims them. A version `1.x` other than `1.0` is read as
 * XML 1.0, as XML 1.0 §2.8 asks of a 1.0 processor (saxes switches to XML 1.1 instead).
 *
 * Where saxes is more lenient than XML, this scanner follows XML: a `QName` whose local part starts with
 * a digit, `-`, `.` or a combining character (`p:1a`); a high surrogate followed by anything but a low
 * surrogate (saxes reads the pair regardless, swallowing the next character); a PI whose target is
 * followed by `?` without `>` (`<?pi?x?>`); a DOCTYPE.
 *
 * @module
 */
import { XML_MAX_DEPTH } from '../xml/limits.js';

/** The namespace the `xml` prefix is bound to (Namespaces in XML 1.0 §3). */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** The namespace of namespace declarations, bound to no prefix a document may write (Namespaces §3). */
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** An element or attribute name as written and as resolved; one object per name and namespace scope. */
export interface XmlName {
  /** The name as written (`cbc:ID`). */
  readonly qname: string;
  /** The prefix (`cbc`), or `''`. */
  readonly prefix: string;
  /** The local part (`ID`). */
  readonly local: string;
  /** The namespace name, or `''` for none. */
  readonly namespace: string;
  /** The expanded name in Clark notation, `{namespace}local`: the same string for the same name. */
  readonly key: string;
}

/** What the scan reports, in document order. */
export interface XmlSink {
  /** A start tag (or empty-element tag), on the line of its `<`. Its attributes follow. */
  startElement(name: XmlName, line: number): void;
  /** An attribute of the element just started, in document order; namespace declarations are not reported. */
  attribute(name: XmlName, value: string): void;
  /** The end of the innermost open element (right after its start for an empty-element tag). */
  endElement(): void;
  /**
   * The character data inside the root between two tags, comments or PIs: text and CDATA sections
   * merged (a run of only empty CDATA sections reports `''`); never two in a row.
   */
  text(value: string): void;
}

/**
 * A document that is not well-formed XML 1.0 with namespaces. Its message is `line:column: reason`,
 * the shape `wellFormednessFailure` (`src/xml/guards.ts`) reads, as it read saxes' messages.
 *
 * @example
 * ```ts
 * try {
 *   scanXmlDocument('<a>\n<b></a>', sink);
 * } catch (error) {
 *   (error as XmlSyntaxError).line; // 2
 *   (error as XmlSyntaxError).message; // '2:3: the end tag </a> does not match the start tag <b> (…)'
 * }
 * ```
 */
export class XmlSyntaxError extends Error {
  /**
   * @param reason - what is wrong
   * @param line - the line of the fault, from 1 (a CR, LF or CR LF ends a line)
   * @param column - the column of the fault, from 0, in UTF-16 code units
   * @param offset - the index of the fault in the string
   */
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
    readonly offset: number,
    /** True when the document is well-formed as far as read but passes one of fiscalkit's limits (depth, attributes). */
    readonly limit = false,
  ) {
    super(`${String(line)}:${String(column)}: ${reason}`);
    this.name = 'XmlSyntaxError';
  }
}

/** ASCII name characters (XML 1.0 §2.3 [4], [4a]): bit 1 `NameStartChar`, bit 2 `NameChar`. */
const ASCII_NAME = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const start =
    (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f || code === 0x3a;
  const other = (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
  ASCII_NAME[code] = start ? 3 : other ? 2 : 0;
}

/**
 * Whether a code point is an XML 1.0 `NameStartChar` (§2.3 [4]).
 *
 * @example
 * ```ts
 * isNameStartCode(0x61); // true: 'a'
 * isNameStartCode(0x31); // false: '1'
 * ```
 */
export function isNameStartCode(code: number): boolean {
  if (code < 0x80) return ASCII_NAME[code] === 3;
  return (
    (code >= 0xc0 && code <= 0xd6) ||
    (code >= 0xd8 && code <= 0xf6) ||
    (code >= 0xf8 && code <= 0x2ff) ||
    (code >= 0x370 && code <= 0x37d) ||
    (code >= 0x37f && code <= 0x1fff) ||
    (code >= 0x200c && code <= 0x200d) ||
    (code >= 0x2070 && code <= 0x218f) ||
    (code >= 0x2c00 && code <= 0x2fef) ||
    (code >= 0x3001 && code <= 0xd7ff) ||
    (code >= 0xf900 && code <= 0xfdcf) ||
    (code >= 0xfdf0 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0xeffff)
  );
}

/**
 * Whether a code point is an XML 1.0 `NameChar` (§2.3 [4a]).
 *
 * @example
 * ```ts
 * isNameCode(0x31); // true: '1'
 * isNameCode(0x20); // false: ' '
 * ```
 */
export function isNameCode(code: number): boolean {
  if (code < 0x80) return (ASCII_NAME[code] ?? 0) !== 0;
  return (
    isNameStartCode(code) ||
    code === 0xb7 ||
    (code >= 0x300 && code <= 0x36f) ||
    (code >= 0x203f && code <= 0x2040)
  );
}

/**
 * Whether a code point is an XML 1.0 `Char` (§2.2 [2]).
 *
 * @example
 * ```ts
 * isXmlCharCode(0x09); // true
 * isXmlCharCode(0x01); // false
 * ```
 */
export function isXmlCharCode(code: number): boolean {
  return code >= 0x20
    ? code <= 0xd7ff || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
    : code === 0x09 || code === 0x0a || code === 0x0d;
}

/** The in-scope namespaces of an element, and its names resolved against them (a cache). */
interface Scope {
  readonly bindings: Map<string, string>;
  readonly elements: Map<string, XmlName>;
  readonly attributes: Map<string, XmlName>;
}

function newScope(bindings: Map<string, string>): Scope {
  return { bindings, elements: new Map(), attributes: new Map() };
}

const LT = 0x3c;
const GT = 0x3e;
const AMP = 0x26;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const COLON = 0x3a;
const SEMICOLON = 0x3b;
const HASH = 0x23;
const RBRACKET = 0x5d;
const HYPHEN = 0x2d;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;

/**
 * The most attributes one start tag may have: no e-invoice element has more than a handful, and
 * 800,000 on one tag (9.5 MB) took 5 s to check for duplicates.
 */
const MAX_ATTRIBUTES = 1024;

/** More attributes than this on one tag are checked for duplicates with a set, fewer pairwise. */
const PAIRWISE_LIMIT = 12;

/** The stand-in resolved name of a namespace declaration (never reported). */
const DECLARATION: XmlName = {
  qname: 'xmlns',
  prefix: '',
  local: 'xmlns',
  namespace: XMLNS_NAMESPACE,
  key: '',
};

const VERSION = /^1\.[0-9]+$/;
const ENCODING = /^[A-Za-z][A-Za-z0-9._-]*$/;

/** Line feeds followed by spaces or by tabs, by length: the indentation of pretty-printed documents. */
const SPACED: string[] = [];
const TABBED: string[] = [];
const INDENTATION_LIMIT = 128;

/**
 * The text from `from` (a line feed) to `to`, shared with every other text of the same indentation:
 * two thirds of the text nodes of a pretty-printed invoice are line feeds and spaces, and one string
 * for each length spares the memory and the garbage collection of tens of thousands of copies.
 */
function indentation(xml: string, from: number, to: number): string {
  const length = to - from;
  if (length > INDENTATION_LIMIT) return xml.slice(from, to);
  const pad = xml.charCodeAt(from + 1);
  if (pad !== SPACE && pad !== TAB) return length === 1 ? '\n' : xml.slice(from, to);
  for (let i = from + 2; i < to; i += 1) if (xml.charCodeAt(i) !== pad) return xml.slice(from, to);
  const cache = pad === SPACE ? SPACED : TABBED;
  let text = cache[length];
  if (text === undefined) {
    // Built anew, not sliced: a slice could keep the whole document alive from this module.
    text = `\n${(pad === SPACE ? ' ' : '\t').repeat(length - 1)}`;
    cache[length] = text;
  }
  return text;
}

class Scanner {
  private pos = 0;
  private line = 1;
  /** The first colon of the name {@link name} last read, or -1. */
  private colon = -1;
  /** The value {@link attributeValue} last read. */
  private value = '';
  private depth = 0;
  private scope: Scope;
  private readonly open: XmlName[] = [];
  private readonly scopes: Scope[] = [];
  // The attributes of the start tag being read (reused from tag to tag).
  private readonly names: string[] = [];
  private readonly colons: number[] = [];
  private readonly values: string[] = [];
  private readonly offsets: number[] = [];
  private readonly keys: string[] = [];
  private readonly resolved: XmlName[] = [];
  private readonly length: number;

  constructor(
    private readonly xml: string,
    private readonly sink: XmlSink,
  ) {
    this.length = xml.length;
    this.scope = newScope(new Map([['xml', XML_NAMESPACE]]));
  }

  /** Throws the error of a fault at `offset`, with its line and column (counted again: errors are rare). */
  private fail(reason: string, offset: number, limit = false): never {
    const xml = this.xml;
    const end = Math.min(offset, this.length);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < end; i += 1) {
      const code = xml.charCodeAt(i);
      if (code === LF || (code === CR && xml.charCodeAt(i + 1) !== LF)) {
        line += 1;
        lineStart = i + 1;
      }
    }
    throw new XmlSyntaxError(reason, line, offset - lineStart, offset, limit);
  }

  /** The fault at `offset` when the character there is not what the grammar allows. */
  private unexpected(offset: number, what: string): never {
    if (offset >= this.length) this.fail(`unexpected end of the document ${what}`, offset);
    const code = this.xml.codePointAt(offset) ?? 0;
    if (!isXmlCharCode(code)) this.illegal(offset);
    this.fail(`unexpected ${JSON.stringify(String.fromCodePoint(code))} ${what}`, offset);
  }

  private illegal(offset: number): never {
    const code = this.xml.charCodeAt(offset);
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const what = code >= 0xd800 && code <= 0xdfff ? 'a lone surrogate' : 'a character XML does not allow';
    this.fail(`U+${hex} is ${what} (XML 1.0 §2.2)`, offset);
  }

  /** Skips white space (§2.3 [3]), counting lines; returns the position after it. */
  private spaces(start: number): number {
    const xml = this.xml;
    let p = start;
    for (;;) {
      const code = xml.charCodeAt(p);
      if (code === SPACE || code === TAB) p += 1;
      else if (code === LF) {
        this.line += 1;
        p += 1;
      } else if (code === CR) {
        this.line += 1;
        p += xml.charCodeAt(p + 1) === LF ? 2 : 1;
      } else return p;
    }
  }

  /**
   * Steps over one character of free content (comments, PIs, CDATA) at `p`, checking that it is a
   * `Char` and counting lines; `what` names the construct an end of the document would leave open.
   */
  private step(p: number, code: number, what: string): number {
    if (code >= SPACE) {
      if (code < 0xd800) return p + 1;
      return this.wide(p, code);
    }
    if (code === LF) {
      this.line += 1;
      return p + 1;
    }
    if (code === CR) {
      this.line += 1;
      return this.xml.charCodeAt(p + 1) === LF ? p + 2 : p + 1;
    }
    if (code === TAB) return p + 1;
    if (p >= this.length) this.fail(`unexpected end of the document in ${what}`, p);
    this.illegal(p);
  }

  /** Steps over a character from U+D800 up: a surrogate pair, or a BMP character but U+FFFE and U+FFFF. */
  private wide(p: number, code: number): number {
    if (code <= 0xdbff) {
      const low = this.xml.charCodeAt(p + 1);
      if (low >= 0xdc00 && low <= 0xdfff) return p + 2;
      this.illegal(p);
    }
    if (code <= 0xdfff || code >= 0xfffe) this.illegal(p);
    return p + 1;
  }

  /**
   * Reads a `Name` at `start` and returns where it ends; {@link colon} is its first colon. A name with a
   * colon must be a `QName` (Namespaces §4 [7]): one colon, a non-empty prefix, a local part that
   * starts with a `NameStartChar` other than the colon.
   */
  private name(start: number, what: string): number {
    const xml = this.xml;
    let p = start;
    let colon = -1;
    let code = xml.charCodeAt(p);
    if (code < 0x80) {
      if ((ASCII_NAME[code] ?? 0) !== 3) this.unexpected(p, `at the start of ${what}`);
      if (code === COLON) colon = p;
      p += 1;
    } else {
      const point = xml.codePointAt(p) ?? -1;
      if (!isNameStartCode(point)) this.unexpected(p, `at the start of ${what}`);
      p += point > 0xffff ? 2 : 1;
    }
    for (;;) {
      code = xml.charCodeAt(p);
      if (code < 0x80) {
        if ((ASCII_NAME[code] ?? 0) === 0) break;
        if (code === COLON) {
          if (colon >= 0) this.fail(`${what} has more than one colon (Namespaces in XML 1.0 §4)`, p);
          colon = p;
        }
        p += 1;
      } else {
        if (p >= this.length) break;
        const point = xml.codePointAt(p) ?? -1;
        if (!isNameCode(point)) break;
        p += point > 0xffff ? 2 : 1;
      }
    }
    if (colon >= 0) {
      if (colon === start || colon === p - 1)
        this.fail(`${what} has an empty prefix or local part (Namespaces in XML 1.0 §4)`, colon);
      const point = xml.codePointAt(colon + 1) ?? -1;
      if (!isNameStartCode(point))
        this.fail(`the local part of ${what} does not start with a name start character`, colon + 1);
    }
    this.colon = colon;
    return p;
  }

  /** Where the name characters from `start` end (for messages). */
  private nameEnd(start: number): number {
    let p = start;
    for (;;) {
      const point = this.xml.codePointAt(p);
      if (point === undefined || !isNameCode(point)) return p;
      p += point > 0xffff ? 2 : 1;
    }
  }

  /** Reads the reference at `p` (`&`), sets {@link pos} after it and returns the character it stands for. */
  private reference(p: number): string {
    const xml = this.xml;
    const next = xml.charCodeAt(p + 1);
    if (next === HASH) {
      let i = p + 2;
      let value = 0;
      const hex = xml.charCodeAt(i) === 0x78;
      if (hex) i += 1;
      const digits = i;
      for (; ; i += 1) {
        const code = xml.charCodeAt(i);
        let digit: number;
        if (code >= 0x30 && code <= 0x39) digit = code - 0x30;
        else if (hex && code >= 0x61 && code <= 0x66) digit = code - 0x57;
        else if (hex && code >= 0x41 && code <= 0x46) digit = code - 0x37;
        else break;
        // money-safe: a character reference's code point, an integer (capped past U+10FFFF).
        if (value <= 0x10ffff) value = value * (hex ? 16 : 10) + digit;
      }
      if (i === digits || xml.charCodeAt(i) !== SEMICOLON)
        this.fail('a malformed character reference (XML 1.0 §4.1 [66])', p);
      if (!isXmlCharCode(value))
        this.fail(`a character reference to a character XML does not allow (XML 1.0 §4.1)`, p);
      this.pos = i + 1;
      return value > 0xffff ? String.fromCodePoint(value) : String.fromCharCode(value);
    }
    switch (next) {
      case 0x6c: // l
        if (xml.startsWith('lt;', p + 1)) {
          this.pos = p + 4;
          return '<';
        }
        break;
      case 0x67: // g
        if (xml.startsWith('gt;', p + 1)) {
          this.pos = p + 4;
          return '>';
        }
        break;
      case 0x61: // a
        if (xml.startsWith('amp;', p + 1)) {
          this.pos = p + 5;
          return '&';
        }
        if (xml.startsWith('apos;', p + 1)) {
          this.pos = p + 6;
          return "'";
        }
        break;
      case 0x71: // q
        if (xml.startsWith('quot;', p + 1)) {
          this.pos = p + 6;
          return '"';
        }
        break;
    }
    const end = this.nameEnd(p + 1);
    if (end > p + 1 && xml.charCodeAt(end) === SEMICOLON && isNameStartCode(xml.codePointAt(p + 1) ?? -1))
      this.fail(
        `the entity ${xml.slice(p, end + 1)} is not declared: only &lt; &gt; &amp; &apos; &quot; are (XML 1.0 §4.6)`,
        p,
      );
    this.fail('"&" that does not start a reference (write &amp;, XML 1.0 §2.4)', p);
  }

  /** Reads an attribute value from `start` (after its quote) to the quote `quote`; sets {@link value}. */
  private attributeValue(start: number, quote: number): number {
    const xml = this.xml;
    let p = start;
    let from = start;
    let value: string | null = null;
    for (;;) {
      const code = xml.charCodeAt(p);
      if (code === quote) break;
      if (code >= SPACE) {
        if (code === AMP) {
          const text = this.reference(p);
          value = value === null ? xml.slice(from, p) + text : value + xml.slice(from, p) + text;
          p = this.pos;
          from = p;
        } else if (code === LT) this.fail('"<" in an attribute value (XML 1.0 §3.1 [10])', p);
        else if (code < 0xd800) p += 1;
        else p = this.wide(p, code);
      } else if (code === LF || code === TAB || code === CR) {
        // §3.3.3: each white-space character (after §2.11's line-end normalization) becomes a space.
        value = value === null ? `${xml.slice(from, p)} ` : `${value}${xml.slice(from, p)} `;
        if (code !== TAB) this.line += 1;
        p += code === CR && xml.charCodeAt(p + 1) === LF ? 2 : 1;
        from = p;
      } else if (p >= this.length) this.fail('unexpected end of the document in an attribute value', start);
      else this.illegal(p);
    }
    this.value = value === null ? xml.slice(from, p) : value + xml.slice(from, p);
    return p + 1;
  }

  /** Reads the XML declaration at `start` (§2.8 [23]–[32]); returns the position after it. */
  private declaration(start: number): number {
    const xml = this.xml;
    let p = this.spaces(start + 5);
    let spaced = p > start + 5;
    const pseudo = (name: string, pattern: RegExp | null, values: readonly string[]): boolean => {
      if (!xml.startsWith(name, p)) return false;
      if (!spaced) this.fail(`white space is required before ${name} in the XML declaration`, p);
      p = this.spaces(p + name.length);
      if (xml.charCodeAt(p) !== EQUALS) this.unexpected(p, `after ${name} in the XML declaration`);
      p = this.spaces(p + 1);
      const quote = xml.charCodeAt(p);
      if (quote !== DQUOTE && quote !== SQUOTE) this.unexpected(p, `for the ${name} of the XML declaration`);
      const end = xml.indexOf(quote === DQUOTE ? '"' : "'", p + 1);
      const value = end < 0 ? '' : xml.slice(p + 1, end);
      if (end < 0 || !(pattern === null ? values.includes(value) : pattern.test(value)))
        this.fail(`the ${name} of the XML declaration is not ${values.join(' or ')} (XML 1.0 §2.8)`, p);
      p = this.spaces(end + 1);
      spaced = p > end + 1;
      return true;
    };
    if (!pseudo('version', VERSION, ['1.x']))
      this.fail('the XML declaration has no version (XML 1.0 §2.8)', p);
    pseudo('encoding', ENCODING, ['an encoding name']);
    pseudo('standalone', null, ['yes', 'no']);
    if (!xml.startsWith('?>', p)) this.unexpected(p, 'in the XML declaration');
    return p + 2;
  }

  /** Reads a comment at `start` (`<!--`, §2.5 [15]); returns the position after it. */
  private comment(start: number): number {
    const xml = this.xml;
    let p = start + 4;
    for (;;) {
      const code = xml.charCodeAt(p);
      if (code === HYPHEN && xml.charCodeAt(p + 1) === HYPHEN) {
        if (xml.charCodeAt(p + 2) === GT) return p + 3;
        this.fail('"--" inside a comment (XML 1.0 §2.5)', p);
      }
      p = this.step(p, code, 'a comment');
    }
  }

  /** Reads a processing instruction at `start` (`<?`, §2.6 [16]); returns the position after it. */
  private processingInstruction(start: number): number {
    const xml = this.xml;
    const end = this.name(start + 2, 'a processing instruction target');
    if (this.colon >= 0)
      this.fail('a processing instruction target with a colon (Namespaces in XML 1.0 §7)', this.colon);
    const target = xml.slice(start + 2, end);
    if (target.toLowerCase() === 'xml')
      this.fail(
        target === 'xml'
          ? 'an XML declaration must be at the start of the document (XML 1.0 §2.8)'
          : `the processing instruction target ${target} is reserved (XML 1.0 §2.6)`,
        start,
      );
    let p = end;
    if (xml.charCodeAt(p) === QUESTION && xml.charCodeAt(p + 1) === GT) return p + 2;
    const code = xml.charCodeAt(p);
    if (code !== SPACE && code !== TAB && code !== LF && code !== CR)
      this.unexpected(p, 'after a processing instruction target');
    for (;;) {
      const next = xml.charCodeAt(p);
      if (next === QUESTION && xml.charCodeAt(p + 1) === GT) return p + 2;
      p = this.step(p, next, 'a processing instruction');
    }
  }

  /** Reads a CDATA section at `start` (`<![CDATA[`, §2.7); sets {@link value} to its text. */
  private cdata(start: number): number {
    const xml = this.xml;
    let p = start + 9;
    let from = p;
    let value: string | null = null;
    for (;;) {
      const code = xml.charCodeAt(p);
      if (code === RBRACKET && xml.charCodeAt(p + 1) === RBRACKET && xml.charCodeAt(p + 2) === GT) break;
      if (code === CR) {
        value = value === null ? `${xml.slice(from, p)}\n` : `${value}${xml.slice(from, p)}\n`;
        p = this.step(p, code, 'a CDATA section');
        from = p;
      } else p = this.step(p, code, 'a CDATA section');
    }
    this.value = value === null ? xml.slice(from, p) : value + xml.slice(from, p);
    return p + 3;
  }

  /**
   * Reads the markup allowed outside the root (§2.8 [27] Misc: comments, PIs, white space) from
   * {@link pos}; stops at the root's `<` (before it) or, after the root, at the end.
   */
  private misc(afterRoot: boolean): void {
    const xml = this.xml;
    for (;;) {
      const p = this.spaces(this.pos);
      this.pos = p;
      if (p >= this.length) {
        if (afterRoot) return;
        this.fail('the document has no root element', p);
      }
      if (xml.charCodeAt(p) !== LT)
        this.fail(`text ${afterRoot ? 'after' : 'before'} the root element (XML 1.0 §2.1)`, p);
      const next = xml.charCodeAt(p + 1);
      if (next === QUESTION) this.pos = this.processingInstruction(p);
      else if (next === BANG) {
        if (xml.startsWith('<!--', p)) this.pos = this.comment(p);
        else if (xml.startsWith('<!DOCTYPE', p))
          this.fail(
            'a DOCTYPE: fiscalkit reads documents without a document type declaration (XML 1.0 §2.8)',
            p,
          );
        else if (xml.startsWith('<![CDATA[', p)) this.fail('a CDATA section outside the root element', p);
        else this.unexpected(p + 2, 'after "<!"');
      } else if (next === SLASH) this.fail('an end tag outside the root element', p);
      else if (afterRoot) this.fail('a second root element (XML 1.0 §2.1)', p);
      else return;
    }
  }

  /** Reads the document. */
  run(): void {
    const xml = this.xml;
    let p = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (xml.startsWith('<?xml', p)) {
      const next = xml.charCodeAt(p + 5);
      if (next === SPACE || next === TAB || next === LF || next === CR || next === QUESTION)
        p = this.declaration(p);
    }
    this.pos = p;
    this.misc(false);
    this.startTag();
    if (this.depth > 0) this.content();
    this.misc(true);
  }

  /** Reads everything inside the root, from after its start tag to after its end tag. */
  private content(): void {
    const xml = this.xml;
    const length = this.length;
    const sink = this.sink;
    let pending: string | null = null;
    for (;;) {
      // Character data up to the next `<` (§2.4), with references and line ends resolved.
      let p = this.pos;
      let from = p;
      let text: string | null = null;
      for (;;) {
        const code = xml.charCodeAt(p);
        if (code > GT) {
          if (code < 0xd800) p += 1;
          else p = this.wide(p, code);
        } else if (code === LT) break;
        else if (code >= SPACE) {
          if (code === AMP) {
            const value = this.reference(p);
            text = text === null ? xml.slice(from, p) + value : text + xml.slice(from, p) + value;
            p = this.pos;
            from = p;
          } else {
            if (code === GT && xml.charCodeAt(p - 1) === RBRACKET && xml.charCodeAt(p - 2) === RBRACKET)
              this.fail('"]]>" in text (XML 1.0 §2.4)', p - 2);
            p += 1;
          }
        } else if (code === LF) {
          this.line += 1;
          p += 1;
        } else if (code === TAB) p += 1;
        else if (code === CR) {
          text = text === null ? `${xml.slice(from, p)}\n` : `${text}${xml.slice(from, p)}\n`;
          this.line += 1;
          p += xml.charCodeAt(p + 1) === LF ? 2 : 1;
          from = p;
        } else if (p >= length) {
          const open = this.open[this.depth - 1] as XmlName;
          this.fail(`the element <${open.qname}> is not closed`, p);
        } else this.illegal(p);
      }
      if (text !== null) text += xml.slice(from, p);
      else if (p > from) text = xml.charCodeAt(from) === LF ? indentation(xml, from, p) : xml.slice(from, p);
      if (text !== null) pending = pending === null ? text : pending + text;
      this.pos = p;
      const next = xml.charCodeAt(p + 1);
      if (next === BANG && xml.startsWith('<![CDATA[', p)) {
        this.pos = this.cdata(p);
        pending = pending === null ? this.value : pending + this.value;
        continue;
      }
      if (pending !== null) {
        sink.text(pending);
        pending = null;
      }
      if (next === SLASH) {
        this.endTag(p);
        if (this.depth === 0) return;
      } else if (next === BANG) {
        if (xml.startsWith('<!--', p)) this.pos = this.comment(p);
        else if (xml.startsWith('<!DOCTYPE', p))
          this.fail('a DOCTYPE inside the root element (XML 1.0 §2.8)', p);
        else this.unexpected(p + 2, 'after "<!"');
      } else if (next === QUESTION) this.pos = this.processingInstruction(p);
      else this.startTag();
    }
  }

  /** Reads the end tag at `start` (`</`, §3.1 [42]) of the innermost open element. */
  private endTag(start: number): void {
    const xml = this.xml;
    const open = this.open[this.depth - 1] as XmlName;
    const qname = open.qname;
    let p = start + 2;
    const after = p + qname.length;
    if (!xml.startsWith(qname, p) || isNameCode(xml.codePointAt(after) ?? -1)) {
      const end = this.nameEnd(p);
      this.fail(
        `the end tag </${xml.slice(p, end)}> does not match the start tag <${qname}> (XML 1.0 §3 WFC: Element Type Match)`,
        start,
      );
    }
    p = this.spaces(after);
    if (xml.charCodeAt(p) !== GT) this.unexpected(p, `in the end tag </${qname}>`);
    this.pos = p + 1;
    this.depth -= 1;
    this.scope = this.depth > 0 ? (this.scopes[this.depth - 1] as Scope) : this.scope;
    this.sink.endElement();
  }

  /** Reads the start tag at {@link pos} (`<` and a name start, §3.1 [40], [44]) and reports it. */
  private startTag(): void {
    const xml = this.xml;
    const start = this.pos;
    const line = this.line;
    const nameEnd = this.name(start + 1, 'an element name');
    const qname = xml.slice(start + 1, nameEnd);
    const colon = this.colon < 0 ? -1 : this.colon - start - 1;
    const names = this.names;
    const colons = this.colons;
    const values = this.values;
    const offsets = this.offsets;
    let count = 0;
    let declarations = 0;
    let p = nameEnd;
    let empty = false;
    for (;;) {
      let code = xml.charCodeAt(p);
      if (code === GT) {
        p += 1;
        break;
      }
      if (code === SLASH) {
        if (xml.charCodeAt(p + 1) !== GT) this.unexpected(p + 1, 'after "/" in a start tag');
        p += 2;
        empty = true;
        break;
      }
      if (code !== SPACE && code !== LF && code !== TAB && code !== CR)
        this.unexpected(p, count === 0 ? 'after an element name' : 'after an attribute value');
      if (count >= MAX_ATTRIBUTES)
        this.fail(
          `more than ${MAX_ATTRIBUTES} attributes on one element (a limit of fiscalkit's, not of XML)`,
          p,
        );
      p = this.spaces(p);
      code = xml.charCodeAt(p);
      if (code === GT || code === SLASH) continue;
      const attributeEnd = this.name(p, 'an attribute name');
      const attributeColon = this.colon < 0 ? -1 : this.colon - p;
      const attribute = xml.slice(p, attributeEnd);
      offsets[count] = p;
      p = this.spaces(attributeEnd);
      if (xml.charCodeAt(p) !== EQUALS) this.unexpected(p, `after the attribute name ${attribute}`);
      p = this.spaces(p + 1);
      const quote = xml.charCodeAt(p);
      if (quote !== DQUOTE && quote !== SQUOTE)
        this.unexpected(p, `for the value of ${attribute}: attribute values are quoted (XML 1.0 §3.1 [10])`);
      p = this.attributeValue(p + 1, quote);
      names[count] = attribute;
      colons[count] = attributeColon;
      values[count] = this.value;
      if (attributeColon < 0 ? attribute === 'xmlns' : attributeColon === 5 && attribute.startsWith('xmlns'))
        declarations += 1;
      count += 1;
    }
    this.pos = p;
    const scope = declarations === 0 ? this.scope : this.declare(count);
    let name = scope.elements.get(qname);
    if (name === undefined) name = this.elementName(scope, qname, colon, start);
    this.sink.startElement(name, line);
    if (count > 0) this.attributes(scope, count);
    if (empty) this.sink.endElement();
    else {
      // Refused while reading, not after: a 10 MB run of `<a>` would otherwise build a 1.4-million-level
      // tree first (750 MB, 5 s). 256 levels is libxml2's default limit, and src/xml's (XML_MAX_DEPTH).
      if (this.depth >= XML_MAX_DEPTH)
        this.fail(
          `elements nested deeper than ${XML_MAX_DEPTH} levels (a limit of fiscalkit's, as of libxml2)`,
          start,
          true,
        );
      this.open[this.depth] = name;
      this.scopes[this.depth] = scope;
      this.depth += 1;
      this.scope = scope;
    }
  }

  /** The scope of a start tag with namespace declarations (Namespaces §6.1); the parent's when they change nothing. */
  private declare(count: number): Scope {
    const parent = this.scope;
    let bindings: Map<string, string> | null = null;
    for (let i = 0; i < count; i += 1) {
      const attribute = this.names[i] as string;
      const colon = this.colons[i] as number;
      if (colon < 0 ? attribute !== 'xmlns' : colon !== 5 || !attribute.startsWith('xmlns')) continue;
      const prefix = colon < 0 ? '' : attribute.slice(6);
      // saxes trims namespace names; so does this scan, so that both give the same tree.
      const uri = (this.values[i] as string).trim();
      const at = this.offsets[i] as number;
      if (prefix === 'xmlns')
        this.fail('the prefix xmlns may not be declared (Namespaces in XML 1.0 §3)', at);
      if (prefix === 'xml' ? uri !== XML_NAMESPACE : uri === XML_NAMESPACE)
        this.fail(`only the prefix xml is bound to ${XML_NAMESPACE} (Namespaces in XML 1.0 §3)`, at);
      if (uri === XMLNS_NAMESPACE)
        this.fail(`no prefix may be bound to ${XMLNS_NAMESPACE} (Namespaces in XML 1.0 §3)`, at);
      if (uri === '' && prefix !== '')
        this.fail(
          `${attribute}="" undeclares a prefix, which Namespaces in XML 1.0 does not allow (NSC: No Prefix Undeclaring)`,
          at,
        );
      if (bindings === null) {
        if ((parent.bindings.get(prefix) ?? '') === uri) continue;
        bindings = new Map(parent.bindings);
      }
      bindings.set(prefix, uri);
    }
    return bindings === null ? parent : newScope(bindings);
  }

  /** Resolves an element name in a scope (Namespaces §6.2) and caches it there. */
  private elementName(scope: Scope, qname: string, colon: number, at: number): XmlName {
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const local = colon < 0 ? qname : qname.slice(colon + 1);
    if (prefix === 'xmlns') this.fail('an element name with the prefix xmlns (Namespaces in XML 1.0 §3)', at);
    const namespace = scope.bindings.get(prefix) ?? '';
    if (prefix !== '' && namespace === '')
      this.fail(`the prefix ${prefix} is not declared (Namespaces in XML 1.0, NSC: Prefix Declared)`, at);
    const name: XmlName = { qname, prefix, local, namespace, key: `{${namespace}}${local}` };
    scope.elements.set(qname, name);
    return name;
  }

  /** Resolves, checks (§3.1 WFC: Unique Att Spec; Namespaces §6.3) and reports the attributes just read. */
  private attributes(scope: Scope, count: number): void {
    const keys = this.keys;
    const resolved = this.resolved;
    const cache = scope.attributes;
    for (let i = 0; i < count; i += 1) {
      const attribute = this.names[i] as string;
      const colon = this.colons[i] as number;
      if (colon < 0 ? attribute === 'xmlns' : colon === 5 && attribute.startsWith('xmlns')) {
        keys[i] = attribute;
        resolved[i] = DECLARATION;
        continue;
      }
      let name = cache.get(attribute);
      if (name === undefined) {
        const prefix = colon < 0 ? '' : attribute.slice(0, colon);
        const local = colon < 0 ? attribute : attribute.slice(colon + 1);
        // Namespaces §6.2: an unprefixed attribute is in no namespace, whatever the default.
        const namespace = colon < 0 ? '' : scope.bindings.get(prefix);
        if (namespace === undefined)
          this.fail(
            `the prefix ${prefix} is not declared (Namespaces in XML 1.0, NSC: Prefix Declared)`,
            this.offsets[i] as number,
          );
        name = { qname: attribute, prefix, local, namespace, key: `{${namespace}}${local}` };
        cache.set(attribute, name);
      }
      keys[i] = name.key;
      resolved[i] = name;
    }
    if (count > 1) this.unique(count);
    const sink = this.sink;
    for (let i = 0; i < count; i += 1) {
      const name = resolved[i] as XmlName;
      if (name !== DECLARATION) sink.attribute(name, this.values[i] as string);
    }
  }

  /** Fails on two attributes of one tag with the same name or expanded name. */
  private unique(count: number): void {
    const keys = this.keys;
    const duplicate = (i: number) =>
      this.fail(
        `the attribute ${this.names[i] as string} is repeated (XML 1.0 §3.1 WFC: Unique Att Spec; Namespaces in XML 1.0 §6.3)`,
        this.offsets[i] as number,
      );
    if (count <= PAIRWISE_LIMIT) {
      for (let i = 1; i < count; i += 1) {
        const key = keys[i];
        for (let j = 0; j < i; j += 1) if (keys[j] === key) duplicate(i);
      }
      return;
    }
    const seen = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const key = keys[i] as string;
      if (seen.has(key)) duplicate(i);
      seen.add(key);
    }
  }
}

/**
 * Scans an XML document and reports its elements, attributes and character data to `sink`, refusing
 * anything that is not well-formed XML 1.0 with namespaces (see the module comment) with an
 * {@link XmlSyntaxError}. What was reported before an error is to be thrown away.
 *
 * @example
 * ```ts
 * const names: string[] = [];
 * scanXmlDocument('<a xmlns="urn:x"><b c="1">t</b></a>', {
 *   startElement: (name) => names.push(name.key),
 *   attribute: () => {},
 *   endElement: () => {},
 *   text: () => {},
 * });
 * names; // ['{urn:x}a', '{urn:x}b']
 * scanXmlDocument('<a><b></a>', sink); // throws XmlSyntaxError '1:6: the end tag </a> does not match…'
 * ```
 */
export function scanXmlDocument(xml: string, sink: XmlSink): void {
  new Scanner(xml, sink).run();
}
