// Peak memory of the 5,000-record batch (issue #7: "peak memory under 300 MB"), measured like
// siiMemory.ts: the workload is written to a JSON file here (the fixtures are TypeScript, run through
// tsx) and run in a plain `node` child (engineMemoryChild.mjs) that imports only the built package.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_ACCOUNT, benchBatchRecords } from './engineWorkload.js';

const directory = mkdtempSync(join(tmpdir(), 'fiscalkit-engine-memory-'));
try {
  const input = join(directory, 'batch.json');
  writeFileSync(input, JSON.stringify({ account: BENCH_ACCOUNT, tax_reports: benchBatchRecords(5000) }));
  const child = new URL('./engineMemoryChild.mjs', import.meta.url).pathname;
  process.stdout.write(execFileSync(process.execPath, [child, input], { encoding: 'utf8' }));
} finally {
  rmSync(directory, { recursive: true, force: true });
}
