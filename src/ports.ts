/**
 * The ports of fiscalkit (DESIGN.md "Shape"): the small interfaces through which the services reach the
 * world. The domain modules never see them; `src/service` is the only layer that calls them. Adapters
 * implement them: `fiscalkit/memory` (every port, the embedded default), `fiscalkit/xsd` (the schema
 * validator on the official XSDs), `fiscalkit/threads` (the compute port on worker threads), and the
 * host's own (PostgreSQL, an HTTP census client, `fetch`).
 *
 * Every adapter of a port must pass that port's contract suite (`test/contracts/`), which states the
 * behaviour the services rely on: optimistic concurrency and idempotent inserts for repositories,
 * at-least-once leases for the job queue, order-preserving answers for the census, and so on.
 *
 * Values crossing a port are JSON-like data (plain objects, arrays, strings, numbers, booleans, null,
 * and immutable value objects such as lossless-json's `LosslessNumber`); a storage adapter keeps a
 * snapshot, never the caller's object.
 *
 * @module
 */
import type { DocumentValidation } from './documents/validateDocument.js';
import type { FacturaeSigner } from './einvoice/facturae/signer.js';
import type { PdfAssets } from './einvoice/pdf/render.js';
import type { EInvoiceValidator } from './einvoice/validator.js';
import type { Validated, ValidationIssue } from './errors/validationIssue.js';
import type { Account } from './model/account.js';
import type { AccountEvent } from './model/accountEvent.js';
import type { AccountMembership } from './model/accountMembership.js';
import type { BankAccountRecord } from './model/bankAccountRecord.js';
import type { Contact } from './model/contact.js';
import type { DespatchAdvice } from './model/despatchAdvice.js';
import type { EventEnvelope } from './model/event.js';
import type { Invoice } from './model/invoice.js';
import type { InvoiceDelivery } from './model/invoiceDelivery.js';
import type { KsefTaxReportCreate } from './model/ksefTaxReport.js';
import type { Ledger, LedgerResponse } from './model/ledger.js';
import type { Order } from './model/order.js';
import type { PeppolOutboxEntry } from './model/peppolOutboxEntry.js';
import type { PeppolParticipant } from './model/peppolParticipant.js';
import type { RecordCondition } from './model/recordFilter.js';
import type { StoredRequestLog } from './model/requestLog.js';
import type { SandboxMail } from './model/sandboxMail.js';
import type { TaxReport } from './model/taxReport.js';
import type { TaxReportBatch, TaxReportBatchInput } from './model/taxReportBatch.js';
import type { TaxReportSetting } from './model/taxReportSetting.js';
import type { CensusAnswer, StoredTinVerification } from './model/tinVerification.js';
import type { StoredTransport } from './model/transport.js';
import type { WebhookDelivery } from './model/webhookDelivery.js';
import type { WebhookSubscription } from './model/webhookSubscription.js';
import type { SiiImport } from './sii/import/importSiiMessage.js';
import type { SiiResponse } from './sii/import/response.js';
import type { SiiMessage, SiiTitular } from './sii/message.js';
import type { ApiVersion } from './versions/apiVersion.js';
import type { JsonLimits } from './versions/jsonLimits.js';
import type { SchemaValidator, SchemaVerdict } from './xml/schemaValidator.js';

// ─── Schema validation (issue #6) ──────────────────────────────────────────────────────────────────

export type {
  FacturaeSignatureFailure,
  FacturaeSigner,
  FacturaeSignerRole,
} from './einvoice/facturae/signer.js';
export type { PdfAssets } from './einvoice/pdf/render.js';
// The e-invoice validator (issue #21) is made by `createEInvoiceValidator` of `fiscalkit/validate` over
// the host's artefacts; its interface lives beside it, in the e-invoice layer.
export type { EInvoiceValidator, RuleSetAvailability } from './einvoice/validator.js';
// The schema validator port is defined beside the XML it judges, below the formats, which use verdicts
// without seeing the ports (issue #20 §2; docs/architecture.md "Layers"); this is where adapters and
// hosts find it.
export type { SchemaError, SchemaValidator, SchemaVerdict } from './xml/schemaValidator.js';

// ─── Clock and ids ─────────────────────────────────────────────────────────────────────────────────

/**
 * The time (DESIGN.md "Clock and ids are injected"): every timestamp, lease, cache expiry and retry
 * schedule reads it, so a test or a replay with a manual clock is deterministic.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, UTC. */
  now(): number;
}

/**
 * Hands out resource ids: positive safe integers (the spec's ids are integers, §2.10), unique per
 * `kind` (`tax_report`, `ledger`, …) and never reused. Asynchronous because a database sequence is.
 */
export interface IdGenerator {
  next(kind: string): Promise<number>;
  /**
   * `count` ids of `kind` at once, increasing, as `count` calls of `next` would give them: one round
   * trip instead of `count` for a generator behind a database (an invoice's lines). Optional: the
   * service falls back to `next` (`nextIds`).
   */
  nextMany?(kind: string, count: number): Promise<number[]>;
}

/**
 * Cryptographically secure random bytes (webhook signing secrets, `webhookSecret`). A port because
 * the core has no randomness of its own (DESIGN.md); the memory adapter uses Web Crypto, or a seeded
 * generator in tests.
 */
export interface RandomSource {
  bytes(length: number): Uint8Array;
}

// ─── Storage ───────────────────────────────────────────────────────────────────────────────────────

