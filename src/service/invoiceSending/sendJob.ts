/**
 * The `invoice_send` job (issue #23): hands a `sending` invoice's document to its channel and records
 * what happened. Crash-safe by order (DESIGN.md "Background work is idempotent and resumable"):
 *
 * 1. the delivery record is read first: one already `delivered` or `failed` is not sent again, only
 *    its outcome carried to the invoice (a run that stopped between the two writes);
 * 2. the outcome is written to the delivery record before the invoice moves, so a crash in between
 *    leaves the record to finish from;
 * 3. the channel is handed the delivery's key every time (`OutgoingDocument.key`): a channel that can
 *    (the sandbox access point, an access point's API) delivers a key once, so even a crash right after
 *    the channel took the document and before the record was written doubles nothing there; SMTP uses
 *    the key as the Message-ID, so a receiving side can tell the copy (docs/sending.md).
 *
 * A retryable `DeliveryError` records the attempt and is thrown again: the worker retries with its
 * backoff (`exponentialBackoff`, as webhook deliveries do). A refusal for good, or the last attempt,
 * ends the delivery `failed` and the invoice `error` with the channel's message as `state_reason`.
 *
 * @module
 */
import { instantFromMillis } from '../../model/instant.js';
import type { Invoice } from '../../model/invoice.js';
import type { InvoiceDelivery, InvoiceDeliveryAttempt } from '../../model/invoiceDelivery.js';
import {
  type DeliveryChannel,
  DeliveryError,
  type Job,
  type Ports,
  VersionConflictError,
} from '../../ports.js';
import { LATEST_API_VERSION } from '../../versions/apiVersion.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { JobNotReadyError } from '../jobNotReady.js';
import { exponentialBackoff, type JobHandler } from '../worker.js';
import { writeSending } from './invoiceStateWrite.js';
import { outgoingDocument } from './outgoingDocument.js';
import { INVOICE_SEND_JOB } from './sendInvoice.js';
import { sendingSource, writeSendingDocument } from './sendingDocument.js';

/** Runs of one delivery before it is given up (with the backoff: some 8 minutes of trying). */
export const INVOICE_SEND_ATTEMPTS = 6;

interface SendPayload {
  account_id: number;
  invoice_id: number;
  key: string;
}

function payloadOf(job: Job): SendPayload {
  const { account_id, invoice_id, key } = job.payload as Partial<SendPayload>;
  if (typeof account_id !== 'number' || typeof invoice_id !== 'number' || typeof key !== 'string')
    throw new DeliveryError(`invoice_send job ${String(job.id)} has a malformed payload`, false);
  return { account_id, invoice_id, key };
}

/** The group's caller for the account: the job acts for the account's owner (the send it continues). */
async function callerOf(ports: Ports, account_id: number): Promise<Caller> {
  const group_id = await ports.store.accountGroups.ownerOf(account_id);
  if (group_id === null) throw new DeliveryError(`account ${String(account_id)} has no group`, false);
  return { group_id, api_version: LATEST_API_VERSION };
}

async function deliveryOf(ports: Ports, payload: SendPayload) {
  const found = await ports.store.invoiceDeliveries.find(
    payload.account_id,
    { key: payload.key },
    { offset: 0, limit: 1 },
  );
  const delivery = found.items[0];
  if (delivery === undefined)
    throw new JobNotReadyError(`invoice delivery ${payload.key} is not stored yet`, 1000);
  return delivery;
}

