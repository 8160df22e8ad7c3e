// PLACEHOLDER (issue #8): the routes of tax reports and ledgers.
import type { Router } from './index.js';

/** Registers the routes of tax reports and ledgers. */
export function taxReportRoutes(_router: Router): void {}
