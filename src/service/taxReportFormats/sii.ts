/**
 * The `SiiDocument` format (spec §2.7; Spanish SII books: `src/sii`, reached through its entry
 * point). An SII report is a record of its book and sits in a ledger — one AEAT message per book,
 * `TipoComunicacion` and period — which is submitted with `LedgerService.submit` (`../ledgers.ts`). A
 * new record is accepted only when its one-record message passes the SII rules and the schema
 * validator port with the account as titular, exactly as a batch record (spec §4.1 rule 6), and
 * joins the account's open ledger of its key; what a PATCH or a DELETE may do depends on where its
 * record is (sii.md §3).
 *
 * @module
 */
import { IMPORT_FILE_PARAM } from '../../documents/taxReportDocument.js';
import { ApiError } from '../../errors/ApiError.js';
import type { ValidationIssue } from '../../errors/validationIssue.js';
import {
  parseSiiTaxReport,
  type SiiTaxReport,
  type SiiTaxReportCreate,
  type SiiTaxReportUpdate,
} from '../../model/siiTaxReport.js';
import type { Ports, Versioned } from '../../ports.js';
import { issueAt } from '../../rules/issue.js';
import {
  downloadSiiTaxReport,
  generateSiiTaxReport,
  oneRecordImportIssue,
  SII_BAJA_BOOKS,
  type SiiMessage,
  type SiiTitular,
} from '../../sii/index.js';
import { SII_SCHEMA_RULE } from '../../xml/schemaValidator.js';
import { siiTitularOf } from '../siiTitular.js';
import {
  attachToOpenLedger,
  detachFromPendingLedger,
  isAnswered,
  ledgerHolding,
  restoringLedgerPlace,
} from '../taxReportLedgers.js';
import { fail } from '../taxReportRequests.js';
import {
  accountTitular,
  checkSiiRecord,
  ownSiiMessage,
  schemaRefusal,
  siiLedgerFields,
  siiLedgerKey,
  storedSiiTaxReport,
  withoutRecordPrefix,
} from '../taxReportSii.js';
import { type TaxReportContext, type TaxReportFormat, unwritableReport } from './format.js';

/** `records[0].period` → `period`: a one-record message's issue at the report's own field. */
function recordIssue(issue: ValidationIssue): ValidationIssue {
  return { ...issue, param: withoutRecordPrefix(issue.param), message: withoutRecordPrefix(issue.message) };
}

/**
 * An SII record judged on its own (sii.md §11): the SII rules, then the schema validator port, whose
 * refusal is at `schemaParam` (`file` for an import, none otherwise).
 */
function judge(ports: Ports, report: SiiTaxReportCreate, titular: SiiTitular, schemaParam: string | null) {
  const verdict = checkSiiRecord(ports, report, titular);
  if (verdict.kind === 'invalid') fail(verdict.issues.map(recordIssue));
  if (verdict.kind === 'schema_invalid')
    throw new ApiError(
      'parameter_invalid',
      schemaRefusal('the SII XML of the tax report', ports.schemaValidator.name, verdict.errors[0]),
      { param: schemaParam, rule: SII_SCHEMA_RULE },
    );
}

/** What a tax report import takes of an SII message: an alta message of exactly one record. */
function oneAltaRecord(message: SiiMessage): void {
  if (message.kind === 'baja')
    fail([
      issueAt(
        'fiscalkit.sii.import-not-baja',
        'parameter_invalid',
        [IMPORT_FILE_PARAM],
        'is an SII annulment (BajaLR…) message: annul a tax report with DELETE /tax_reports/{id}',
      ),
    ]);
  // The rule `importSiiTaxReport` applies, here on the message the compute task read.
  if (message.records.length !== 1) fail([oneRecordImportIssue(message.records.length)]);
}

/**
 * PATCH of an SII report. What may change depends on where its record is (sii.md §3):
 *
 * - in a `pending` ledger (not sent): changed in place; when the change moves it to another book,
 *   operation or period, it leaves that ledger for the open ledger of its new key;
 * - in a `sent` ledger: 409 `conflict` until AEAT answers;
 * - answered `error` (AEAT refused the record, nothing was registered): corrected and sent again —
 *   `processing` in the open ledger of its key (**fiscalkit choice**: the natural fix of a refused
 *   record);
 * - answered and registered (`registered`, `registered_with_errors`): 409 `conflict`. AEAT holds the
 *   record; a modification is a new record with `communication_type` `A1` (sii.md §3), created with
 *   POST /accounts/{account}/tax_reports, so that what was sent stays what the ledger shows;
 * - the subject of an annulment (its newest ledger is a baja ledger, issue #18 item 16): 409
 *   `conflict` — what AEAT holds is being annulled, or its annulment was answered, and a change
 *   would make the report say something that was never sent.
 */
