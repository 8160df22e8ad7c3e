import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createXsdSchemaValidator,
  type XsdSchemaValidator,
} from '../../src/adapters/xsd/xsdSchemaValidator.js';
import type { SchemaValidator } from '../../src/ports.js';
import type { SiiMessage } from '../../src/sii/message.js';
import { structuralSiiValidator } from '../../src/sii/validator/structuralSiiValidator.js';
import { validateSiiRecords } from '../../src/sii/validator/validateRecords.js';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { siiDefectArb, siiTitularArb, VALID_SII_RECORD_ARBS } from '../support/siiArbitraries.js';

/** An A0 Expedida message of the given records, each with a unique invoice number `R-<index>`. */
function message(records: SiiMessage['records'], titular: SiiMessage['titular']): SiiMessage {
  return {
    book_type: 'Expedida',
    kind: 'alta',
    communication_type: 'A0',
    titular,
    records: records.map((record, index) => ({
      ...record,
      communication_type: 'A0',
      invoice_number: `R-${String(index).padStart(4, '0')}`,
    })),
  };
}

/** A message of 3–6 valid records with one defective record at `bad`, and that index. */
const messageWithOneBadRecordArb = fc
  .record({
    good: fc.array(VALID_SII_RECORD_ARBS.Expedida, { minLength: 2, maxLength: 5 }),
    bad: fc.oneof(
      siiDefectArb('period-13'),
      siiDefectArb('amount-3-decimals'),
      siiDefectArb('mixed-breakdown'),
    ),
    titular: siiTitularArb,
    at: fc.nat(),
  })
  .map(({ good, bad, titular, at }) => {
    const index = at % (good.length + 1);
    const records = [...good];
    records.splice(index, 0, bad.report);
    return { message: message(records, titular), index, param: bad.param };
  });

/** Wraps a validator so that the one-record message of invoice `R-<n>` gets an XSD error (TipoFactura F9). */
function corruptingRecord(inner: SchemaValidator, index: number): SchemaValidator {
  const marker = `>R-${String(index).padStart(4, '0')}<`;
  return {
    name: inner.name,
    validateSii: (xml) =>
      inner.validateSii(
        xml.includes(marker) ? xml.replace(/<sii:TipoFactura>[^<]*</, '<sii:TipoFactura>F9<') : xml,
      ),
  };
}

describe.skipIf(!hasShared)('validateSiiRecords', () => {
  let xsd: XsdSchemaValidator;
  let validators: SchemaValidator[];
  beforeAll(async () => {
    xsd = await createXsdSchemaValidator({ directory: join(SHARED_DIR, 'xsd', 'sii') });
    validators = [structuralSiiValidator(), xsd];
  });
  afterAll(() => xsd?.dispose());

  it('marks exactly the record the builder refuses invalid, with the builder issues, for both validators', () => {
    fc.assert(
      fc.property(messageWithOneBadRecordArb, ({ message, index, param }) => {
        for (const validator of validators) {
          const verdicts = validateSiiRecords(validator, message);
          expect(verdicts.map((verdict) => verdict.index)).toEqual(message.records.map((_, i) => i));
          expect(verdicts.map((verdict) => verdict.valid)).toEqual(
            message.records.map((_, i) => i !== index),
          );
          const bad = verdicts[index];
          expect(bad?.errors.map((error) => error.path)).toContain(`records[${index}].${param}`);
          expect(bad?.errors.every((error) => error.line === null && error.message !== '')).toBe(true);
        }
      }),
      { numRuns: 25 },
    );
  }, 30_000);

  it('attributes a schema error to its record: only that index is invalid, for both validators', () => {
    fc.assert(
      fc.property(
        fc.array(VALID_SII_RECORD_ARBS.Expedida, { minLength: 2, maxLength: 6 }),
        siiTitularArb,
        fc.nat(),
        (records, titular, at) => {
          const index = at % records.length;
          const built = message(records, titular);
          for (const validator of validators) {
            const verdicts = validateSiiRecords(corruptingRecord(validator, index), built);
            expect(verdicts.map((verdict) => verdict.valid)).toEqual(records.map((_, i) => i !== index));
            expect(verdicts[index]?.errors.length).toBeGreaterThan(0);
            if (validator.name === 'structural') {
              expect(verdicts[index]?.errors[0]).toMatchObject({
                path: 'FacturaExpedida/TipoFactura',
                message: expect.stringContaining('"F9" is not one of'),
              });
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 30_000);

  it('gives one verdict per record, in order, and none for an empty message', () => {
    const [record] = fc.sample(VALID_SII_RECORD_ARBS.Expedida, { numRuns: 1, seed: 6 });
    const [titular] = fc.sample(siiTitularArb, { numRuns: 1, seed: 6 });
    if (record === undefined || titular === undefined) throw new Error('no sample');
    const one = message([record, record, record], titular);
    for (const validator of validators) {
      expect(validateSiiRecords(validator, one)).toEqual([
        { index: 0, valid: true, errors: [] },
        { index: 1, valid: true, errors: [] },
        { index: 2, valid: true, errors: [] },
      ]);
      expect(validateSiiRecords(validator, { ...one, records: [] })).toEqual([]);
    }
  });
});
