import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSiiMessage } from '../../src/sii/build/buildSiiMessage.js';
import { importSiiMessage } from '../../src/sii/import/importSiiMessage.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { siiRecordIssues } from '../../src/sii/recordIssues.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { disposeSchemas, formatXsdErrors, validateXml } from '../support/xsd.js';

const DIR = join(SHARED_DIR, 'samples', 'sii', 'oca-derived');

/** The sample OCA's own data makes XSD-invalid: recargo under `PrestacionServicios` (SOURCES.md §2). */
const INVALID = 'sii_out_invoice_s_iva10b_s_req014_s_iva21s_s_req52.xml';

const samples = hasShared ? readdirSync(DIR).filter((name) => name.endsWith('.xml')) : [];
const valid = samples.filter((name) => name !== INVALID);

/** The amount and rate elements of SII (sii.md §5, §6): compared as decimals between two messages. */
const AMOUNT = new RegExp(
  `<(?:[\\w]+:)?(${[
    'BaseImponible',
    'CuotaRepercutida',
    'CuotaSoportada',
    'CuotaRecargoEquivalencia',
    'CuotaDeducible',
    'ImporteTotal',
    'TipoImpositivo',
    'TipoRecargoEquivalencia',
    'ImportePorArticulos7_14_Otros',
    'ImporteTAIReglasLocalizacion',
  ].join('|')})>([^<]*)<`,
  'g',
);

/** A decimal with exactly two decimals (`100` → `100.00`, `21.0` → `21.00`), so that `100` and `100.00` compare equal. */
function asDecimal(text: string): string {
  const match = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (match === null) return `not a decimal: ${text}`;
  const integer = (match[2] ?? '0').replace(/^0+(?=\d)/, '');
  const value = `${integer}.${(match[3] ?? '').padEnd(2, '0')}`;
  return match[1] === '-' && /[1-9]/.test(value) ? `-${value}` : value;
}

/** Every amount and rate element of a message, in document order, as `Name=decimal`. */
function amounts(xml: string): string[] {
  return [...xml.matchAll(AMOUNT)].map((match) => `${match[1]}=${asDecimal(match[2] ?? '')}`);
}

/** The number of records of a message. */
function recordCount(xml: string): number {
  return [...xml.matchAll(/<(?:\w+:)?Registro\w+>/g)].length;
}

/** The report fields that hold amounts and rates. */
const DECIMAL_FIELDS = new Set([
  'taxable_base',
  'tax_amount',
  'percent',
  'surcharge_percent',
  'surcharge_amount',
  'tax_inclusive_amount',
  'deductible_tax_amount',
  'corrected_taxable_base',
  'corrected_tax_amount',
  'amount',
  'annual_proration',
  'annual_regularization',
]);

/** The message with every amount and rate spelt with two decimals (for comparing messages across a rebuild). */
function decimalsAsAmounts(message: SiiMessage): unknown {
  return JSON.parse(JSON.stringify(message), (key, value: unknown) =>
    DECIMAL_FIELDS.has(key) && typeof value === 'string' ? asDecimal(value) : value,
  );
}

function imported(xml: string | Uint8Array): SiiMessage {
  const result = importSiiMessage(xml);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  expect(result.data.ignored).toEqual([]);
  return result.data.message;
}

function built(message: SiiMessage): string {
  const result = buildSiiMessage(message);
  if (!result.success) throw new Error(JSON.stringify(result.issues, null, 2));
  return result.data;
}

describe.skipIf(!hasShared)('the OCA samples: import → build → XSD → import (sii.md §12)', () => {
  afterAll(disposeSchemas);

  it('finds the 17 valid samples and the invalid one', () => {
    expect(valid).toHaveLength(17);
    expect(samples).toContain(INVALID);
  });

  it.each(valid)('%s: rebuilds XSD-valid, with the same records and amounts, to a fixed point', (name) => {
    const original = readFileSync(join(DIR, name), 'utf8');
    const message = imported(original);
    const rebuilt = built(message);

    const result = validateXml('sii', rebuilt);
    expect(result.valid, `${formatXsdErrors(result)}\n${rebuilt}`).toBe(true);
    expect(recordCount(rebuilt)).toBe(recordCount(original));
    expect(message.records).toHaveLength(recordCount(original));
    expect(amounts(rebuilt)).toEqual(amounts(original));
    expect(amounts(original).length).toBeGreaterThan(0);

    // Importing the rebuilt XML gives the same message (amounts now spelt with two decimals), and
    // building that again gives the same XML.
    const again = imported(rebuilt);
    expect(decimalsAsAmounts(again)).toEqual(decimalsAsAmounts(message));
    expect(built(again)).toBe(rebuilt);
  });

  it(`${INVALID}: imports, and the builder refuses its recargo on services`, () => {
    const message = imported(readFileSync(join(DIR, INVALID)));
    const [record] = message.records;
    if (record === undefined) throw new Error('no record');
    const rows = record.tax_breakdowns ?? [];
    const services = rows.findIndex(
      (row) => row.operation_type === 'services' && row.surcharge_amount !== undefined,
    );
    expect(rows[services]).toMatchObject({
      operation_type: 'services',
      percent: '21.0',
      taxable_base: '200.00',
      surcharge_percent: '5.20',
      surcharge_amount: '10.40',
    });

    const issues = siiRecordIssues(record, message.titular);
    expect(issues).toContainEqual(
      expect.objectContaining({
        code: 'parameter_invalid',
        param: expect.stringMatching(
          new RegExp(`^tax_breakdowns\\[${String(services)}\\]\\.surcharge_(?:percent|amount)$`),
        ),
      }),
    );
    const rebuilt = buildSiiMessage(message);
    expect(rebuilt.success).toBe(false);
    if (!rebuilt.success)
      expect(rebuilt.issues.map((issue) => issue.param)).toContain(`records[0].${issues[0]?.param ?? ''}`);
  });
});
