/**
 * The sibling-order table the FA(3) importer checks while it parses (issue #18 item 14), generated from
 * the official XSD by `scripts/generate-schema-occurrences.ts`: the committed table is what the schema
 * says today, it agrees with the occurrence table, and the check judges order alone.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FA3_XSD, schemaSequences } from '../../scripts/generate-schema-occurrences.js';
import { FA3_OCCURRENCES } from '../../src/ksef/import/fa3Occurrences.js';
import { FA3_SEQUENCES } from '../../src/ksef/import/fa3Sequences.js';
import { parseXml, sequenceCheck } from '../../src/xml/parse.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';

describe.skipIf(!hasShared)('the generated order table is what the XSD in shared/ says', () => {
  it('FA(3): regenerating from shared/ gives the committed table', () => {
    expect(schemaSequences(join(SHARED_DIR, FA3_XSD), 'schemat_FA(3)_v1-0E.xsd')).toEqual(FA3_SEQUENCES);
  });
});

describe('the FA(3) order table', () => {
  it('names only elements FA(3) declares, each once per parent, paths no deeper than FA(3)', () => {
    for (const [path, names] of Object.entries(FA3_SEQUENCES.children)) {
      expect(new Set(names).size, path).toBe(names.length);
      for (const name of names) expect(FA3_OCCURRENCES.maxOccurs, `${path}/${name}`).toHaveProperty(name);
      expect(path.split('/').length).toBeLessThan(FA3_OCCURRENCES.maxDepth);
    }
    expect(FA3_SEQUENCES.children['Faktura/Fa/OkresFa']).toEqual(['P_6_Od', 'P_6_Do']);
    expect(FA3_SEQUENCES.children.Faktura?.slice(0, 3)).toEqual(['Naglowek', 'Podmiot1', 'Podmiot2']);
  });

  const parse = (xml: string) =>
    parseXml(xml, { repeatable: new Set(['b']), occurrences: 'collect', checkElement: sequenceCheck(TABLE) });
  const TABLE = { schema: 'test.xsd', children: { r: ['a', 'b', 'c'], 'r/b': ['x', 'y'] } };

  it('refuses a sibling the schema puts earlier, naming both, with the line and column', () => {
    expect(parse('<r><a/><b><x/><y/></b><b><x/></b><c/></r>').success).toBe(true);
    expect(parse('<r><c/><a/></r>')).toEqual({
      success: false,
      wellFormed: true,
      message:
        "1:11: has <r/a> after <c> in one <r>, but test.xsd puts a before c there (the elements of <r> must follow the schema's order)",
    });
    // Each parent starts afresh; the order is per parent, also under a repeated one.
    expect(parse('<r><b><y/><x/></b></r>').success).toBe(false);
    expect(parse('<r><b><y/></b><b><x/></b></r>').success).toBe(true);
  });

  it('leaves elements and parents the table does not know to the readers', () => {
    expect(parse('<r><c/><z/><a/></r>').success).toBe(false);
    expect(parse('<r><z><c/><a/></z><a/></r>').success).toBe(true);
    expect(parse('<r><a/><z/><c/></r>').success).toBe(true);
  });
});
