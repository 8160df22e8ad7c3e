/**
 * A synchronous, bounded reader of a PDF's objects for the Factur-X / ZUGFeRD layer (issue #21, layer
 * 5), built on pdf-lib 1.17.1's object parser (pinned exactly: this module subclasses it).
 *
 * pdf-lib's `PDFDocument.load` is not used, because it is written for trusted documents and this one
 * comes from the network: it is asynchronous (the validation path and the compute tasks are
 * synchronous); it inflates every object stream whole (a 650 KB object stream took it 4.7 s and
 * 200 MB here; a 10 MB upload can ask for gigabytes); it interns every name and every reference in
 * process-wide pools that are never emptied (each uploaded PDF would leave its names behind); and it
 * writes to `console.warn`. So the file is read here as pdf-lib reads it — front to back, object by
 * object, ignoring the cross-reference tables, the last definition of a number winning, the trailer's
 * `/Root` taken from the last trailer or cross-reference stream (ISO 32000-1 §7.5.6, §7.5.8) — with
 * pdf-lib's lexer for the objects, and these bounds:
 * - references are this module's {@link IndirectRef} (no global pool); names outside
 *   `KNOWN_NAMES` (./names.ts) all become one placeholder name, so the interned set stays fixed;
 * - object streams are inflated with a byte budget for all of them together
 *   ({@link ReaderLimits.maxObjectStreamBytes});
 * - nesting is at most 100 deep, numbers at most 64 characters, and the lexer's total
 *   work at most 4 times the bytes it was given (strings and stream ends are found by scanning the
 *   bytes, not a character at a time as pdf-lib does): a hostile file is refused, never slow;
 * - a `/Length` that points outside the file is not followed.
 *
 * @module
 */

import {
  PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFObject,
  PDFObjectParser,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from 'pdf-lib';
import { KNOWN_NAMES, OTHER_NAME } from './names.js';
import { decodeStreamBounded } from './streams.js';

/** The bounds a read keeps to. */
export interface ReaderLimits {
  /** The most bytes all object streams may inflate to, together. */
  maxObjectStreamBytes: number;
}

/**
 * A reference to an indirect object (`12 0 R`), by number; the generation is ignored, the last
 * definition wins.
 *
 * @example
 * ```ts
 * new IndirectRef(12).objectNumber; // 12
 * ```
 */
export class IndirectRef extends PDFObject {
  constructor(readonly objectNumber: number) {
    super();
  }
}

/** What reading a PDF gives. */
export interface PdfObjects {
  /** The document catalog (`/Root`), or undefined when there is none. */
  catalog: PDFDict | undefined;
  /** Whether a trailer names an `/Encrypt` dictionary (ISO 32000-1 §7.6). */
  encrypted: boolean;
  /** Resolves a reference (through chains of references) to its object; other objects are returned as they are. */
  resolve(object: PDFObject | undefined): PDFObject | undefined;
}

/**
 * A read refused for one of the bounds.
 *
 * @example
 * ```ts
 * new PdfReadRefusal('too-large', 'its object streams inflate to more than 10485760 bytes').reason; // 'too-large'
 * ```
 */
export class PdfReadRefusal extends Error {
  constructor(
    readonly reason: 'too-large' | 'malformed',
    message: string,
  ) {
    super(message);
  }
}

/** How deep arrays and dictionaries may nest (real documents stay within a handful of levels). */
const MAX_DEPTH = 100;
/** The longest number token read (PDF numbers are at most a few digits; ISO 32000-1 Annex C). */
const MAX_NUMBER_CHARS = 64;
/** The highest object number (ISO 32000-1 Annex C.2, Table C.1). */
const MAX_OBJECT_NUMBER = 8_388_607;
/**
 * The lexer's work budget: bytes it may read in all, per byte given, plus a constant. A sound file is
 * read once (1 per byte); recovering a few broken objects costs a little more; a file built to make
 * recovery rescan it is refused after reading it about four times.
 */
const WORK_PER_BYTE = 4;
const WORK_CONSTANT = 1_048_576;
/** How many references in a row {@link PdfObjects.resolve} follows before it gives up (a cycle). */
const MAX_REFERENCE_CHAIN = 32;

const ascii = (text: string): number[] => Array.from(text, (character) => character.charCodeAt(0));
const OBJ = ascii('obj');
const ENDOBJ = ascii('endobj');
const STREAM = ascii('stream');
const ENDSTREAM = ascii('endstream');
const XREF = ascii('xref');
const TRAILER = ascii('trailer');

/** White-space (ISO 32000-1 Table 1) and delimiters (Table 2): what ends a name. */
const NAME_END: ReadonlySet<number> = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, ...ascii('()<>[]{}/%')]);

