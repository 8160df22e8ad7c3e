/**
 * Shared pieces of the account, contact and bank account service tests: a service on memory ports,
 * callers of two groups, the error an awaited use case throws, and a repository that lets another
 * writer in between a use case's read and its write (optimistic concurrency, ports.ts `Versioned`).
 */
import { memoryPorts } from '../../src/adapters/memory/index.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { Ports, Repository } from '../../src/ports.js';
import type { Caller } from '../../src/service/caller.js';
import { createFiscalkit } from '../../src/service/fiscalkit.js';
import type { ApiVersion } from '../../src/versions/apiVersion.js';

/** A caller of group 1 in `version` (default the newest). */
export function callerOf(group_id = 1, api_version: ApiVersion = '2026-06-26'): Caller {
  return { group_id, api_version };
}

/** Memory ports (optionally changed by `adjust`) and the service over them. */
export function serviceOn(adjust: (ports: ReturnType<typeof memoryPorts>) => Ports = (ports) => ports) {
  const ports = memoryPorts();
  const adjusted = adjust(ports);
  return { ports, fiscalkit: createFiscalkit(adjusted, { base_url: 'https://api.example.test' }) };
}

/** The `ApiError` a promise rejects with, as `{status, code, param}`; fails when it does not reject. */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return { status: error.status, code: error.code, param: error.param };
    throw error;
  }
  throw new Error('expected an ApiError');
}

/**
 * `repository` whose next `get` of `id` runs `interfere` (another request's write) after reading and
 * before answering: the reader then holds a version that is no longer the stored one.
 */
export function racing<T extends { readonly id: number }>(
  repository: Repository<T>,
  id: () => number | null,
  interfere: () => Promise<unknown>,
): Repository<T> {
  let armed = true;
  return {
    ...repository,
    async get(account_id, record_id) {
      const read = await repository.get(account_id, record_id);
      if (armed && read !== null && record_id === id()) {
        armed = false;
        await interfere();
      }
      return read;
    },
  };
}
