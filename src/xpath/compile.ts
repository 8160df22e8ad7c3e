/**
 * Compiles an XPath 2.0 expression tree into a JavaScript closure, once, ahead of every evaluation:
 * names are resolved to namespace URIs, variables to frame slots, functions to their implementations,
 * and the shapes the rule sets use most get their own fast code — `//cbc:X` is a lookup in the
 * document's name index, a literal predicate `[1]` an index. Interpreting the tree on every call, as
 * general-purpose JavaScript XPath engines do, is what made them 5–100× slower than Saxon on these
 * rule sets (shared/en16931/ENGINES.md); compiling to closures is what lets V8 inline the hot paths.
 *
 * @module
 */
import {
  type Atomic,
  arithmetic,
  CAST_TARGETS,
  type CastTarget,
  castAtomic,
  castable,
  compareAtomic,
  generalCompareAtomic,
  negate,
  stringToInteger,
  Untyped,
  XPathError,
  XsDate,
  XsDecimal,
} from './atomic.js';
import {
  type DynamicContext,
  type Evaluator,
  FN_NAMESPACE,
  type Item,
  LazySlot,
  type StaticContext,
  XS_NAMESPACE,
} from './context.js';
import { elementNameId, expandedName, type XdmDocument, type XdmElement, type XdmNode } from './document.js';
import { builtinFunction } from './functions.js';
import { type Axis, type NodeTest, parseXPath, type XPathAst } from './parse.js';
import {
  atomize,
  atomizeItem,
  atomizeOptional,
  documentOrder,
  effectiveBoolean,
  isNode,
  itemString,
} from './sequence.js';

const EMPTY: Item[] = [];
/** Shared results of boolean expressions (never mutated: every consumer copies before it changes a sequence). */
const TRUE: Item[] = [true];
const FALSE: Item[] = [false];
const bool = (value: boolean): Item[] => (value ? TRUE : FALSE);

/** A node test compiled to a predicate over nodes. */
type NodeMatcher = (node: XdmNode) => boolean;

function resolvePrefix(context: StaticContext, prefix: string): string {
  if (prefix === 'xs') return context.namespaces.get('xs') ?? XS_NAMESPACE;
  if (prefix === 'fn') return FN_NAMESPACE;
  const uri = context.namespaces.get(prefix);
  if (uri === undefined) throw new XPathError('XPST0081', `undeclared namespace prefix "${prefix}"`);
  return uri;
}

function compileNodeTest(test: NodeTest, axis: Axis, context: StaticContext): NodeMatcher {
  const principal = axis === 'attribute' ? 'attribute' : 'element';
  switch (test.type) {
    case 'name': {
      // An unprefixed name has no namespace: schematron sets no default element namespace (XPath 2.0 §2.1.1).
      const namespace = test.prefix === null ? '' : resolvePrefix(context, test.prefix);
      const local = test.local;
      if (principal === 'element') {
        const id = elementNameId(expandedName(namespace, local));
        return (node) =>
          node.kind === 'element' &&
          (node.nameId === id || (node.nameId < 0 && node.local === local && node.namespace === namespace));
      }
      return (node) => node.kind === 'attribute' && node.local === local && node.namespace === namespace;
    }
    case 'wildcard': {
      if (test.prefix !== null) {
        const namespace = resolvePrefix(context, test.prefix);
        return (node) => node.kind === principal && (node as XdmElement).namespace === namespace;
      }
      if (test.local !== null) {
        const local = test.local;
        return (node) => node.kind === principal && (node as XdmElement).local === local;
      }
      return (node) => node.kind === principal;
    }
    case 'kind':
      switch (test.kind) {
        case 'node':
          return () => true;
        case 'text':
          return (node) => node.kind === 'text';
        case 'element':
          return (node) => node.kind === 'element';
        case 'attribute':
          return (node) => node.kind === 'attribute';
        case 'document-node':
          return (node) => node.kind === 'document';
        case 'comment':
          return () => false; // comments are not kept (src/xpath/document.ts)
      }
  }
}

function pushDescendants(node: XdmNode, matches: NodeMatcher, out: XdmNode[]): void {
  if (node.kind !== 'element' && node.kind !== 'document') return;
  for (const child of node.children) {
    if (matches(child)) out.push(child);
    if (child.kind === 'element') pushDescendants(child, matches, out);
  }
}

/**
 * The nodes on an axis from a node, in axis order (reverse axes nearest first), filtered by the test.
 * `indexable` gives, for an element-only test, the document's elements it can match (from the name
 * index), which the `following` and `preceding` axes scan instead of the whole tree.
 */
