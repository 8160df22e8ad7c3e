/**
 * The shared one-pass parse (`src/xml/parse.ts`) under repeated and deeply nested input (issue #24
 * item 1, "a small XML upload freezes the whole server"): repeats are collected in linear time; with a
 * schema's limits, the occurrence past `maxOccurs` under one parent and the element deeper than the
 * schema allows are refused exactly where they stand, with the path and the position; at the limits
 * the document is still read.
 */
import { describe, expect, it } from 'vitest';
import { FA3_OCCURRENCES } from '../../src/ksef/import/fa3Occurrences.js';
import { FA3_REPEATABLE_ELEMENTS } from '../../src/ksef/import/xmlTree.js';
import {
  occurrenceLimits,
  parseXml,
  XML_MAX_DEPTH,
  type XmlObject,
  type XmlOccurrenceLimits,
} from '../../src/xml/parse.js';

/** Limits with `b` at most 3, `p` unbounded, `c` unchecked, anything else undeclared; depth 4. */
const LIMITS: XmlOccurrenceLimits = {
  schema: 'test.xsd',
  maxDepth: 4,
  maxOccurs: ({ local, path }) => {
    if (path.length === 1) return Number.POSITIVE_INFINITY;
    if (local === 'b') return 3;
    if (local === 'p') return Number.POSITIVE_INFINITY;
    if (local === 'c') return Number.POSITIVE_INFINITY;
    if (local === 'once') return 1;
    return undefined;
  },
};

const limited = (xml: string) => parseXml(xml, { repeatable: new Set(['b']), occurrences: LIMITS });

describe("'collect': repeats without refusal, in linear time", () => {
  it('collects 64,000 repeats of an element read once into one list, in order, within 20 s', () => {
    // Before issue #24 every repeat copied the list: 16,000 repeats took 5.6 s, 64,000 about 90 s.
    const count = 64000;
    const xml = `<a>${Array.from({ length: count }, (_, index) => `<x>${String(index)}</x>`).join('')}</a>`;
    const started = performance.now();
    const parsed = parseXml(xml, { repeatable: new Set(), occurrences: 'collect' });
    const elapsed = performance.now() - started;
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    const list = (parsed.data.a as XmlObject).x as string[];
    expect(list).toHaveLength(count);
    expect(list[0]).toBe('0');
    expect(list[count - 1]).toBe(String(count - 1));
    expect(elapsed).toBeLessThan(20000);
  }, 60000);

  it('keeps the shapes: one occurrence a value, two a list, repeatable names always a list', () => {
    const parsed = parseXml('<a><x>1</x><y>1</y><y>2</y><r>1</r></a>', {
      repeatable: new Set(['r']),
      occurrences: 'collect',
    });
    expect(parsed).toEqual({ success: true, data: { a: { x: '1', y: ['1', '2'], r: ['1'] } } });
  });

  it(`reads ${String(XML_MAX_DEPTH)} levels and refuses level ${String(XML_MAX_DEPTH + 1)}, naming it`, () => {
    const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(parseXml(nested(XML_MAX_DEPTH), { repeatable: new Set(), occurrences: 'collect' }).success).toBe(
      true,
    );
    const refused = parseXml(nested(XML_MAX_DEPTH + 1), { repeatable: new Set(), occurrences: 'collect' });
    expect(refused).toEqual({
      success: false,
      wellFormed: true,
      message: `1:${String(3 * (XML_MAX_DEPTH + 1))}: nests elements more than 256 levels deep (<a> at level 257); fiscalkit reads at most 256, the default limit of libxml2`,
    });
  });
});