/**
 * A stored value with its version (optimistic concurrency): 1 after insert, +1 on every update. An
 * update names the version it read; if another writer got there first the update fails with
 * {@link VersionConflictError} instead of silently overwriting (no lost update).
 */
export interface Versioned<T> {
  readonly value: T;
  readonly version: number;
}

/** The answer to an insert: the stored value, and whether this call created it (false: the key existed). */
export interface Inserted<T> extends Versioned<T> {
  readonly created: boolean;
}

/** Options of {@link Repository.insert}. */
export interface InsertOptions {
  /**
   * An idempotency key, unique within the repository and the record's account (another account's
   * keys are not seen, as its records are not): an insert whose key is already stored creates
   * nothing and answers the stored value with `created: false`. Background jobs use it so that a
   * record re-processed after a crash finds what the first run stored instead of storing it twice.
   */
  key?: string;
}

/**
 * An event written with a record's update, in the same transaction: the outbox of issue #24 item 4.
 * The event is stored exactly when the update is (never a state change without its event, never an
 * event of a change that did not happen), and its id is drawn once the update holds the record, so
 * the events of one record are numbered in the order of its versions.
 */
export interface OutboxEvent {
  /** The account whose events list it (GET /accounts/{account}/events). */
  readonly account_id: number;
  /** The envelope; an `id` it carries is ignored: the sink assigns one. */
  readonly event: EventEnvelope;
  /**
   * Its key in the {@link EventSink} (`append`'s): an event already stored under the key is not stored
   * again, and the update answers the stored one — when it is of the same version of the record. A
   * stored event whose `data.version` is a number other than the version the update gives the record
   * makes the update refuse with {@link OutboxKeyConflictError}, writing nothing: answering it would
   * leave the new version without its event, and the newest event not saying the stored state. So a
   * state change is keyed by the version it makes (`invoice:{id}:{code}:{version}`). A stored event
   * with no numeric `data.version` is answered as it is (nothing tells its version).
   */
  readonly key: string;
}

/** Options of {@link Repository.update}. */
export interface UpdateOptions {
  /**
   * Events to store in the {@link EventSink} with the update, atomically (the outbox, issue #24 item
   * 4): all of them when the update succeeds, none when it throws — also when an event cannot be
   * stored (an account that is no integer, an envelope that cannot be copied: a `TypeError` or the
   * copy's error) or its key holds another version's event ({@link OutboxKeyConflictError}). The
   * publisher then only schedules their deliveries (`EventPublisher.dispatch`).
   */
  events?: readonly OutboxEvent[];
}

/** The answer to an update: the stored value and version, and the events stored with it. */
export interface Updated<T> extends Versioned<T> {
  /**
   * The {@link UpdateOptions.events} as the sink holds them, with their ids, in the order given (an
   * event whose key was already stored is the stored one). Absent when the adapter keeps no outbox
   * (a memory repository made without a sink, a host's wrapper that drops the option): the caller
   * then appends the events itself, after the update, as fiscalkit did before issue #24.
   */
  readonly events?: readonly EventEnvelope[];
}

/** A page of a list (spec §2.1: `offset`, `limit`). */
export interface PageRequest {
  offset: number;
  limit: number;
}

/** One page and the size of the whole list (spec §2.1 `meta.total_count`). */
export interface Page<T> {
  items: Versioned<T>[];
  total_count: number;
}

/**
 * The records of one resource, tenant-scoped (DESIGN.md "Tenancy"): every read names the account, and a
 * record of another account is simply not there (`null`, never a leak). A record's account is its
 * `account_id` (for accounts themselves, their `id`).
 *
 * Contract (`test/contracts/repository.ts`): an insert stores a snapshot; `get` and `list` answer
 * snapshots the caller cannot use to change the store; ids are unique (a second insert of an id throws
 * {@link DuplicateRecordError}); `update` and `remove` throw {@link VersionConflictError} when the
 * version is stale and {@link RecordMissingError} when the record is not there (in that account);
 * `list` is in ascending id order. An adapter with an outbox stores an update's events with it,
 * atomically, numbered after the events of the record's earlier versions (issue #24 item 4).
 */
export interface Repository<T extends { readonly id: number }> {
  insert(value: T, options?: InsertOptions): Promise<Inserted<T>>;
  get(account_id: number, id: number): Promise<Versioned<T> | null>;
  /**
   * Stores `value` at version + 1 when the stored version is `expected_version`; with
   * `options.events`, stores those events in the same transaction (the outbox, {@link UpdateOptions}).
   */
  update(value: T, expected_version: number, options?: UpdateOptions): Promise<Updated<T>>;
  remove(account_id: number, id: number, expected_version: number): Promise<void>;
  list(account_id: number, page: PageRequest): Promise<Page<T>>;
  /**
   * The account record `id` belongs to, or null when it is not stored. Ids are unique per
   * repository, so this is the one read that names no account: the HTTP paths without an account
   * (`GET /invoices/{id}`, `PATCH /contacts/{id}`, spec §4) need it to find the tenant, and the
   * service then checks that the caller's group owns that account before reading the record
   * (`src/service/tenancy.ts`), so it never leaks a record.
   */
  ownerOf(id: number): Promise<number | null>;
  /**
   * The account's records whose top-level fields equal every value of `where` (`null` matches a
   * field that is null or absent), ascending by id, paged, with their number. For the lookups the
   * rules need (an invoice number already taken, a contact's offices, a transport type already
   * configured) and the list filters (invoice `type`); an adapter indexes the fields it is asked
   * about (issue #10: indexed columns for account, number, type, state).
   */
  find(account_id: number, where: Readonly<Record<string, FieldValue>>, page: PageRequest): Promise<Page<T>>;
  /**
   * The account's records that meet every one of `conditions` (`RecordCondition`: equality at a field
   * or a path into nested objects, text order for dates and instants, an ASCII-case-insensitive
   * substring of any of several fields; `recordMatches` says what each means), ascending by id, paged,
   * with their number. For the list filters (issue #19: invoice dates, number, customer TIN, contact
   * search, the Ransack-style `query`). No conditions lists the account's records, as `list` does.
   */
  search(account_id: number, conditions: readonly RecordCondition[], page: PageRequest): Promise<Page<T>>;
}

