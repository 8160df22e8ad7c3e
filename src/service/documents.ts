// PLACEHOLDER (issue #8): the use cases of document validation (spec §4.8).
import type { Ports } from '../ports.js';
import type { ServiceDeps } from './deps.js';

/** The use cases of document validation (spec §4.8). */
// biome-ignore lint/complexity/noBannedTypes: placeholder
export type DocumentService = {};

/** The document validation (spec §4.8) service. */
export function createDocumentService(_ports: Ports, _deps: ServiceDeps): DocumentService {
  return {};
}
