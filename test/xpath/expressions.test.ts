import { describe, expect, it } from 'vitest';
import { parseXdm } from '../../src/xpath/document.js';
import { errorCode, truth, value, values } from './harness.js';

/**
 * The expression forms of the XPath 2.0 engine (issue #21) against XPath 2.0: §2.4.3 effective boolean
 * value, §3.5 comparisons, §3.3 sequences, §3.6 logical, §3.7 for, §3.8 if, §3.9 quantified, §3.2.2 and §3.3.2
 * predicates and filters.
 */

const numbers = parseXdm('<r><n>10</n><n>9</n><s>abc</s><e/><b>true</b></r>');

describe('XPath 2.0 §2.4.3 effective boolean value', () => {
  it.each([
    ['boolean(())', false],
    ['boolean("")', false],
    ['boolean("0")', true],
    ['boolean("false")', true],
    ['boolean(0)', false],
    ['boolean(0.0)', false],
    ['boolean(0e0)', false],
    ['boolean(-0e0)', false],
    ['boolean(0 div 0e0)', false], // NaN
    ['boolean(1)', true],
    ['boolean(-0.5)', true],
    ['boolean(xs:untypedAtomic(""))', false],
    ['boolean(xs:untypedAtomic("0"))', true],
    ['boolean(false())', false],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('a sequence whose first item is a node is true, whatever follows', () => {
    expect(truth('boolean(//e)', numbers)).toBe(true); // an empty element is still a node
    expect(truth('boolean((//e, 0))', numbers)).toBe(true);
    expect(truth('boolean((//e, 1, 2))', numbers)).toBe(true);
    expect(truth('not(//s)', numbers)).toBe(false);
  });

  it.each([
    'boolean((1, 2))',
    'boolean((0, //e))', // first item atomic, more than one item
    'boolean(xs:date("2024-01-01"))',
    'if ((1, 2)) then 1 else 0',
    '(1, 2) and true()',
    'not(("a", "b"))',
    '(1, 2, 3)[("a", "b")]',
  ])('%s raises FORG0006', (expression) => {
    expect(errorCode(expression, numbers)).toBe('FORG0006');
  });

  it('and/or return booleans of their operands’ effective boolean values (§3.6)', () => {
    expect(values('"a" and 1')).toEqual(['xs:boolean(true)']);
    expect(values('"" or 0')).toEqual(['xs:boolean(false)']);
    expect(values('//e or false()', numbers)).toEqual(['xs:boolean(true)']);
  });
});

describe('XPath 2.0 §3.5.2 general comparisons: existential, untyped cast to the other side', () => {
  it.each([
    // untyped vs number: both as xs:double
    ['//n[1] > 9', true],
    ['//n[1] = 10.0', true],
    ['//n[1] = 1e1', true],
    // untyped vs string: both as strings ("10" < "9")
    ['//n[1] > "9"', false],
    ['//n[1] = "10.0"', false],
    // untyped vs untyped: as strings
    ['//n[1] > //n[2]', false],
    ['//n[1] = //n[2]', false],
    // untyped vs boolean: the untyped value cast to xs:boolean
    ['//b = true()', true],
    ['//e = ""', true],
    // existential: true when some pair is
    ['//n = 9', true],
    ['//n = (1, 9)', true],
    ['//n > //n', true], // "9" > "10" as strings
    ['(1, 2) = (2, 3)', true],
    ['(1, 2) != (1, 2)', true],
    ['(1, 2) = (3, 4)', false],
    ['1 != 1', false],
    // the empty sequence: no pair, so false for = and != alike
    ['() = ()', false],
    ['() != ()', false],
    ['//missing = 1', false],
    ['//missing != 1', false],
    ['1 = ()', false],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression, numbers)).toBe(expected);
  });

  it('an untyped value that is no number, compared with a number, is FORG0001', () => {
    expect(errorCode('//s = 1', numbers)).toBe('FORG0001');
    expect(errorCode('//s > 1', numbers)).toBe('FORG0001');
  });

  it('a number and a string are incomparable (XPTY0004)', () => {
    expect(errorCode('1 = "1"')).toBe('XPTY0004');
  });

  it('the document node compares by its string value', () => {
    const doc = parseXdm('<r>ab<x>c</x></r>');
    expect(truth('/ = "abc"', doc)).toBe(true);
    expect(truth('"abc" = /', doc)).toBe(true);
    expect(truth('/ != "abc"', doc)).toBe(false);
  });
});

