import {
  type Ledger,
  type LedgerState,
  ledgerStateFromEstadoEnvio,
  SII_SUBMISSION_STATUSES,
  type SiiSubmissionStatus,
} from '../model/ledger.js';
import { isTimestamp } from '../model/timestamp.js';
import type { Transition } from './transition.js';

/**
 * What can happen to a ledger (spec §4.2; the states are fiscalkit's, `LEDGER_STATES`):
 *
 * - `send`: the submission job is about to submit the ledger's message to the tax authority; `at`
 *   is when, from the caller's clock, as `instantFromMillis` writes it;
 * - `answered`: the tax authority answered the submission with `EstadoEnvio` `status` and the
 *   submission's `CSV` (null when it gave none, as on `Incorrecto`; sii.md §7);
 * - `unsent`: the submission could not be made (the transport kept failing, or refused the message):
 *   the ledger goes back to `pending` and may be submitted again.
 */
export type LedgerEvent =
  | { type: 'send'; at: string }
  | { type: 'answered'; status: SiiSubmissionStatus; csv: string | null }
  | { type: 'unsent' };

/**
 * A ledger transition has no effects: a ledger has no event of its own (spec §6, api-notes.md §5.2
 * list none); what the tax authority's answer does to each report (`tax_report.state_change`) is the
 * submission job's, which knows the per-record answers.
 */
type LedgerTransition = Transition<Ledger, never>;

/** The states in which the tax authority has answered: they never change (`LEDGER_STATES`). */
const TERMINAL: ReadonlySet<LedgerState> = new Set(['accepted', 'partially_accepted', 'rejected']);

/** `LedgerSchema`'s bound on `csv` (`text(64)`); AEAT's CSVs are 16 characters. */
const MAX_CSV_LENGTH = 64;

function refuse(state: Ledger, reason: string): LedgerTransition {
  return { accepted: false, state, reason };
}

function accept(state: Ledger): LedgerTransition {
  return { accepted: true, state, effects: [] };
}

/**
 * The ledger state machine (`LEDGER_STATES`): `pending` → `sent` → `accepted` | `partially_accepted`
 * | `rejected`, and `sent` → `pending` when the submission could not be made.
 *
 * - `send` (only while `pending`, and only with at least one tax report: an SII message holds 1 to
 *   10,000 records, sii.md §6): → `sent`, `sent_at` = `at`;
 * - `answered` (only while `sent`): → the state for `EstadoEnvio` (`ledgerStateFromEstadoEnvio`,
 *   sii.md §7: `Correcto` → `accepted`, `ParcialmenteCorrecto` → `partially_accepted`, `Incorrecto` →
 *   `rejected`), `csv` = the submission's CSV;
 * - `unsent` (only while `sent`): → `pending`, `sent_at` null;
 * - `accepted`, `partially_accepted` and `rejected` are terminal and refuse every event.
 *
 * Every accepted state satisfies `LedgerSchema` when the input did: an `at` that is not a UTC instant,
 * a status that is not an `EstadoEnvio` and a CSV longer than the schema allows are refused. Refused
 * events leave the state as it is (the same object) and say why; the input is never mutated.
 *
 * @example
 * ```ts
 * const sent = transitionLedger(pending, { type: 'send', at: '2026-04-20T10:40:00.000Z' });
 * sent.state.state; // 'sent'
 * const done = transitionLedger(sent.state, { type: 'answered', status: 'ParcialmenteCorrecto', csv: 'A-Y23JP3582934' });
 * done.state.state; // 'partially_accepted'
 * transitionLedger(done.state, { type: 'unsent' }).accepted; // false: terminal
 * ```
 */
export function transitionLedger(state: Ledger, event: LedgerEvent): LedgerTransition {
  if (TERMINAL.has(state.state))
    return refuse(state, `the ledger is ${state.state}, which is terminal (the tax authority answered it)`);
  switch (event.type) {
    case 'send':
      if (state.state !== 'pending')
        return refuse(state, `only a pending ledger is sent, the ledger is ${state.state}`);
      if (state.tax_report_ids.length === 0)
        return refuse(state, 'a ledger without tax reports cannot be sent (sii.md §6: 1 to 10,000 records)');
      if (!isTimestamp(event.at))
        return refuse(state, `at must be a UTC instant, got ${JSON.stringify(event.at)}`);
      return accept({ ...state, state: 'sent', sent_at: event.at });
    case 'answered':
      if (state.state !== 'sent')
        return refuse(state, `only a sent ledger is answered, the ledger is ${state.state}`);
      if (!(SII_SUBMISSION_STATUSES as readonly string[]).includes(event.status))
        return refuse(state, `status must be an EstadoEnvio, got ${JSON.stringify(event.status)}`);
      if (event.csv !== null && (typeof event.csv !== 'string' || event.csv.length > MAX_CSV_LENGTH))
        return refuse(state, `csv must be null or at most ${String(MAX_CSV_LENGTH)} characters`);
      return accept({ ...state, state: ledgerStateFromEstadoEnvio(event.status), csv: event.csv });
    case 'unsent':
      if (state.state !== 'sent')
        return refuse(state, `only a sent ledger can be unsent, the ledger is ${state.state}`);
      return accept({ ...state, state: 'pending', sent_at: null });
  }
}
