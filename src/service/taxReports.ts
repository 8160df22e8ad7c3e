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
 * @module
 */
import { z } from 'zod';
import { IMPORT_FILE_PARAM } from '../documents/taxReportDocument.js';
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type Validated, type ValidationIssue } from '../errors/validationIssue.js';
import { compactSpanishTin } from '../identifiers/spanishTin.js';
import { createKsefTaxReport } from '../ksef/createKsefTaxReport.js';
import { downloadKsefTaxReport, type TaxReportFile } from '../ksef/downloadKsefTaxReport.js';
import { generateKsefTaxReport } from '../ksef/generate/generateKsefTaxReport.js';
import type { Account } from '../model/account.js';
import { oneOf, optional } from '../model/fields.js';
import { instantFromMillis } from '../model/instant.js';
import {
  type KsefTaxReport,
  type KsefTaxReportCreate,
  KsefTaxReportCreateSchema,
  type KsefTaxReportUpdate,
} from '../model/ksefTaxReport.js';
import type { Ledger } from '../model/ledger.js';
import { parseWith } from '../model/parse.js';
import {
  parseSiiTaxReport,
  type SiiTaxReport,
  type SiiTaxReportCreate,
  SiiTaxReportCreateSchema,
  type SiiTaxReportUpdate,
} from '../model/siiTaxReport.js';
import {
  parseTaxReport,
  TAX_REPORT_STATES,
  TAX_REPORT_TYPES,
  type TaxReport,
  type TaxReportType,
} from '../model/taxReport.js';
import {
  type FieldValue,
  type PageRequest,
  type Ports,
  type Updated,
  VersionConflictError,
  type Versioned,
} from '../ports.js';
import { issueAt } from '../rules/issue.js';
import { taxReportTypeChangeIssues } from '../rules/taxReportTypeChange.js';
import { SII_BAJA_BOOKS } from '../sii/build/baja.js';
import { downloadSiiTaxReport } from '../sii/downloadSiiTaxReport.js';
import { generateSiiTaxReport } from '../sii/generate/generateSiiTaxReport.js';
import type { SiiTitular } from '../sii/message.js';
import { siiTitularIssues } from '../sii/recordIssues.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import { computeOf } from './compute.js';
import type { ServiceDeps } from './deps.js';
import { createLedgerService } from './ledgers.js';
import { siiTitularOf } from './siiTitular.js';
import { reportTypeOfCountry } from './taxAuthorities.js';
import {
  mergeKsefUpdate,
  requestIndexedIssues,
  storedKsefTaxReport,
  withAccountSupplier,
  withoutReferenceIds,
} from './taxReportKsef.js';
import { attachToOpenLedger, detachFromPendingLedger, ledgerHolding } from './taxReportLedgers.js';
import { checkSiiRecord, siiLedgerFields, siiLedgerKey, storedSiiTaxReport } from './taxReportSii.js';
import {
  activeAccount,
  activeRecord,
  ownedRecord,
  requireActiveAccount,
  requireOwnedAccount,
} from './tenancy.js';
import type { ResourcePage } from './webHooks.js';
import { yieldingEvery } from './yielding.js';

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

/** An uploaded SII ledger message (POST /accounts/{account}/ledgers/import). */
export interface LedgerImportInput {
  /** The `SuministroLR…` message, bare or in a SOAP 1.1 envelope. */
  file: string | Uint8Array;
  /** As {@link TaxReportImportInput.filename}. */
  filename?: string | null | undefined;
}

/**
 * The filters of GET /accounts/{account}/tax_reports, as the query strings arrive: `invoice_id`
 * (api-notes.md §9), and `state` and `type` (**fiscalkit additions**: equality filters over fields
 * every report has; the documented `sent_at_*` / `updated_at_*` filters need fields a report does
 * not carry).
 */
