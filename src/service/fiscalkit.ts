import type { EventEnvelope } from '../model/event.js';
import type { Compute, PageRequest, Ports } from '../ports.js';
import { type AccountEventService, createAccountEventService } from './accountEvents.js';
import { type AccountService, createAccountService } from './accounts.js';
import { type BankAccountService, createBankAccountService } from './bankAccounts.js';
import { type CodeListService, createCodeListService } from './codeLists.js';
import { checkComputeValidator, computeOf } from './compute.js';
import { type ContactService, createContactService } from './contacts.js';
import type { ServiceDeps } from './deps.js';
import { createDespatchAdviceService, type DespatchAdviceService } from './despatchAdvices.js';
import { createDirectoryService, type DirectoryService } from './directory.js';
import { createDocumentService, type DocumentService } from './documents.js';
import { eventDispatchHandler } from './eventDispatch.js';
import { createEventPublisher, type EventPublisher } from './events.js';
import { createInvoiceDocumentService, type InvoiceDocumentService } from './invoiceDocuments.js';
import {
  createInvoiceSendingService,
  type InvoiceSendingService,
  invoiceSendHandler,
  invoiceSendRepairHandler,
} from './invoiceSending/index.js';
import { createInvoiceService, type InvoiceService } from './invoices.js';
import { createLedgerService, type LedgerService, ledgerSubmissionHandler } from './ledgers.js';
import { createOrderService, type OrderService } from './orders.js';
import { createPeppolOutboxService, type PeppolOutboxService } from './peppolOutbox.js';
import { createSandboxMailboxService, type SandboxMailboxService } from './sandboxMailbox.js';
import {
  createTaxReportBatchService,
  type TaxReportBatchService,
  type TaxReportBatchServiceOptions,
  taxReportBatchHandler,
} from './taxReportBatches.js';
import { createTaxReportSettingService, type TaxReportSettingService } from './taxReportSettings.js';
import {
  createTaxReportSubmissionService,
  ksefStatusHandler,
  type TaxReportSubmissionService,
  taxReportSubmissionHandler,
} from './taxReportSubmission.js';
import { createTaxReportService, type TaxReportService } from './taxReports.js';
import {
  createTinVerificationService,
  type TinVerificationService,
  tinVerificationHandler,
} from './tinVerifications.js';
import { createTransportService, type TransportService, transportJobHandlers } from './transports.js';
import { createWebHookService, type ResourcePage, type WebHookService } from './webHooks.js';
import { webhookDeliveryHandler } from './webhookDeliveries.js';
import { createWorker, type Worker, type WorkerOptions } from './worker.js';

/** Options of {@link createFiscalkit}. */
export interface FiscalkitOptions extends TaxReportBatchServiceOptions, WorkerOptions {
  /**
   * Run as a sandbox (issue #23; default false): webhooks may go to loopback and private addresses
   * (local receivers in development and tests), which outside the sandbox the SSRF guard refuses.
   */
  sandbox?: boolean;
}

/** The account's events (GET /accounts/{account}/events, spec §4.6). */
export interface EventService {
  list(account_id: number, page: PageRequest): Promise<ResourcePage<EventEnvelope>>;
  get(account_id: number, id: number): Promise<EventEnvelope | null>;
}

