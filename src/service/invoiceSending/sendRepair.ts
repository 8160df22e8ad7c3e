/**
 * The repair of a send (issue #23, docs/sending.md "Crashes"): the job `sendInvoice` queues before it
 * moves the invoice to `sending`, run a minute later. When the request was cut off between that change
 * and its delivery record, the invoice is `sending` with nothing to deliver it: the repair makes the
 * delivery and its job (`repairSend`). When nothing went wrong, it finds the delivery and does nothing
 * more than `ensureDelivery`'s idempotent enqueue.
 *
 * @module
 */
import type { Job, Ports } from '../../ports.js';
import { exponentialBackoff, type JobHandler } from '../worker.js';
import { INVOICE_SEND_REPAIR_JOB, repairSend } from './sendInvoice.js';

/**
 * The handler of {@link INVOICE_SEND_REPAIR_JOB} jobs.
 *
 * @example
 * ```ts
 * createWorker(ports, [invoiceSendRepairHandler(ports)]);
 * ```
 */
export function invoiceSendRepairHandler(ports: Ports): JobHandler {
  return {
    kind: INVOICE_SEND_REPAIR_JOB,
    max_attempts: 10,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 5_000, max_ms: 300_000 }),
    async run(job: Job) {
      const { account_id, invoice_id } = job.payload;
      if (typeof account_id !== 'number' || typeof invoice_id !== 'number')
        throw Object.assign(new TypeError(`job ${String(job.id)}: not a send repair payload`), {
          retryable: false,
        });
      const stored = await ports.store.invoices.get(account_id, invoice_id);
      if (stored === null) return; // deleted since: nothing to deliver
      await repairSend(ports, stored.value, null);
    },
    async giveUp() {
      // Nothing to put in a failed state: the invoice stays `sending`, and a send of it repairs again.
    },
  };
}
