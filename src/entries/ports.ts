/**
 * `fiscalkit/ports`: what an adapter implements (docs/public-api.md, DESIGN.md "Shape"). `Ports` is
 * everything `createFiscalkit` is given — storage, job queue, cache, clock, ids, census, tax authority,
 * webhooks, keys, blobs, schema validation, compute — and the errors an adapter throws to tell the
 * service what happened. A host that uses `fiscalkit/memory` or `fiscalkit/postgres` does not need it;
 * one that writes its own adapter (another database, a queue service) does, and checks it with the
 * same contract suites the bundled adapters pass.
 *
 * @module
 */
export { inlineCompute } from '../compute/inlineCompute.js';
export { COMPUTE_TASKS, type ComputeContext, runComputeTask } from '../compute/tasks.js';
export {
  type AccountGroup,
  type ApiEnvironment,
  type ApiKeyRecord,
  type BlobStore,
  type Cache,
  type CensusClient,
  CensusError,
  type CensusFailure,
  type CensusQuery,
  type Clock,
  type Compute,
  type ComputeTask,
  type ComputeTasks,
  censusCacheKey,
  DuplicateRecordError,
  type EventSink,
  type FieldValue,
  type IdGenerator,
  type Inserted,
  type InsertOptions,
  type Job,
  type JobDraft,
  type JobQueue,
  type JobStatus,
  type KeyStore,
  type Lease,
  LeaseLostError,
  type LeaseOptions,
  type LedgerImportTaskOutput,
  MAX_CENSUS_PAIRS_PER_CALL,
  type OutboxEvent,
  OutboxKeyConflictError,
  type Page,
  type PageRequest,
  type Ports,
  type RandomSource,
  RecordMissingError,
  type Repository,
  type RetryOptions,
  type SchemaError,
  type SchemaValidator,
  type SchemaVerdict,
  type Store,
  type StoredBlob,
  TaxAuthorityError,
  type TaxAuthoritySubmission,
  type TaxAuthorityTransport,
  type TaxReportImportTaskInput,
  type TaxReportImportTaskOutput,
  type Updated,
  type UpdateOptions,
  VersionConflictError,
  type Versioned,
  type WebhookRequest,
  type WebhookTransport,
} from '../ports.js';
