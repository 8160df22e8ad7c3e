/**
 * The one-pass XML parse shared by fiscalkit's importers (FA(3), SII): saxes, a conformant XML 1.0
 * parser, turns a document the guards of `./guards.ts` have passed into prototype-free plain objects
 * whose values are the document's text — amounts and identifiers never go through a JS number.
 *
 * Repeats and depth (issue #24 item 1, "a small XML upload freezes the whole server"): the parse is
 * linear in the document. A repeated element is appended to its list in place (copying the list on
 * every repeat made 16,000 repeats take 5.6 s and 200,000 never finish), and an importer gives the
 * limits of its schema ({@link XmlOccurrenceLimits}, generated from the official XSD): the occurrence
 * of an element beyond its `maxOccurs` under one parent, and an element deeper than any the schema
 * has, are refused as soon as the parser reaches them. The depth limit matters as much as the
 * repeats: saxes resolves each element's namespace prefix by walking up the open elements, so deep
 * nesting costs time quadratic in the depth (40,000 nested `<a>` took 7.5 s). A caller that only
 * checks well-formedness of documents whose schemas fiscalkit does not read (UBL, CII, Facturae)
 * collects repeats without refusing them (`'collect'`), and is held to {@link XML_MAX_DEPTH} levels.
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import { XML_MAX_DEPTH } from './limits.js';

/** A parsed element: its text, or its children (and attributes, prefixed `@_`) by local name. */
export type XmlValue = string | XmlObject | XmlValue[];

/** A parsed element with children. */
export interface XmlObject {
  [name: string]: XmlValue;
}

/** An element as it opens, for {@link XmlParseOptions.checkElement}. */
export interface XmlElementName {
  /** The local name, without prefix. */
  readonly local: string;
  /** The namespace URI the element's prefix (or the default namespace) is bound to; null for none. */
  readonly namespace: string | null;
  /**
   * The local names from the root element down to this one (this one last): the parser's own stack,
   * valid during the call only (copy it to keep it).
   */
  readonly path: readonly string[];
}

export { XML_MAX_DEPTH } from './limits.js';

/**
 * What a schema allows, as the parse checks it: generated from the official XSD by
 * `scripts/generate-schema-occurrences.ts` (`FA3_OCCURRENCES`, `SII_MESSAGE_OCCURRENCES`,
 * `SII_RESPONSE_OCCURRENCES`).
 */
export interface SchemaOccurrences {
  /** The schema file, named in refusals (`schemat_FA(3)_v1-0E.xsd`). */
  readonly schema: string;
  /** The deepest element of any document the schema allows (the root is depth 1). */
  readonly maxDepth: number;
  /**
   * Every element local name of the schema → the most times it may occur under one parent, the
   * largest wherever the name is declared (a local name can mean different elements in different
   * places; the parse-time check must never refuse a document the schema accepts, and the schema
   * validators judge each place later).
   */
  readonly maxOccurs: Readonly<Record<string, number | 'unbounded'>>;
}

/** The limits a parse refuses a document at ({@link XmlParseOptions.occurrences}). */
export interface XmlOccurrenceLimits {
  /** The schema, named in refusals (`schemat_FA(3)_v1-0E.xsd`). */
  readonly schema: string;
  /** The deepest element allowed (the root is depth 1). */
  readonly maxDepth: number;
  /**
   * The most times `element` may occur under its parent: a count, `Infinity` for "not checked here",
   * or undefined for an element the schema does not declare (allowed once). Called as each element
   * opens, with the same {@link XmlElementName} as {@link XmlParseOptions.checkElement}.
   */
  readonly maxOccurs: (element: XmlElementName) => number | undefined;
}

/**
 * The limits of a generated schema table: each element at most its `maxOccurs` under one parent (an
 * undeclared one once), the root level unchecked (a second root is a well-formedness error, reported
 * as such), and no deeper than the schema's deepest element.
 *
 * @example
 * ```ts
 * const limits = occurrenceLimits(FA3_OCCURRENCES);
 * limits.maxOccurs({ local: 'FaWiersz', namespace: null, path: ['Faktura', 'Fa', 'FaWiersz'] }); // 10000
 * limits.maxOccurs({ local: 'x', namespace: null, path: ['Faktura', 'x'] }); // undefined: not in FA(3)
 * ```
 */
