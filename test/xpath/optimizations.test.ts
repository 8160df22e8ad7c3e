import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileXPath } from '../../src/xpath/compile.js';
import { DynamicContext, type Evaluator, type Item, Run, Scope } from '../../src/xpath/context.js';
import { parseXdm, type XdmNode } from '../../src/xpath/document.js';
import { isNode } from '../../src/xpath/sequence.js';
import { evaluate, NAMESPACES, nodePath, show } from './harness.js';
import { documents, type Path, paths, Reference, renderPath } from './reference.js';

/**
 * The compile-time optimizations of the XPath 2.0 engine (src/xpath/compile.ts, document.ts) must not
 * change a single result (issue #21). Each optimized shape is checked on random documents against
 * {@link Reference}, a naive evaluator written from XPath 2.0 §3.2 (test/xpath/reference.ts), and
 * against the engine itself on an equivalent expression written so that no optimization applies:
 * - `E//name[p]`, `E//*`, `E//p:*`, `E//@name`, `E//@*` from the name, namespace and attribute indexes,
 *   including origin elements (`.//x`, `x//y`) and positional predicates that must fall back;
 * - `E/(A | B)` distributed as `E/A | E/B`;
 * - absolute paths remembered once per document, read from many context nodes;
 * - the child-name index of a parent with more than 16 children;
 * - `child::name[n]` and `axis::test[n]` literal positions;
 * - `following::name` / `preceding::name` scanning the name index;
 * - the shared boolean results.
 */

const paths_ = (nodes: readonly Item[]): string[] => nodes.map((n) => (isNode(n) ? nodePath(n) : show(n)));

function contextNode(reference: Reference, pick: number): XdmNode {
  return reference.nodes[pick % reference.nodes.length] as XdmNode;
}

