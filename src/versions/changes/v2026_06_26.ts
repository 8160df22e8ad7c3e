import type { VersionChanges } from '../change.js';

/**
 * 2026-06-26: the batch endpoint's documented default (spec §4.1 rule 5). No changelog is known for
 * it (api-notes.md §3.4), so fiscalkit treats it as identical to v2026-04-20 in every shape.
 */
export const V2026_06_26: VersionChanges = {
  version: '2026-06-26',
  summary: 'The batch endpoint default; identical to v2026-04-20 in every shape (api-notes.md §3.4).',
  changes: [],
};
