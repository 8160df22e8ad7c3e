/**
 * The script each worker thread of `threadCompute` runs (built as `dist/threads-worker.js` and
 * `.cjs`): piscina calls its default export once per task. The thread judges SII XML with the
 * validator the pool was made with — the structural one, or the official XSDs compiled once here — and
 * e-invoices with an e-invoice validator of its own over the pool's artefact directories, if any.
 *
 * @module
 */
import { workerData } from 'node:worker_threads';
import { runComputeTask } from '../../compute/tasks.js';
import { facturXReader } from '../../einvoice/facturx/reader.js';
import type { ComputeTask, ComputeTasks, EInvoiceValidator, SchemaValidator } from '../../ports.js';
import { structuralSiiValidator } from '../../sii/validator/structuralSiiValidator.js';
import { einvoiceValidatorFromDirectories } from '../artefacts/validator.js';
import { createXsdSchemaValidator, type XsdSchemaValidatorOptions } from '../xsd/xsdSchemaValidator.js';

/** The largest PDF a thread reads for the e-invoice validator: 10 MB (10 × 1024 × 1024 bytes), as inline. */
const EINVOICE_MAX_BYTES = 10485760;

/** What the pool sends a thread: a task of the table and its input. */
export interface ThreadTask<T extends ComputeTask = ComputeTask> {
  task: T;
  input: ComputeTasks[T]['input'];
}

const data = workerData as {
  xsd?: XsdSchemaValidatorOptions | null;
  einvoice?: { directories: string[] } | null;
} | null;
const xsd = data?.xsd ?? null;
const einvoiceDirectories = data?.einvoice?.directories ?? null;
let validator: Promise<SchemaValidator> | null = null;
let einvoice: Promise<EInvoiceValidator | undefined> | null = null;

/**
 * A task's answer as it crosses back: JSON text, which the main thread reads with the native
 * `JSON.parse` about twice as fast as it deserialises a structured clone of the same tree (55 against
 * 28 ms for the 4,400 records of a 10 MB SII message) — that time is spent on the main thread, and is
 * what issue #24 limits. Every answer is JSON data. The answers that are one long string (a JSON body's
 * encoded text, a built message) cross as they are: copying a string costs less than reading it.
 */
export type ThreadAnswer = { json: string } | { value: unknown };

const STRING_ANSWERS: ReadonlySet<ComputeTask> = new Set<ComputeTask>(['json_body', 'ledger_message']);

/**
 * Runs one task in this thread (piscina's handler). A task that throws rejects the caller's `run`.
 *
 * @example
 * ```ts
 * await runThreadTask({ task: 'ledger_response', input: xml }); // { json: '{"success":true,…}' }
 * ```
 */
export default async function runThreadTask(message: ThreadTask): Promise<ThreadAnswer> {
  validator ??= xsd === null ? Promise.resolve(structuralSiiValidator()) : createXsdSchemaValidator(xsd);
  // The e-invoice validator is made on the first task that can use it: the others never pay for it.
  if (message.task === 'document_validation')
    einvoice ??=
      einvoiceDirectories === null
        ? Promise.resolve(undefined)
        : // pdf-lib imported statically here: a dynamic import is not resolved on a thread run from source.
          einvoiceValidatorFromDirectories(einvoiceDirectories, { pdf: facturXReader(EINVOICE_MAX_BYTES) });
  const output = runComputeTask(message.task, message.input, {
    validator: await validator,
    einvoice: einvoice === null ? undefined : await einvoice,
  });
  return STRING_ANSWERS.has(message.task) ? { value: output } : { json: JSON.stringify(output) };
}
