/**
 * The ledger submission job (spec §4.2; `TaxAuthorityTransport`): a `pending` ledger sent, its
 * message submitted, the answer stored once and applied (`ledgerAnswers.ts`); retried with backoff,
 * and given up by putting the ledger back to `pending` unless AEAT's answer is stored.
 *
 * @module
 */
import { instantFromMillis } from '../model/instant.js';
import type { Ledger, LedgerResponse } from '../model/ledger.js';
import { type Job, type Ports, VersionConflictError, type Versioned } from '../ports.js';
import type { SiiResponse } from '../sii/index.js';
import type { EventPublisher } from './events.js';
import { applyLedger, complete, readResponse, settleReports } from './ledgerAnswers.js';
import { ledgerMessage, permanent } from './ledgerMessage.js';
import { isAnswered } from './taxReportLedgers.js';
import { exponentialBackoff, type JobHandler } from './worker.js';

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

function payload(job: Job): { account_id: number; ledger_id: number } | null {
  const { account_id, ledger_id } = job.payload;
  return typeof account_id === 'number' && typeof ledger_id === 'number' ? { account_id, ledger_id } : null;
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
