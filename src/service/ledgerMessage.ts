/**
 * A ledger's SII message, as its download shows it and its submission job sends it (spec §4.2,
 * sii.md §6), and the error a job run cannot cure.
 *
 * @module
 */
import type { Validated } from '../errors/validationIssue.js';
import type { Ledger } from '../model/ledger.js';
import type { SiiTaxReport } from '../model/siiTaxReport.js';
import type { Ports } from '../ports.js';
import { computeOf } from './compute.js';
import { siiTitularOf } from './siiTitular.js';
import { yieldingEvery } from './yielding.js';

/**
 * An error that another attempt cannot cure: the worker gives up at once (`retryable: false`).
 *
 * @example
 * ```ts
 * throw permanent(`ledger 7 cannot be written as valid SII XML: …`); // the job ends, not retried
 * ```
 */
export function permanent(message: string): Error {
  return Object.assign(new Error(message), { retryable: false });
}

/**
 * The ledger's SII message (sii.md §3, §6): its book, kind (`SuministroLR…` for an alta ledger,
 * `BajaLR…` for a baja one, issue #18 item 16), `TipoComunicacion` and records in ledger order,
 * the account as titular (`siiTitularOf`, the header the batch job validated each record with). Built
 * afresh from the stored reports each time — the build is deterministic, so the download is the
 * message that was sent as long as the reports and the account are unchanged. Issues of the build
 * (an account without a NIF) are answered, not thrown; a report that is missing or not an SII one is
 * corrupt data and throws.
 *
 * @example
 * ```ts
 * const built = await ledgerMessage(ports, ledger);
 * built.success && built.data.startsWith('<'); // true: the SuministroLR… message
 * ```
 */
export async function ledgerMessage(ports: Ports, ledger: Ledger): Promise<Validated<string>> {
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
