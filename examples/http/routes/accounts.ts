// PLACEHOLDER (issue #8): the routes of accounts, bank accounts, account events.
import type { Router } from './index.js';

/** Registers the routes of accounts, bank accounts, account events. */
export function accountRoutes(_router: Router): void {}
