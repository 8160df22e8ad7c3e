import { z } from 'zod';
import { isInvoiceState } from '../codelists/invoiceStates.js';
import { codeIn, identifier, oneOf } from './fields.js';
import type { TaxReportBatchStatus } from './taxReportBatch.js';
import { TAX_REPORT_STATES } from './taxReportCommon.js';
import { FINISHED_TIN_VERIFICATION_STATUSES } from './tinVerification.js';

/**
 * The event codes fiscalkit emits and a webhook subscription may list (spec §6; api-notes.md §5.2).
 * The spec names `sii_batch.finished` and `tin_verification.finished` and leaves the others "not
 * shown"; the public documentation adds `issued_invoice.state_change` and `tax_report.state_change`
 * (the API reference's spelling, not the PHP guide's `tax_report.state_changed`).
 */
export const EVENT_CODES = [
  'sii_batch.finished',
  'tin_verification.finished',
  'issued_invoice.state_change',
  'tax_report.state_change',
] as const;

/** One event code. */
export type EventCode = (typeof EVENT_CODES)[number];

/**
 * The largest `triggered_at` accepted: 10^11 − 1 seconds is the year 5138. A larger value is almost
 * certainly milliseconds (a JavaScript clock reads about 1.7·10^12 in 2026), which api-notes.md §5.1
 * rules out: `triggered_at` is a Unix timestamp in seconds.
 */
const MAX_UNIX_SECONDS = 99_999_999_999;

/** A Unix timestamp in whole seconds (api-notes.md §5.1: "Unix timestamp, integer"). */
const unixSeconds = () =>
  z
    .number()
    .int()
    .min(0, { message: 'must be a Unix timestamp in seconds, not negative' })
    .max(MAX_UNIX_SECONDS, { message: 'must be a Unix timestamp in seconds, not milliseconds' });

/** A non-negative record count. */
const count = () => z.number().int().min(0, { message: 'must not be negative' });

/**
 * The terminal batch statuses of the batch status record (`TAX_REPORT_BATCH_STATUSES`): a batch
 * finishes (spec §4.1 rule 4) as `finished`, or as `failed` when the job itself could not run to the
 * end.
 */
const FINISHED_BATCH_STATUSES = ['finished', 'failed'] as const satisfies readonly TaxReportBatchStatus[];

/**
 * `data` of `sii_batch.finished` (api-notes.md §5.2: "the batch id, the final status and summary
 * counts"; per-record results are left out and read from the batch's `status_url`). The key names
 * are not documented; fiscalkit uses those of the batch status record (`TaxReportBatchSchema`):
 * `batch_id` (spec §2.11's name for the batch id), `status` (`finished` or `failed`), and the counts
 * `total_count`, `processed_count`, `succeeded_count`, `failed_count` with the record's invariants:
 * succeeded + failed = processed ≤ total, and processed = total when `finished`.
 */
export const SiiBatchFinishedDataSchema = z
  .object({
    batch_id: identifier(),
    status: z.enum(FINISHED_BATCH_STATUSES),
    total_count: count(),
    processed_count: count(),
    succeeded_count: count(),
    failed_count: count(),
  })
  .superRefine((data, context) => {
    const fail = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (data.succeeded_count + data.failed_count !== data.processed_count)
      fail('processed_count', 'must equal succeeded_count + failed_count');
    if (data.processed_count > data.total_count) fail('processed_count', 'cannot exceed total_count');
    if (data.status === 'finished' && data.processed_count !== data.total_count)
      fail('processed_count', 'must equal total_count when the batch is finished');
  });

/**
 * `data` of `tin_verification.finished` (spec §6: "only the request id and the status"; full
 * results via GET /tin_verifications/{id}). The event fires on a terminal state only (spec §3.1), so
 * `status` is `success` or `failed`, never `pending`.
 */
export const TinVerificationFinishedDataSchema = z.object({
  id: identifier(),
  status: z.enum(FINISHED_TIN_VERIFICATION_STATUSES),
});

/**
 * `version` of a state change's `data` (**fiscalkit addition**, issue #24 item 4): the version of the
 * resource the change produced — 1 when it was stored, + 1 on every write. Deliveries may arrive in
 * any order (retries, several workers): a receiver keeps, per resource, the event of the highest
 * version and ignores an older one arriving late. It is in `data`, beside the documented keys, because
 * receivers read `data` by key (the WooCommerce handler reads `invoice_id`, `state`, `notes`) and
 * ignore the rest; the envelope (api-notes.md §5.1) stays as documented. Optional: events stored before
 * it existed, and a host's own publishes, carry none.
 */
const resourceVersion = () => z.number().int().min(1, { message: 'must be a resource version (1 or more)' });

/**
 * `data` of `issued_invoice.state_change` (api-notes.md §5.2, from the WooCommerce plugin's webhook
 * handler): the invoice id, its new state, and `notes` with the error text when the state is `error`.
 * `state` is one of the invoice states of GET /invoice_states (spec §3.3; `INVOICE_STATES`). `version`
 * is the invoice's version after the change (fiscalkit's, see `resourceVersion`).
 */
