import { ApiError } from '../errors/ApiError.js';
import type { Validated } from '../errors/validationIssue.js';
import { type LedgerEvent, transitionLedger } from '../lifecycle/ledger.js';
import { instantFromMillis } from '../model/instant.js';
import type { Ledger, LedgerResponse } from '../model/ledger.js';
import type { SiiTaxReport } from '../model/siiTaxReport.js';
import type { TaxReportState } from '../model/taxReportCommon.js';
import { type Job, type Ports, VersionConflictError, type Versioned } from '../ports.js';
import type { SiiResponse, SiiResponseRecord } from '../sii/import/response.js';
import { computeOf } from './compute.js';
import type { EventPublisher } from './events.js';
import { siiTitularOf } from './siiTitular.js';
import { heldByLaterLedgers } from './taxReportLedgers.js';
import { exponentialBackoff, type JobHandler } from './worker.js';
import { yieldingEvery } from './yielding.js';

/** The job kind of a ledger submission (see {@link ledgerSubmissionHandler}). */
export const LEDGER_SUBMISSION_JOB = 'ledger_submission';

/** Runs of a submission job before it gives up, the first included. */
const MAX_SUBMISSION_ATTEMPTS = 6;

/**
 * Backoff between submission attempts: 5 s doubling to 10 minutes, so the six runs span about two
 * and a half minutes of an AEAT outage (5 + 10 + 20 + 40 + 80 s) before the ledger goes back to
 * `pending` for the host to submit again later.
 */
const SUBMISSION_BACKOFF = { base_ms: 5000, max_ms: 600_000 } as const;

/** `LedgerSchema`'s bound on `csv`: a response whose CSV is longer cannot be recorded. */
const MAX_CSV_LENGTH = 64;

/** The ledgers (spec §4.2: GET /ledgers/{id}, /download, /download_response) and their submission. */
export interface LedgerService {
  /**
   * Submits a `pending` ledger with at least one tax report to the tax authority: enqueues its
   * submission job and answers the ledger as it stands (still `pending`; the job moves it to `sent`,
   * then to the state of AEAT's answer). 404 `resource_missing` (param `id`) for a ledger that is not
   * the account's; 409 `conflict` for one that is not `pending` or holds no report.
   */
  submit(account_id: number, ledger_id: number): Promise<Ledger>;
  /** The ledger; 404 `resource_missing` (param `id`) when it is not the account's. */
  get(account_id: number, id: number): Promise<Ledger>;
  /**
   * GET /ledgers/{id}/download: the ledger's SII message (`SuministroLR…`, or `BajaLR…` for a baja
   * ledger), built from its stored tax reports with the account as titular, exactly as the submission
   * job sends it. 409 `conflict` when
   * the ledger holds no report or cannot be written as valid SII XML (the account has no NIF, say).
   */
  download(account_id: number, id: number): Promise<string>;
  /**
   * GET /ledgers/{id}/download_response: the tax authority's response document as received (sii.md
   * §7). 404 `resource_missing` (param `id`) for an unknown ledger and for one not answered yet.
   */
  downloadResponse(account_id: number, id: number): Promise<string>;
}

/** An error that another attempt cannot cure: the worker gives up at once (`retryable: false`). */
function permanent(message: string): Error {
  return Object.assign(new Error(message), { retryable: false });
}

async function requireLedger(ports: Ports, account_id: number, id: number): Promise<Versioned<Ledger>> {
  const ledger = await ports.store.ledgers.get(account_id, id);
  if (ledger === null) throw new ApiError('resource_missing', `no ledger ${String(id)}`, { param: 'id' });
  return ledger;
}

/**
 * The ledger's SII message (sii.md §3, §6): its book, kind (`SuministroLR…` for an alta ledger,
 * `BajaLR…` for a baja one, issue #18 item 16), `TipoComunicacion` and records in ledger order,
 * the account as titular (`siiTitularOf`, the header the batch job validated each record with). Built
 * afresh from the stored reports each time — the build is deterministic, so the download is the
 * message that was sent as long as the reports and the account are unchanged. Issues of the build
 * (an account without a NIF) are answered, not thrown; a report that is missing or not an SII one is
 * corrupt data and throws.
 */
