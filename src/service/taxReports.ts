/**
 * The use cases of tax reports and ledgers (spec §2.7, §2.9, §4.2): create, import, list, get,
 * correct (PATCH), annul (DELETE), download in the tax authority's format, generate from an invoice;
 * and the ledgers' reads, downloads and import. Every use case takes the caller first and finds the
 * tenant through it (`ownedAccount`, `ownedRecord`): a report, ledger or invoice of another group's
 * account is 404 `resource_missing`, never a leak.
 *
 * Two report types (spec §2.7): `Ksef` (Polish KSeF, FA(3) — `src/ksef`) and `SiiDocument` (Spanish
 * SII books — `src/sii`). A Ksef report stands on its own; an SII report is a record of its book and
 * sits in a ledger — one AEAT message per book, `TipoComunicacion` and period — which is submitted
 * with `LedgerService.submit` (`src/service/ledgers.ts`). States (api-notes.md §9): `processing` from
 * creation until the tax authority answers, then `registered`, `registered_with_errors` or `error`
 * (the ledger submission job sets them), or `annulled` after DELETE.
 *
 * Each type is handled by its format (`taxReportFormats/`, looked up by `type` in its registry), so
 * nothing here names a type; what every report goes through is here or beside it: the request's
 * reading (`taxReportRequests.ts`), one standing report per invoice under concurrency
 * (`taxReportGiveWay.ts`), the versioned write and the events (`taxReportEvents.ts`), the ledger a
 * report sits in (`taxReportLedgers.ts`) and the ledger import (`ledgerImport.ts`).
 *
 * @module
 */

import { ApiError } from '../errors/ApiError.js';
import type { Account } from '../model/account.js';
import type { Ledger } from '../model/ledger.js';
import { parseTaxReport, type TaxReport, type TaxReportCreate } from '../model/taxReport.js';
import type { TaxReportFile } from '../model/taxReportFile.js';
import type { PageRequest, Ports } from '../ports.js';
import { taxReportTypeChangeIssues } from '../rules/taxReportTypeChange.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import { computeOf } from './compute.js';
import type { ServiceDeps } from './deps.js';
import { importSiiLedger, type LedgerImportInput } from './ledgerImport.js';
import { createLedgerService } from './ledgers.js';
import { reportTypeOfCountry } from './taxAuthorities.js';
import { taxReportEvent, writeReport } from './taxReportEvents.js';
import type { TaxReportContext, TaxReportFormat, TaxReportOrigin } from './taxReportFormats/format.js';
import { formatOfDocument, taxReportFormat } from './taxReportFormats/registry.js';
import { checkInvoiceLink, giveWayIfRivalled, insertReport } from './taxReportGiveWay.js';
import {
  chosenType,
  fail,
  listWhere,
  parseGenerateBody,
  requireObject,
  type TaxReportListFilters,
} from './taxReportRequests.js';
import { taxReportSettingOf } from './taxReportSettings.js';
import {
  activeAccount,
  activeRecord,
  ownedRecord,
  requireActiveAccount,
  requireOwnedAccount,
  storedAccount,
} from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

export type { LedgerImportInput } from './ledgerImport.js';
export type { TaxReportListFilters } from './taxReportRequests.js';

/** An uploaded tax authority document (spec §4.2 import endpoints): the XML, bytes or text. */
export interface TaxReportImportInput {
  /** The document: an FA(3) invoice or an SII message of one record. */
  file: string | Uint8Array;
  /** The file name the client gave, if any: accepted and not stored (a tax report has no file name field). */
  filename?: string | null | undefined;
  /** Spec §2.7: `customer_party_jst` "also accepted on import" (Ksef); wins over the document's `JST`. */
  customer_party_jst?: boolean | null | undefined;
  /** Spec §2.7: `customer_party_gv` "also accepted on import" (Ksef); wins over the document's `GV`. */
  customer_party_gv?: boolean | null | undefined;
}

