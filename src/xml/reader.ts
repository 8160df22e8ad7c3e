/**
 * The bookkeeping of an XML import, shared by the FA(3) and SII importers: a small reader
 * ({@link ElementReader}) through which the section readers take what they map from the parsed
 * document (`./parse.ts`), so that whatever they do not take is listed in `ignored` (never dropped
 * silently) and a missing mandatory element is an issue at its XML path, and a draft
 * ({@link ReportDraft}) that remembers the element each report field was read from.
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';
import type { XmlObject, XmlValue } from './parse.js';

/** Joins an XML path and a child name. */
function join(path: string, name: string): string {
  return path === '' ? name : `${path}/${name}`;
}

/** The rule ids an {@link ImportContext} gives its issues when the importer names none per call. */
export interface ImportRules {
  /** A mandatory element is missing. */
  readonly missing: string;
  /** An element has a value the schema does not allow. */
  readonly invalid: string;
}

/**
 * The generic rules of an import (XML Schema: an element's `minOccurs`, and its simple type), for the
 * importers that name no rule of their format's own.
 */
export const IMPORT_RULES: ImportRules = {
  missing: 'xml.schema.required-element',
  invalid: 'xml.schema.element-value',
};

/**
 * What an import collects besides the report: the issues, and the XML path each report field was
 * read from (so that a field-level failure can name the element). The `ignored` paths are collected
 * from the element tree at the end ({@link ImportContext.finish}).
 *
 * @example
 * ```ts
 * const context = new ImportContext('FA(3)');
 * const parsed = parseFa3Xml(xml); // { success: true, data: { Faktura: … } }
 * const root = new ElementReader(context, '', '', (parsed.success ? parsed.data.Faktura : {}) as XmlObject);
 * root.requiredChild('Fa'); // null, with an issue at `Fa` when it is missing
 * context.finish(root); // the paths no reader took
 * ```
 */
export class ImportContext {
  readonly issues: ValidationIssue[] = [];
  /**
   * Report param (`lines[0].net_amount`) → the element it was read from (`Fa/FaWiersz[1]/P_11`), as
   * set directly; the drafts' own are merged in by {@link ImportContext.sourceOf}.
   */
  readonly sources = new Map<string, string>();
  /** The drafts of this import, whose field → element pairs {@link ImportContext.sourceOf} reads. */
  private readonly drafts: ReportDraft[] = [];
  private merged = 0;

  /**
   * @param schema the schema named when a mandatory element is missing (`FA(3)`, `SuministroLR.xsd`)
   * @param listAttributes whether attributes no reader took go to `ignored` too (as `Path/@name`); the
   * FA(3) importer reads its few attributes before the sections and leaves them out
   * @param rules the rule ids (`src/errors/ruleId.ts`) of a missing mandatory element and of a value
   * the schema does not allow, when the importer does not name a more precise one per call; by default
   * the generic XML Schema ones, {@link IMPORT_RULES}
   *
   * @example
   * ```ts
   * const context = new ImportContext('SuministroLR.xsd', true);
   * const fa3 = new ImportContext('FA(3)', false, { missing: 'fa3.required-element', invalid: 'fa3.element-value' });
   * ```
   */
  constructor(
    readonly schema: string,
    readonly listAttributes = false,
    readonly rules: ImportRules = IMPORT_RULES,
  ) {}

  /**
   * Registers a draft, whose sources {@link ImportContext.sourceOf} reads (a `ReportDraft` registers
   * itself).
   *
   * @example
   * ```ts
   * context.track(draft);
   * ```
   */
  track(draft: ReportDraft): void {
    this.drafts.push(draft);
  }

  /**
   * The element report param `param` was read from, or undefined. The drafts keep their field →
   * element pairs to themselves while the document is read (a large document has hundreds of
   * thousands, and most imports never ask); the first question merges them into
   * {@link ImportContext.sources}, and later drafts on the next.
   *
   * @example
   * ```ts
   * context.sourceOf('lines[0].net_amount'); // 'Fa/FaWiersz[1]/P_11'
   * ```
   */
  sourceOf(param: string): string | undefined {
    for (; this.merged < this.drafts.length; this.merged++)
      for (const [key, source] of this.drafts[this.merged]?.sources() ?? []) this.sources.set(key, source);
    return this.sources.get(param);
  }

