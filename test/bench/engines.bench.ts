import { bench, describe } from 'vitest';
import { BENCH_ACCOUNT, benchBatchRecords, benchTinPairs } from './engineWorkload.js';

// Measures the built entry points (dist/, what users run; see totals.bench.ts): the root package for
// the services and fiscalkit/memory for the ports. The paths are not literals so that typechecking
// does not need dist/ to exist yet.
const builtRoot = '../../dist/index.js';
const builtMemory = '../../dist/memory.js';
const { createFiscalkit } = (await import(builtRoot)) as typeof import('../../src/index.js');
const { memoryCensus, memoryPorts } = (await import(
  builtMemory
)) as typeof import('../../src/adapters/memory/index.js');

/** A fresh service on memory ports with the bench account stored. */
async function service(census: { nif: string; name: string }[] = []) {
  const ports = memoryPorts({ census: memoryCensus({ entries: census }) });
  await ports.store.accounts.insert(BENCH_ACCOUNT);
  return createFiscalkit(ports);
}

/**
 * Targets (issue #7), medians on in-memory ports: 5,000-record batch from POST to `finished` with the
 * structural validator ≤ 2.5 s (the 202 itself "well under 50 ms"); 20,000 TIN pairs from POST to
 * `success` ≤ 500 ms with a cold cache and ≤ 150 ms with a warm one.
 */
const records = benchBatchRecords(5000);

describe('SII batch, 5,000 Expedida records', () => {
  bench(
    'POST to 202 (envelope, store, enqueue)',
    async () => {
      // A fresh service per sample (memory ports and one account: well under a millisecond).
      const fresh = await service();
      await fresh.taxReportBatches.create(1, { tax_reports: records });
    },
    {
      iterations: 20,
      warmupIterations: 3,
      time: 0,
    },
  );
  bench(
    'POST to finished (structural validator)',
    async () => {
      const fiscalkit = await service();
      const { batch_id } = await fiscalkit.taxReportBatches.create(1, { tax_reports: records });
      await fiscalkit.worker.drain();
      const batch = await fiscalkit.taxReportBatches.get(1, batch_id);
      if (batch.status !== 'finished' || batch.succeeded_count !== 5000)
        throw new Error('the bench batch failed');
    },
    {
      iterations: 8,
      warmupIterations: 2,
      time: 0,
    },
  );
});

const tin = benchTinPairs(20_000);

/** One verification of the 20,000 pairs, POST to `success`. */
async function verify(fiscalkit: Awaited<ReturnType<typeof service>>): Promise<void> {
  const { id } = await fiscalkit.tinVerifications.create(1, { country: 'es', body: tin.pairs });
  await fiscalkit.worker.drain();
  if ((await fiscalkit.tinVerifications.get(1, id)).status !== 'success')
    throw new Error('the bench verification failed');
}

const warm = await service(tin.census);
await verify(warm);

describe('TIN verification, 20,000 pairs', () => {
  bench(
    'POST to success, cold cache',
    async () => {
      // A service whose cache has never seen the pairs.
      await verify(await service(tin.census));
    },
    {
      iterations: 15,
      warmupIterations: 3,
      time: 0,
    },
  );
  bench(
    'POST to success, warm cache',
    async () => {
      await verify(warm);
    },
    { iterations: 15, warmupIterations: 3, time: 0 },
  );
});