export function occurrenceLimits(occurrences: SchemaOccurrences): XmlOccurrenceLimits {
  const limits = new Map<string, number>();
  for (const [local, limit] of Object.entries(occurrences.maxOccurs))
    limits.set(local, limit === 'unbounded' ? Number.POSITIVE_INFINITY : limit);
  return {
    schema: occurrences.schema,
    maxDepth: occurrences.maxDepth,
    maxOccurs: (element) => (element.path.length <= 1 ? Number.POSITIVE_INFINITY : limits.get(element.local)),
  };
}

/**
 * The order a schema gives the children of each complex element (issue #18 item 14): generated from
 * the official XSD by `scripts/generate-schema-occurrences.ts` (`FA3_SEQUENCES`).
 */
export interface SchemaSequences {
  /** The schema file, named in refusals (`schemat_FA(3)_v1-0E.xsd`). */
  readonly schema: string;
  /**
   * The path of local names from the root (`Faktura/Fa/FaWiersz`) of every element with element
   * content → its children's local names in the order of its content model (depth first: the
   * branches of a choice one after the other, an extension's base type before its own particles).
   * Only one branch of a choice occurs in a valid document, so any sibling order the schema accepts
   * follows this list.
   */
  readonly children: Readonly<Record<string, readonly string[]>>;
}

/**
 * A check of sibling order for {@link XmlParseOptions.checkElement}: an element that opens after a
 * sibling the schema puts later in their parent's content model is refused there, naming both (KSeF
 * validates against the XSD and refuses such a document, ksef-fa3.md §4). Elements or parents the
 * table does not know are not judged here (an undeclared element is the readers' business). The
 * checker remembers the siblings seen, so make one per parse. Linear: one lookup per element.
 *
 * @example
 * ```ts
 * const checkElement = sequenceCheck(FA3_SEQUENCES); // one per parse
 * parseXml('<Faktura><Fa><P_15>1</P_15><P_2>2</P_2></Fa></Faktura>', { repeatable, occurrences, checkElement });
 * // { success: false, wellFormed: true, message: '1:32: has <Faktura/Fa/P_2> after <P_15> in one <Fa>, but … puts P_2 before P_15 there …' }
 * ```
 */
export function sequenceCheck(sequences: SchemaSequences): (element: XmlElementName) => string | null {
  const positions = new Map<string, ReadonlyMap<string, number>>();
  for (const [path, names] of Object.entries(sequences.children))
    positions.set(path, new Map(names.map((name, index) => [name, index])));
  /** Per depth: the path key of the open element there, and the last child position seen in it. */
  const keys: string[] = [];
  const last: { position: number; name: string }[] = [];
  return (element) => {
    const depth = element.path.length;
    const parentKey = keys[depth - 2];
    const key = depth === 1 ? element.local : `${parentKey ?? ''}/${element.local}`;
    keys.length = depth - 1;
    keys.push(key);
    // The children of this element start afresh.
    last.length = depth;
    if (depth === 1 || parentKey === undefined) return null;
    const position = positions.get(parentKey)?.get(element.local);
    if (position === undefined) return null;
    const before = last[depth - 1];
    if (before !== undefined && before.position > position) {
      const parent = element.path[depth - 2] ?? '';
      return `has <${element.path.join('/')}> after <${before.name}> in one <${parent}>, but ${sequences.schema} puts ${element.local} before ${before.name} there (the elements of <${parent}> must follow the schema's order)`;
    }
    last[depth - 1] = { position, name: element.local };
    return null;
  };
}

/** How {@link parseXml} shapes the document. */
export interface XmlParseOptions {
  /**
   * The local names of the elements that may occur more than once (`maxOccurs` > 1 in the schema):
   * always parsed as arrays, so that one occurrence and several read the same way. A second
   * occurrence of any other element also gives an array (nothing is lost), which a reader expecting
   * one value sees and reports.
   */
  readonly repeatable: ReadonlySet<string>;
  /**
   * Required, so that every caller decides (issue #24): the schema's limits, which refuse the document
   * at the first occurrence of an element beyond its `maxOccurs` under one parent, or at the first
   * element deeper than the schema allows ({@link ParsedXml} `wellFormed: true`); or `'collect'`, for a
   * caller that checks well-formedness only: repeats are collected into arrays without limit, and the
   * depth is limited to {@link XML_MAX_DEPTH}.
   */
  readonly occurrences: XmlOccurrenceLimits | 'collect';
  /**
   * `prefixed` (the default): attributes as `@_local` beside the children (`xmlns` declarations left
   * out), and the text of an element with attributes as `#text`; `skip`: attributes are not kept.
   */
  readonly attributes?: 'prefixed' | 'skip';
  /**
   * Looks at each element as it opens, with its resolved namespace URI; a message refuses the
   * document there ({@link ParsedXml} `wellFormed: true`), e.g. an element outside the schema's
   * namespaces.
   */
  readonly checkElement?: (element: XmlElementName) => string | null;
}