export interface TaxReportListFilters {
  invoice_id?: string | undefined;
  state?: string | undefined;
  type?: string | undefined;
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

// ─── Helpers ───────────────────────────────────────────────────────────────────────────────────────

/** Throws the first issue as the API error (a 400 before any 422). */
function fail(issues: readonly ValidationIssue[]): never {
  throw apiErrorFromIssues(issues);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireObject(body: unknown): Record<string, unknown> {
  if (!isObject(body))
    throw new ApiError('invalid_request_params', 'the tax report must be a JSON object', {
      param: 'tax_report',
    });
  return body;
}

/** `records[0].period` → `period`: a one-record message's issue at the report's own field. */
function recordIssue(issue: ValidationIssue): ValidationIssue {
  const strip = (text: string) => text.replace(/^records\[\d+\]\.?/, '');
  return { code: issue.code, param: strip(issue.param), message: strip(issue.message) };
}

/**
 * The clock's now as a `Date`, for the FA(3) builder's `DataWytworzeniaFa` (ksef-fa3.md §6.11): the
 * injected clock's milliseconds, never the system clock.
 */
function clockDate(ports: Ports): Date {
  return new Date(ports.clock.now());
}

/** A stored report changed by someone else between the read and the write. */
function changedMeanwhile(id: number): ApiError {
  return new ApiError(
    'conflict',
    `tax report ${String(id)} was changed by another request meanwhile: read it again and retry`,
  );
}

/** The SII titular of the account, or 422: SII books are the titular's (sii.md §3). */
function accountTitular(account: Account): SiiTitular {
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

/** The states in which AEAT has answered a ledger (`LEDGER_STATES`, terminal). */
function isAnswered(ledger: Ledger): boolean {
  return ledger.state === 'accepted' || ledger.state === 'partially_accepted' || ledger.state === 'rejected';
}

/** The page the standing reports of an invoice are read with (usually one or none). */
const STANDING_PAGE = 100;

/** The body of POST /invoices/{id}/generate_tax_report (spec §4.2 shows none; **fiscalkit's**). */
const GenerateBodySchema = z.object({
  /**
   * Spec §2.7 types; default: the type of the account's tax authority (`reportTypeOfCountry`: Spain
   * `SiiDocument`, Poland `Ksef`; issue #18 item 2), 422 at `type` for another country.
   */
  type: optional(oneOf(TAX_REPORT_TYPES)),
  /**
   * Ksef: the legal basis of an exempt (`zw`) line (`Adnotacje/Zwolnienie/P_19A`), which the invoice
   * does not carry (the account's `reason_vat_exempt` setting in the public service, api-notes.md §9).
   */
  exemption_basis: KsefTaxReportCreateSchema.shape.exemption_basis,
  /** SII: the `PeriodoLiquidacion` (sii.md §3), both or neither; default the invoice date's month. */
  period_year: SiiTaxReportCreateSchema.shape.period_year,
  period: SiiTaxReportCreateSchema.shape.period,
  /** SII, received invoices: `FechaRegContable`; default the invoice date. */
  accounting_date: SiiTaxReportCreateSchema.shape.accounting_date,
});

type GenerateBody = z.output<typeof GenerateBodySchema>;

function parseGenerateBody(body: unknown): GenerateBody {
  const inner = isObject(body) && isObject(body.tax_report) ? body.tax_report : (body ?? {});
  if (!isObject(inner))
    throw new ApiError('invalid_request_params', 'the body must be a JSON object {"type": …}', {
      param: null,
    });
  const parsed = parseWith(GenerateBodySchema, inner);
  if (!parsed.success) fail(parsed.issues);
  const { period_year, period } = parsed.data;
  if ((period_year === null || period_year === undefined) !== (period === null || period === undefined))
    fail([
      issueAt(
        'parameter_blank',
        [period_year === null || period_year === undefined ? 'period_year' : 'period'],
        'is required with the other PeriodoLiquidacion field (period_year and period)',
      ),
    ]);
  return parsed.data;
}

/** The report type of the account's country, or its issue thrown as the API error. */
function chosenType(chosen: Validated<TaxReportType>): TaxReportType {
  if (!chosen.success) fail(chosen.issues);
  return chosen.data;
}

/** A positive integer filter value (`invoice_id`); anything else is 400 at the filter. */
function idFilter(value: string, param: string): number {
  // money-safe: an identifier of at most 15 digits, not an amount.
  const id = /^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw new ApiError('invalid_request_params', `${param} must be a positive integer`, { param });
  return id;
}

function listWhere(filters: TaxReportListFilters): Record<string, FieldValue> {
  const where: Record<string, FieldValue> = {};
  const given = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';
  if (given(filters.invoice_id)) where.invoice_id = idFilter(filters.invoice_id, 'invoice_id');
  if (given(filters.state)) {
    if (!(TAX_REPORT_STATES as readonly string[]).includes(filters.state))
      throw new ApiError('parameter_inclusion', `state must be one of ${TAX_REPORT_STATES.join(', ')}`, {
        param: 'state',
      });
    where.state = filters.state;
  }
  if (given(filters.type)) {
    if (!(TAX_REPORT_TYPES as readonly string[]).includes(filters.type))
      throw new ApiError('parameter_inclusion', `type must be one of ${TAX_REPORT_TYPES.join(', ')}`, {
        param: 'type',
      });
    where.type = filters.type;
  }
  return where;
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

  const accountOf = async (account_id: number): Promise<Account> => {
    const account = await ports.store.accounts.get(account_id, account_id);
    if (account === null)
      throw new Error(`the account ${String(account_id)} of a stored record is not stored`);
    return account.value;
  };

  const event = (report: TaxReport, name: string) =>
    recordAccountEvent(ports, {
      account_id: report.account_id,
      type: 'TaxReportEvent',
      name,
      resource_id: report.id,
      state: report.state,
    });

  /**
   * The `tax_report.state_change` (api-notes.md §5.2) of a write giving `report` its state at
   * `version`, keyed by report, state and version (stored once), carrying the version so receivers
   * can order deliveries (issue #24 item 4).
   */
  const stateChange = (report: TaxReport, version: number) =>
    deps.publisher.prepare(
      report.account_id,
      'tax_report.state_change',
      { tax_report_id: report.id, state: report.state, version },
      `tax_report.state_change:${String(report.id)}:${report.state}:${String(version)}`,
    );

  /**
   * The standing (not annulled) reports of `type` linked to `invoice_id` other than `except_id`,
   * lowest id first.
   */
  const standingReports = async (
    account_id: number,
    invoice_id: number,
    type: TaxReport['type'],
    except_id: number | null,
  ): Promise<TaxReport[]> => {
    const found: TaxReport[] = [];
    for (let offset = 0; ; offset += STANDING_PAGE) {
      const page = await ports.store.taxReports.find(
        account_id,
        { invoice_id, type },
        { offset, limit: STANDING_PAGE },
      );
      for (const { value } of page.items)
        if (value.state !== 'annulled' && value.id !== except_id) found.push(value);
      if (page.items.length < STANDING_PAGE) return found;
    }
  };

  /**
   * 409: the invoice already has a standing report of the type (the state of another resource
   * refuses the request, spec §7.2 `conflict`; no param, as the invoice may be named by the path of
   * generate or by `invoice_id` in a body alike — the message names it).
   */
  const alreadyReported = (invoice_id: number, type: string, standing: TaxReport) =>
    new ApiError(
      'conflict',
      `invoice ${String(invoice_id)} already has ${type} tax report ${String(standing.id)} (${standing.state}): annul it first (DELETE /tax_reports/${String(standing.id)})`,
      { param: null },
    );

  /**
   * `invoice_id` (spec §2.7 common field) must name an invoice of the report's own account
   * (**fiscalkit rule**: a report linked to another tenant's invoice, or to none, would be a dangling
   * link that the `invoice_id` list filter then answers for), and one that has no standing report of
   * the same type besides `self_id` — one standing report per invoice and type (**fiscalkit rule**: a
   * second would report the same invoice twice to the tax authority; AEAT refuses a duplicate
   * IDFactura, sii.md §3), whether the report is generated, created, imported or re-linked by PATCH.
   */
  const checkInvoiceLink = async (
    account_id: number,
    invoice_id: number | null | undefined,
    type: TaxReport['type'],
    self_id: number | null = null,
  ) => {
    if (invoice_id === null || invoice_id === undefined) return;
    if ((await ports.store.invoices.get(account_id, invoice_id)) === null)
      throw new ApiError(
        'parameter_invalid',
        `invoice_id ${String(invoice_id)} is not an invoice of this account`,
        {
          param: 'invoice_id',
        },
      );
    const [standing] = await standingReports(account_id, invoice_id, type, self_id);
    if (standing !== undefined) throw alreadyReported(invoice_id, type, standing);
  };

  /**
   * The check of {@link checkInvoiceLink} again, once `report` is stored: two requests for one invoice
   * both pass the check before either is stored, so after its write each one looks again, and a
   * report that is not the only standing one of its invoice and type gives way. A new report
   * (`created`) gives way to a lower id, so that of two concurrent creates exactly one stays (the way
   * invoice numbers are kept unique, `invoices.ts`); a re-linked report (PATCH) gives way to any
   * other, since it is older than a report created meanwhile. Answers the report that stands in the
   * way, or null.
   */
  const rivalOf = async (report: TaxReport, created: boolean): Promise<TaxReport | null> => {
    if (report.invoice_id === null || report.invoice_id === undefined) return null;
    const others = await standingReports(report.account_id, report.invoice_id, report.type, report.id);
    return others.find((other) => !created || other.id < report.id) ?? null;
  };

  /** Inserts a new report, or answers 409 when a rival of its invoice won the race (see {@link rivalOf}). */
  const insertReport = async (report: TaxReport): Promise<void> => {
    const inserted = await ports.store.taxReports.insert(report);
    const rival = await rivalOf(report, true);
    if (rival === null) return;
    await ports.store.taxReports.remove(report.account_id, report.id, inserted.version);
    throw alreadyReported(report.invoice_id as number, report.type, rival);
  };

  /** An SII record judged on its own (sii.md §11): the SII rules, then the schema validator port. */
  const judgeSii = (report: SiiTaxReportCreate, titular: SiiTitular, schemaParam: string | null) => {
    const verdict = checkSiiRecord(ports, report, titular);
    if (verdict.kind === 'invalid') fail(verdict.issues.map(recordIssue));
    if (verdict.kind === 'schema_invalid') {
      const [first] = verdict.errors;
      throw new ApiError(
        'parameter_invalid',
        `the SII XML of the tax report is not valid against the AEAT schema (${ports.schemaValidator.name} validator)${
          first === undefined || first.path === '' ? '' : ` at ${first.path}`
        }: ${first?.message ?? 'rejected'}`,
        { param: schemaParam },
      );
    }
  };

  /** Stores a new Ksef report (`processing`) and records its event. */
  const storeKsef = async (account: Account, report: KsefTaxReportCreate, name: string) => {
    await checkInvoiceLink(account.id, report.invoice_id, 'Ksef');
    const stored = await storedKsefTaxReport(ports, withoutReferenceIds(report), {
      id: await ports.ids.next('tax_report'),
      account_id: account.id,
      state: 'processing',
    });
    await insertReport(stored);
    await event(stored, name);
    return stored;
  };

  /**
   * Judges, stores and attaches a new SII report (spec §4.1 rule 6: one record is POST /tax_reports,
   * judged as a batch record is): the SII rules and the schema on its one-record message with the
   * account as titular, then the report (`processing`), then its place in the open ledger of its
   * book, operation and period.
   */
  const storeSii = async (
    account: Account,
    report: SiiTaxReportCreate,
    name: string,
    schemaParam: string | null,
  ) => {
    const titular = accountTitular(account);
    judgeSii(report, titular, schemaParam);
    await checkInvoiceLink(account.id, report.invoice_id, 'SiiDocument');
    const stored = storedSiiTaxReport(report, await ports.ids.next('tax_report'), account.id);
    await insertReport(stored);
    await attachToOpenLedger(ports, account.id, siiLedgerFields(report), stored.id);
    await event(stored, name);
    return stored;
  };

  /** The report a Ksef body makes, with the §2.7 rules of the caller's version. */
  const ksefReport = (caller: Caller, input: unknown): KsefTaxReportCreate => {
    const created = createKsefTaxReport(input, { version: caller.api_version });
    if (!created.success) fail(created.issues);
    return created.data;
  };

  /**
   * The versioned write of a report (409 when it changed meanwhile). A write that changes its state
   * writes its `tax_report.state_change` with it (the outbox, issue #24 item 4), having first queued
   * the repair of its deliveries, and then schedules them: every state change of a PATCH or an
   * annulment has its event, numbered in the order of the report's versions — an undone PATCH too.
   */
  const writeReport = async (
    stored: Versioned<TaxReport>,
    next: TaxReport,
  ): Promise<Versioned<TaxReport>> => {
    const version = stored.version + 1;
    const outboxed = next.state === stored.value.state ? [] : [stateChange(next, version)];
    for (const event of outboxed)
      await deps.publisher.guard(event, { store: 'taxReports', id: next.id, version });
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
    await deps.publisher.dispatch(outboxed, written.events);
    return written;
  };

  /**
   * After a PATCH re-linked a report to another invoice: when another standing report of that
   * invoice was stored meanwhile ({@link rivalOf}), the PATCH is undone (the report as it was) and
   * answered 409, as if the check before the write had seen it.
   */
  const giveWayIfRivalled = async (before: Versioned<TaxReport>, written: Versioned<TaxReport>) => {
    const rival = await rivalOf(written.value, false);
    if (rival === null) return;
    await writeReport(written, before.value);
    throw alreadyReported(written.value.invoice_id as number, written.value.type, rival);
  };

  /**
   * Runs `write` (a versioned write of an SII report that has just been taken out of its pending
   * ledger) and, when it fails, puts the report back in a ledger if it needs one: read again as it is
   * now stored, a `processing` report that no `pending` or `sent` ledger holds joins the open ledger
   * of its book, operation and period. A report the concurrent change annulled, moved (and attached)
   * or left where it was needs nothing.
   */
  const restoringLedgerPlace = async <T>(account_id: number, id: number, write: () => Promise<T>) => {
    try {
      return await write();
    } catch (error) {
      const current = await ports.store.taxReports.get(account_id, id);
      if (current !== null && current.value.type === 'SiiDocument' && current.value.state === 'processing') {
        const holding = await ledgerHolding(ports, account_id, id);
        if (holding === null || (holding.value.state !== 'pending' && holding.value.state !== 'sent'))
          await attachToOpenLedger(ports, account_id, siiLedgerFields(current.value), id);
      }
      throw error;
    }
  };

  const updateKsef = async (
    caller: Caller,
    stored: Versioned<KsefTaxReport>,
    update: KsefTaxReportUpdate,
  ) => {
    const merged = mergeKsefUpdate(stored.value, update);
    if (!merged.success) fail(merged.issues);
    // The rules judge the merged list; a `prepayment_references[i]` issue names the request's element.
    const created = createKsefTaxReport(merged.candidate, { version: caller.api_version });
    if (!created.success)
      fail(
        requestIndexedIssues(created.issues, merged.reference_origins, stored.value.prepayment_references),
      );
    const report = created.data;
    const relinked = report.invoice_id !== stored.value.invoice_id;
    if (relinked) await checkInvoiceLink(stored.value.account_id, report.invoice_id, 'Ksef', stored.value.id);
    const next = await storedKsefTaxReport(ports, report, {
      id: stored.value.id,
      account_id: stored.value.account_id,
      state: stored.value.state,
    });
    const written = await writeReport(stored, next);
    if (relinked) await giveWayIfRivalled(stored, written);
    return written;
  };

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
  const updateSii = async (stored: Versioned<SiiTaxReport>, update: SiiTaxReportUpdate) => {
    const { type: _type, ...fields } = update;
    const candidate: Record<string, unknown> = { ...stored.value };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) candidate[field] = value;
    const parsed = parseSiiTaxReport(candidate, 'create');
    if (!parsed.success) fail(parsed.issues);
    const report = parsed.data;
    const account = await accountOf(stored.value.account_id);
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
    judgeSii(report, accountTitular(account), null);
    const relinked = report.invoice_id !== stored.value.invoice_id;
    if (relinked) await checkInvoiceLink(account.id, report.invoice_id, 'SiiDocument', id);
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
    const written = await restoringLedgerPlace(account.id, id, async () => {
      const saved = await writeReport(stored, next);
      if (relinked) await giveWayIfRivalled(stored, saved);
      return saved;
    });
    if (resubmit || moved) await attachToOpenLedger(ports, account.id, siiLedgerFields(report), id);
    return written;
  };

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
  const withdrawSii = async (report: SiiTaxReport): Promise<'local' | 'at_aeat'> => {
    const ledger = await ledgerHolding(ports, report.account_id, report.id);
    const baja = ledger?.value.kind === 'baja';
    if (baja && ledger !== null && !isAnswered(ledger.value)) return 'at_aeat';
    if (!baja && ledger?.value.state === 'pending') {
      if ((await detachFromPendingLedger(ports, ledger, report.id)) !== null) return 'local';
    }
    const current =
      ledger === null ? null : await ports.store.ledgers.get(report.account_id, ledger.value.id);
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
  };

  return {
    async create(caller, account_id, body) {
      const { value: account } = await activeAccount(ports, caller, account_id);
      const input = requireObject(body);
      const typed = parseTaxReport(input, 'create');
      if (!typed.success) fail(typed.issues);
      if (typed.data.type === 'Ksef')
        return storeKsef(account, ksefReport(caller, withAccountSupplier(input, account)), 'created');
      return storeSii(account, typed.data, 'created', null);
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
      if (read.format === 'fa3') {
        if (!read.created.success) fail(read.created.issues);
        return storeKsef(account, read.created.data, 'imported');
      }
      const { imported } = read;
      if (!imported.success) fail(imported.issues);
      const { message } = imported.data;
      if (message.kind === 'baja')
        fail([
          issueAt(
            'parameter_invalid',
            [IMPORT_FILE_PARAM],
            'is an SII annulment (BajaLR…) message: annul a tax report with DELETE /tax_reports/{id}',
          ),
        ]);
      const [record] = message.records;
      if (record === undefined || message.records.length !== 1)
        fail([
          issueAt(
            'parameter_invalid',
            [IMPORT_FILE_PARAM],
            `holds ${String(message.records.length)} records; a tax report import takes a message of exactly one (import a message of several records as a ledger: POST /accounts/{account}/ledgers/import)`,
          ),
        ]);
      requireOwnTitular(account, message.titular);
      return storeSii(account, record, 'imported', IMPORT_FILE_PARAM);
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
      const written =
        stored.value.type === 'Ksef'
          ? await updateKsef(caller, stored as Versioned<KsefTaxReport>, parsed.data as KsefTaxReportUpdate)
          : await updateSii(stored as Versioned<SiiTaxReport>, parsed.data as SiiTaxReportUpdate);
      await event(written.value, 'updated');
      return written.value;
    },

    async annul(caller, id) {
      const stored = await activeRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      if (stored.value.state === 'annulled')
        throw new ApiError('conflict', `tax report ${String(id)} is already annulled`);
      // A record AEAT holds is annulled by AEAT: its baja is in a ledger now, and the report becomes
      // `annulled` when AEAT accepts it (the submission job), not before (issue #18 item 16).
      if (stored.value.type === 'SiiDocument' && (await withdrawSii(stored.value)) === 'at_aeat')
        return stored.value;
      const next: TaxReport = { ...stored.value, state: 'annulled' };
      // `withdrawSii` took an SII record out of its pending ledger (before the write, so that the
      // ledger cannot be sent with a record being annulled); if the versioned write then loses to a
      // concurrent change (409), the record goes back to a ledger as it is now stored.
      const written = await restoringLedgerPlace(stored.value.account_id, id, () =>
        writeReport(stored, next),
      );
      await event(written.value, 'annulled');
      return written.value;
    },

    async download(caller, id) {
      const { value: report } = await ownedRecord(ports, caller, ports.store.taxReports, id, 'tax report');
      const unwritable = (issues: readonly ValidationIssue[], format: string) =>
        new ApiError(
          'conflict',
          `tax report ${String(id)} cannot be written as valid ${format}: ${issues
            .map((issue) => issue.message)
            .join('; ')}`,
        );
      if (report.type === 'Ksef') {
        const file = downloadKsefTaxReport(report, { now: clockDate(ports) });
        if (!file.success) throw unwritable(file.issues, 'FA(3) XML');
        return file.data;
      }
      const account = await accountOf(report.account_id);
      // An annulled record is downloaded as its annulment, the `BajaLR…` message (sii.md §2); so is a
      // report that stands for an annulment and was never registered through fiscalkit (made by the
      // import of a BajaLR… message, issue #18 item 16: it has no alta to download).
      const annulment =
        (report.state === 'processing' || report.state === 'error') &&
        (await ledgerHolding(ports, report.account_id, report.id))?.value.kind === 'baja';
      const kind = report.state === 'annulled' || annulment ? 'baja' : 'alta';
      if (kind === 'baja' && SII_BAJA_BOOKS[report.book_type] === undefined)
        throw new ApiError(
          'conflict',
          `tax report ${String(id)} is annulled and the ${report.book_type} book has no annulment (baja) message (sii.md §2): there is nothing to download`,
        );
      const file = downloadSiiTaxReport(report, siiTitularOf(account), kind);
      if (!file.success) throw unwritable(file.issues, 'SII XML');
      return file.data;
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
      await checkInvoiceLink(account.id, invoice.id, type);
      const contact =
        invoice.contact_id === null || invoice.contact_id === undefined
          ? null
          : ((await ports.store.contacts.get(account.id, invoice.contact_id))?.value ?? null);
      if (type === 'Ksef') {
        const generated = generateKsefTaxReport({
          invoice,
          account,
          contact,
          exemption_basis: options.exemption_basis ?? null,
        });
        if (!generated.success) fail(generated.issues);
        return storeKsef(account, generated.data, 'generated');
      }
      const generated = generateSiiTaxReport({
        invoice,
        account,
        contact,
        period:
          options.period_year === null || options.period_year === undefined || options.period == null
            ? null
            : { year: options.period_year, period: options.period },
        accounting_date: options.accounting_date ?? null,
      });
      if (!generated.success) fail(generated.issues);
      return storeSii(account, generated.data, 'generated', null);
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
     */
    async importLedger(caller, account_id, input) {
      const { value: account } = await activeAccount(ports, caller, account_id);
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
            'parameter_invalid',
            [IMPORT_FILE_PARAM],
            'is an FA(3) invoice, which is a tax report, not a ledger: import it with POST /accounts/{account}/tax_reports/import (a ledger is an SII SuministroLR… message)',
          ),
        ]);
      const { imported, judged } = read;
      if (!imported.success) fail(imported.issues);
      const { message } = imported.data;
      requireOwnTitular(account, message.titular);
      // An annulment message is a baja ledger (issue #18 item 16): its records have no TipoComunicacion.
      const keys = [
        ...new Set(message.records.map((record) => siiLedgerKey(siiLedgerFields(record, message.kind)))),
      ];
      if (keys.length !== 1)
        fail([
          issueAt(
            'parameter_invalid',
            [IMPORT_FILE_PARAM],
            `holds records of ${String(keys.length)} periods (${keys
              .slice(0, 5)
              .map((key) => {
                const [, , year, period] = JSON.parse(key) as [
                  string,
                  string | null,
                  number | null,
                  string | null,
                ];
                return `${String(year)}-${String(period)}`;
              })
              .join(', ')}): a ledger records one period, so import one message per period`,
          ),
        ]);
      accountTitular(account);
      if (judged === null) throw new TypeError('a message that was imported is judged');
      if (!judged.success) fail(judged.issues);
      const { verdict } = judged;
      if (!verdict.valid) {
        const [first] = verdict.errors;
        throw new ApiError(
          'parameter_invalid',
          `${IMPORT_FILE_PARAM} is not valid against the AEAT schema (${ports.schemaValidator.name} validator)${
            first === undefined || first.path === '' ? '' : ` at ${first.path}`
          }: ${first?.message ?? 'rejected'}`,
          { param: IMPORT_FILE_PARAM },
        );
      }
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
        await event(report, 'imported');
      }
      return ledger;
    },
  };
}
