/**
 * The import judges what the schema judges, as the schema judges it (issue #18 items 13 and 14):
 * `TZnakowy*` texts are `xsd:token`s measured after whitespace collapse, in characters, refused in
 * plain words naming the element and the limit; elements out of the schema's order are refused at
 * `file`, naming the element, its line and column (KSeF validates against the XSD and refuses them).
 * Each case is checked against the official XSD too, so that fiscalkit and the schema agree.
 */

import fc from 'fast-check';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createKsefTaxReport } from '../../src/ksef/createKsefTaxReport.js';
import { downloadKsefTaxReport } from '../../src/ksef/downloadKsefTaxReport.js';
import { importFa3 } from '../../src/ksef/import/importFa3.js';
import { fa3Corpus } from '../support/fa3Corpus.js';
import { vatReport } from '../support/ksefReports.js';
import { hasShared } from '../support/shared.js';
import { fa3Of } from '../support/taxReportWorld.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

const NOW = new Date('2026-02-01T12:00:00Z');

afterAll(disposeSchemas);

/** MF sample 1 as fiscalkit writes it, with line 3's `P_7` replaced. */
function withDescription(description: string): string {
  return fa3Of(vatReport()).replace('promocja lodówka pełna mleka', description);
}

/** 577 characters: 250 + 78 of spaces, tabs and new lines + 249, which collapse to 500. */
const COLLAPSES_TO_500 = `${'a'.repeat(250)}${' \t\n'.repeat(26)}${'b'.repeat(249)}`;
/** 122 words, each followed by 4 whitespace characters, then `xy`: 612 characters after collapse. */
const COLLAPSES_TO_612 = `${'word \n\t '.repeat(122)}xy`;

describe('item 13: TZnakowy texts are whitespace-collapsed tokens', () => {
  it('the lengths are as stated', () => {
    expect(COLLAPSES_TO_500).toHaveLength(577);
    expect(COLLAPSES_TO_500.replace(/\s+/g, ' ')).toHaveLength(500);
    expect(COLLAPSES_TO_612.replace(/\s+/g, ' ')).toHaveLength(612);
  });

  it.skipIf(!hasShared)(
    'a P_7 of 577 characters that collapse to 500 is valid: imported, downloaded XSD-valid',
    () => {
      const xml = withDescription(COLLAPSES_TO_500);
      expect(validateXml('ksef-fa3', xml).valid).toBe(true);
      const imported = importFa3(xml);
      if (!imported.success) throw new Error(JSON.stringify(imported.issues));
      expect(imported.data.report.lines?.[2]?.description).toBe(COLLAPSES_TO_500);
      const file = downloadKsefTaxReport(imported.data.report, { now: NOW });
      if (!file.success) throw new Error(JSON.stringify(file.issues));
      const verdict = validateXml('ksef-fa3', file.data.body);
      expect(verdict.valid, formatXsdErrors(verdict)).toBe(true);
    },
  );

  it.skipIf(!hasShared)(
    'a P_7 of 612 characters after collapse is refused, in plain words, where it is',
    () => {
      const xml = withDescription(COLLAPSES_TO_612);
      expect(validateXml('ksef-fa3', xml).valid).toBe(false);
      const imported = importFa3(xml);
      expect(imported.success ? [] : imported.issues).toEqual([
        {
          rule: 'fa3.TZnakowy512',
          code: 'parameter_invalid',
          param: 'Fa/FaWiersz[3]/P_7',
          message:
            'Fa/FaWiersz[3]/P_7 (lines[2].description) is 612 characters long after whitespace collapse; the schema allows at most 512 (TZnakowy512)',
        },
      ]);
    },
  );

  it('characters are counted as the schema counts them: code points, not UTF-16 units', () => {
    const astral = '😀'.repeat(512);
    const imported = importFa3(withDescription(astral));
    expect(imported.success).toBe(true);
    expect(importFa3(withDescription(`${astral}😀`)).success).toBe(false);
  });

  it('other TZnakowy fields: P_1M collapses, a buyer name of 513 characters is named', () => {
    const place = `Warszawa${' '.repeat(300)}Śródmieście`;
    const imported = importFa3(fa3Of(vatReport()).replace('<P_1M>Warszawa</P_1M>', `<P_1M>${place}</P_1M>`));
    if (!imported.success) throw new Error(JSON.stringify(imported.issues));
    expect(imported.data.report.issue_place).toBe(place);
    const longName = importFa3(
      fa3Of({ ...vatReport(), customer_party_name: 'F.H.U.' }).replace('F.H.U.', 'x'.repeat(513)),
    );
    expect(longName.success ? [] : longName.issues).toEqual([
      {
        rule: 'fa3.TZnakowy512',
        code: 'parameter_invalid',
        param: 'Podmiot2/DaneIdentyfikacyjne/Nazwa',
        message:
          'Podmiot2/DaneIdentyfikacyjne/Nazwa (customer_party_name) is 513 characters long after whitespace collapse; the schema allows at most 512 (TZnakowy512)',
      },
    ]);
  });

  it('created directly: the same measure and the same words', () => {
    const withLine = (description: string) => {
      const report = vatReport();
      const lines = [...(report.lines ?? [])];
      lines[2] = { ...lines[2], description };
      return { ...report, lines };
    };
    expect(createKsefTaxReport(withLine(COLLAPSES_TO_500)).success).toBe(true);
    const refused = createKsefTaxReport(withLine(COLLAPSES_TO_612));
    expect(refused.success ? [] : refused.issues).toEqual([
      {
        rule: 'fa3.TZnakowy512',
        code: 'parameter_invalid',
        param: 'lines[2].description',
        message:
          'lines[2].description is 612 characters long after whitespace collapse; the schema allows at most 512 (TZnakowy512)',
      },
    ]);
  });
});

