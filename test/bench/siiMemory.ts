// Peak memory of the SII workload (issue #6: "peak memory under 300 MB"): in a fresh process, build
// the 5,000-record Expedida message and validate every record with both validators, then report the
// process's peak resident set size (what the host must provision), not just the JS heap.
import { join } from 'node:path';
import { hasShared, SHARED_DIR } from '../support/shared.js';
import { benchSiiMessage } from './siiWorkload.js';

// Not literal paths, so typechecking does not need dist/ to exist yet.
const builtSii = '../../dist/sii.js';
const builtXsd = '../../dist/xsd.js';
const { buildSiiMessage, structuralSiiValidator, validateSiiRecords } = (await import(
  builtSii
)) as typeof import('../../src/sii/index.js');
const { createXsdSchemaValidator } = (await import(
  builtXsd
)) as typeof import('../../src/adapters/xsd/index.js');

const message = benchSiiMessage(5000);
const built = buildSiiMessage(message);
if (!built.success) throw new Error('the bench message does not build');
const structural = validateSiiRecords(structuralSiiValidator(), message);
let xsdValid = 'skipped (no shared/)';
if (hasShared) {
  const xsd = await createXsdSchemaValidator({ directory: join(SHARED_DIR, 'xsd', 'sii') });
  xsdValid = String(validateSiiRecords(xsd, message).every((verdict) => verdict.valid));
  xsd.dispose();
}
const peakMb = process.resourceUsage().maxRSS / 1024;
console.table([
  {
    workload: 'SII, 5,000 Expedida: build + structural + xsd validation',
    'message kB': Math.round(built.data.length / 1024),
    'structural all valid': structural.every((verdict) => verdict.valid),
    'xsd all valid': xsdValid,
    'peak RSS MB': Math.round(peakMb),
    target: '< 300 MB',
    verdict: peakMb < 300 ? 'meets' : 'MISSES',
  },
]);