/** A top-level field value a {@link Repository.find} can match. */
export type FieldValue = string | number | boolean | null;

/**
 * Every repository the services use, one per resource (issue #7). `taxReportBatchInputs` keeps a
 * batch's records exactly as accepted, apart from its status record, so the status record stays small
 * while the job writes it. `ledgerResponses` keeps the tax authority's answer to each submitted ledger
 * (one per ledger, keyed by the ledger's id; spec §4.2 GET /ledgers/{id}/download_response).
 */
export interface Store {
  accounts: Repository<Account>;
  /**
   * Which group owns each account; the tenant of these records is the group (`AccountMembership`).
   * Written once, with the account, and never removed or moved: the service remembers a membership
   * once seen (`tenancy.ts`), so a host that took one away would have to restart its processes.
   */
  accountGroups: Repository<AccountMembership>;
  /** The account's activity (GET /accounts/{account}/events). */
  accountEvents: Repository<AccountEvent>;
  bankAccounts: Repository<BankAccountRecord>;
  contacts: Repository<Contact>;
  invoices: Repository<Invoice>;
  orders: Repository<Order>;
  despatchAdvices: Repository<DespatchAdvice>;
  transports: Repository<StoredTransport>;
  /**
   * fiscalkit's Peppol directory: the participants published transports announce, all in the public
   * tenant `0` (the directory is read across tenants, spec §4.8; `PeppolParticipant`).
   */
  peppolParticipants: Repository<PeppolParticipant>;
  /** Request logs (spec §7.1); their tenant is the group of the key that made the request, 0 for none. */
  requestLogs: Repository<StoredRequestLog>;
  taxReports: Repository<TaxReport>;
  /** An account's tax report settings (issue #23), one per authority `code`. */
  taxReportSettings: Repository<TaxReportSetting>;
  ledgers: Repository<Ledger>;
  ledgerResponses: Repository<LedgerResponse>;
  taxReportBatches: Repository<TaxReportBatch>;
  taxReportBatchInputs: Repository<TaxReportBatchInput>;
  tinVerifications: Repository<StoredTinVerification>;
  webhookSubscriptions: Repository<WebhookSubscription>;
  webhookDeliveries: Repository<WebhookDelivery>;
  /**
   * The documents the sandbox Peppol access point took (issue #23; `sandboxPeppolAccessPoint`), one
   * per delivery key and account, read by GET /accounts/{account}/peppol_outbox.
   */
  peppolOutbox: Repository<PeppolOutboxEntry>;
  /**
   * The mails the sandbox mailbox kept instead of sending them (issue #23; `sandboxMailbox`), one per
   * delivery key and account, read by GET /accounts/{account}/sandbox_mailbox.
   */
  sandboxMail: Repository<SandboxMail>;
  /** The deliveries of sent invoices (issue #23; GET /invoices/{id}/deliveries), looked up by `key` and `invoice_id`. */
  invoiceDeliveries: Repository<InvoiceDelivery>;
}

// ─── Job queue ─────────────────────────────────────────────────────────────────────────────────────

/** A job to enqueue. `payload` is JSON data (ids, not whole resources). */
export interface JobDraft {
  kind: string;
  payload: Readonly<Record<string, unknown>>;
  /** Not before this instant (ms since the epoch); default now. */
  run_at?: number;
  /**
   * A deduplication key, unique within the queue for ever: enqueueing a key already seen creates no
   * job and answers the existing one. Used so a re-run publisher never enqueues a delivery twice.
   */
  key?: string;
}

/** The states of a job: waiting (`queued`), held by a worker (`leased`), `done`, or given up (`dead`). */
export type JobStatus = 'queued' | 'leased' | 'done' | 'dead';

/** A job as the queue holds it. */
export interface Job {
  readonly id: number;
  readonly kind: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly key: string | null;
  readonly status: JobStatus;
  /**
   * How many runs of the job count (1 on the first run): the leases, less the runs given back with
   * `retry(…, {counted: false})`.
   */
  readonly attempts: number;
  /** When the job may next be leased. */
  readonly run_at: number;
  /** The error of the last failed attempt, or null. */
  readonly last_error: string | null;
}

/** Options of {@link JobQueue.retry}. */
export interface RetryOptions {
  /** When the job may be leased again (ms since the epoch). */
  run_at: number;
  /** Why the run failed; stored as the job's `last_error`. */
  error: string;
  /** Whether the run spends an attempt; default true. */
  counted?: boolean;
}

/** A worker's hold on a job until `expires_at`; after that the job can be leased again (a crashed worker). */
export interface Lease {
  readonly job: Job;
  readonly token: string;
  readonly expires_at: number;
}

