/**
 * The one small interface a tax authority's reports are handled through (issue #20 §3), after hono's
 * adapters (`src/helper/conninfo/types.ts` and one small file per runtime): one format per report
 * `type` (spec §2.7), each in a file of its own (`ksef.ts`, `sii.ts`) that reaches its domain folder
 * (`src/ksef`, `src/sii`) through the folder's entry point only, and a registry (`registry.ts`) the
 * tax report service (`../taxReports.ts`) looks a format up in. The service holds the steps every
 * report goes through (tenancy, one standing report per invoice, the versioned write and its events);
 * a format only what its authority decides. See docs/tax-report-formats.md.
 *
 * @module
 */
import { ApiError } from '../../errors/ApiError.js';
import type { ValidationIssue } from '../../errors/validationIssue.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import type {
  TaxReport,
  TaxReportCreate,
  TaxReportState,
  TaxReportType,
  TaxReportUpdate,
} from '../../model/taxReport.js';
import type { TaxReportFile } from '../../model/taxReportFile.js';
import type { TaxReportSetting } from '../../model/taxReportSetting.js';
import type { Ports, TaxReportImportTaskOutput, Versioned } from '../../ports.js';
import type { Caller } from '../caller.js';
import type { GenerateBody } from '../taxReportRequests.js';

/** What a format gets from the service: the ports and the steps every report's writes share. */
export interface TaxReportContext {
  readonly ports: Ports;
  /** The account of a stored record (`storedAccount`). */
  accountOf(account_id: number): Promise<Account>;
  /** `invoice_id` names an invoice of the account with no other standing report of `type` (`checkInvoiceLink`). */
  checkInvoiceLink(
    account_id: number,
    invoice_id: number | null | undefined,
    type: TaxReportType,
    self_id?: number | null,
  ): Promise<void>;
  /** The versioned write of a report, with its state change event (`writeReport`). */
  write(stored: Versioned<TaxReport>, next: TaxReport): Promise<Versioned<TaxReport>>;
  /** After a write that re-linked a report: undone and 409 when a rival stood meanwhile (`giveWayIfRivalled`). */
  giveWayIfRivalled(before: Versioned<TaxReport>, written: Versioned<TaxReport>): Promise<void>;
}

/** How a new report came in: the name of its account event, and where an import's problems are. */
export type TaxReportOrigin = 'created' | 'imported' | 'generated';

/** What POST /invoices/{id}/generate_tax_report makes a report from. */
export interface TaxReportSource {
  invoice: Invoice;
  account: Account;
  contact: Contact | null;
  /**
   * The account's tax report setting of the report's authority (issue #23), whose defaults a
   * generated report takes (sii.md §10 `tax_report_setting`); null when none is configured.
   */
  setting?: TaxReportSetting | null;
}

/** The service-given fields of a new report's stored form. */
export interface NewReportFields {
  id: number;
  account_id: number;
  state: TaxReportState;
}

/**
 * A tax authority's reports (`R`: the stored report, `C`: as created, `U`: a PATCH). Every method
 * throws the `ApiError` of what it refuses. A new report is made by `create`, `import` or `generate`,
 * then judged (`validate`), given its stored form (`build`), inserted by the service and `place`d.
 */
export interface TaxReportFormat<R extends TaxReport = TaxReport, C = TaxReportCreate, U = TaxReportUpdate> {
  /** The report `type` (spec §2.7) this format handles. */
  readonly type: R['type'];
  /** The document format of an import (`TaxReportImportTaskOutput.format`) this format reads. */
  readonly document: NonNullable<TaxReportImportTaskOutput['format']>;
  /** POST /accounts/{account}/tax_reports: the report a body makes (`parsed`: the body read by `parseTaxReport`). */
  create(caller: Caller, account: Account, body: Record<string, unknown>, parsed: C): C;
  /** POST …/tax_reports/import: the report of an upload of {@link document} (the compute task's answer). */
  import(account: Account, read: TaxReportImportTaskOutput): C;
  /** POST /invoices/{id}/generate_tax_report: the report an invoice makes. */
  generate(source: TaxReportSource, options: GenerateBody): C;
  /** The authority's verdict on a new report before it is stored (throws what it refuses). */
  validate(context: TaxReportContext, account: Account, report: C, origin: TaxReportOrigin): void;
  /** The stored form of a new report. */
  build(context: TaxReportContext, report: C, fields: NewReportFields): Promise<R>;
  /** Where a new report goes once inserted, before the authority sees it (SII: its ledger). */
  place(context: TaxReportContext, report: R): Promise<void>;
  /** PATCH /tax_reports/{id}: the written report. */
  update(
    context: TaxReportContext,
    caller: Caller,
    stored: Versioned<R>,
    update: U,
  ): Promise<Versioned<TaxReport>>;
  /**
   * DELETE /tax_reports/{id}: `write` stores the report `annulled` (the service's versioned write);
   * answers what it wrote, or null when the annulment is the authority's to make and the report
   * stays as it is until then.
   */
  annul(
    context: TaxReportContext,
    stored: Versioned<R>,
    write: () => Promise<Versioned<TaxReport>>,
  ): Promise<Versioned<TaxReport> | null>;
  /** GET /tax_reports/{id}/download: the report in the authority's format. */
  download(context: TaxReportContext, report: R): Promise<TaxReportFile>;
}

/**
 * 409: a stored report that its authority's builder refuses to write (`download`): the report was
 * valid when stored, and what changed since (the account's NIF, say) is not the caller's request.
 *
 * @example
 * ```ts
 * throw unwritableReport(12, file.issues, 'FA(3) XML'); // 409 conflict: tax report 12 cannot be written as valid FA(3) XML: …
 * ```
 */
export function unwritableReport(id: number, issues: readonly ValidationIssue[], format: string): ApiError {
  return new ApiError(
    'conflict',
    `tax report ${String(id)} cannot be written as valid ${format}: ${issues
      .map((issue) => issue.message)
      .join('; ')}`,
  );
}
