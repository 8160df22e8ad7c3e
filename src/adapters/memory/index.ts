/**
 * `fiscalkit/memory`: in-memory adapters of every port (DESIGN.md "Shape"), the embedded default —
 * `createFiscalkit(memoryPorts())` is a complete service in one process — and the reference each
 * other adapter's contract suite is checked against. Deterministic under an injected clock, with
 * controls (census failures, tax authority rejections, unreachable webhook receivers) for tests.
 *
 * @module
 */
export type {
  AccountGroup,
  ApiEnvironment,
  ApiKeyRecord,
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
  Repository,
  Store,
  StoredBlob,
  TaxAuthorityTransport,
  WebhookTransport,
} from '../../ports.js';
export { memoryBlobStore } from './blobStore.js';
export { type MemoryCacheOptions, memoryCache } from './cache.js';
export { type CensusEntry, type MemoryCensus, type MemoryCensusOptions, memoryCensus } from './census.js';
export { MANUAL_CLOCK_START, type ManualClock, manualClock, systemClock } from './clock.js';
export { type MemoryEventSink, memoryEventSink, type StagedEvent } from './eventSink.js';
export { sequentialIds } from './ids.js';
export { type MemoryJobQueueOptions, memoryJobQueue } from './jobQueue.js';
export { type KeyStoreContents, type MemoryKeyStore, memoryKeyStore } from './keyStore.js';
export {
  type MemoryPorts,
  type MemoryPortsOptions,
  type MemoryStoreOptions,
  memoryPorts,
  memoryStore,
} from './memoryPorts.js';
export { seededRandom, webCryptoRandom } from './random.js';
export { type MemoryRepositoryOptions, memoryRepository } from './repository.js';
export { snapshot } from './snapshot.js';
export {
  type MemoryTaxAuthority,
  type MemoryTaxAuthorityOptions,
  memoryTaxAuthority,
  type RecordPredicate,
  type TaxAuthorityRejection,
} from './taxAuthority.js';
export { type MemoryWebhookTransport, memoryWebhookTransport } from './webhookTransport.js';
