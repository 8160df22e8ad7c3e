/**
 * The `Compute` port's contract (issue #24 item 1): the worker-thread adapter answers exactly what the
 * inline one answers, task by task, on the official samples and fiscalkit's own documents; a task that
 * throws and a thread that dies reject the call with an error instead of hanging; a closed pool
 * refuses work; and the service refuses a compute whose validator is not its schema validator port.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import { type ThreadCompute, threadCompute } from '../../../src/adapters/threads/index.js';
import { createXsdSchemaValidator } from '../../../src/adapters/xsd/index.js';
import { inlineCompute } from '../../../src/compute/inlineCompute.js';
import { COMPUTE_TASKS } from '../../../src/compute/tasks.js';
import { createFiscalkit } from '../../../src/index.js';
import { buildFa3 } from '../../../src/ksef/build/buildFa3.js';
import type { Compute, ComputeTask, ComputeTasks } from '../../../src/ports.js';
import { buildSiiMessage } from '../../../src/sii/build/buildSiiMessage.js';
import { importSiiMessage } from '../../../src/sii/import/importSiiMessage.js';
import { structuralSiiValidator } from '../../../src/sii/validator/structuralSiiValidator.js';
import { decodeJsonTree } from '../../../src/versions/jsonTransfer.js';
import { benchKsefReport } from '../../bench/ksefWorkload.js';
import { benchSiiMessage } from '../../bench/siiWorkload.js';
import { hasShared, SHARED_DIR, SHARED_MISSING } from '../../support/shared.js';
import { siiTitular } from '../../support/siiReports.js';

const pools: ThreadCompute[] = [];
function pool(options: Parameters<typeof threadCompute>[0] = {}): ThreadCompute {
  const made = threadCompute({ threads: 1, ...options });
  pools.push(made);
  return made;
}
afterAll(async () => {
  await Promise.all(pools.map((made) => made.close()));
});

const inline = inlineCompute(structuralSiiValidator());

/** One input of a task, with a name for the failure message. */
type Sample<T extends ComputeTask = ComputeTask> = { name: string; task: T; input: ComputeTasks[T]['input'] };

function sample<T extends ComputeTask>(task: T, name: string, input: ComputeTasks[T]['input']): Sample {
  return { name, task, input } as Sample;
}

/** fiscalkit's own documents: every task has some, whether or not shared/ is there. */
function ownSamples(): Sample[] {
  const sii = buildSiiMessage(benchSiiMessage(20));
  const fa3 = buildFa3(benchKsefReport(20), { now: new Date(Date.UTC(2026, 1, 1)) });
  if (!sii.success || !fa3.success) throw new Error('the bench documents are valid');
  const message = importSiiMessage(sii.data);
  if (!message.success) throw new Error('the bench message imports');
  return [
    sample('tax_report_import', 'bench FA(3), 20 lines', { file: fa3.data, api_version: '2026-04-20' }),
    sample('tax_report_import', 'bench FA(3) as bytes, flags', {
      file: new TextEncoder().encode(fa3.data),
      api_version: '2026-04-20',
      customer_party_jst: true,
      customer_party_gv: false,
    }),
    sample('tax_report_import', 'bench SII, 20 records', { file: sii.data, api_version: '2026-04-20' }),
    sample('tax_report_import', 'not XML', { file: 'nope', api_version: '2026-04-20' }),
    sample('tax_report_import', 'a DOCTYPE', {
      file: '<!DOCTYPE x [<!ENTITY a "b">]><x/>',
      api_version: '2026-04-20',
    }),
    sample('ledger_import', 'bench SII, 20 records', { file: sii.data, titular: siiTitular() }),
    sample('ledger_import', 'another titular', {
      file: sii.data,
      titular: { name: 'Otra SL', nif: 'B12345674' },
    }),
    sample('ledger_import', 'bench FA(3)', { file: fa3.data, titular: siiTitular() }),
    sample('ledger_message', 'bench SII, 20 records', message.data.message),
    sample('ledger_response', 'not a response', '<x/>'),
    sample('document_validation', 'bench SII', { content: sii.data, param: 'document' }),
    sample('document_validation', 'bench FA(3)', { content: fa3.data, param: 'file' }),
    sample('document_validation', 'UBL', {
      content: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      param: 'document',
    }),
    sample('json_body', 'lossless numbers, a NUL-led string, __proto__', {
      text: '{"a":12.50,"b":[1e3,-0.0],"c":"\\u0000x","__proto__":{"d":1}}',
      max_bytes: 1000,
      limits: { max_values: 100, max_string_length: 100 },
    }),
    sample('json_body', 'too deep', {
      text: `${'['.repeat(65)}${']'.repeat(65)}`,
      max_bytes: 1000,
      limits: { max_values: 100, max_string_length: 100 },
    }),
  ];
}

/** The official samples of shared/: FA(3) invoices, SII messages and an AEAT response. */
function sharedSamples(): Sample[] {
  const samples: Sample[] = [];
  const ksef = join(SHARED_DIR, 'samples', 'ksef', 'official-mf');
  for (const file of readdirSync(ksef)
    .filter((name) => name.endsWith('.xml'))
    .slice(0, 6)) {
    const xml = readFileSync(join(ksef, file), 'utf8');
    samples.push(sample('tax_report_import', file, { file: xml, api_version: '2026-04-20' }));
    samples.push(sample('document_validation', file, { content: xml, param: 'document' }));
  }
  const sii = join(SHARED_DIR, 'samples', 'sii', 'oca-derived');
  for (const file of readdirSync(sii).filter((name) => name.endsWith('.xml'))) {
    const xml = readFileSync(join(sii, file), 'utf8');
    samples.push(sample('tax_report_import', file, { file: xml, api_version: '2026-04-20' }));
    samples.push(sample('ledger_import', file, { file: xml, titular: siiTitular() }));
    samples.push(sample('document_validation', file, { content: xml, param: 'document' }));
  }
  const responses = join(SHARED_DIR, 'samples', 'sii', 'responses');
  for (const file of readdirSync(responses).filter((name) => name.endsWith('.xml')))
    samples.push(sample('ledger_response', file, readFileSync(join(responses, file), 'utf8')));
  return samples;
}

