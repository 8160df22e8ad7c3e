/**
 * `fiscalkit/threads`: the `Compute` port on a pool of worker threads (issue #24), so that importing
 * or validating a large document does not stop a server from answering its other requests. Needs
 * `piscina` (an optional peer dependency).
 *
 * @module
 */
export type { Compute, ComputeTask, ComputeTasks } from '../../ports.js';
export { type ThreadCompute, type ThreadComputeOptions, threadCompute } from './threadCompute.js';