async function update(
  context: TaxReportContext,
  stored: Versioned<SiiTaxReport>,
  changes: SiiTaxReportUpdate,
) {
  const { ports } = context;
  const { type: _type, ...fields } = changes;
  const candidate: Record<string, unknown> = { ...stored.value };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) candidate[field] = value;
  const parsed = parseSiiTaxReport(candidate, 'create');
  if (!parsed.success) fail(parsed.issues);
  const report = parsed.data;
  const account = await context.accountOf(stored.value.account_id);
  const id = stored.value.id;
  const ledger = await ledgerHolding(ports, account.id, id);
  if (ledger?.value.kind === 'baja')
    throw new ApiError(
      'conflict',
      `tax report ${String(id)} is the subject of the annulment (baja) ledger ${String(ledger.value.id)} (${ledger.value.state}): a report being annulled, or whose annulment the tax authority answered, cannot change`,
    );
  const resubmit =
    ledger === null
      ? stored.value.state === 'processing' || stored.value.state === 'error'
      : isAnswered(ledger.value) && stored.value.state === 'error';
  if (ledger?.value.state === 'sent')
    throw new ApiError(
      'conflict',
      `tax report ${String(id)} was sent to the tax authority in ledger ${String(ledger.value.id)}, which has not answered yet: correct it once it has`,
    );
  if (ledger?.value.state !== 'pending' && !resubmit)
    throw new ApiError(
      'conflict',
      `tax report ${String(id)} is ${stored.value.state} at the tax authority: a modification of a registered SII record is a new record with communication_type A1 (sii.md §3), POST /accounts/{account}/tax_reports`,
    );
  judge(ports, report, accountTitular(account), null);
  const relinked = report.invoice_id !== stored.value.invoice_id;
  if (relinked) await context.checkInvoiceLink(account.id, report.invoice_id, 'SiiDocument', id);
  const next = storedSiiTaxReport(report, id, account.id, resubmit ? 'processing' : stored.value.state);
  const moved = siiLedgerKey(siiLedgerFields(report)) !== siiLedgerKey(siiLedgerFields(stored.value));
  if (ledger !== null && ledger.value.state === 'pending' && moved) {
    if ((await detachFromPendingLedger(ports, ledger, id)) === null)
      throw new ApiError(
        'conflict',
        `ledger ${String(ledger.value.id)} of tax report ${String(id)} was just submitted: correct the report once the tax authority has answered`,
      );
  }
  // The report left its pending ledger above (a move); if its write or the invoice check after it
  // fails, it goes back to a ledger as the report then stored is, never left `processing` in none.
  const written = await restoringLedgerPlace(ports, account.id, id, async () => {
    const saved = await context.write(stored, next);
    if (relinked) await context.giveWayIfRivalled(stored, saved);
    return saved;
  });
  if (resubmit || moved) await attachToOpenLedger(ports, account.id, siiLedgerFields(report), id);
  return written;
}

/**
 * How an SII report is annulled (sii.md §2), by where its record is:
 *
 * - in a `pending` alta ledger (never sent): taken out of it, and annulled at once (`local`);
 * - in a `sent` ledger: 409 `conflict` until AEAT answers;
 * - never registered (`processing` outside any ledger, or `error`: AEAT refused it): annulled at
 *   once (`local`), there being nothing to annul at AEAT;
 * - registered (`registered`, `registered_with_errors`), or the subject of an annulment AEAT refused
 *   (its newest ledger is an answered baja ledger): its `BajaLR…` record joins the open baja ledger of
 *   its book and period (`at_aeat`, issue #18 item 16), which is submitted like any other ledger; the
 *   report keeps its state until AEAT accepts the annulment, when the submission job makes it
 *   `annulled` (honesty rule: the report never says AEAT annulled a record AEAT still holds). A book
 *   without a baja message (`CobrosEmitidas`, `PagosRecibidas`) is 409;
 * - already in a `pending` or `sent` baja ledger: nothing more to do (`at_aeat`; DELETE again
 *   answers the report as it stands).
 */
