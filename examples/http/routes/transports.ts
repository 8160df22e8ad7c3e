// PLACEHOLDER (issue #8): the routes of transports, transport types, directory.
import type { Router } from './index.js';

/** Registers the routes of transports, transport types, directory. */
export function transportRoutes(_router: Router): void {}
