import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FA3_TYPES_XSD } from '../../scripts/generate-fa3-types.js';
import { readXsdDom, type XsdNode } from '../../scripts/xsdDom.js';
import { KSEF_TAX_RATES } from '../../src/codelists/ksefRates.js';
import { NUMERIC_RATES } from '../../src/ksef/build/fa3Types.js';
import { SHARED_DIR, SHARED_MISSING } from '../support/shared.js';

// KSEF_TAX_RATES is written by hand (a code list the core reads without the schema); the FA(3)
// `TStawkaPodatku` enumeration is its source (ksef-fa3.md §3). This test keeps the two from drifting,
// as the generated `NUMERIC_RATES` (scripts/generate-fa3-types.ts) is kept by test/scripts/generated.

const XSD = join(SHARED_DIR, FA3_TYPES_XSD);
const XS = 'http://www.w3.org/2001/XMLSchema';

/** The `xs:enumeration` values of the entry schema's global simple type `name`, in schema order. */
function enumerationOf(schema: XsdNode, name: string): string[] {
  const type = schema.children.find(
    (child) => child.uri === XS && child.local === 'simpleType' && child.attributes.name === name,
  );
  if (type === undefined) return expect.fail(`no simple type ${name} in ${XSD}`);
  const restriction = type.children.find((child) => child.uri === XS && child.local === 'restriction');
  return (restriction?.children ?? [])
    .filter((child) => child.uri === XS && child.local === 'enumeration')
    .map((child) => child.attributes.value ?? '');
}

describe.skipIf(!existsSync(XSD))(
  `KSEF_TAX_RATES is FA(3) TStawkaPodatku${existsSync(XSD) ? '' : ` (${SHARED_MISSING})`}`,
  () => {
    it('equals the XSD enumeration, in schema order', () => {
      expect([...KSEF_TAX_RATES]).toEqual(enumerationOf(readXsdDom(XSD), 'TStawkaPodatku'));
    });

    it('its percentages are the generated NUMERIC_RATES', () => {
      expect(KSEF_TAX_RATES.filter((code) => /^\d+$/.test(code))).toEqual(NUMERIC_RATES);
    });
  },
);
