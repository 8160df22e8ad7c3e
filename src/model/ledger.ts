import { z } from 'zod';
import { identifier, oneOf, text } from './fields.js';
import { SII_COMMUNICATION_TYPES, SII_PERIODS } from './siiCodes.js';
import { SII_BOOK_TYPES, SII_COLLECTION_PAYMENT_BOOKS } from './siiTaxReport.js';
import type { TaxReportState } from './taxReportCommon.js';
import { timestamp } from './timestamp.js';

/**
 * AEAT's answer to a whole message, `EstadoEnvio` of `RespuestaSuministro.xsd` (sii.md §7).
 */
export const SII_SUBMISSION_STATUSES = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'] as const;

/** An AEAT `EstadoEnvio`. */
export type SiiSubmissionStatus = (typeof SII_SUBMISSION_STATUSES)[number];

/** AEAT's answer to one record, `RespuestaLinea/EstadoRegistro` of `RespuestaSuministro.xsd` (sii.md §7). */
export const SII_RECORD_STATUSES = ['Correcto', 'AceptadoConErrores', 'Incorrecto'] as const;

/** An AEAT `EstadoRegistro`. */
export type SiiRecordStatus = (typeof SII_RECORD_STATUSES)[number];

/**
 * The states of a ledger (spec §3.3 shows none; **fiscalkit decides**):
 *
 * - `pending`: built or imported, not sent to AEAT yet; records can still be attached.
 * - `sent`: submitted, AEAT's answer not stored yet.
 * - `accepted`: AEAT answered `EstadoEnvio` `Correcto` (every record accepted).
 * - `partially_accepted`: `ParcialmenteCorrecto` (some records accepted, possibly with errors, some
 *   rejected; each report's own `state` says which).
 * - `rejected`: `Incorrecto` (no record accepted).
 *
 * The last three are terminal and have a tax authority response to download (GET
 * /ledgers/{id}/download_response, spec §4.2).
 */
export const LEDGER_STATES = ['pending', 'sent', 'accepted', 'partially_accepted', 'rejected'] as const;

/** A ledger state. */
export type LedgerState = (typeof LEDGER_STATES)[number];

const LEDGER_STATE_OF: Readonly<Record<SiiSubmissionStatus, LedgerState>> = {
  Correcto: 'accepted',
  ParcialmenteCorrecto: 'partially_accepted',
  Incorrecto: 'rejected',
};

/**
 * The ledger state for AEAT's `EstadoEnvio` (sii.md §7; fiscalkit mapping, see {@link LEDGER_STATES}).
 *
 * @example
 * ```ts
 * ledgerStateFromEstadoEnvio('ParcialmenteCorrecto'); // 'partially_accepted'
 * ```
 */
export function ledgerStateFromEstadoEnvio(status: SiiSubmissionStatus): LedgerState {
  return LEDGER_STATE_OF[status];
}

const TAX_REPORT_STATE_OF: Readonly<Record<SiiRecordStatus, TaxReportState>> = {
  Correcto: 'registered',
  AceptadoConErrores: 'registered_with_errors',
  Incorrecto: 'error',
};

/**
 * The state of an SII tax report for AEAT's answer to its record, `EstadoRegistro` (sii.md §7:
 * `Correcto` → `registered`, `AceptadoConErrores` → `registered_with_errors`, `Incorrecto` → `error`;
 * fiscalkit mapping onto the service's states, api-notes.md §9).
 *
 * @example
 * ```ts
 * taxReportStateFromEstadoRegistro('AceptadoConErrores'); // 'registered_with_errors'
 * ```
 */
export function taxReportStateFromEstadoRegistro(status: SiiRecordStatus): TaxReportState {
  return TAX_REPORT_STATE_OF[status];
}

/**
 * What a ledger's message does (sii.md §2; **fiscalkit's** field, issue #18 item 16): `alta` — an
 * alta or modification message (`SuministroLR…`), whose records register the reports at AEAT; `baja`
 * — an annulment message (`BajaLR…`, header `CabeceraSiiBaja`), whose records annul the records AEAT
 * holds for the reports. The cash-accounting books (`CobrosEmitidas`, `PagosRecibidas`) have no baja.
 */
export const LEDGER_KINDS = ['alta', 'baja'] as const;

/** A ledger kind. */
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Most records one AEAT message holds (`maxOccurs="10000"` on every book's record element, sii.md
 * §6), hence most tax reports one ledger holds.
 */
export const MAX_RECORDS_PER_LEDGER = 10000;