function axisNodes(
  node: XdmNode,
  axis: Axis,
  matches: NodeMatcher,
  indexable?: (document: XdmDocument) => readonly XdmElement[],
): XdmNode[] {
  const out: XdmNode[] = [];
  switch (axis) {
    case 'child':
      if (node.kind === 'element' || node.kind === 'document')
        for (const child of node.children) if (matches(child)) out.push(child);
      return out;
    case 'attribute':
      if (node.kind === 'element')
        for (const attribute of node.attributes) if (matches(attribute)) out.push(attribute);
      return out;
    case 'self':
      if (matches(node)) out.push(node);
      return out;
    case 'parent':
      if (node.parent !== null && matches(node.parent)) out.push(node.parent);
      return out;
    case 'descendant':
      pushDescendants(node, matches, out);
      return out;
    case 'descendant-or-self':
      if (matches(node)) out.push(node);
      pushDescendants(node, matches, out);
      return out;
    case 'ancestor':
    case 'ancestor-or-self': {
      let current: XdmNode | null = axis === 'ancestor' ? node.parent : node;
      while (current !== null) {
        if (matches(current)) out.push(current);
        current = current.parent;
      }
      return out;
    }
    case 'following-sibling':
    case 'preceding-sibling': {
      if (node.kind === 'attribute' || node.parent === null) return out;
      const siblings = node.parent.children as XdmNode[];
      const index = siblings.indexOf(node);
      if (axis === 'following-sibling') {
        for (let i = index + 1; i < siblings.length; i += 1)
          if (matches(siblings[i] as XdmNode)) out.push(siblings[i] as XdmNode);
      } else {
        for (let i = index - 1; i >= 0; i -= 1)
          if (matches(siblings[i] as XdmNode)) out.push(siblings[i] as XdmNode);
      }
      return out;
    }
    case 'following':
    case 'preceding': {
      // The document node has nothing before or after it (XPath 2.0 §3.2.1.1).
      if (node.kind === 'document') return out;
      const document = rootOf(node);
      if (document.kind === 'document' && indexable !== undefined) {
        // Elements entirely after the node (following) or entirely before it (preceding, ancestors excluded).
        const end = node.kind === 'element' ? node.end : node.order;
        const all = indexable(document);
        if (axis === 'following') {
          for (const candidate of all) if (candidate.order > end && matches(candidate)) out.push(candidate);
          return out;
        }
        for (let i = all.length - 1; i >= 0; i -= 1) {
          const candidate = all[i] as XdmElement;
          if (candidate.end < node.order && matches(candidate)) out.push(candidate);
        }
        return out;
      }
      const end = node.kind === 'element' ? node.end : node.order;
      const ancestors = new Set<XdmNode>();
      for (let a: XdmNode | null = node.parent; a !== null; a = a.parent) ancestors.add(a);
      const all: XdmNode[] = [];
      pushDescendants(document, matches, all);
      if (axis === 'following') return all.filter((n) => n.order > end);
      return all.filter((n) => n.order < node.order && !ancestors.has(n)).reverse();
    }
  }
}

function rootOf(node: XdmNode): XdmDocument | XdmElement {
  let current: XdmNode = node;
  while (current.parent !== null) current = current.parent;
  return current as XdmDocument | XdmElement;
}

const REVERSE_AXES: ReadonlySet<Axis> = new Set([
  'parent',
  'ancestor',
  'ancestor-or-self',
  'preceding-sibling',
  'preceding',
]);

/** Whether a predicate can never be numeric nor read the focus position: then it filters item by item. */
function isBooleanPredicate(ast: XPathAst): boolean {
  if (usesPosition(ast)) return false;
  switch (ast.type) {
    case 'general':
    case 'value':
    case 'and':
    case 'or':
    case 'quantified':
    case 'castable':
    case 'instance':
      return true;
    case 'call':
      return /^(?:fn:)?(?:not|exists|empty|boolean|true|false|contains|starts-with|ends-with|matches)$/.test(
        ast.name,
      );
    case 'step':
      return true;
    case 'path':
      return isBooleanPredicate(ast.right) || ast.right.type === 'step';
    default:
      return false;
  }
}

function usesPosition(ast: XPathAst): boolean {
  if (ast.type === 'call' && /^(?:fn:)?(?:position|last)$/.test(ast.name)) return true;
  for (const value of Object.values(ast)) {
    if (Array.isArray(value)) {
      for (const element of value)
        if (
          element !== null &&
          typeof element === 'object' &&
          'type' in element &&
          usesPosition(element as XPathAst)
        )
          return true;
        else if (
          element !== null &&
          typeof element === 'object' &&
          'in' in element &&
          usesPosition((element as { in: XPathAst }).in)
        )
          return true;
    } else if (
      value !== null &&
      typeof value === 'object' &&
      'type' in value &&
      usesPosition(value as XPathAst)
    )
      return true;
  }
  return false;
}