/** Options of {@link JobQueue.lease}. */
export interface LeaseOptions {
  /** Now, from the caller's clock: jobs with `run_at ≤ now` are due. */
  now: number;
  /** How long the lease holds. */
  lease_ms: number;
  /** Only these kinds; default any. */
  kinds?: readonly string[];
}

/**
 * The background job queue: at-least-once delivery with leases (issue #7). A due job is leased to one
 * worker at a time; `complete` ends it, `retry` puts it back for later (backoff), `fail` gives up. A
 * worker that dies simply lets its lease expire, and the job is leased again with `attempts` + 1, so
 * every handler must be idempotent (DESIGN.md "Background work is idempotent and resumable").
 *
 * Contract (`test/contracts/jobQueue.ts`): due jobs are leased oldest `run_at` first, then in enqueue
 * order; a job is never held by two live leases; `extend`, `complete`, `retry` and `fail` with a lease
 * that has expired and been taken by another worker throw {@link LeaseLostError}.
 */
export interface JobQueue {
  enqueue(draft: JobDraft): Promise<{ job: Job; created: boolean }>;
  lease(options: LeaseOptions): Promise<Lease | null>;
  /**
   * Renews a lease that is still held: it now expires `lease_ms` after `now`. A long job calls it
   * between steps so that no second worker takes the job over while it runs; it is also how a worker
   * proves it still holds a job before acting on its behalf (giving up on its resource). Throws
   * {@link LeaseLostError} when another worker holds the job.
   */
  extend(lease: Lease, options: { now: number; lease_ms: number }): Promise<Lease>;
  complete(lease: Lease): Promise<void>;
  /**
   * Puts the job back for `run_at`, with `error` as its `last_error`. `counted: false` gives the run's
   * attempt back (`attempts` − 1): the run found its job not ready — the resource it works on not
   * stored yet — which says nothing of whether the job can succeed, so it must not spend the
   * handler's retries (see `JobNotReadyError`).
   */
  retry(lease: Lease, options: RetryOptions): Promise<void>;
  fail(lease: Lease, options: { error: string }): Promise<void>;
  get(id: number): Promise<Job | null>;
}

// ─── Cache ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * A key-value cache with expiry, read and written in bulk (a TIN verification looks up to 20,000 keys
 * at once). Used for census answers, 24 hours (spec §4.3). Expiry is judged by the adapter's clock.
 */
export interface Cache<V> {
  /** The values of `keys`, in order; `undefined` for a key absent or expired. */
  getMany(keys: readonly string[]): Promise<(V | undefined)[]>;
  /** Stores each `[key, value]` for `ttl_ms` from now. */
  setMany(entries: readonly (readonly [string, V])[], ttl_ms: number): Promise<void>;
}

// ─── Census (TIN verification) ─────────────────────────────────────────────────────────────────────

/** One pair sent to the census: the NIF in the compact national form (no `ES`, es-tin.md §5) and the name. */
export interface CensusQuery {
  nif: string;
  name: string;
}

/** Most pairs in one census call (VNifV2 `Contribuyente` maxOccurs 10000, es-tin.md §4.2). */
export const MAX_CENSUS_PAIRS_PER_CALL = 10_000;

/**
 * The tax authority's census (AEAT VNifV2, es-tin.md §4): one answer per query, in query order, at
 * most {@link MAX_CENSUS_PAIRS_PER_CALL} queries per call. A call that cannot complete throws
 * {@link CensusError}.
 */
export interface CensusClient {
  check(queries: readonly CensusQuery[]): Promise<CensusAnswer[]>;
}

// ─── Tax authority ─────────────────────────────────────────────────────────────────────────────────

/** One ledger sent to the tax authority: the message XML (an SII `SuministroLR…` / `BajaLR…`). */
export interface TaxAuthoritySubmission {
  /** The ledger being sent, for logs and idempotency on the adapter's side. */
  ledger_id: number;
  xml: string;
}

/**
 * Submits a ledger to the tax authority and answers its response document (for SII, a
 * `RespuestaLR…`, read with `parseSiiResponse`). A submission that cannot complete throws
 * {@link TaxAuthorityError}.
 */
export interface TaxAuthorityTransport {
  submit(submission: TaxAuthoritySubmission): Promise<{ xml: string }>;
}

// ─── KSeF (issue #23) ─────────────────────────────────────────────────────────────────────────────

/**
 * One FA(3) invoice sent to KSeF 2.0 (ksef-fa3.md; the published OpenAPI of `api.ksef.mf.gov.pl/v2`):
 * the XML as `GET /tax_reports/{id}/download` gives it, in the context of the seller's NIP.
 */
export interface KsefSubmission {
  /** The tax report being sent, for logs and idempotency on the adapter's side. */
  tax_report_id: number;
  account_id: number;
  /** The seller's NIP (10 digits): the KSeF context the session is opened in. */
  nip: string;
  /** The FA(3) document, UTF-8. */
  xml: string;
  /**
   * The same key is the same invoice: an adapter that re-runs after a crash finds the session and the
   * invoice it already sent (or KSeF answers its duplicate status 440 naming the first one).
   */
  key: string;
}

/**
 * Where a KSeF invoice stands, as the invoice status of the session answers it (`GET
 * /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}`): `code` and `description` are KSeF's
 * own (100 / 150 in progress, 200 accepted, 4xx rejected), `reference` names the invoice for
 * {@link KsefTransport.status}.
 */
