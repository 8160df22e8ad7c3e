/**
 * Every port in memory (DESIGN.md "Shape"): `createFiscalkit(memoryPorts())` is a complete fiscalkit
 * service in one process, deterministic under its manual clock, with the controls of the memory
 * census, tax authority and webhook transport at hand for tests.
 *
 * @module
 */

import type { Account } from '../../model/account.js';
import type { AccountMembership } from '../../model/accountMembership.js';
import type { PeppolParticipant } from '../../model/peppolParticipant.js';
import type { StoredRequestLog } from '../../model/requestLog.js';
import type { CensusAnswer } from '../../model/tinVerification.js';
import type {
  BlobStore,
  Cache,
  CensusClient,
  Clock,
  EventSink,
  IdGenerator,
  JobQueue,
  KeyStore,
  Ports,
  RandomSource,
  SchemaValidator,
  Store,
  WebhookTransport,
} from '../../ports.js';
import { structuralSiiValidator } from '../../sii/validator/structuralSiiValidator.js';
import { loadPdfAssets } from '../pdf/assets.js';
import { memoryBlobStore } from './blobStore.js';
import { memoryCache } from './cache.js';
import { type MemoryCensus, type MemoryCensusOptions, memoryCensus } from './census.js';
import { type ManualClock, manualClock } from './clock.js';
import { type MemoryEventSink, memoryEventSink } from './eventSink.js';
import { sequentialIds } from './ids.js';
import { memoryJobQueue } from './jobQueue.js';
import { memoryKeyStore } from './keyStore.js';
import { webCryptoRandom } from './random.js';
import { memoryRepository } from './repository.js';
import { type MemoryTaxAuthority, memoryTaxAuthority } from './taxAuthority.js';
import { type MemoryWebhookTransport, memoryWebhookTransport } from './webhookTransport.js';

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /**
   * The event sink the repositories' outbox writes to (`UpdateOptions.events`, issue #24 item 4): the
   * ports' `events`, so that an event stored with an update is the one GET /accounts/{account}/events
   * lists. Without it the store keeps no outbox and the publisher appends events after the update.
   */
  outbox?: MemoryEventSink;
}

/**
 * A {@link Store} of memory repositories, one per resource. Every record belongs to its `account_id`;
 * an account belongs to itself (`id`). With `outbox`, updates store their events in that sink
 * (`memoryPorts` wires its own sink so; a host passing both a store and a sink wires them the same way).
 *
 * @example
 * ```ts
 * const store = memoryStore();
 * await store.accounts.insert(account); // account 1
 * await store.accounts.get(1, 1); // { value: account, version: 1 }
 * const events = memoryEventSink();
 * const ports = memoryPorts({ store: memoryStore({ outbox: events }), events });
 * ```
 */
export function memoryStore(options: MemoryStoreOptions = {}): Store {
  const outbox = options.outbox === undefined ? {} : { outbox: options.outbox };
  return {
    accounts: memoryRepository<Account>({ owner: (account) => account.id, ...outbox }),
    accountGroups: memoryRepository<AccountMembership>({
      owner: (membership) => membership.group_id,
      ...outbox,
    }),
    accountEvents: memoryRepository(outbox),
    bankAccounts: memoryRepository(outbox),
    contacts: memoryRepository(outbox),
    invoices: memoryRepository(outbox),
    orders: memoryRepository(outbox),
    despatchAdvices: memoryRepository(outbox),
    transports: memoryRepository(outbox),
    peppolParticipants: memoryRepository<PeppolParticipant>({
      owner: (participant) => participant.directory,
      ...outbox,
    }),
    requestLogs: memoryRepository<StoredRequestLog>({ owner: (log) => log.group_id, ...outbox }),
    taxReports: memoryRepository(outbox),
    taxReportSettings: memoryRepository(outbox),
    ledgers: memoryRepository(outbox),
    ledgerResponses: memoryRepository(outbox),
    taxReportBatches: memoryRepository(outbox),
    taxReportBatchInputs: memoryRepository(outbox),
    tinVerifications: memoryRepository(outbox),
    webhookSubscriptions: memoryRepository(outbox),
    webhookDeliveries: memoryRepository(outbox),
    invoiceDeliveries: memoryRepository(outbox),
    peppolOutbox: memoryRepository(outbox),
    sandboxMail: memoryRepository(outbox),
  };
}

/** Whether a sink can take a memory store's outbox (a {@link memoryEventSink}, or one like it). */
function isMemoryEventSink(events: EventSink): events is MemoryEventSink {
  return typeof (events as Partial<MemoryEventSink>).stageSync === 'function';
}