const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;
const isNumeric = (byte: number | undefined): boolean =>
  isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e;

/** Shared by the file's reader and the readers of its object streams. */
interface ReadState {
  readonly context: PDFContext;
  readonly objects: Map<number, PDFObject>;
  readonly limits: ReaderLimits;
  root: PDFObject | undefined;
  encrypted: boolean;
  inflated: number;
  work: number;
  workBudget: number;
}

/** pdf-lib exports no `ByteStream`; every parser it builds holds one, so one is taken from there. */
type ByteStream = ConstructorParameters<typeof PDFObjectParser>[0];
function byteStreamOf(bytes: Uint8Array, context: PDFContext): ByteStream {
  return (PDFObjectParser.forBytes(bytes, context) as unknown as { bytes: ByteStream }).bytes;
}

/**
 * Reads the objects of a PDF (the caller has checked its `%PDF-` header). Throws
 * {@link PdfReadRefusal} when a bound is exceeded; any other exception means the file is not a PDF
 * this reader can make sense of.
 *
 * @example
 * ```ts
 * const pdf = readPdfObjects(bytes, { maxObjectStreamBytes: 10_485_760 });
 * pdf.catalog?.get(PDFName.of('Names')); // the catalog's name dictionary, or a reference to it
 * ```
 */
export function readPdfObjects(bytes: Uint8Array, limits: ReaderLimits): PdfObjects {
  const context = PDFContext.create();
  const state: ReadState = {
    context,
    objects: new Map(),
    limits,
    root: undefined,
    encrypted: false,
    inflated: 0,
    work: 0,
    workBudget: bytes.length * WORK_PER_BYTE + WORK_CONSTANT, // money-safe: a byte budget, not money
  };
  new ObjectReader(bytes, state).readFile();
  const resolve = (object: PDFObject | undefined): PDFObject | undefined => {
    let current = object;
    for (let hops = 0; current instanceof IndirectRef; hops++) {
      if (hops === MAX_REFERENCE_CHAIN) return undefined;
      current = state.objects.get(current.objectNumber);
    }
    return current;
  };
  return { catalog: findCatalog(state, resolve), encrypted: state.encrypted, resolve };
}

/** The trailer's `/Root` when it is a catalog, else the last catalog in the file (as pdf-lib recovers it). */
function findCatalog(
  state: ReadState,
  resolve: (object: PDFObject | undefined) => PDFObject | undefined,
): PDFDict | undefined {
  const isCatalog = (object: PDFObject | undefined): object is PDFDict =>
    object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Catalog');
  const root = resolve(state.root);
  if (isCatalog(root)) return root;
  let found: PDFDict | undefined;
  for (const object of state.objects.values()) if (isCatalog(object)) found = object;
  return found;
}

class ObjectReader extends PDFObjectParser {
  private depth = 0;

  constructor(
    private readonly data: Uint8Array,
    private readonly state: ReadState,
  ) {
    super(byteStreamOf(data, state.context), state.context, true);
  }

  /** The whole file, front to back (pdf-lib's `PDFParser.parseDocument`, synchronous and bounded). */
  readFile(): void {
    while (!this.bytes.done()) {
      this.skipWhitespaceAndComments();
      if (this.bytes.done()) break;
      const start = this.bytes.offset();
      if (isDigit(this.bytes.peek())) {
        if (this.readIndirectObject(start)) continue;
        this.bytes.moveTo(start);
        while (isDigit(this.bytes.peek())) this.bytes.next();
      } else if (this.matchKeyword(TRAILER)) {
        this.readTrailer(start);
      } else if (this.matchKeyword(XREF)) {
        this.skipXrefTable();
      } else {
        this.bytes.next();
      }
    }
  }

