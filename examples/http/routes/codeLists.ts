// PLACEHOLDER (issue #8): the routes of code lists.
import type { Router } from './index.js';

/** Registers the routes of code lists. */
export function codeListRoutes(_router: Router): void {}
