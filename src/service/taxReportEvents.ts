/**
 * The events of a tax report's writes: the account event every use case records (`TaxReportEvent`,
 * named by what happened — `created`, `imported`, `generated`, `updated`, `annulled`), and the
 * `tax_report.state_change` webhook (api-notes.md §5.2) that a write changing the state carries in
 * its outbox (issue #24 item 4), with that versioned write. The state change's key has one home here:
 * the ledger submission job (`ledgerAnswers.ts`) publishes under the same key.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { AccountEvent } from '../model/accountEvent.js';
import type { TaxReport, TaxReportState } from '../model/taxReport.js';
import { type Ports, type Updated, VersionConflictError, type Versioned } from '../ports.js';
import { recordAccountEvent } from './accountEvents.js';
import type { EventPublisher } from './events.js';

/**
 * Records the account event of a use case on `report` (`TaxReportEvent`, with the report's state).
 *
 * @example
 * ```ts
 * await taxReportEvent(ports, stored, 'created'); // GET /accounts/{account}/events shows it
 * ```
 */
export function taxReportEvent(ports: Ports, report: TaxReport, name: string): Promise<AccountEvent> {
  return recordAccountEvent(ports, {
    account_id: report.account_id,
    type: 'TaxReportEvent',
    name,
    resource_id: report.id,
    state: report.state,
  });
}

/**
 * The key of the `tax_report.state_change` giving report `id` its `state` at `version`. A version is
 * made by one write, so the key names one event: the PATCH and annulment of a report and the ledger
 * submission job all publish under it, and an event is stored once (issue #24 item 4). Keyed by the
 * ledger instead, a re-run of the job after a later change of the report would set the state again
 * under the earlier run's key, and the outbox would answer that run's event, leaving the new version
 * without its own.
 *
 * @example
 * ```ts
 * stateChangeKey(12, 'annulled', 3); // 'tax_report.state_change:12:annulled:3'
 * ```
 */
export function stateChangeKey(id: number, state: TaxReportState, version: number): string {
  return `tax_report.state_change:${String(id)}:${state}:${String(version)}`;
}

/** A stored report changed by someone else between the read and the write. */
function changedMeanwhile(id: number): ApiError {
  return new ApiError(
    'conflict',
    `tax report ${String(id)} was changed by another request meanwhile: read it again and retry`,
  );
}

/**
 * The versioned write of a report (409 when it changed meanwhile). A write that changes its state
 * writes its `tax_report.state_change` with it (the outbox, issue #24 item 4: keyed by report, state
 * and version, carrying the version so receivers can order deliveries), having first queued the
 * repair of its deliveries, and then schedules them: every state change of a PATCH or an annulment
 * has its event, numbered in the order of the report's versions — an undone PATCH too.
 *
 * @example
 * ```ts
 * const written = await writeReport(ports, publisher, stored, { ...stored.value, state: 'annulled' });
 * written.version; // stored.version + 1
 * ```
 */
export async function writeReport(
  ports: Ports,
  publisher: EventPublisher,
  stored: Versioned<TaxReport>,
  next: TaxReport,
): Promise<Versioned<TaxReport>> {
  // money-safe: a record version, the one this write gives the report.
  const version = stored.version + 1;
  const outboxed =
    next.state === stored.value.state
      ? []
      : [
          publisher.prepare(
            next.account_id,
            'tax_report.state_change',
            { tax_report_id: next.id, state: next.state, version },
            stateChangeKey(next.id, next.state, version),
          ),
        ];
  for (const event of outboxed) await publisher.guard(event, { store: 'taxReports', id: next.id, version });
  let written: Updated<TaxReport>;
  try {
    written =
      outboxed.length === 0
        ? await ports.store.taxReports.update(next, stored.version)
        : await ports.store.taxReports.update(next, stored.version, { events: outboxed });
  } catch (error) {
    if (error instanceof VersionConflictError) throw changedMeanwhile(stored.value.id);
    throw error;
  }
  await publisher.dispatch(outboxed, written.events);
  return written;
}
