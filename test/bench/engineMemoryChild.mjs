// The measured process of engineMemory.ts: a service on in-memory ports takes the 5,000-record batch
// from POST to `finished` with the structural validator, then reports this process's peak resident
// set size — what a host must provision — against the 300 MB target of issue #7.
import { readFileSync } from 'node:fs';

const [input] = process.argv.slice(2);
const { createFiscalkit } = await import('../../dist/index.js');
const { memoryPorts } = await import('../../dist/memory.js');

const baseline = process.memoryUsage().rss / 1048576;
const { account, tax_reports } = JSON.parse(readFileSync(input, 'utf8'));
const ports = memoryPorts();
await ports.store.accounts.insert(account);
const fiscalkit = createFiscalkit(ports);
const started = performance.now();
const { batch_id } = await fiscalkit.taxReportBatches.create(account.id, { tax_reports });
await fiscalkit.worker.drain();
const elapsed = performance.now() - started;
const batch = await fiscalkit.taxReportBatches.get(account.id, batch_id);
const peak = process.resourceUsage().maxRSS / 1024;
console.table([
  {
    workload: 'SII batch, 5,000 Expedida: POST to finished (memory ports, structural validator)',
    status: batch.status,
    created: batch.succeeded_count,
    'one run ms': Math.round(elapsed),
    'node baseline MB': Math.round(baseline),
    'peak RSS MB': Math.round(peak),
    target: '< 300 MB',
    verdict: peak < 300 ? 'meets' : 'MISSES',
  },
]);
