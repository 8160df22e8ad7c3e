/**
 * `fiscalkit/postgres`: the storage repositories, job queue, TIN cache, event sink, blob store and id
 * generator on PostgreSQL through `pg` (issue #10), for hosts that run several service processes and
 * workers against one database. Every adapter passes the same contract suite as its memory twin.
 *
 * @module
 */
export {
  type Availability,
  type AvailabilityChange,
  type AvailabilityOptions,
  guardedPool,
  isConnectionFailure,
  type Queryable,
} from './availability.js';
export { BLOB_STORE_MIGRATION, postgresBlobStore } from './blobStore.js';
export { type PostgresCache, type PostgresCacheOptions, postgresCache } from './cache.js';
export { EVENT_SINK_MIGRATION, type PostgresEventSinkOptions, postgresEventSink } from './eventSink.js';
export { postgresIds } from './ids.js';
export {
  JOB_QUEUE_MIGRATION,
  jobQueueMigration,
  type PostgresJobQueueOptions,
  postgresJobQueue,
} from './jobQueue.js';
export { decodeJson, encodeJson } from './json.js';
export { MIGRATIONS, type MigrateOptions, type Migration, migrate } from './migrations.js';
export { type PostgresPortsOptions, postgresPorts } from './postgresPorts.js';
export { type PostgresRepositoryOptions, postgresRepository } from './repository.js';
export { type PostgresStoreOptions, postgresStore } from './store.js';
export { type RecordTable, STORE_TABLES, TIN_CACHE_TABLE } from './tables.js';
