import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as xmlchars from 'xmlchars/xml/1.0/ed5';
import { parseXdm, XdmParseError } from '../../src/xpath/document.js';
import {
  isNameCode,
  isNameStartCode,
  isXmlCharCode,
  scanXmlDocument,
  XmlSyntaxError,
} from '../../src/xpath/scan.js';
import { dumpXdm, parseXdmWithSaxes } from '../support/saxesXdm.js';
import { hasShared, PROJECT_ROOT, SHARED_DIR, SHARED_MISSING } from '../support/shared.js';

/**
 * The scanner behind `parseXdm` (issue #21) against saxes, the parser it replaced: the same tree for
 * every document saxes accepts, and a refusal for every document saxes refuses — except where saxes is
 * more lenient than XML 1.0 + Namespaces (the module comment of src/xpath/scan.ts lists them), which
 * {@link saxesLeniency} recognizes from the document itself and from the scanner's reason.
 */

type Outcome = { ok: true; dump: string } | { ok: false; message: string };

function withScan(xml: string): Outcome {
  try {
    return { ok: true, dump: dumpXdm(parseXdm(xml)) };
  } catch (error) {
    if (!(error instanceof XdmParseError)) throw error;
    return { ok: false, message: error.message };
  }
}

function withSaxes(xml: string): Outcome {
  try {
    return { ok: true, dump: dumpXdm(parseXdmWithSaxes(xml)) };
  } catch (error) {
    if (!(error instanceof XdmParseError)) throw error;
    return { ok: false, message: error.message };
  }
}

/**
 * Which of saxes' known leniencies explains a document saxes accepts and the scanner refuses, or null.
 * Each is recognized twice over: by a pattern of the document and by the scanner's reason.
 */
function saxesLeniency(xml: string, reason: string): string | null {
  if (/<!DOCTYPE/.test(xml) && /DOCTYPE/.test(reason)) return 'DOCTYPE';
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(xml) && /is a lone surrogate/.test(reason))
    return 'high surrogate without a low one';
  const afterColon = [...xml.matchAll(/:(.)/gsu)].map((match) => match[1]?.codePointAt(0) ?? 0);
  if (
    afterColon.some((code) => xmlchars.isNameChar(code) && !xmlchars.isNameStartChar(code)) &&
    /local part of/.test(reason)
  )
    return 'QName local part starting with a non-start character';
  if (/<\?[^?\s]+\?[^>]/.test(xml) && /unexpected "\?" after a processing instruction target/.test(reason))
    return 'PI target followed by ? without >';
  return null;
}

/** Both parsers on one document: the same tree, or both refuse, or a known leniency of saxes. */
function agree(xml: string): 'same' | 'refused' | string {
  const scan = withScan(xml);
  const saxes = withSaxes(xml);
  if (scan.ok && saxes.ok) {
    expect(scan.dump, JSON.stringify(xml)).toBe(saxes.dump);
    return 'same';
  }
  if (!scan.ok && !saxes.ok) return 'refused';
  if (scan.ok)
    throw new Error(
      `the scanner accepts what saxes refuses (${(saxes as { message: string }).message}): ${JSON.stringify(xml)}`,
    );
  const leniency = saxesLeniency(xml, scan.message);
  if (leniency === null)
    throw new Error(`the scanner refuses what saxes accepts (${scan.message}): ${JSON.stringify(xml)}`);
  return leniency;
}

function xmlFiles(directory: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      if (entry === 'node_modules' || entry.startsWith('.')) continue;
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(xml|sch|xsd|xsl|xslt)$/.test(entry)) found.push(path);
    }
  };
  walk(directory);
  return found.sort();
}

/** The corpus, by group: the official e-invoice artefacts and samples in shared/, and the test fixtures. */
const SHARED_GROUPS = [
  'en16931/examples',
  'en16931/unit-tests',
  'en16931/perf',
  'en16931/schematron',
  'en16931/xsd',
  'en16931/xslt',
  'samples/ksef',
  'samples/sii',
  'einvoice-xsd',
  'xsd',
];

