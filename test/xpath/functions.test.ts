import { describe, expect, it } from 'vitest';
import { parseXdm } from '../../src/xpath/document.js';
import { errorCode, text, truth, value, values } from './harness.js';

/**
 * The standard functions of the XPath 2.0 engine (issue #21, src/xpath/functions.ts and regex.ts)
 * against W3C "XQuery 1.0 and XPath 2.0 Functions and Operators" (F&O 1.0). Where F&O gives examples,
 * they are copied verbatim with the result it states.
 */

const str = (s: string): string => `xs:string(${s})`;
const int = (n: number): string => `xs:integer(${n})`;

describe('F&O §7.4.3 fn:substring: the examples of the spec, verbatim', () => {
  it.each([
    ['fn:substring("motor car", 6)', ' car'],
    ['fn:substring("metadata", 4, 3)', 'ada'],
    ['fn:substring("12345", 1.5, 2.6)', '234'],
    ['fn:substring("12345", 0, 3)', '12'],
    ['fn:substring("12345", 5, -3)', ''],
    ['fn:substring("12345", -3, 5)', '1'],
    ['fn:substring("12345", 0 div 0E0, 3)', ''],
    ['fn:substring("12345", 1, 0 div 0E0)', ''],
    ['fn:substring((), 1, 3)', ''],
    ['fn:substring("12345", -42, 1 div 0E0)', '12345'],
    ['fn:substring("12345", -1 div 0E0, 1 div 0E0)', ''],
  ])('%s returns "%s"', (expression, expected) => {
    expect(value(expression)).toBe(str(expected));
  });

  it('counts code points, not UTF-16 units', () => {
    expect(value('substring("a😀b", 2, 1)')).toBe(str('😀'));
    expect(value('substring("😀😀x", 3)')).toBe(str('x'));
    expect(value('string-length("a😀b")')).toBe(int(3));
  });

  it('rounds half up: substring("12345", 2.5, 1) starts at 3', () => {
    expect(value('substring("12345", 2.5, 1)')).toBe(str('3'));
    expect(value('substring("12345", 2.4, 1.5)')).toBe(str('23'));
  });
});

