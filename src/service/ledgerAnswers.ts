/**
 * What the tax authority's answer to a ledger does (sii.md §7): the answer read and checked before it
 * is stored, the ledger `answered`, and each report given the state of its record's line — matched
 * by `IDFactura`, never moved back once it moved on, its `tax_report.state_change` published once.
 * The submission job (`ledgerSubmission.ts`) runs these; each is idempotent, so a re-run completes
 * what a crashed run began.
 *
 * @module
 */
import { type LedgerEvent, transitionLedger } from '../lifecycle/ledger.js';
import { instantFromMillis } from '../model/instant.js';
import type { Ledger } from '../model/ledger.js';
import type { SiiTaxReport } from '../model/siiTaxReport.js';
import type { TaxReportAuthority } from '../model/taxReportAuthority.js';
import type { TaxReportState } from '../model/taxReportCommon.js';
import { type Ports, VersionConflictError, type Versioned } from '../ports.js';
import type { SiiResponse, SiiResponseRecord } from '../sii/index.js';
import { computeOf } from './compute.js';
import type { EventPublisher } from './events.js';
import { permanent } from './ledgerMessage.js';
import { siiAuthority } from './taxReportAuthority.js';
import { stateChangeKey } from './taxReportEvents.js';
import { heldByLaterLedgers, isAnswered } from './taxReportLedgers.js';

/** `LedgerSchema`'s bound on `csv`: a response whose CSV is longer cannot be recorded. */
const MAX_CSV_LENGTH = 64;

/**
 * Applies a ledger event and stores the new state with optimistic concurrency. A refused event is a
 * bug of the job's logic (it checks the state first) and not worth retrying; a version conflict is
 * thrown for the caller to read again.
 *
 * @example
 * ```ts
 * await applyLedger(ports, stored, { type: 'unsent' }); // a sent ledger back to pending
 * ```
 */
export async function applyLedger(
  ports: Ports,
  stored: Versioned<Ledger>,
  event: LedgerEvent,
): Promise<Versioned<Ledger>> {
  const transition = transitionLedger(stored.value, event);
  if (!transition.accepted) throw permanent(`ledger ${String(stored.value.id)}: ${transition.reason}`);
  return ports.store.ledgers.update(transition.state, stored.version);
}

/**
 * Reads the tax authority's answer to `ledger` (sii.md §7). One that cannot be read, answers another
 * book or kind of message, or carries a CSV the ledger cannot hold, is refused with a non-retryable
 * error *before* it is stored: submitting again cannot make AEAT answer differently, and a stored
 * response must always be one the ledger can be completed from.
 *
 * @example
 * ```ts
 * (await readResponse(ports, ledger, answer.xml)).submission_status; // 'Correcto'
 * ```
 */
export async function readResponse(ports: Ports, ledger: Ledger, xml: string): Promise<SiiResponse> {
  // `parseSiiResponse`, off the event loop (issue #24): an answer to a large ledger is megabytes.
  const parsed = await computeOf(ports).run('ledger_response', xml);
  if (!parsed.success)
    throw permanent(
      `the tax authority's response to ledger ${String(ledger.id)} cannot be read: ${parsed.issues
        .map((issue) => `${issue.param}: ${issue.message}`)
        .join('; ')}`,
    );
  if (parsed.data.book_type !== ledger.book_type || parsed.data.kind !== ledger.kind)
    throw permanent(
      `the tax authority's response to ledger ${String(ledger.id)} answers a ${parsed.data.kind} message of ${parsed.data.book_type}, not a ${ledger.kind} of ${ledger.book_type}`,
    );
  if (parsed.data.csv !== null && parsed.data.csv.length > MAX_CSV_LENGTH)
    throw permanent(
      `the tax authority's CSV for ledger ${String(ledger.id)} is longer than ${String(MAX_CSV_LENGTH)}`,
    );
  return parsed.data;
}

/** `NumSerieFacturaEmisor` and `FechaExpedicionFacturaEmisor` as one key (NUL never occurs in either). */
function invoiceKey(number: string, date: string): string {
  return `${number.trim()}\u0000${date}`;
}

