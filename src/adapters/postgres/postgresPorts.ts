/**
 * Every port a fleet shares, on PostgreSQL (issue #10): the store, job queue, TIN cache, event sink,
 * blobs and ids; the ports that reach the outside world (census, tax authority, webhook transport,
 * schema validator, keys, clock) are the host's, defaulting to the memory and system ones — except
 * the webhook transport, which defaults to real HTTP with the SSRF guard (issue #23).
 *
 * @module
 */

import type { Pool } from 'pg';
import type { CensusAnswer } from '../../model/tinVerification.js';
import type {
  CensusClient,
  Clock,
  KeyStore,
  Ports,
  RandomSource,
  SchemaValidator,
  TaxAuthorityTransport,
  WebhookTransport,
} from '../../ports.js';
import { structuralSiiValidator } from '../../sii/validator/structuralSiiValidator.js';
import { httpWebhookTransport } from '../http/webhookTransport.js';
import { memoryCensus } from '../memory/census.js';
import { systemClock } from '../memory/clock.js';
import { memoryKeyStore } from '../memory/keyStore.js';
import { webCryptoRandom } from '../memory/random.js';
import { memoryTaxAuthority } from '../memory/taxAuthority.js';
import { loadPdfAssets } from '../pdf/assets.js';
import { type AvailabilityChange, guardedPool, type Queryable } from './availability.js';
import { postgresBlobStore } from './blobStore.js';
import { postgresCache } from './cache.js';
import { postgresEventSink } from './eventSink.js';
import { postgresIds } from './ids.js';
import { postgresJobQueue } from './jobQueue.js';
import { postgresStore } from './store.js';

/** Options of {@link postgresPorts}: the host's own ports for what is not in the database. */
export interface PostgresPortsOptions {
  pool: Pool;
  /** Default the system clock (every process of a fleet must agree on time for leases). */
  clock?: Clock;
  /** Default an empty memory census (every NIF `NO IDENTIFICADO`): a host plugs in the AEAT client. */
  census?: CensusClient;
  taxAuthority?: TaxAuthorityTransport;
  /**
   * Default `httpWebhookTransport({ allowPrivate: false })`: deliveries over real HTTP, refusing
   * loopback and private destinations (issue #23). A sandbox passes one with `allowPrivate: true`.
   */
  webhooks?: WebhookTransport;
  schemaValidator?: SchemaValidator;
  keys?: KeyStore;
  random?: RandomSource;
  /**
   * Told when the database goes away and comes back (issue #24), once each per outage, for the
   * host's log. Meanwhile every port answers `StorageUnavailableError` (see `availability.ts`). A pool
   * has one guard: the listener of the first `postgresPorts` call on it is the one told.
   */
  onAvailability?: (change: AvailabilityChange) => void;
}

/** One outage guard per pool: reachability is the pool's, however many times ports are made on it. */
const GUARDS = new WeakMap<Pool, Queryable>();

/**
 * Every statement through the outage guard (issue #24, `availability.ts`): a lost database is
 * `StorageUnavailableError` and a backoff between connection attempts, never a crash. The waits are
 * real time, not the injected clock: a test's frozen clock must not keep the database away for ever.
 */
function guarded(pool: Pool, onChange: PostgresPortsOptions['onAvailability']): Queryable {
  const known = GUARDS.get(pool);
  if (known !== undefined) return known;
  const guard = guardedPool(pool, onChange === undefined ? {} : { onChange });
  // An idle connection the server drops is an 'error' on the pool, which ends the process when no
  // one listens ("Emitted 'error' event on BoundPool"). The pool has already let go of that client,
  // and one ended backend is not an outage: the next statement finds out whether the database is there.
  pool.on('error', () => undefined);
  GUARDS.set(pool, guard.pool);
  return guard.pool;
}

/**
 * The ports of a process of a fleet over one PostgreSQL database. Run `migrate(pool)` once first.
 *
 * @example
 * ```ts
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migrate(pool);
 * const fiscalkit = createFiscalkit(postgresPorts({ pool }), { base_url: 'https://api.example.com' });
 * ```
 */
export function postgresPorts(options: PostgresPortsOptions): Ports {
  const clock = options.clock ?? systemClock();
  const pool = guarded(options.pool, options.onAvailability);
  return {
    store: postgresStore(pool),
    jobs: postgresJobQueue(pool, { clock }),
    census: options.census ?? memoryCensus(),
    tinCache: postgresCache<CensusAnswer>(pool, { clock }),
    taxAuthority: options.taxAuthority ?? memoryTaxAuthority({ clock }),
    schemaValidator: options.schemaValidator ?? structuralSiiValidator(),
    events: postgresEventSink(pool),
    // Real deliveries (issue #23), refusing loopback and private destinations unless the host passes
    // a transport of its own (e.g. `httpWebhookTransport({ allowPrivate: true })` for a sandbox).
    webhooks: options.webhooks ?? httpWebhookTransport({ allowPrivate: false }),
    blobs: postgresBlobStore(pool),
    keys: options.keys ?? memoryKeyStore(),
    clock,
    ids: postgresIds(pool),
    random: options.random ?? webCryptoRandom(),
    // The fonts fiscalkit ships for the readable PDF and Factur-X (issue #22), read on first use.
    pdfAssets: () => loadPdfAssets(),
  };
}
