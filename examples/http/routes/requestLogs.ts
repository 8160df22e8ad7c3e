/**
 * GET /request_logs/{id} (spec §7.1: "`request_log_url` links to the stored request log"): a log of
 * a request made with a key of the caller's group (also one refused as expired or of another
 * environment). A request no key identified belongs to no group and its log is not served: ids are
 * sequential, and its path may name another tenant's resources.
 */
import { resourceMissing } from 'fiscalkit/http';
import { RequestLogSchema } from 'fiscalkit/model';
import type { Router } from '../state.js';
import { pathId, sendJson } from '../wire.js';

/** Registers GET /request_logs/{id}. */
export function requestLogRoutes(router: Router): void {
  router.get('/request_logs/:id', async (c) => {
    const id = pathId(c, 'id', 'request log');
    const logs = c.env.fiscalkit.ports.store.requestLogs;
    const log = await logs.get(c.env.caller.group_id, id);
    if (log === null) throw resourceMissing('request log', id);
    const { group_id: _group, ...wire } = log.value;
    return sendJson(c, 200, { request_log: RequestLogSchema.parse(wire) });
  });
}