/** A fiscalkit service: the use cases over one set of ports, and the worker that runs their jobs. */
export interface Fiscalkit {
  readonly ports: Ports;
  /**
   * Where heavy pure work runs (issue #24): `ports.compute`, else inline. The HTTP binding parses
   * large JSON bodies through it.
   */
  readonly compute: Compute;
  readonly accounts: AccountService;
  /** The account's activity (GET /accounts/{account}/events, spec §4.6). */
  readonly accountEvents: AccountEventService;
  readonly bankAccounts: BankAccountService;
  readonly contacts: ContactService;
  readonly invoices: InvoiceService;
  /** The invoice's documents: UBL, CII, Factur-X, Facturae, FA(3), the readable PDF (issue #22). */
  readonly invoiceDocuments: InvoiceDocumentService;
  /** Validate, send and import invoices, and their delivery log (issue #23, docs/sending.md). */
  readonly invoiceSending: InvoiceSendingService;
  readonly orders: OrderService;
  readonly despatchAdvices: DespatchAdviceService;
  readonly taxReports: TaxReportService;
  /** The account's tax report settings (issue #23: `sii`, `ksef`; auto generate and send). */
  readonly taxReportSettings: TaxReportSettingService;
  /** POST /tax_reports/{id}/submit: a report's submission to its authority (issue #23). */
  readonly taxReportSubmissions: TaxReportSubmissionService;
  readonly transports: TransportService;
  readonly directory: DirectoryService;
  readonly documents: DocumentService;
  readonly codeLists: CodeListService;
  readonly taxReportBatches: TaxReportBatchService;
  readonly tinVerifications: TinVerificationService;
  /** The ledgers: submission to the tax authority, download of the message and of the response. */
  readonly ledgers: LedgerService;
  readonly webHooks: WebHookService;
  /** The sandbox Peppol access point's outbox (issue #23): what `sandboxPeppolAccessPoint` took. */
  readonly peppolOutbox: PeppolOutboxService;
  /** The sandbox mailbox (issue #23): the mails `sandboxMailbox` kept instead of sending them. */
  readonly sandboxMailbox: SandboxMailboxService;
  readonly events: EventService;
  /** Publishes events and schedules their deliveries (for the host's own events). */
  readonly publisher: EventPublisher;
  /**
   * Runs the background jobs: batches, ledger submissions, TIN verifications, webhook deliveries, and
   * the repair of a state change's deliveries (`event_dispatch`, issue #24).
   */
  readonly worker: Worker;
}

/**
 * Wires the services over `ports` (DESIGN.md "Shape"). With `memoryPorts()` from `fiscalkit/memory`
 * it is a complete service in one process; the host runs `worker.drain()` (or a loop around
 * `worker.runNext()`) to do the background work.
 *
 * @example
 * ```ts
 * import { memoryPorts } from 'fiscalkit/memory';
 * const fiscalkit = createFiscalkit(memoryPorts());
 * const verification = await fiscalkit.tinVerifications.create(1, { country: 'es', body: pairs });
 * await fiscalkit.worker.drain();
 * (await fiscalkit.tinVerifications.get(1, verification.id)).status; // 'success'
 * ```
 */
export function createFiscalkit(ports: Ports, options: FiscalkitOptions = {}): Fiscalkit {
  checkComputeValidator(ports);
  const publisher = createEventPublisher(ports);
  const deps: ServiceDeps = {
    publisher,
    base_url: (options.base_url ?? 'http://localhost').replace(/\/+$/, ''),
    sandbox: options.sandbox === true,
  };
  return {
    ports,
    get compute() {
      return computeOf(ports);
    },
    publisher,
    accounts: createAccountService(ports, deps),
    accountEvents: createAccountEventService(ports),
    bankAccounts: createBankAccountService(ports, deps),
    contacts: createContactService(ports, deps),
    invoices: createInvoiceService(ports, deps),
    invoiceDocuments: createInvoiceDocumentService(ports),
    invoiceSending: createInvoiceSendingService(ports, deps),
    orders: createOrderService(ports, deps),
    despatchAdvices: createDespatchAdviceService(ports, deps),
    taxReports: createTaxReportService(ports, deps),
    taxReportSettings: createTaxReportSettingService(ports),
    taxReportSubmissions: createTaxReportSubmissionService(ports),
    transports: createTransportService(ports, deps),
    directory: createDirectoryService(ports, deps),
    documents: createDocumentService(ports, deps),
    codeLists: createCodeListService(ports, deps),
    taxReportBatches: createTaxReportBatchService(ports, options),
    tinVerifications: createTinVerificationService(ports),
    ledgers: createLedgerService(ports, publisher),
    webHooks: createWebHookService(ports, deps),
    peppolOutbox: createPeppolOutboxService(ports),
    sandboxMailbox: createSandboxMailboxService(ports),
    events: {
      list: (account_id, page) => ports.events.list(account_id, page),
      get: (account_id, id) => ports.events.get(account_id, id),
    },
    worker: createWorker(
      ports,
      [
        taxReportBatchHandler(ports, publisher),
        ledgerSubmissionHandler(ports, publisher),
        taxReportSubmissionHandler(ports, publisher),
        ksefStatusHandler(ports, publisher),
        tinVerificationHandler(ports, publisher),
        webhookDeliveryHandler(ports, deps),
        invoiceSendHandler(ports, deps),
        invoiceSendRepairHandler(ports),
        eventDispatchHandler(ports, publisher),
        ...transportJobHandlers(ports, deps),
      ],
      options,
    ),
  };
}