/** Changes the delivery record (re-read on a lost race); `change` answers null to leave it. */
async function updateDelivery(
  ports: Ports,
  payload: SendPayload,
  change: (delivery: InvoiceDelivery) => InvoiceDelivery | null,
): Promise<InvoiceDelivery> {
  for (;;) {
    const { value, version } = await deliveryOf(ports, payload);
    const next = change(value);
    if (next === null) return value;
    try {
      return (await ports.store.invoiceDeliveries.update(next, version)).value;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}

/** Carries a finished delivery's outcome to the invoice, when it is still `sending`. */
async function settleInvoice(
  ports: Ports,
  deps: ServiceDeps,
  payload: SendPayload,
  delivery: InvoiceDelivery,
): Promise<void> {
  const stored = await ports.store.invoices.get(payload.account_id, payload.invoice_id);
  if (stored === null || stored.value.state !== 'sending') return;
  const caller = await callerOf(ports, payload.account_id);
  const event =
    delivery.status === 'delivered'
      ? ({ type: 'delivered' } as const)
      : ({ type: 'failed', reason: delivery.detail ?? 'the delivery failed' } as const);
  try {
    await writeSending(ports, deps, caller, payload.invoice_id, event);
  } catch (error) {
    // Someone moved the invoice meanwhile (mark_as): the delivery record keeps what happened.
    if (!(error instanceof Error && 'code' in error && error.code === 'conflict')) throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The handler of `invoice_send` jobs (see the module).
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [invoiceSendHandler(ports, deps)]);
 * await worker.drain(); // the queued sends are delivered
 * ```
 */
export function invoiceSendHandler(ports: Ports, deps: ServiceDeps): JobHandler {
  return {
    kind: INVOICE_SEND_JOB,
    max_attempts: INVOICE_SEND_ATTEMPTS,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 5_000, max_ms: 300_000 }),
    async run(job) {
      const payload = payloadOf(job);
      const { value: delivery } = await deliveryOf(ports, payload);
      if (delivery.status !== 'pending') {
        await settleInvoice(ports, deps, payload, delivery);
        return;
      }
      const stored = await ports.store.invoices.get(payload.account_id, payload.invoice_id);
      if (stored === null || stored.value.state !== 'sending') {
        // The invoice was deleted or moved out of `sending` before it left: nothing is sent, and the
        // record says why rather than pretend.
        const state = stored === null ? 'deleted' : stored.value.state;
        await updateDelivery(ports, payload, (current) =>
          current.status !== 'pending'
            ? null
            : {
                ...current,
                status: 'failed',
                detail: `not sent: the invoice is ${state}, no longer sending`,
                finished_at: instantFromMillis(ports.clock.now()),
              },
        );
        return;
      }
      const invoice: Invoice = stored.value;
      const channel = (ports.channels as Record<string, DeliveryChannel | undefined> | undefined)?.[
        delivery.transport
      ];
      if (channel === undefined)
        throw new DeliveryError(
          `${delivery.transport === 'email' ? 'e-mail' : delivery.transport} delivery is not configured on this server`,
          false,
        );
      const source = await sendingSource(ports, invoice);
      const written = await writeSendingDocument(ports, source, delivery.document_type);
      if (!written.success)
        throw new DeliveryError(
          `the ${delivery.document_type} document cannot be written: ${written.issues.map((issue) => `${issue.rule}: ${issue.message}`).join('; ')}`,
          false,
        );
      const started = ports.clock.now();
      let outcome: { receipt: { message_id: string; detail: string } } | { error: unknown };
      try {
        outcome = { receipt: await channel.send(outgoingDocument(source, written.data, delivery.key)) };
      } catch (error) {
        outcome = { error };
      }
      const attempt: InvoiceDeliveryAttempt = {
        attempted_at: instantFromMillis(started),
        error: 'error' in outcome ? messageOf(outcome.error) : null,
        // money-safe: a duration in milliseconds.
        duration_ms: Math.max(0, ports.clock.now() - started),
      };
      if ('error' in outcome) {
        await updateDelivery(ports, payload, (current) =>
          current.status !== 'pending' ? null : { ...current, attempts: [...current.attempts, attempt] },
        );
        throw outcome.error;
      }
      const { receipt } = outcome;
      const done = await updateDelivery(ports, payload, (current) =>
        current.status !== 'pending'
          ? null
          : {
              ...current,
              status: 'delivered',
              attempts: [...current.attempts, attempt],
              message_id: receipt.message_id,
              detail: receipt.detail,
              finished_at: instantFromMillis(ports.clock.now()),
            },
      );
      await settleInvoice(ports, deps, payload, done);
    },
    async giveUp(job, error) {
      const payload = payloadOf(job);
      const reason = messageOf(error);
      const done = await updateDelivery(ports, payload, (current) =>
        current.status !== 'pending'
          ? null
          : {
              ...current,
              status: 'failed',
              detail: reason,
              finished_at: instantFromMillis(ports.clock.now()),
            },
      );
      await settleInvoice(ports, deps, payload, done);
    },
  };
}