  /** The objects of an object stream (ISO 32000-1 §7.5.7): `count` pairs of number and offset, then the objects. */
  readObjectStream(count: number, first: number): void {
    const entries: [number, number][] = [];
    for (let index = 0; index < count; index++) {
      this.skipWhitespaceAndComments();
      const objectNumber = this.readInt();
      this.skipWhitespaceAndComments();
      const offset = this.readInt();
      if (objectNumber === null || offset === null) break;
      entries.push([objectNumber, offset]);
    }
    for (const [objectNumber, offset] of entries) {
      const start = first + offset;
      this.bytes.moveTo(start);
      try {
        const object = this.parseObject();
        if (!(object instanceof PDFRawStream)) this.define(objectNumber, object);
      } catch (error) {
        if (error instanceof PdfReadRefusal) throw error;
      } finally {
        this.spend(Math.max(0, this.bytes.offset() - start));
      }
    }
  }

  /** `N G obj … endobj` at `start`; false when there is none there (the caller skips ahead). */
  private readIndirectObject(start: number): boolean {
    const objectNumber = this.readInt();
    this.skipWhitespaceAndComments();
    const generation = this.readInt();
    this.skipWhitespaceAndComments();
    if (objectNumber === null || generation === null || !this.matchKeyword(OBJ)) return false;
    try {
      const object = this.parseObject();
      this.skipWhitespaceAndComments();
      this.matchKeyword(ENDOBJ);
      if (this.bytes.offset() <= start) return false;
      this.define(objectNumber, object);
      return true;
    } catch (error) {
      if (error instanceof PdfReadRefusal) throw error;
      return false;
    } finally {
      this.spend(Math.max(0, this.bytes.offset() - start));
    }
  }

  private define(objectNumber: number, object: PDFObject): void {
    if (objectNumber < 1 || objectNumber > MAX_OBJECT_NUMBER) return;
    if (object instanceof PDFRawStream) {
      const type = object.dict.get(PDFName.of('Type'));
      if (type === PDFName.of('ObjStm')) {
        this.expandObjectStream(object);
        return;
      }
      // A cross-reference stream (§7.5.8) carries the trailer's entries; its table is not needed.
      if (type === PDFName.of('XRef')) {
        this.noteTrailer(object.dict);
        return;
      }
    }
    this.state.objects.set(objectNumber, object);
  }

  private expandObjectStream(stream: PDFRawStream): void {
    const count = stream.dict.get(PDFName.of('N'));
    const first = stream.dict.get(PDFName.of('First'));
    if (!(count instanceof PDFNumber) || !(first instanceof PDFNumber)) return;
    const { limits } = this.state;
    const remaining = limits.maxObjectStreamBytes - this.state.inflated;
    const decoded = decodeStreamBounded(stream, remaining, (object) =>
      object instanceof IndirectRef ? this.state.objects.get(object.objectNumber) : object,
    );
    if (!decoded.ok) {
      if (decoded.reason === 'too-large')
        throw new PdfReadRefusal(
          'too-large',
          `its object streams inflate to more than ${String(limits.maxObjectStreamBytes)} bytes`,
        );
      return; // an object stream that cannot be decoded: its objects stay undefined, as in pdf.js
    }
    this.state.inflated += decoded.bytes.length;
    this.state.workBudget += decoded.bytes.length * WORK_PER_BYTE; // money-safe: a byte budget, not money
    const reader = new ObjectReader(decoded.bytes, this.state);
    reader.readObjectStream(Math.min(count.asNumber(), decoded.bytes.length), first.asNumber());
  }

  private readTrailer(start: number): void {
    this.skipWhitespaceAndComments();
    try {
      const dict = this.parseObject();
      if (dict instanceof PDFDict) this.noteTrailer(dict);
    } catch (error) {
      if (error instanceof PdfReadRefusal) throw error;
    } finally {
      this.spend(Math.max(0, this.bytes.offset() - start));
    }
  }

  private noteTrailer(dict: PDFDict): void {
    const root = dict.get(PDFName.of('Root'));
    if (root !== undefined) this.state.root = root;
    if (dict.get(PDFName.of('Encrypt')) !== undefined) this.state.encrypted = true;
  }