export const IssuedInvoiceStateChangeDataSchema = z.object({
  invoice_id: identifier(),
  state: codeIn(isInvoiceState, 'an invoice state (GET /invoice_states)'),
  notes: z.string().optional(),
  version: resourceVersion().optional(),
});

/**
 * `data` of `tax_report.state_change` (api-notes.md §5.2; states in §9: `processing`, `registered`,
 * `registered_with_errors`, `error`, `annulled`). Key names are not documented; `tax_report_id`
 * follows the `invoice_id` of the invoice event. `version` is the report's version after the change
 * (fiscalkit's, see `resourceVersion`).
 */
export const TaxReportStateChangeDataSchema = z.object({
  tax_report_id: identifier(),
  state: oneOf(TAX_REPORT_STATES),
  version: resourceVersion().optional(),
});

/** `data` of `sii_batch.finished`. */
export type SiiBatchFinishedData = z.output<typeof SiiBatchFinishedDataSchema>;
/** `data` of `tin_verification.finished`. */
export type TinVerificationFinishedData = z.output<typeof TinVerificationFinishedDataSchema>;
/** `data` of `issued_invoice.state_change`. */
export type IssuedInvoiceStateChangeData = z.output<typeof IssuedInvoiceStateChangeDataSchema>;
/** `data` of `tax_report.state_change`. */
export type TaxReportStateChangeData = z.output<typeof TaxReportStateChangeDataSchema>;

/** The `data` payload of each event code. */
export interface EventDataByCode {
  'sii_batch.finished': SiiBatchFinishedData;
  'tin_verification.finished': TinVerificationFinishedData;
  'issued_invoice.state_change': IssuedInvoiceStateChangeData;
  'tax_report.state_change': TaxReportStateChangeData;
}

/** The envelope of one event code `C`. */
export interface EventOf<C extends EventCode> {
  /** The event id; the tax report event carries one (api-notes.md §5.1), the others may. */
  id?: number;
  code: C;
  /** When the event happened, as a Unix timestamp in seconds (api-notes.md §5.1). */
  triggered_at: number;
  data: EventDataByCode[C];
}

/** Any event: the union of {@link EventOf} over the codes, discriminated by `code`. */
export type EventEnvelope = { [C in EventCode]: EventOf<C> }[EventCode];

function envelope<C extends EventCode, D extends z.ZodType>(code: C, data: D) {
  return z.object({
    id: identifier().optional(),
    code: z.literal(code),
    triggered_at: unixSeconds(),
    data,
  });
}

/**
 * The event envelope `{code, triggered_at, data}` with an optional integer `id` (api-notes.md §5.1),
 * discriminated by `code`, each code with its typed `data` (api-notes.md §5.2). This is what a
 * webhook delivery's body holds and what GET /accounts/{account}/events lists.
 */
export const EventSchema = z.discriminatedUnion('code', [
  envelope('sii_batch.finished', SiiBatchFinishedDataSchema),
  envelope('tin_verification.finished', TinVerificationFinishedDataSchema),
  envelope('issued_invoice.state_change', IssuedInvoiceStateChangeDataSchema),
  envelope('tax_report.state_change', TaxReportStateChangeDataSchema),
]);

/** When an event happened and, optionally, its id: both come from the caller (DESIGN.md: no clock in the core). */
export interface EventStamp {
  /** Unix timestamp in whole seconds, e.g. `Math.floor(clock.now() / 1000)`. */
  triggered_at: number;
  /** The event id, when the event store assigns one. */
  id?: number;
}

/**
 * Builds an event envelope (api-notes.md §5.1). The clock is the caller's: `triggered_at` is passed
 * in, in whole seconds. The result is checked against {@link EventSchema}, so a built event is always
 * one a receiver accepts; a payload that fails (a negative count, a millisecond timestamp, a
 * `pending` TIN verification) is a programmer error and throws a `TypeError`.
 *
 * @example
 * ```ts
 * buildEvent('tin_verification.finished', { id: 42, status: 'success' }, { triggered_at: 1776681600 });
 * // { code: 'tin_verification.finished', triggered_at: 1776681600, data: { id: 42, status: 'success' } }
 * ```
 */
export function buildEvent<C extends EventCode>(
  code: C,
  data: EventDataByCode[C],
  stamp: EventStamp,
): EventOf<C> {
  const candidate = {
    ...(stamp.id === undefined ? {} : { id: stamp.id }),
    code,
    triggered_at: stamp.triggered_at,
    data,
  };
  const result = EventSchema.safeParse(candidate);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new TypeError(`buildEvent(${code}): ${problems}`);
  }
  // The schema's output for `code` C is the envelope of C; zod cannot narrow a union by a generic.
  return result.data as EventOf<C>;
}