describe('F&O §7.4 other string functions', () => {
  it('fn:normalize-space: the example of §7.4.5, and XML whitespace only', () => {
    expect(value('fn:normalize-space(" The    wealthy curate sends in    his     bill ")')).toBe(
      str('The wealthy curate sends in his bill'),
    );
    expect(value('normalize-space("\t a\n\r b \t")')).toBe(str('a b'));
    // U+00A0 is not XML whitespace: kept
    expect(value('normalize-space("\u00A0a\u00A0")')).toBe(str('\u00A0a\u00A0'));
    expect(value('normalize-space(())')).toBe(str(''));
    const doc = parseXdm('<r><v>  x   y </v></r>');
    expect(values('r/v/normalize-space()', doc)).toEqual([str('x y')]);
  });

  it.each([
    ['fn:translate("bar","abc","ABC")', 'BAr'],
    ['fn:translate("--aaa--","abc-","ABC")', 'AAA'],
    ['fn:translate("abcdabc", "abc", "AB")', 'ABdAB'],
    ['translate("aaa", "aa", "xy")', 'xxx'], // the first occurrence in $mapString wins
    ['translate("a😀b", "😀", "-")', 'a-b'],
    ['translate((), "a", "b")', ''],
  ])('§7.4.9 %s returns "%s"', (expression, expected) => {
    expect(value(expression)).toBe(str(expected));
  });

  it.each([
    ['fn:concat("un", "grateful")', 'ungrateful'],
    ['concat("a", (), 1, 2.0, 1e7)', 'a121.0E7'],
    ['fn:string-join(("Now", "is", "the", "time", "..."), " ")', 'Now is the time ...'],
    ['fn:string-join((), "separator")', ''],
    ['string-join((1, 2, 3), "-")', '1-2-3'],
    ['fn:substring-before("tattoo", "attoo")', 't'],
    ['fn:substring-before("tattoo", "tatto")', ''],
    ['fn:substring-after("tattoo", "tat")', 'too'],
    ['fn:substring-after("tattoo", "tattoo")', ''],
    ['substring-after("abc", "x")', ''],
    ['upper-case("abCd0")', 'ABCD0'],
    ['lower-case("ABc!D")', 'abc!d'],
  ])('%s returns "%s"', (expression, expected) => {
    expect(value(expression)).toBe(str(expected));
  });

  it.each([
    ['fn:contains("tattoo", "t")', true],
    ['fn:contains("tattoo", "ttt")', false],
    ['fn:contains("", ())', true],
    ['contains("abc", "")', true],
    ['fn:starts-with("tattoo", "tat")', true],
    ['fn:starts-with("tattoo", "att")', false],
    ['starts-with("abc", ())', true],
    ['fn:ends-with("tattoo", "tattoo")', true],
    ['fn:ends-with("tattoo", "atto")', false],
  ])('§7.5 %s is %s', (expression, expected) => {
    expect(truth(expression)).toBe(expected);
  });

  it('string-length and string of the context item', () => {
    const doc = parseXdm('<r><v>abc</v><v/></r>');
    expect(values('r/v/string-length()', doc)).toEqual([int(3), int(0)]);
    expect(values('r/v/string()', doc)).toEqual([str('abc'), str('')]);
    expect(value('string-length(())')).toBe(int(0));
  });

  it('§7.2 code points, astral characters as one code point each', () => {
    expect(values('fn:string-to-codepoints("Thérèse")')).toEqual([84, 104, 233, 114, 232, 115, 101].map(int));
    expect(values('string-to-codepoints("a😀b")')).toEqual([int(97), int(128512), int(98)]);
    expect(values('string-to-codepoints("")')).toEqual([]);
    expect(value('fn:codepoints-to-string((2309, 2358, 2378, 2325))')).toBe(str('अशॊक'));
    expect(value('codepoints-to-string((97, 128512))')).toBe(str('a😀'));
  });
});