describe('XPath 2.0 §3.5.1 value comparisons: one item each, untyped as xs:string', () => {
  it('compares an untyped node as a string', () => {
    expect(truth('//n[1] eq "10"', numbers)).toBe(true);
    expect(errorCode('//n[1] eq 10', numbers)).toBe('XPTY0004');
    expect(errorCode('//n[1] eq 10.0', numbers)).toBe('XPTY0004');
  });

  it('an empty operand gives the empty sequence; two items are XPTY0004', () => {
    expect(values('() eq 1')).toEqual([]);
    expect(values('1 eq ()')).toEqual([]);
    expect(errorCode('(1, 2) eq 1')).toBe('XPTY0004');
    expect(errorCode('//n eq "10"', numbers)).toBe('XPTY0004');
  });

  it.each([
    ['1 eq 1.0', true],
    ['1 eq 1e0', true],
    ['1 lt 1.5', true],
    ['2 ge 1e0', true],
    ['(0 div 0e0) eq (0 div 0e0)', false],
    ['(0 div 0e0) ne (0 div 0e0)', true],
    ['"a" lt "b"', true],
    ['"B" lt "a"', true], // codepoints
    ['true() gt false()', true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });
});

describe('XPath 2.0 §3.3.1 range expressions (to)', () => {
  it.each([
    ['1 to 3', ['xs:integer(1)', 'xs:integer(2)', 'xs:integer(3)']],
    ['3 to 1', []],
    ['1 to 1', ['xs:integer(1)']],
    ['() to 3', []],
    ['1 to ()', []],
    ['-1 to 0', ['xs:integer(-1)', 'xs:integer(0)']],
  ])('%s', (expression, expected) => {
    expect(values(expression)).toEqual(expected);
  });

  it('casts an untyped operand to xs:integer and refuses other types (XPTY0004)', () => {
    const doc = parseXdm('<r n="2"/>');
    expect(values('1 to /r/@n', doc)).toEqual(['xs:integer(1)', 'xs:integer(2)']);
    expect(errorCode('1.5 to 3')).toBe('XPTY0004');
    expect(errorCode('"1" to 3')).toBe('XPTY0004');
    expect(errorCode('(1, 2) to 3')).toBe('XPTY0004');
  });
});

describe('XPath 2.0 §3.7 for, §3.8 if, §3.9 some/every', () => {
  const doc = parseXdm('<r><x id="1"/><x id="2"/><x id="3"/></r>');

  it('for iterates in order, nested bindings vary the last fastest', () => {
    expect(values('for $i in 1 to 3 return $i * 2')).toEqual([
      'xs:integer(2)',
      'xs:integer(4)',
      'xs:integer(6)',
    ]);
    expect(values('for $i in (1, 2), $j in (10, 20) return $i + $j')).toEqual([
      'xs:integer(11)',
      'xs:integer(21)',
      'xs:integer(12)',
      'xs:integer(22)',
    ]);
    expect(values('for $x in //x return string($x/@id)', doc)).toEqual([
      'xs:string(1)',
      'xs:string(2)',
      'xs:string(3)',
    ]);
    expect(values('for $i in () return 1')).toEqual([]);
  });

  it('for keeps the order and duplicates of its body (it is no path)', () => {
    expect(
      values('for $x in (//x[3], //x[1], //x[3]) return $x/@id', doc).map((v) =>
        v.replace(/.*x\[(\d)\].*/, '$1'),
      ),
    ).toEqual(['3', '1', '3']);
  });

  it('an inner binding shadows an outer one of the same name', () => {
    expect(values('for $i in (1, 2) return (for $i in (10, 20) return $i)')).toEqual([
      'xs:integer(10)',
      'xs:integer(20)',
      'xs:integer(10)',
      'xs:integer(20)',
    ]);
    expect(values('for $i in (1, 2) return ((for $i in 10 return $i), $i)')).toEqual([
      'xs:integer(10)',
      'xs:integer(1)',
      'xs:integer(10)',
      'xs:integer(2)',
    ]);
  });

  it.each([
    ['some $i in (1, 2, 3) satisfies $i > 2', true],
    ['every $i in (1, 2, 3) satisfies $i > 2', false],
    ['every $i in (1, 2, 3) satisfies $i > 0', true],
    ['some $i in () satisfies true()', false],
    ['every $i in () satisfies false()', true],
    ['some $i in (1, 2), $j in (2, 3) satisfies $i = $j', true],
    ['every $i in (1, 2), $j in (2, 3) satisfies $i < $j', false],
    ['some $x in //x satisfies $x/@id = 2', true],
    ['every $x in //x satisfies $x/@id', true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression, doc)).toBe(expected);
  });

  it('if takes the effective boolean value of its condition', () => {
    expect(value('if (()) then "t" else "e"')).toBe('xs:string(e)');
    expect(value('if (//x) then "t" else "e"', doc)).toBe('xs:string(t)');
    expect(value('if ("") then "t" else "e"')).toBe('xs:string(e)');
    expect(value('if (0.0) then "t" else "e"')).toBe('xs:string(e)');
  });

  it('if evaluates only the branch it takes', () => {
    expect(value('if (true()) then 1 else 1 div 0')).toBe('xs:integer(1)');
    expect(value('if (false()) then 1 div 0 else 2')).toBe('xs:integer(2)');
  });
});

