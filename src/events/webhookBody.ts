import type { EventEnvelope } from '../model/event.js';

/**
 * The exact JSON text posted to a webhook receiver for `event`, and so the text that is signed
 * (api-notes.md §5.3: the MAC covers the raw body). The envelope of api-notes.md §5.1 is written with
 * its keys in a fixed order, `id` (when the event has one), `code`, `triggered_at`, `data`, whatever
 * order the event sink handed them back in (a JSON column may reorder keys); `data`'s own keys keep
 * the order they have. Plain `JSON.stringify` is right here: event data holds ids, codes and counts,
 * never money (no `LosslessNumber`).
 *
 * @example
 * ```ts
 * webhookBody({ code: 'tin_verification.finished', triggered_at: 1776681600, data: { id: 42, status: 'success' }, id: 7 });
 * // '{"id":7,"code":"tin_verification.finished","triggered_at":1776681600,"data":{"id":42,"status":"success"}}'
 * ```
 */
export function webhookBody(event: EventEnvelope): string {
  return JSON.stringify({
    ...(event.id === undefined ? {} : { id: event.id }),
    code: event.code,
    triggered_at: event.triggered_at,
    data: event.data,
  });
}
