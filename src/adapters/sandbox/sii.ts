/**
 * The sandbox AEAT SII simulator that `npm start` uses (issue #23 "A sandbox authority";
 * docs/sandbox-authorities.md). It is the memory tax authority (`memoryTaxAuthority`, which answers
 * a schema-valid `RespuestaLR…` for any message it can read) plus the record checks AEAT runs that a
 * host must be able to see fail, each with AEAT's own `CodigoErrorRegistro`:
 *
 * | check | code | source |
 * | --- | --- | --- |
 * | the same invoice registered before (A0) | 3000 + `RegistroDuplicado` | AEAT SII FAQ (uniqueness: NIF of the issuer, series and number, date); RespuestaSuministro.xsd |
 * | counterparty NIF not identified in the census | 1117 | sii.md §8 |
 * | `ImporteTotal` ≠ Σ(base + cuota + RE) ± 10 € | 1100 (see {@link SII_TOTAL_OUT_OF_TOLERANCE}) | sii.md §8 (the check); the code is the closest documented one |
 *
 * State (the registered invoices) lives in this process: a restart forgets it, as a simulator may.
 *
 * @module
 */

import type { SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { Decimal } from '../../money/decimal.js';
import {
  type CensusClient,
  type Clock,
  TaxAuthorityError,
  type TaxAuthoritySubmission,
  type TaxAuthorityTransport,
} from '../../ports.js';
import { partyIdentification } from '../../sii/build/identification.js';
import { importSiiMessage } from '../../sii/import/importSiiMessage.js';
import type { SiiMessage } from '../../sii/message.js';
import { memoryTaxAuthority, type TaxAuthorityRejection } from '../memory/taxAuthority.js';
import {
  SANDBOX_AUTHORITY_ENV,
  SANDBOX_REJECT_TRIGGER,
  SANDBOX_TIMEOUT_TRIGGER,
  type SandboxAuthorityOptions,
  sandboxTimeoutMs,
  simulatedTimeout,
} from './mode.js';

/**
 * AEAT 3000, "Registro de factura duplicado": AEAT's SII FAQ ("preguntas técnicas frecuentes") says a
 * duplicate is rejected and that what makes an invoice unique is the issuer's NIF, the series and
 * number and the issue date; the code and text are the ones AEAT's SII and VeriFactu services answer
 * (VeriFactu's published error list carries the same 3000 with the same text).
 */
export const SII_DUPLICATE: TaxAuthorityRejection = {
  code: 3000,
  description: 'Registro de factura duplicado',
};

/** AEAT 1117 (sii.md §8): the counterparty's NIF is not identified in the census. */
export const SII_UNKNOWN_NIF: TaxAuthorityRejection = {
  code: 1117,
  description: 'El NIF no está identificado. NIF: contraparte no identificada en el censo de la AEAT',
};

/**
 * The `ImporteTotal` check of sii.md §8 (Σ base + cuota + cuota RE of the subject breakdown, plus
 * exempt and not-subject bases, within ±10 €). No public copy of AEAT's SII error list we could
 * read names a specific code for it (the VeriFactu list's 1210 / 2005 belong to another service and
 * another schema), so the sandbox answers AEAT's generic 1100 "Valor o tipo incorrecto del campo"
 * naming the field — the closest documented code — and docs/sandbox-authorities.md says so.
 */
export const SII_TOTAL_OUT_OF_TOLERANCE: TaxAuthorityRejection = {
  code: 1100,
  description:
    'Valor o tipo incorrecto del campo: ImporteTotal (difiere en más de 10 euros de la suma de bases imponibles, cuotas y recargos del desglose)',
};

/** What `FISCALKIT_SANDBOX_AUTHORITY=reject` and the `SANDBOX-REJECT` trigger answer: 1117, marked as simulated. */
export const SII_SIMULATED_REJECTION: TaxAuthorityRejection = {
  code: 1117,
  description: `El NIF no está identificado. (rechazo simulado por el sandbox: ${SANDBOX_AUTHORITY_ENV}=reject o ${SANDBOX_REJECT_TRIGGER})`,
};

/**
 * The counterparty NIFs the sandbox treats as not identified in the census when no census is given:
 * two NIFs with a valid check letter that no one holds (all zeros, all nines). Documented in
 * docs/sandbox-authorities.md; hosts add theirs with `unknown_nifs`.
 */
export const SANDBOX_UNKNOWN_NIFS: readonly string[] = ['00000000T', '99999999R'];

/** The ±10 € of sii.md §8. */
const TOLERANCE = new Decimal('10');

/** Claves for which AEAT does not apply the `ImporteTotal` check (sii.md §8: from 2021). */
const TOTAL_EXEMPT_KEYS: ReadonlySet<string> = new Set(['03', '05', '06', '09']);

/** The books whose records an invoice number identifies, so that a second A0 is a duplicate. */
const DUPLICATE_BOOKS: ReadonlySet<string> = new Set(['Expedida', 'Recibida', 'Intracomunitaria']);

/** Options of {@link sandboxSii}. */
export interface SandboxSiiOptions extends SandboxAuthorityOptions {
  /** Writes `TimestampPresentacion`; default the memory authority's fixed instant. */
  clock?: Clock;
  /**
   * The census to ask about counterparty NIFs: one it answers `NO IDENTIFICADO…` is error 1117.
   * Without it, the NIFs of {@link SANDBOX_UNKNOWN_NIFS} and `unknown_nifs` are the unknown ones.
   */
  census?: CensusClient;
  /** More NIFs (compact, no `ES`) to treat as not identified, with or without a census. */
  unknown_nifs?: Iterable<string>;
}

/** The sandbox SII simulator: a `TaxAuthorityTransport` that shows what it received and holds. */
export interface SandboxSii extends TaxAuthorityTransport {
  /** Every submission received, in order (failed ones included). */
  readonly submissions: readonly TaxAuthoritySubmission[];
  /** How many invoices are registered now (accepted, not since annulled by a baja). */
  readonly registered: number;
}

type Verdict = 'simulated' | 'duplicate' | 'unknown_nif' | 'total';

function uniquenessKey(message: SiiMessage, record: SiiTaxReportCreate): string | null {
  if (!DUPLICATE_BOOKS.has(message.book_type)) return null;
  if (typeof record.invoice_number !== 'string' || typeof record.invoice_date !== 'string') return null;
  // The issuer of an issued invoice is the titular; of a received one, the supplier.
  const issuer =
    message.book_type === 'Expedida'
      ? message.titular.nif
      : (record.supplier_party_tax_id ?? message.titular.nif);
  return [
    message.book_type,
    message.titular.nif.trim(),
    issuer.trim(),
    record.invoice_number.trim(),
    record.invoice_date,
  ].join('\u0000');
}

/** The counterparty a record names by a Spanish NIF (the census knows only those), or null. */
function counterpartyNif(
  message: SiiMessage,
  record: SiiTaxReportCreate,
): { nif: string; name: string } | null {
  const role =
    message.book_type === 'Recibida' || message.book_type === 'PagosRecibidas' ? 'supplier' : 'customer';
  const identification = partyIdentification(record, role);
  if (identification === null || identification.kind !== 'nif') return null;
  const name = role === 'supplier' ? record.supplier_party_name : record.customer_party_name;
  return { nif: identification.nif.toUpperCase(), name: typeof name === 'string' ? name : '' };
}

function amount(value: string | null | undefined): Decimal {
  return new Decimal(typeof value === 'string' && value !== '' ? value : '0');
}

/** sii.md §8: an issued invoice's `ImporteTotal`, when present, within ±10 € of its breakdown. */
function totalOutOfTolerance(message: SiiMessage, record: SiiTaxReportCreate): boolean {
  if (message.book_type !== 'Expedida' || message.kind !== 'alta') return false;
  if (typeof record.tax_inclusive_amount !== 'string') return false;
  const keys = [record.special_regime_key, ...(record.additional_special_regime_keys ?? [])];
  if (keys.some((key) => typeof key === 'string' && TOTAL_EXEMPT_KEYS.has(key))) return false;
  const sum = (record.tax_breakdowns ?? []).reduce(
    (total, row) =>
      total.plus(amount(row.taxable_base)).plus(amount(row.tax_amount)).plus(amount(row.surcharge_amount)),
    new Decimal(0),
  );
  return amount(record.tax_inclusive_amount).minus(sum).abs().greaterThan(TOLERANCE);
}

/** Whether any record's invoice number carries `trigger`. */
function carries(record: SiiTaxReportCreate, trigger: string): boolean {
  return typeof record.invoice_number === 'string' && record.invoice_number.includes(trigger);
}

/**
 * Adds `RegistroDuplicado` to the lines rejected as duplicates (RespuestaSuministro.xsd: "solo en
 * el caso de que se rechace el registro por duplicado", the last child of the line, with the state
 * of the registered record, `sii:RegistroDuplicadoType`). The response is the memory authority's
 * own writer's output (no indentation), whose lines end with `</siiR:RespuestaLinea>`.
 */
function markDuplicates(xml: string, duplicates: ReadonlySet<number>): string {
  if (duplicates.size === 0) return xml;
  const parts = xml.split('</siiR:RespuestaLinea>');
  return parts
    .map((part, index) =>
      duplicates.has(index)
        ? `${part}<siiR:RegistroDuplicado><sii:EstadoRegistro>Correcta</sii:EstadoRegistro></siiR:RegistroDuplicado>`
        : part,
    )
    .join('</siiR:RespuestaLinea>');
}

/**
 * The sandbox AEAT SII simulator. A submission is read as AEAT would (a message it cannot read is a
 * non-retryable `TaxAuthorityError`, as the memory authority does); then each record is judged, the
 * first that applies winning: the `SANDBOX-REJECT` trigger or `mode: 'reject'` → 1117 (marked as
 * simulated); an A0 record of Expedida / Recibida / Intracomunitaria whose (titular, issuer NIF,
 * number, date) is registered → 3000 with `RegistroDuplicado`; a counterparty NIF the census answers
 * `NO IDENTIFICADO…` (or, without a census, one of {@link SANDBOX_UNKNOWN_NIFS} / `unknown_nifs`) →
 * 1117; an issued invoice's `ImporteTotal` out of ±10 € → {@link SII_TOTAL_OUT_OF_TOLERANCE}. Others
 * are `Correcto` with a CSV and registered (a baja unregisters). `mode: 'timeout'`, or an invoice
 * number with `SANDBOX-TIMEOUT`, throws a retryable `TaxAuthorityError` after `timeout_ms`.
 *
 * @example
 * ```ts
 * const aeat = sandboxSii({ clock: systemClock() });
 * await aeat.submit({ ledger_id: 1, xml }); // Correcto, a CSV per record
 * await aeat.submit({ ledger_id: 2, xml }); // the same A0 again: Incorrecto, 3000, RegistroDuplicado
 * ```
 */
export function sandboxSii(options: SandboxSiiOptions = {}): SandboxSii {
  const mode = options.mode ?? 'accept';
  const timeoutMs = sandboxTimeoutMs(options.timeout_ms);
  const unknown = new Set(
    [...SANDBOX_UNKNOWN_NIFS, ...(options.unknown_nifs ?? [])].map((nif) => nif.toUpperCase()),
  );
  const memory = memoryTaxAuthority(options.clock === undefined ? {} : { clock: options.clock });
  const registry = new Set<string>();
  // The verdicts of the submission being answered: the memory authority's rules read them while
  // its `submit` runs synchronously (it awaits nothing before answering), so no other submission
  // can interleave between setting and reading them.
  let verdicts: (Verdict | undefined)[] = [];
  const rule = (verdict: Verdict, rejection: TaxAuthorityRejection) =>
    memory.rejectRecords((_record, index) => verdicts[index] === verdict, rejection);
  rule('simulated', SII_SIMULATED_REJECTION);
  rule('duplicate', SII_DUPLICATE);
  rule('unknown_nif', SII_UNKNOWN_NIF);
  rule('total', SII_TOTAL_OUT_OF_TOLERANCE);

  /** The NIFs among `parties` that the census (or the list) does not identify. */
  const unidentified = async (parties: ({ nif: string; name: string } | null)[]): Promise<Set<string>> => {
    const nifs = new Set<string>();
    const asked = parties.filter((party): party is { nif: string; name: string } => party !== null);
    for (const party of asked) if (unknown.has(party.nif)) nifs.add(party.nif);
    if (options.census !== undefined && asked.length > 0) {
      let answers: Awaited<ReturnType<CensusClient['check']>>;
      try {
        answers = await options.census.check(asked);
      } catch (error) {
        throw new TaxAuthorityError(
          `AEAT SII (sandbox) could not reach the census: ${error instanceof Error ? error.message : String(error)}`,
          true,
        );
      }
      answers.forEach((answer, index) => {
        const party = asked[index];
        if (party !== undefined && answer.result.trim().toUpperCase().startsWith('NO IDENTIFICADO'))
          nifs.add(party.nif);
      });
    }
    return nifs;
  };

  const submit = async (submission: TaxAuthoritySubmission) => {
    const imported = importSiiMessage(submission.xml);
    // What it cannot read, the memory authority refuses (non-retryable), recording the submission.
    if (!imported.success) return memory.submit(submission);
    const message = imported.data.message;
    if (mode === 'timeout' || message.records.some((record) => carries(record, SANDBOX_TIMEOUT_TRIGGER)))
      return simulatedTimeout(
        'AEAT SII',
        timeoutMs,
        mode === 'timeout'
          ? `${SANDBOX_AUTHORITY_ENV}=timeout`
          : `invoice number with ${SANDBOX_TIMEOUT_TRIGGER}`,
      );
    const parties = message.records.map((record) =>
      message.kind === 'alta' ? counterpartyNif(message, record) : null,
    );
    const notIdentified = await unidentified(parties);

    // From here to the answer nothing is awaited: the registry is read and written atomically.
    const keys = message.records.map((record) => uniquenessKey(message, record));
    const seen = new Set<string>();
    const judged = message.records.map((record, index): Verdict | undefined => {
      if (mode === 'reject' || carries(record, SANDBOX_REJECT_TRIGGER)) return 'simulated';
      const key = keys[index];
      const isNew = message.kind === 'alta' && (message.communication_type ?? 'A0') === 'A0';
      if (key !== null && key !== undefined && isNew && (registry.has(key) || seen.has(key)))
        return 'duplicate';
      const party = parties[index];
      if (party !== null && party !== undefined && notIdentified.has(party.nif)) return 'unknown_nif';
      if (totalOutOfTolerance(message, record)) return 'total';
      if (key !== null && key !== undefined) seen.add(key);
      return undefined;
    });
    verdicts = judged;
    const answered = memory.submit(submission);
    verdicts = [];
    const { xml } = await answered;
    judged.forEach((verdict, index) => {
      const key = keys[index];
      if (verdict !== undefined || key === null || key === undefined) return;
      if (message.kind === 'baja') registry.delete(key);
      else registry.add(key);
    });
    const duplicates = new Set(judged.flatMap((verdict, index) => (verdict === 'duplicate' ? [index] : [])));
    return { xml: markDuplicates(xml, duplicates) };
  };

  return {
    submissions: memory.submissions,
    get registered() {
      return registry.size;
    },
    submit,
  };
}