/** The answer to compare: a `json_body` answer is its tree (the text is an encoding of it). */
async function answer(compute: Compute, { task, input }: Sample): Promise<unknown> {
  const output = await compute.run(task, input as never);
  if (task !== 'json_body') return output;
  const parsed = output as ComputeTasks['json_body']['output'];
  return parsed.success ? { success: true, data: decodeJsonTree(parsed.data) } : parsed;
}

describe('threadCompute answers what inlineCompute answers (issue #24)', () => {
  it('every task of the table, on fiscalkit’s own documents', async () => {
    const samples = ownSamples();
    expect(new Set(samples.map(({ task }) => task))).toEqual(new Set(COMPUTE_TASKS));
    const threads = pool();
    for (const one of samples) {
      const [there, here] = await Promise.all([answer(threads, one), answer(inline, one)]);
      expect(isDeepStrictEqual(there, here), `${one.task}: ${one.name}`).toBe(true);
    }
  }, 120_000);

  it.skipIf(!hasShared)(
    'on the official samples of shared/ (FA(3), SII, an AEAT response)',
    async () => {
      const threads = pool();
      const samples = sharedSamples();
      expect(samples.length).toBeGreaterThan(20);
      const answers = await Promise.all(samples.map((one) => answer(threads, one)));
      for (const [index, one] of samples.entries())
        expect(isDeepStrictEqual(answers[index], await answer(inline, one)), `${one.task}: ${one.name}`).toBe(
          true,
        );
    },
    120_000,
  );

  it.skipIf(!hasShared)(
    'with the official XSDs in the threads, as the fiscalkit/xsd port judges',
    async () => {
      const directory = join(SHARED_DIR, 'xsd', 'sii');
      const xsd = await createXsdSchemaValidator({ directory });
      try {
        const threads = pool({ xsd: { directory } });
        expect(threads.schemaValidator).toBe('xsd');
        const here = inlineCompute(xsd);
        const sii = join(SHARED_DIR, 'samples', 'sii', 'oca-derived');
        const files = readdirSync(sii).filter((name) => name.endsWith('.xml'));
        for (const file of files.slice(0, 4)) {
          const one = sample('document_validation', file, {
            content: readFileSync(join(sii, file), 'utf8'),
            param: 'document',
          });
          expect(isDeepStrictEqual(await answer(threads, one), await answer(here, one)), file).toBe(true);
        }
      } finally {
        xsd.dispose();
      }
    },
    120_000,
  );
});

describe('threadCompute fails loudly, never hangs (issue #24)', () => {
  it('a task that throws rejects with an error naming the task; the pool goes on', async () => {
    const threads = pool();
    await expect(threads.run('no_such_task' as ComputeTask, '' as never)).rejects.toThrow(
      /fiscalkit\/threads: task no_such_task failed: fiscalkit compute: no task named no_such_task/,
    );
    const after = await threads.run('ledger_response', '<x/>');
    expect(after.success).toBe(false);
  }, 60_000);

  it('a thread that dies under its task (out of heap) rejects the call; another thread takes over', async () => {
    // 64 MiB hold the thread's code and a small task, not the tree of a 10 MB message.
    const threads = pool({ max_heap_mb: 64 });
    const big = buildSiiMessage(benchSiiMessage(4400));
    if (!big.success) throw new Error('the bench message builds');
    await expect(threads.run('ledger_import', { file: big.data, titular: siiTitular() })).rejects.toThrow(
      /fiscalkit\/threads: task ledger_import failed: .*memory/,
    );
    const after = await threads.run('ledger_response', '<x/>');
    expect(after.success).toBe(false);
  }, 120_000);

  it('a task past its time is given up with an error', async () => {
    const threads = pool({ task_timeout_ms: 1 });
    const big = buildSiiMessage(benchSiiMessage(500));
    if (!big.success) throw new Error('the bench message builds');
    await expect(threads.run('ledger_import', { file: big.data, titular: siiTitular() })).rejects.toThrow(
      /task ledger_import failed/,
    );
  }, 60_000);

  it('a closed pool refuses work with an error; closing twice is harmless', async () => {
    const threads = pool();
    await threads.close();
    await threads.close();
    await expect(threads.run('ledger_response', '<x/>')).rejects.toThrow(/the pool is closed/);
  });
});

describe('the service and its compute', () => {
  it('createFiscalkit refuses a compute that judges SII XML with another validator than the port', () => {
    const ports = memoryPorts({
      schemaValidator: { name: 'xsd', validateSii: () => ({ valid: true, errors: [] }) },
    });
    ports.compute = inlineCompute(structuralSiiValidator());
    expect(() => createFiscalkit(ports)).toThrow(/judges SII XML with the structural validator/);
  });

  it('without ports.compute the tasks run inline, over the schema validator port', async () => {
    const fiscalkit = createFiscalkit(memoryPorts());
    expect(fiscalkit.compute.inline).toBe(true);
    expect(fiscalkit.compute.schemaValidator).toBe('structural');
  });
});

// Without shared/ the sample cases above skip; said once, as the repository's other suites do.
if (!hasShared) it.skip(SHARED_MISSING, () => undefined);
