/**
 * Where the accepted records of a tax report batch go (spec §4.1): new `processing` SII tax reports,
 * attached to the batch's ledgers — one per book, titular, operation and period (issue #7).
 *
 * @module
 */
import { instantFromMillis } from '../model/instant.js';
import type { Ledger } from '../model/ledger.js';
import type { SiiTaxReportCreate } from '../model/siiTaxReport.js';
import { type Ports, VersionConflictError, type Versioned } from '../ports.js';
import { nextIds } from './nextIds.js';
import { type SiiLedgerFields, siiLedgerFields, siiLedgerKey, storedSiiTaxReport } from './taxReportSii.js';

/** A record of a batch that passed every check, ready to store. */
export interface Accepted {
  index: number;
  report: SiiTaxReportCreate;
}

/**
 * The batch job's view of one run: it stores a chunk's accepted records and attaches them to the
 * batch's own ledgers, one per ledger key and generation (a generation submitted while the batch runs
 * takes no more records). Every write is keyed by the batch, so a run redone after a crash finds
 * what the first one wrote instead of writing it twice.
 *
 * @example
 * ```ts
 * const run = new BatchRun(ports, 4, 1);
 * const ids = await run.persist([{ index: 0, report }]); // Map { 0 => 12 }, report 12 in its ledger
 * ```
 */
export class BatchRun {
  /** Ledger ids by `{key}:{generation}`, as this run has seen them. */
  private readonly ledgers = new Map<string, number>();

  constructor(
    private readonly ports: Ports,
    private readonly batch_id: number,
    private readonly account_id: number,
  ) {}

  /** Stores the accepted records of a chunk (idempotent by key) and attaches them to their ledgers. */
  async persist(accepted: readonly Accepted[]): Promise<Map<number, number>> {
    const ids = new Map<number, number>();
    const byLedger = new Map<string, { fields: SiiLedgerFields; ids: number[] }>();
    // The chunk's ids in one go, and its inserts made together: a database-backed store serves
    // them in a few round trips (postgresIds, the repository's coalescing) instead of two per record.
    // Each insert is keyed by its record, so a re-run after a crash finds what was stored (and the
    // ids it took this time go unused, as ids of a failed insert always do).
    const fresh = await nextIds(this.ports.ids, 'tax_report', accepted.length);
    const inserted = await Promise.all(
      accepted.map(({ index, report }, position) =>
        this.ports.store.taxReports.insert(
          storedSiiTaxReport(report, fresh[position] as number, this.account_id),
          { key: `tax_report_batch:${String(this.batch_id)}:record:${String(index)}` },
        ),
      ),
    );
    for (const [position, { index, report }] of accepted.entries()) {
      const stored = inserted[position] as (typeof inserted)[number];
      ids.set(index, stored.value.id);
      const fields = siiLedgerFields(report);
      const key = siiLedgerKey(fields);
      const group = byLedger.get(key) ?? { fields, ids: [] };
      group.ids.push(stored.value.id);
      byLedger.set(key, group);
    }
    for (const [key, group] of byLedger) await this.attach(key, group.fields, group.ids);
    return ids;
  }

  /**
   * Generation `generation` of the batch's ledger for `key`, created on first use (idempotent by key,
   * so a re-run finds it). A generation is sent once submitted; the next one takes the later records.
   */
  private async ledger(key: string, generation: number, fields: SiiLedgerFields): Promise<Versioned<Ledger>> {
    const known = this.ledgers.get(`${key}:${String(generation)}`);
    if (known !== undefined) {
      const current = await this.ports.store.ledgers.get(this.account_id, known);
      if (current === null) throw new Error(`ledger ${String(known)} disappeared`);
      return current;
    }
    const inserted = await this.ports.store.ledgers.insert(
      {
        id: await this.ports.ids.next('ledger'),
        account_id: this.account_id,
        ...fields,
        state: 'pending',
        tax_report_ids: [],
        csv: null,
        created_at: instantFromMillis(this.ports.clock.now()),
        sent_at: null,
      },
      { key: `tax_report_batch:${String(this.batch_id)}:ledger:${key}:${String(generation)}` },
    );
    this.ledgers.set(`${key}:${String(generation)}`, inserted.value.id);
    return inserted;
  }

  /**
   * Appends the ids none of the key's ledgers holds yet (idempotent) to its first `pending` ledger:
   * a ledger submitted while the batch runs (`sent` or answered) takes no more records — they go to
   * the next generation, which is submitted on its own. Optimistic concurrency: on a version
   * conflict (another writer attached first, or the ledger was just submitted) it reads again.
   */
  private async attach(key: string, fields: SiiLedgerFields, ids: readonly number[]): Promise<void> {
    for (;;) {
      const held = new Set<number>();
      let open: Versioned<Ledger> | null = null;
      for (let generation = 0; open === null; generation += 1) {
        const ledger = await this.ledger(key, generation, fields);
        for (const id of ledger.value.tax_report_ids) held.add(id);
        if (ledger.value.state === 'pending') open = ledger;
      }
      const missing = ids.filter((id) => !held.has(id));
      if (missing.length === 0) return;
      try {
        await this.ports.store.ledgers.update(
          { ...open.value, tax_report_ids: [...open.value.tax_report_ids, ...missing] },
          open.version,
        );
        return;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
  }
}