/**
 * Which response line answers which report, in ledger order (undefined: no line answers it).
 *
 * `parseSiiResponse` names each line's record as AEAT does (`RespuestaSuministro.xsd`, sii.md §7):
 * by `IDFactura` (number and issue date) for the invoice books, by `Contraparte` and period for
 * `Metalico`, `Seguros` and `AgenciasViajes`. AEAT answers one line per record in message order, but
 * the schema does not promise it, so a line with an `IDFactura` is matched to the unanswered report
 * with that number and date — the one at the line's own position when several share them (a
 * `Recibida` ledger may hold two suppliers' invoices with the same number and date) — and a line
 * without one to the report at its position. A line naming no report of the ledger is ignored.
 * `IDEmisorFactura` is not compared: which party it is depends on the book (the titular for issued
 * invoices, the supplier for received ones), and number and date already tell the records apart.
 */
function matchLines(
  reports: readonly (SiiTaxReport | null)[],
  lines: readonly SiiResponseRecord[],
): (SiiResponseRecord | undefined)[] {
  const answers: (SiiResponseRecord | undefined)[] = reports.map(() => undefined);
  const byInvoice = new Map<string, number[]>();
  reports.forEach((report, position) => {
    if (report?.invoice_number == null || report.invoice_date == null) return;
    const key = invoiceKey(report.invoice_number, report.invoice_date);
    byInvoice.set(key, [...(byInvoice.get(key) ?? []), position]);
  });
  lines.forEach((line, index) => {
    let position: number | undefined;
    if (line.invoice_number !== null && line.invoice_date !== null) {
      const candidates = (byInvoice.get(invoiceKey(line.invoice_number, line.invoice_date)) ?? []).filter(
        (candidate) => answers[candidate] === undefined,
      );
      position = candidates.includes(index) ? index : candidates[0];
    } else if (index < reports.length && answers[index] === undefined) position = index;
    if (position !== undefined) answers[position] = line;
  });
  return answers;
}

/**
 * Sets a report's state, re-reading on a version conflict, with its `tax_report.state_change`
 * (keyed by report, state and the version the write makes); nothing when the report is not stored,
 * and nothing when its current state is not one the answer may move (`movable`: the report moved on
 * since the ledger was sent — annulled, or corrected and sent again — and an answer read again by a
 * re-run of the job must not take it back; issue #18 item 16: a re-run after an annulment set the
 * annulled report back to `registered`). The event is written with the state (the outbox, issue #24
 * item 4: numbered in the order of the report's versions, carrying the version) and its deliveries
 * scheduled after. A state already set (by an earlier run of this job, which a crash stopped before
 * the deliveries) is published under the key of the report's current version: when that run's write
 * is still the latest, its stored event is found and its deliveries scheduled — the job's re-run is
 * the repair, no other job is needed; after a later write (one that changed no state) it is an event
 * of that version, in the same state.
 */
