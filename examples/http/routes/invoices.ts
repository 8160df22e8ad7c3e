// PLACEHOLDER (issue #8): the routes of invoices.
import type { Router } from './index.js';

/** Registers the routes of invoices. */
export function invoiceRoutes(_router: Router): void {}