describe("a schema's limits: refused at the occurrence past maxOccurs", () => {
  it('accepts exactly maxOccurs under one parent, and counts each parent apart', () => {
    expect(limited('<a><b/><b/><b/></a>')).toEqual({ success: true, data: { a: { b: ['', '', ''] } } });
    expect(limited('<a><p><b/><b/><b/></p><p><b/><b/><b/></p></a>').success).toBe(true);
    expect(limited(`<a>${'<c/>'.repeat(1000)}</a>`).success).toBe(true);
  });

  it('refuses occurrence maxOccurs + 1 where it stands: path, limit, occurrence, line and column', () => {
    const xml = '<a>\n  <b/>\n  <b/>\n  <b/>\n  <b/>\n  <b/>\n</a>';
    expect(limited(xml)).toEqual({
      success: false,
      wellFormed: true,
      // The fourth <b/> is on line 5; saxes counts columns from 0, at the end of the start tag.
      message:
        '5:6: has <a/b> more than 3 times in one <a> (occurrence 4), but test.xsd allows it at most 3 times there (maxOccurs="3")',
    });
  });

  it('refuses the second occurrence of an element allowed once, and of one the schema does not declare', () => {
    expect(limited('<a><once/><once>x</once></a>')).toMatchObject({
      success: false,
      wellFormed: true,
      message:
        '1:16: has <a/once> more than once in one <a> (occurrence 2), but test.xsd allows it at most once there (maxOccurs="1")',
    });
    expect(limited('<a><p><x/><x/></p></a>')).toMatchObject({
      success: false,
      wellFormed: true,
      message:
        '1:14: has <a/p/x> more than once in one <p> (occurrence 2), but test.xsd declares no element x, and an element the schema does not declare is read at most once per parent',
    });
  });

  it('refuses as soon as the occurrence is seen: nothing after it is read', () => {
    // Malformed after the refused occurrence: the refusal, not the syntax error, is the answer.
    const refused = limited(`<a><x/><x/>${'<y>'.repeat(10)}</a>`);
    expect(refused).toMatchObject({ success: false, wellFormed: true });
    // A syntax error before it is what the document fails for.
    expect(limited('<a><b/><b></c><x/><x/></a>')).toMatchObject({ success: false, wellFormed: false });
  });

  it('refuses an element deeper than the schema allows, naming its path', () => {
    expect(limited('<a><p><p><p/></p></p></a>').success).toBe(true);
    expect(limited('<a><p><p><p><p/></p></p></p></a>')).toEqual({
      success: false,
      wellFormed: true,
      message: '1:16: has <a/p/p/p/p> at level 5, deeper than any element of test.xsd (at most 4 levels)',
    });
  });

  it('leaves the root level to well-formedness: a second root is not well-formed XML', () => {
    expect(limited('<a/><a/>')).toMatchObject({ success: false, wellFormed: false });
  });
});

describe('occurrenceLimits of a generated table (FA(3))', () => {
  const limits = occurrenceLimits(FA3_OCCURRENCES);
  const fa3 = (inner: string) =>
    parseXml(`<Faktura><Fa>${inner}</Fa></Faktura>`, {
      repeatable: FA3_REPEATABLE_ELEMENTS,
      occurrences: limits,
    });

  it('reads maxOccurs by local name: numbers, 1 for a declared single element, undefined for an unknown one', () => {
    const at = (local: string) =>
      limits.maxOccurs({ local, namespace: null, path: ['Faktura', 'Fa', local] });
    expect(at('FaWiersz')).toBe(10000);
    expect(at('WZ')).toBe(1000);
    expect(at('P_2')).toBe(1);
    expect(at('x')).toBeUndefined();
    expect(at('constructor')).toBeUndefined();
    expect(limits.maxOccurs({ local: 'Faktura', namespace: null, path: ['Faktura'] })).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('accepts WZ 1,000 times in Fa and refuses the 1,001st', () => {
    const wz = (count: number) =>
      Array.from({ length: count }, (_, index) => `<WZ>W${String(index)}</WZ>`).join('');
    const accepted = fa3(wz(1000));
    expect(accepted.success).toBe(true);
    if (accepted.success)
      expect(((accepted.data.Faktura as XmlObject).Fa as XmlObject).WZ).toHaveLength(1000);
    expect(fa3(wz(1001))).toMatchObject({
      success: false,
      wellFormed: true,
      message: expect.stringMatching(
        /^1:\d+: has <Faktura\/Fa\/WZ> more than 1000 times in one <Fa> \(occurrence 1001\), but schemat_FA\(3\)_v1-0E\.xsd allows it at most 1000 times there \(maxOccurs="1000"\)$/,
      ),
    });
  });

  it('refuses the repeat attack of issue #24 at its second element, however many follow', () => {
    for (const count of [16000, 200000]) {
      expect(fa3('<x/>'.repeat(count))).toMatchObject({
        success: false,
        wellFormed: true,
        message: expect.stringMatching(
          /^1:\d+: has <Faktura\/Fa\/x> more than once in one <Fa> \(occurrence 2\)/,
        ),
      });
    }
  });
});