export type KsefStatus =
  | { state: 'pending'; reference: string; code: number; description: string }
  | {
      state: 'accepted';
      reference: string;
      code: number;
      description: string;
      /** The number KSeF gives the invoice (`ksefNumber`). */
      ksef_number: string;
      /** The UPO (official receipt) XML, when KSeF has issued it. */
      upo: string | null;
    }
  | { state: 'rejected'; reference: string; code: number; description: string; details: string[] };

/**
 * Sends FA(3) invoices to KSeF and reads their status (issue #23). `submit` answers the status right
 * after sending (usually `pending`); `status` polls it. A call that cannot complete throws
 * {@link TaxAuthorityError} (retryable or not).
 */
export interface KsefTransport {
  submit(submission: KsefSubmission): Promise<KsefStatus>;
  status(submission: KsefSubmission, reference: string): Promise<KsefStatus>;
}

// ─── Invoice delivery (issue #23) ─────────────────────────────────────────────────────────────────

/** A party of an {@link OutgoingDocument}: who sends it, who receives it. */
export interface DeliveryParty {
  name: string;
  /** The e-mail address, where the party has one. */
  email: string | null;
  /** The Peppol participant id `scheme:value` (e.g. `0088:5790000436064`), where the party has one. */
  peppol_id: string | null;
}

/** An invoice rendered as the document its recipient gets, handed to a {@link DeliveryChannel}. */
export interface OutgoingDocument {
  /**
   * The same key is the same delivery: a channel that can (an access point, the sandbox outbox)
   * delivers it once however often it is handed over; SMTP uses it as the Message-ID.
   */
  key: string;
  account_id: number;
  invoice_id: number;
  invoice_number: string;
  /** The document type code (GET /document_types), e.g. `xml.ubl.invoice.bis3`. */
  document_type: string;
  filename: string;
  media_type: string;
  content: Uint8Array;
  sender: DeliveryParty;
  recipient: DeliveryParty;
  /** For Peppol: the document type and process identifiers of the SBDH (Peppol BIS 3 §3). */
  peppol?: { document_type_id: string; process_id: string };
  /** The language the covering text is written in (ISO 639-1), for e-mail. */
  language: string;
}

/** What a channel answers for a delivery it made. */
export interface DeliveryReceipt {
  /** The channel's own id of the message (the SMTP Message-ID, the access point's message id). */
  message_id: string;
  /** What the other side said (the SMTP server's answer, the access point's status). */
  detail: string;
}

/**
 * One way an invoice reaches its recipient (issue #23): e-mail over SMTP, the Peppol network through
 * an access point's submission API. `send` answers once the other side has taken the document; a
 * delivery that cannot complete throws {@link DeliveryError}.
 */
export interface DeliveryChannel {
  send(document: OutgoingDocument): Promise<DeliveryReceipt>;
}

/** The delivery channels by transport type code (GET /transport_types: `email`, `peppol`). */
export interface DeliveryChannels {
  email?: DeliveryChannel;
  peppol?: DeliveryChannel;
}

// ─── Events and webhooks ───────────────────────────────────────────────────────────────────────────

/**
 * Where events go (spec §6; GET /accounts/{account}/events lists them). The sink assigns each event
 * its integer `id` (api-notes.md §5.1) and keeps it for ever, whatever becomes of its deliveries.
 * `append` is idempotent by `key`: a publisher that re-runs after a crash gets the stored event back
 * (`created: false`) instead of a second one.
 */
export interface EventSink {
  append(
    account_id: number,
    event: EventEnvelope,
    key: string,
  ): Promise<{ event: EventEnvelope; created: boolean }>;
  get(account_id: number, id: number): Promise<EventEnvelope | null>;
  /**
   * The account's event stored under `key`, or null. How the repair of a state change tells whether
   * the change happened: its event is written with it (`UpdateOptions.events`, issue #24 item 4).
   */
  byKey(account_id: number, key: string): Promise<EventEnvelope | null>;
  /** The account's events, oldest first. */
  list(account_id: number, page: PageRequest): Promise<{ items: EventEnvelope[]; total_count: number }>;
}

/** One webhook delivery attempt: an HTTP POST of `body` with `headers`. */
export interface WebhookRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  /** Give up waiting after this long; the attempt then counts as failed. */
  timeout_ms: number;
}

/**
 * Posts webhook deliveries. Answers the receiver's HTTP status; a request that gets no answer
 * (refused, reset, timed out) throws, and the delivery records that attempt as failed.
 */
export interface WebhookTransport {
  post(request: WebhookRequest): Promise<{ status: number }>;
}

// ─── API keys (spec §5) ─────────────────────────────────────────────────────────────────────────────

/** The environments of spec §5 rule 2: sandbox keys start with `test_`. */
export type ApiEnvironment = 'sandbox' | 'staging' | 'production';

/** An API key as the key store holds it (issue #8: `key`, `environment`, `group`, `expires_at`). */
export interface ApiKeyRecord {
  readonly key: string;
  readonly environment: ApiEnvironment;
  /** The group the key is linked to; null → 403 `no_account_group` (spec §5 rule 3). */
  readonly group: number | null;
  /** When the key stops working (RFC 3339 UTC instant); null for never. */
  readonly expires_at: string | null;
}

/** A group of keys: it owns the accounts its keys create and may carry a default API version (spec §5 rule 5, §9 rule 1). */
export interface AccountGroup {
  readonly id: number;
  readonly api_version: string | null;
}

/**
 * Where API keys and their groups come from (spec §5). The reference server reads them from a JSON
 * file (`FISCALKIT_KEYS`); a host plugs in its own identity store.
 */