/** Applies predicates to a sequence in order (XPath 2.0 §3.2.2): numeric ones by position, others by EBV. */
function applyPredicates(items: Item[], predicates: readonly Evaluator[], context: DynamicContext): Item[] {
  let current = items;
  for (const predicate of predicates) {
    const size = current.length;
    if (size === 0) return current;
    const kept: Item[] = [];
    const loop = context.focus(current[0] as Item, 1, size);
    for (let i = 0; i < size; i += 1) {
      const item = current[i] as Item;
      const result = predicate(loop.moveTo(item, i + 1, size));
      if (result.length === 1) {
        const only = result[0] as Item;
        if (typeof only === 'number' || typeof only === 'bigint' || only instanceof XsDecimal) {
          if (compareAtomic(only, BigInt(i + 1), 'eq')) kept.push(item);
          continue;
        }
      }
      if (effectiveBoolean(result)) kept.push(item);
    }
    current = kept;
  }
  return current;
}

/** A compiled literal predicate `[n]`: its position, or null when the predicate is anything else. */
function literalPosition(ast: XPathAst): number | null {
  if (ast.type === 'integer') {
    const value = Number.parseInt(ast.value, 10);
    return value >= 1 ? value : 0;
  }
  return null;
}

/** `child::name` with at most a literal position: the parent's name lookup, the hottest step of all. */
function compileChildByName(
  test: Extract<NodeTest, { type: 'name' }>,
  only: number | null,
  context: StaticContext,
): Evaluator {
  const namespace = test.prefix === null ? '' : resolvePrefix(context, test.prefix);
  const local = test.local;
  const key = expandedName(namespace, local);
  const id = elementNameId(key);
  return (dynamic) => {
    const node = dynamic.item;
    if (node === undefined || !isNode(node))
      throw new XPathError('XPTY0020', 'an axis step needs a node as the context item');
    if (node.kind !== 'element' && node.kind !== 'document') return EMPTY;
    const found = node.named(key, id, namespace, local);
    if (only === null) return found as Item[];
    return only >= 1 && only <= found.length ? [found[only - 1] as Item] : EMPTY;
  };
}

function compileStep(ast: Extract<XPathAst, { type: 'step' }>, context: StaticContext): Evaluator {
  const onlyPosition = ast.predicates.length === 1 ? literalPosition(ast.predicates[0] as XPathAst) : null;
  if (
    ast.axis === 'child' &&
    ast.test.type === 'name' &&
    (ast.predicates.length === 0 || onlyPosition !== null)
  )
    return compileChildByName(ast.test, onlyPosition, context);
  const matches = compileNodeTest(ast.test, ast.axis, context);
  const axis = ast.axis;
  const reverse = REVERSE_AXES.has(axis);
  const predicates = ast.predicates.map((p) => compileAst(p, context));
  const only = ast.predicates.length === 1 ? literalPosition(ast.predicates[0] as XPathAst) : null;
  let indexable: ((document: XdmDocument) => readonly XdmElement[]) | undefined;
  if ((axis === 'following' || axis === 'preceding') && ast.test.type === 'name') {
    const key = expandedName(
      ast.test.prefix === null ? '' : resolvePrefix(context, ast.test.prefix),
      ast.test.local,
    );
    indexable = (document) => document.byName.get(key) ?? [];
  } else if (
    (axis === 'following' || axis === 'preceding') &&
    (ast.test.type === 'wildcard' || (ast.test.type === 'kind' && ast.test.kind === 'element'))
  )
    indexable = (document) => document.elements;
  return (dynamic) => {
    const node = dynamic.item;
    if (node === undefined || !isNode(node))
      throw new XPathError('XPTY0020', 'an axis step needs a node as the context item');
    let result: Item[] = axisNodes(node, axis, matches, indexable);
    if (only !== null) result = only >= 1 && only <= result.length ? [result[only - 1] as Item] : EMPTY;
    else if (predicates.length > 0) result = applyPredicates(result, predicates, dynamic);
    if (reverse && result.length > 1) result = result.slice().reverse();
    return result;
  };
}

/** The candidates of an indexed descendant step, in document order, over the whole document. */
type Candidates = (document: XdmDocument) => readonly XdmNode[];

/**
 * The document-wide candidates of `//step` when the step can come from an index: a child step by
 * name (the name index), a child step `*` or `p:*` (every element), an attribute step by name or `*`
 * (the attribute index, built on first use). Null for any other step.
 */
function indexedCandidates(
  step: Extract<XPathAst, { type: 'step' }>,
  context: StaticContext,
): Candidates | null {
  const test = step.test;
  if (step.axis === 'child') {
    if (test.type === 'name') {
      const key = expandedName(test.prefix === null ? '' : resolvePrefix(context, test.prefix), test.local);
      return (document) => document.byName.get(key) ?? EMPTY_NODES;
    }
    if (test.type === 'wildcard' && test.local === null) {
      if (test.prefix === null) return (document) => document.elements;
      const namespace = resolvePrefix(context, test.prefix);
      return (document) => document.elementsIn(namespace);
    }
    return null;
  }
  if (step.axis === 'attribute') {
    if (test.type === 'name') {
      const key = expandedName(test.prefix === null ? '' : resolvePrefix(context, test.prefix), test.local);
      return (document) => document.attributesNamed(key);
    }
    if (test.type === 'wildcard' && test.prefix === null && test.local === null)
      return (document) => document.attributesNamed(null);
    return null;
  }
  return null;
}

