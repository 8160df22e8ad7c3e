/**
 * POST /invoices/send_invoice/{id} (issue #23; the official PHP client's `InvoiceService::send`, whose
 * documentation reads `$result['tax_report_ids']` from the decoded body). In order:
 *
 * 1. an `Idempotency-Key` seen before for this invoice answers the stored answer, exactly;
 * 2. an invoice already `sending`, `sent` or `issued` answers as it is: sending twice sends once (a
 *    `sending` one has its delivery and job made sure of, keyed, so a send cut short by a crash
 *    finishes);
 * 3. the validation of GET /invoices/{id}/validate: 422 (409 for a state or a received invoice) with
 *    the first error, and nothing changes;
 * 4. the tax reports the account's settings require (`taxReportsOnSend`: generated once, submitted
 *    when `auto_send`);
 * 5. the invoice moves (`transitionInvoiceSending`) with its `issued_invoice.state_change` in the
 *    outbox: to `sending`, and a pending delivery record and an `invoice_send` job, both keyed by the
 *    send (`invoice:{id}:send:{version}`) so a retried request makes neither twice; or, for the
 *    transport `none`, to `issued` (a report stands for it) or `error` (nothing to send), recorded as
 *    a `skipped` delivery.
 *
 * The answer is `{invoice, tax_report_ids}` (docs/sending.md "The answer").
 *
 * @module
 */
import { ApiError } from '../../errors/ApiError.js';
import { SENT_INVOICE_STATES } from '../../lifecycle/invoiceSending.js';
import { instantFromMillis } from '../../model/instant.js';
import type { Invoice } from '../../model/invoice.js';
import type { InvoiceDelivery } from '../../model/invoiceDelivery.js';
import { type Ports, VersionConflictError } from '../../ports.js';
import type { Caller } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { answeredInvoice } from '../invoiceAnswer.js';
import { withoutClaim } from '../invoiceNumberClaim.js';
import { taxReportsOnSend } from '../taxReportOnSend.js';
import { activeRecord } from '../tenancy.js';
import { type SendingFields, writeSending } from './invoiceStateWrite.js';
import { planSend } from './sendValidation.js';

/** The job kind that delivers a sent invoice. */
export const INVOICE_SEND_JOB = 'invoice_send';

/** The job kind that repairs a send cut off between its state change and its delivery record. */
export const INVOICE_SEND_REPAIR_JOB = 'invoice_send_repair';

/**
 * How long after a send its repair runs: long after the request has written its delivery (so that the
 * repair finds nothing to do when nothing went wrong), as `EVENT_DISPATCH_DELAY_MS` for events.
 */
export const INVOICE_SEND_REPAIR_DELAY_MS = 60_000;

/** The answer of a send: the invoice as GET answers it, and the tax reports that stand for it. */
export interface SendAnswer {
  invoice: Invoice;
  tax_report_ids: number[];
}

/** Options of a send (`InvoiceSendingService.send`, POST /invoices/send_invoice/{id}). */
export interface SendOptions {
  /** The request's `Idempotency-Key` header. */
  idempotency_key?: string | null;
}

async function deliveryByKey(ports: Ports, account_id: number, key: string) {
  const found = await ports.store.invoiceDeliveries.find(account_id, { key }, { offset: 0, limit: 1 });
  return found.items[0] ?? null;
}

async function answerOf(ports: Ports, invoice: Invoice): Promise<SendAnswer> {
  const { send_key: _internal, ...plain } = withoutClaim(invoice) as Invoice & SendingFields;
  const answered = await answeredInvoice(ports, plain);
  return { invoice: answered, tax_report_ids: [...(answered.tax_report_ids ?? [])] };
}

/**
 * Makes sure the delivery of a `sending` invoice is recorded and its job queued (both idempotent by
 * `key`): what a send does after the state change, and what repairs a send cut short between them.
 */
async function ensureDelivery(
  ports: Ports,
  invoice: Invoice,
  key: string,
  fields: Pick<InvoiceDelivery, 'transport' | 'document_type' | 'tax_report_ids' | 'request_key'>,
): Promise<InvoiceDelivery> {
  const existing = await deliveryByKey(ports, invoice.account_id, key);
  let delivery = existing?.value ?? null;
  if (delivery === null) {
    const inserted = await ports.store.invoiceDeliveries.insert(
      {
        id: await ports.ids.next('invoice_delivery'),
        account_id: invoice.account_id,
        invoice_id: invoice.id,
        ...fields,
        status: 'pending',
        attempts: [],
        message_id: null,
        detail: null,
        key,
        answer: null,
        created_at: instantFromMillis(ports.clock.now()),
        finished_at: null,
      },
      { key },
    );
    delivery = inserted.value;
  }
  if (delivery.status === 'pending')
    await ports.jobs.enqueue({
      kind: INVOICE_SEND_JOB,
      payload: { account_id: invoice.account_id, invoice_id: invoice.id, key },
      key,
    });
  return delivery;
}

/**
 * Makes sure an invoice left `sending` has its delivery and job: a send cut off between the state
 * change and the delivery record (a crash) gets them now, from the same plan, under the same key; a
 * delivery already recorded gets its job again if it is still pending (`ensureDelivery`, idempotent).
 * Anything else is left as it is.
 *
 * @example
 * ```ts
 * await repairSend(ports, invoice, null); // invoice `sending`, no delivery: the delivery and its job are made
 * ```
 */
