// PLACEHOLDER (issue #8): the use cases of tax reports (spec §2.7, §4.2).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of tax reports (spec §2.7, §4.2). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type TaxReportService = {};

/** The tax reports (spec §2.7, §4.2) service. */
export function createTaxReportService(_ports: Ports, _deps: ServiceDeps): TaxReportService {
  return {};
}
