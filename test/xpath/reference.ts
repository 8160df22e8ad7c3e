import fc from 'fast-check';
import type { XdmDocument, XdmElement, XdmNode } from '../../src/xpath/document.js';

/**
 * A deliberately naive evaluator of location paths, for the tests that pin the engine's compile-time
 * optimizations (test/xpath/optimizations.test.ts): each axis is written from its definition in
 * XPath 2.0 §3.2.1.1 over nothing but `children`, `attributes` and `parent`, document order is a
 * fresh pre-order walk (not the engine's `order` numbers), and nothing is indexed or remembered.
 * It is slow on purpose and small enough to be checked by reading.
 *
 * It also holds the fast-check generators of random documents (a few element names in two
 * namespaces and none, attributes in and out of namespaces, text) and of random paths over them.
 */

export type Ns = '' | 'a' | 'b';
export const NS_URI: Readonly<Record<Ns, string>> = { '': '', a: 'urn:test:a', b: 'urn:test:b' };

/** The axes (XPath 2.0 §3.2.1.1): the engine's own list of names; the reference's semantics are its own. */
import type { Axis } from '../../src/xpath/parse.js';

export type { Axis };

export type Test =
  | { kind: 'name'; ns: Ns; local: string }
  | { kind: 'any' }
  | { kind: 'nsAny'; ns: 'a' | 'b' }
  | { kind: 'localAny'; local: string }
  | { kind: 'node' }
  | { kind: 'text' };

export type Predicate =
  | { kind: 'position'; n: number } // [n]
  | { kind: 'computedPosition'; n: number } // [(0 + n)]: numeric, but no literal
  | { kind: 'last' } // [last()]
  | { kind: 'lastButOne' } // [last() - 1]
  | { kind: 'after'; n: number } // [position() > n]
  | { kind: 'hasChild'; test: Test } // [x]
  | { kind: 'hasAttribute'; test: Test } // [@id]
  | { kind: 'attributeEquals'; test: Test; value: string } // [@id = '1']
  | { kind: 'stringEquals'; value: string } // [. = 't']
  | { kind: 'not'; inner: Predicate }; // [not(…)]

export interface Step {
  axis: Axis;
  test: Test;
  predicates: Predicate[];
  /** Written `x`, `@x`, rather than `child::x`, `attribute::x`. */
  abbreviated: boolean;
}

export type Separator = '/' | '//';

export interface Path {
  /** `/s`, `//s`, `s` or `.//s` */
  start: 'root' | 'rootDescendants' | 'context' | 'contextDescendants';
  first: Step;
  rest: { separator: Separator; step: Step }[];
  /** A last step `E/(A | B)` or `E//(A | B)`. */
  union: { separator: Separator; left: Step; right: Step } | null;
  /** `(E)[n]` */
  filter: number | null;
}

// ---------------------------------------------------------------------------------------------------
// Rendering as XPath text: the plain form, and a form that defeats each optimization of compile.ts.
// ---------------------------------------------------------------------------------------------------

function renderTest(test: Test): string {
  switch (test.kind) {
    case 'name':
      return test.ns === '' ? test.local : `${test.ns}:${test.local}`;
    case 'any':
      return '*';
    case 'nsAny':
      return `${test.ns}:*`;
    case 'localAny':
      return `*:${test.local}`;
    case 'node':
      return 'node()';
    case 'text':
      return 'text()';
  }
}

function renderPredicate(predicate: Predicate, defeat: boolean): string {
  switch (predicate.kind) {
    case 'position':
      return defeat ? `position() = ${predicate.n}` : String(predicate.n);
    case 'computedPosition':
      return `(0 + ${predicate.n})`;
    case 'last':
      return 'last()';
    case 'lastButOne':
      return 'last() - 1';
    case 'after':
      return `position() > ${predicate.n}`;
    case 'hasChild':
      return renderTest(predicate.test);
    case 'hasAttribute':
      return `@${renderTest(predicate.test)}`;
    case 'attributeEquals':
      return `@${renderTest(predicate.test)} = '${predicate.value}'`;
    case 'stringEquals':
      return `. = '${predicate.value}'`;
    case 'not':
      return `not(${renderPredicate(predicate.inner, defeat)})`;
  }
}

/**
 * A step as text. `defeat` writes it so that none of the engine's special cases applies: a `[true()]`
 * first predicate (no child-name lookup, no literal-position shortcut), positions as `position() = n`,
 * and `following::x` as `following::node()[self::x]` (no name-index scan of the following axis).
 */