async function withdraw(ports: Ports, report: SiiTaxReport): Promise<'local' | 'at_aeat'> {
  const ledger = await ledgerHolding(ports, report.account_id, report.id);
  const baja = ledger?.value.kind === 'baja';
  if (baja && ledger !== null && !isAnswered(ledger.value)) return 'at_aeat';
  if (!baja && ledger?.value.state === 'pending') {
    if ((await detachFromPendingLedger(ports, ledger, report.id)) !== null) return 'local';
  }
  const current = ledger === null ? null : await ports.store.ledgers.get(report.account_id, ledger.value.id);
  if (current?.value.state === 'sent')
    throw new ApiError(
      'conflict',
      `tax report ${String(report.id)} was sent to the tax authority in ledger ${String(current.value.id)}, which has not answered yet: annul it once it has`,
    );
  const registered = report.state === 'registered' || report.state === 'registered_with_errors';
  if (!registered && !baja) return 'local';
  if (SII_BAJA_BOOKS[report.book_type] === undefined)
    throw new ApiError(
      'conflict',
      `tax report ${String(report.id)} is registered in the ${report.book_type} book, which has no annulment (baja) message at AEAT (sii.md §2)`,
    );
  await attachToOpenLedger(ports, report.account_id, siiLedgerFields(report, 'baja'), report.id);
  return 'at_aeat';
}

/**
 * The SiiDocument format: a new record is judged in its one-record message with the account as
 * titular (`validate`), stored `processing` and attached to the open ledger of its key (`place`); a
 * record AEAT holds is annulled by a `BajaLR…` record (`annul` answers null until AEAT accepts it).
 *
 * @example
 * ```ts
 * taxReportFormat('SiiDocument') === siiFormat; // true
 * siiFormat.document; // 'sii'
 * ```
 */
export const siiFormat: TaxReportFormat<SiiTaxReport, SiiTaxReportCreate, SiiTaxReportUpdate> = {
  type: 'SiiDocument',
  document: 'sii',

  create(_caller, _account, _body, parsed) {
    return parsed;
  },

  import(account, read) {
    if (read.format !== 'sii')
      throw new TypeError(`the SII format reads SII uploads, not ${String(read.format)}`);
    const message = ownSiiMessage(account, read.imported, oneAltaRecord);
    return message.records[0] as SiiTaxReportCreate;
  },

  generate({ invoice, account, contact, setting }, options) {
    const generated = generateSiiTaxReport({
      invoice,
      account,
      contact,
      // The account's `sii` setting (issue #23): its regime key, exemption and not-subject reasons
      // and corrective type are the defaults of `account.tax_report_setting.*` (sii.md §10).
      defaults: setting ?? null,
      period:
        options.period_year === null || options.period_year === undefined || options.period == null
          ? null
          : { year: options.period_year, period: options.period },
      accounting_date: options.accounting_date ?? null,
    });
    if (!generated.success) fail(generated.issues);
    return generated.data;
  },

  validate(context, account, report, origin) {
    judge(context.ports, report, accountTitular(account), origin === 'imported' ? IMPORT_FILE_PARAM : null);
  },

  async build(_context, report, fields) {
    return storedSiiTaxReport(report, fields.id, fields.account_id, fields.state);
  },

  async place(context, report) {
    await attachToOpenLedger(context.ports, report.account_id, siiLedgerFields(report), report.id);
  },

  update(context, _caller, stored, changes) {
    return update(context, stored, changes);
  },

  async annul(context, stored, write) {
    // A record AEAT holds is annulled by AEAT: its baja is in a ledger now, and the report becomes
    // `annulled` when AEAT accepts it (the submission job), not before (issue #18 item 16).
    if ((await withdraw(context.ports, stored.value)) === 'at_aeat') return null;
    // `withdraw` took the record out of its pending ledger (before the write, so that the ledger
    // cannot be sent with a record being annulled); if the versioned write then loses to a concurrent
    // change (409), the record goes back to a ledger as it is now stored.
    return restoringLedgerPlace(context.ports, stored.value.account_id, stored.value.id, write);
  },

  async download(context, report) {
    const account = await context.accountOf(report.account_id);
    // An annulled record is downloaded as its annulment, the `BajaLR…` message (sii.md §2); so is a
    // report that stands for an annulment and was never registered through fiscalkit (made by the
    // import of a BajaLR… message, issue #18 item 16: it has no alta to download).
    const annulment =
      (report.state === 'processing' || report.state === 'error') &&
      (await ledgerHolding(context.ports, report.account_id, report.id))?.value.kind === 'baja';
    const kind = report.state === 'annulled' || annulment ? 'baja' : 'alta';
    if (kind === 'baja' && SII_BAJA_BOOKS[report.book_type] === undefined)
      throw new ApiError(
        'conflict',
        `tax report ${String(report.id)} is annulled and the ${report.book_type} book has no annulment (baja) message (sii.md §2): there is nothing to download`,
      );
    const file = downloadSiiTaxReport(report, siiTitularOf(account), kind);
    if (!file.success) throw unwritableReport(report.id, file.issues, 'SII XML');
    return file.data;
  },
};