export interface KeyStore {
  /** The key, or null when no such key exists (→ 401 `invalid_api_key`). */
  key(key: string): Promise<ApiKeyRecord | null>;
  group(id: number): Promise<AccountGroup | null>;
}

// ─── Blobs (attachments, logos) ────────────────────────────────────────────────────────────────────

/** A stored file: an invoice attachment or an account logo. */
export interface StoredBlob {
  readonly id: number;
  readonly account_id: number;
  readonly filename: string;
  readonly content_type: string;
  readonly bytes: Uint8Array;
}

/**
 * Files kept outside the resource records (issue #8: "attachments kept through a blob port"), so that
 * a record stays small and a host can put the bytes in object storage. Tenant-scoped like the store.
 */
export interface BlobStore {
  put(blob: StoredBlob): Promise<void>;
  get(account_id: number, id: number): Promise<StoredBlob | null>;
  /** Removes the blob; removing one that is not there does nothing. */
  remove(account_id: number, id: number): Promise<void>;
}

// ─── Compute (issue #24) ───────────────────────────────────────────────────────────────────────────

/** What the {@link ComputeTasks} `tax_report_import` takes: an upload and its caller. */
export interface TaxReportImportTaskInput {
  /** The document: an FA(3) invoice or an SII message of one record. */
  file: string | Uint8Array;
  /** The caller's version: the §2.7 rules `createKsefTaxReport` applies, and whether the flags count. */
  api_version: ApiVersion;
  /** Spec §2.7 "also accepted on import" (from the version that has the fields): win over `JST`/`GV`. */
  customer_party_jst?: boolean | null | undefined;
  customer_party_gv?: boolean | null | undefined;
}

/** What the {@link ComputeTasks} `tax_report_import` answers, by the format of the upload. */
export type TaxReportImportTaskOutput =
  /** Neither format, or refused by the guards (size, encoding, DTD, well-formedness). */
  | { format: null; issues: ValidationIssue[] }
  /** FA(3): `importFa3`, then `createKsefTaxReport` in the caller's version with the §2.7 flags. */
  | { format: 'fa3'; created: Validated<KsefTaxReportCreate> }
  /** SII: `importSiiMessage` (the service takes one-record alta messages only). */
  | { format: 'sii'; imported: Validated<SiiImport> };

/** What the {@link ComputeTasks} `ledger_import` answers, by the format of the upload. */
export type LedgerImportTaskOutput =
  | { format: null; issues: ValidationIssue[] }
  /** FA(3): a tax report, not a ledger; nothing more is read. */
  | { format: 'fa3' }
  | {
      format: 'sii';
      /** `importSiiMessage` of the file. */
      imported: Validated<SiiImport>;
      /**
       * For an accepted message (an alta, or a baja: issue #18 item 16): the SII rules on the whole
       * message with the given titular (`buildSiiMessage`; its issues when it fails) and the schema
       * validator's verdict on the message it built. Null when the import failed (the service refuses
       * it first).
       */
      judged:
        | { success: false; issues: ValidationIssue[] }
        | { success: true; verdict: SchemaVerdict }
        | null;
    };

/**
 * The pure, CPU-heavy tasks of the import and validation paths, by name: what each takes (`input`) and
 * answers (`output`). Inputs and outputs are plain data that survive a structured clone (strings,
 * byte arrays, plain objects and arrays) and outputs are JSON data, so a task answers the same on a
 * worker thread as inline. Every task answers the problems of its input as issues, never by throwing.
 */
export interface ComputeTasks {
  /**
   * POST …/tax_reports/import: the upload's guards and format (`detectTaxReportDocument`, which checks
   * the whole document is well-formed), then the importer of that format.
   */
  tax_report_import: { input: TaxReportImportTaskInput; output: TaxReportImportTaskOutput };
  /**
   * POST …/ledgers/import: the guards and format, `importSiiMessage`, then `buildSiiMessage` with
   * `titular` and the schema verdict on the message it built.
   */
  ledger_import: {
    input: { file: string | Uint8Array; titular: SiiTitular };
    output: LedgerImportTaskOutput;
  };
  /** A ledger's message, for its download and its submission (`buildSiiMessage`). */
  ledger_message: { input: SiiMessage; output: Validated<string> };
  /** The tax authority's answer to a ledger (`parseSiiResponse`). */
  ledger_response: { input: string; output: Validated<SiiResponse> };
  /**
   * POST /documents/validate (`validateDocument`, SII messages judged by the task's validator, e-invoices
   * by its e-invoice validator when it has one).
   */
  document_validation: {
    input: { content: string | Uint8Array; param: string };
    output: Validated<DocumentValidation>;
  };
  /**
   * A JSON request body read without loss (`parseJsonBody`, its limits first), answered as the text of
   * `encodeJsonTree` — `LosslessNumber`s do not survive a structured clone — for `decodeJsonTree`.
   */
  json_body: {
    input: { text: string; max_bytes: number; limits: JsonLimits };
    output: Validated<string>;
  };
}

/** The name of a {@link ComputeTasks} task. */
export type ComputeTask = keyof ComputeTasks;

