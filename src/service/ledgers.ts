/**
 * The ledgers (spec §4.2: GET /ledgers/{id}, /download, /download_response) and their submission:
 * the requests here, the job in `ledgerSubmission.ts` (re-exported), what AEAT's answer does in
 * `ledgerAnswers.ts`.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { Ledger } from '../model/ledger.js';
import type { Ports, Versioned } from '../ports.js';
import type { EventPublisher } from './events.js';
import { ledgerMessage } from './ledgerMessage.js';
import { LEDGER_SUBMISSION_JOB } from './ledgerSubmission.js';

export { LEDGER_SUBMISSION_JOB, ledgerSubmissionHandler } from './ledgerSubmission.js';

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

async function requireLedger(ports: Ports, account_id: number, id: number): Promise<Versioned<Ledger>> {
  const ledger = await ports.store.ledgers.get(account_id, id);
  if (ledger === null) throw new ApiError('resource_missing', `no ledger ${String(id)}`, { param: 'id' });
  return ledger;
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
