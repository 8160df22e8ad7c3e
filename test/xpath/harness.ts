import { type Atomic, atomicToString, typeName, XPathError } from '../../src/xpath/atomic.js';
import { compileXPath } from '../../src/xpath/compile.js';
import { DynamicContext, type Item, Run, Scope } from '../../src/xpath/context.js';
import { parseXdm, type XdmDocument, type XdmNode } from '../../src/xpath/document.js';
import { isNode, itemString } from '../../src/xpath/sequence.js';

/**
 * How the XPath tests run an expression: compiled in a {@link Scope} with the given namespaces, and
 * evaluated with a node (the document node by default) as the focus — what the TSDoc example of
 * `compileXPath` (src/xpath/compile.ts) shows.
 */

/** Namespaces every test expression may use. */
export const NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['a', 'urn:test:a'],
  ['b', 'urn:test:b'],
]);

const EMPTY_DOCUMENT = parseXdm('<empty/>');

/** Evaluates `expression` with `focus` (default: the document node) as the context item. */
export function evaluate(
  expression: string,
  document: XdmDocument = EMPTY_DOCUMENT,
  focus: XdmNode = document,
  namespaces: ReadonlyMap<string, string> = NAMESPACES,
): Item[] {
  const scope = new Scope(namespaces);
  const compiled = compileXPath(expression, scope);
  return compiled(new DynamicContext(focus, 1, 1, new Array(scope.size), new Run(document, [])));
}

/** An atomic value as `type(string)`, a node as its path: something `toEqual` shows readably. */
export function show(item: Item): string {
  if (isNode(item)) return nodePath(item);
  return `${typeName(item as Atomic)}(${atomicToString(item as Atomic)})`;
}

/** `show` of every item of the result. */
export function values(expression: string, document?: XdmDocument, focus?: XdmNode): string[] {
  return evaluate(expression, document, focus).map(show);
}

/** The single item of a result as `type(string)`. */
export function value(expression: string, document?: XdmDocument, focus?: XdmNode): string {
  const result = values(expression, document, focus);
  if (result.length !== 1) throw new Error(`${expression} gave ${result.length} items: ${result.join(', ')}`);
  return result[0] as string;
}

/** The single item's string (`string(…)`), when the type does not matter. */
export function text(expression: string, document?: XdmDocument, focus?: XdmNode): string {
  const result = evaluate(expression, document, focus);
  if (result.length !== 1) throw new Error(`${expression} gave ${result.length} items`);
  return itemString(result[0] as Item);
}

/** The single boolean of a result. */
export function truth(expression: string, document?: XdmDocument, focus?: XdmNode): boolean {
  const result = evaluate(expression, document, focus);
  if (result.length !== 1 || typeof result[0] !== 'boolean')
    throw new Error(`${expression} is not one boolean: ${result.map(show)}`);
  return result[0];
}

/** The W3C error code an expression raises (compiling or evaluating), or null when it raises none. */
export function errorCode(expression: string, document?: XdmDocument, focus?: XdmNode): string | null {
  try {
    evaluate(expression, document, focus);
    return null;
  } catch (error) {
    if (error instanceof XPathError) return error.code;
    throw error;
  }
}

/** The error an expression raises, for tests of its message. */
export function errorOf(expression: string, document?: XdmDocument, focus?: XdmNode): XPathError {
  try {
    evaluate(expression, document, focus);
  } catch (error) {
    if (error instanceof XPathError) return error;
    throw error;
  }
  throw new Error(`${expression} raised no error`);
}

/**
 * A readable, unique path of a node: `/r[1]/x[2]/@id`, `/r[1]/text()[1]`, `/` for the document.
 * Positions count siblings of the same expanded name, so two nodes never share a path.
 */
export function nodePath(node: XdmNode): string {
  switch (node.kind) {
    case 'document':
      return '/';
    case 'attribute':
      return `${nodePath(node.parent)}/@${node.namespace === '' ? '' : `{${node.namespace}}`}${node.local}`;
    case 'text': {
      const siblings = node.parent.children.filter((c) => c.kind === 'text');
      return `${nodePath(node.parent)}/text()[${siblings.indexOf(node) + 1}]`;
    }
    case 'element': {
      const parent = node.parent;
      const siblings = parent.children.filter(
        (c) => c.kind === 'element' && c.local === node.local && c.namespace === node.namespace,
      );
      const prefix = parent.kind === 'document' ? '' : nodePath(parent);
      const ns = node.namespace === '' ? '' : `{${node.namespace}}`;
      return `${prefix}/${ns}${node.local}[${siblings.indexOf(node) + 1}]`;
    }
  }
}
