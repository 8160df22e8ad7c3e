/**
 * POST /accounts/{account}/ledgers/import (spec §4.2): an SII `SuministroLR…` or `BajaLR…` message
 * becomes a ledger and its tax reports. A ledger is an SII message (sii.md §2), so this use case is
 * the SII format's own; the tax report service (`taxReports.ts`) answers it after finding the account.
 *
 * @module
 */
import { IMPORT_FILE_PARAM } from '../documents/taxReportDocument.js';
import { ApiError } from '../errors/ApiError.js';
import type { Account } from '../model/account.js';
import { instantFromMillis } from '../model/instant.js';
import type { Ledger } from '../model/ledger.js';
import type { SiiTaxReport } from '../model/siiTaxReport.js';
import type { Ports } from '../ports.js';
import { issueAt } from '../rules/issue.js';
import { SII_SCHEMA_RULE } from '../xml/schemaValidator.js';
import { computeOf } from './compute.js';
import { siiTitularOf } from './siiTitular.js';
import { taxReportEvent } from './taxReportEvents.js';
import { fail } from './taxReportRequests.js';
import {
  accountTitular,
  ownSiiMessage,
  schemaRefusal,
  siiLedgerFields,
  siiLedgerKey,
  storedSiiTaxReport,
} from './taxReportSii.js';
import { yieldingEvery } from './yielding.js';

/** An uploaded SII ledger message (POST /accounts/{account}/ledgers/import). */
export interface LedgerImportInput {
  /** The `SuministroLR…` message, bare or in a SOAP 1.1 envelope. */
  file: string | Uint8Array;
  /** The file name the client gave, if any: accepted and not stored (a tax report has no file name field). */
  filename?: string | null | undefined;
}

/** 422 at `file`: the message's records span several periods, and a ledger records one. */
function periodsRefused(keys: readonly string[]): never {
  fail([
    issueAt(
      'fiscalkit.sii.ledger-one-period',
      'parameter_invalid',
      [IMPORT_FILE_PARAM],
      `holds records of ${String(keys.length)} periods (${keys
        .slice(0, 5)
        .map((key) => {
          const [, , year, period] = JSON.parse(key) as [string, string | null, number | null, string | null];
          return `${String(year)}-${String(period)}`;
        })
        .join(', ')}): a ledger records one period, so import one message per period`,
    ),
  ]);
}

/**
 * The ledger of an SII message (sii.md §2, §3): an alta / modification message, or an annulment
 * (`BajaLR…`, a baja ledger: issue #18 item 16), whose titular is the account, all of one period
 * (a fiscalkit ledger is one period, `LedgerSchema`; a message mixing periods is refused rather
 * than split, so that the answer is the one ledger the spec names). The whole message is judged as
 * it will be sent — the SII rules on every record (`buildSiiMessage`, issues at
 * `records[i].field`) and the schema validator port on the message — before anything is stored;
 * then one `processing` report per record and a `pending` ledger holding them in message order.
 * The import stands on its own (**fiscalkit decision**): a baja's reports are new ones holding the
 * identification of the records it annuls, not the account's reports of those invoices (an alta
 * import does not look for them either); when AEAT accepts the baja they become `annulled`, when it
 * refuses a record its report becomes `error`. To annul a report the account holds, DELETE it.
 *
 * @example
 * ```ts
 * const ledger = await importSiiLedger(ports, account, { file: suministroXml });
 * ledger.state; // 'pending'
 * ```
 */
export async function importSiiLedger(
  ports: Ports,
  account: Account,
  input: LedgerImportInput,
): Promise<Ledger> {
  // The guards, the import, the SII rules on the whole message and its schema verdict run off the
  // event loop (issue #24: a 10 MB message is seconds of CPU); the checks between them stay here,
  // in order. The rules are given the titular the account will be; `accountTitular` refuses an
  // account that cannot be one at its place below, whatever the rules said with it.
  const read = await computeOf(ports).run('ledger_import', {
    file: input.file,
    titular: siiTitularOf(account),
  });
  if (read.format === null) fail(read.issues);
  if (read.format === 'fa3')
    fail([
      issueAt(
        'fiscalkit.sii.ledger-import-format',
        'parameter_invalid',
        [IMPORT_FILE_PARAM],
        'is an FA(3) invoice, which is a tax report, not a ledger: import it with POST /accounts/{account}/tax_reports/import (a ledger is an SII SuministroLR… message)',
      ),
    ]);
  const { imported, judged } = read;
  const message = ownSiiMessage(account, imported);
  // An annulment message is a baja ledger (issue #18 item 16): its records have no TipoComunicacion.
  const keys = [
    ...new Set(message.records.map((record) => siiLedgerKey(siiLedgerFields(record, message.kind)))),
  ];
  if (keys.length !== 1) periodsRefused(keys);
  accountTitular(account);
  if (judged === null) throw new TypeError('a message that was imported is judged');
  if (!judged.success) fail(judged.issues);
  const { verdict } = judged;
  if (!verdict.valid)
    throw new ApiError(
      'parameter_invalid',
      schemaRefusal(IMPORT_FILE_PARAM, ports.schemaValidator.name, verdict.errors[0]),
      { param: IMPORT_FILE_PARAM, rule: SII_SCHEMA_RULE },
    );
  const [first] = message.records;
  if (first === undefined) throw new TypeError('an imported SII message holds at least one record');
  const reports: SiiTaxReport[] = [];
  // Thousands of writes: the event loop gets a turn every hundred (issue #24).
  const step = yieldingEvery();
  for (const record of message.records) {
    await step();
    const stored = storedSiiTaxReport(record, await ports.ids.next('tax_report'), account.id);
    await ports.store.taxReports.insert(stored);
    reports.push(stored);
  }
  const ledger: Ledger = {
    id: await ports.ids.next('ledger'),
    account_id: account.id,
    ...siiLedgerFields(first, message.kind),
    state: 'pending',
    tax_report_ids: reports.map((report) => report.id),
    csv: null,
    created_at: instantFromMillis(ports.clock.now()),
    sent_at: null,
  };
  await ports.store.ledgers.insert(ledger);
  for (const report of reports) {
    await step();
    await taxReportEvent(ports, report, 'imported');
  }
  return ledger;
}