export function renderStep(step: Step, defeat = false): string {
  let axisAndTest: string;
  const indexedAxis = step.axis === 'following' || step.axis === 'preceding';
  if (defeat && indexedAxis && step.test.kind !== 'node' && step.test.kind !== 'text')
    axisAndTest = `${step.axis}::node()[self::${renderTest(step.test)}]`;
  else if (step.abbreviated && !defeat && step.axis === 'child') axisAndTest = renderTest(step.test);
  else if (step.abbreviated && !defeat && step.axis === 'attribute')
    axisAndTest = `@${renderTest(step.test)}`;
  else axisAndTest = `${step.axis}::${renderTest(step.test)}`;
  const predicates = step.predicates.map((p) => `[${renderPredicate(p, defeat)}]`).join('');
  return `${axisAndTest}${defeat ? '[true()]' : ''}${predicates}`;
}

const DESCENDANTS_DEFEATED = '/descendant-or-self::node()[true()]/';

function renderSeparator(separator: Separator, defeat: boolean): string {
  return separator === '/' ? '/' : defeat ? DESCENDANTS_DEFEATED : '//';
}

/** A path as text; `defeat` as {@link renderStep}, with `//` spelled out and unions kept undistributed. */
export function renderPath(path: Path, defeat = false): string {
  let out: string;
  switch (path.start) {
    case 'root':
      out = '/';
      break;
    case 'rootDescendants':
      out = defeat ? DESCENDANTS_DEFEATED : '//';
      break;
    case 'context':
      out = '';
      break;
    case 'contextDescendants':
      out = defeat ? `.${DESCENDANTS_DEFEATED}` : './/';
      break;
  }
  out += renderStep(path.first, defeat);
  for (const { separator, step } of path.rest)
    out += renderSeparator(separator, defeat) + renderStep(step, defeat);
  if (path.union !== null) {
    const union = `${renderStep(path.union.left, defeat)} | ${renderStep(path.union.right, defeat)}`;
    out += renderSeparator(path.union.separator, defeat) + (defeat ? `((${union})[true()])` : `(${union})`);
  }
  return path.filter === null ? out : `(${out})[${path.filter}]`;
}

// ---------------------------------------------------------------------------------------------------
// The naive evaluator.
// ---------------------------------------------------------------------------------------------------

type Parent = XdmDocument | XdmElement;

function childrenOf(node: XdmNode): readonly XdmNode[] {
  return node.kind === 'element' || node.kind === 'document' ? node.children : [];
}

/** Document order of a tree, by a pre-order walk: a node, its attributes, its children (XDM §2.4). */
export class Reference {
  private readonly position = new Map<XdmNode, number>();
  /** Every node but attributes, in document order. */
  private readonly tree: XdmNode[] = [];
  /** Every node, in document order. */
  readonly nodes: XdmNode[] = [];
  constructor(readonly document: XdmDocument) {
    const visit = (node: XdmNode): void => {
      this.position.set(node, this.nodes.length);
      this.nodes.push(node);
      this.tree.push(node);
      if (node.kind === 'element')
        for (const attribute of node.attributes) {
          this.position.set(attribute, this.nodes.length);
          this.nodes.push(attribute);
        }
      for (const child of childrenOf(node)) visit(child);
    };
    visit(document);
  }

  private isAncestor(ancestor: XdmNode, node: XdmNode): boolean {
    for (let p: Parent | null = node.parent; p !== null; p = p.parent) if (p === ancestor) return true;
    return false;
  }

  private descendants(node: XdmNode): XdmNode[] {
    const out: XdmNode[] = [];
    for (const child of childrenOf(node)) out.push(child, ...this.descendants(child));
    return out;
  }

  /** The nodes on an axis, in axis order (reverse axes nearest first), straight from §3.2.1.1. */
  axis(node: XdmNode, axis: Axis): XdmNode[] {
    const at = this.position.get(node) as number;
    switch (axis) {
      case 'child':
        return [...childrenOf(node)];
      case 'attribute':
        return node.kind === 'element' ? [...node.attributes] : [];
      case 'self':
        return [node];
      case 'parent':
        return node.parent === null ? [] : [node.parent];
      case 'descendant':
        return this.descendants(node);
      case 'descendant-or-self':
        return [node, ...this.descendants(node)];
      case 'ancestor':
      case 'ancestor-or-self': {
        const out: XdmNode[] = axis === 'ancestor-or-self' ? [node] : [];
        for (let p: Parent | null = node.parent; p !== null; p = p.parent) out.push(p);
        return out;
      }
      case 'following-sibling':
      case 'preceding-sibling': {
        if (node.kind === 'attribute' || node.parent === null) return [];
        const siblings = node.parent.children as readonly XdmNode[];
        const index = siblings.indexOf(node);
        return axis === 'following-sibling' ? siblings.slice(index + 1) : siblings.slice(0, index).reverse();
      }
      case 'following':
        // after the node in document order, not its descendants, no attributes
        return this.tree.filter((m) => (this.position.get(m) as number) > at && !this.isAncestor(node, m));
      case 'preceding':
        // before the node in document order, not its ancestors, no attributes
        return this.tree
          .filter((m) => (this.position.get(m) as number) < at && !this.isAncestor(m, node))
          .reverse();
    }
  }