describe('XPath 2.0 §3.3.3 union, intersect, except: document order, no duplicates', () => {
  const doc = parseXdm('<r><x id="1"/><y/><x id="2"/><z><x id="3"/></z></r>');

  it.each([
    ['//y | //x', ['/r[1]/x[1]', '/r[1]/y[1]', '/r[1]/x[2]', '/r[1]/z[1]/x[1]']],
    ['//y union //x', ['/r[1]/x[1]', '/r[1]/y[1]', '/r[1]/x[2]', '/r[1]/z[1]/x[1]']],
    ['(//y, //x, //x) | ()', ['/r[1]/x[1]', '/r[1]/y[1]', '/r[1]/x[2]', '/r[1]/z[1]/x[1]']],
    ['//x except //x[2]', ['/r[1]/x[1]', '/r[1]/z[1]/x[1]']],
    ['//* except //x', ['/r[1]', '/r[1]/y[1]', '/r[1]/z[1]']],
    ['//x intersect //z//*', ['/r[1]/z[1]/x[1]']],
    ['(//z/x, //x[1]) intersect (//x, //x)', ['/r[1]/x[1]', '/r[1]/z[1]/x[1]']],
    ['(//x union //y)[last()]', ['/r[1]/z[1]/x[1]']],
    ['//@id | //y', ['/r[1]/x[1]/@id', '/r[1]/y[1]', '/r[1]/x[2]/@id', '/r[1]/z[1]/x[1]/@id']],
  ])('%s', (expression, expected) => {
    expect(values(expression, doc)).toEqual(expected);
  });

  it('counts each node once', () => {
    expect(value('count(//x | //x)', doc)).toBe('xs:integer(3)');
    expect(value('count((//x, //x))', doc)).toBe('xs:integer(6)');
  });

  it('E1/E2 over several nodes of E1 sorts and deduplicates the nodes E2 gives (§3.2)', () => {
    expect(values('(/r, /r)/(x[2], x[1])', doc)).toEqual(['/r[1]/x[1]', '/r[1]/x[2]']);
    expect(values('//x/(., ..)', doc)).toEqual([
      '/r[1]',
      '/r[1]/x[1]',
      '/r[1]/x[2]',
      '/r[1]/z[1]',
      '/r[1]/z[1]/x[1]',
    ]);
  });

  it('refuses atomic operands (XPTY0004)', () => {
    expect(errorCode('//x | 1', doc)).toBe('XPTY0004');
    expect(errorCode('1 except //x', doc)).toBe('XPTY0004');
  });

  it('a path that gives both nodes and atomic values is XPTY0018 (§3.2)', () => {
    expect(errorCode('//x/(., 1)', doc)).toBe('XPTY0018');
    expect(errorCode('//x/(1, ..)', doc)).toBe('XPTY0018');
    expect(values('//x/string(@id)', doc)).toEqual(['xs:string(1)', 'xs:string(2)', 'xs:string(3)']);
  });
});