const EMPTY_NODES: readonly XdmNode[] = [];

/** The entries of a document-ordered list that lie inside an element (order in (element.order, element.end]). */
function within(all: readonly XdmNode[], origin: XdmElement): XdmNode[] {
  let low = 0;
  let high = all.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((all[middle] as XdmNode).order <= origin.order) low = middle + 1;
    else high = middle;
  }
  const found: XdmNode[] = [];
  for (let i = low; i < all.length && (all[i] as XdmNode).order <= origin.end; i += 1)
    found.push(all[i] as XdmNode);
  return found;
}

/**
 * `E//step[p]` where the step has an index and `p` is boolean: the step's nodes inside the context
 * node straight from the document's indexes (an element's descendants, and its own and its
 * descendants' attributes, are the entries whose order falls within its range), instead of a walk
 * of every node below it.
 */
function compileIndexedDescendants(
  left: Evaluator | null,
  candidates: Candidates,
  predicates: readonly XPathAst[],
  context: StaticContext,
  general: Evaluator,
): Evaluator {
  const compiled = predicates.map((p) => compileAst(p, context));
  const provablyBoolean = predicates.every(isBooleanPredicate);
  const select = (origin: XdmNode, dynamic: DynamicContext): Item[] | null => {
    const all = candidates(dynamic.run.document);
    let found: XdmNode[];
    if (origin.kind === 'document') found = all as XdmNode[];
    else if (origin.kind === 'element') found = within(all, origin);
    else found = [];
    if (compiled.length === 0 || found.length === 0) return found;
    let current: Item[] = found;
    const loop = dynamic.focus(found[0] as Item, 1, 1);
    for (const predicate of compiled) {
      const kept: Item[] = [];
      for (const item of current) {
        const result = predicate(loop.moveTo(item, 1, 1));
        // A predicate that turns out numeric (`[$n]`) is positional: only the general path knows positions.
        if (!provablyBoolean && result.length === 1 && isNumericItem(result[0] as Item)) return null;
        if (effectiveBoolean(result)) kept.push(item);
      }
      current = kept;
    }
    return current;
  };
  if (left === null) return (dynamic) => select(dynamic.run.document, dynamic) ?? general(dynamic);
  return (dynamic) => {
    const origins = left(dynamic);
    if (origins.length === 1) {
      const origin = origins[0] as Item;
      if (!isNode(origin)) throw new XPathError('XPTY0019', 'the left side of "/" must give nodes');
      return select(origin, dynamic) ?? general(dynamic);
    }
    const out: XdmNode[] = [];
    for (const origin of origins) {
      if (!isNode(origin)) throw new XPathError('XPTY0019', 'the left side of "/" must give nodes');
      const selected = select(origin, dynamic);
      if (selected === null) return general(dynamic);
      for (const node of selected) out.push(node as XdmNode);
    }
    return documentOrder(out);
  };
}

function isNumericItem(item: Item): boolean {
  return typeof item === 'number' || typeof item === 'bigint' || item instanceof XsDecimal;
}

function isDescendantOrSelfNode(ast: XPathAst): boolean {
  return (
    ast.type === 'step' &&
    ast.axis === 'descendant-or-self' &&
    ast.test.type === 'kind' &&
    ast.test.kind === 'node' &&
    ast.predicates.length === 0
  );
}

/** `E/(A | B)` as `E/A | E/B`: equal for nodes (both sort and deduplicate), and each side can use an index. */
function distributeUnion(ast: Extract<XPathAst, { type: 'path' }>): XPathAst | null {
  let right = ast.right;
  if (right.type === 'sequence' && right.items.length === 1) right = right.items[0] as XPathAst;
  if (right.type !== 'union') return null;
  return {
    type: 'union',
    left: { type: 'path', left: ast.left, right: right.left },
    right: { type: 'path', left: ast.left, right: right.right },
  };
}

function compilePath(ast: Extract<XPathAst, { type: 'path' }>, context: StaticContext): Evaluator {
  const distributed = distributeUnion(ast);
  if (distributed !== null) return compileAst(distributed, context);
  // E//name[boolean predicates]: the name index (see compileIndexedDescendants).
  const right = ast.right;
  const left = compileAst(ast.left, context);
  const step = compileAst(right, context);
  if (
    ast.left.type === 'path' &&
    isDescendantOrSelfNode(ast.left.right) &&
    right.type === 'step' &&
    !right.predicates.some(usesPosition)
  ) {
    const candidates = indexedCandidates(right, context);
    if (candidates !== null) {
      const origin = ast.left.left.type === 'root' ? null : compileAst(ast.left.left, context);
      return compileIndexedDescendants(
        origin,
        candidates,
        right.predicates,
        context,
        generalPath(left, step),
      );
    }
  }
  return generalPath(left, step, right.type === 'step');
}