  matches(node: XdmNode, test: Test, axis: Axis): boolean {
    const principal = axis === 'attribute' ? 'attribute' : 'element';
    const named = node.kind === 'element' || node.kind === 'attribute' ? node : null;
    switch (test.kind) {
      case 'name':
        return node.kind === principal && named?.local === test.local && named.namespace === NS_URI[test.ns];
      case 'any':
        return node.kind === principal;
      case 'nsAny':
        return node.kind === principal && named?.namespace === NS_URI[test.ns];
      case 'localAny':
        return node.kind === principal && named?.local === test.local;
      case 'node':
        return true;
      case 'text':
        return node.kind === 'text';
    }
  }

  stringValue(node: XdmNode): string {
    if (node.kind === 'text' || node.kind === 'attribute') return node.value;
    return childrenOf(node)
      .map((child) => this.stringValue(child))
      .join('');
  }

  private holds(predicate: Predicate, node: XdmNode, position: number, size: number): boolean {
    switch (predicate.kind) {
      case 'position':
      case 'computedPosition':
        return position === predicate.n;
      case 'last':
        return position === size;
      case 'lastButOne':
        return position === size - 1;
      case 'after':
        return position > predicate.n;
      case 'hasChild':
        return this.axis(node, 'child').some((c) => this.matches(c, predicate.test, 'child'));
      case 'hasAttribute':
        return this.axis(node, 'attribute').some((a) => this.matches(a, predicate.test, 'attribute'));
      case 'attributeEquals':
        return this.axis(node, 'attribute').some(
          (a) => this.matches(a, predicate.test, 'attribute') && this.stringValue(a) === predicate.value,
        );
      case 'stringEquals':
        return this.stringValue(node) === predicate.value;
      case 'not':
        return !this.holds(predicate.inner, node, position, size); // inner is never positional (see the generators)
    }
  }

  /** A step from one node: the axis, the test, then each predicate over the previous one's result. */
  step(node: XdmNode, step: Step): XdmNode[] {
    let current = this.axis(node, step.axis).filter((n) => this.matches(n, step.test, step.axis));
    for (const predicate of step.predicates) {
      const size = current.length;
      current = current.filter((n, i) => this.holds(predicate, n, i + 1, size));
    }
    return current;
  }

  /** Sorts into document order without duplicates. */
  sort(nodes: Iterable<XdmNode>): XdmNode[] {
    return [...new Set(nodes)].sort(
      (a, b) => (this.position.get(a) as number) - (this.position.get(b) as number),
    );
  }

  private apply(origins: XdmNode[], separator: Separator, steps: Step[]): XdmNode[] {
    const from =
      separator === '/' ? origins : this.sort(origins.flatMap((o) => this.axis(o, 'descendant-or-self')));
    return this.sort(from.flatMap((o) => steps.flatMap((s) => this.step(o, s))));
  }

  /** A path from a context node. */
  path(path: Path, context: XdmNode): XdmNode[] {
    let current: XdmNode[];
    const root = this.document;
    switch (path.start) {
      case 'root':
        current = this.apply([root], '/', [path.first]);
        break;
      case 'rootDescendants':
        current = this.apply([root], '//', [path.first]);
        break;
      case 'context':
        current = this.apply([context], '/', [path.first]);
        break;
      case 'contextDescendants':
        current = this.apply([context], '//', [path.first]);
        break;
    }
    for (const { separator, step } of path.rest) current = this.apply(current, separator, [step]);
    if (path.union !== null)
      current = this.apply(current, path.union.separator, [path.union.left, path.union.right]);
    if (path.filter !== null) current = current.slice(path.filter - 1, path.filter);
    return current;
  }
}

// ---------------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------------

interface ElementSpec {
  name: string;
  attributes: { name: string; value: string }[];
  children: (ElementSpec | string)[];
}

const elementName = fc
  .tuple(fc.constantFrom<Ns>('', 'a', 'b'), fc.constantFrom('x', 'y', 'z'))
  .map(([ns, local]) => (ns === '' ? local : `${ns}:${local}`));
const attributes = fc.uniqueArray(
  fc.record({
    name: fc.constantFrom('id', 'n', 'a:k', 'b:k', 'a:id'),
    value: fc.constantFrom('1', '2', 't'),
  }),
  { selector: (a) => a.name, maxLength: 3 },
);
const textContent = fc.constantFrom('t', '1', ' ', 'u v');

function element(depth: number): fc.Arbitrary<ElementSpec> {
  const child: fc.Arbitrary<ElementSpec | string> =
    depth === 0 ? textContent : fc.oneof(textContent, element(depth - 1), element(depth - 1));
  return fc.record({
    name: elementName,
    attributes,
    children: fc.array(child, { maxLength: depth === 0 ? 1 : 4 }),
  });
}

