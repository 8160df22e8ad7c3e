/**
 * ISO Schematron (ISO/IEC 19757-3) with the `xslt2` query binding, compiled to JavaScript closures and
 * run without an XSLT processor: the engine behind EN 16931, Peppol BIS 3 and XRechnung validation
 * (issue #21). The rule set is read from the host's copy at run time — nothing generated from the
 * EUPL or unlicensed rules ships in fiscalkit (docs/einvoice-validation.md "Licences").
 *
 * What it follows, and from where:
 *
 * - **Which rule fires** (ISO 19757-3 §6.5): per pattern, each node is judged by the first rule, in
 *   document order of the rules, whose context matches it — as the XSLT the official pipelines generate
 *   (the ISO skeleton for EN 16931, SchXslt for Peppol and XRechnung) does with template priorities. A
 *   context is an XSLT pattern: it matches a node when the node is among `//(pattern)` evaluated from the
 *   root (XSLT 2.0 §5.5.3), which is how it is evaluated here, once per rule and document, instead of
 *   testing every rule against every node.
 * - **Variables** (§5.4.5): schema- and pattern-level `let`s are global (as SchXslt compiles them),
 *   evaluated once per document with the root as focus, and only if read (as Saxon does); rule `let`s
 *   are evaluated per context node, also only if read.
 * - **Functions**: `xsl:function` (XSLT 2.0 §10.3) with `xsl:param`, `xsl:variable`, `xsl:value-of`,
 *   `xsl:sequence`, `xsl:choose` and `xsl:if`, and the function conversion rules on parameters and
 *   results (XPath 2.0 §3.1.5).
 * - **`include`** (§5.4.4) is resolved through the host's reader; abstract patterns are refused: the
 *   rule sets are read in their published "preprocessed"/merged form, where there are none.
 *
 * @module
 */
import {
  type Atomic,
  atomicToString,
  type CastTarget,
  castAtomic,
  Untyped,
  XPathError,
} from '../xpath/atomic.js';
import { compileAst, compileXPath } from '../xpath/compile.js';
import {
  DynamicContext,
  type Evaluator,
  type GlobalVariable,
  type Item,
  LazySlot,
  Run,
  Scope,
  type UserFunction,
  XS_NAMESPACE,
} from '../xpath/context.js';
import {
  expandedName,
  parseXdm,
  type XdmDocument,
  type XdmElement,
  type XdmNode,
} from '../xpath/document.js';
import { parseXPath, type XPathAst } from '../xpath/parse.js';
import { atomize, effectiveBoolean, isNode, itemString } from '../xpath/sequence.js';
import type { SchematronFinding } from './finding.js';

/** The ISO Schematron namespace. */
export const SCHEMATRON_NAMESPACE = 'http://purl.oclc.org/dsdl/schematron';
/** The XSLT namespace (`xsl:function` inside a schema). */
export const XSLT_NAMESPACE = 'http://www.w3.org/1999/XSL/Transform';

/** A rule set compiled and ready to run over documents. */
export interface CompiledSchematron {
  /** The schema's `title`. */
  readonly title: string;
  /** How many asserts and reports it holds. */
  readonly assertions: number;
  /** Runs every pattern over a document. */
  run(document: XdmDocument): SchematronFinding[];
}

/**
 * A rule set that cannot be compiled: which file, and why.
 *
 * @example
 * ```ts
 * try { compileSchematron(() => undefined, 'missing.sch'); } catch (error) { (error as SchematronCompileError).message; } // 'missing.sch: not found'
 * ```
 */
export class SchematronCompileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchematronCompileError';
  }
}

interface Message {
  readonly parts: readonly (string | Evaluator | { name: true })[];
}

interface Assertion {
  readonly kind: 'assert' | 'report';
  readonly id: string;
  readonly flag: string | null;
  readonly test: Evaluator;
  readonly testText: string;
  readonly message: Message;
}

/** What a rule does once it fires: its lets and asserts, compiled on first use (see {@link CompileOptions}). */
interface RuleBody {
  readonly lets: readonly { slot: number; value: Evaluator }[];
  readonly assertions: readonly Assertion[];
  readonly frameSize: number;
}

