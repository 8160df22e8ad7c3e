/**
 * AEAT's answer to an SII submission (`RespuestaSuministro.xsd`, sii.md §7), read back: the
 * submission's `CSV` and `EstadoEnvio`, and per record (`RespuestaLinea`) the invoice it answers for,
 * its `EstadoRegistro`, error and `CSV`, with the states fiscalkit stores for them.
 *
 * @module
 */
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import {
  type LedgerState,
  ledgerStateFromEstadoEnvio,
  SII_RECORD_STATUSES,
  SII_SUBMISSION_STATUSES,
  type SiiRecordStatus,
  type SiiSubmissionStatus,
  taxReportStateFromEstadoRegistro,
} from '../../model/ledger.js';
import type { SiiBookType } from '../../model/siiTaxReport.js';
import type { TaxReportState } from '../../model/taxReportCommon.js';
import { documentIssue } from '../../xml/guards.js';
import { ElementReader, ImportContext } from '../../xml/reader.js';
import { SII_NAMESPACE } from '../build/xml.js';
import type { SiiMessageKind } from '../message.js';
import { readSiiDocument, SII_FILE_PARAM, type SiiDocumentKind } from './document.js';
import { SII_RESPONSE_OCCURRENCES } from './siiOccurrences.js';
import { readCode, readDate } from './values.js';

/**
 * The target namespace of `RespuestaSuministro.xsd`, bound to the prefix `siiR` (sii.md §1).
 *
 * @example
 * ```ts
 * SII_RESPONSE_NAMESPACE.endsWith('/RespuestaSuministro.xsd'); // true
 * ```
 */
export const SII_RESPONSE_NAMESPACE =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/ssii/fact/ws/RespuestaSuministro.xsd';

/**
 * The response roots of fiscalkit's nine books (`RespuestaSuministro.xsd`), with the book and the
 * kind of message each answers (sii.md §2). The responses to the two messages without a `book_type`
 * (`VentaBienesConsigna`, `InmueblesAdicionales`) are not read.
 *
 * @example
 * ```ts
 * SII_RESPONSE_ROOTS.RespuestaLRBajaFacturasEmitidas; // { book_type: 'Expedida', kind: 'baja' }
 * ```
 */
export const SII_RESPONSE_ROOTS: Readonly<Record<string, { book_type: SiiBookType; kind: SiiMessageKind }>> =
  {
    RespuestaLRFacturasEmitidas: { book_type: 'Expedida', kind: 'alta' },
    RespuestaLRBajaFacturasEmitidas: { book_type: 'Expedida', kind: 'baja' },
    RespuestaLRFacturasRecibidas: { book_type: 'Recibida', kind: 'alta' },
    RespuestaLRBajaFacturasRecibidas: { book_type: 'Recibida', kind: 'baja' },
    RespuestaLRBienesInversion: { book_type: 'Inversion', kind: 'alta' },
    RespuestaLRBajaBienesInversion: { book_type: 'Inversion', kind: 'baja' },
    RespuestaLRDetOperacionesIntracomunitarias: { book_type: 'Intracomunitaria', kind: 'alta' },
    RespuestaLRBajaDetOperacionesIntracomunitarias: { book_type: 'Intracomunitaria', kind: 'baja' },
    RespuestaLRCobrosMetalico: { book_type: 'Metalico', kind: 'alta' },
    RespuestaLRBajaCobrosMetalico: { book_type: 'Metalico', kind: 'baja' },
    RespuestaLRCobrosEmitidas: { book_type: 'CobrosEmitidas', kind: 'alta' },
    RespuestaLRPagosRecibidas: { book_type: 'PagosRecibidas', kind: 'alta' },
    RespuestaLROperacionesSeguros: { book_type: 'Seguros', kind: 'alta' },
    RespuestaLRBajaOperacionesSeguros: { book_type: 'Seguros', kind: 'baja' },
    RespuestaLRAgenciasViajes: { book_type: 'AgenciasViajes', kind: 'alta' },
    RespuestaLRBajaAgenciasViajes: { book_type: 'AgenciasViajes', kind: 'baja' },
  };

