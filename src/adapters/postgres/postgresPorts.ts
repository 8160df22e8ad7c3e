/**
 * Every port a fleet shares, on PostgreSQL (issue #10): the store, job queue, TIN cache, event sink,
 * blobs and ids; the ports that reach the outside world (census, tax authority, webhook transport,
 * schema validator, keys, clock) are the host's, defaulting to the memory and system ones.
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
import { memoryCensus } from '../memory/census.js';
import { systemClock } from '../memory/clock.js';
import { memoryKeyStore } from '../memory/keyStore.js';
import { webCryptoRandom } from '../memory/random.js';
import { memoryTaxAuthority } from '../memory/taxAuthority.js';
import { memoryWebhookTransport } from '../memory/webhookTransport.js';
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
  webhooks?: WebhookTransport;
  schemaValidator?: SchemaValidator;
  keys?: KeyStore;
  random?: RandomSource;
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
  const { pool } = options;
  return {
    store: postgresStore(pool),
    jobs: postgresJobQueue(pool, { clock }),
    census: options.census ?? memoryCensus(),
    tinCache: postgresCache<CensusAnswer>(pool, { clock }),
    taxAuthority: options.taxAuthority ?? memoryTaxAuthority({ clock }),
    schemaValidator: options.schemaValidator ?? structuralSiiValidator(),
    events: postgresEventSink(pool),
    webhooks: options.webhooks ?? memoryWebhookTransport(),
    blobs: postgresBlobStore(pool),
    keys: options.keys ?? memoryKeyStore(),
    clock,
    ids: postgresIds(pool),
    random: options.random ?? webCryptoRandom(),
  };
}