  /**
   * A mandatory element is missing: 422 `parameter_blank` at its path, of rule `rule` (by default the
   * context's `rules.missing`).
   *
   * @example
   * ```ts
   * context.missing('Fa/P_2');
   * ```
   */
  missing(path: string, rule = this.rules.missing): void {
    this.issues.push({
      rule,
      code: 'parameter_blank',
      param: path,
      message: `${path} is required: the element is mandatory in ${this.schema}`,
    });
  }

  /**
   * An element has a value the schema does not allow: 422 `parameter_invalid` at its path, of rule
   * `rule` (by default the context's `rules.invalid`).
   *
   * @example
   * ```ts
   * context.invalid('Podmiot2/JST', 'must be 1 or 2');
   * ```
   */
  invalid(path: string, message: string, rule = this.rules.invalid): void {
    this.issues.push({ rule, code: 'parameter_invalid', param: path, message: `${path} ${message}` });
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
  finish(root: ElementReader): string[] {
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
 * One element of the document, read by a section reader. Each child taken (`text`, `child`,
 * `children`, or a subclass's own readers) is marked; {@link ImportContext.finish} lists the others
 * in `ignored` at their path without positions (`Fa/FaWiersz/KwotaAkcyzy`), and occurrences beyond
 * the first of an element the report holds once at their position (`Fa/WZ[2]`). `path` is the
 * element's own path with positions (`Fa/FaWiersz[3]`), used for issues. A subclass adds readers for
 * its schema's own value types (`Fa3Element`); every child it reaches is of its class.
 *
 * @example
 * ```ts
 * const fa = root.requiredChild('Fa');
 * fa?.requiredText('P_2'); // 'FV2026/02/150', or null with an issue at `Fa/P_2`
 * fa?.children('FaWiersz').length; // 3
 * ```
 */
export class ElementReader {
  private readonly taken = new Set<string>();
  /** The child elements created for each child name, to walk for `ignored`. */
  private readonly created = new Map<string, ElementReader[]>();
  /** The names read as "the first occurrence only": their later occurrences are ignored. */
  private readonly firstOnly = new Set<string>();
  /** Set by {@link ElementReader.ignoreAll}. */
  private ignoredWhole = false;

  /**
   * @param context the import's bookkeeping
   * @param path the element's path with positions, for issues (`Fa/FaWiersz[3]`)
   * @param kind the element's path without positions, for `ignored` (`Fa/FaWiersz`)
   * @param node the parsed element
   *
   * @example
   * ```ts
   * const root = new ElementReader(context, '', '', parsed.Faktura);
   * ```
   */
  constructor(
    readonly context: ImportContext,
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

  /** An attribute's value, or null; taken like a child (see {@link ImportContext.listAttributes}). */
  attribute(name: string): string | null {
    const value = this.node[`@_${name}`];
    if (value === undefined) return null;
    this.taken.add(`@_${name}`);
    return typeof value === 'string' ? value : null;
  }

  /**
   * A child element of the same class as this one (a subclass's readers are there on every element
   * it reaches); subclasses keep the constructor's parameters.
   */
  private spawn(path: string, kind: string, node: XmlObject): this {
    const Element = this.constructor as new (
      context: ImportContext,
      path: string,
      kind: string,
      node: XmlObject,
    ) => this;
    return new Element(this.context, path, kind, node);
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

  /** Like {@link ElementReader.text}, with an issue when the mandatory element is absent or empty. */
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

  /** Checks that mandatory child `name` is present, without taking it (it goes to `ignored`). */
  expect(name: string): void {
    if (!this.has(name)) this.context.missing(this.pathOf(name));
  }

  /** The first occurrence of child element `name`, or null; later ones go to `ignored`. */
  child(name: string): this | null {
    const value = this.first(name);
    if (value === undefined) return null;
    return (
      this.remember(name, [this.spawn(this.pathOf(name), join(this.kind, name), objectOf(value))])[0] ?? null
    );
  }

  /** Like {@link ElementReader.child}, with an issue when the mandatory element is absent. */
  requiredChild(name: string): this | null {
    const child = this.child(name);
    if (child === null) this.context.missing(this.pathOf(name));
    return child;
  }

  /** Every occurrence of child element `name`, each with its position in its path (`FaWiersz[2]`). */
  children(name: string): this[] {
    if (!this.has(name)) return [];
    const value = this.node[name] as XmlValue;
    this.taken.add(name);
    const all = Array.isArray(value) ? value : [value];
    return this.remember(
      name,
      all.map((item, index) =>
        this.spawn(`${this.pathOf(name)}[${String(index + 1)}]`, join(this.kind, name), objectOf(item)),
      ),
    );
  }

  private remember(name: string, elements: this[]): this[] {
    // Appended in place: a copy per call would cost the list's length each time (issue #24 item 1).
    const created = this.created.get(name);
    if (created === undefined) this.created.set(name, [...elements]);
    else for (const element of elements) created.push(element);
    return elements;
  }

  /**
   * Walks this element in document order and reports what no reader took: a child never read (at
   * its path without positions), an attribute never read when the context lists them (`Path/@name`),
   * the occurrences beyond the first of a child read once (at their position), and this whole element
   * after {@link ElementReader.ignoreAll} (at its path with positions).
   */
  collectIgnored(report: (path: string) => void): void {
    if (this.ignoredWhole) {
      report(this.path);
      return;
    }
    for (const name of Object.keys(this.node)) {
      if (name === '#text') continue;
      if (name.startsWith('@_')) {
        if (this.context.listAttributes && !this.taken.has(name))
          report(join(this.kind, `@${name.slice(2)}`));
        continue;
      }
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
 * context.sourceOf('number'); // 'Fa/P_2'
 * ```
 */
export class ReportDraft {
  readonly data: Record<string, unknown> = {};
  /** Field → the element it was read from, in the order put (see {@link ImportContext.sourceOf}). */
  private readonly read: [field: string, source: string][] = [];

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
  ) {
    context.track(this);
  }

  private paramOf(field: string): string {
    return this.param === '' ? field : `${this.param}.${field}`;
  }

  /**
   * The report param → element pairs of this draft's fields.
   *
   * @example
   * ```ts
   * [...draft.sources()]; // [['lines[0].net_amount', 'Fa/FaWiersz[1]/P_11'], …]
   * ```
   */
  *sources(): IterableIterator<[param: string, source: string]> {
    for (const [field, source] of this.read) yield [this.paramOf(field), source];
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
    this.read.push([field, source]);
  }

  /**
   * Records that `field` was read from the element at `source`, without setting it: the items of a
   * list of plain values (`additional_special_regime_keys[1]`), put as a whole.
   *
   * @example
   * ```ts
   * draft.source('keys[1]', 'Factura/ClaveAdicional2');
   * ```
   */
  source(field: string, source: string): void {
    this.read.push([field, source]);
  }

  /**
   * Sets `field` to the text of `element`'s child `name` (when present).
   *
   * @example
   * ```ts
   * draft.text('number', fa, 'P_2');
   * ```
   */
  text(field: string, element: ElementReader, name: string): string | null {
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
  requiredText(field: string, element: ElementReader, name: string): string | null {
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
  list<E extends ElementReader>(
    field: string,
    items: readonly E[],
    source: string,
    read: (element: E, draft: ReportDraft) => void,
  ): void {
    if (items.length === 0) return;
    const values = items.map((item, index) => {
      const draft = this.nested(`${field}[${String(index)}]`);
      read(item, draft);
      return draft.data;
    });
    this.put(field, values, source);
  }

  /**
   * A draft for the object held by `field` (`capital_good`, or `tax_breakdowns[2]` for an item of a
   * list whose items do not come one per element); {@link ReportDraft.put} its `data` when filled.
   *
   * @example
   * ```ts
   * const row = draft.nested('tax_breakdowns[0]');
   * row.put('taxable_base', '100', 'RegistroLRFacturasEmitidas[1]/…/BaseImponible');
   * draft.put('tax_breakdowns', [row.data], 'RegistroLRFacturasEmitidas[1]/FacturaExpedida/TipoDesglose');
   * ```
   */
  nested(field: string): ReportDraft {
    return new ReportDraft(this.context, this.paramOf(field));
  }
}

/**
 * A field-level failure of a report schema, pointed at the element the field was read from
 * (`source`, from {@link ImportContext.sourceOf}): the param becomes the XML path (`Fa/FaWiersz[1]/P_12`)
 * and the message names both. Without a source the issue stays as it is.
 *
 * @example
 * ```ts
 * sourcedIssue({ code: 'parameter_invalid', param: 'total_amount', message: 'total_amount must be …' }, 'Fa/P_15');
 * // { code: 'parameter_invalid', param: 'Fa/P_15', message: 'Fa/P_15 (total_amount) must be …' }
 * ```
 */
export function sourcedIssue(issue: ValidationIssue, source: string | undefined): ValidationIssue {
  if (source === undefined) return issue;
  const message = issue.message.startsWith(issue.param)
    ? `${source} (${issue.param})${issue.message.slice(issue.param.length)}`
    : `${source}: ${issue.message}`;
  return { ...issue, param: source, message };
}
