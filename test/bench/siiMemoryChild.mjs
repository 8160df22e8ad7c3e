// The measured process of siiMemory.ts: read the 5,000-record message, build it, validate every record
// with the structural validator and (when an XSD directory is given) with fiscalkit/xsd, then report
// the peak resident set size of this process — what a host must provision — against the 300 MB target.
import { readFileSync } from 'node:fs';

const [input, xsdDirectory] = process.argv.slice(2);
const { buildSiiMessage, structuralSiiValidator, validateSiiRecords } = await import('../../dist/sii.js');
const { createXsdSchemaValidator } = await import('../../dist/xsd.js');

const baseline = process.memoryUsage().rss / 1048576;
const message = JSON.parse(readFileSync(input, 'utf8'));
const built = buildSiiMessage(message);
if (!built.success) throw new Error('the bench message does not build');
const structural = validateSiiRecords(structuralSiiValidator(), message);
let xsdValid = 'skipped (no shared/)';
if (xsdDirectory) {
  const xsd = await createXsdSchemaValidator({ directory: xsdDirectory });
  xsdValid = String(validateSiiRecords(xsd, message).every((verdict) => verdict.valid));
  xsd.dispose();
}
const peak = process.resourceUsage().maxRSS / 1024;
console.table([
  {
    workload: 'SII, 5,000 Expedida: build + structural + xsd validation',
    'message kB': Math.round(built.data.length / 1024),
    'structural all valid': structural.every((verdict) => verdict.valid),
    'xsd all valid': xsdValid,
    'node baseline MB': Math.round(baseline),
    'peak RSS MB': Math.round(peak),
    target: '< 300 MB',
    verdict: peak < 300 ? 'meets' : 'MISSES',
  },
]);
