// PLACEHOLDER (issue #8): the routes of tax report batches, TIN verifications, webhook subscriptions.
import type { Router } from './index.js';

/** Registers the routes of tax report batches, TIN verifications, webhook subscriptions. */
export function engineRoutes(_router: Router): void {}