/**
 * A response as {@link parseSiiResponse} reads it: the root and the namespaces of
 * `RespuestaSuministro.xsd` — the root's children and each `RespuestaLinea`'s children (with the
 * `Ejercicio` / `Periodo` of the anonymous `PeriodoLiquidacion` of some lines) are `siiR:`, what lies
 * inside a `sii:` type is `sii:`.
 */
const RESPONSE_DOCUMENT: SiiDocumentKind = {
  what: 'an SII response',
  schema: 'RespuestaSuministro.xsd',
  namespace: SII_RESPONSE_NAMESPACE,
  roots: new Set(Object.keys(SII_RESPONSE_ROOTS)),
  repeatable: new Set(['RespuestaLinea']),
  occurrences: SII_RESPONSE_OCCURRENCES,
  namespaceBelowRoot: (path) =>
    path.length === 1 ||
    (path[0] === 'RespuestaLinea' &&
      (path.length === 2 || (path.length === 3 && path[1] === 'PeriodoLiquidacion')))
      ? SII_RESPONSE_NAMESPACE
      : SII_NAMESPACE,
};

/** AEAT's answer to one record (`RespuestaLinea`, sii.md §7). */
export interface SiiResponseRecord {
  /** `IDFactura/NumSerieFacturaEmisor`; null for the books whose lines name a counterparty instead. */
  invoice_number: string | null;
  /** `IDFactura/FechaExpedicionFacturaEmisor` as `YYYY-MM-DD`; null likewise. */
  invoice_date: string | null;
  /** `IDFactura/IDEmisorFactura`: its `NIF`, or its `IDOtro/ID` for a foreign supplier; null likewise. */
  issuer_nif: string | null;
  /**
   * `Contraparte`'s `NIF` or `IDOtro/ID`: how the lines of `Metalico`, `Seguros` and `AgenciasViajes`
   * name their record (they have no `IDFactura`); null otherwise.
   */
  counterparty_tax_id: string | null;
  /** `EstadoRegistro`. */
  status: SiiRecordStatus;
  /** `CodigoErrorRegistro` (an AEAT error number such as 1104), or null. */
  error_code: number | null;
  /** `DescripcionErrorRegistro`, or null. */
  error_description: string | null;
  /** The record's `CSV`, or null. */
  csv: string | null;
  /**
   * `RegistroDuplicado/EstadoRegistro` (`Correcta`, `AceptadaConErrores`, `Anulada`): the state of the
   * record AEAT already holds, given only when this one was refused as its duplicate (3000,
   * RespuestaSuministro.xsd: "solo en el caso de que se rechace el registro por duplicado"); else null.
   */
  duplicate_state: string | null;
  /** The tax report state for `status` (`taxReportStateFromEstadoRegistro`). */
  state: TaxReportState;
}

/** AEAT's answer to a submission (`RespuestaLR…`, sii.md §7). */
export interface SiiResponse {
  /** The book and kind of message answered (from the root, {@link SII_RESPONSE_ROOTS}). */
  book_type: SiiBookType;
  kind: SiiMessageKind;
  /** The submission's `CSV` (Código Seguro de Verificación), or null (none on `Incorrecto`). */
  csv: string | null;
  /** `EstadoEnvio`. */
  submission_status: SiiSubmissionStatus;
  /** The ledger state for `submission_status` (`ledgerStateFromEstadoEnvio`). */
  state: LedgerState;
  /** The `RespuestaLinea` elements, in document order. */
  records: SiiResponseRecord[];
}

/** The identifier of a party element (`IDEmisorFactura`, `Contraparte`): its `NIF` or `IDOtro/ID`. */
function partyId(party: ElementReader | null): string | null {
  if (party === null) return null;
  const nif = party.text('NIF');
  if (nif !== null) return nif;
  return party.child('IDOtro')?.text('ID') ?? null;
}

/** `CodigoErrorRegistro` (`ErrorDetalleType`, an integer). */
function errorCode(line: ElementReader): number | null {
  const text = line.text('CodigoErrorRegistro');
  if (text === null) return null;
  if (/^[+-]?\d{1,9}$/.test(text)) return Number.parseInt(text, 10);
  line.context.invalid(line.pathOf('CodigoErrorRegistro'), `must be an integer, not ${JSON.stringify(text)}`);
  return null;
}

