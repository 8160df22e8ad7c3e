/**
 * What an SII tax report goes through before it is stored, whichever way it came in — one record of
 * a tax report batch (spec §4.1), `POST /accounts/{account}/tax_reports` with a `SiiDocument` body
 * (spec §4.1 rule 6: "For one record use POST /accounts/{account}/tax_reports"), an import, a
 * generation from an invoice: the one-record message it is built and judged in (sii.md §11), its
 * stored form, the ledger it belongs to, and its titular (the account, sii.md §3). Shared by the
 * batch job (`taxReportBatchJob.ts`), the SII format (`taxReportFormats/sii.ts`) and the ledger import
 * (`ledgerImport.ts`) so that a record accepted one way is accepted every way.
 *
 * @module
 */
import { IMPORT_FILE_PARAM } from '../documents/taxReportDocument.js';
import { ApiError } from '../errors/ApiError.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { compactSpanishTin } from '../identifiers/spanishTin.js';
import type { Account } from '../model/account.js';
import type { Ledger, LedgerKind } from '../model/ledger.js';
import type { SiiTaxReport, SiiTaxReportCreate } from '../model/siiTaxReport.js';
import type { TaxReportState } from '../model/taxReportCommon.js';
import type { Ports, SchemaError } from '../ports.js';
import {
  buildSiiRecordMessage,
  type SiiImport,
  type SiiMessage,
  type SiiTitular,
  siiTitularIssues,
} from '../sii/index.js';
import { siiTitularOf } from './siiTitular.js';
import { fail } from './taxReportRequests.js';

/** Whether a book's messages carry `CabeceraSiiCobrosPagos`: no `TipoComunicacion`, no period (sii.md §2). */
function isCashBook(book: string): boolean {
  return book === 'CobrosEmitidas' || book === 'PagosRecibidas';
}

/**
 * The one-record message a record is built and validated in: the header its ledger's message has
 * (sii.md §11: "wrap it in a one-record message with the header the real message will have").
 *
 * @example
 * ```ts
 * siiRecordMessage(report, { name: 'Test company', nif: 'U2687761C' }).records.length; // 1
 * ```
 */
export function siiRecordMessage(report: SiiTaxReportCreate, titular: SiiTitular): SiiMessage {
  return {
    book_type: report.book_type,
    kind: 'alta',
    communication_type: isCashBook(report.book_type) ? null : (report.communication_type ?? null),
    titular,
    records: [report],
  };
}

/** The verdict of {@link checkSiiRecord}. */
export type SiiRecordCheck =
  /** Built and valid against the schema: `xml` is its one-record message. */
  | { kind: 'valid'; xml: string }
  /** The SII rules refused it (`siiRecordIssues`): params are `records[0].field`, messages prefixed so. */
  | { kind: 'invalid'; issues: ValidationIssue[] }
  /** It was built, but the schema validator port refused the XML. */
  | { kind: 'schema_invalid'; errors: SchemaError[] };

/**
 * One record on its own (sii.md §11): built into its one-record message with the SII rules
 * (`buildSiiRecordMessage`, which runs `siiRecordIssues`), then validated by the schema validator
 * port. Pure apart from the validator, so running it again gives the same verdict.
 *
 * @example
 * ```ts
 * const verdict = checkSiiRecord(ports, report, siiTitularOf(account));
 * if (verdict.kind === 'invalid') verdict.issues[0]?.param; // 'records[0].period'
 * ```
 */
export function checkSiiRecord(
  ports: Ports,
  report: SiiTaxReportCreate,
  titular: SiiTitular,
): SiiRecordCheck {
  const built = buildSiiRecordMessage(siiRecordMessage(report, titular), 0);
  if (!built.success) return { kind: 'invalid', issues: built.issues };
  const verdict = ports.schemaValidator.validateSii(built.data);
  if (!verdict.valid) return { kind: 'schema_invalid', errors: verdict.errors };
  return { kind: 'valid', xml: built.data };
}

/**
 * The stored form of an accepted record: a new SII tax report, `processing` by default (api-notes.md
 * §9: not final until AEAT answers), its lists as empty lists when none were sent.
 *
 * @example
 * ```ts
 * storedSiiTaxReport(report, 12, 1).state; // 'processing'
 * ```
 */
export function storedSiiTaxReport(
  report: SiiTaxReportCreate,
  id: number,
  account_id: number,
  state: TaxReportState = 'processing',
): SiiTaxReport {
  return {
    ...report,
    id,
    account_id,
    state,
    invoice_id: report.invoice_id ?? null,
    additional_special_regime_keys: report.additional_special_regime_keys ?? [],
    corrected_invoices: report.corrected_invoices ?? [],
    tax_breakdowns: report.tax_breakdowns ?? [],
    payments: report.payments ?? [],
  };
}

/** The fields that decide which ledger a record belongs to (see {@link siiLedgerFields}). */
export type SiiLedgerFields = Pick<
  Ledger,
  'book_type' | 'kind' | 'communication_type' | 'period_year' | 'period'
>;

