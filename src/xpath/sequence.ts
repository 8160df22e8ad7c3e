/**
 * Operations on sequences that every part of the evaluator needs (XPath 2.0 §2.4.2 atomization, §2.4.3
 * effective boolean value, §3.2 document order).
 *
 * @module
 */
import { type Atomic, atomicToString, isNumeric, typeName, Untyped, XPathError } from './atomic.js';
import type { Item } from './context.js';
import type { XdmNode } from './document.js';

/**
 * Whether an item is a node (nodes are objects with a `kind`; atomic values are not).
 *
 * @example
 * ```ts
 * isNode(parseXdm('<a/>')); // true
 * isNode('a'); // false
 * ```
 */
export function isNode(item: Item): item is XdmNode {
  return typeof item === 'object' && item !== null && 'kind' in item;
}

/**
 * The typed value of an item: a node's string value as xs:untypedAtomic (XDM §3.3.1.2).
 *
 * @example
 * ```ts
 * atomizeItem(parseXdm('<a>1</a>').root as XdmElement); // Untyped('1')
 * ```
 */
export function atomizeItem(item: Item): Atomic {
  return isNode(item)
    ? new Untyped(item.kind === 'document' ? (item.root?.stringValue ?? '') : item.stringValue)
    : item;
}

/**
 * Atomizes a sequence (XPath 2.0 §2.4.2).
 *
 * @example
 * ```ts
 * atomize([1n, parseXdm('<a>x</a>')]); // [1n, Untyped('x')]
 * ```
 */
export function atomize(sequence: readonly Item[]): Atomic[] {
  const result: Atomic[] = new Array(sequence.length);
  for (let i = 0; i < sequence.length; i += 1) result[i] = atomizeItem(sequence[i] as Item);
  return result;
}

/**
 * The string value of an item (`fn:string`).
 *
 * @example
 * ```ts
 * itemString(new XsDecimal('2.50')); // '2.5'
 * ```
 */
export function itemString(item: Item): string {
  if (isNode(item)) return item.kind === 'document' ? (item.root?.stringValue ?? '') : item.stringValue;
  return atomicToString(item);
}

/**
 * Atomizes a sequence expected to hold at most one value (XPTY0004 beyond).
 *
 * @example
 * ```ts
 * atomizeOptional([], 'xs:decimal()'); // undefined
 * atomizeOptional([1n, 2n], 'x'); // throws XPTY0004
 * ```
 */
export function atomizeOptional(sequence: readonly Item[], what: string): Atomic | undefined {
  if (sequence.length === 0) return undefined;
  if (sequence.length > 1)
    throw new XPathError('XPTY0004', `${what} expects at most one item, got ${sequence.length}`);
  return atomizeItem(sequence[0] as Item);
}

/**
 * The effective boolean value (XPath 2.0 §2.4.3).
 *
 * @example
 * ```ts
 * effectiveBoolean([]); // false
 * effectiveBoolean(['']); // false
 * effectiveBoolean([0n, 1n]); // throws FORG0006
 * ```
 */
export function effectiveBoolean(sequence: readonly Item[]): boolean {
  if (sequence.length === 0) return false;
  const first = sequence[0] as Item;
  if (isNode(first)) return true;
  if (sequence.length > 1)
    throw new XPathError(
      'FORG0006',
      'the effective boolean value of a sequence of several atomic values is undefined',
    );
  if (typeof first === 'boolean') return first;
  if (typeof first === 'string') return first.length > 0;
  if (first instanceof Untyped) return first.value.length > 0;
  if (typeof first === 'number') return !(first === 0 || Number.isNaN(first));
  if (typeof first === 'bigint') return first !== 0n;
  if (isNumeric(first)) return !first.isZero();
  throw new XPathError('FORG0006', `no effective boolean value for ${typeName(first)}`);
}

/**
 * Sorts nodes into document order and removes duplicates (XPath 2.0 §3.2: path and union results).
 *
 * @example
 * ```ts
 * documentOrder([b, a, b]); // [a, b] when a precedes b in the document
 * ```
 */
export function documentOrder(nodes: XdmNode[]): XdmNode[] {
  if (nodes.length < 2) return nodes;
  let sorted = true;
  for (let i = 1; i < nodes.length; i += 1) {
    if ((nodes[i - 1] as XdmNode).order >= (nodes[i] as XdmNode).order) {
      sorted = false;
      break;
    }
  }
  if (sorted) return nodes;
  nodes.sort((a, b) => a.order - b.order);
  const unique: XdmNode[] = [nodes[0] as XdmNode];
  for (let i = 1; i < nodes.length; i += 1) {
    const node = nodes[i] as XdmNode;
    if (node !== unique[unique.length - 1]) unique.push(node);
  }
  return unique;
}
