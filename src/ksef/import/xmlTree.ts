/**
 * The parsed FA(3) document and the bookkeeping of the import: a saxes parse in which every value
 * stays the document's text, and a small reader ({@link Fa3Element}) through which the
 * section readers take what they map, so that whatever they do not take is listed in `ignored`
 * (never dropped silently) and a missing mandatory element is an issue at its XML path.
 *
 * @module
 */
import { SaxesParser } from 'saxes';
import type { ValidationIssue } from '../../errors/validationIssue.js';

/** A parsed element: its text, or its children (and attributes, prefixed `@_`) by name. */
export type XmlValue = string | XmlObject | XmlValue[];

/** A parsed element with children. */
export interface XmlObject {
  [name: string]: XmlValue;
}

/**
 * The FA(3) elements that may occur more than once (`maxOccurs` > 1 in `schemat_FA(3)_v1-0E.xsd`,
 * `OUTLINE_FA3.txt`), always parsed as arrays so that one occurrence and several read the same way.
 * The names are unique enough in FA(3) to go by the local name alone.
 */
export const FA3_REPEATABLE_ELEMENTS: ReadonlySet<string> = new Set([
  'Podmiot3',
  'DaneKontaktowe',
  'WZ',
  'Podmiot2K',
  'DaneFaKorygowanej',
  'ZaliczkaCzesciowa',
  'DodatkowyOpis',
  'FakturaZaliczkowa',
  'FaWiersz',
  'Obciazenia',
  'Odliczenia',
  'ZaplataCzesciowa',
  'TerminPlatnosci',
  'RachunekBankowy',
  'RachunekBankowyFaktora',
  'Umowy',
  'Zamowienia',
  'NrPartiiTowaru',
  'Transport',
  'WysylkaPrzez',
  'ZamowienieWiersz',
  'NowySrodekTransportu',
  'Informacje',
  'Rejestry',
  'BlokDanych',
  'MetaDane',
  'Akapit',
  'Tabela',
  'TMetaDane',
  'Kol',
  'Wiersz',
  'WKom',
  'SKom',
]);

/** An element being read: its children by local name, its attributes, its text so far. */
interface OpenElement {
  readonly name: string;
  readonly children: XmlObject;
  hasChildren: boolean;
  hasAttributes: boolean;
  text: string;
}

/** The outcome of {@link parseFa3Xml}: the document's elements, or why it is not well-formed XML. */
export type ParsedXml = { success: true; data: XmlObject } | { success: false; message: string };

/**
 * Parses a document the guards have passed, in one pass of saxes (a conformant XML 1.0 parser:
 * well-formedness, the `Char` production, undeclared entities and references to non-characters are
 * all errors with their line and column; only the five predefined entities and character references
 * are decoded — no DTD is ever read, the guards have refused any). It replaces a fast-xml-parser
 * parse plus its separate validator pass, which together took 4–5 times as long on a 1,000-line
 * invoice (issue #5 target: import ≤ 30 ms).
 *
 * The result has the shape the section readers take: every value is the element's trimmed text
 * (amounts and identifiers never go through a JS number), children by local name (namespace prefixes
 * dropped; the root's namespace was checked by `rootIssue`), attributes as `@_name` (`xmlns`
 * declarations left out), text beside attributes as `#text`, repeatable elements always arrays.
 * Objects have no prototype, so an element named `__proto__` is just an unknown element.
 *
 * @example
 * ```ts
 * parseFa3Xml('<Faktura><Fa><P_15>2051</P_15></Fa></Faktura>');
 * // { success: true, data: { Faktura: { Fa: { P_15: '2051' } } } }
 * parseFa3Xml('<a><b></a>'); // { success: false, message: '1:9: unexpected close tag.' }
 * ```
 */