describe('F&O §7.6 regular expressions: XML Schema regex semantics (§7.6.1)', () => {
  it('fn:matches: the examples of §7.6.2', () => {
    expect(truth('fn:matches("abracadabra", "bra")')).toBe(true);
    expect(truth('fn:matches("abracadabra", "^a.*a$")')).toBe(true);
    expect(truth('fn:matches("abracadabra", "^bra")')).toBe(false);
  });

  it('\\s is space, tab, CR and LF only — not U+00A0 nor other Unicode spaces', () => {
    for (const whitespace of [' ', '\t', '\n', '\r'])
      expect(truth(`matches("a${whitespace}b", "^a\\sb$")`)).toBe(true);
    for (const other of ['\u00A0', '\u2003', '\u3000', '\f', '\v'])
      expect(truth(`matches("a${other}b", "^a\\sb$")`), `U+${other.codePointAt(0)?.toString(16)}`).toBe(
        false,
      );
    expect(truth('matches("a\u00A0b", "^a\\Sb$")')).toBe(true);
    expect(truth('matches("a\u00A0b", "^[^\\s]+$")')).toBe(true);
  });

  it('\\d is any Unicode decimal digit (\\p{Nd}), not only 0–9', () => {
    expect(truth('matches("0123456789", "^\\d+$")')).toBe(true);
    expect(truth('matches("١٢٣", "^\\d+$")')).toBe(true); // Arabic-Indic
    expect(truth('matches("५", "^\\d$")')).toBe(true); // Devanagari
    expect(truth('matches("½", "^\\d$")')).toBe(false); // No, not Nd
    expect(truth('matches("١", "^\\D$")')).toBe(false);
  });

  it('\\w is every character but punctuation, separators and others (XSD F.1.1): letters, marks, digits, symbols', () => {
    expect(truth('matches("é€+٣", "^\\w+$")')).toBe(true);
    expect(truth('matches(",", "\\w")')).toBe(false);
    expect(truth('matches("_", "\\w")')).toBe(false); // _ is punctuation (Pc)
    expect(truth('matches(" ", "\\w")')).toBe(false);
  });

  it('. matches any character but \\n and \\r (§7.6.1), all of them with the s flag', () => {
    expect(truth('matches("a\nb", "^a.b$")')).toBe(false);
    expect(truth('matches("a\rb", "^a.b$")')).toBe(false);
    expect(truth('matches("a\u2028b", "^a.b$")')).toBe(true); // JavaScript's . would refuse U+2028
    expect(truth('matches("a\u2029b", "^a.b$")')).toBe(true);
    expect(truth('matches("a😀b", "^a.b$")')).toBe(true); // one code point
    expect(truth('matches("a\nb", "^a.b$", "s")')).toBe(true);
  });

  it('flags (§7.6.1.1): i, m, x; an unknown flag is FORX0001', () => {
    expect(truth('matches("AB", "ab", "i")')).toBe(true);
    expect(truth('matches("AB", "ab")')).toBe(false);
    expect(truth('matches("a\nb", "^b$")')).toBe(false);
    expect(truth('matches("a\nb", "^b$", "m")')).toBe(true);
    expect(truth('matches("ab", "a b", "x")')).toBe(true);
    expect(truth('matches("a b", "a b", "x")')).toBe(false);
    expect(truth('matches("a b", "a[ ]b", "x")')).toBe(true); // whitespace inside a class stays
    expect(errorCode('matches("x", "x", "q")')).toBe('FORX0001');
  });

  it('^ and $ anchor at the whole string without m; the pattern is not anchored otherwise', () => {
    expect(truth('matches("ab\n", "^ab$")')).toBe(false);
    expect(truth('matches("xaby", "ab")')).toBe(true);
  });

  it('escapes: \\- anywhere, \\p{…} categories, character class ranges', () => {
    expect(truth('matches("a-b", "^a\\-b$")')).toBe(true);
    expect(truth('matches("a-z", "^[a\\-z]+$")')).toBe(true);
    expect(truth('matches("a-b", "^[a\\-z]+$")')).toBe(false); // a class of three characters, not a range
    expect(truth('matches("Ab", "^\\p{Lu}\\p{Ll}$")')).toBe(true);
    expect(truth('matches("AB", "^\\p{Lu}\\P{Lu}$")')).toBe(false);
    expect(truth('matches("ISO-6523", "^[A-Z]{3}-[0-9]{4}$")')).toBe(true);
  });

  it('refuses an invalid pattern (FORX0002)', () => {
    expect(errorCode('matches("a", "(")')).toBe('FORX0002');
    expect(errorCode('matches("a", "a\\")')).toBe('FORX0002');
    expect(errorCode('matches("a", "\\q")')).toBe('FORX0002');
  });

  it.each([
    ['fn:replace("abracadabra", "bra", "*")', 'a*cada*'],
    ['fn:replace("abracadabra", "a.*a", "*")', '*'],
    ['fn:replace("abracadabra", "a.*?a", "*")', '*c*bra'],
    ['fn:replace("abracadabra", "a", "")', 'brcdbr'],
    ['fn:replace("abracadabra", "a(.)", "a$1$1")', 'abbraccaddabbra'],
    ['fn:replace("AAAA", "A+", "b")', 'b'],
    ['fn:replace("AAAA", "A+?", "b")', 'bbbb'],
    ['fn:replace("darted", "^(.*?)d(.*)$", "$1c$2")', 'carted'],
  ])('§7.6.3 %s returns "%s"', (expression, expected) => {
    expect(value(expression)).toBe(str(expected));
  });

  it('replace: \\$ and \\\\ are literal, $N a group, $10 is $1 then 0 with one group (§7.6.3)', () => {
    expect(value('replace("a", "a", "\\$")')).toBe(str('$'));
    expect(value('replace("a", "a", "\\$1")')).toBe(str('$1'));
    expect(value('replace("a", "a", "\\\\")')).toBe(str('\\'));
    expect(value('replace("abc", "(b)", "[$1]")')).toBe(str('a[b]c'));
    expect(value('replace("abc", "(b)", "$10")')).toBe(str('ab0c'));
    expect(value('replace("a.b.c", "\\.", "-")')).toBe(str('a-b-c'));
    expect(value('replace("x y", "\\s", "_", "x")')).toBe(str('x_y'));
    expect(value('replace((), "a", "b")')).toBe(str(''));
  });

  it('replace and tokenize refuse a pattern that matches the empty string (FORX0003)', () => {
    expect(errorCode('fn:replace("abracadabra", ".*?", "$1")')).toBe('FORX0003');
    expect(errorCode('fn:tokenize("abba", ".?")')).toBe('FORX0003');
    expect(errorCode('tokenize("a b", "x*")')).toBe('FORX0003');
  });

  it.each([
    ['fn:tokenize("The cat sat on the mat", "\\s+")', ['The', 'cat', 'sat', 'on', 'the', 'mat']],
    ['fn:tokenize("1, 15, 24, 50", ",\\s*")', ['1', '15', '24', '50']],
    ['fn:tokenize("1,15,,24,50,", ",")', ['1', '15', '', '24', '50', '']],
    [
      'fn:tokenize("Some unparsed <br> HTML <BR> text", "\\s*<br>\\s*", "i")',
      ['Some unparsed', 'HTML', 'text'],
    ],
    ['tokenize("", ",")', []],
    ['tokenize((), ",")', []],
    ['tokenize(",a", ",")', ['', 'a']],
    ['tokenize("a\u00A0b c", "\\s")', ['a\u00A0b', 'c']],
  ])('§7.6.4 %s', (expression, expected) => {
    expect(values(expression)).toEqual(expected.map(str));
  });
});