/** The use cases of tax reports and ledgers (spec §2.7, §4.2). */
export interface TaxReportService {
  /**
   * POST /accounts/{account}/tax_reports, body the object inside `{tax_report: …}` in the newest
   * shape: a `Ksef` report (spec §2.7 rules, FA(3)-complete) or a `SiiDocument` record (SII rules,
   * schema-valid, attached to its ledger); `processing`.
   */
  create(caller: Caller, account_id: number, body: unknown): Promise<TaxReport>;
  /** POST /accounts/{account}/tax_reports/import: an FA(3) invoice or a one-record SII message. */
  import(caller: Caller, account_id: number, input: TaxReportImportInput): Promise<TaxReport>;
  /** GET /accounts/{account}/tax_reports: the account's reports, oldest first, filtered. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    filters?: TaxReportListFilters,
  ): Promise<ResourcePage<TaxReport>>;
  /** GET /tax_reports/{id}. */
  get(caller: Caller, id: number): Promise<TaxReport>;
  /** PATCH /tax_reports/{id}: correct or modify (body in the newest shape, any subset of fields). */
  update(caller: Caller, id: number, body: unknown): Promise<TaxReport>;
  /**
   * DELETE /tax_reports/{id}: annul; answers the full report, `annulled` — except an SII report whose
   * record AEAT registered, which is annulled by a `BajaLR…` record in a baja ledger: it is answered
   * as it stands (still `registered`) and becomes `annulled` when AEAT accepts the baja (issue #18
   * item 16).
   */
  annul(caller: Caller, id: number): Promise<TaxReport>;
  /** GET /tax_reports/{id}/download: the report in the tax authority's format. */
  download(caller: Caller, id: number): Promise<TaxReportFile>;
  /**
   * POST /invoices/{id}/generate_tax_report: `{type?}` (default: the type of the account's tax
   * authority, `reportTypeOfCountry`), also inside `{tax_report: …}`.
   */
  generate(caller: Caller, invoice_id: number, body?: unknown): Promise<TaxReport>;
  /** GET /ledgers/{id}. */
  getLedger(caller: Caller, id: number): Promise<Ledger>;
  /** GET /ledgers/{id}/download: the ledger's SII message. */
  downloadLedger(caller: Caller, id: number): Promise<string>;
  /** GET /ledgers/{id}/download_response: AEAT's response (404 until there is one). */
  downloadLedgerResponse(caller: Caller, id: number): Promise<string>;
  /** POST /accounts/{account}/ledgers/import: an SII `SuministroLR…` message → a ledger and its reports. */
  importLedger(caller: Caller, account_id: number, input: LedgerImportInput): Promise<Ledger>;
}

// ─── The service ───────────────────────────────────────────────────────────────────────────────────

/**
 * The tax report and ledger use cases (spec §2.7, §4.2). Decisions where the spec is silent, each
 * beside its code: a Ksef report is accepted only when it can become FA(3) (`createKsefTaxReport`'s
 * default), with the account as seller when the body names none; an SII report is accepted only
 * when its one-record message passes the SII rules and the schema validator port, exactly as a
 * batch record (spec §4.1 rule 6), and joins the account's open ledger of its book, operation and
 * period; a correction of an SII record already sent to AEAT is a new record (`A1`), not a PATCH;
 * generating twice from one invoice is refused while the first report stands; generating without a
 * `type` makes the report of the account's tax authority (`reportTypeOfCountry`).
 *
 * @example
 * ```ts
 * const reports = createTaxReportService(ports, { publisher, base_url: 'https://api.example.com' });
 * const report = await reports.create(caller, 1, { type: 'SiiDocument', ...expedidaF1() });
 * report.state; // 'processing'
 * (await reports.download(caller, report.id)).filename; // 'SII_Expedida_….xml'
 * ```
 */
