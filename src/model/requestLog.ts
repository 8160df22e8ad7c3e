import { z } from 'zod';
import { identifier, text } from './fields.js';
import { timestamp } from './timestamp.js';

/**
 * A request log (spec §7.1: "`request_log_url` links to the stored request log"; "every logged
 * response has header `X-B2B-API-Request-Id` holding the identifier of the request log"). The spec
 * shows no fields; fiscalkit keeps what a developer needs to find the failing call again: method,
 * path and query, the status and error code answered, the version and when. Bodies are not kept (they
 * hold personal and tax data), so a log can be shown to any key of the group that made the request.
 */
export const RequestLogSchema = z.object({
  id: identifier(),
  method: text(16),
  path: text(2048),
  status: z.number().int(),
  api_version: text(16).nullable(),
  error_code: text(64).nullable(),
  error_param: text(255).nullable(),
  created_at: timestamp(),
});

/** A request log as returned by GET /request_logs/{id}. */
export type RequestLog = z.output<typeof RequestLogSchema>;

/**
 * A request log as stored: its group is the tenant (0 for a request no key authenticated, which
 * only the request id names).
 */
export interface StoredRequestLog extends RequestLog {
  readonly group_id: number;
}
