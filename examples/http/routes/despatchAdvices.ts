// PLACEHOLDER (issue #8): the routes of despatch advices.
import type { Router } from './index.js';

/** Registers the routes of despatch advices. */
export function despatchAdviceRoutes(_router: Router): void {}