/** The result of E2 for one node of E1 (XPath 2.0 §3.2): nodes in document order without duplicates, or atomic values. */
function combine(items: Item[]): Item[] {
  let nodes = 0;
  for (const item of items) if (isNode(item)) nodes += 1;
  if (nodes === 0) return items;
  if (nodes !== items.length) throw new XPathError('XPTY0018', 'a path gives both nodes and atomic values');
  return documentOrder(items.slice() as XdmNode[]);
}

/** `E1/E2` in general (XPath 2.0 §3.2.1): E2 from each node of E1; nodes sorted, atomic values concatenated. */
function generalPath(left: Evaluator, step: Evaluator, stepIsAxis = false): Evaluator {
  return (dynamic) => {
    const origins = left(dynamic);
    const size = origins.length;
    if (size === 0) return EMPTY;
    const loop = dynamic.focus(origins[0] as Item, 1, size);
    if (size === 1) {
      const origin = origins[0] as Item;
      if (!isNode(origin)) throw new XPathError('XPTY0019', 'the left side of "/" must give nodes');
      // An axis step already gives distinct nodes in document order; anything else is sorted and checked.
      return stepIsAxis ? step(loop) : combine(step(loop));
    }
    const out: Item[] = [];
    let nodes = 0;
    for (let i = 0; i < size; i += 1) {
      const origin = origins[i] as Item;
      if (!isNode(origin)) throw new XPathError('XPTY0019', 'the left side of "/" must give nodes');
      for (const item of step(loop.moveTo(origin, i + 1, size))) {
        if (isNode(item)) nodes += 1;
        out.push(item);
      }
    }
    if (nodes === 0) return out;
    if (nodes !== out.length) throw new XPathError('XPTY0018', 'a path gives both nodes and atomic values');
    return documentOrder(out as XdmNode[]);
  };
}

function compileGeneral(ast: Extract<XPathAst, { type: 'general' }>, context: StaticContext): Evaluator {
  const left = compileAst(ast.left, context);
  const right = compileAst(ast.right, context);
  const operator = ast.operator;
  return (dynamic) => {
    const a = left(dynamic);
    if (a.length === 0) return FALSE;
    const b = right(dynamic);
    if (b.length === 0) return FALSE;
    if (a.length === 1 && b.length === 1) {
      const x = a[0] as Item;
      const y = b[0] as Item;
      // The commonest test of all, `cbc:ID = 'VAT'`: a node's string against a string, no atomizing.
      if (operator === 'eq' || operator === 'ne') {
        if (typeof y === 'string' && isNode(x))
          return bool(
            (x.kind === 'document' ? itemString(x) : x.stringValue) === y
              ? operator === 'eq'
              : operator === 'ne',
          );
        if (typeof x === 'string' && isNode(y))
          return bool(
            (y.kind === 'document' ? itemString(y) : y.stringValue) === x
              ? operator === 'eq'
              : operator === 'ne',
          );
        if (typeof x === 'string' && typeof y === 'string') return bool((x === y) === (operator === 'eq'));
      }
      return bool(generalCompareAtomic(atomizeItem(x), atomizeItem(y), operator));
    }
    const x = atomize(a);
    const y = atomize(b);
    for (const p of x) for (const q of y) if (generalCompareAtomic(p, q, operator)) return TRUE;
    return FALSE;
  };
}

function compileValueComparison(
  ast: Extract<XPathAst, { type: 'value' }>,
  context: StaticContext,
): Evaluator {
  const left = compileAst(ast.left, context);
  const right = compileAst(ast.right, context);
  const operator = ast.operator;
  const operand = (value: Atomic | undefined): Atomic | undefined =>
    value instanceof Untyped ? value.value : value;
  return (dynamic) => {
    const a = operand(atomizeOptional(left(dynamic), ast.operator));
    if (a === undefined) return EMPTY;
    const b = operand(atomizeOptional(right(dynamic), ast.operator));
    if (b === undefined) return EMPTY;
    return [compareAtomic(a, b, operator)];
  };
}

function castTarget(name: string, context: StaticContext): CastTarget {
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  const local = colon < 0 ? name : name.slice(colon + 1);
  if (colon < 0 || resolvePrefix(context, prefix) !== XS_NAMESPACE || !CAST_TARGETS.has(local))
    throw new XPathError('XPST0051', `unsupported type ${name}`);
  return `xs:${local}` as CastTarget;
}