describe('XPath 2.0 §3.2.2 predicates and §3.3.2 filter expressions', () => {
  const doc = parseXdm('<r><x id="1"/><y/><x id="2"/><z><x id="3"/></z></r>');

  it.each([
    ['(3, 1, 2)[2]', ['xs:integer(1)']],
    ['(3, 1, 2)[. > 1]', ['xs:integer(3)', 'xs:integer(2)']],
    ['(3, 1, 2)[last()]', ['xs:integer(2)']],
    ['(3, 1, 2)[position() < 3]', ['xs:integer(3)', 'xs:integer(1)']],
    ['(3, 1, 2)[position() = last() - 1]', ['xs:integer(1)']],
    ['(1 to 10)[. mod 2 = 0][2]', ['xs:integer(4)']],
    ['(1 to 10)[2][1]', ['xs:integer(2)']],
    ['(1 to 10)[2][2]', []],
    // a numeric predicate is positional, whatever its numeric type
    ['(1, 2, 3)[2.0]', ['xs:integer(2)']],
    ['(1, 2, 3)[2e0]', ['xs:integer(2)']],
    ['(1, 2, 3)[2.5]', []],
    ['(1, 2, 3)[0]', []],
    ['(1, 2, 3)[4]', []],
    ['(1, 2, 3)[1 + 1]', ['xs:integer(2)']],
    ['(1, 2, 3)[last() - 1]', ['xs:integer(2)']],
    // any other value by its effective boolean value
    ['(1, 2, 3)[true()]', ['xs:integer(1)', 'xs:integer(2)', 'xs:integer(3)']],
    ['(1, 2, 3)["a"]', ['xs:integer(1)', 'xs:integer(2)', 'xs:integer(3)']],
    ['(1, 2, 3)[""]', []],
    ['()[1]', []],
  ])('%s', (expression, expected) => {
    expect(values(expression)).toEqual(expected);
  });

  it('a numeric predicate is compared with the position of each item, not once', () => {
    // [. ] on (2, 2, 3): item 2 at position 2 is kept, item 2 at position 1 is not, 3 at 3 is
    expect(values('(2, 2, 3)[.]')).toEqual(['xs:integer(2)', 'xs:integer(3)']);
  });

  it('a predicate of a step counts per parent; of a parenthesized path, over the whole result', () => {
    expect(values('//x[1]', doc)).toEqual(['/r[1]/x[1]', '/r[1]/z[1]/x[1]']);
    expect(values('(//x)[1]', doc)).toEqual(['/r[1]/x[1]']);
    expect(values('//x[last()]', doc)).toEqual(['/r[1]/x[2]', '/r[1]/z[1]/x[1]']);
    expect(values('(//x)[last()]', doc)).toEqual(['/r[1]/z[1]/x[1]']);
    expect(values('(//x)[@id = 2]', doc)).toEqual(['/r[1]/x[2]']);
    expect(values('(//x)[position() > 1]', doc)).toEqual(['/r[1]/x[2]', '/r[1]/z[1]/x[1]']);
  });

  it('predicates apply one after the other, each to the result of the previous one', () => {
    expect(values('/r/x[@id > 1][1]', doc)).toEqual(['/r[1]/x[2]']);
    expect(values('/r/x[1][@id > 1]', doc)).toEqual([]);
    expect(values('/r/*[2][self::y]', doc)).toEqual(['/r[1]/y[1]']);
  });

  it('a predicate sees its own focus, not the outer one', () => {
    expect(values('/r/x[count(../x) = 2]', doc)).toEqual(['/r[1]/x[1]', '/r[1]/x[2]']);
    expect(values('/r/x[some $i in 1 to 2 satisfies $i = position()]', doc)).toEqual([
      '/r[1]/x[1]',
      '/r[1]/x[2]',
    ]);
    expect(values('/r/*[position() = last()]', doc)).toEqual(['/r[1]/z[1]']);
  });

  it('filter on a for expression and on a variable', () => {
    expect(values('(for $i in 1 to 5 return $i * $i)[. > 5][1]')).toEqual(['xs:integer(9)']);
    expect(values('for $s in (//x) return $s[1]/@id/string()', doc)).toEqual([
      'xs:string(1)',
      'xs:string(2)',
      'xs:string(3)',
    ]);
  });
});

describe('XPath 2.0 §3.3.1 sequences, §2.6 comments, §3.1.1 string literals, §A.2.2 lexical structure', () => {
  it('flattens nested sequences and keeps duplicates', () => {
    expect(values('(1, (2, 3), (), (4))')).toEqual([
      'xs:integer(1)',
      'xs:integer(2)',
      'xs:integer(3)',
      'xs:integer(4)',
    ]);
    expect(value('count((1, 1, 1))')).toBe('xs:integer(3)');
  });

  it('reads nested comments and doubled quotes in strings', () => {
    expect(value('(: c (: nested :) :) 1')).toBe('xs:integer(1)');
    expect(value('"a""b"')).toBe('xs:string(a"b)');
    expect(value("'a''b'")).toBe("xs:string(a'b)");
  });

  it('tells operator names from element names by position', () => {
    const doc = parseXdm('<r><div n="6"/><if/><return/><and>3</and><to/></r>');
    expect(values('//if', doc)).toEqual(['/r[1]/if[1]']);
    expect(values('//return', doc)).toEqual(['/r[1]/return[1]']);
    expect(value('r/div/@n div r/and', doc)).toBe('xs:double(2)');
    expect(value('count(r/to)', doc)).toBe('xs:integer(1)');
    expect(value('2*3')).toBe('xs:integer(6)');
    expect(value('10 idiv 3 * 2')).toBe('xs:integer(6)');
  });
});