/**
 * Runs the services' heavy pure work (issue #24 item 1: "no request may hold the event loop for more
 * than about 100 ms at a time: stream or chunk long work, or move it to a worker thread"): importing a
 * 10 MB SII message takes seconds of CPU, and while it runs inline no other request of any tenant is
 * answered. The tasks are a fixed table ({@link ComputeTasks}) of pure functions, so an adapter may run
 * them anywhere: `inlineCompute` (the default when `Ports.compute` is not given) runs them on the
 * calling thread, `threadCompute` from `fiscalkit/threads` on a pool of worker threads.
 *
 * Contract (`test/adapters/threads.test.ts`): `run` answers what the task answers inline, for every
 * task and input; a task that throws, or a thread that dies under it, rejects the call with an error
 * (it never hangs); problems of the input are `Validated` issues in the answer, not rejections.
 */
export interface Compute {
  /**
   * Whether `run` does the work on the calling thread: callers may then skip the encoding that
   * crossing a thread needs (the `json_body` task's text).
   */
  readonly inline: boolean;
  /**
   * The name of the schema validator the tasks judge SII XML with (`SchemaValidator.name`). It must be
   * the `schemaValidator` port's: `createFiscalkit` refuses ports where they differ, so that one
   * service never gives two verdicts on the same document.
   */
  readonly schemaValidator: string;
  /**
   * Where the tasks' e-invoice validator reads its artefacts (`EInvoiceValidator.description`), or
   * null / absent when the tasks have none. It must match the `einvoice` port's: `createFiscalkit`
   * refuses ports where they differ, as for `schemaValidator`.
   */
  readonly einvoice?: string | null;
  /** Runs `task` on `input`; rejects only when the task could not be run to its end. */
  run<T extends ComputeTask>(task: T, input: ComputeTasks[T]['input']): Promise<ComputeTasks[T]['output']>;
}

// ─── Everything together ───────────────────────────────────────────────────────────────────────────

/** The ports a fiscalkit service runs on; `memoryPorts()` from `fiscalkit/memory` gives all of them. */
export interface Ports {
  store: Store;
  jobs: JobQueue;
  census: CensusClient;
  /** Census answers for 24 hours (spec §4.3), keyed by {@link censusCacheKey}. */
  tinCache: Cache<CensusAnswer>;
  taxAuthority: TaxAuthorityTransport;
  /**
   * KSeF 2.0 (issue #23): the real client of `fiscalkit/ksef-client`, or the sandbox simulator. Without
   * it Ksef tax reports are not submitted, and a submission says so (409), never pretends.
   */
  ksef?: KsefTransport;
  /**
   * How sent invoices travel (issue #23), by transport type code. A contact whose transport has no
   * channel here is not sent: the send is refused with a 422 that says so.
   */
  channels?: DeliveryChannels;
  schemaValidator: SchemaValidator;
  /**
   * The e-invoice validator (issue #21: `createEInvoiceValidator` of `fiscalkit/validate` over the host's
   * official artefacts): POST /documents/validate judges UBL, CII, Factur-X / ZUGFeRD PDFs, Facturae and
   * FatturaPA with it. Optional: without it those are checked for well-formedness only, and said so.
   */
  einvoice?: EInvoiceValidator;
  /**
   * The fonts and sRGB ICC profile the readable PDF (`pdf.invoice`) and Factur-X are drawn with (issue
   * #22), loaded on first use: `loadPdfAssets` of `fiscalkit/pdf` reads the fonts fiscalkit ships, and
   * `memoryPorts()` and `postgresPorts()` wire it. Without it those two document types are refused with
   * a 422 that says so, never answered with another document.
   */
  pdfAssets?: () => Promise<PdfAssets>;
  /**
   * Signs Facturae with XAdES-EPES under the Facturae policy (issue #22), with the host's key and
   * certificate (`createFacturaeSigner` of `fiscalkit/xades`). Without it `xml.facturae.3.2.2.signed` is
   * refused with a 422 that says so; the unsigned `xml.facturae.3.2.2` is always available.
   */
  facturaeSigner?: FacturaeSigner;
  events: EventSink;
  webhooks: WebhookTransport;
  /** Attachment and logo bytes. */
  blobs: BlobStore;
  /** API keys and groups (spec §5), read by the HTTP binding's authentication. */
  keys: KeyStore;
  clock: Clock;
  ids: IdGenerator;
  random: RandomSource;
  /**
   * Where the heavy pure work of imports and validation runs (issue #24); when not given, inline on the
   * calling thread (`inlineCompute` over `schemaValidator`), as before.
   */
  compute?: Compute;
}

// ─── Errors of the port contracts ──────────────────────────────────────────────────────────────────

/**
 * An update or removal named a version that is no longer the stored one: someone else wrote first.
 * The caller reads again and retries, or gives up with 409 `conflict`.
 *
 * @example
 * ```ts
 * const read = await repository.get(account_id, id);
 * try {
 *   await repository.update(change(read.value), read.version);
 * } catch (error) {
 *   if (error instanceof VersionConflictError) retry(); // someone else wrote first
 * }
 * ```
 */
export class VersionConflictError extends Error {
  override readonly name = 'VersionConflictError';
  constructor(
    readonly id: number,
    readonly expected_version: number,
    readonly actual_version: number,
  ) {
    super(`record ${String(id)} is at version ${String(actual_version)}, not ${String(expected_version)}`);
  }
}

/**
 * An update or removal of a record that is not stored (in that account).
 *
 * @example
 * ```ts
 * await repository.remove(account_id, 404, 1); // throws RecordMissingError
 * ```
 */
export class RecordMissingError extends Error {
  override readonly name = 'RecordMissingError';
  constructor(readonly id: number) {
    super(`record ${String(id)} is not stored`);
  }
}

/**
 * An insert of an id that is already stored (without an idempotency key that would make it a no-op).
 *
 * @example
 * ```ts
 * await repository.insert(report);
 * await repository.insert(report); // throws DuplicateRecordError
 * ```
 */
