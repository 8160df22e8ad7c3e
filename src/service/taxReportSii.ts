/**
 * What an SII tax report goes through before it is stored, whichever way it came in — one record of
 * a tax report batch (spec §4.1), `POST /accounts/{account}/tax_reports` with a `SiiDocument` body
 * (spec §4.1 rule 6: "For one record use POST /accounts/{account}/tax_reports"), an import, a
 * generation from an invoice: the one-record message it is built and judged in (sii.md §11), its
 * stored form, and the ledger it belongs to. Shared by `taxReportBatches.ts` and `taxReports.ts` so
 * that a record accepted one way is accepted every way.
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Ledger, LedgerKind } from '../model/ledger.js';
import type { SiiTaxReport, SiiTaxReportCreate } from '../model/siiTaxReport.js';
import type { TaxReportState } from '../model/taxReportCommon.js';
import type { Ports, SchemaError } from '../ports.js';
import { buildSiiRecordMessage } from '../sii/build/buildSiiMessage.js';
import type { SiiMessage, SiiTitular } from '../sii/message.js';

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