async function ledgerMessage(ports: Ports, ledger: Ledger): Promise<Validated<string>> {
  const account = await ports.store.accounts.get(ledger.account_id, ledger.account_id);
  if (account === null) throw permanent(`the account of ledger ${String(ledger.id)} is not stored`);
  const records: SiiTaxReport[] = [];
  // Up to 10,000 reads: the event loop gets a turn every hundred (issue #24).
  const step = yieldingEvery();
  for (const id of ledger.tax_report_ids) {
    await step();
    const report = await ports.store.taxReports.get(ledger.account_id, id);
    if (report === null || report.value.type !== 'SiiDocument')
      throw permanent(
        `tax report ${String(id)} of ledger ${String(ledger.id)} is not a stored SII tax report`,
      );
    records.push(report.value);
  }
  // Off the event loop (issue #24): the message of a 4,400-record ledger is most of a second of CPU.
  return computeOf(ports).run('ledger_message', {
    book_type: ledger.book_type,
    kind: ledger.kind,
    communication_type: ledger.communication_type,
    titular: siiTitularOf(account.value),
    records,
  });
}

/**
 * The ledger service (spec §4.2). `submit` only checks the ledger's state and enqueues the job
 * ({@link ledgerSubmissionHandler}); the job key is `ledger_submission:{id}:{version}`, so submitting
 * the same pending ledger twice enqueues one job, while a ledger that went back to `pending` after a
 * failed submission (two versions later: `send`, then `unsent`) can be submitted again. `events` is
 * the publisher the submission job publishes with; the requests themselves publish nothing (a
 * ledger has no event of its own, api-notes.md §5.2).
 *
 * @example
 * ```ts
 * const ledgers = createLedgerService(ports, createEventPublisher(ports));
 * await ledgers.submit(1, 7); // { id: 7, state: 'pending', … }; the worker sends it
 * await worker.drain();
 * (await ledgers.get(1, 7)).state; // 'accepted'
 * parseSiiResponse(await ledgers.downloadResponse(1, 7)).success; // true
 * ```
 */
export function createLedgerService(ports: Ports, _events: EventPublisher): LedgerService {
  return {
    async submit(account_id, ledger_id) {
      const ledger = await requireLedger(ports, account_id, ledger_id);
      if (ledger.value.state !== 'pending')
        throw new ApiError(
          'conflict',
          `ledger ${String(ledger_id)} is ${ledger.value.state}: only a pending ledger is submitted`,
        );
      if (ledger.value.tax_report_ids.length === 0)
        throw new ApiError(
          'conflict',
          `ledger ${String(ledger_id)} holds no tax report: an SII message needs at least one record (sii.md §6)`,
        );
      await ports.jobs.enqueue({
        kind: LEDGER_SUBMISSION_JOB,
        payload: { account_id, ledger_id },
        key: `${LEDGER_SUBMISSION_JOB}:${String(ledger_id)}:${String(ledger.version)}`,
      });
      return ledger.value;
    },
    async get(account_id, id) {
      return (await requireLedger(ports, account_id, id)).value;
    },
    async download(account_id, id) {
      const ledger = await requireLedger(ports, account_id, id);
      if (ledger.value.tax_report_ids.length === 0)
        throw new ApiError(
          'conflict',
          `ledger ${String(id)} holds no tax report: there is no message to download`,
        );
      const built = await ledgerMessage(ports, ledger.value);
      if (!built.success) {
        const reasons = built.issues.map((issue) => `${issue.param}: ${issue.message}`).join('; ');
        throw new ApiError('conflict', `ledger ${String(id)} cannot be written as valid SII XML: ${reasons}`);
      }
      return built.data;
    },
    async downloadResponse(account_id, id) {
      await requireLedger(ports, account_id, id);
      const response = await ports.store.ledgerResponses.get(account_id, id);
      if (response === null)
        throw new ApiError(
          'resource_missing',
          `the tax authority has not answered ledger ${String(id)} yet`,
          {
            param: 'id',
          },
        );
      return response.value.xml;
    },
  };
}

// ─── The job ───────────────────────────────────────────────────────────────────────────────────────

/** The states in which the tax authority has answered the ledger (terminal, `LEDGER_STATES`). */
function isAnswered(ledger: Ledger): boolean {
  return ledger.state === 'accepted' || ledger.state === 'partially_accepted' || ledger.state === 'rejected';
}