export class DuplicateRecordError extends Error {
  override readonly name = 'DuplicateRecordError';
  constructor(readonly id: number) {
    super(`record ${String(id)} is already stored`);
  }
}

/**
 * An update's outbox event ({@link UpdateOptions.events}) names a key under which the event sink
 * already holds the event of another version of the record: its `data.version` is `stored_version`,
 * not `version`, the version the update would give the record. Answering that event (as a key already
 * stored is otherwise answered) would leave the new version without its own event, so that the
 * highest-version event no longer says the stored state (issue #24 item 4); the update is refused and
 * nothing is written, record or event. A caller keys a state change by the version it makes.
 *
 * @example
 * ```ts
 * const event = { account_id: 1, event: built, key: 'tax_report.state_change:7:registered:2' };
 * await reports.update(next, 1, { events: [event] }); // version 2, with its event
 * await reports.update(later, 2, { events: [event] }); // throws OutboxKeyConflictError: version 2's key
 * ```
 */
export class OutboxKeyConflictError extends Error {
  override readonly name = 'OutboxKeyConflictError';
  constructor(
    /** The record the update named. */
    readonly id: number,
    readonly key: string,
    /** The `data.version` of the event stored under `key`. */
    readonly stored_version: number,
    /** The version the update would have given the record. */
    readonly version: number,
  ) {
    super(
      `the event key ${key} holds version ${String(stored_version)} of record ${String(id)}, not version ${String(version)}: the update is refused`,
    );
  }
}

/**
 * The lease expired and the job was leased to another worker: this worker must drop its result.
 *
 * @example
 * ```ts
 * await jobs.complete(staleLease); // throws LeaseLostError once another worker holds the job
 * ```
 */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly job_id: number) {
    super(`the lease on job ${String(job_id)} was lost`);
  }
}

/**
 * The storage behind a port cannot be reached right now (issue #24: a database restart, a network
 * fault): nothing about the request was wrong, and the same call may succeed later. A write that
 * failed this way may or may not have taken effect (its connection was lost in flight), so the caller
 * retries it as it would any request whose answer it never saw. The HTTP binding answers 503 with a
 * `Retry-After` of `retry_after_ms`; a worker puts the job back without spending an attempt.
 *
 * @example
 * ```ts
 * throw new StorageUnavailableError('PostgreSQL is unreachable (ECONNREFUSED)', 2000);
 * ```
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(
    message: string,
    /** How long the storage expects to stay away, at least (the adapter's next probe). */
    readonly retry_after_ms: number,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/**
 * Whether an error says the storage is away ({@link StorageUnavailableError}, also across copies of
 * the package, by its name).
 *
 * @example
 * ```ts
 * isStorageUnavailable(new StorageUnavailableError('away', 1000)); // true
 * isStorageUnavailable(new Error('boom')); // false
 * ```
 */
export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return (
    error instanceof StorageUnavailableError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { name?: unknown }).name === 'StorageUnavailableError' &&
      typeof (error as { retry_after_ms?: unknown }).retry_after_ms === 'number')
  );
}

/**
 * Why a census call could not complete: `rate_limited` (HTTP 429; `retry_after_ms` when the census
 * said), `unavailable` (a fault, a timeout, a status other than 200) — both worth retrying — or
 * `rejected` (the census refused the request itself, a SOAP `Client` fault): retrying cannot help.
 */
export type CensusFailure = 'rate_limited' | 'unavailable' | 'rejected';

/**
 * A census call that could not complete (es-tin.md §5: the verification fails only after retries).
 *
 * @example
 * ```ts
 * throw new CensusError('rate_limited', 'AEAT answered 429', 60_000);
 * new CensusError('rejected', 'SOAP Client fault').retryable; // false
 * ```
 */
export class CensusError extends Error {
  override readonly name = 'CensusError';
  constructor(
    readonly failure: CensusFailure,
    message: string,
    readonly retry_after_ms: number | null = null,
  ) {
    super(message);
  }

  /** Whether another attempt may succeed. */
  get retryable(): boolean {
    return this.failure !== 'rejected';
  }
}

/**
 * A submission to the tax authority that could not complete; `retryable` as for {@link CensusError}.
 *
 * @example
 * ```ts
 * throw new TaxAuthorityError('AEAT answered HTTP 503', true);
 * ```
 */
export class TaxAuthorityError extends Error {
  override readonly name = 'TaxAuthorityError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * A delivery channel could not deliver (issue #23): `retryable` when trying again later may work (a
 * connection refused, SMTP 4xx, HTTP 5xx), not when the other side refused the document for good
 * (SMTP 5xx, an unknown Peppol participant). `code` is the other side's own code, where it gave one.
 *
 * @example
 * ```ts
 * throw new DeliveryError('the SMTP server answered 451 4.3.0 try again later', true, '451');
 * ```
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The cache key of a census answer (es-tin.md §5: "keyed by the compact TIN and the submitted name"):
 * the two joined by a NUL. Only format-valid NIFs reach the census (nine letters and digits), so the
 * first NUL always ends the NIF and two different pairs never share a key.
 *
 * @example
 * ```ts
 * censusCacheKey({ nif: 'B12345674', name: 'ACME SL' }); // 'B12345674\u0000ACME SL'
 * ```
 */
export function censusCacheKey(query: CensusQuery): string {
  return `${query.nif}\u0000${query.name}`;
}