describe('the scanner builds the tree saxes builds, on every XML file there is', () => {
  it.skipIf(!hasShared).each(SHARED_GROUPS)(
    `shared/%s (${hasShared ? 'present' : SHARED_MISSING})`,
    (group) => {
      const directory = join(SHARED_DIR, group);
      let present = true;
      try {
        statSync(directory);
      } catch {
        present = false;
      }
      if (!present) {
        console.warn(`[scan.test] shared/${group} is absent: skipped`);
        return;
      }
      const counts: Record<string, number> = {};
      for (const file of xmlFiles(directory)) {
        const outcome = agree(readFileSync(file, 'utf8'));
        counts[outcome] = (counts[outcome] ?? 0) + 1;
        // Only the W3C xmldsig schema has a DOCTYPE (which the guards refuse before any parse).
        if (outcome === 'DOCTYPE') expect(file).toMatch(/xmldsig-core-schema/);
        else expect(outcome, relative(SHARED_DIR, file)).toBe('same');
      }
      console.log(`[scan.test] shared/${group}: ${JSON.stringify(counts)}`);
      expect(counts.same ?? 0).toBeGreaterThan(0);
    },
  );

  it('the XML fixtures of test/', () => {
    const files = xmlFiles(join(PROJECT_ROOT, 'test'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files)
      expect(agree(readFileSync(file, 'utf8')), relative(PROJECT_ROOT, file)).toBe('same');
  });
});

/** Small valid documents that between them use every construct the scanner reads. */
const SEEDS = [
  `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:cbc" xmlns:cac="urn:cac">
  <cbc:ID schemeID="0088">A&amp;B &lt;1&gt; &#x1F600;&#233;</cbc:ID>
  <cac:Line><cbc:Note xml:lang="en" a='x &quot;y&quot; &apos;z&apos;'>t<![CDATA[ <c> & ]]>u<!-- c -->v<?pi body?>w</cbc:Note></cac:Line>
  <cbc:Empty/>
</Invoice>
`,
  `\uFEFF<?xml version='1.0' standalone='yes' ?><!-- before --><?pi?>\r\n<a:root xmlns:a="urn:a" xmlns:b="urn:b" b:x="1"\r\n  y="a\tb\nc">\r\n <b:c xmlns="urn:d"><d>é</d><e xmlns=""/></b:c>\r <a:f xmlns:a="urn:other"><a:g/></a:f></a:root><!-- after -->\n`,
  `<r><s xmlns:p="urn:p" xmlns:r="urn:p"><p:t p:u="1" v="2">x&#10;y&#xD;z</p:t></s><![CDATA[]]><w>]]&gt;</w></r>`,
];

/** Characters and strings an edit inserts or puts in place of one character. */
const TOKENS = [
  '<',
  '>',
  '&',
  ';',
  '"',
  "'",
  '=',
  '/',
  ':',
  '!',
  '?',
  '[',
  ']',
  '-',
  ' ',
  'a',
  'Z',
  '_',
  '1',
  '.',
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  'é',
  '😀',
  '\ud800',
  '\udc00',
  '\ufffe',
  '\uffff',
  '\ufeff',
  '&amp;',
  '&lt;',
  '&foo;',
  '&#0;',
  '&#9;',
  '&#x41;',
  '&#X41;',
  '&#xD800;',
  '&#x10FFFF;',
  '&#x110000;',
  '&#99999999999;',
  '&#;',
  ']]>',
  '--',
  '<!--c-->',
  '<?pi x?>',
  '<?xml version="1.0"?>',
  '<![CDATA[x]]>',
  '<a>',
  '</a>',
  '<a/>',
  ' b="1"',
  ' b="1" b="2"',
  ' xmlns:q="urn:q" q:b="1"',
  ' xmlns:q=""',
  ' xmlns="urn:n"',
  ' q:b="1"',
  ' r:u="3"',
  ' xml:lang="en"',
  ' xmlns:xml="urn:wrong"',
];

interface Edit {
  at: number;
  kind: 'insert' | 'delete' | 'replace' | 'duplicate-attribute' | 'drop-end-tag';
  token: string;
}

function applyEdits(xml: string, edits: readonly Edit[]): string {
  return edits.reduce((text, { at, kind, token }) => {
    const index = at % (text.length + 1);
    switch (kind) {
      case 'insert':
        return text.slice(0, index) + token + text.slice(index);
      case 'delete':
        return text.slice(0, index) + text.slice(index + 1);
      case 'replace':
        return text.slice(0, index) + token + text.slice(index + 1);
      case 'duplicate-attribute': {
        const attributes = [...text.matchAll(/\s[\w:]+\s*=\s*("[^"]*"|'[^']*')/g)];
        const chosen = attributes[at % Math.max(1, attributes.length)];
        if (chosen === undefined) return text;
        const end = (chosen.index ?? 0) + chosen[0].length;
        return text.slice(0, end) + chosen[0] + text.slice(end);
      }
      case 'drop-end-tag': {
        const ends = [...text.matchAll(/<\/[^>]*>/g)];
        const chosen = ends[at % Math.max(1, ends.length)];
        if (chosen === undefined) return text;
        return text.slice(0, chosen.index) + text.slice((chosen.index ?? 0) + chosen[0].length);
      }
      default:
        return text;
    }
  }, xml);
}

const editsArb = fc.array(
  fc.record({
    at: fc.nat(),
    kind: fc.constantFrom(
      'insert' as const,
      'insert' as const,
      'delete' as const,
      'replace' as const,
      'replace' as const,
      'duplicate-attribute' as const,
      'drop-end-tag' as const,
    ),
    token: fc.constantFrom(...TOKENS),
  }),
  { minLength: 0, maxLength: 3 },
);

describe('mutated documents: the scanner accepts what saxes accepts, with the same tree', () => {
  it.each(SEEDS.map((seed, index) => [index, seed] as const))('seed %i', (_, seed) => {
    expect(agree(seed)).toBe('same');
    const counts: Record<string, number> = {};
    fc.assert(
      fc.property(editsArb, (edits) => {
        const outcome = agree(applyEdits(seed, edits));
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      }),
      { numRuns: 600 },
    );
    console.log(`[scan.test] mutations: ${JSON.stringify(counts)}`);
    // Both sides are exercised: many mutants stay well-formed, many do not.
    expect(counts.same ?? 0).toBeGreaterThan(100);
    expect(counts.refused ?? 0).toBeGreaterThan(100);
  });
});

/** The scanner's error on a document (it must refuse it). */
function refusal(xml: string): XmlSyntaxError {
  try {
    scanXmlDocument(xml, { startElement() {}, attribute() {}, endElement() {}, text() {} });
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(xml)}`);
}

describe('the rules, one by one', () => {
  it.each([
    ['a C0 control character in text', '<a>\u0001</a>', /U\+0001 is a character XML does not allow/],
    ['a C0 control character in an attribute', '<a b="\u0008"/>', /U\+0008/],
    ['U+FFFE', '<a>\ufffe</a>', /U\+FFFE/],
    ['U+FFFF in a comment', '<a><!-- \uffff --></a>', /U\+FFFF/],
    ['a lone low surrogate', '<a>\udc00</a>', /lone surrogate/],
    ['a lone high surrogate before text', '<a>\ud800x</a>', /lone surrogate/],
    ['a lone high surrogate at the end', '<a/>\ud800', /text after the root/],
    ['a control character in a CDATA section', '<a><![CDATA[\u0002]]></a>', /U\+0002/],
    ['a control character in a PI', '<a><?pi \u0003?></a>', /U\+0003/],
    ['an undefined entity', '<a>&nbsp;</a>', /the entity &nbsp; is not declared/],
    ['a bare ampersand', '<a>a & b</a>', /does not start a reference/],
    ['an entity without its semicolon', '<a>&amp</a>', /does not start a reference/],
    ['a character reference to NUL', '<a>&#0;</a>', /character reference to a character XML does not allow/],
    ['a character reference to a surrogate', '<a>&#xD800;</a>', /does not allow/],
    ['a character reference past U+10FFFF', '<a>&#x110000;</a>', /does not allow/],
    ['a huge character reference', `<a>&#${'9'.repeat(40)};</a>`, /does not allow/],
    ['an uppercase X in a hex reference', '<a>&#X41;</a>', /malformed character reference/],
    ['an empty character reference', '<a>&#x;</a>', /malformed character reference/],
    ['"]]>" in text', '<a>x]]>y</a>', /"]]>" in text/],
    ['"<" in an attribute value', '<a b="<"/>', /"<" in an attribute value/],
    ['an unquoted attribute value', '<a b=c/>', /attribute values are quoted/],
    ['an attribute without a value', '<a b/>', /unexpected "\/" after the attribute name b/],
    ['no space between attributes', '<a b="1"c="2"/>', /after an attribute value/],
    ['"--" in a comment', '<a><!-- a -- b --></a>', /"--" inside a comment/],
    ['a comment ending in "-"', '<a><!-- a ---></a>', /"--" inside a comment/],
    ['an unterminated comment', '<a><!-- a', /unexpected end of the document in a comment/],
    ['a duplicate attribute', '<a b="1" b="2"/>', /attribute b is repeated/],
    [
      'a duplicate expanded name',
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:b="1" q:b="2"/>',
      /attribute q:b is repeated/,
    ],
    [
      'a duplicate namespace declaration',
      '<a xmlns:p="urn:x" xmlns:p="urn:x"/>',
      /attribute xmlns:p is repeated/,
    ],
    ['an undeclared element prefix', '<p:a/>', /the prefix p is not declared/],
    ['an undeclared attribute prefix', '<a p:b="1"/>', /the prefix p is not declared/],
    ['a prefix used outside its scope', '<a><b xmlns:p="urn:p"/><p:c/></a>', /the prefix p is not declared/],
    ['undeclaring a prefix', '<a xmlns:p=""/>', /undeclares a prefix/],
    ['binding xml elsewhere', '<a xmlns:xml="urn:x"/>', /only the prefix xml is bound/],
    [
      'binding the xml namespace to another prefix',
      '<a xmlns:x="http://www.w3.org/XML/1998/namespace"/>',
      /only the prefix xml/,
    ],
    [
      'declaring xmlns',
      '<a xmlns:xmlns="http://www.w3.org/2000/xmlns/"/>',
      /the prefix xmlns may not be declared/,
    ],
    ['an element prefixed xmlns', '<xmlns:a/>', /an element name with the prefix xmlns/],
    ['two colons in a name', '<a:b:c xmlns:a="urn:a"/>', /more than one colon/],
    ['an empty prefix', '<:a/>', /empty prefix or local part/],
    ['an empty local part', '<a: xmlns:a="urn:a"/>', /empty prefix or local part/],
    ['a local part starting with a digit', '<p:1 xmlns:p="urn:p"/>', /local part of an element name/],
    ['a name starting with a digit', '<1a/>', /at the start of an element name/],
    ['a mismatched end tag', '<a><b></a></b>', /the end tag <\/a> does not match the start tag <b>/],
    ['an end tag with a longer name', '<a></ab>', /the end tag <\/ab> does not match/],
    ['an unclosed element', '<a><b></b>', /the element <a> is not closed/],
    ['no root', '<!-- only -->', /no root element/],
    ['an empty document', '', /no root element/],
    ['two roots', '<a/><b/>', /a second root element/],
    ['text before the root', 'x<a/>', /text before the root/],
    ['text after the root', '<a/>x', /text after the root/],
    ['a reference after the root', '<a/>&amp;', /text after the root/],
    ['CDATA outside the root', '<a/><![CDATA[x]]>', /CDATA section outside the root/],
    ['an end tag outside the root', '</a>', /end tag outside the root/],
    ['an XML declaration after white space', ' <?xml version="1.0"?><a/>', /must be at the start/],
    ['an XML declaration after a comment', '<!--c--><?xml version="1.0"?><a/>', /must be at the start/],
    ['an XML declaration without a version', '<?xml encoding="UTF-8"?><a/>', /has no version/],
    ['an XML declaration with version 2.0', '<?xml version="2.0"?><a/>', /version of the XML declaration/],
    [
      'an XML declaration out of order',
      '<?xml version="1.0" standalone="yes" encoding="UTF-8"?><a/>',
      /unexpected "e"/,
    ],
    [
      'an XML declaration without spaces',
      '<?xml version="1.0"encoding="UTF-8"?><a/>',
      /white space is required/,
    ],
    ['a bad standalone value', '<?xml version="1.0" standalone="maybe"?><a/>', /standalone/],
    ['a bad encoding name', '<?xml version="1.0" encoding="8bit"?><a/>', /encoding/],
    ['a PI named XML', '<a><?XML x?></a>', /target XML is reserved/],
    ['a PI target with a colon', '<a><?p:i x?></a>', /colon/],
    ['a PI without a target', '<a><? x?></a>', /start of a processing instruction target/],
    ['a DOCTYPE', '<!DOCTYPE a><a/>', /a DOCTYPE/],
    ['a DOCTYPE with an internal subset', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', /a DOCTYPE/],
    ['a DOCTYPE inside the root', '<a><!DOCTYPE a></a>', /a DOCTYPE/],
    ['"<!" that is nothing', '<a><!x></a>', /after "<!"/],
    ['"/" without ">" in a start tag', '<a/ >', /after "\/" in a start tag/],
  ])('refuses %s', (_, xml, reason) => {
    const error = refusal(xml);
    expect(error.reason).toMatch(reason);
    expect(error.message).toBe(`${error.line}:${error.column}: ${error.reason}`);
  });

  it('gives the line and the column (from 0) of the fault, counting CR, LF and CR LF as one line end each', () => {
    expect(refusal('<a>\n<b>\r\n</c>')).toMatchObject({ line: 3, column: 0 });
    expect(refusal('<a>\r<b>\r\r  &x;</b></a>')).toMatchObject({ line: 4, column: 2 });
    expect(refusal('<a b="1"\n   b="2"/>')).toMatchObject({ line: 2, column: 3 });
    expect(() => parseXdm('<a>\n<b>\n</a>')).toThrow(XdmParseError);
    try {
      parseXdm('<a>\n<b>\n</a>');
    } catch (error) {
      expect((error as XdmParseError).line).toBe(3);
      expect((error as XdmParseError).message).toMatch(
        /^3:0: the end tag <\/a> does not match the start tag <b>/,
      );
    }
  });

  it("an element's line is the line of its start tag's <, however the tag goes on", () => {
    const doc = parseXdm('<a\n  b="1"\n>\r\n<c\r\nd="\n"/>\r<e/></a>');
    expect(doc.elements.map((element) => [element.local, element.line])).toEqual([
      ['a', 1],
      ['c', 4],
      ['e', 7],
    ]);
  });

  it('normalizes line ends in text and CDATA, and white space in attribute values (XML 1.0 §2.11, §3.3.3)', () => {
    const doc = parseXdm('<a b="x\r\ny\rz\tw\n&#9;&#10;&#13;&#32;"><![CDATA[1\r\n2\r3]]>4\r\n5\r6</a>');
    const root = doc.root;
    expect(root?.attributes[0]?.value).toBe('x y z w \t\n\r ');
    expect(root?.stringValue).toBe('1\n2\n34\n5\n6');
    expect(root?.children).toHaveLength(1);
  });

  it('merges text with CDATA, splits it at comments and PIs, and drops white space outside the root', () => {
    const doc = parseXdm(' \n<?pi?><a>x<![CDATA[y]]>z<!--c-->w<?p?>v<![CDATA[]]></a>\n<!--end--> ');
    expect(doc.root?.children.map((child) => (child.kind === 'text' ? child.value : child.local))).toEqual([
      'xyz',
      'w',
      'v',
    ]);
    expect(parseXdm('<a><![CDATA[]]></a>').root?.children.map((child) => child.kind)).toEqual(['text']);
    expect(parseXdm('<a></a>').root?.children).toEqual([]);
  });

  it('resolves namespaces with their scope, xml predefined, unprefixed attributes in none', () => {
    const doc = parseXdm(
      '<a xmlns="urn:d" xmlns:p="urn:p" p:x="1" y="2" xml:lang="en"><p:b xmlns:p="urn:q"><c xmlns=""/></p:b><p:b/></a>',
    );
    expect(doc.elements.map((element) => [element.prefix, element.local, element.namespace])).toEqual([
      ['', 'a', 'urn:d'],
      ['p', 'b', 'urn:q'],
      ['', 'c', ''],
      ['p', 'b', 'urn:p'],
    ]);
    expect(doc.root?.attributes.map((attribute) => [attribute.name, attribute.namespace])).toEqual([
      ['p:x', 'urn:p'],
      ['y', ''],
      ['xml:lang', 'http://www.w3.org/XML/1998/namespace'],
    ]);
    expect([...doc.byName.keys()]).toEqual(['{urn:d}a', '{urn:q}b', '{}c', '{urn:p}b']);
  });

  it('reads a byte-order mark, an XML declaration of version 1.x, and astral names', () => {
    expect(parseXdm('\uFEFF<?xml version="1.1" encoding="UTF-8" standalone="no"?><a/>').root?.local).toBe(
      'a',
    );
    expect(parseXdm('<𐀀𐀁 x𐀂="1"/>').root?.attributes[0]?.local).toBe('x𐀂');
    expect(parseXdm('<a><?xml-stylesheet href="x"?></a>').root?.local).toBe('a');
  });

  it('checks duplicates of many attributes too', () => {
    const many = Array.from({ length: 30 }, (_, i) => ` a${i}="${i}"`).join('');
    expect(parseXdm(`<a${many}/>`).root?.attributes).toHaveLength(30);
    expect(refusal(`<a${many} a17="x"/>`).reason).toMatch(/attribute a17 is repeated/);
  });
});

describe('the character classes are XML 1.0 Fifth Edition, as xmlchars (saxes) has them', () => {
  it('Char, NameStartChar and NameChar agree on every code point', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (isXmlCharCode(code) !== xmlchars.isChar(code)) differ.push(`Char ${code.toString(16)}`);
      if (isNameStartCode(code) !== xmlchars.isNameStartChar(code))
        differ.push(`NameStartChar ${code.toString(16)}`);
      if (isNameCode(code) !== xmlchars.isNameChar(code)) differ.push(`NameChar ${code.toString(16)}`);
    }
    expect(differ.slice(0, 10)).toEqual([]);
  });
});
