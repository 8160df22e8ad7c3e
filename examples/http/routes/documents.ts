// PLACEHOLDER (issue #8): the routes of document validation.
import type { Router } from './index.js';

/** Registers the routes of document validation. */
export function documentRoutes(_router: Router): void {}
