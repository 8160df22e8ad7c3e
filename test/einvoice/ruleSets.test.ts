/**
 * The rule set table (`src/einvoice/ruleSets.ts`): one row per rule set id, its files where the
 * artefact layout puts them (`../shared/en16931` and the repository's `artefacts/`), and the XSD rows
 * in the layout the XSD adapter reads (`EINVOICE_SCHEMA_FILES` of `fiscalkit/xsd`).
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EINVOICE_SCHEMA_FILES } from '../../src/adapters/xsd/einvoiceSchemas.js';
import { RULE_SETS, ruleSetDefinition } from '../../src/einvoice/ruleSets.js';
import type { EInvoiceSchemaId } from '../../src/einvoice/schemas.js';
import type { RuleSetId } from '../../src/einvoice/verdict.js';
import { PROJECT_ROOT, SHARED_DIR } from '../support/shared.js';

/** Every id of the RuleSetId union: a compile error here when the union and this list part. */
const IDS: Record<RuleSetId, true> = {
  'ubl-2.1-xsd': true,
  'cii-d16b-xsd': true,
  'en16931-ubl': true,
  'en16931-cii': true,
  'peppol-ubl': true,
  'peppol-cii': true,
  'xrechnung-ubl': true,
  'xrechnung-cii': true,
  'facturae-xsd': true,
  'facturae-rules': true,
  'fatturapa-xsd': true,
};

describe('RULE_SETS', () => {
  it('has one row per rule set id, each with its entry first among its files, a licence and a source', () => {
    expect(RULE_SETS.map((set) => set.id).sort()).toEqual(Object.keys(IDS).sort());
    for (const set of RULE_SETS) {
      expect(set.licence, set.id).not.toBe('');
      expect(set.source, set.id).not.toBe('');
      if (set.kind === 'rules') expect(set.files, set.id).toEqual([]);
      else expect(set.files[0] === set.entry || set.files.includes(set.entry ?? ''), set.id).toBe(true);
      for (const file of set.files) expect(file, set.id).toMatch(/^(?:schematron|xsd)\/[^\\]+$/);
    }
    expect(ruleSetDefinition('peppol-cii').entry).toBe('schematron/peppol/PEPPOL-EN16931-CII.sch');
    expect(() => ruleSetDefinition('nope' as RuleSetId)).toThrow(TypeError);
  });

  it('the XSD rows name the entry schemas the XSD adapter reads', () => {
    for (const set of RULE_SETS.filter((one) => one.kind === 'xsd')) {
      const adapter = EINVOICE_SCHEMA_FILES[set.id as EInvoiceSchemaId];
      expect(adapter, set.id).toBeDefined();
      for (const file of set.files) expect(adapter, `${set.id}: ${file}`).toContain(file);
    }
  });

  const shared = join(SHARED_DIR, 'en16931');
  const present =
    existsSync(join(shared, 'schematron')) && statSync(join(shared, 'schematron')).isDirectory();
  it.skipIf(!present)(
    'every file is in ../shared/en16931 or the repository artefacts/ (the layout the tests run on)',
    () => {
      const missing = RULE_SETS.flatMap((set) =>
        set.files.filter(
          (file) => !existsSync(join(shared, file)) && !existsSync(join(PROJECT_ROOT, 'artefacts', file)),
        ),
      );
      expect(missing).toEqual([]);
    },
  );
});
