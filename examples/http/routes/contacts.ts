// PLACEHOLDER (issue #8): the routes of contacts and offices.
import type { Router } from './index.js';

/** Registers the routes of contacts and offices. */
export function contactRoutes(_router: Router): void {}
