/**
 * The tax authority in memory (ports.ts `TaxAuthorityTransport`): it reads each submitted SII message
 * as AEAT would (fiscalkit's own importer) and answers a `RespuestaLR…` document
 * (`RespuestaSuministro.xsd`, sii.md §7) that `parseSiiResponse` reads, with controls to reject
 * records or fail the transport, so that the ledger engine can be tested end to end without AEAT.
 *
 * @module
 */

import { instantFromMillis } from '../../model/instant.js';
import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import {
  type Clock,
  TaxAuthorityError,
  type TaxAuthoritySubmission,
  type TaxAuthorityTransport,
} from '../../ports.js';
import { SII_BAJA_BOOKS } from '../../sii/build/baja.js';
import { SII_ALTA_BOOKS } from '../../sii/build/books.js';
import { cabecera } from '../../sii/build/cabecera.js';
import { siiText } from '../../sii/build/formats.js';
import { periodoLiquidacion } from '../../sii/build/periodo.js';
import { SII_NAMESPACE } from '../../sii/build/xml.js';
import { importSiiMessage } from '../../sii/import/importSiiMessage.js';
import { SII_RESPONSE_NAMESPACE, SII_RESPONSE_ROOTS } from '../../sii/import/response.js';
import type { SiiMessage } from '../../sii/message.js';
import { writeXml, type XmlElement } from '../../xml/write.js';
import { MANUAL_CLOCK_START } from './clock.js';

/** How the memory tax authority answers one record it rejects. */
export interface TaxAuthorityRejection {
  /** `CodigoErrorRegistro`. */
  code: number;
  /** `DescripcionErrorRegistro` (at most 500 characters). */
  description: string;
}

/** Picks the records to reject: the record as imported from the message, and its index there. */
export type RecordPredicate = (record: SiiTaxReportCreate, index: number) => boolean;

/** Options of {@link memoryTaxAuthority}. */
export interface MemoryTaxAuthorityOptions {
  /** Writes `DatosPresentacion/TimestampPresentacion`; default a fixed instant (2026-04-20T10:40:00Z). */
  clock?: Clock;
  /**
   * Answers every submission instead of the built-in behaviour (the rejections do not apply; the
   * transport failures of `failNext` still do).
   */
  answer?: (submission: TaxAuthoritySubmission) => string | Promise<string>;
}

/** The memory tax authority and its controls. */
export interface MemoryTaxAuthority extends TaxAuthorityTransport {
  /** Every submission received, in order (failed ones included). */
  readonly submissions: readonly TaxAuthoritySubmission[];
  /** From now on, rejects the records `predicate` picks (`Incorrecto`, error 1117 unless told). */
  rejectRecords(predicate: RecordPredicate, rejection?: TaxAuthorityRejection): void;
  /** From now on, rejects the records with this `invoice_number` (`NumSerieFacturaEmisor`). */
  rejectInvoice(invoice_number: string, rejection?: TaxAuthorityRejection): void;
  /** Forgets every rejection rule: records are accepted again. */
  acceptAll(): void;
  /** The next `times` submissions throw `TaxAuthorityError(…, retryable)`. */
  failNext(times?: number, retryable?: boolean): void;
}

/**
 * AEAT error 1117 (sii.md §8): the counterparty's NIF is not identified in the census, the rejection
 * a sandbox sees most.
 */
const DEFAULT_REJECTION: TaxAuthorityRejection = {
  code: 1117,
  description: 'El NIF no está identificado. NIF: contraparte no identificada en el censo de la AEAT',
};

/** The response root of each book and kind (`SII_RESPONSE_ROOTS` inverted). */
const RESPONSE_ROOT = new Map(
  Object.entries(SII_RESPONSE_ROOTS).map(([root, answered]) => [
    `${answered.book_type}/${answered.kind}`,
    root,
  ]),
);

/** `RespuestaLinea`s of the cash-accounting books have no `CSV` (`RespuestaExpedidaCobroType`, …). */
const LINES_WITHOUT_CSV: ReadonlySet<string> = new Set(['CobrosEmitidas', 'PagosRecibidas']);

/** `dd-mm-yyyy hh:mm:ss` (`sii:Timestamp`) of an instant in ms, in UTC. */
function siiTimestamp(ms: number): string {
  const iso = instantFromMillis(ms);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 19)}`;
}

/** Renames `sii:` children to `siiR:` (the anonymous `PeriodoLiquidacion` of a response line). */
function inResponseNamespace(element: XmlElement): XmlElement {
  return Object.fromEntries(
    Object.entries(element).map(([name, content]) => [name.replace(/^sii:/, 'siiR:'), content]),
  );
}

/**
 * How a `RespuestaLinea` names its record (`RespuestaSuministro.xsd`): the `IDFactura` the message
 * wrote, or for the counterparty books `PeriodoLiquidacion` and `Contraparte` (and `ClaveOperacion`
 * for `Seguros`); capital goods add `PeriodoLiquidacion` and `IdentificacionBien`. The parts are
 * taken from the record as the builder writes it, so they are the message's own.
 */
function lineIdentity(message: SiiMessage, record: SiiTaxReportCreate): XmlElement {
  const book =
    message.kind === 'baja' ? SII_BAJA_BOOKS[message.book_type] : SII_ALTA_BOOKS[message.book_type];
  if (book === undefined) throw new TypeError(`no ${message.kind} message for ${message.book_type}`);
  const built = book.build(record, message.titular.nif.trim());
  const periodo = inResponseNamespace(periodoLiquidacion(record));
  switch (message.book_type) {
    case 'Inversion':
      return {
        'siiR:PeriodoLiquidacion': periodo,
        'siiR:IDFactura': built['siiLR:IDFactura'],
        'siiR:IdentificacionBien': siiText(record.capital_good?.identification),
      };
    case 'Metalico':
    case 'Seguros':
    case 'AgenciasViajes':
      return {
        'siiR:PeriodoLiquidacion': periodo,
        'siiR:Contraparte': built['siiLR:Contraparte'],
        'siiR:ClaveOperacion': built['siiLR:ClaveOperacion'],
      };
    default:
      return { 'siiR:IDFactura': built['siiLR:IDFactura'] };
  }
}

function times(what: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what}: times must be a non-negative integer, not ${String(value)}`);
  return value;
}