function unreadable(why: string): ValidationIssue {
  return documentIssue('sii.7.response', SII_FILE_PARAM, `could not be read as an SII response: ${why}`);
}

/** One `RespuestaLinea`. */
function readLine(line: ElementReader): SiiResponseRecord | null {
  const id = line.child('IDFactura');
  const status = readCode(line, 'EstadoRegistro', SII_RECORD_STATUSES, true);
  const record = {
    invoice_number: id?.requiredText('NumSerieFacturaEmisor') ?? null,
    invoice_date: id === null ? null : readDate(id, 'FechaExpedicionFacturaEmisor', true),
    issuer_nif: partyId(id?.requiredChild('IDEmisorFactura') ?? null),
    counterparty_tax_id: partyId(line.child('Contraparte')),
    error_code: errorCode(line),
    error_description: line.text('DescripcionErrorRegistro'),
    csv: line.text('CSV'),
    duplicate_state: line.child('RegistroDuplicado')?.text('EstadoRegistro') ?? null,
  };
  if (id === null && !line.has('Contraparte')) line.context.missing(line.pathOf('IDFactura'));
  return status === null ? null : { ...record, status, state: taxReportStateFromEstadoRegistro(status) };
}

/**
 * Reads AEAT's response to an SII submission (`RespuestaSuministro.xsd`, sii.md §7): any of the
 * nine books' `RespuestaLR…` roots, bare or inside a SOAP 1.1 `Envelope/Body`, guarded like an
 * imported message (10 MB, UTF-8 without BOM, no DTD, well-formed, the schema's namespaces; 422
 * `parameter_invalid` at `file`). Per record: the invoice it answers for, `EstadoRegistro` and its
 * tax report state (`Correcto` → `registered`, `AceptadoConErrores` → `registered_with_errors`,
 * `Incorrecto` → `error`), the AEAT error and the record's `CSV`; for the whole submission its `CSV`,
 * `EstadoEnvio` and the ledger state (`Correcto` → `accepted`, `ParcialmenteCorrecto` →
 * `partially_accepted`, `Incorrecto` → `rejected`). A missing mandatory element is `parameter_blank`
 * at its XML path (`RespuestaLinea[2]/EstadoRegistro`). A SOAP Fault is refused at `file` with its
 * `faultstring`. Never throws.
 *
 * @example
 * ```ts
 * const response = parseSiiResponse(readFileSync('respuesta_emitidas_parcialmente_correcto.xml'));
 * if (response.success) {
 *   response.data.submission_status; // 'ParcialmenteCorrecto'
 *   response.data.state; // 'partially_accepted'
 *   response.data.records[1]; // { invoice_number: '2024-X-000003', status: 'Incorrecto', error_code: 1104, state: 'error', … }
 * }
 * ```
 */
export function parseSiiResponse(input: string | Uint8Array): Validated<SiiResponse> {
  try {
    const document = readSiiDocument(input, RESPONSE_DOCUMENT);
    if (!document.success) return document;
    const answered = SII_RESPONSE_ROOTS[document.data.name];
    const context = new ImportContext('RespuestaSuministro.xsd');
    const root = new ElementReader(context, '', '', document.data.node);
    const csv = root.text('CSV');
    root.expect('Cabecera');
    const submission = readCode(root, 'EstadoEnvio', SII_SUBMISSION_STATUSES, true);
    const records = root.children('RespuestaLinea').map(readLine);
    if (context.issues.length > 0 || submission === null || answered === undefined)
      return {
        success: false,
        issues: context.issues.length > 0 ? context.issues : [unreadable('no status')],
      };
    return {
      success: true,
      data: {
        ...answered,
        csv,
        submission_status: submission,
        state: ledgerStateFromEstadoEnvio(submission),
        records: records.filter((record) => record !== null),
      },
    };
  } catch (error) {
    // The guards should leave nothing to throw on; this keeps the promise anyway.
    return { success: false, issues: [unreadable(error instanceof Error ? error.message : String(error))] };
  }
}