/** A parent with more than 16 children, so that the engine builds its child index (document.ts). */
const wide: fc.Arbitrary<ElementSpec> = fc.record({
  name: elementName,
  attributes,
  children: fc.array(fc.oneof(textContent, element(1), element(0)), { minLength: 17, maxLength: 30 }),
});

function serialize(spec: ElementSpec, root: boolean): string {
  const declarations = root ? ' xmlns:a="urn:test:a" xmlns:b="urn:test:b"' : '';
  const attributeText = spec.attributes.map((a) => ` ${a.name}="${a.value}"`).join('');
  const content = spec.children.map((c) => (typeof c === 'string' ? c : serialize(c, false))).join('');
  return `<${spec.name}${declarations}${attributeText}>${content}</${spec.name}>`;
}

/** Random documents: nested three deep, sometimes with a wide element at the top or one below. */
export const documents: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: element(3) },
    { weight: 1, arbitrary: wide },
    {
      weight: 1,
      arbitrary: fc.record({
        name: elementName,
        attributes,
        children: fc.array(fc.oneof(wide, element(2)), { minLength: 1, maxLength: 3 }),
      }),
    },
  )
  .map((spec) => serialize(spec, true));

const elementTest: fc.Arbitrary<Test> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('name' as const),
      ns: fc.constantFrom<Ns>('', 'a', 'b'),
      local: fc.constantFrom('x', 'y', 'z'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'any' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('nsAny' as const), ns: fc.constantFrom<'a' | 'b'>('a', 'b') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('localAny' as const), local: fc.constantFrom('x', 'y', 'z') }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'node' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'text' as const }) },
);

const attributeTest: fc.Arbitrary<Test> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('name' as const),
      ns: fc.constantFrom<Ns>('', 'a', 'b'),
      local: fc.constantFrom('id', 'n', 'k'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'any' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('nsAny' as const), ns: fc.constantFrom<'a' | 'b'>('a', 'b') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('localAny' as const), local: fc.constantFrom('id', 'k') }),
  },
);

/** Predicates whose value is numeric: positional (§3.2.2). */
const positional: fc.Arbitrary<Predicate> = fc.oneof(
  fc.record({ kind: fc.constant('position' as const), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('computedPosition' as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.constant({ kind: 'last' as const }),
  fc.constant({ kind: 'lastButOne' as const }),
  fc.record({ kind: fc.constant('after' as const), n: fc.integer({ min: 0, max: 2 }) }),
);
/** Predicates taken by their effective boolean value; only these are negated (`not(last())` is always false). */
const booleanPredicate: fc.Arbitrary<Predicate> = fc.oneof(
  fc.record({ kind: fc.constant('hasChild' as const), test: elementTest }),
  fc.record({ kind: fc.constant('hasAttribute' as const), test: attributeTest }),
  fc.record({
    kind: fc.constant('attributeEquals' as const),
    test: attributeTest,
    value: fc.constantFrom('1', '2', 't'),
  }),
  fc.record({ kind: fc.constant('stringEquals' as const), value: fc.constantFrom('t', '1', '', 'tt') }),
);
const predicate: fc.Arbitrary<Predicate> = fc.oneof(
  { weight: 4, arbitrary: positional },
  { weight: 4, arbitrary: booleanPredicate },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('not' as const), inner: booleanPredicate }) },
);

const AXES: Axis[] = [
  'child',
  'descendant',
  'descendant-or-self',
  'self',
  'parent',
  'ancestor',
  'ancestor-or-self',
  'following-sibling',
  'preceding-sibling',
  'following',
  'preceding',
  'attribute',
];

export const steps: fc.Arbitrary<Step> = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: fc.constant<Axis>('child') },
      { weight: 2, arbitrary: fc.constant<Axis>('attribute') },
      { weight: 6, arbitrary: fc.constantFrom(...AXES) },
    ),
    fc.boolean(),
    fc.array(predicate, { maxLength: 2 }),
  )
  .chain(([axis, abbreviated, predicates]) =>
    (axis === 'attribute' ? attributeTest : elementTest).map((test) => ({
      axis,
      test,
      predicates,
      abbreviated,
    })),
  );

const separator = fc.constantFrom<Separator>('/', '//');

export const paths: fc.Arbitrary<Path> = fc.record({
  start: fc.constantFrom<Path['start']>('root', 'rootDescendants', 'context', 'contextDescendants'),
  first: steps,
  rest: fc.array(fc.record({ separator, step: steps }), { maxLength: 2 }),
  union: fc.option(fc.record({ separator, left: steps, right: steps }), { freq: 3 }),
  filter: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 4 }),
});