function instanceOfAtomic(value: Item, target: CastTarget): boolean {
  switch (target) {
    case 'xs:string':
      return typeof value === 'string';
    case 'xs:boolean':
      return typeof value === 'boolean';
    case 'xs:integer':
      return typeof value === 'bigint';
    case 'xs:decimal':
      return typeof value === 'bigint' || value instanceof XsDecimal;
    case 'xs:double':
    case 'xs:float':
      return typeof value === 'number';
    case 'xs:date':
      return value instanceof XsDate;
    case 'xs:untypedAtomic':
      return value instanceof Untyped;
  }
}

function compileBindings(
  bindings: readonly { name: string; in: XPathAst }[],
  context: StaticContext,
  body: () => Evaluator,
): { slots: number[]; sources: Evaluator[]; body: Evaluator } {
  const slots: number[] = [];
  const sources: Evaluator[] = [];
  const undo: (() => void)[] = [];
  for (const binding of bindings) {
    sources.push(compileAst(binding.in, context));
    const slot = context.allocate();
    slots.push(slot);
    undo.push(context.bind(binding.name, slot));
  }
  const compiled = body();
  for (const release of undo.reverse()) release();
  return { slots, sources, body: compiled };
}

function readVariable(binding: ReturnType<StaticContext['variable']>, name: string): Evaluator {
  if (binding === undefined) throw new XPathError('XPST0008', `undeclared variable $${name}`);
  if (binding.kind === 'global') {
    const index = binding.index;
    return (dynamic) => dynamic.run.global(index);
  }
  const slot = binding.slot;
  return (dynamic) => {
    const value = dynamic.frame[slot];
    if (value instanceof LazySlot) {
      const computed = value.evaluate(value.context);
      dynamic.frame[slot] = computed;
      return computed;
    }
    if (value === undefined) throw new XPathError('XPDY0002', `variable $${name} has no value`);
    return value as Item[];
  };
}

/** Whether an expression starts at the root: its value is the same from any node of the document. */
function isAbsolutePath(ast: XPathAst): boolean {
  switch (ast.type) {
    case 'path':
      return isAbsolutePath(ast.left);
    case 'filter':
      return isAbsolutePath(ast.base);
    case 'union':
    case 'except':
    case 'intersect':
      return isAbsolutePath(ast.left) && isAbsolutePath(ast.right);
    case 'root':
      return true;
    default:
      return false;
  }
}

/** Whether an expression reads a variable that is not global (whose value may change between evaluations). */
function readsLocals(ast: XPathAst, context: StaticContext): boolean {
  if (ast.type === 'var') return context.variable(ast.name)?.kind !== 'global';
  for (const value of Object.values(ast)) {
    if (Array.isArray(value)) {
      for (const element of value) {
        if (element === null || typeof element !== 'object') continue;
        if ('type' in element && readsLocals(element as XPathAst, context)) return true;
        if ('in' in element && readsLocals((element as { in: XPathAst }).in, context)) return true;
      }
    } else if (
      value !== null &&
      typeof value === 'object' &&
      'type' in value &&
      readsLocals(value as XPathAst, context)
    )
      return true;
  }
  return false;
}

/**
 * Memo ids by expression: the same absolute path in two rules of one rule set (the nine VAT-category
 * rules of EN 16931 all start `//cac:InvoiceLine/cac:Item/cac:ClassifiedTaxCategory`) shares one memo
 * slot, so it is evaluated once per document for all of them. The key holds the namespace bindings,
 * so equal text under other prefixes never shares; the memo itself lives on the run of one rule set,
 * so same-named globals of two rule sets never meet.
 */
const memoIds = new Map<string, number>();
const namespaceSignatures = new WeakMap<ReadonlyMap<string, string>, string>();

