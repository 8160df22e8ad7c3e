/**
 * The submission routes of tax reports and ledgers (issue #23; docs/tax-report-submission.md):
 *
 * - POST /tax_reports/{id}/submit: queues the report's submission to its authority (an SII report:
 *   its ledger; a Ksef report: KSeF) and answers 202 with the report as it stands (`processing`);
 *   the state changes come later, with their `tax_report.state_change` events. 409 for a Ksef
 *   report on a server without KSeF ("KSeF is not configured on this server"), never a fake success;
 * - POST /ledgers/{id}/submit: `LedgerService.submit` (a `pending` SII ledger), 202 with the ledger.
 *
 * Both exist wherever the tax report and ledger endpoints do (from v2025-10-13, spec §9).
 */
import { serialize } from 'fiscalkit';
import type { Router } from '../state.js';
import { pathId, requireEndpoint, sendJson } from '../wire.js';

/**
 * Registers the submission routes.
 *
 * @example
 * ```ts
 * taxReportSubmissionRoutes(router);
 * ```
 */
export function taxReportSubmissionRoutes(router: Router): void {
  router.post('/tax_reports/:id/submit', async (c) => {
    requireEndpoint(c, 'tax_reports.show');
    const id = pathId(c, 'id', 'tax report');
    const report = await c.env.fiscalkit.taxReportSubmissions.submit(c.env.caller, id);
    // 202 Accepted (RFC 9110 §15.3.3): the submission is queued, not done.
    return sendJson(c, 202, { tax_report: serialize('tax_report', report, { version: c.env.version }) });
  });

  router.post('/ledgers/:id/submit', async (c) => {
    requireEndpoint(c, 'ledgers.show');
    const id = pathId(c, 'id', 'ledger');
    const { fiscalkit, caller } = c.env;
    // The ledger of an account the caller owns (404 otherwise), then its submission.
    const ledger = await fiscalkit.taxReports.getLedger(caller, id);
    const submitted = await fiscalkit.ledgers.submit(ledger.account_id, id);
    return sendJson(c, 202, { ledger: serialize('ledger', submitted, { version: c.env.version }) });
  });
}