interface Rule {
  readonly match: Evaluator;
  readonly matchFrame: number;
  /** The id of the rule's first assert, for a dynamic error in its context. */
  readonly firstId: string;
  /** The compiled body, or the error that compiling it raised. */
  body(): RuleBody;
}

/** Options of {@link compileSchematron}. */
export interface CompileOptions {
  /**
   * Compile every assert now (true), or each rule's asserts the first time the rule fires (false, the
   * default). Rule contexts, variables and functions are always compiled at once. Lazy compiling is
   * what keeps the first validation in a fresh process fast: a 10-line invoice fires a fraction of
   * the rules (a credit note's, an absent VAT category's never fire). A host that wants a broken rule
   * set refused at start compiles eagerly (the tests do, for every official rule set).
   */
  eager?: boolean;
}

interface Pattern {
  readonly rules: readonly Rule[];
}

function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash + 1);
}

function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

function isSchematron(element: XdmElement, local: string): boolean {
  return element.namespace === SCHEMATRON_NAMESPACE && element.local === local;
}

function attribute(element: XdmElement, name: string): string | undefined {
  for (const a of element.attributes) if (a.local === name && a.namespace === '') return a.value;
  return undefined;
}

function childElements(element: XdmElement): XdmElement[] {
  return element.children.filter((child): child is XdmElement => child.kind === 'element');
}

/** Reads a file of the rule set and parses it, refusing a missing or malformed one with its name. */
function load(read: (path: string) => string | undefined, path: string): XdmElement {
  const text = read(path);
  if (text === undefined) throw new SchematronCompileError(`${path}: not found`);
  try {
    const root = parseXdm(text).root;
    if (root === undefined) throw new SchematronCompileError(`${path}: empty`);
    return root;
  } catch (error) {
    if (error instanceof SchematronCompileError) throw error;
    throw new SchematronCompileError(`${path}: ${(error as Error).message}`);
  }
}

/** The schema's top-level and pattern-level elements with `include`s replaced by what they include. */
function expandIncludes(
  element: XdmElement,
  path: string,
  read: (path: string) => string | undefined,
  depth = 0,
): { element: XdmElement; path: string }[] {
  if (!isSchematron(element, 'include')) return [{ element, path }];
  if (depth > 16) throw new SchematronCompileError(`${path}: includes nested too deeply`);
  const href = attribute(element, 'href');
  if (href === undefined) throw new SchematronCompileError(`${path}: include without href`);
  const target = normalizePath(directoryOf(path) + href);
  return expandIncludes(load(read, target), target, read, depth + 1);
}

/** The XSD type an `as` attribute names, when it is an atomic one fiscalkit converts to. */
function sequenceType(as: string | undefined): { target: CastTarget | null; optional: boolean } {
  if (as === undefined) return { target: null, optional: true };
  const match = /^xs:(string|boolean|decimal|integer|double|date)([?*+]?)$/.exec(as.trim());
  if (match === null) return { target: null, optional: true };
  return { target: `xs:${match[1]}` as CastTarget, optional: match[2] === '?' || match[2] === '*' };
}

/**
 * The function conversion rules (XPath 2.0 §3.1.5) for an atomic `as` type: atomize, cast untyped
 * values, promote numbers. A double given where a decimal is declared is cast rather than refused,
 * the one leniency, since no rule set relies on that error.
 */
function convert(items: Item[], as: { target: CastTarget | null; optional: boolean }, what: string): Item[] {
  if (as.target === null) return items;
  const target = as.target;
  return atomize(items).map((value: Atomic) => {
    if (value instanceof Untyped) return castAtomic(value, target);
    if (target === 'xs:string' && typeof value !== 'string') {
      throw new XPathError('XPTY0004', `${what} expects xs:string`);
    }
    if (target === 'xs:decimal' || target === 'xs:double' || target === 'xs:integer')
      return castAtomic(value, target);
    return value;
  });
}

class Compiler {
  readonly namespaces = new Map<string, string>([['xs', XS_NAMESPACE]]);
  private readonly globalIndex = new Map<string, number>();
  private readonly globalSources: { name: string; value: string; file: string }[] = [];
  readonly globals: GlobalVariable[] = [];
  private readonly functionSources: { element: XdmElement; file: string }[] = [];
  private readonly functions = new Map<string, UserFunction>();
  private readonly patternSources: { element: XdmElement; file: string }[] = [];
  title = '';
  assertions = 0;

