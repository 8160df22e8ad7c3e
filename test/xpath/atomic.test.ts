import { describe, expect, it } from 'vitest';
import { parseXdm } from '../../src/xpath/document.js';
import { errorCode, truth, value, values } from './harness.js';

/**
 * The atomic types of the XPath 2.0 engine (issue #21, src/xpath/atomic.ts) against the W3C texts:
 * XPath 2.0 §3.1.1 (literals), §3.4 (arithmetic), §3.5 (comparisons), §3.10 (cast, castable,
 * instance of) and F&O 1.0 §6 (numerics), §10 (dates), §17 (casting). `value()` shows a result as
 * `type(canonical string)`, so each expectation pins the type as well as the value.
 */

describe('XPath 2.0 §3.1.1 numeric literals: integer, decimal and double', () => {
  it.each([
    ['17', 'xs:integer(17)'],
    ['1.', 'xs:decimal(1)'],
    ['.5', 'xs:decimal(0.5)'],
    ['1. + .5', 'xs:decimal(1.5)'],
    ['1.50', 'xs:decimal(1.5)'],
    ['1e0', 'xs:double(1)'],
    ['1.5E2', 'xs:double(150)'],
    ['.5e1', 'xs:double(5)'],
    ['99999999999999999999 + 1', 'xs:integer(100000000000000000000)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });

  it('tells a minus after a number from a minus inside a name (§3.4: 1-1 is a subtraction)', () => {
    expect(value('1-1')).toBe('xs:integer(0)');
    expect(value('1 - -1')).toBe('xs:integer(2)');
    expect(value('--1')).toBe('xs:integer(1)');
  });
});

describe('XPath 2.0 §3.4 / F&O §6.2 arithmetic: type promotion (Appendix B.1)', () => {
  it.each([
    ['1 + 2', 'xs:integer(3)'],
    ['1 + 1.0', 'xs:decimal(2)'],
    ['1 + 1e0', 'xs:double(2)'],
    ['1.5 * 2', 'xs:decimal(3)'],
    ['3 div 2', 'xs:decimal(1.5)'],
    // F&O §6.2.4: op:numeric-divide of two integers is an xs:decimal, even when it divides exactly.
    ['4 div 2', 'xs:decimal(2)'],
    ['0.1 + 0.2', 'xs:decimal(0.3)'],
    ['0.1e0 + 0.2e0', 'xs:double(0.30000000000000004)'],
    ['xs:untypedAtomic("1") + 1', 'xs:double(2)'],
    ['xs:untypedAtomic("1") + 1.5', 'xs:double(2.5)'],
    ['-xs:untypedAtomic("2")', 'xs:double(-2)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });

  it('1 div 3 is an xs:decimal, not the double 0.3333333333333333', () => {
    expect(truth('(1 div 3) instance of xs:decimal')).toBe(true);
    expect(truth('(1 div 3) instance of xs:double')).toBe(false);
    expect(value('1 div 3')).toMatch(/^xs:decimal\(0\.3{18,}\)$/);
  });

  it('0.1 + 0.2 = 0.3 holds exactly for decimals and not for doubles', () => {
    expect(truth('0.1 + 0.2 = 0.3')).toBe(true);
    expect(truth('0.1 + 0.2 eq 0.3')).toBe(true);
    expect(truth('0.1e0 + 0.2e0 = 0.3')).toBe(false);
    expect(truth('0.1 + 0.2e0 = 0.3e0')).toBe(false);
  });

  it.each([
    ['(4 div 2) instance of xs:integer', false],
    ['(4 idiv 2) instance of xs:integer', true],
    ['(1 + 1.0) instance of xs:decimal', true],
    ['(1 + 1.0) instance of xs:integer', false],
    ['(1e0 + 1) instance of xs:double', true],
    ['1 instance of xs:decimal', true], // xs:integer derives from xs:decimal
    ['1.0 instance of xs:integer', false],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('an untyped operand of arithmetic is cast to xs:double; a string operand is a type error (§3.4)', () => {
    expect(errorCode('"1" + 1')).toBe('XPTY0004');
    expect(errorCode('+"a"')).toBe('XPTY0004');
    const doc = parseXdm('<r><e/><n>2</n></r>');
    expect(errorCode('r/e + 1', doc)).toBe('FORG0001');
    expect(value('r/n * r/n', doc)).toBe('xs:double(4)');
  });

  it('an empty operand gives the empty sequence (§3.4)', () => {
    expect(values('1 + ()')).toEqual([]);
    expect(values('() * 2')).toEqual([]);
    expect(values('-()')).toEqual([]);
  });

  it('more than one item in an operand is XPTY0004', () => {
    expect(errorCode('(1, 2) + 1')).toBe('XPTY0004');
  });

  it('integers are arbitrary precision: the IBAN check xs:integer(…) mod 97 = 1 (F&O §6.2.6)', () => {
    expect(value("xs:integer('3214282912345698765432161182') mod 97")).toBe('xs:integer(1)');
    expect(value('99999999999999999999 * 99999999999999999999')).toBe(
      'xs:integer(9999999999999999999800000000000000000001)',
    );
  });
});

describe('F&O §6.2.5 idiv and §6.2.6 mod: signs', () => {
  it.each([
    ['7 idiv 2', 'xs:integer(3)'],
    ['-7 idiv 2', 'xs:integer(-3)'],
    ['7 idiv -2', 'xs:integer(-3)'],
    ['-7 idiv -2', 'xs:integer(3)'],
    ['5 idiv 2.5', 'xs:integer(2)'],
    ['7.5 idiv 2', 'xs:integer(3)'],
    ['-7.5e0 idiv 2', 'xs:integer(-3)'],
    // mod: the sign of the dividend (F&O §6.2.6: a = (a idiv b) * b + (a mod b)).
    ['7 mod 2', 'xs:integer(1)'],
    ['-7 mod 2', 'xs:integer(-1)'],
    ['7 mod -2', 'xs:integer(1)'],
    ['-7 mod -2', 'xs:integer(-1)'],
    ['-7.5 mod 2', 'xs:decimal(-1.5)'],
    ['-7e0 mod 2', 'xs:double(-1)'],
    ['10 mod 3.5', 'xs:decimal(3)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });
});

describe('F&O §6.2.4, §6.2.5, §6.2.6 division by zero: FOAR0001 for integers and decimals, IEEE 754 for doubles', () => {
  it.each([
    '1 div 0',
    '1.0 div 0',
    '1 div 0.0',
    '1 idiv 0',
    '1 mod 0',
    '1.5 mod 0',
    '1e0 idiv 0',
    '1.5 idiv 0.0',
  ])('%s raises FOAR0001', (expression) => {
    expect(errorCode(expression)).toBe('FOAR0001');
  });

  it.each([
    ['1 div 0e0', 'xs:double(INF)'],
    ['-1 div 0e0', 'xs:double(-INF)'],
    ['1e0 div 0', 'xs:double(INF)'],
    ['0 div 0e0', 'xs:double(NaN)'],
    ['1e0 mod 0', 'xs:double(NaN)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });

  it('idiv of a double by which the quotient is infinite or NaN is FOAR0002', () => {
    expect(errorCode('(1 div 0e0) idiv 2')).toBe('FOAR0002');
    expect(errorCode('(0 div 0e0) idiv 2')).toBe('FOAR0002');
  });
});

describe('F&O §17.1.2 canonical string forms of xs:double and xs:decimal', () => {
  it.each([
    ['1e7', '1.0E7'],
    ['10000000e0', '1.0E7'],
    ['1000000e0', '1.0E6'], // 1e6 is the first double written with an exponent
    ['999999e0', '999999'],
    ['123456.7e0', '123456.7'],
    ['0.5e0', '0.5'],
    ['17e0', '17'],
    ['0.000001e0', '0.000001'],
    ['0.0000001e0', '1.0E-7'],
    ['1.5e-7', '1.5E-7'],
    ['123456789e0', '1.23456789E8'],
    ['1e100', '1.0E100'],
    ['0 div 0e0', 'NaN'],
    ['1 div 0e0', 'INF'],
    ['-1 div 0e0', '-INF'],
    ['-0e0', '-0'],
    ['0e0', '0'],
    // decimals: no exponent, no trailing zeros, no trailing point
    ['1.50', '1.5'],
    ['3.0', '3'],
    ['-0.0', '0'],
    ['0.000001', '0.000001'],
    ['1234567890.5', '1234567890.5'],
  ])('string(%s) is "%s"', (expression, expected) => {
    expect(value(`string(${expression})`)).toBe(`xs:string(${expected})`);
  });

  it('xs:string and xs:untypedAtomic casts use the same form', () => {
    expect(value('xs:string(1.0E7)')).toBe('xs:string(1.0E7)');
    expect(value('xs:untypedAtomic(2.50)')).toBe('xs:untypedAtomic(2.5)');
    expect(value('xs:string(true())')).toBe('xs:string(true)');
  });
});

describe('F&O §17.1.1 casting from strings: whitespace collapse and FORG0001', () => {
  it.each([
    ['xs:decimal(" 1.50 ")', 'xs:decimal(1.5)'],
    ['xs:decimal("1.")', 'xs:decimal(1)'],
    ['xs:decimal(".5")', 'xs:decimal(0.5)'],
    ['xs:decimal("+1")', 'xs:decimal(1)'],
    ['xs:decimal("-0")', 'xs:decimal(0)'],
    ['xs:integer(" 5 ")', 'xs:integer(5)'],
    ['xs:integer("+5")', 'xs:integer(5)'],
    ['xs:integer("-0")', 'xs:integer(0)'],
    ['xs:double("1e3")', 'xs:double(1000)'],
    ['xs:double("1.")', 'xs:double(1)'],
    ['xs:double(" INF ")', 'xs:double(INF)'],
    ['xs:double("-INF")', 'xs:double(-INF)'],
    ['xs:double("NaN")', 'xs:double(NaN)'],
    ['xs:float("1.5")', 'xs:double(1.5)'],
    ['xs:boolean("1")', 'xs:boolean(true)'],
    ['xs:boolean("0")', 'xs:boolean(false)'],
    ['xs:boolean(" true ")', 'xs:boolean(true)'],
    ['xs:date(" 2024-01-01 ")', 'xs:date(2024-01-01)'],
    ['xs:date("2024-02-29")', 'xs:date(2024-02-29)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });

  it.each([
    'xs:decimal("1e3")',
    'xs:decimal("INF")',
    'xs:decimal("")',
    'xs:decimal(".")',
    'xs:decimal("1,5")',
    'xs:integer("1.0")',
    'xs:integer("abc")',
    'xs:integer("5 5")',
    'xs:double("inf")',
    'xs:double("1e")',
    'xs:double("")',
    'xs:boolean("TRUE")',
    'xs:boolean("yes")',
    'xs:boolean("")',
    'xs:date("2023-02-29")',
    'xs:date("2024-13-01")',
    'xs:date("2024-1-01")',
    'xs:date("2024-01-01+14:01")',
    'xs:date("2024-01-01T00:00:00")',
    '"abc" cast as xs:integer',
  ])('%s raises FORG0001', (expression) => {
    expect(errorCode(expression)).toBe('FORG0001');
  });

  it('casting INF or NaN to xs:decimal or xs:integer is FOCA0002 (§17.1.3)', () => {
    expect(errorCode('xs:decimal(1e0 div 0)')).toBe('FOCA0002');
    expect(errorCode('xs:integer(0e0 div 0)')).toBe('FOCA0002');
  });

  it('numeric to numeric casts truncate toward zero (§17.1.3)', () => {
    expect(value('xs:integer(2.9)')).toBe('xs:integer(2)');
    expect(value('xs:integer(-2.9e0)')).toBe('xs:integer(-2)');
    expect(value('xs:decimal(1.5e0)')).toBe('xs:decimal(1.5)');
    expect(value('xs:decimal(true())')).toBe('xs:decimal(1)');
    expect(value('xs:boolean(0.0)')).toBe('xs:boolean(false)');
  });

  it('casts between unrelated primitive types are XPTY0004 (§17.1 table)', () => {
    expect(errorCode('xs:date(1)')).toBe('XPTY0004');
    expect(errorCode('xs:double(xs:date("2024-01-01"))')).toBe('XPTY0004');
  });
});

describe('XPath 2.0 §3.10.2 cast as and §3.10.3 castable as', () => {
  it.each([
    ['"1" castable as xs:integer', true],
    ['" 12 " castable as xs:integer', true],
    ['"1.0" castable as xs:integer', false],
    ['"" castable as xs:decimal', false],
    ['"1." castable as xs:decimal', true],
    ['".5" castable as xs:decimal', true],
    ['"." castable as xs:decimal', false],
    ['"+1" castable as xs:decimal', true],
    ['"1e5" castable as xs:decimal', false],
    ['"1e5" castable as xs:double', true],
    ['"2024-1-01" castable as xs:date', false],
    ['"2024-01-01Z" castable as xs:date', true],
    ['() castable as xs:integer', false],
    ['() castable as xs:integer?', true],
    ['(1, 2) castable as xs:integer', false],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('casts the empty sequence only with "?" (XPTY0004 without)', () => {
    expect(values('() cast as xs:integer?')).toEqual([]);
    expect(errorCode('() cast as xs:integer')).toBe('XPTY0004');
  });

  it('a node is atomized to its untyped value before the cast', () => {
    const doc = parseXdm('<r a=" 42 "><d>2024-05-01</d><x>T</x></r>');
    expect(value('r/@a cast as xs:integer', doc)).toBe('xs:integer(42)');
    expect(truth('r/d castable as xs:date', doc)).toBe(true);
    expect(truth('r castable as xs:date', doc)).toBe(false); // "2024-05-01T"
  });

  it('refuses a type it does not know when compiling (XPST0051)', () => {
    expect(errorCode('xs:foo("1")')).toBe('XPST0051');
    expect(errorCode('1 cast as xs:foo')).toBe('XPST0051');
  });
});

describe('XPath 2.0 §3.10.1 instance of', () => {
  it.each([
    ['1 instance of xs:integer', true],
    ['(1, 2) instance of xs:integer', false],
    ['(1, 2) instance of xs:integer+', true],
    ['(1, 2) instance of xs:integer*', true],
    ['() instance of xs:integer', false],
    ['() instance of xs:integer?', true],
    ['() instance of xs:integer*', true],
    ['() instance of xs:integer+', false],
    ['(1, "a") instance of xs:integer*', false],
    ['"a" instance of xs:string', true],
    ['xs:date("2024-01-01") instance of xs:date', true],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('a node is not an atomic value, but its data() is untyped (XDM §3.3.1.2)', () => {
    const doc = parseXdm('<r n="1"/>');
    expect(truth('/r/@n instance of xs:untypedAtomic', doc)).toBe(false);
    expect(truth('data(/r/@n) instance of xs:untypedAtomic', doc)).toBe(true);
    expect(truth('string(/r/@n) instance of xs:string', doc)).toBe(true);
  });
});

describe('F&O §10.4 xs:date comparison with timezones', () => {
  it.each([
    // the same instant: 2024-01-02T00:00+12:00 = 2024-01-01T12:00Z = 2024-01-01T00:00-12:00
    ['xs:date("2024-01-02+12:00") eq xs:date("2024-01-01-12:00")', true],
    ['xs:date("2024-01-02+12:00") lt xs:date("2024-01-01-12:00")', false],
    ['xs:date("2024-01-01Z") eq xs:date("2024-01-01+00:00")', true],
    ['xs:date("2024-01-01+01:00") lt xs:date("2024-01-01Z")', true],
    ['xs:date("2024-01-01") lt xs:date("2024-01-02")', true],
    ['xs:date("2023-12-31") gt xs:date("2024-01-01")', false],
    ['xs:date("2024-01-01") ne xs:date("2024-01-01")', false],
  ])('%s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('keeps the timezone in the string form', () => {
    expect(value('string(xs:date("2024-01-01Z"))')).toBe('xs:string(2024-01-01Z)');
    expect(value('string(xs:date("2024-01-01-05:00"))')).toBe('xs:string(2024-01-01-05:00)');
  });

  it('accepts the extreme timezones ±14:00 and refuses beyond', () => {
    expect(value('xs:date("2024-01-01+14:00")')).toBe('xs:date(2024-01-01+14:00)');
    expect(value('xs:date("2024-01-01-14:00")')).toBe('xs:date(2024-01-01-14:00)');
    expect(errorCode('xs:date("2024-01-01+15:00")')).toBe('FORG0001');
  });

  it('compares an untyped node with a date as a date (§3.5.2)', () => {
    const doc = parseXdm('<r><d>2024-01-01</d><d>2024-03-01</d></r>');
    expect(truth('r/d = xs:date("2024-03-01")', doc)).toBe(true);
    expect(truth('r/d[1] < xs:date("2024-02-01")', doc)).toBe(true);
    expect(truth('r/d[2] < xs:date("2024-02-01")', doc)).toBe(false);
  });

  it('a date and a number are incomparable (XPTY0004)', () => {
    expect(errorCode('xs:date("2024-01-01") = 1')).toBe('XPTY0004');
  });
});