describe('XPath 2.0 §3.2 path expressions: optimized shapes agree with a naive evaluator', () => {
  it('random paths from random context nodes (every axis, name/namespace/wildcard tests, predicates)', () => {
    fc.assert(
      fc.property(
        documents,
        fc.array(fc.tuple(paths, fc.nat()), { minLength: 1, maxLength: 12 }),
        (xml, cases) => {
          // one document for all the paths: the engine's lazily built indexes are shared between them
          const document = parseXdm(xml);
          const reference = new Reference(document);
          for (const [path, pick] of cases) {
            const context = contextNode(reference, pick);
            const expected = reference.path(path, context).map(nodePath);
            const plain = renderPath(path);
            const defeated = renderPath(path, true);
            expect(
              paths_(evaluate(plain, document, context)),
              `${plain} from ${nodePath(context)} in ${xml}`,
            ).toEqual(expected);
            expect(
              paths_(evaluate(defeated, document, context)),
              `${defeated} from ${nodePath(context)} in ${xml}`,
            ).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('random paths through the shapes the indexes serve: //step, .//step, E//step, E/(A | B)', () => {
    const indexed = paths.map(
      (path): Path => ({
        ...path,
        start:
          path.start === 'root'
            ? 'rootDescendants'
            : path.start === 'context'
              ? 'contextDescendants'
              : path.start,
        first: { ...path.first, axis: path.first.axis === 'attribute' ? 'attribute' : 'child' },
        rest: path.rest.map((r) => ({
          separator: '//',
          step: { ...r.step, axis: r.step.axis === 'attribute' ? 'attribute' : 'child' },
        })),
      }),
    );
    fc.assert(
      fc.property(
        documents,
        fc.array(fc.tuple(indexed, fc.nat()), { minLength: 1, maxLength: 12 }),
        (xml, cases) => {
          const document = parseXdm(xml);
          const reference = new Reference(document);
          for (const [path, pick] of cases) {
            const context = contextNode(reference, pick);
            const expected = reference.path(path, context).map(nodePath);
            const plain = renderPath(path);
            expect(
              paths_(evaluate(plain, document, context)),
              `${plain} from ${nodePath(context)} in ${xml}`,
            ).toEqual(expected);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** Each optimized shape and an equivalent the optimizer does not recognize, from the document node. */
const EQUIVALENTS: [string, string][] = [
  // E//name: the name index, from the document and from origin elements
  ['//x', 'descendant-or-self::node()/child::x'],
  ['//a:y', 'descendant-or-self::node()/child::a:y'],
  ['//x', '(//x)[position() ge 1]'],
  ['/*//x', '/*/descendant-or-self::node()/child::x'],
  ['//x//y', '//x/descendant-or-self::node()/child::y'],
  ['//*[1]//b:z', '//*[1]/descendant-or-self::node()/child::b:z'],
  ['//*', 'descendant-or-self::node()/child::*'],
  ['//a:*', 'descendant-or-self::node()/child::a:*'],
  ['//@id', 'descendant-or-self::node()/attribute::id'],
  ['//@a:k', 'descendant-or-self::node()/attribute::a:k'],
  ['//@*', 'descendant-or-self::node()/attribute::*'],
  ['//x//@*', '//x/descendant-or-self::node()/attribute::*'],
  // boolean predicates filter the index; positional ones must fall back to per-parent positions
  ['//x[@id]', 'descendant-or-self::node()/child::x[@id]'],
  ['//x[@id = "1"][y]', 'descendant-or-self::node()/child::x[@id = "1"][y]'],
  ['//x[not(*)]', 'descendant-or-self::node()/child::x[not(*)]'],
  ['//x[1]', 'descendant-or-self::node()/child::x[position() = 1]'],
  ['//x[(0 + 1)]', 'descendant-or-self::node()/child::x[position() = 1]'],
  ['//x[@id][2]', 'descendant-or-self::node()/child::x[@id][position() = 2]'],
  ['//x[last()]', 'descendant-or-self::node()/child::x[position() = last()]'],
  ['//*[count(*)]', 'descendant-or-self::node()/child::*[position() = count(*)]'],
  ['//@*[1]', 'descendant-or-self::node()/attribute::*[position() = 1]'],
  ['//x[y[last()]]', 'descendant-or-self::node()/child::x[y[last()]]'],
  ['//*[1]//x[2]', '//*[1]/descendant-or-self::node()/child::x[position() = 2]'],
  // E/(A | B) distributed
  ['//*/(x | y)', '//*/((x | y)[true()])'],
  ['//*/(x | @id | a:*)', '//*/((x | @id | a:*)[true()])'],
  ['//(x | b:y)', '/descendant-or-self::node()/((x | b:y)[true()])'],
  ['//*/(x[1] | y[last()])', '//*/((x[1] | y[last()])[true()])'],
  ['//*/(.. | *)', '//*/((.. | *)[true()])'],
  // child::name lookups with and without the child index
  ['/*/x', '/*/child::x[true()]'],
  ['/*/x[2]', '/*/child::x[true()][2]'],
  ['/*/*/x[3]', '/*/*/child::x[true()][position() = 3]'],
  ['//*/b:y[1]', '//*/child::b:y[true()][1]'],
  // following and preceding by name from the name index
  ['//x/following::y', '//x/following::node()[self::y]'],
  ['//x/preceding::y', '//x/preceding::node()[self::y]'],
  ['//x/following::*[1]', '//x/following::node()[self::*][1]'],
  ['//y/preceding::*[1]', '//y/preceding::node()[self::*][1]'],
  ['//@*/following::a:x', '//@*/following::node()[self::a:x]'],
  ['//@*/preceding::x[1]', '//@*/preceding::node()[self::x][1]'],
];

describe('XPath 2.0 §3.2.3 / §3.2.4 optimized abbreviations equal their unabbreviated forms', () => {
  it.each(EQUIVALENTS)('%s = %s on random documents', (optimized, equivalent) => {
    fc.assert(
      fc.property(documents, (xml) => {
        const document = parseXdm(xml);
        expect(paths_(evaluate(optimized, document)), xml).toEqual(paths_(evaluate(equivalent, document)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('XPath 2.0 §3.2 absolute paths are remembered once per document, whatever the context node', () => {
  const ABSOLUTE = [
    '/*/x',
    '//x[@id]',
    '//y/@*',
    '(//x)[last()]',
    '/*/*[1] | //b:*',
    '//*[@id = "1"] except //x',
    '/*//z[1]',
    'count(//x)',
    'for $n in //y return $n/..',
  ];
  const RELATIVE = [
    './/x',
    '../*',
    'preceding::*[1]',
    'ancestor-or-self::*[last()]',
    'count(/*/x) + count(.//y)',
  ];

  it('evaluated from every node in one run, absolute and relative expressions interleaved, as the first time', () => {
    fc.assert(
      fc.property(documents, fc.boolean(), (xml, backwards) => {
        const document = parseXdm(xml);
        const reference = new Reference(document);
        const scope = new Scope(NAMESPACES);
        const compiled = [...ABSOLUTE, ...RELATIVE].map((text): [string, Evaluator] => [
          text,
          compileXPath(text, scope),
        ]);
        const run = new Run(document, []);
        const order = backwards ? reference.nodes.slice().reverse() : reference.nodes;
        for (const node of order) {
          for (const [text, evaluator] of compiled) {
            const shared = evaluator(new DynamicContext(node, 1, 1, new Array(scope.size), run));
            // a fresh run each time: nothing remembered
            const fresh = evaluate(text, document, node);
            expect(paths_(shared), `${text} from ${nodePath(node)} in ${xml}`).toEqual(paths_(fresh));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('an absolute path with a for variable inside is not remembered across the variable', () => {
    const document = parseXdm('<r><x id="1"/><x id="2"/></r>');
    expect(paths_(evaluate('for $i in ("1", "2") return /r/x[@id = $i]', document))).toEqual([
      '/r[1]/x[1]',
      '/r[1]/x[2]',
    ]);
    expect(paths_(evaluate('for $i in (2, 1) return (/r/x)[$i]', document))).toEqual([
      '/r[1]/x[2]',
      '/r[1]/x[1]',
    ]);
    expect(paths_(evaluate('some $i in ("3") satisfies /r/x[@id = $i]', document))).toEqual([
      'xs:boolean(false)',
    ]);
  });

  it('a run remembers per document: a second run over another document sees that document', () => {
    const scope = new Scope(NAMESPACES);
    const count = compileXPath('count(//x)', scope);
    for (const [xml, expected] of [
      ['<r><x/></r>', 1n],
      ['<r><x/><x/><x/></r>', 3n],
    ] as const) {
      const document = parseXdm(xml);
      expect(count(new DynamicContext(document, 1, 1, [], new Run(document, [])))).toEqual([expected]);
    }
  });
});

describe('XPath 2.0 §3.6 / F&O §9 shared results (boolean constants, name and child index lists) are never changed by a consumer', () => {
  const EXPRESSIONS = [
    'true()',
    'false()',
    '1 = 1',
    '1 = 2',
    '(1 = 1, 1 = 2)',
    'reverse((1 = 1, 1 = 2))',
    'for $i in 1 to 3 return $i = 2',
    '(1 = 1)[1]',
    '(true(), false())[. = false()]',
    'not(1 = 1)',
    'exists(//x)',
    'empty(//x)',
    'count((1 = 1, 2 = 2, 3 = 3))',
    'distinct-values((true(), 1 = 1, false()))',
    'subsequence((true(), false(), true()), 2)',
    '(//x = "t", //x != "t")',
    'index-of((true(), false()), false())',
    '//x[true()]',
    '//x[1 = 1]',
    // the lists of the name index (//x), the attribute index (//@n) and a wide parent's child index (/r/x)
    '//x',
    '/r/x',
    '//@n',
    '//*',
    'reverse(//x)',
    'reverse(/r/x)',
    'reverse(//@n)',
    'reverse(//*)[1]',
    'for $x in reverse(/r/x) return $x/@n',
    '/r/x[2]',
    '(//x)[last()]',
  ];

  it('evaluating them in any order, many times, in one run, gives what each gives alone', () => {
    // more than 16 children: /r/x comes from the child index (src/xpath/document.ts)
    const document = parseXdm(
      `<r>${Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? '<y/>' : `<x n="${i}">${i % 2 ? 't' : 'u'}</x>`)).join('')}</r>`,
    );
    const alone = EXPRESSIONS.map((text) => paths_(evaluate(text, document)));
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: EXPRESSIONS.length - 1 }), { minLength: 1, maxLength: 60 }),
        (sequence) => {
          const scope = new Scope(NAMESPACES);
          const compiled = EXPRESSIONS.map((text) => compileXPath(text, scope));
          const run = new Run(document, []);
          for (const index of sequence) {
            const result = (compiled[index] as Evaluator)(
              new DynamicContext(document, 1, 1, new Array(scope.size), run),
            );
            expect(paths_(result), EXPRESSIONS[index]).toEqual(alone[index]);
          }
          expect(evaluate('true()')).toEqual([true]);
          expect(evaluate('false()')).toEqual([false]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
