import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { requiredText, text } from './fields.js';
import { parseWith } from './parse.js';

/**
 * The body of POST /invoices/{id}/mark_as (spec §4.6; api-notes.md §8.2): the `state` to mark the
 * invoice as, and, as the service's received-invoice flow takes them, a `reason` (kept on the
 * invoice as `state_reason`) and `commit` (notify the supplier). The body is the bare object, not
 * wrapped in `invoice`: it is not an invoice.
 */
export const MarkAsRequestSchema = z.object({
  state: requiredText(32),
  reason: text(1024).nullish(),
  commit: z.boolean().nullish(),
});

/** A parsed mark_as request. */
export type MarkAsRequest = z.output<typeof MarkAsRequestSchema>;

/**
 * Parses a mark_as body: `state` missing or blank is `parameter_blank` at `state`, a value of the
 * wrong JSON type (`"state": 3`, `"commit": "yes"`) 400 `invalid_request_params`; whether the state
 * is one the invoice can take is the state machine's question (`transitionInvoiceState`).
 *
 * @example
 * ```ts
 * parseMarkAsRequest({ state: 'refused', reason: 'wrong PO number' });
 * // { success: true, data: { state: 'refused', reason: 'wrong PO number' } }
 * ```
 */
export function parseMarkAsRequest(body: unknown): Validated<MarkAsRequest> {
  return parseWith(MarkAsRequestSchema, body);
}