async function setReportState(
  ports: Ports,
  events: EventPublisher,
  account_id: number,
  id: number,
  state: TaxReportState,
  movable: (current: TaxReportState) => boolean,
  authority: TaxReportAuthority | null = null,
): Promise<void> {
  for (;;) {
    const current = await ports.store.taxReports.get(account_id, id);
    if (current === null) return;
    const data = { tax_report_id: id, state, version: current.version };
    if (current.value.state === state) {
      await events.publish(
        account_id,
        'tax_report.state_change',
        data,
        stateChangeKey(id, state, current.version),
      );
      return;
    }
    if (!movable(current.value.state)) return;
    // money-safe: a record version, the one this write gives the report.
    const version = current.version + 1;
    const outboxed = [
      events.prepare(
        account_id,
        'tax_report.state_change',
        { ...data, version },
        stateChangeKey(id, state, version),
      ),
    ];
    try {
      // AEAT's codes for the record go with its state (issue #23; `taxReportAuthority.ts`).
      const next = authority === null ? { ...current.value, state } : { ...current.value, state, authority };
      const written = await ports.store.taxReports.update(next, current.version, {
        events: outboxed,
      });
      await events.dispatch(outboxed, written.events);
      return;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}

/**
 * What an answer to a record does to its report (sii.md §7), by the ledger's kind, and the states it
 * may move the report from (`setReportState`'s `movable`):
 *
 * - alta: `Correcto` → `registered`, `AceptadoConErrores` → `registered_with_errors`, `Incorrecto` →
 *   `error`, from `processing` only (the state the report is sent in);
 * - baja (issue #18 item 16): AEAT accepting the annulment (`Correcto`, `AceptadoConErrores`) →
 *   `annulled`, from any state; AEAT refusing it (`Incorrecto`) leaves the record AEAT holds as it was,
 *   so a registered report stays registered (never `error`: the registration stands) — only a report
 *   that was never registered through fiscalkit (`processing`, made by the import of a `BajaLR…`
 *   message) becomes `error`, the annulment it stands for being refused.
 */
function answerOf(
  kind: Ledger['kind'],
  answered: TaxReportState,
): { state: TaxReportState; movable: (current: TaxReportState) => boolean } {
  if (kind === 'alta') return { state: answered, movable: (current) => current === 'processing' };
  if (answered === 'error') return { state: 'error', movable: (current) => current === 'processing' };
  return { state: 'annulled', movable: () => true };
}

/**
 * The state of an alta record AEAT refused as a duplicate (3000) of a record it holds as `Correcta` or
 * `AceptadaConErrores` (`RegistroDuplicado`): the invoice is registered — typically by an earlier
 * submission of this ledger whose answer a crash kept fiscalkit from storing (issue #23's kill test) —
 * so the report is `registered` (or `registered_with_errors`), keeping AEAT's 3000 in `authority`.
 * Null for any other answer.
 */
function registeredBefore(ledger: Ledger, line: SiiResponseRecord | undefined): TaxReportState | null {
  if (ledger.kind !== 'alta' || line === undefined || line.error_code !== 3000) return null;
  if (line.duplicate_state === 'Correcta') return 'registered';
  if (line.duplicate_state === 'AceptadaConErrores') return 'registered_with_errors';
  return null;
}

/**
 * Gives every report of an answered ledger the state of its record's `EstadoRegistro` ({@link
 * answerOf}: for an alta `Correcto` → `registered`, `AceptadoConErrores` → `registered_with_errors`,
 * `Incorrecto` → `error`; for a baja an accepted annulment → `annulled`) and publishes
 * `tax_report.state_change` for it (api-notes.md §5.2) under the key
 * `tax_report.state_change:{report id}:{state}:{version}`. When the whole submission is `Incorrecto`, a
 * report no line answers is refused too (nothing of the message was registered); otherwise it keeps
 * its state. A report a later ledger holds (its annulment, or its correction sent again) is the later
 * ledger's: an answer read again by a re-run of this job leaves it alone, as it leaves a report whose
 * state moved on. Idempotent: a state already set is not written again and a published event is not
 * published twice, so a job re-run after a crash completes what the first run began.
 *
 * @example
 * ```ts
 * await settleReports(ports, events, answered, response); // its reports registered, error or annulled
 * ```
 */
export async function settleReports(
  ports: Ports,
  events: EventPublisher,
  ledger: Ledger,
  response: SiiResponse,
): Promise<void> {
  const reports: (SiiTaxReport | null)[] = [];
  for (const id of ledger.tax_report_ids) {
    const report = await ports.store.taxReports.get(ledger.account_id, id);
    reports.push(report?.value.type === 'SiiDocument' ? report.value : null);
  }
  const answers = matchLines(reports, response.records);
  const later = await heldByLaterLedgers(ports, ledger);
  for (const [position, id] of ledger.tax_report_ids.entries()) {
    const answered =
      registeredBefore(ledger, answers[position]) ??
      answers[position]?.state ??
      (response.submission_status === 'Incorrecto' ? 'error' : undefined);
    if (answered === undefined || later.has(id)) continue;
    const { state, movable } = answerOf(ledger.kind, answered);
    const authority = siiAuthority(
      ledger,
      response,
      answers[position] ?? null,
      instantFromMillis(ports.clock.now()),
    );
    await setReportState(ports, events, ledger.account_id, id, state, movable, authority);
  }
}

/**
 * Completes a sent ledger from the tax authority's stored response: `answered` (re-reading on a
 * version conflict; a ledger someone else already answered is left as it is), then the reports.
 *
 * @example
 * ```ts
 * await complete(ports, events, sent, response); // the ledger answered, then its reports
 * ```
 */
export async function complete(
  ports: Ports,
  events: EventPublisher,
  stored: Versioned<Ledger>,
  response: SiiResponse,
): Promise<void> {
  let current: Versioned<Ledger> | null = stored;
  while (current !== null && current.value.state === 'sent') {
    try {
      current = await applyLedger(ports, current, {
        type: 'answered',
        status: response.submission_status,
        csv: response.csv,
      });
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      current = await ports.store.ledgers.get(stored.value.account_id, stored.value.id);
    }
  }
  if (current !== null && isAnswered(current.value))
    await settleReports(ports, events, current.value, response);
}