  constructor(
    private readonly read: (path: string) => string | undefined,
    private readonly eager: boolean,
  ) {}

  collect(root: XdmElement, file: string): void {
    if (!isSchematron(root, 'schema'))
      throw new SchematronCompileError(`${file}: the root element is not a schematron schema`);
    for (const child of childElements(root)) {
      for (const { element, path } of expandIncludes(child, file, this.read)) {
        if (isSchematron(element, 'ns')) {
          const prefix = attribute(element, 'prefix');
          const uri = attribute(element, 'uri');
          if (prefix !== undefined && uri !== undefined) this.namespaces.set(prefix, uri);
        } else if (isSchematron(element, 'title'))
          this.title = element.stringValue.replace(/\s+/g, ' ').trim();
        else if (isSchematron(element, 'let')) this.addGlobal(element, path);
        else if (element.namespace === XSLT_NAMESPACE && element.local === 'function')
          this.functionSources.push({ element, file: path });
        else if (isSchematron(element, 'pattern')) {
          if (attribute(element, 'abstract') === 'true' || attribute(element, 'is-a') !== undefined)
            throw new SchematronCompileError(
              `${path}: abstract patterns are not supported; use the preprocessed schema`,
            );
          const expanded = childElements(element).flatMap((c) => expandIncludes(c, path, this.read));
          for (const item of expanded)
            if (isSchematron(item.element, 'let')) this.addGlobal(item.element, item.path);
          this.patternSources.push({ element, file: path });
        }
      }
    }
  }

  private addGlobal(element: XdmElement, file: string): void {
    const name = attribute(element, 'name');
    const value = attribute(element, 'value');
    if (name === undefined || value === undefined)
      throw new SchematronCompileError(`${file}: let needs name and value`);
    // A later global of the same name wins, as a later declaration would in the generated stylesheet's import order.
    this.globalIndex.set(name, this.globalSources.length);
    this.globalSources.push({ name, value, file });
  }

  private scope(): Scope {
    return new Scope(this.namespaces, this.globalIndex, (namespace, local, arity) =>
      this.functions.get(`{${namespace}}${local}#${arity}`),
    );
  }

  private xpath(text: string, scope: Scope, file: string, where: string): Evaluator {
    try {
      return compileXPath(text, scope);
    } catch (error) {
      throw new SchematronCompileError(`${file}: ${where}: ${(error as Error).message}`);
    }
  }

  compileFunctions(): void {
    // Declare every function first (they call each other and themselves), then compile the bodies.
    const bodies: (() => void)[] = [];
    for (const { element, file } of this.functionSources) {
      const qname = attribute(element, 'name') ?? '';
      const colon = qname.indexOf(':');
      const namespace = this.namespaces.get(qname.slice(0, colon));
      if (colon < 0 || namespace === undefined)
        throw new SchematronCompileError(`${file}: function ${qname}: its prefix is not declared with <ns>`);
      const params = childElements(element).filter(
        (c) => c.namespace === XSLT_NAMESPACE && c.local === 'param',
      );
      const holder: { body?: (frame: unknown[], run: Run) => Item[]; size: number } = { size: 0 };
      const paramTypes = params.map((p) => sequenceType(attribute(p, 'as')));
      const result = sequenceType(attribute(element, 'as'));
      const fn: UserFunction = {
        arity: params.length,
        invoke: (run, args) => {
          const frame: unknown[] = new Array(holder.size);
          for (let i = 0; i < args.length; i += 1)
            frame[i] = convert(
              args[i] as Item[],
              paramTypes[i] as ReturnType<typeof sequenceType>,
              `${qname} parameter ${i + 1}`,
            );
          return convert(
            (holder.body as NonNullable<typeof holder.body>)(frame, run),
            result,
            `${qname} result`,
          );
        },
      };
      this.functions.set(`{${namespace}}${qname.slice(colon + 1)}#${params.length}`, fn);
      bodies.push(() => {
        const scope = this.scope();
        for (const p of params) scope.declare(attribute(p, 'name') ?? '');
        const body = this.instructions(
          childElements(element).filter((c) => !(c.namespace === XSLT_NAMESPACE && c.local === 'param')),
          scope,
          file,
          qname,
        );
        holder.body = body;
        holder.size = scope.size;
      });
    }
    for (const compile of bodies) compile();
  }