describe('F&O §6.4 functions on numerics', () => {
  it.each([
    // §6.4.4 fn:round, the examples verbatim, and half toward +∞ for every type
    ['fn:round(2.5)', 'xs:decimal(3)'],
    ['fn:round(2.4999)', 'xs:decimal(2)'],
    ['fn:round(-2.5)', 'xs:decimal(-2)'],
    ['round(-2.6)', 'xs:decimal(-3)'],
    ['round(2.5e0)', 'xs:double(3)'],
    ['round(-2.5e0)', 'xs:double(-2)'],
    ['round(-0.5e0)', 'xs:double(-0)'], // "less than zero but greater than or equal to -0.5: negative zero"
    ['round(-0.4e0)', 'xs:double(-0)'],
    ['round(-0.5)', 'xs:decimal(0)'], // decimals have no negative zero
    ['round(3)', 'xs:integer(3)'],
    ['round(1 div 0e0)', 'xs:double(INF)'],
    ['round(0 div 0e0)', 'xs:double(NaN)'],
    ['round(1.125, 2)', 'xs:decimal(1.13)'],
    ['round(-1.125, 2)', 'xs:decimal(-1.12)'],
    // §6.4.5 fn:round-half-to-even, the examples verbatim (those with a positive precision)
    ['fn:round-half-to-even(0.5)', 'xs:decimal(0)'],
    ['fn:round-half-to-even(1.5)', 'xs:decimal(2)'],
    ['fn:round-half-to-even(2.5)', 'xs:decimal(2)'],
    ['fn:round-half-to-even(3.567812E+3, 2)', 'xs:double(3567.81)'],
    ['fn:round-half-to-even(4.7564E-3, 2)', 'xs:double(0)'],
    ['round-half-to-even(2.5e0)', 'xs:double(2)'],
    ['round-half-to-even(3.5e0)', 'xs:double(4)'],
    ['round-half-to-even(-0.5e0)', 'xs:double(-0)'],
    ['round-half-to-even(1.005, 2)', 'xs:decimal(1)'],
    ['round-half-to-even(1.015, 2)', 'xs:decimal(1.02)'],
    // §6.4.1 abs, §6.4.2 ceiling, §6.4.3 floor
    ['abs(-2.5)', 'xs:decimal(2.5)'],
    ['abs(-3)', 'xs:integer(3)'],
    ['abs(-1e0)', 'xs:double(1)'],
    ['floor(-2.5)', 'xs:decimal(-3)'],
    ['ceiling(-2.5)', 'xs:decimal(-2)'],
    ['floor(2.5e0)', 'xs:double(2)'],
    ['ceiling(-0.5e0)', 'xs:double(-0)'],
    ['floor(7)', 'xs:integer(7)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression)).toBe(expected);
  });

  it('the empty sequence gives the empty sequence; an untyped argument is a double', () => {
    expect(values('round(())')).toEqual([]);
    expect(values('abs(())')).toEqual([]);
    const doc = parseXdm('<r><n>2.5</n></r>');
    expect(value('round(r/n)', doc)).toBe('xs:double(3)');
    expect(value('floor(r/n)', doc)).toBe('xs:double(2)');
    expect(errorCode('round("2.5")')).toBe('XPTY0004');
  });

  it('fn:number (§14.4): NaN for what is no number, never an error', () => {
    const doc = parseXdm('<r><w> 12 </w><s>x</s></r>');
    expect(value('number("abc")')).toBe('xs:double(NaN)');
    expect(value('number("")')).toBe('xs:double(NaN)');
    expect(value('number(())')).toBe('xs:double(NaN)');
    expect(value('number(" 12 ")')).toBe('xs:double(12)');
    expect(value('number("1e2")')).toBe('xs:double(100)');
    expect(value('number("-INF")')).toBe('xs:double(-INF)');
    expect(value('number(true())')).toBe('xs:double(1)');
    expect(value('number(1.5)')).toBe('xs:double(1.5)');
    expect(value('number(r/w)', doc)).toBe('xs:double(12)');
    expect(value('number(r/s)', doc)).toBe('xs:double(NaN)');
    expect(values('r/w/number()', doc)).toEqual(['xs:double(12)']);
  });
});

describe('F&O §15.4 aggregate functions', () => {
  const doc = parseXdm('<r><n>1</n><n>2.5</n><m>0.1</m><m>0.2</m><s>x</s></r>');

  it.each([
    ['sum(())', 'xs:integer(0)'],
    ['sum((1, 2))', 'xs:integer(3)'],
    ['sum((1.5, 2.25))', 'xs:decimal(3.75)'], // decimals stay decimal
    ['sum((0.1, 0.2))', 'xs:decimal(0.3)'],
    ['sum((1, 2.5))', 'xs:decimal(3.5)'],
    ['sum((1, 2e0))', 'xs:double(3)'],
    ['sum(//n)', 'xs:double(3.5)'], // untyped values are summed as doubles
    ['sum(//m)', 'xs:double(0.30000000000000004)'],
    ['sum(//m/xs:decimal(.))', 'xs:decimal(0.3)'], // cast first, and they stay exact
    ['sum((), 0.0)', 'xs:decimal(0)'],
    ['avg((1, 2))', 'xs:decimal(1.5)'],
    ['avg((3, 4, 5))', 'xs:decimal(4)'],
    ['avg((1e0, 2))', 'xs:double(1.5)'],
    ['max((1, 2.5, 2))', 'xs:decimal(2.5)'],
    ['min(//n)', 'xs:double(1)'],
    ['max(("a", "b"))', 'xs:string(b)'],
    ['count(())', 'xs:integer(0)'],
    ['count((1, (), 2))', 'xs:integer(2)'],
    ['count(//n)', 'xs:integer(2)'],
  ])('%s is %s', (expression, expected) => {
    expect(value(expression, doc)).toBe(expected);
  });

  it('sum((), ()) and the aggregates of nothing are empty', () => {
    expect(values('sum((), ())')).toEqual([]);
    expect(values('avg(())')).toEqual([]);
    expect(values('max(())')).toEqual([]);
    expect(values('min(())')).toEqual([]);
  });

  it('sum of an untyped value that is no number is FORG0001; of strings, FORG0006', () => {
    expect(errorCode('sum(//s)', doc)).toBe('FORG0001');
    expect(errorCode('sum(("a", "b"))')).toBe('FORG0006');
  });
});

describe('F&O §15.1 general functions on sequences', () => {
  const doc = parseXdm('<r><n>1</n><n>1.0</n><m>a</m><m>a</m></r>');

  it('fn:distinct-values (§15.1.6): equal values by eq, untyped as strings', () => {
    expect(values('distinct-values((1, 2.0, 3, 2))')).toEqual([
      'xs:integer(1)',
      'xs:decimal(2)',
      'xs:integer(3)',
    ]);
    expect(values('distinct-values(("a", "a", "b"))')).toEqual([str('a'), str('b')]);
    expect(values('distinct-values((1, 1.0, 1e0, "1"))')).toEqual(['xs:integer(1)', str('1')]);
    expect(values('distinct-values(//n)', doc)).toEqual([str('1'), str('1.0')]);
    expect(values('distinct-values(//m)', doc)).toEqual([str('a')]);
    expect(values('distinct-values(())')).toEqual([]);
  });

  it.each([
    ['exists(())', false],
    ['exists((1))', true],
    ['exists(//n)', true],
    ['exists(//zz)', false],
    ['empty(())', true],
    ['empty(//zz)', true],
    ['empty(//m)', false],
    ['exists("")', true],
  ])('§15.1.4/15.1.5 %s is %s', (expression, expected) => {
    expect(truth(expression, doc)).toBe(expected);
  });

  it('index-of, reverse, subsequence (§15.1.3, §15.1.9, §15.1.10)', () => {
    expect(values('fn:index-of((10, 20, 30, 40), 35)')).toEqual([]);
    expect(values('fn:index-of((10, 20, 30, 30, 20, 10), 20)')).toEqual([int(2), int(5)]);
    expect(values('fn:index-of(("a", "sport", "and", "a", "game"), "a")')).toEqual([int(1), int(4)]);
    expect(values('reverse(1 to 3)')).toEqual([int(3), int(2), int(1)]);
    expect(values('reverse(())')).toEqual([]);
    expect(values('subsequence((1, 2, 3, 4, 5), 2)')).toEqual([int(2), int(3), int(4), int(5)]);
    expect(values('subsequence((1, 2, 3, 4, 5), 1.5, 2)')).toEqual([int(2), int(3)]);
    expect(values('subsequence((1, 2, 3), 0, 2)')).toEqual([int(1)]);
  });

  it('cardinality functions (§15.2): FORG0003, FORG0004, FORG0005', () => {
    expect(values('zero-or-one(())')).toEqual([]);
    expect(errorCode('zero-or-one((1, 2))')).toBe('FORG0003');
    expect(values('one-or-more((1, 2))')).toEqual([int(1), int(2)]);
    expect(errorCode('one-or-more(())')).toBe('FORG0004');
    expect(values('exactly-one(1)')).toEqual([int(1)]);
    expect(errorCode('exactly-one(())')).toBe('FORG0005');
    expect(errorCode('exactly-one((1, 2))')).toBe('FORG0005');
  });

  it('fn:boolean, fn:not, fn:true, fn:false, fn:data, fn:root', () => {
    expect(truth('not(())')).toBe(true);
    expect(truth('fn:true()')).toBe(true);
    expect(truth('fn:false()')).toBe(false);
    expect(values('data(r/m)', doc)).toEqual(['xs:untypedAtomic(a)', 'xs:untypedAtomic(a)']);
    expect(values('r/m[1]/root()', doc)).toEqual(['/']);
    expect(text('string(root(r/n[1])/r/n[2])', doc)).toBe('1.0');
  });
});