  /** A classic cross-reference table (§7.5.4): numbers and `n`/`f` markers, skipped. */
  private skipXrefTable(): void {
    for (;;) {
      this.skipWhitespaceAndComments();
      const byte = this.bytes.peek();
      if (isDigit(byte)) {
        if (this.readInt() === null) return;
      } else if (byte === 0x6e || byte === 0x66) {
        this.bytes.next();
      } else {
        return;
      }
    }
  }

  /** A non-negative integer of at most `MAX_NUMBER_CHARS` digits, or null (nothing consumed then but the digits read). */
  private readInt(): number | null {
    let digits = '';
    while (isDigit(this.bytes.peek())) {
      if (digits.length === MAX_NUMBER_CHARS) return null;
      digits += String.fromCharCode(this.bytes.next());
    }
    if (digits === '') return null;
    const value = Number.parseInt(digits, 10);
    return Number.isSafeInteger(value) ? value : null;
  }

  private spend(bytes: number): void {
    this.state.work += bytes;
    if (this.state.work > this.state.workBudget)
      throw new PdfReadRefusal(
        'malformed',
        'is too damaged to read: recovering its objects would take more work than fiscalkit allows',
      );
  }

  // pdf-lib's lexer, bounded (see the module comment).

  override parseObject(): PDFObject {
    if (this.depth >= MAX_DEPTH)
      throw new PdfReadRefusal(
        'malformed',
        `nests arrays or dictionaries more than ${String(MAX_DEPTH)} deep`,
      );
    this.depth++;
    try {
      return super.parseObject();
    } finally {
      this.depth--;
    }
  }

  protected override parseName(): PDFName {
    if (this.bytes.peek() !== 0x2f) throw new Error('a dictionary key that is not a name');
    this.bytes.next();
    let name = '';
    for (;;) {
      const byte = this.bytes.peek();
      // ISO 32000-1 §7.2.2: white-space and delimiter characters end a name (as in pdf-lib's lexer).
      if (byte === undefined || NAME_END.has(byte)) break;
      if (name.length <= 127) name += String.fromCharCode(byte);
      this.bytes.next();
    }
    // §7.3.5: `#xx` escapes; the known names need none, so only the decoded text is compared.
    const decoded = name.includes('#')
      ? name.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      : name;
    return KNOWN_NAMES.has(decoded) ? PDFName.of(decoded) : OTHER_NAME;
  }

  // Returns an IndirectRef where pdf-lib returns its pooled PDFRef (the type says PDFRef; nothing of
  // pdf-lib's resolves these references, this module does).
  protected override parseNumberOrRef(): PDFNumber | PDFRef {
    const first = this.parseRawNumber();
    this.skipWhitespaceAndComments();
    const lookahead = this.bytes.offset();
    if (isDigit(this.bytes.peek())) {
      const second = this.parseRawNumber();
      this.skipWhitespaceAndComments();
      if (this.bytes.peek() === 0x52) {
        this.bytes.next();
        return Number.isInteger(first) && Number.isInteger(second) && first >= 1 && first <= MAX_OBJECT_NUMBER
          ? (new IndirectRef(first) as unknown as PDFRef)
          : (PDFNull as unknown as PDFRef);
      }
    }
    this.bytes.moveTo(lookahead);
    return PDFNumber.of(first);
  }