  /** XSLT instructions of a function body, as a sequence constructor (XSLT 2.0 §5.7). */
  private instructions(
    elements: XdmElement[],
    scope: Scope,
    file: string,
    where: string,
  ): (frame: unknown[], run: Run) => Item[] {
    const steps: ((frame: unknown[], run: Run) => Item[])[] = [];
    for (const element of elements) {
      if (element.namespace !== XSLT_NAMESPACE)
        throw new SchematronCompileError(`${file}: ${where}: unsupported element ${element.name}`);
      const select = attribute(element, 'select');
      switch (element.local) {
        case 'variable': {
          const as = sequenceType(attribute(element, 'as'));
          const name = attribute(element, 'name') ?? '';
          let value: (frame: unknown[], run: Run) => Item[];
          if (select !== undefined) {
            const compiled = this.xpath(select, scope, file, `${where} $${name}`);
            value = (frame, run) => compiled(new DynamicContext(undefined, 0, 0, frame, run));
          } else if (childElements(element).length > 0) {
            const body = this.instructions(childElements(element), scope, file, where);
            // A variable with content is a temporary tree: its value is the text it holds (XSLT 2.0 §9.3).
            value = (frame, run) => [new Untyped(body(frame, run).map(itemString).join(''))];
          } else {
            const text = element.stringValue;
            value = () => [new Untyped(text)];
          }
          const slot = scope.declare(name);
          steps.push((frame, run) => {
            frame[slot] = convert(value(frame, run), as, `$${name}`);
            return [];
          });
          break;
        }
        case 'value-of':
        case 'sequence': {
          if (select === undefined)
            throw new SchematronCompileError(`${file}: ${where}: ${element.local} without select`);
          const compiled = this.xpath(select, scope, file, where);
          const separator = attribute(element, 'separator') ?? ' ';
          if (element.local === 'sequence')
            steps.push((frame, run) => compiled(new DynamicContext(undefined, 0, 0, frame, run)));
          else
            steps.push((frame, run) => [
              new Untyped(
                atomize(compiled(new DynamicContext(undefined, 0, 0, frame, run)))
                  .map(atomicToString)
                  .join(separator),
              ),
            ]);
          break;
        }
        case 'if':
        case 'choose': {
          const branches: { test: Evaluator | null; body: (frame: unknown[], run: Run) => Item[] }[] = [];
          const whens = element.local === 'if' ? [element] : childElements(element);
          for (const branch of whens) {
            const test = attribute(branch, 'test');
            branches.push({
              test:
                branch.local === 'otherwise' || test === undefined
                  ? null
                  : this.xpath(test, scope, file, where),
              body: this.instructions(childElements(branch), scope, file, where),
            });
          }
          steps.push((frame, run) => {
            for (const branch of branches) {
              if (
                branch.test === null ||
                effectiveBoolean(branch.test(new DynamicContext(undefined, 0, 0, frame, run)))
              )
                return branch.body(frame, run);
            }
            return [];
          });
          break;
        }
        default:
          throw new SchematronCompileError(`${file}: ${where}: unsupported instruction xsl:${element.local}`);
      }
    }
    return (frame, run) => {
      if (steps.length === 1) return (steps[0] as (typeof steps)[number])(frame, run);
      const out: Item[] = [];
      for (const step of steps) for (const item of step(frame, run)) out.push(item);
      return out;
    };
  }

  compileGlobals(): void {
    for (const source of this.globalSources) {
      const scope = this.scope();
      const evaluate = this.xpath(source.value, scope, source.file, `let $${source.name}`);
      this.globals.push({ name: source.name, evaluate, frameSize: Math.max(scope.size, 1) });
    }
  }

  private message(element: XdmElement, scope: Scope, file: string): Message {
    const parts: (string | Evaluator | { name: true })[] = [];
    const walk = (node: XdmElement) => {
      for (const child of node.children) {
        if (child.kind === 'text') parts.push(child.value);
        else if (isSchematron(child, 'value-of')) {
          parts.push(this.xpath(attribute(child, 'select') ?? '.', scope, file, 'value-of'));
        } else if (isSchematron(child, 'name')) {
          const path = attribute(child, 'path');
          parts.push(path === undefined ? { name: true } : this.xpath(`name(${path})`, scope, file, 'name'));
        } else walk(child);
      }
    };
    walk(element);
    return { parts };
  }

