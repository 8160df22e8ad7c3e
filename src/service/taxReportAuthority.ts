/**
 * The `authority` object of an SII report after AEAT answered its ledger (issue #23 "Responses":
 * "with the authority's codes"; sii.md §7; the field: `src/model/taxReportAuthority.ts`). Its own
 * file so that the ledger answer handling (`ledgerAnswers.ts`) and the submission jobs share it
 * without importing each other.
 *
 * @module
 */
import type { Ledger } from '../model/ledger.js';
import type { TaxReportAuthority } from '../model/taxReportAuthority.js';
import type { SiiResponse, SiiResponseRecord } from '../sii/index.js';

/**
 * What AEAT said about one record of `ledger`: its line's `CodigoErrorRegistro` and
 * `DescripcionErrorRegistro` (null when accepted without errors), the record's CSV (else the
 * submission's), the ledger id as `reference`. A record no line answered (a whole `Incorrecto`
 * submission) carries the submission's status as its description.
 *
 * @example
 * ```ts
 * siiAuthority(ledger, response, response.records[0] ?? null, '2026-04-20T10:40:00.000Z');
 * // { code: '1117', description: 'El NIF no está identificado…', reference: '7', csv: null, … }
 * ```
 */
export function siiAuthority(
  ledger: Ledger,
  response: SiiResponse,
  line: SiiResponseRecord | null,
  answered_at: string,
): TaxReportAuthority {
  return {
    code: line?.error_code === null || line?.error_code === undefined ? null : String(line.error_code),
    description:
      line === null ? `EstadoEnvio ${response.submission_status}` : (line.error_description ?? null),
    reference: String(ledger.id),
    ksef_number: null,
    csv: line?.csv ?? response.csv,
    upo: null,
    answered_at,
  };
}
