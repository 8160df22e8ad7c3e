import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { benchSiiMessage } from './siiWorkload.js';

// Measures the built entry points fiscalkit/sii and fiscalkit/xsd (dist/, what users run; see
// totals.bench.ts for why not src/). The paths are not literals so that typechecking does not need
// dist/ to exist yet.
const builtSii = '../../dist/sii.js';
const builtXsd = '../../dist/xsd.js';
const { buildSiiMessage, buildSiiRecordMessage, structuralSiiValidator, validateSiiRecords } = (await import(
  builtSii
)) as typeof import('../../src/sii/index.js');
const { createXsdSchemaValidator } = (await import(
  builtXsd
)) as typeof import('../../src/adapters/xsd/index.js');

/**
 * Targets (issue #6), 5,000 Expedida records: build the message ≤ 300 ms; validate them one by one
 * with the structural validator ≤ 300 ms and with fiscalkit/xsd ≤ 1.5 s (medians).
 */
const message = benchSiiMessage(5000);
const built = buildSiiMessage(message);
if (!built.success) throw new Error(`the bench message does not build: ${JSON.stringify(built.issues)}`);
const structural = structuralSiiValidator();
const xsd = hasShared ? await createXsdSchemaValidator({ directory: join(SHARED_DIR, 'xsd', 'sii') }) : null;
afterAll(() => xsd?.dispose());

/** Every record must be valid, or the bench measures the wrong thing. */
function allValid(verdicts: readonly { valid: boolean }[]): void {
  if (verdicts.some((verdict) => !verdict.valid)) throw new Error('a bench record is invalid');
}

/**
 * The 5,000 one-record messages of per-record validation (sii.md §11), built once: the validation
 * targets time the validators; building is measured on its own above, and `validateSiiRecords`
 * (build + validate) is reported beside them without a target.
 */
const recordMessages = message.records.map((_record, index) => {
  const one = buildSiiRecordMessage(message, index);
  if (!one.success) throw new Error(`record ${String(index)} does not build`);
  return one.data;
});

/** Validates every one-record message with `validator`. */
function validateAll(validator: { validateSii(xml: string): { valid: boolean } }): void {
  allValid(recordMessages.map((xml) => validator.validateSii(xml)));
}

describe('SII, 5,000 Expedida records', () => {
  bench(
    `buildSiiMessage (${String(Math.round(built.data.length / 1024))} kB out)`,
    () => {
      if (!buildSiiMessage(message).success) throw new Error('build failed');
    },
    { iterations: 10, warmupIterations: 2, time: 0 },
  );
  bench(
    'structural validator, one by one',
    () => {
      validateAll(structural);
    },
    { iterations: 10, warmupIterations: 2, time: 0 },
  );
});

describe('SII, 5,000 Expedida records, build + validate (validateSiiRecords)', () => {
  bench(
    'structural validator',
    () => {
      allValid(validateSiiRecords(structural, message));
    },
    { iterations: 10, warmupIterations: 2, time: 0 },
  );
});

describe.skipIf(!hasShared)('SII, 5,000 Expedida records, fiscalkit/xsd', () => {
  bench(
    'libxml2-wasm with the official XSD, one by one',
    () => {
      if (xsd !== null) validateAll(xsd);
    },
    { iterations: 5, warmupIterations: 1, time: 0 },
  );
});
