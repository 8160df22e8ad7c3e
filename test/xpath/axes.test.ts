import { describe, expect, it } from 'vitest';
import { parseXdm } from '../../src/xpath/document.js';
import { errorCode, evaluate, value, values } from './harness.js';

/**
 * Axes and node tests of the XPath 2.0 engine (issue #21) against XPath 2.0 §3.2.1.1 (axes), §3.2.1.2
 * (node tests), §3.2.4 (abbreviated syntax) and §3.2.2 (positions on reverse axes). Node paths are
 * written `{namespace}local[n]`, n counting siblings of the same expanded name (test/xpath/harness.ts).
 */

// prefixes a → urn:test:a, b → urn:test:b in the expressions (harness NAMESPACES); the document binds them too.
const doc = parseXdm(
  '<r xmlns:a="urn:test:a" xmlns:b="urn:test:b">' +
    '<a:x id="1" a:k="v">t1<y/>t2</a:x>' +
    '<b:x id="2"><a:y b:k="w"/><x/></b:x>' +
    '<x id="3"><y id="4"/></x>' +
    '</r>',
);
const AX = '/r[1]/{urn:test:a}x[1]';
const BX = '/r[1]/{urn:test:b}x[1]';
const X = '/r[1]/x[1]';

describe('XPath 2.0 §3.2.1.1 forward axes', () => {
  it.each([
    ['/r/child::*', [AX, BX, X]],
    ['/r/a:x/child::node()', [`${AX}/text()[1]`, `${AX}/y[1]`, `${AX}/text()[2]`]],
    ['/r/a:x/child::text()', [`${AX}/text()[1]`, `${AX}/text()[2]`]],
    ['/r/descendant::*:y', [`${AX}/y[1]`, `${BX}/{urn:test:a}y[1]`, `${X}/y[1]`]],
    ['/r/a:x/descendant-or-self::*', [AX, `${AX}/y[1]`]],
    ['/r/b:x/self::b:x', [BX]],
    ['/r/b:x/self::a:x', []],
    ['/r/b:x/following-sibling::*', [X]],
    ['/r/a:x/following-sibling::*', [BX, X]],
    ['/r/b:x/following::*', [X, `${X}/y[1]`]],
    [
      '/r/a:x/y/following::node()',
      [`${AX}/text()[2]`, BX, `${BX}/{urn:test:a}y[1]`, `${BX}/x[1]`, X, `${X}/y[1]`],
    ],
    ['/r/a:x/attribute::*', [`${AX}/@id`, `${AX}/@{urn:test:a}k`]],
  ])('%s', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('following never holds descendants nor attributes', () => {
    expect(values('/r/a:x/following::node()', doc)).not.toContain(`${AX}/y[1]`);
    expect(
      evaluate('//following::node()', doc).some(
        (n) => typeof n === 'object' && 'kind' in n && n.kind === 'attribute',
      ),
    ).toBe(false);
  });

  it('the child index of a parent with more than 16 children gives the same children in order', () => {
    const wide = parseXdm(
      `<r>${Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `<p n="${i}"/>` : `<q n="${i}"/>`)).join('')}</r>`,
    );
    expect(
      evaluate('/r/p', wide).map((n) => (n as { attributes: { value: string }[] }).attributes[0]?.value),
    ).toEqual(Array.from({ length: 14 }, (_, i) => String(i * 3)));
    expect(value('string(/r/p[5]/@n)', wide)).toBe('xs:string(12)');
    expect(value('string(/r/q[last()]/@n)', wide)).toBe('xs:string(38)');
    expect(value('count(/r/q[20]/../p)', wide)).toBe('xs:integer(14)');
    expect(value('count(/r/none)', wide)).toBe('xs:integer(0)');
  });
});

describe('XPath 2.0 §3.2.1.1 reverse axes, and positions counted nearest first (§3.2.2)', () => {
  it.each([
    ['//y[@id]/parent::*', [X]],
    ['//y[@id]/ancestor::*', ['/r[1]', X]],
    ['//y[@id]/ancestor-or-self::*', ['/r[1]', X, `${X}/y[1]`]],
    ['//y[@id]/ancestor::node()', ['/', '/r[1]', X]],
    ['/r/x/preceding-sibling::*', [AX, BX]],
    ['//y[@id]/preceding::*', [AX, `${AX}/y[1]`, BX, `${BX}/{urn:test:a}y[1]`, `${BX}/x[1]`]],
    ['//y[@id]/preceding::text()', [`${AX}/text()[1]`, `${AX}/text()[2]`]],
  ])('%s (results in document order)', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it.each([
    ['//y[@id]/ancestor::*[1]', [X]],
    ['//y[@id]/ancestor::*[last()]', ['/r[1]']],
    ['//y[@id]/ancestor-or-self::*[2]', [X]],
    ['//y[@id]/ancestor::*[position() = 1]', [X]],
    ['/r/x/preceding-sibling::*[1]', [BX]],
    ['/r/x/preceding-sibling::*[last()]', [AX]],
    ['//y[@id]/preceding::*[1]', [`${BX}/x[1]`]],
    ['//y[@id]/preceding::*[2]', [`${BX}/{urn:test:a}y[1]`]],
    ['//y[@id]/preceding::node()[1]', [`${BX}/x[1]`]],
    ['//y[@id]/preceding::*[position() <= 2]', [`${BX}/{urn:test:a}y[1]`, `${BX}/x[1]`]],
    ['//y[@id]/preceding::text()[1]', [`${AX}/text()[2]`]],
    ['/r/a:x/y/preceding-sibling::node()[1]', [`${AX}/text()[1]`]],
  ])('%s counts positions nearest first', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('a parenthesized reverse step counts in document order (§3.3.2)', () => {
    expect(values('(//y[@id]/ancestor::*)[1]', doc)).toEqual(['/r[1]']);
    expect(values('(//y[@id]/preceding::*)[1]', doc)).toEqual([AX]);
  });

  it('the parent of the document node is empty; of the root element, the document node', () => {
    expect(values('/..', doc)).toEqual([]);
    expect(values('/r/..', doc)).toEqual(['/']);
    expect(values('/r/parent::node()', doc)).toEqual(['/']);
    expect(values('/r/parent::*', doc)).toEqual([]);
  });
});

describe('XPath 2.0 §3.2.1.1 axes from an attribute node', () => {
  // An attribute's parent is its element, but it is not that element's child (XDM §6.3).
  it.each([
    ['//@id[. = 2]/parent::*', [BX]],
    ['//@id[. = 2]/..', [BX]],
    ['//@id[. = 2]/ancestor::*', ['/r[1]', BX]],
    ['//@id[. = 2]/self::attribute()', [`${BX}/@id`]],
    ['//@id[. = 2]/following-sibling::node()', []],
    ['//@id[. = 2]/preceding-sibling::node()', []],
    ['//@id[. = 2]/child::node()', []],
    ['//@id[. = 2]/descendant::node()', []],
    ['//@id[. = 2]/attribute::*', []],
    // following: everything after the attribute that is not its descendant — its element's content included
    ['//@id[. = 2]/following::*', [`${BX}/{urn:test:a}y[1]`, `${BX}/x[1]`, X, `${X}/y[1]`]],
    ['//@id[. = 2]/following::*[1]', [`${BX}/{urn:test:a}y[1]`]],
    // preceding: everything before it that is not its ancestor — its own element excluded
    ['//@id[. = 2]/preceding::*', [AX, `${AX}/y[1]`]],
    ['//@id[. = 2]/preceding::node()[1]', [`${AX}/text()[2]`]],
    ['//@id[. = 2]/preceding::*[1]', [`${AX}/y[1]`]],
  ])('%s', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('evaluates from an attribute as the context item', () => {
    const attribute = evaluate('/r/b:x/@id', doc)[0] as Parameters<typeof values>[2];
    expect(values('following::x', doc, attribute)).toEqual([`${BX}/x[1]`, X]);
    expect(values('preceding::*:y', doc, attribute)).toEqual([`${AX}/y[1]`]);
    expect(values('..//*:y', doc, attribute)).toEqual([`${BX}/{urn:test:a}y[1]`]);
    expect(values('.//x', doc, attribute)).toEqual([]);
    expect(values('ancestor::*[1]/@id', doc, attribute)).toEqual([`${BX}/@id`]);
  });
});

describe('XPath 2.0 §3.2.1.2 node tests: names, namespaces and wildcards', () => {
  it.each([
    ['//x', [`${BX}/x[1]`, X]], // an unprefixed name is in no namespace (no default element namespace)
    ['.//x', [`${BX}/x[1]`, X]],
    ['//a:x', [AX]],
    ['//a:*', [AX, `${BX}/{urn:test:a}y[1]`]],
    ['//b:*', [BX]],
    ['//*:x', [AX, BX, `${BX}/x[1]`, X]],
    ['//*:y', [`${AX}/y[1]`, `${BX}/{urn:test:a}y[1]`, `${X}/y[1]`]],
    ['//*[@id > 1]', [BX, X, `${X}/y[1]`]],
    ['//*[not(@*)]', ['/r[1]', `${AX}/y[1]`, `${BX}/x[1]`]],
    ['//element()', ['/r[1]', AX, `${AX}/y[1]`, BX, `${BX}/{urn:test:a}y[1]`, `${BX}/x[1]`, X, `${X}/y[1]`]],
    ['//text()', [`${AX}/text()[1]`, `${AX}/text()[2]`]],
    ['/r/*/@*', [`${AX}/@id`, `${AX}/@{urn:test:a}k`, `${BX}/@id`, `${X}/@id`]],
    ['//@a:k', [`${AX}/@{urn:test:a}k`]],
    ['//@a:*', [`${AX}/@{urn:test:a}k`]],
    ['//@*:k', [`${AX}/@{urn:test:a}k`, `${BX}/{urn:test:a}y[1]/@{urn:test:b}k`]],
    ['//@k', []], // k is only ever in a namespace
    [
      '//attribute()',
      [
        `${AX}/@id`,
        `${AX}/@{urn:test:a}k`,
        `${BX}/@id`,
        `${BX}/{urn:test:a}y[1]/@{urn:test:b}k`,
        `${X}/@id`,
        `${X}/y[1]/@id`,
      ],
    ],
    ['//@id/..', [AX, BX, X, `${X}/y[1]`]],
    ['//y/self::y', [`${AX}/y[1]`, `${X}/y[1]`]],
    ['//a:x/*/parent::node()', [AX]],
    ['/r/x/y/../../b:x/x', [`${BX}/x[1]`]],
  ])('%s', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('counts the nodes of //node(): elements and texts, no attributes, no document node', () => {
    expect(value('count(//node())', doc)).toBe('xs:integer(10)');
    expect(value('count(/descendant-or-self::node())', doc)).toBe('xs:integer(11)');
  });

  it('names and namespaces of elements and attributes (F&O §14.1, §14.2, §14.3)', () => {
    expect(value('name(//@a:k)', doc)).toBe('xs:string(a:k)');
    expect(value('local-name(//@a:k)', doc)).toBe('xs:string(k)');
    expect(value('namespace-uri(//@a:k)', doc)).toBe('xs:string(urn:test:a)');
    expect(value('name(/r/*[1])', doc)).toBe('xs:string(a:x)');
    expect(value('local-name(/r/*[1])', doc)).toBe('xs:string(x)');
    expect(value('namespace-uri(/r/*[3])', doc)).toBe('xs:string()');
    expect(value('name(/)', doc)).toBe('xs:string()');
    expect(value('name(//text()[1])', doc)).toBe('xs:string()');
    expect(value('name(())', doc)).toBe('xs:string()');
    expect(values('/r/*/name()', doc)).toEqual(['xs:string(a:x)', 'xs:string(b:x)', 'xs:string(x)']);
  });

  it('name() gives the prefix of the document, whatever prefix the expression uses', () => {
    const other = parseXdm('<p:r xmlns:p="urn:test:a"><q:s xmlns:q="urn:test:a"/></p:r>');
    expect(value('name(/a:r)', other)).toBe('xs:string(p:r)');
    expect(value('name(/a:r/a:s)', other)).toBe('xs:string(q:s)');
    expect(value('local-name(/a:r/a:s)', other)).toBe('xs:string(s)');
  });

  it('a default namespace in the document does not make unprefixed names match (§2.1.1)', () => {
    const defaulted = parseXdm('<r xmlns="urn:test:a"><x/></r>');
    expect(values('//x', defaulted)).toEqual([]);
    expect(values('//a:x', defaulted)).toEqual(['/{urn:test:a}r[1]/{urn:test:a}x[1]']);
    expect(values('//*:x', defaulted)).toEqual(['/{urn:test:a}r[1]/{urn:test:a}x[1]']);
  });

  it('a path or an axis step from an atomic value is a type error (XPTY0019, XPTY0020)', () => {
    expect(errorCode('(1, 2)/x')).toBe('XPTY0019');
    expect(errorCode('for $i in 1 return $i/x')).toBe('XPTY0019');
    expect(errorCode('(1, 2)[x]')).toBe('XPTY0020');
    expect(errorCode('(1, 2)[@x]')).toBe('XPTY0020');
  });
});

describe('XPath 2.0 §3.2.4 abbreviated syntax', () => {
  it.each([
    ['r/a:x/@a:k', [`${AX}/@{urn:test:a}k`]],
    ['*', ['/r[1]']],
    ['child::r', ['/r[1]']],
    ['r/node()[2]/..[1]', ['/r[1]']],
    ['/r/x/y/..', [X]],
    ['/r/x/.', [X]],
    ['//r//y', [`${AX}/y[1]`, `${X}/y[1]`]],
    ['/r//@id', [`${AX}/@id`, `${BX}/@id`, `${X}/@id`, `${X}/y[1]/@id`]],
    ['/r/x//@id', [`${X}/@id`, `${X}/y[1]/@id`]], // E//@x includes E's own attributes
  ])('%s', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('a lone / is the document node; / followed by a step is a path', () => {
    expect(values('/', doc)).toEqual(['/']);
    expect(values('/r', doc)).toEqual(['/r[1]']);
    expect(value('string(/)', parseXdm('<r>a<b>c</b></r>'))).toBe('xs:string(ac)');
  });
});