/**
 * The outcome of {@link parseXml}: the document's elements, or why it was refused — not well-formed
 * XML (`wellFormed: false`, the parser's message `"line:column: what"`), or well-formed but refused by
 * {@link XmlParseOptions.checkElement} or {@link XmlParseOptions.occurrences} (`wellFormed: true`, the
 * message with the line and column of the end of the element's start tag, `"line:column: what"`,
 * columns from 0 as saxes counts; `parseRefusal` in `./guards.ts` words it for an issue).
 */
export type ParsedXml =
  | { success: true; data: XmlObject }
  | { success: false; message: string; wellFormed: boolean };

/** An element being read: its children by local name, its attributes, its text so far. */
interface OpenElement {
  readonly name: string;
  readonly children: XmlObject;
  hasChildren: boolean;
  hasAttributes: boolean;
  text: string;
}

function openElement(name: string): OpenElement {
  return {
    name,
    children: Object.create(null) as XmlObject,
    hasChildren: false,
    hasAttributes: false,
    text: '',
  };
}

/** Thrown out of a saxes handler to stop the parse at an element the options refuse. */
class Refused {
  constructor(readonly message: string) {}
}

/** How many times `value` (a parent's entry for one child name) has occurred: 0, 1 or its list's length. */
function occurrencesOf(value: XmlValue | undefined): number {
  if (value === undefined) return 0;
  return Array.isArray(value) ? value.length : 1;
}

/** `once`, `10000 times`. */
function timesText(count: number): string {
  return count === 1 ? 'once' : `${String(count)} times`;
}

/** Why an occurrence beyond the limit is refused, for {@link Refused}. */
function repeatRefusal(
  path: readonly string[],
  occurrence: number,
  limit: number | undefined,
  schema: string,
): string {
  const local = path[path.length - 1] ?? '';
  const parent = path[path.length - 2] ?? '';
  const where = `<${path.join('/')}> more than ${timesText(limit ?? 1)} in one <${parent}> (occurrence ${String(occurrence)})`;
  if (limit === undefined)
    return `has ${where}, but ${schema} declares no element ${local}, and an element the schema does not declare is read at most once per parent`;
  return `has ${where}, but ${schema} allows it at most ${timesText(limit)} there (maxOccurs="${String(limit)}")`;
}

/**
 * Parses a document the guards have passed, in one pass of saxes (well-formedness, the `Char`
 * production, undeclared entities and references to non-characters are all errors with their line
 * and column; only the five predefined entities and character references are decoded — no DTD is
 * ever read, the guards have refused any). It replaced a fast-xml-parser parse plus its separate
 * validator pass, which together took 4–5 times as long on a 1,000-line FA(3) invoice (issue #5).
 *
 * Every value is the element's trimmed text; children are keyed by local name (namespace prefixes
 * dropped: {@link XmlParseOptions.checkElement} sees each element's namespace URI), attributes and
 * repeatable elements as {@link XmlParseOptions} says. Objects have no prototype, so an element named
 * `__proto__` is just an unknown element. Time is linear in the document (issue #24). Never throws.
 *
 * @example
 * ```ts
 * parseXml('<a><b>1</b><b>2</b><c x="y">3</c></a>', { repeatable: new Set(['b']), occurrences: 'collect' });
 * // { success: true, data: { a: { b: ['1', '2'], c: { '@_x': 'y', '#text': '3' } } } }
 * parseXml('<a><b></a>', { repeatable: new Set(), occurrences: 'collect' });
 * // { success: false, message: '1:9: unexpected close tag.', wellFormed: false }
 * parseXml('<Faktura><Fa><P_2>1</P_2><P_2>2</P_2></Fa></Faktura>', {
 *   repeatable: FA3_REPEATABLE_ELEMENTS,
 *   occurrences: occurrenceLimits(FA3_OCCURRENCES),
 * });
 * // { success: false, wellFormed: true, message: '1:29: has <Faktura/Fa/P_2> more than once in one <Fa> (occurrence 2), …' }
 * ```
 */