  protected override parseRawNumber(): number {
    let text = '';
    while (isNumeric(this.bytes.peek())) {
      if (text.length === MAX_NUMBER_CHARS) throw new Error('a number token longer than 64 characters');
      const byte = this.bytes.next();
      text += String.fromCharCode(byte);
      if (byte === 0x2e) break;
    }
    while (isDigit(this.bytes.peek())) {
      if (text.length === MAX_NUMBER_CHARS) throw new Error('a number token longer than 64 characters');
      text += String.fromCharCode(this.bytes.next());
    }
    // money-safe: a PDF number token (an offset, a count, a coordinate), never an amount
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) throw new Error(`not a number: '${text}'`);
    return value;
  }

  protected override parseDictOrStream(): PDFDict | PDFRawStream {
    const dict = this.parseDict();
    // Only an indirect object is a stream (§7.3.8); a `stream` keyword deeper in is an error.
    if (this.depth > 1) return dict;
    const afterDict = this.bytes.offset();
    this.skipWhitespaceAndComments();
    if (!this.matchKeyword(STREAM)) {
      this.bytes.moveTo(afterDict);
      return dict;
    }
    // §7.3.8.1: the keyword is followed by CRLF or LF (a lone CR is tolerated, as pdf-lib does).
    if (this.bytes.peek() === 0x0d) this.bytes.next();
    if (this.bytes.peek() === 0x0a) this.bytes.next();
    const start = this.bytes.offset();
    const length = dict.get(PDFName.of('Length'));
    if (length instanceof PDFNumber) {
      const end = start + length.asNumber();
      if (Number.isInteger(end) && end >= start && end <= this.data.length) {
        this.bytes.moveTo(end);
        this.skipWhitespaceAndComments();
        if (this.matchKeyword(ENDSTREAM)) return PDFRawStream.of(dict, this.bytes.slice(start, end));
      }
    }
    // An indirect or wrong /Length: the data ends at the next `endstream` (as pdf.js reads it; pdf-lib's
    // fallback also counts `stream` inside the data, and tests for the keyword at every byte).
    const keyword = indexOfBytes(this.data, ENDSTREAM, start);
    if (keyword < 0) {
      this.bytes.moveTo(this.data.length);
      throw new Error('a stream without endstream');
    }
    this.bytes.moveTo(keyword + ENDSTREAM.length);
    let end = keyword;
    if (end > start && this.data[end - 1] === 0x0a) end--;
    if (end > start && this.data[end - 1] === 0x0d) end--;
    return PDFRawStream.of(dict, this.data.slice(start, end));
  }

  // pdf-lib builds literal and hexadecimal strings a character at a time (about half a microsecond a
  // byte): the same strings, found by scanning the bytes and decoded at once.

  protected override parseString(): PDFString {
    const { data } = this;
    const start = this.bytes.offset();
    let nesting = 0;
    let escaped = false;
    for (let index = start; index < data.length; index++) {
      const byte = data[index];
      // §7.3.4.2: balanced parentheses need no escape; `\(` and `\)` do not count.
      if (!escaped) {
        if (byte === 0x28) nesting++;
        else if (byte === 0x29) nesting--;
      }
      escaped = byte === 0x5c ? !escaped : false;
      if (nesting === 0) {
        this.bytes.moveTo(index + 1);
        return PDFString.of(latin1Text(data.subarray(start + 1, index)));
      }
    }
    this.bytes.moveTo(data.length);
    throw new Error('a literal string that is never closed');
  }

  protected override parseHexString(): PDFHexString {
    const { data } = this;
    const start = this.bytes.offset();
    const end = data.indexOf(0x3e, start + 1);
    if (end < 0) {
      this.bytes.moveTo(data.length);
      throw new Error('a hexadecimal string that is never closed');
    }
    this.bytes.moveTo(end + 1);
    return PDFHexString.of(latin1Text(data.subarray(start + 1, end)));
  }
}

/** Where `pattern` first occurs in `data` at or after `from`, or -1. */
function indexOfBytes(data: Uint8Array, pattern: readonly number[], from: number): number {
  const first = pattern[0];
  for (let index = data.indexOf(first ?? 0, from); index >= 0; index = data.indexOf(first ?? 0, index + 1)) {
    let matched = 1;
    while (matched < pattern.length && data[index + matched] === pattern[matched]) matched++;
    if (matched === pattern.length) return index;
  }
  return -1;
}

/**
 * Bytes as a string of the same char codes (Latin-1), in chunks (a spread of a whole stream would
 * exceed the call-stack limit).
 *
 * @example
 * ```ts
 * latin1Text(Uint8Array.of(0x41, 0xfc)); // 'Aü'
 * ```
 */
export function latin1Text(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let from = 0; from < bytes.length; from += 8192)
    parts.push(String.fromCharCode(...bytes.subarray(from, Math.min(from + 8192, bytes.length))));
  return parts.join('');
}
