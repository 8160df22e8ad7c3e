/**
 * The one-pass XML parse shared by fiscalkit's importers (FA(3), SII): saxes, a conformant XML 1.0
 * parser, turns a document the guards of `./guards.ts` have passed into prototype-free plain objects
 * whose values are the document's text — amounts and identifiers never go through a JS number.
 *
 * @module
 */
import { SaxesParser } from 'saxes';

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
 * {@link XmlParseOptions.checkElement} (`wellFormed: true`, the check's message with the line and
 * column of the end of the element's start tag, `"line:column: what"`, columns from 0 as saxes counts).
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

/** Thrown out of a saxes handler to stop the parse at an element {@link XmlParseOptions.checkElement} refused. */
class Refused {
  constructor(readonly message: string) {}
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
 * `__proto__` is just an unknown element. Never throws.
 *
 * @example
 * ```ts
 * parseXml('<a><b>1</b><b>2</b><c x="y">3</c></a>', { repeatable: new Set(['b']) });
 * // { success: true, data: { a: { b: ['1', '2'], c: { '@_x': 'y', '#text': '3' } } } }
 * parseXml('<a><b></a>', { repeatable: new Set() });
 * // { success: false, message: '1:9: unexpected close tag.', wellFormed: false }
 * ```
 */
export function parseXml(text: string, options: XmlParseOptions): ParsedXml {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const keepAttributes = options.attributes !== 'skip';
  const check = options.checkElement;
  const root = openElement('');
  const stack: OpenElement[] = [root];
  const names: string[] = [];
  let error: string | null = null;
  parser.on('error', (failure) => {
    error ??= failure.message;
  });
  parser.on('opentag', (tag) => {
    const element = openElement(tag.local);
    if (check !== undefined) {
      names.push(tag.local);
      const refusal = check({
        local: tag.local,
        namespace: tag.uri === '' ? null : tag.uri,
        path: names,
      });
      if (refusal !== null) throw new Refused(`${String(parser.line)}:${String(parser.column)}: ${refusal}`);
    }
    if (keepAttributes) {
      for (const name in tag.attributes) {
        const attribute = tag.attributes[name];
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
    if (check !== undefined) names.pop();
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
    if (options.repeatable.has(element.name)) {
      const list = parent.children[element.name];
      if (Array.isArray(list)) list.push(value);
      else parent.children[element.name] = [value];
    } else if (element.name in parent.children) {
      // A second occurrence of an element the schema allows once: keep both, so that nothing is lost
      // and the section reader sees a list where it expects one value (and reports it).
      const previous = parent.children[element.name] as XmlValue;
      parent.children[element.name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    } else parent.children[element.name] = value;
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
