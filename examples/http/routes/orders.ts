// PLACEHOLDER (issue #8): the routes of orders.
import type { Router } from './index.js';

/** Registers the routes of orders. */
export function orderRoutes(_router: Router): void {}