/** Options of {@link memoryPorts}: any port given replaces its memory adapter. */
export interface MemoryPortsOptions<C extends Clock = ManualClock> {
  /** Default a {@link manualClock} at 2026-04-20T10:40:00Z. */
  clock?: C;
  /**
   * A census client, or the options of the {@link memoryCensus} to make (its known NIFs); default an
   * empty memory census (every NIF `NO IDENTIFICADO` until `add`ed).
   */
  census?: CensusClient | MemoryCensusOptions;
  /** Default fiscalkit's structural SII validator. */
  schemaValidator?: SchemaValidator;
  /** Default {@link sequentialIds}. */
  ids?: IdGenerator;
  /** Default Web Crypto ({@link webCryptoRandom}); tests may pass `seededRandom()`. */
  random?: RandomSource;
  /**
   * Default a {@link memoryStore} whose outbox is `events` (when that is a memory sink). A store
   * given here keeps the outbox it was made with: `memoryStore({ outbox: events })` with the same
   * `events`, or none (events are then appended after each update).
   */
  store?: Store;
  /** Default a {@link memoryJobQueue} on the clock. */
  jobs?: JobQueue;
  /** Default a {@link memoryCache} on the clock. */
  tinCache?: Cache<CensusAnswer>;
  /** Default a {@link memoryEventSink}. */
  events?: EventSink;
  /** Default a {@link memoryBlobStore}. */
  blobs?: BlobStore;
  /** Default an empty {@link memoryKeyStore}. */
  keys?: KeyStore;
  /**
   * Default a {@link memoryWebhookTransport}. A host's own (the HTTP transport of `npm start`,
   * issue #23) is used as given: `webhooks` is then that transport, without the memory controls.
   */
  webhooks?: WebhookTransport;
}

/** The ports {@link memoryPorts} gives: the memory adapters with their controls. */
export interface MemoryPorts<C extends Clock = ManualClock, K extends CensusClient = MemoryCensus>
  extends Ports {
  clock: C;
  census: K;
  taxAuthority: MemoryTaxAuthority;
  webhooks: MemoryWebhookTransport;
  keys: KeyStore;
}

function isCensusClient(census: CensusClient | MemoryCensusOptions): census is CensusClient {
  return typeof (census as Partial<CensusClient>).check === 'function';
}

/**
 * Every port in memory: a {@link memoryStore}, a {@link memoryJobQueue}, a {@link memoryCache} of
 * census answers, a {@link memoryCensus}, a {@link memoryTaxAuthority}, a {@link memoryEventSink}, a
 * {@link memoryWebhookTransport}, {@link sequentialIds}, Web Crypto random bytes, the structural SII
 * validator, all on one clock (a {@link manualClock} unless given). Any port passed in `options` is
 * used instead of its memory adapter; `census` may also be the options of the memory census.
 *
 * @example
 * ```ts
 * const ports = memoryPorts({ census: { entries: [{ nif: 'B12345674', name: 'ACME SOCIEDAD LIMITADA' }] } });
 * const fiscalkit = createFiscalkit(ports);
 * ports.census.failNext(2);
 * ports.webhooks.down('https://example.test/hooks');
 * ports.clock.advance(60_000);
 * ```
 */
export function memoryPorts<C extends Clock = ManualClock, K extends CensusClient = CensusClient>(
  options: MemoryPortsOptions<C> & { census: K },
): MemoryPorts<C, K>;
export function memoryPorts<C extends Clock = ManualClock>(
  options?: MemoryPortsOptions<C> & { census?: MemoryCensusOptions },
): MemoryPorts<C, MemoryCensus>;
export function memoryPorts(options: MemoryPortsOptions<Clock> = {}): MemoryPorts<Clock, CensusClient> {
  const clock = options.clock ?? manualClock();
  const census = options.census ?? {};
  const events = options.events ?? memoryEventSink();
  return {
    store: options.store ?? memoryStore(isMemoryEventSink(events) ? { outbox: events } : {}),
    jobs: options.jobs ?? memoryJobQueue({ clock }),
    census: isCensusClient(census) ? census : memoryCensus(census),
    tinCache: options.tinCache ?? memoryCache<CensusAnswer>({ clock }),
    taxAuthority: memoryTaxAuthority({ clock }),
    schemaValidator: options.schemaValidator ?? structuralSiiValidator(),
    events,
    // The memory transport's controls are typed for the default; a host passing its own transport
    // reaches it as the `Ports` port it is (documented on the option).
    webhooks: (options.webhooks ?? memoryWebhookTransport()) as MemoryWebhookTransport,
    blobs: options.blobs ?? memoryBlobStore(),
    keys: options.keys ?? memoryKeyStore(),
    clock,
    ids: options.ids ?? sequentialIds(),
    random: options.random ?? webCryptoRandom(),
    // The fonts fiscalkit ships for the readable PDF and Factur-X (issue #22), read on first use.
    pdfAssets: () => loadPdfAssets(),
  };
}