/**
 * A tax authority in memory. Every submission is recorded in `submissions`; a failure queued with
 * `failNext` is thrown first (a `TaxAuthorityError`, retryable as told). Then the message is read with
 * `importSiiMessage`: one it cannot read is refused with a non-retryable `TaxAuthorityError` (AEAT
 * answers a SOAP fault to a message that breaks its schema). Otherwise the answer is the
 * `RespuestaLR…` of the message's book and kind: `CSV` and `DatosPresentacion` (unless every record
 * is rejected), the echoed `Cabecera`, `EstadoEnvio` and one `RespuestaLinea` per record in message
 * order, naming the record as the message did. A record is `Correcto` with a `CSV` (where the line
 * type has one), or `Incorrecto` with the error of the first rejection rule that picks it; the
 * submission is `Correcto` when no record is rejected, `Incorrecto` when all are, else
 * `ParcialmenteCorrecto`. CSVs are `MEM` and a 13-digit counter: unique, deterministic.
 *
 * @example
 * ```ts
 * const aeat = memoryTaxAuthority({ clock });
 * aeat.rejectInvoice('2026-A-000002');
 * const { xml } = await aeat.submit({ ledger_id: 1, xml: built }); // a two-record message
 * const response = parseSiiResponse(xml);
 * response.success && response.data.submission_status; // 'ParcialmenteCorrecto'
 * response.success && response.data.records[1]?.error_code; // 1117
 * ```
 */
export function memoryTaxAuthority(options: MemoryTaxAuthorityOptions = {}): MemoryTaxAuthority {
  const clock = options.clock ?? { now: () => MANUAL_CLOCK_START };
  const submissions: TaxAuthoritySubmission[] = [];
  const rules: { predicate: RecordPredicate; rejection: TaxAuthorityRejection }[] = [];
  const failures: boolean[] = [];
  let lastCsv = 0;
  const nextCsv = () => {
    lastCsv += 1;
    return `MEM${String(lastCsv).padStart(13, '0')}`;
  };

  const respond = (message: SiiMessage): string => {
    const root = RESPONSE_ROOT.get(`${message.book_type}/${message.kind}`);
    if (root === undefined) throw new TypeError(`no response root for ${message.book_type} ${message.kind}`);
    const withCsv = !LINES_WITHOUT_CSV.has(message.book_type);
    let rejected = 0;
    const lines = message.records.map((record, index): XmlElement => {
      const rejection = rules.find((rule) => rule.predicate(record, index))?.rejection;
      if (rejection !== undefined) rejected += 1;
      return {
        ...lineIdentity(message, record),
        'siiR:EstadoRegistro': rejection === undefined ? 'Correcto' : 'Incorrecto',
        'siiR:CodigoErrorRegistro': rejection === undefined ? undefined : String(rejection.code),
        'siiR:DescripcionErrorRegistro': rejection?.description,
        'siiR:CSV': rejection === undefined && withCsv ? nextCsv() : undefined,
      };
    });
    const status =
      rejected === 0
        ? 'Correcto'
        : rejected === message.records.length
          ? 'Incorrecto'
          : 'ParcialmenteCorrecto';
    const accepted = status !== 'Incorrecto';
    const presenter = message.titular.representative_nif ?? message.titular.nif;
    return writeXml(
      `siiR:${root}`,
      {
        '@_xmlns:siiR': SII_RESPONSE_NAMESPACE,
        '@_xmlns:sii': SII_NAMESPACE,
        'siiR:CSV': accepted ? nextCsv() : undefined,
        'siiR:DatosPresentacion': accepted
          ? { 'sii:NIFPresentador': presenter.trim(), 'sii:TimestampPresentacion': siiTimestamp(clock.now()) }
          : undefined,
        'siiR:Cabecera': cabecera(message),
        'siiR:EstadoEnvio': status,
        'siiR:RespuestaLinea': lines,
      },
      { indent: '' },
    );
  };

  return {
    submissions,
    rejectRecords(predicate: RecordPredicate, rejection: TaxAuthorityRejection = DEFAULT_REJECTION) {
      rules.push({ predicate, rejection });
    },
    rejectInvoice(invoice_number: string, rejection: TaxAuthorityRejection = DEFAULT_REJECTION) {
      rules.push({ predicate: (record) => record.invoice_number === invoice_number, rejection });
    },
    acceptAll() {
      rules.length = 0;
    },
    failNext(count = 1, retryable = true) {
      for (let left = times('failNext', count); left > 0; left -= 1) failures.push(retryable);
    },

    async submit(submission: TaxAuthoritySubmission) {
      submissions.push(Object.freeze({ ledger_id: submission.ledger_id, xml: submission.xml }));
      const failure = failures.shift();
      if (failure !== undefined)
        throw new TaxAuthorityError('the tax authority could not be reached (injected by failNext)', failure);
      if (options.answer !== undefined) return { xml: await options.answer(submission) };
      const imported = importSiiMessage(submission.xml);
      if (!imported.success) {
        const reasons = imported.issues.map((issue) => `${issue.param}: ${issue.message}`).join('; ');
        throw new TaxAuthorityError(`the tax authority refused the message: ${reasons}`, false);
      }
      return { xml: respond(imported.data.message) };
    },
  };
}