export function parseFa3Xml(text: string): ParsedXml {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const root: OpenElement = {
    name: '',
    children: Object.create(null) as XmlObject,
    hasChildren: false,
    hasAttributes: false,
    text: '',
  };
  const stack: OpenElement[] = [root];
  let error: string | null = null;
  parser.on('error', (failure) => {
    error ??= failure.message;
  });
  parser.on('opentag', (tag) => {
    const element: OpenElement = {
      name: tag.local,
      children: Object.create(null) as XmlObject,
      hasChildren: false,
      hasAttributes: false,
      text: '',
    };
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name];
      if (attribute === undefined || attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      element.children[`@_${attribute.local}`] = attribute.value;
      element.hasChildren = true;
      element.hasAttributes = true;
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
    if (FA3_REPEATABLE_ELEMENTS.has(element.name)) {
      const list = parent.children[element.name];
      if (Array.isArray(list)) list.push(value);
      else parent.children[element.name] = [value];
    } else if (element.name in parent.children) {
      // A second occurrence of an element FA(3) allows once: keep both, so that nothing is lost and
      // the section reader sees a list where it expects one value (and reports it).
      const previous = parent.children[element.name] as XmlValue;
      parent.children[element.name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
    } else parent.children[element.name] = value;
  });
  try {
    parser.write(text).close();
  } catch (failure) {
    error ??= failure instanceof Error ? failure.message : String(failure);
  }
  if (error !== null) return { success: false, message: error };
  return { success: true, data: root.children };
}

/** Joins an XML path and a child name. */
function join(path: string, name: string): string {
  return path === '' ? name : `${path}/${name}`;
}

/**
 * What an import collects besides the report: the issues, and the XML path each report field was
 * read from (so that a field-level failure can name the element). The `ignored` paths are collected
 * from the element tree at the end ({@link ImportContext.finish}).
 *
 * @example
 * ```ts
 * const context = new ImportContext();
 * const parsed = parseFa3Xml(xml); // { success: true, data: { Faktura: … } }
 * const root = new Fa3Element(context, '', '', (parsed.success ? parsed.data.Faktura : {}) as XmlObject);
 * root.requiredChild('Fa'); // null, with an issue at `Fa` when it is missing
 * context.finish(root); // the paths no reader took
 * ```
 */
export class ImportContext {
  readonly issues: ValidationIssue[] = [];
  /** Report param (`lines[0].net_amount`) → the element it was read from (`Fa/FaWiersz[1]/P_11`). */
  readonly sources = new Map<string, string>();

  /**
   * A mandatory element is missing: 422 `parameter_blank` at its path.
   *
   * @example
   * ```ts
   * context.missing('Fa/P_2');
   * ```
   */
  missing(path: string): void {
    this.issues.push({
      code: 'parameter_blank',
      param: path,
      message: `${path} is required: the element is mandatory in FA(3)`,
    });
  }

  /**
   * An element has a value FA(3) does not allow: 422 `parameter_invalid` at its path.
   *
   * @example
   * ```ts
   * context.invalid('Podmiot2/JST', 'must be 1 or 2');
   * ```
   */
  invalid(path: string, message: string): void {
    this.issues.push({ code: 'parameter_invalid', param: path, message: `${path} ${message}` });
  }

  /**
   * The `ignored` list of a document read from `root`: every element no reader took, in document
   * order, each path once.
   *
   * @example
   * ```ts
   * context.finish(root); // ['Naglowek/DataWytworzeniaFa', 'Naglowek/SystemInfo', 'Fa/Rozliczenie', …]
   * ```
   */
  finish(root: Fa3Element): string[] {
    const ignored = new Set<string>();
    root.collectIgnored((path) => ignored.add(path));
    return [...ignored];
  }
}

/** An element's text, or null when it has none; `invalid` when it has element children instead. */
function textOf(value: XmlValue): { text: string | null; invalid: boolean } {
  if (typeof value === 'string') return { text: value === '' ? null : value, invalid: false };
  if (Array.isArray(value)) return { text: null, invalid: true };
  const names = Object.keys(value).filter((name) => !name.startsWith('@_'));
  if (names.length === 0) return { text: null, invalid: false };
  if (names.length === 1 && names[0] === '#text') {
    const text = value['#text'];
    return typeof text === 'string'
      ? { text: text === '' ? null : text, invalid: false }
      : { text: null, invalid: true };
  }
  return { text: null, invalid: true };
}

/** An element's children; a text-only element has none. */
function objectOf(value: XmlValue): XmlObject {
  if (typeof value === 'string' || Array.isArray(value)) return {};
  return value;
}

/**
 * One element of the document, read by a section reader. Each child taken (`text`, `flag`,
 * `marker`, `child`, `children`) is marked; {@link ImportContext.finish} lists the others in `ignored` at their
 * path without positions (`Fa/FaWiersz/KwotaAkcyzy`), and occurrences beyond the first of an element
 * the report holds once at their position (`Fa/WZ[2]`). `path` is the element's own path with
 * positions (`Fa/FaWiersz[3]`), used for issues.
 *
 * @example
 * ```ts
 * const fa = root.requiredChild('Fa');
 * fa?.requiredText('P_2'); // 'FV2026/02/150', or null with an issue at `Fa/P_2`
 * fa?.children('FaWiersz').length; // 3
 * ```
 */
export class Fa3Element {
  private readonly taken = new Set<string>();
  /** The child elements created for each child name, to walk for `ignored`. */
  private readonly created = new Map<string, Fa3Element[]>();
  /** The names read as "the first occurrence only": their later occurrences are ignored. */
  private readonly firstOnly = new Set<string>();
  /** Set by {@link Fa3Element.ignoreAll}. */
  private ignoredWhole = false;

  /**
   * @param context the import's bookkeeping
   * @param path the element's path with positions, for issues (`Fa/FaWiersz[3]`)
   * @param kind the element's path without positions, for `ignored` (`Fa/FaWiersz`)
   * @param node the parsed element
   *
   * @example
   * ```ts
   * const root = new Fa3Element(context, '', '', parsed.Faktura);
   * ```
   */
  constructor(
    private readonly context: ImportContext,
    readonly path: string,
    readonly kind: string,
    private readonly node: XmlObject,
  ) {}

  /** The path of child `name`, with positions (for issues and sources). */
  pathOf(name: string): string {
    return join(this.path, name);
  }

  /** Whether child `name` is present (without taking it). */
  has(name: string): boolean {
    return Object.hasOwn(this.node, name);
  }

  /** An attribute's value, or null. */
  attribute(name: string): string | null {
    const value = this.node[`@_${name}`];
    return typeof value === 'string' ? value : null;
  }

  /**
   * Lists this element in `ignored` as a whole, at its path with positions (`Podmiot3[2]`), instead
   * of its children one by one.
   */
  ignoreAll(): void {
    this.ignoredWhole = true;
  }

  /**
   * Lists child `name` in `ignored` although it was read (a value the report has no place for, such
   * as the country of an id that differs from the address's).
   */
  release(name: string): void {
    this.taken.delete(name);
  }

  /** The first occurrence of `name`; later ones (if any) go to `ignored` at their position. */
  private first(name: string): XmlValue | undefined {
    if (!this.has(name)) return undefined;
    const value = this.node[name] as XmlValue;
    this.taken.add(name);
    this.firstOnly.add(name);
    return Array.isArray(value) ? value[0] : value;
  }

  /** The text of child `name` (its first occurrence), or null when absent or empty. */
  text(name: string): string | null {
    return this.readText(name).text;
  }

  /** Like {@link Fa3Element.text}, with an issue when the mandatory element is absent or empty. */
  requiredText(name: string): string | null {
    const { text, invalid } = this.readText(name);
    if (text === null && !invalid) this.context.missing(this.pathOf(name));
    return text;
  }

  private readText(name: string): { text: string | null; invalid: boolean } {
    const value = this.first(name);
    if (value === undefined) return { text: null, invalid: false };
    const read = textOf(value);
    if (read.invalid) this.context.invalid(this.pathOf(name), 'must be text, not elements');
    return read;
  }

  /**
   * A `TWybor1_2` flag (`1` yes, `2` no): true, false, or null when absent; anything else is an issue.
   */
  flag(name: string): boolean | null {
    const text = this.text(name);
    if (text === null) return null;
    if (text === '1') return true;
    if (text === '2') return false;
    this.context.invalid(this.pathOf(name), `must be 1 (yes) or 2 (no), not ${JSON.stringify(text)}`);
    return null;
  }

  /** Like {@link Fa3Element.flag}, with an issue when the mandatory flag is absent. */
  requiredFlag(name: string): boolean | null {
    if (!this.has(name)) {
      this.context.missing(this.pathOf(name));
      return null;
    }
    return this.flag(name);
  }

  /** A `TWybor1` marker (only `1` is allowed): whether it is present; another value is an issue. */
  marker(name: string): boolean {
    if (!this.has(name)) return false;
    const text = this.text(name);
    if (text !== '1') this.context.invalid(this.pathOf(name), `must be 1, not ${JSON.stringify(text ?? '')}`);
    return true;
  }

  /** Checks that mandatory child `name` is present, without taking it (it goes to `ignored`). */
  expect(name: string): void {
    if (!this.has(name)) this.context.missing(this.pathOf(name));
  }

  /** The first occurrence of child element `name`, or null; later ones go to `ignored`. */
  child(name: string): Fa3Element | null {
    const value = this.first(name);
    if (value === undefined) return null;
    return this.remember(name, [
      new Fa3Element(this.context, this.pathOf(name), join(this.kind, name), objectOf(value)),
    ])[0] as Fa3Element;
  }

  /** Like {@link Fa3Element.child}, with an issue when the mandatory element is absent. */
  requiredChild(name: string): Fa3Element | null {
    const child = this.child(name);
    if (child === null) this.context.missing(this.pathOf(name));
    return child;
  }

  /** Every occurrence of child element `name`, each with its position in its path (`FaWiersz[2]`). */
  children(name: string): Fa3Element[] {
    if (!this.has(name)) return [];
    const value = this.node[name] as XmlValue;
    this.taken.add(name);
    const all = Array.isArray(value) ? value : [value];
    return this.remember(
      name,
      all.map(
        (item, index) =>
          new Fa3Element(
            this.context,
            `${this.pathOf(name)}[${String(index + 1)}]`,
            join(this.kind, name),
            objectOf(item),
          ),
      ),
    );
  }

  private remember(name: string, elements: Fa3Element[]): Fa3Element[] {
    this.created.set(name, [...(this.created.get(name) ?? []), ...elements]);
    return elements;
  }

  /**
   * Walks this element in document order and reports what no reader took: a child never read (at
   * its path without positions), the occurrences beyond the first of a child read once (at their
   * position), and this whole element after {@link Fa3Element.ignoreAll} (at its path with positions).
   */
  collectIgnored(report: (path: string) => void): void {
    if (this.ignoredWhole) {
      report(this.path);
      return;
    }
    for (const name of Object.keys(this.node)) {
      if (name.startsWith('@_') || name === '#text') continue;
      if (!this.taken.has(name)) {
        report(join(this.kind, name));
        continue;
      }
      for (const child of this.created.get(name) ?? []) child.collectIgnored(report);
      const value = this.node[name];
      if (this.firstOnly.has(name) && Array.isArray(value)) {
        for (let index = 1; index < value.length; index++)
          report(`${join(this.kind, name)}[${String(index + 1)}]`);
      }
    }
  }
}

/**
 * The report (or one element of one of its lists) being filled, with the XML path of each field it
 * was read from.
 *
 * @example
 * ```ts
 * const report = new ReportDraft(context, '');
 * report.requiredText('number', fa, 'P_2');
 * report.data; // { number: 'FV2026/02/150' }
 * context.sources.get('number'); // 'Fa/P_2'
 * ```
 */
export class ReportDraft {
  readonly data: Record<string, unknown> = {};

  /**
   * @param context the import's bookkeeping (receives the field → element sources)
   * @param param the report param of this object (`''` for the report, `lines[0]` for a line)
   *
   * @example
   * ```ts
   * const line = new ReportDraft(context, 'lines[0]');
   * ```
   */
  constructor(
    private readonly context: ImportContext,
    readonly param: string,
  ) {}

  private paramOf(field: string): string {
    return this.param === '' ? field : `${this.param}.${field}`;
  }

  /**
   * Sets `field` to `value`, read from the element at `source`; null or undefined leaves it unset.
   *
   * @example
   * ```ts
   * draft.put('total_amount', '2051', 'Fa/P_15');
   * ```
   */
  put(field: string, value: unknown, source: string): void {
    if (value === null || value === undefined) return;
    this.data[field] = value;
    this.context.sources.set(this.paramOf(field), source);
  }

  /**
   * Sets `field` to the text of `element`'s child `name` (when present).
   *
   * @example
   * ```ts
   * draft.text('number', fa, 'P_2');
   * ```
   */
  text(field: string, element: Fa3Element, name: string): string | null {
    const value = element.text(name);
    this.put(field, value, element.pathOf(name));
    return value;
  }

  /**
   * Like {@link ReportDraft.text}, with an issue when the mandatory element is absent.
   *
   * @example
   * ```ts
   * draft.requiredText('number', fa, 'P_2');
   * ```
   */
  requiredText(field: string, element: Fa3Element, name: string): string | null {
    const value = element.requiredText(name);
    this.put(field, value, element.pathOf(name));
    return value;
  }

  /**
   * A list field: the element data of `items`, each filled by `read` into a draft at `field[i]`.
   * Leaves the field unset when there are no items.
   *
   * @example
   * ```ts
   * draft.list('lines', fa.children('FaWiersz'), 'Fa/FaWiersz', readLine);
   * ```
   */
  list(
    field: string,
    items: readonly Fa3Element[],
    source: string,
    read: (element: Fa3Element, draft: ReportDraft) => void,
  ): void {
    if (items.length === 0) return;
    const values = items.map((item, index) => {
      const draft = new ReportDraft(this.context, `${this.paramOf(field)}[${String(index)}]`);
      read(item, draft);
      return draft.data;
    });
    this.put(field, values, source);
  }
}