function payload(job: Job): { account_id: number; ledger_id: number } | null {
  const { account_id, ledger_id } = job.payload;
  return typeof account_id === 'number' && typeof ledger_id === 'number' ? { account_id, ledger_id } : null;
}

/**
 * Applies a ledger event and stores the new state with optimistic concurrency. A refused event is a
 * bug of the job's logic (it checks the state first) and not worth retrying; a version conflict is
 * thrown for the caller to read again.
 */
async function applyLedger(
  ports: Ports,
  stored: Versioned<Ledger>,
  event: LedgerEvent,
): Promise<Versioned<Ledger>> {
  const transition = transitionLedger(stored.value, event);
  if (!transition.accepted) throw permanent(`ledger ${String(stored.value.id)}: ${transition.reason}`);
  return ports.store.ledgers.update(transition.state, stored.version);
}

/**
 * `pending` → `sent`, re-reading on a version conflict (a batch attaching reports meanwhile). Answers
 * null when someone else moved the ledger on first (another submission job sent it): this job then
 * leaves it to them.
 */
async function send(ports: Ports, stored: Versioned<Ledger>): Promise<Versioned<Ledger> | null> {
  let current: Versioned<Ledger> | null = stored;
  for (;;) {
    if (current === null || current.value.state !== 'pending') return null;
    try {
      return await applyLedger(ports, current, { type: 'send', at: instantFromMillis(ports.clock.now()) });
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
      current = await ports.store.ledgers.get(stored.value.account_id, stored.value.id);
    }
  }
}

/**
 * Reads the tax authority's answer to `ledger` (sii.md §7). One that cannot be read, answers another
 * book or kind of message, or carries a CSV the ledger cannot hold, is refused with a non-retryable
 * error *before* it is stored: submitting again cannot make AEAT answer differently, and a stored
 * response must always be one the ledger can be completed from.
 */