  compilePatterns(): Pattern[] {
    const patterns: Pattern[] = [];
    for (const { element, file } of this.patternSources) {
      const rules: Rule[] = [];
      for (const { element: ruleElement, path } of childElements(element).flatMap((c) =>
        expandIncludes(c, file, this.read),
      )) {
        if (!isSchematron(ruleElement, 'rule')) continue;
        if (attribute(ruleElement, 'abstract') === 'true')
          throw new SchematronCompileError(`${path}: abstract rules are not supported`);
        const context = attribute(ruleElement, 'context');
        if (context === undefined) throw new SchematronCompileError(`${path}: rule without context`);
        const matchScope = this.scope();
        let match: Evaluator;
        try {
          match = compileMatch(context, matchScope);
        } catch (error) {
          throw new SchematronCompileError(`${path}: rule context "${context}": ${(error as Error).message}`);
        }
        const children = childElements(ruleElement);
        for (const child of children) {
          if (isSchematron(child, 'assert') || isSchematron(child, 'report')) this.assertions += 1;
          else if (isSchematron(child, 'extends'))
            throw new SchematronCompileError(`${path}: rule extends is not supported`);
        }
        const firstAssert = children.find((c) => isSchematron(c, 'assert') || isSchematron(c, 'report'));
        let compiled: RuleBody | undefined;
        const body = (): RuleBody => {
          if (compiled !== undefined) return compiled;
          const scope = this.scope();
          const lets: { slot: number; value: Evaluator }[] = [];
          const assertions: Assertion[] = [];
          for (const child of children) {
            if (isSchematron(child, 'let')) {
              const name = attribute(child, 'name') ?? '';
              const value = this.xpath(attribute(child, 'value') ?? '()', scope, path, `let $${name}`);
              lets.push({ slot: scope.declare(name), value });
            } else if (isSchematron(child, 'assert') || isSchematron(child, 'report')) {
              const testText = attribute(child, 'test') ?? '';
              const id = attribute(child, 'id') ?? '';
              assertions.push({
                kind: child.local as 'assert' | 'report',
                id,
                flag: attribute(child, 'flag') ?? null,
                test: this.xpath(testText, scope, path, `${child.local} ${id}`),
                testText,
                message: this.message(child, scope, path),
              });
            }
          }
          compiled = { lets, assertions, frameSize: scope.size };
          return compiled;
        };
        if (this.eager) body();
        rules.push({
          match,
          matchFrame: Math.max(matchScope.size, 1),
          firstId: firstAssert === undefined ? '' : (attribute(firstAssert, 'id') ?? ''),
          body,
        });
      }
      patterns.push({ rules });
    }
    return patterns;
  }
}

/**
 * An XSLT pattern as the expression whose result is every node it matches (XSLT 2.0 §5.5.3): an
 * absolute branch as it is, a relative one under `//`.
 */
function patternExpression(ast: XPathAst): XPathAst {
  if (ast.type === 'union')
    return { type: 'union', left: patternExpression(ast.left), right: patternExpression(ast.right) };
  if (isAbsolute(ast)) return ast;
  return underDescendants(ast);
}

function isAbsolute(ast: XPathAst): boolean {
  switch (ast.type) {
    case 'root':
      return true;
    case 'path':
      return isAbsolute(ast.left);
    case 'filter':
      return isAbsolute(ast.base);
    case 'sequence':
      return ast.items.length > 0 && ast.items.every(isAbsolute);
    case 'union':
      return isAbsolute(ast.left) && isAbsolute(ast.right);
    case 'call':
      return ast.name === 'root' || ast.name === 'doc';
    default:
      return false;
  }
}

const DESCENDANTS: XPathAst = {
  type: 'path',
  left: { type: 'root' },
  right: { type: 'step', axis: 'descendant-or-self', test: { type: 'kind', kind: 'node' }, predicates: [] },
};

function underDescendants(ast: XPathAst): XPathAst {
  if (ast.type === 'path') return { type: 'path', left: underDescendants(ast.left), right: ast.right };
  return { type: 'path', left: DESCENDANTS, right: ast };
}

