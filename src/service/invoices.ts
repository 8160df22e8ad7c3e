// PLACEHOLDER (issue #8): the use cases of invoices (spec §2.4–2.6, §4.6).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of invoices (spec §2.4–2.6, §4.6). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type InvoiceService = {};

/** The invoices (spec §2.4–2.6, §4.6) service. */
export function createInvoiceService(_ports: Ports, _deps: ServiceDeps): InvoiceService {
  return {};
}
