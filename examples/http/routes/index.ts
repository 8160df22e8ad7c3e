/**
 * Every route of the reference HTTP binding, one file per resource family (spec §4).
 */
import type { Router } from '../state.js';
import { accountRoutes } from './accounts.js';
import { codeListRoutes } from './codeLists.js';
import { contactRoutes } from './contacts.js';
import { despatchAdviceRoutes } from './despatchAdvices.js';
import { documentRoutes } from './documents.js';
import { engineRoutes } from './engines.js';
import { invoiceSendingRoutes } from './invoiceSending.js';
import { invoiceRoutes } from './invoices.js';
import { orderRoutes } from './orders.js';
import { peppolOutboxRoutes } from './peppolOutbox.js';
import { requestLogRoutes } from './requestLogs.js';
import { sandboxMailboxRoutes } from './sandboxMailbox.js';
import { taxReportSettingRoutes } from './taxReportSettings.js';
import { taxReportSubmissionRoutes } from './taxReportSubmission.js';
import { taxReportRoutes } from './taxReports.js';
import { transportRoutes } from './transports.js';

/**
 * Registers every route on `router`.
 *
 * @example
 * ```ts
 * const router = new Hono<RouterEnv>();
 * registerRoutes(router);
 * ```
 */
export function registerRoutes(router: Router): void {
  accountRoutes(router);
  contactRoutes(router);
  invoiceRoutes(router);
  invoiceSendingRoutes(router);
  orderRoutes(router);
  despatchAdviceRoutes(router);
  taxReportRoutes(router);
  taxReportSubmissionRoutes(router);
  taxReportSettingRoutes(router);
  transportRoutes(router);
  peppolOutboxRoutes(router);
  sandboxMailboxRoutes(router);
  codeListRoutes(router);
  documentRoutes(router);
  engineRoutes(router);
  requestLogRoutes(router);
}