/**
 * The ledger a report belongs to (issue #7: "one ledger per book, titular and operation"): its book,
 * the kind of message (`alta` by default; `baja` for its annulment, issue #18 item 16) and its
 * `TipoComunicacion`, and — because a fiscalkit ledger records one period (`LedgerSchema`) — its
 * period; all null but the book for the cash-accounting books, and no `TipoComunicacion` for a baja
 * (`CabeceraSiiBaja`, sii.md §2). The titular is the account.
 *
 * @example
 * ```ts
 * siiLedgerFields(expedidaF1()); // { book_type: 'Expedida', kind: 'alta', communication_type: 'A0', period_year: 2026, period: '03' }
 * siiLedgerFields(expedidaF1(), 'baja').communication_type; // null
 * ```
 */
export function siiLedgerFields(report: SiiTaxReportCreate, kind: LedgerKind = 'alta'): SiiLedgerFields {
  const cash = isCashBook(report.book_type);
  return {
    book_type: report.book_type,
    kind,
    communication_type: cash || kind === 'baja' ? null : (report.communication_type ?? null),
    period_year: cash ? null : (report.period_year ?? null),
    period: cash ? null : (report.period ?? null),
  };
}

/**
 * The key of a ledger's fields, for grouping and idempotency keys: equal exactly when the fields are.
 * An alta's key is what it was before ledgers had a kind, so that the keys of stored ledgers still
 * name them.
 *
 * @example
 * ```ts
 * siiLedgerKey(siiLedgerFields(report)); // '["Expedida","A0",2026,"03"]'
 * siiLedgerKey(siiLedgerFields(report, 'baja')); // '["Expedida",null,2026,"03","baja"]'
 * ```
 */
export function siiLedgerKey(fields: SiiLedgerFields): string {
  const key: unknown[] = [fields.book_type, fields.communication_type, fields.period_year, fields.period];
  if (fields.kind === 'baja') key.push('baja');
  return JSON.stringify(key);
}

/** `records[i].` at the start of a param or message of a one-record message's issue. */
const RECORD_PREFIX = /^records\[\d+\]\.?/;

/**
 * A param or message of an issue of a one-record message (`records[0].period`) as the report's own
 * field (`period`): a report, or a batch record, is not a message.
 *
 * @example
 * ```ts
 * withoutRecordPrefix('records[0].period is required'); // 'period is required'
 * ```
 */
export function withoutRecordPrefix(text: string): string {
  return text.replace(RECORD_PREFIX, '');
}

/**
 * The sentence of a schema validator's refusal (the first error is enough to say what is wrong):
 * `subject` is what was judged, `validator` the `SchemaValidator` port's name.
 *
 * @example
 * ```ts
 * schemaRefusal('file', 'structural', { path: '/SuministroLRFacturasEmitidas', message: 'missing Cabecera' });
 * // 'file is not valid against the AEAT schema (structural validator) at /SuministroLRFacturasEmitidas: missing Cabecera'
 * ```
 */
export function schemaRefusal(subject: string, validator: string, error: SchemaError | undefined): string {
  return `${subject} is not valid against the AEAT schema (${validator} validator)${
    error === undefined || error.path === '' ? '' : ` at ${error.path}`
  }: ${error?.message ?? 'rejected'}`;
}

/**
 * The SII titular of the account, or 422: SII books are the titular's (sii.md §3), and an account
 * without a valid Spanish NIF and a name cannot be one.
 *
 * @example
 * ```ts
 * accountTitular(siiAccount()); // { name: 'Test company', nif: 'U2687761C' }
 * ```
 */
export function accountTitular(account: Account): SiiTitular {
  const titular = siiTitularOf(account);
  const problems = siiTitularIssues(titular);
  if (problems.length > 0)
    throw new ApiError(
      'parameter_invalid',
      `the account cannot be the SII titular of the report (sii.md §3): ${problems
        .map((issue) => issue.message)
        .join('; ')}`,
      { param: null },
    );
  return titular;
}

/**
 * A message's titular must be the account (sii.md §3: the books are the titular's; the ledger is
 * submitted with the account as titular). Compared as compact NIFs (`ES` prefix and separators
 * dropped). A mismatch is 422 at `file`: importing another taxpayer's books into this account would
 * send them under the wrong NIF.
 */
function requireOwnTitular(account: Account, titular: SiiTitular): void {
  const own = compactSpanishTin(account.tin_value ?? '');
  const theirs = compactSpanishTin(titular.nif);
  if (own !== theirs)
    throw new ApiError(
      'parameter_invalid',
      `${IMPORT_FILE_PARAM} is the SII book of NIF ${theirs} (Cabecera/Titular/NIF), not of this account (NIF ${
        own === '' ? 'none' : own
      }): import a message whose titular is the account`,
      { param: IMPORT_FILE_PARAM },
    );
}

/**
 * The message of an uploaded SII document, for both imports (a tax report, a ledger): the importer's
 * issues thrown, then `accepts` (what the import takes of the message, checked first), then the
 * titular, which must be the account (422 at `file` otherwise).
 *
 * @example
 * ```ts
 * const message = ownSiiMessage(account, importSiiMessage(file));
 * message.records.length; // 1
 * ```
 */
export function ownSiiMessage(
  account: Account,
  imported: Validated<SiiImport>,
  accepts: (message: SiiMessage) => void = () => {},
): SiiMessage {
  if (!imported.success) fail(imported.issues);
  const { message } = imported.data;
  accepts(message);
  requireOwnTitular(account, message.titular);
  return message;
}