export async function repairSend(ports: Ports, invoice: Invoice, request_key: string | null): Promise<void> {
  const key = (invoice as Invoice & SendingFields).send_key;
  if (invoice.state !== 'sending' || typeof key !== 'string') return;
  const delivery = await deliveryByKey(ports, invoice.account_id, key);
  if (delivery !== null) {
    await ensureDelivery(ports, invoice, key, delivery.value);
    return;
  }
  const plan = await planSend(ports, invoice);
  if (plan.choice.transport === 'none') return;
  await ensureDelivery(ports, invoice, key, {
    transport: plan.choice.transport,
    document_type: plan.choice.document_type ?? 'none',
    tax_report_ids: [...(invoice.tax_report_ids ?? [])],
    request_key,
  });
}

/** Stores the answer beside the delivery the request made, for a replay with the same key. */
async function keepAnswer(ports: Ports, delivery: InvoiceDelivery, answer: SendAnswer): Promise<void> {
  for (;;) {
    const stored = await ports.store.invoiceDeliveries.get(delivery.account_id, delivery.id);
    if (stored === null || stored.value.answer !== null) return;
    try {
      await ports.store.invoiceDeliveries.update(
        { ...stored.value, answer: answer as unknown as Record<string, unknown> },
        stored.version,
      );
      return;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}

/**
 * Sends an invoice (see the module).
 *
 * @example
 * ```ts
 * const { invoice, tax_report_ids } = await sendInvoice(ports, deps, caller, 42, { idempotency_key: 'k-1' });
 * invoice.state; // 'sending'
 * ```
 */
export async function sendInvoice(
  ports: Ports,
  deps: ServiceDeps,
  caller: Caller,
  id: number,
  options: SendOptions = {},
): Promise<SendAnswer> {
  const { value: stored, version } = await activeRecord(ports, caller, ports.store.invoices, id, 'invoice');
  const idempotency_key = options.idempotency_key ?? null;
  if (idempotency_key !== null) {
    const seen = await ports.store.invoiceDeliveries.find(
      stored.account_id,
      { request_key: idempotency_key },
      { offset: 0, limit: 1 },
    );
    const first = seen.items[0]?.value;
    if (first !== undefined && first.invoice_id !== id)
      throw new ApiError(
        'parameter_invalid',
        `Idempotency-Key ${JSON.stringify(idempotency_key)} was used to send invoice ${String(first.invoice_id)}: use a new key for another request`,
        { param: 'Idempotency-Key', rule: 'fiscalkit.send.idempotency-key' },
      );
    if (first?.answer !== null && first?.answer !== undefined) return first.answer as unknown as SendAnswer;
  }
  if (SENT_INVOICE_STATES.includes(stored.state)) {
    await repairSend(ports, stored, idempotency_key);
    return answerOf(ports, stored);
  }
  const plan = await planSend(ports, stored);
  const first = plan.validation.errors[0];
  if (first !== undefined) {
    const more = plan.validation.errors.length - 1;
    throw new ApiError(
      first.code,
      more === 0
        ? first.message
        : `${first.message} (and ${String(more)} more: GET /invoices/${String(id)}/validate lists them)`,
      { param: first.param, rule: first.rule },
    );
  }
  const tax_report_ids = await taxReportsOnSend(ports, deps, caller, stored);
  const channel = plan.choice.transport !== 'none';
  // The repair of this send, queued before the state change (as `EventPublisher.guard` does for
  // events): a request cut off between the change and its delivery record (a crash; issue #23's kill
  // test) leaves the invoice `sending` with nothing to deliver it, and no client may ever retry.
  await ports.jobs.enqueue({
    kind: INVOICE_SEND_REPAIR_JOB,
    payload: { account_id: stored.account_id, invoice_id: id },
    key: `${INVOICE_SEND_REPAIR_JOB}:${String(id)}:${String(version)}`,
    // money-safe: milliseconds.
    run_at: ports.clock.now() + INVOICE_SEND_REPAIR_DELAY_MS,
  });
  const { result, effects } = await writeSending(
    ports,
    deps,
    caller,
    id,
    { type: 'send', channel, reported: tax_report_ids.length > 0 },
    (next, version) => ({ send_key: `invoice:${String(next.id)}:send:${String(version)}` }),
  );
  const invoice = result.invoice as Invoice & SendingFields;
  const answer = await answerOf(ports, invoice);
  // A concurrent send made the change first (nothing changed here): it made the delivery too.
  if (!result.changed || typeof invoice.send_key !== 'string') return answer;
  const fields = {
    transport: plan.choice.transport,
    document_type: plan.choice.document_type ?? 'none',
    tax_report_ids,
    request_key: idempotency_key,
  };
  let delivery: InvoiceDelivery;
  if (effects.some((effect) => effect.type === 'deliver'))
    delivery = await ensureDelivery(ports, invoice, invoice.send_key, fields);
  else {
    const now = instantFromMillis(ports.clock.now());
    delivery = (
      await ports.store.invoiceDeliveries.insert(
        {
          id: await ports.ids.next('invoice_delivery'),
          account_id: invoice.account_id,
          invoice_id: invoice.id,
          ...fields,
          status: 'skipped',
          attempts: [],
          message_id: null,
          detail:
            invoice.state === 'issued'
              ? 'issued: a tax report stands for it'
              : (invoice.state_reason ?? null),
          key: invoice.send_key,
          answer: null,
          created_at: now,
          finished_at: now,
        },
        { key: invoice.send_key },
      )
    ).value;
  }
  if (idempotency_key !== null) await keepAnswer(ports, delivery, answer);
  return answer;
}