describe('item 14: elements out of the schema order are refused at file, named', () => {
  const swap = (xml: string, first: RegExp, second: RegExp): string => {
    const a = first.exec(xml)?.[0];
    const b = second.exec(xml)?.[0];
    if (a === undefined || b === undefined) throw new Error('not in the document');
    return xml.replace(a, '\u0000').replace(b, a).replace('\u0000', b);
  };

  it.each([
    [
      'P_1M before P_1',
      /<P_1>[^<]*<\/P_1>/,
      /<P_1M>[^<]*<\/P_1M>/,
      '<Faktura/Fa/P_1> after <P_1M> in one <Fa>',
    ],
    [
      'P_12 before P_11 in a line',
      /<P_11>1626.01<\/P_11>/,
      /<P_12>23<\/P_12>/,
      '<Faktura/Fa/FaWiersz/P_11> after <P_12> in one <FaWiersz>',
    ],
    [
      'Podmiot2 before Podmiot1',
      /<Podmiot1>[\s\S]*?<\/Podmiot1>/,
      /<Podmiot2>[\s\S]*?<\/Podmiot2>/,
      '<Faktura/Podmiot1> after <Podmiot2> in one <Faktura>',
    ],
  ])('%s', (_name, first, second, named) => {
    const xml = swap(fa3Of(vatReport()), first, second);
    if (hasShared) expect(validateXml('ksef-fa3', xml).valid).toBe(false);
    const imported = importFa3(xml);
    expect(imported.success).toBe(false);
    if (imported.success) return;
    expect(imported.issues).toHaveLength(1);
    expect(imported.issues[0]).toMatchObject({ code: 'parameter_invalid', param: 'file' });
    expect(imported.issues[0]?.message).toContain(`file has ${named}, but schemat_FA(3)_v1-0E.xsd puts`);
    expect(imported.issues[0]?.message).toMatch(/\(line \d+, column \d+\)$/);
  });

  /** The document as fast-xml-parser's ordered tree, and back. */
  const ordered = {
    preserveOrder: true,
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: true,
  } as const;
  const parser = new XMLParser(ordered);
  const builder = new XMLBuilder({ ...ordered, format: true, suppressEmptyNode: false });
  type Node = Record<string, unknown>;
  /** An element's name (not the XML declaration's, `?xml`, nor text's). */
  const nameOf = (node: Node) =>
    Object.keys(node).find((key) => key !== ':@' && key !== '#text' && !key.startsWith('?'));

  /** Every list of sibling elements with at least two, in document order. */
  function siblingLists(nodes: Node[], found: Node[][] = []): Node[][] {
    const elements = nodes.filter((node) => nameOf(node) !== undefined);
    if (elements.length >= 2) found.push(nodes);
    for (const node of elements) {
      const children = node[nameOf(node) as string];
      if (Array.isArray(children)) siblingLists(children as Node[], found);
    }
    return found;
  }

  it.skipIf(!hasShared)(
    'property: swapping two adjacent siblings of a sample is refused exactly when the XSD refuses it (200 runs)',
    () => {
      const documents = fa3Corpus().filter((document) => document.name.startsWith('samples/'));
      fc.assert(
        fc.property(fc.constantFrom(...documents), fc.nat(), fc.nat(), (document, listPick, positionPick) => {
          const tree = parser.parse(document.xml) as Node[];
          const lists = siblingLists(tree);
          const siblings = lists[listPick % lists.length] as Node[];
          const elements = siblings.filter((node) => nameOf(node) !== undefined);
          // money-safe: an index into a list of siblings, not an amount
          const at = positionPick % (elements.length - 1);
          const [a, b] = [elements[at] as Node, elements[at + 1] as Node];
          const i = siblings.indexOf(a);
          const j = siblings.indexOf(b);
          siblings[i] = b;
          siblings[j] = a;
          const xml = builder.build(tree) as string;
          const schemaValid = validateXml('ksef-fa3', xml).valid;
          const imported = importFa3(xml);
          const refusedForOrder =
            !imported.success &&
            imported.issues.some(
              (issue) => issue.param === 'file' && issue.message.includes("must follow the schema's order"),
            );
          const same = nameOf(a) === nameOf(b);
          expect(schemaValid).toBe(same);
          expect(refusedForOrder).toBe(!same);
          if (!same && !imported.success)
            expect(imported.issues[0]?.message).toContain(
              `/${nameOf(a) as string}> after <${nameOf(b) as string}>`,
            );
        }),
        { numRuns: 200 },
      );
    },
  );
});
