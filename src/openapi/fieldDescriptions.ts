import { INVOICE_STATES } from '../codelists/invoiceStates.js';
import type { ResourceKind } from '../versions/resourceKind.js';

/*
 * Descriptions of response fields whose meaning the zod schema does not carry, by kind and field path
 * (`fieldPath.ts` notation). `responseSchema` writes each where the version has the field, so a field
 * a version lacks is never described into it. Issue #23 added the first ones: the invoice state
 * `issued`, the tax report's `authority`, the webhook delivery attempt's `duration_ms`.
 */

/**
 * The description of each described field, by resource kind and field path.
 *
 * @example
 * ```ts
 * FIELD_DESCRIPTIONS.tax_report?.authority; // 'What the tax authority answered …'
 * ```
 */
export const FIELD_DESCRIPTIONS: Readonly<Partial<Record<ResourceKind, Readonly<Record<string, string>>>>> = {
  invoice: {
    // The states of GET /invoice_states (spec §3.3, §4.8); `issued` came with issue #23.
    state: `The invoice state (GET /invoice_states): ${INVOICE_STATES.map(({ code }) => `\`${code}\``).join(', ')}. A send moves a new invoice to \`sending\`, then \`sent\` or \`error\` (with \`state_reason\`); \`issued\`: issued without being sent (the transport \`none\`), a tax report standing for it (issue #23).`,
  },
  tax_report: {
    authority:
      "What the tax authority answered (issue #23), read-only; null until the report was submitted. `code` and `description` are the authority's own (SII `CodigoErrorRegistro` / `DescripcionErrorRegistro`, null when AEAT accepted the record without errors; KSeF's invoice status code and description), `reference` where the authority has it (the KSeF reference number, the SII ledger id), `ksef_number` the KSeF number of an accepted invoice, `csv` SII's Código Seguro de Verificación, `upo` KSeF's official receipt (UPO) XML, `answered_at` when fiscalkit last read the answer.",
  },
  web_hook_delivery: {
    'attempts[].duration_ms':
      'Milliseconds from sending the POST to its answer, or to its failure (a timeout, a refused connection); null for an attempt recorded before it was measured (issue #23).',
  },
};