function compileMatch(context: string, scope: Scope): Evaluator {
  const ast = patternExpression(parseXPath(context));
  return compileAst(ast, scope);
}

/**
 * An XPath to a node, with the document's prefixes and 1-based positions among same-named siblings.
 *
 * @example
 * ```ts
 * nodeLocation(parseXdm('<a><b/><b/></a>').root?.children[1] as XdmNode); // '/a/b[2]'
 * ```
 */
export function nodeLocation(node: XdmNode): string {
  const steps: string[] = [];
  let current: XdmNode | null = node;
  while (current !== null && current.kind !== 'document') {
    if (current.kind === 'attribute') {
      steps.push(`@${current.name}`);
      current = current.parent;
      continue;
    }
    const parent: XdmElement | XdmDocument = current.parent as XdmElement | XdmDocument;
    steps.push(childSteps(parent).get(current) as string);
    current = parent;
  }
  return `/${steps.reverse().join('/')}`;
}

/**
 * The location step of every child of a parent (`cbc:ID`, `cac:InvoiceLine[2]`, `text()[1]`), worked
 * out once per parent: a 20,000-line invoice whose currency is wrong fires one rule per line, and
 * finding each line's position among its siblings anew made that 80 s instead of 2.
 */
const STEPS = new WeakMap<XdmElement | XdmDocument, Map<XdmNode, string>>();