export function parseXml(text: string, options: XmlParseOptions): ParsedXml {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const keepAttributes = options.attributes !== 'skip';
  const check = options.checkElement;
  const limits = options.occurrences === 'collect' ? null : options.occurrences;
  const maxDepth = limits === null ? XML_MAX_DEPTH : limits.maxDepth;
  const root = openElement('');
  const stack: OpenElement[] = [root];
  const names: string[] = [];
  let error: string | null = null;
  const refuse = (message: string): never => {
    throw new Refused(`${String(parser.line)}:${String(parser.column)}: ${message}`);
  };
  parser.on('error', (failure) => {
    error ??= failure.message;
  });
  parser.on('opentag', (tag) => {
    const element = openElement(tag.local);
    const parent = stack[stack.length - 1] as OpenElement;
    names.push(tag.local);
    // Refused before anything deeper is read: saxes's prefix lookups cost the depth per element.
    if (names.length > maxDepth)
      refuse(
        limits === null
          ? `nests elements more than ${String(XML_MAX_DEPTH)} levels deep (<${tag.local}> at level ${String(names.length)}); fiscalkit reads at most ${String(XML_MAX_DEPTH)}, the default limit of libxml2`
          : `has <${names.join('/')}> at level ${String(names.length)}, deeper than any element of ${limits.schema} (at most ${String(limits.maxDepth)} levels)`,
      );
    const name: XmlElementName = {
      local: tag.local,
      namespace: tag.uri === '' ? null : tag.uri,
      path: names,
    };
    if (check !== undefined) {
      const refusal = check(name);
      if (refusal !== null) refuse(refusal);
    }
    if (limits !== null) {
      // The siblings before this one are closed, so the parent's entry counts them exactly.
      const occurrence = occurrencesOf(parent.children[tag.local]) + 1;
      if (occurrence > 1) {
        const limit = limits.maxOccurs(name);
        if (occurrence > (limit ?? 1)) refuse(repeatRefusal(names, occurrence, limit, limits.schema));
      }
    }
    if (keepAttributes) {
      for (const attributeName in tag.attributes) {
        const attribute = tag.attributes[attributeName];
        if (attribute === undefined || attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
        element.children[`@_${attribute.local}`] = attribute.value;
        element.hasChildren = true;
        element.hasAttributes = true;
      }
    }
    stack.push(element);
  });
  parser.on('text', (chunk) => {
    const current = stack[stack.length - 1];
    if (current !== undefined) current.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const current = stack[stack.length - 1];
    if (current !== undefined) current.text += chunk;
  });
  parser.on('closetag', () => {
    const element = stack.pop();
    names.pop();
    const parent = stack[stack.length - 1];
    if (element === undefined || parent === undefined) return;
    const trimmed = element.text.trim();
    let value: XmlValue;
    if (!element.hasChildren) value = trimmed;
    else {
      if (trimmed !== '' && element.hasAttributes) element.children['#text'] = trimmed;
      value = element.children;
    }
    parent.hasChildren = true;
    const previous = parent.children[element.name];
    // An element's own value is never an array, so an array here is the list of its occurrences.
    // Appending in place keeps the parse linear (issue #24: `[...previous, value]` copied the list on
    // every repeat).
    if (Array.isArray(previous)) previous.push(value);
    else if (options.repeatable.has(element.name)) parent.children[element.name] = [value];
    else if (previous !== undefined)
      // A second occurrence of an element the schema allows once (in `'collect'` mode, or an element
      // read once that the schema lets repeat): keep both, so that nothing is lost and the section
      // reader sees a list where it expects one value (and reports it).
      parent.children[element.name] = [previous, value];
    else parent.children[element.name] = value;
  });
  try {
    parser.write(text).close();
  } catch (failure) {
    // A syntax error found before the refused element is what the document fails for.
    if (failure instanceof Refused && error === null)
      return { success: false, message: failure.message, wellFormed: true };
    error ??= failure instanceof Error ? failure.message : String(failure);
  }
  if (error !== null) return { success: false, message: error, wellFormed: false };
  return { success: true, data: root.children };
}