async function readResponse(ports: Ports, ledger: Ledger, xml: string): Promise<SiiResponse> {
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
 * The key of the `tax_report.state_change` giving report `id` its `state` at `version`: the one the
 * PATCH and annulment of a report use (`taxReports.ts`). A version is made by one write, so the key
 * names one event; keyed by the ledger instead, a re-run of the job after a later change of the
 * report would set the state again under the earlier run's key, and the outbox would answer that
 * run's event, leaving the new version without its own (issue #24 item 4).
 */
const stateChangeKey = (id: number, state: TaxReportState, version: number) =>
  `tax_report.state_change:${String(id)}:${state}:${String(version)}`;

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
      const written = await ports.store.taxReports.update({ ...current.value, state }, current.version, {
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
 */
async function settleReports(
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
      answers[position]?.state ?? (response.submission_status === 'Incorrecto' ? 'error' : undefined);
    if (answered === undefined || later.has(id)) continue;
    const { state, movable } = answerOf(ledger.kind, answered);
    await setReportState(ports, events, ledger.account_id, id, state, movable);
  }
}

/**
 * Completes a sent ledger from the tax authority's stored response: `answered` (re-reading on a
 * version conflict; a ledger someone else already answered is left as it is), then the reports.
 */
async function complete(
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

/**
 * The ledger submission job (spec §4.2; `TaxAuthorityTransport`). A run:
 *
 * 1. loads the ledger; an answered one (`accepted`, `partially_accepted`, `rejected`) is done but for
 *    its reports, which are settled again from the stored response (idempotent: this finishes a run
 *    that crashed between the ledger's answer and its last report);
 * 2. a `pending` ledger is moved to `sent` (`sent_at` now); a ledger already `sent` when the job's
 *    *first* attempt finds it was sent by another submission job (a second `submit` after reports
 *    were attached enqueues a job of another version) and is left to that job;
 * 3. when no response is stored for the ledger, builds its message (the download), submits it with
 *    `ports.taxAuthority.submit`, reads the answer with `parseSiiResponse` (unreadable: a
 *    non-retryable error, before anything is stored) and stores it as the ledger's `LedgerResponse`
 *    under the key `ledger_response:{id}`; when one is stored, it is used instead of submitting;
 * 4. applies `answered` (the ledger's state from `EstadoEnvio`, its `CSV`), then gives every report
 *    the state of its record (`EstadoRegistro`; see `matchLines` for how lines find their reports;
 *    for a baja ledger an accepted record makes its report `annulled`, see `answerOf`) and publishes
 *    `tax_report.state_change` once per report — never for a report that moved on meanwhile or that a
 *    later ledger holds (`settleReports`).
 *
 * Delivery to AEAT is at least once: a run that crashes after AEAT answered but before the answer was
 * stored runs again, finds the ledger `sent` with no response, and submits the same message again.
 * AEAT answers a record it already holds as a duplicate (`RegistroDuplicado`, sii.md §7, with the
 * state of the first registration); `parseSiiResponse` does not read that element, so such a record
 * takes the line's own `EstadoRegistro`. Once the response is stored, no re-run submits again.
 *
 * Failures: a `TaxAuthorityError` says whether retrying can help (`retryable`); other errors (the
 * store) are retried. Backoff 5 s doubling to 10 minutes, at most 6 runs. Giving up: a ledger with a
 * stored response is completed from it (AEAT has the records; the ledger must not be sent again);
 * otherwise a `sent` ledger goes back to `pending` (`unsent`) and may be submitted again.
 *
 * @example
 * ```ts
 * const events = createEventPublisher(ports);
 * const worker = createWorker(ports, [ledgerSubmissionHandler(ports, events)]);
 * await createLedgerService(ports, events).submit(1, 7);
 * await worker.drain(); // ledger 7 sent, answered, its reports registered
 * ```
 */
export function ledgerSubmissionHandler(ports: Ports, events: EventPublisher): JobHandler {
  const storedResponse = async (ledger: Ledger): Promise<SiiResponse | null> => {
    const stored = await ports.store.ledgerResponses.get(ledger.account_id, ledger.id);
    return stored === null ? null : readResponse(ports, ledger, stored.value.xml);
  };

  return {
    kind: LEDGER_SUBMISSION_JOB,
    max_attempts: MAX_SUBMISSION_ATTEMPTS,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, SUBMISSION_BACKOFF),
    async run(job) {
      const read = payload(job);
      if (read === null) throw permanent(`job ${String(job.id)}: not a ledger submission payload`);
      const { account_id, ledger_id } = read;
      let ledger = await ports.store.ledgers.get(account_id, ledger_id);
      if (ledger === null) return;
      if (isAnswered(ledger.value)) {
        const response = await storedResponse(ledger.value);
        if (response !== null) await settleReports(ports, events, ledger.value, response);
        return;
      }
      if (ledger.value.state === 'sent' && job.attempts <= 1) return;
      if (ledger.value.state === 'pending') {
        ledger = await send(ports, ledger);
        if (ledger === null) return;
      }
      let response = await storedResponse(ledger.value);
      if (response === null) {
        const built = await ledgerMessage(ports, ledger.value);
        if (!built.success)
          throw permanent(
            `ledger ${String(ledger_id)} cannot be written as valid SII XML: ${built.issues
              .map((issue) => `${issue.param}: ${issue.message}`)
              .join('; ')}`,
          );
        const answer = await ports.taxAuthority.submit({ ledger_id, xml: built.data });
        response = await readResponse(ports, ledger.value, answer.xml);
        const stored: LedgerResponse = {
          id: ledger_id,
          account_id,
          xml: answer.xml,
          received_at: instantFromMillis(ports.clock.now()),
        };
        const inserted = await ports.store.ledgerResponses.insert(stored, {
          key: `ledger_response:${String(ledger_id)}`,
        });
        // Another run stored its response first (two runs of the job at once): the stored one wins.
        if (!inserted.created) response = await readResponse(ports, ledger.value, inserted.value.xml);
      }
      await complete(ports, events, ledger, response);
    },
    async giveUp(job) {
      const read = payload(job);
      if (read === null) return;
      let ledger = await ports.store.ledgers.get(read.account_id, read.ledger_id);
      if (ledger === null || ledger.value.state !== 'sent') return;
      const response = await storedResponse(ledger.value);
      if (response !== null) {
        await complete(ports, events, ledger, response);
        return;
      }
      for (;;) {
        try {
          await applyLedger(ports, ledger, { type: 'unsent' });
          return;
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          ledger = await ports.store.ledgers.get(read.account_id, read.ledger_id);
          if (ledger === null || ledger.value.state !== 'sent') return;
        }
      }
    },
  };
}