/**
 * A ledger (spec §4.2: built from SII tax reports or imported from XML, downloadable as XML, with the
 * AEAT response): one AEAT message, so one book, one `TipoComunicacion` and one period (sii.md §6:
 * records are grouped by book, titular and communication type; the titular is the account).
 * **fiscalkit's** shape; the spec shows no ledger fields (§2.1):
 *
 * - `id`, `account_id`.
 * - `book_type`: the book of every report in it (sii.md §2).
 * - `kind`: `alta` or `baja` (see {@link LEDGER_KINDS}); `baja` only for a book with an annulment
 *   message.
 * - `communication_type`, `period_year`, `period`: the message header and period; null exactly for
 *   the cash-accounting books (`CobrosEmitidas`, `PagosRecibidas`), whose header has no
 *   `TipoComunicacion` and whose records have no period (sii.md §2); `communication_type` is null for
 *   a `baja` too (`CabeceraSiiBaja` has none), whose records keep their period.
 * - `state`: see {@link LEDGER_STATES}.
 * - `tax_report_ids`: the reports in the message, in message order (at most 10,000).
 * - `csv`: AEAT's `CSV` (Código Seguro de Verificación) of the submission, from the response; null
 *   until AEAT returns one (an `Incorrecto` answer has none).
 * - `created_at`, `sent_at` (null while `pending`, set from `sent` on): instants in UTC.
 */
export const LedgerSchema = z
  .object({
    id: identifier(),
    account_id: identifier(),
    book_type: oneOf(SII_BOOK_TYPES),
    kind: oneOf(LEDGER_KINDS),
    communication_type: oneOf(SII_COMMUNICATION_TYPES).nullable(),
    period_year: z.number().int().min(1000).max(9999).nullable(),
    period: oneOf(SII_PERIODS).nullable(),
    state: oneOf(LEDGER_STATES),
    tax_report_ids: z.array(identifier()).max(MAX_RECORDS_PER_LEDGER),
    csv: text(64).nullable(),
    created_at: timestamp(),
    sent_at: timestamp().nullable(),
  })
  .superRefine((ledger, context) => {
    const noHeader = (SII_COLLECTION_PAYMENT_BOOKS as readonly string[]).includes(ledger.book_type);
    if (noHeader && ledger.kind === 'baja')
      context.addIssue({
        code: 'custom',
        path: ['kind'],
        message: `cannot be baja: ${ledger.book_type} has no annulment message (sii.md §2)`,
        // The same fact as a record's (`src/sii/recordIssues.ts`): one id, sii.md §2's.
        params: { code: 'parameter_invalid', rule: 'sii.2.baja-books' },
      });
    for (const field of ['communication_type', 'period_year', 'period'] as const) {
      // CabeceraSiiBaja has no TipoComunicacion; a baja record keeps its PeriodoLiquidacion.
      const none = noHeader || (field === 'communication_type' && ledger.kind === 'baja');
      if (none !== (ledger[field] === null))
        context.addIssue({
          code: 'custom',
          path: [field],
          message: none
            ? `must be null for a ${ledger.kind} of book_type ${ledger.book_type}`
            : 'is required for this book',
          params: { code: 'parameter_invalid' },
        });
    }
    if ((ledger.state === 'pending') !== (ledger.sent_at === null))
      context.addIssue({
        code: 'custom',
        path: ['sent_at'],
        message:
          ledger.state === 'pending' ? 'must be null while pending' : 'is required once the ledger is sent',
        params: { code: 'parameter_invalid' },
      });
  });

/** A stored ledger. */
export type Ledger = z.output<typeof LedgerSchema>;

/**
 * The tax authority's response to a ledger's submission, kept as received (spec §4.2 GET
 * /ledgers/{id}/download_response): for SII, the `RespuestaLR…` document of `RespuestaSuministro.xsd`
 * (sii.md §7), read with `parseSiiResponse`. **fiscalkit's** shape. One per ledger — `id` is the
 * ledger's id — because a ledger is answered once: an answered ledger is terminal
 * ({@link LEDGER_STATES}). Storing it before the ledger's state changes is what lets a submission job
 * that crashed after AEAT answered reuse the answer instead of submitting the ledger again.
 */
export interface LedgerResponse {
  /** The ledger's id. */
  id: number;
  account_id: number;
  /** The response document, exactly as the transport answered it. */
  xml: string;
  /** When it was received: a UTC instant (`instantFromMillis` of the clock). */
  received_at: string;
}