export function createTaxReportService(ports: Ports, deps: ServiceDeps): TaxReportService {
  const ledgers = createLedgerService(ports, deps.publisher);
  const accountOf = (account_id: number): Promise<Account> => storedAccount(ports, account_id);

  /** What the formats share of the service (`TaxReportContext`). */
  const context: TaxReportContext = {
    ports,
    accountOf,
    checkInvoiceLink: (account_id, invoice_id, type, self_id = null) =>
      checkInvoiceLink(ports, account_id, invoice_id, type, self_id),
    write: (stored, next) => writeReport(ports, deps.publisher, stored, next),
    giveWayIfRivalled: (before, written) => giveWayIfRivalled(ports, deps.publisher, before, written),
  };

  /**
   * Judges, stores and places a new report, whichever way it came in (spec §4.1 rule 6 for an SII
   * record: one record is POST /tax_reports, judged as a batch record is): the format's verdict, the
   * invoice it names (one standing report per invoice and type), its stored form (`processing`), the
   * insert (given way on a lost race), its place (an SII record's ledger), then its event.
   */
  const store = async (
    format: TaxReportFormat,
    account: Account,
    report: TaxReportCreate,
    origin: TaxReportOrigin,
  ): Promise<TaxReport> => {
    format.validate(context, account, report, origin);
    await context.checkInvoiceLink(account.id, report.invoice_id, format.type);
    const stored = await format.build(context, report, {
      id: await ports.ids.next('tax_report'),
      account_id: account.id,
      state: 'processing',
    });
    await insertReport(ports, stored);
    await format.place(context, stored);
    await taxReportEvent(ports, stored, origin);
    return stored;
  };

  return {
    async create(caller, account_id, body) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      const input = requireObject(body);
      const typed = parseTaxReport(input, 'create');
      if (!typed.success) fail(typed.issues);
      const format = taxReportFormat(typed.data.type);
      return store(format, account, format.create(caller, account, input, typed.data), 'created');
    },

    async import(caller, account_id, input) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      // The upload's guards and format, then its importer (FA(3): with createKsefTaxReport and the
      // §2.7 flags), off the event loop (issue #24): a 10,000-line invoice is a second of CPU.
      const read = await computeOf(ports).run('tax_report_import', {
        file: input.file,
        api_version: caller.api_version,
        customer_party_jst: input.customer_party_jst,
        customer_party_gv: input.customer_party_gv,
      });
      if (read.format === null) fail(read.issues);
      const format = formatOfDocument(read.format);
      return store(format, account, format.import(account, read), 'imported');
    },

    async list(caller, account_id, page, filters = {}) {
      await requireOwnedAccount(ports, caller, account_id);
      const where = listWhere(filters);
      const checked = checkedPage(page);
      const found =
        Object.keys(where).length === 0
          ? await ports.store.taxReports.list(account_id, checked)
          : await ports.store.taxReports.find(account_id, where, checked);
      return { items: found.items.map((item) => item.value), total_count: found.total_count };
    },

    async get(caller, id) {
      return (await ownedRecord(ports, caller, ports.store.taxReports, id, 'tax report')).value;
    },

    async update(caller, id, body) {
      const stored = await activeRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      const input = requireObject(body);
      if (stored.value.state === 'annulled')
        throw new ApiError(
          'conflict',
          `tax report ${String(id)} is annulled: an annulled report cannot change`,
        );
      const parsed = parseTaxReport(input, 'update', stored.value.type);
      if (!parsed.success) fail(parsed.issues);
      const typeChange = taxReportTypeChangeIssues(stored.value, parsed.data);
      if (typeChange.length > 0) fail(typeChange);
      const format = taxReportFormat(stored.value.type);
      const written = await format.update(context, caller, stored, parsed.data);
      await taxReportEvent(ports, written.value, 'updated');
      return written.value;
    },

    async annul(caller, id) {
      const stored = await activeRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      if (stored.value.state === 'annulled')
        throw new ApiError('conflict', `tax report ${String(id)} is already annulled`);
      const annulled: TaxReport = { ...stored.value, state: 'annulled' };
      const written = await taxReportFormat(stored.value.type).annul(context, stored, () =>
        context.write(stored, annulled),
      );
      // The annulment is the tax authority's to make (an SII record AEAT holds, issue #18 item 16):
      // the report is answered as it stands, and becomes `annulled` when the authority accepts it.
      if (written === null) return stored.value;
      await taxReportEvent(ports, written.value, 'annulled');
      return written.value;
    },

    async download(caller, id) {
      const { value: report } = await ownedRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      return taxReportFormat(report.type).download(context, report);
    },

    async generate(caller, invoice_id, body) {
      const { value: invoice } = await ownedRecord(
        ports,
        caller,
        ports.store.invoices,
        invoice_id,
        'invoice',
      );
      await requireActiveAccount(ports, invoice.account_id);
      const options = parseGenerateBody(body);
      const account = await accountOf(invoice.account_id);
      // No type asked for: the account's tax authority decides (issue #18 item 2; a Spanish account
      // once got `Ksef` and "must be a valid Polish NIP"). A type asked for is taken as it is.
      const type = options.type ?? chosenType(reportTypeOfCountry(account.country));
      // One standing report per invoice and type (`checkInvoiceLink`), checked before the report is
      // made so that a second request is answered 409 rather than with the invoice's problems; the
      // store step checks again, and again after its insert (concurrent requests).
      await context.checkInvoiceLink(account.id, invoice.id, type);
      const contact =
        invoice.contact_id === null || invoice.contact_id === undefined
          ? null
          : ((await ports.store.contacts.get(account.id, invoice.contact_id))?.value ?? null);
      const format = taxReportFormat(type);
      // The defaults of the account's setting of the authority (issue #23; sii.md §10).
      const setting = await taxReportSettingOf(ports, account.id, type);
      return store(
        format,
        account,
        format.generate({ invoice, account, contact, setting }, options),
        'generated',
      );
    },

    async getLedger(caller, id) {
      return (await ownedRecord(ports, caller, ports.store.ledgers, id, 'ledger')).value;
    },

    async downloadLedger(caller, id) {
      const { value: ledger } = await ownedRecord(ports, caller, ports.store.ledgers, id, 'ledger');
      return ledgers.download(ledger.account_id, id);
    },

    async downloadLedgerResponse(caller, id) {
      const { value: ledger } = await ownedRecord(ports, caller, ports.store.ledgers, id, 'ledger');
      return ledgers.downloadResponse(ledger.account_id, id);
    },

    async importLedger(caller, account_id, input) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      return importSiiLedger(ports, account, input);
    },
  };
}
