import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, bench, describe } from 'vitest';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import {
  compiledSchema,
  compileSchema,
  disposeSchemas,
  SCHEMA_ENTRIES,
  validateWith,
} from '../support/xsd.js';

// What XSD validation with libxml2-wasm costs the test suite (issue #5): compiling each official schema
// (paid once per test file, the helper caches it) and validating one document against it.
// No targets: these are measurements for planning, not assertions.

const fa3Sample = hasShared
  ? readFileSync(join(SHARED_DIR, 'samples', 'ksef', 'official-mf', 'FA_3_Przykład_1.xml'), 'utf8')
  : '';
const siiSample = hasShared
  ? readFileSync(join(SHARED_DIR, 'samples', 'sii', 'oca-derived', 'sii_out_invoice_s_iva10b.xml'), 'utf8')
  : '';

/** Read after the run so that the results cannot be optimised away. */
let invalid = 0;

afterAll(disposeSchemas);

describe.skipIf(!hasShared)('XSD schema compile (libxml2-wasm)', () => {
  for (const [name, entry] of Object.entries(SCHEMA_ENTRIES)) {
    bench(
      `compile ${name} (${entry} with imports/includes)`,
      () => {
        compileSchema(entry).dispose();
      },
      { iterations: 30, warmupIterations: 3, time: 0 },
    );
  }
});

describe.skipIf(!hasShared)('XSD validation of one document (libxml2-wasm)', () => {
  bench(
    'ksef-fa3: FA_3_Przykład_1.xml (3.4 kB)',
    () => {
      if (!validateWith(compiledSchema('ksef-fa3'), fa3Sample).valid) invalid += 1;
    },
    {
      iterations: 500,
      warmupIterations: 50,
      time: 0,
      teardown: () => {
        if (invalid > 0) throw new Error('the FA(3) sample did not validate');
      },
    },
  );
  bench(
    'sii: sii_out_invoice_s_iva10b.xml (2.2 kB)',
    () => {
      if (!validateWith(compiledSchema('sii'), siiSample).valid) invalid += 1;
    },
    {
      iterations: 500,
      warmupIterations: 50,
      time: 0,
      teardown: () => {
        if (invalid > 0) throw new Error('the SII sample did not validate');
      },
    },
  );
});
