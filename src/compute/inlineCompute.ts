import type { Compute, EInvoiceValidator, SchemaValidator } from '../ports.js';
import { runComputeTask } from './tasks.js';

/**
 * The `Compute` port on the calling thread (issue #24): every task runs at once, as the services ran
 * it before the port existed. The default of `createFiscalkit` when the ports name no `compute` — an
 * embedded service, a test, a script — over the ports' own schema validator; a server that answers
 * many tenants uses `threadCompute` from `fiscalkit/threads` instead.
 *
 * `validator` is a function when the validator may change after wiring (a test that swaps the port),
 * so that the tasks always judge with the current one; `einvoice` likewise, the e-invoice validator the
 * document validation judges e-invoices with (none: well-formedness only).
 *
 * @example
 * ```ts
 * const compute = inlineCompute(structuralSiiValidator());
 * const read = await compute.run('ledger_response', responseXml);
 * read.success && read.data.submission_status; // 'Correcto'
 * ```
 */
export function inlineCompute(
  validator: SchemaValidator | (() => SchemaValidator),
  einvoice?: EInvoiceValidator | (() => EInvoiceValidator | undefined),
): Compute {
  const current = typeof validator === 'function' ? validator : () => validator;
  const currentEInvoice = typeof einvoice === 'function' ? einvoice : () => einvoice;
  return {
    inline: true,
    get schemaValidator() {
      return current().name;
    },
    get einvoice() {
      return currentEInvoice()?.description ?? null;
    },
    async run(task, input) {
      return runComputeTask(task, input, { validator: current(), einvoice: currentEInvoice() });
    },
  };
}