function childSteps(parent: XdmElement | XdmDocument): Map<XdmNode, string> {
  let steps = STEPS.get(parent);
  if (steps !== undefined) return steps;
  steps = new Map();
  const totals = new Map<string, number>();
  const keyOf = (child: XdmNode) =>
    child.kind === 'element' ? expandedName(child.namespace, child.local) : 'text()';
  for (const child of parent.children as XdmNode[])
    totals.set(keyOf(child), (totals.get(keyOf(child)) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const child of parent.children as XdmNode[]) {
    const key = keyOf(child);
    const position = (seen.get(key) ?? 0) + 1;
    seen.set(key, position);
    if (child.kind === 'text') steps.set(child, `text()[${position}]`);
    else if (child.kind === 'element')
      steps.set(child, (totals.get(key) ?? 0) > 1 ? `${child.name}[${position}]` : child.name);
  }
  STEPS.set(parent, steps);
  return steps;
}

function nodeLine(node: XdmNode): number | null {
  let current: XdmNode | null = node;
  while (current !== null && current.kind !== 'element') current = current.parent;
  return current === null ? null : current.line;
}

function renderMessage(message: Message, context: DynamicContext): string {
  let text = '';
  for (const part of message.parts) {
    if (typeof part === 'string') text += part;
    else if (typeof part !== 'function') {
      const item = context.item;
      text +=
        item !== undefined && isNode(item) && item.kind !== 'document' && item.kind !== 'text'
          ? item.name
          : '';
    } else {
      try {
        text += atomize(part(context)).map(atomicToString).join(' ');
      } catch (error) {
        text += `[${(error as Error).message}]`;
      }
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Compiles a schematron rule set read through `read` (paths relative to the artefact root, `/`-
 * separated; `include`s resolved relative to the including file).
 *
 * @throws {@link SchematronCompileError} naming the file and the construct when the rule set is
 * missing, malformed, or uses what the engine does not support — at once for contexts, variables and
 * functions, and for asserts too with `{ eager: true }`; compiled lazily, a rule whose asserts do not
 * compile reports an `error` finding each time it fires, so a rule set never half-runs silently.
 * @example
 * ```ts
 * const rules = compileSchematron((path) => files.get(path), 'schematron/peppol/PEPPOL-EN16931-UBL.sch');
 * const findings = rules.run(parseXdm(invoiceXml));
 * findings.map((f) => f.id); // ['PEPPOL-EN16931-R001', …]
 * ```
 */
export function compileSchematron(
  read: (path: string) => string | undefined,
  entry: string,
  options: CompileOptions = {},
): CompiledSchematron {
  const compiler = new Compiler(read, options.eager === true);
  const file = normalizePath(entry);
  compiler.collect(load(read, file), file);
  compiler.compileFunctions();
  compiler.compileGlobals();
  const patterns = compiler.compilePatterns();
  const globals = compiler.globals;
  return {
    title: compiler.title,
    assertions: compiler.assertions,
    run(document) {
      const run = new Run(document, globals);
      const findings: SchematronFinding[] = [];
      // Which rule claimed each node in the current pattern, by document order number: typed arrays,
      // not a Set, since a pattern like `//ram:*[…]` offers every element of the document to each rule.
      const tally = new Map<Assertion, number>();
      const claimedBy = new Int32Array(document.end + 1);
      const nodeAt: (XdmNode | undefined)[] = new Array(document.end + 1);
      for (let p = 0; p < patterns.length; p += 1) {
        const pattern = patterns[p] as Pattern;
        claimedBy.fill(0);
        const orders: number[] = [];
        for (let r = 0; r < pattern.rules.length; r += 1) {
          const rule = pattern.rules[r] as Rule;
          let nodes: Item[];
          try {
            nodes = rule.match(new DynamicContext(document, 1, 1, new Array(rule.matchFrame), run));
          } catch (error) {
            findings.push(dynamicError(error, rule.firstId, document));
            continue;
          }
          for (const node of nodes) {
            if (!isNode(node) || claimedBy[node.order] !== 0) continue;
            claimedBy[node.order] = r + 1;
            nodeAt[node.order] = node;
            orders.push(node.order);
          }
        }
        // Fired in document order (a pattern's findings read top to bottom).
        const sorted = Int32Array.from(orders).sort();
        for (const order of sorted)
          fire(
            pattern.rules[(claimedBy[order] as number) - 1] as Rule,
            nodeAt[order] as XdmNode,
            run,
            findings,
            tally,
          );
      }
      for (const [assertion, count] of tally) {
        if (count <= MAX_FINDINGS_PER_ASSERTION) continue;
        findings.push({
          id: assertion.id,
          flag: assertion.flag,
          kind: assertion.kind,
          message: `${assertion.id} failed ${count} times in this document; the first ${MAX_FINDINGS_PER_ASSERTION} are listed, the other ${count - MAX_FINDINGS_PER_ASSERTION} are not`,
          location: '',
          line: null,
        });
      }
      return findings;
    },
  };
}

function dynamicError(error: unknown, id: string, node: XdmNode): SchematronFinding {
  if (!(error instanceof XPathError)) throw error;
  return {
    id,
    flag: 'fatal',
    kind: 'error',
    message: `the rule could not be evaluated: ${error.message}`,
    location: nodeLocation(node),
    line: nodeLine(node),
  };
}

/**
 * The most findings one assert lists per document: beyond it they are counted and summarised in one
 * more finding of that rule. A 20,000-line invoice in the wrong currency fails a Peppol rule on every
 * line; 40,000 findings of one rule help nobody and cost the answer's size and time.
 */
export const MAX_FINDINGS_PER_ASSERTION = 1000;

function fire(
  rule: Rule,
  node: XdmNode,
  run: Run,
  findings: SchematronFinding[],
  tally: Map<Assertion, number>,
): void {
  // A rule that cannot be compiled (only possible when compiled lazily) is reported, never skipped.
  let body: RuleBody;
  try {
    body = rule.body();
  } catch (error) {
    if (!(error instanceof SchematronCompileError)) throw error;
    findings.push({
      id: rule.firstId,
      flag: 'fatal',
      kind: 'error',
      message: `the rule cannot be compiled: ${error.message}`,
      location: nodeLocation(node),
      line: nodeLine(node),
    });
    return;
  }
  const frame: unknown[] = new Array(body.frameSize);
  const context = new DynamicContext(node, 1, 1, frame, run);
  for (const { slot, value } of body.lets) frame[slot] = new LazySlot(value, context);
  for (const assertion of body.assertions) {
    let holds: boolean;
    try {
      holds = effectiveBoolean(assertion.test(context));
    } catch (error) {
      findings.push(dynamicError(error, assertion.id, node));
      continue;
    }
    if (assertion.kind === 'assert' ? holds : !holds) continue;
    const count = (tally.get(assertion) ?? 0) + 1;
    tally.set(assertion, count);
    if (count > MAX_FINDINGS_PER_ASSERTION) continue; // counted, summarised at the end of the run
    findings.push({
      id: assertion.id,
      flag: assertion.flag,
      kind: assertion.kind,
      message: renderMessage(assertion.message, context),
      location: nodeLocation(node),
      line: nodeLine(node),
    });
  }
}