function memoKey(ast: XPathAst, context: StaticContext): string {
  let signature = namespaceSignatures.get(context.namespaces);
  if (signature === undefined) {
    signature = JSON.stringify([...context.namespaces].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    namespaceSignatures.set(context.namespaces, signature);
  }
  return `${signature}${JSON.stringify(ast)}`;
}

/**
 * Compiles a parsed expression in a static context. An absolute path that reads no local variable
 * (`/rsm:CrossIndustryInvoice/…/ram:BilledQuantity/@unitCode` inside a rule fired for every quantity)
 * has one value per document, so it is evaluated once per document and remembered — what Saxon gets
 * from lazy evaluation and loop lifting, without which such a rule is quadratic in the lines.
 *
 * @example
 * ```ts
 * const evaluate = compileAst(parseXPath('count(//b)'), new Scope(new Map()));
 * ```
 */
export function compileAst(ast: XPathAst, context: StaticContext): Evaluator {
  const compiled = compileNode(ast, context);
  if (ast.type === 'root' || !isAbsolutePath(ast) || readsLocals(ast, context)) return compiled;
  const key = memoKey(ast, context);
  let id = memoIds.get(key);
  if (id === undefined) {
    id = memoIds.size + 1;
    memoIds.set(key, id);
  }
  const slot = id;
  return (dynamic) => {
    const memo = dynamic.run.memo;
    const known = memo[slot];
    if (known !== undefined) return known;
    const value = compiled(dynamic);
    memo[slot] = value;
    return value;
  };
}

function compileNode(ast: XPathAst, context: StaticContext): Evaluator {
  switch (ast.type) {
    case 'string': {
      const value = [ast.value];
      return () => value;
    }
    case 'integer': {
      const value = [stringToInteger(ast.value)];
      return () => value;
    }
    case 'decimal': {
      const value = [new XsDecimal(ast.value.endsWith('.') ? ast.value.slice(0, -1) : ast.value)];
      return () => value;
    }
    case 'double': {
      const value = [Number.parseFloat(ast.value)]; // money-safe: an xs:double literal (`1e0`) is an IEEE double by definition (XPath 2.0 §3.1.1)
      return () => value;
    }
    case 'var':
      return readVariable(context.variable(ast.name), ast.name);
    case 'context':
      return (dynamic) => {
        if (dynamic.item === undefined) throw new XPathError('XPDY0002', 'no context item');
        return [dynamic.item];
      };
    case 'root':
      return (dynamic) => {
        const item = dynamic.item;
        if (item === undefined || !isNode(item))
          throw new XPathError('XPDY0050', '"/" needs a node as the context item');
        return [rootOf(item)];
      };
    case 'sequence': {
      const items = ast.items.map((item) => compileAst(item, context));
      if (items.length === 0) return () => EMPTY;
      if (items.length === 1) return items[0] as Evaluator;
      return (dynamic) => {
        const out: Item[] = [];
        for (const item of items) for (const value of item(dynamic)) out.push(value);
        return out;
      };
    }
    case 'call': {
      const colon = ast.name.indexOf(':');
      const prefix = colon < 0 ? null : ast.name.slice(0, colon);
      const local = colon < 0 ? ast.name : ast.name.slice(colon + 1);
      const namespace = prefix === null ? FN_NAMESPACE : resolvePrefix(context, prefix);
      const args = ast.args.map((arg) => compileAst(arg, context));
      if (namespace === XS_NAMESPACE) {
        const target = castTarget(`xs:${local}`, context);
        if (args.length !== 1) throw new XPathError('XPST0017', `xs:${local} takes one argument`);
        const arg = args[0] as Evaluator;
        return (dynamic) => {
          const value = atomizeOptional(arg(dynamic), `xs:${local}()`);
          return value === undefined ? EMPTY : [castAtomic(value, target)];
        };
      }
      if (namespace === FN_NAMESPACE) {
        const builtin = builtinFunction(local, args);
        if (builtin === undefined)
          throw new XPathError('XPST0017', `unknown function ${ast.name}#${args.length}`);
        return builtin;
      }
      const user = context.userFunction(namespace, local, args.length);
      if (user === undefined) throw new XPathError('XPST0017', `unknown function ${ast.name}#${args.length}`);
      return (dynamic) =>
        user.invoke(
          dynamic.run,
          args.map((arg) => arg(dynamic)),
        );
    }
    case 'step':
      return compileStep(ast, context);
    case 'filter': {
      const base = compileAst(ast.base, context);
      const predicates = ast.predicates.map((p) => compileAst(p, context));
      const only = ast.predicates.length === 1 ? literalPosition(ast.predicates[0] as XPathAst) : null;
      if (only !== null)
        return (dynamic) => {
          const items = base(dynamic);
          return only >= 1 && only <= items.length ? [items[only - 1] as Item] : EMPTY;
        };
      return (dynamic) => applyPredicates(base(dynamic), predicates, dynamic);
    }
    case 'path':
      return compilePath(ast, context);
    case 'and': {
      const left = compileAst(ast.left, context);
      const right = compileAst(ast.right, context);
      return (dynamic) => bool(effectiveBoolean(left(dynamic)) && effectiveBoolean(right(dynamic)));
    }
    case 'or': {
      const left = compileAst(ast.left, context);
      const right = compileAst(ast.right, context);
      return (dynamic) => bool(effectiveBoolean(left(dynamic)) || effectiveBoolean(right(dynamic)));
    }
    case 'general':
      return compileGeneral(ast, context);
    case 'value':
      return compileValueComparison(ast, context);
    case 'arith': {
      const left = compileAst(ast.left, context);
      const right = compileAst(ast.right, context);
      const operator = ast.operator;
      return (dynamic) => {
        const a = atomizeOptional(left(dynamic), operator);
        if (a === undefined) return EMPTY;
        const b = atomizeOptional(right(dynamic), operator);
        if (b === undefined) return EMPTY;
        return [arithmetic(a, b, operator)];
      };
    }
    case 'negate': {
      const operand = compileAst(ast.operand, context);
      return (dynamic) => {
        const value = atomizeOptional(operand(dynamic), 'unary minus');
        return value === undefined ? EMPTY : [negate(value)];
      };
    }
    case 'range': {
      const left = compileAst(ast.left, context);
      const right = compileAst(ast.right, context);
      const bound = (items: Item[]): bigint | undefined => {
        const value = atomizeOptional(items, 'to');
        if (value === undefined) return undefined;
        // An untyped value is cast; any other type but xs:integer is a type error (XPath 2.0 §3.3.1).
        if (!(typeof value === 'bigint' || value instanceof Untyped))
          throw new XPathError('XPTY0004', '"to" needs integers');
        return castAtomic(value, 'xs:integer') as bigint;
      };
      return (dynamic) => {
        const from = bound(left(dynamic));
        const to = bound(right(dynamic));
        if (from === undefined || to === undefined || from > to) return EMPTY;
        const out: Item[] = [];
        for (let i = from; i <= to; i += 1n) out.push(i);
        return out;
      };
    }
    case 'union':
    case 'intersect':
    case 'except': {
      const left = compileAst(ast.left, context);
      const right = compileAst(ast.right, context);
      const type = ast.type;
      return (dynamic) => {
        const a = left(dynamic);
        const b = right(dynamic);
        for (const item of a) if (!isNode(item)) throw new XPathError('XPTY0004', `${type} needs nodes`);
        for (const item of b) if (!isNode(item)) throw new XPathError('XPTY0004', `${type} needs nodes`);
        if (type === 'union') return documentOrder([...(a as XdmNode[]), ...(b as XdmNode[])]);
        const other = new Set(b);
        const kept = (a as XdmNode[]).filter((node) => other.has(node) === (type === 'intersect'));
        return documentOrder(kept);
      };
    }
    case 'if': {
      const condition = compileAst(ast.condition, context);
      const then = compileAst(ast.then, context);
      const otherwise = compileAst(ast.else, context);
      return (dynamic) => (effectiveBoolean(condition(dynamic)) ? then(dynamic) : otherwise(dynamic));
    }
    case 'for': {
      const { slots, sources, body } = compileBindings(ast.bindings, context, () =>
        compileAst(ast.body, context),
      );
      return (dynamic) => {
        const out: Item[] = [];
        const loop = (depth: number): void => {
          if (depth === slots.length) {
            for (const item of body(dynamic)) out.push(item);
            return;
          }
          for (const item of (sources[depth] as Evaluator)(dynamic)) {
            dynamic.frame[slots[depth] as number] = [item];
            loop(depth + 1);
          }
        };
        loop(0);
        return out;
      };
    }
    case 'quantified': {
      const { slots, sources, body } = compileBindings(ast.bindings, context, () =>
        compileAst(ast.test, context),
      );
      const every = ast.every;
      return (dynamic) => {
        const search = (depth: number): boolean => {
          if (depth === slots.length) return effectiveBoolean(body(dynamic)) !== every;
          for (const item of (sources[depth] as Evaluator)(dynamic)) {
            dynamic.frame[slots[depth] as number] = [item];
            if (search(depth + 1)) return true;
          }
          return false;
        };
        // some: a binding that satisfies; every: no binding that fails.
        return [search(0) !== every];
      };
    }
    case 'cast':
    case 'castable': {
      const operand = compileAst(ast.operand, context);
      const target = castTarget(ast.target, context);
      const optional = ast.optional;
      if (ast.type === 'cast')
        return (dynamic) => {
          const items = operand(dynamic);
          if (items.length === 0) {
            if (optional) return EMPTY;
            throw new XPathError('XPTY0004', `cast as ${target} of an empty sequence`);
          }
          const value = atomizeOptional(items, 'cast as');
          return [castAtomic(value as Atomic, target)];
        };
      return (dynamic) => {
        const items = operand(dynamic);
        if (items.length === 0) return [optional];
        if (items.length > 1) return [false];
        return [castable(atomizeItem(items[0] as Item), target)];
      };
    }
    case 'instance': {
      const operand = compileAst(ast.operand, context);
      const target = castTarget(ast.target, context);
      const occurrence = ast.occurrence;
      return (dynamic) => {
        const items = operand(dynamic);
        if (items.length === 0) return [occurrence === '?' || occurrence === '*'];
        if (items.length > 1 && (occurrence === '' || occurrence === '?')) return [false];
        return [items.every((item) => !isNode(item) && instanceOfAtomic(item, target))];
      };
    }
  }
}

/**
 * Parses and compiles an XPath 2.0 expression.
 *
 * @throws {@link XPathError} on a syntax error, an undeclared prefix, variable or function.
 * @example
 * ```ts
 * const scope = new Scope(new Map());
 * const count = compileXPath('count(//b)', scope);
 * const doc = parseXdm('<a><b/><b/></a>');
 * count(new DynamicContext(doc, 1, 1, [], new Run(doc, []))); // [2n]
 * ```
 */
export function compileXPath(text: string, context: StaticContext): Evaluator {
  return compileAst(parseXPath(text), context);
}
