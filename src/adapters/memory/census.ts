/**
 * The tax authority's census in memory (ports.ts `CensusClient`, AEAT VNifV2): a table of known NIFs,
 * and controls to make calls fail, be rate limited or slow, so that the TIN verification engine's
 * retries can be tested without a network.
 *
 * @module
 */

import type { CensusAnswer } from '../../model/tinVerification.js';
import {
  type CensusClient,
  CensusError,
  type CensusFailure,
  type CensusQuery,
  MAX_CENSUS_PAIRS_PER_CALL,
} from '../../ports.js';

/** One NIF the census knows. */
export interface CensusEntry {
  /** The NIF in the compact national form (no `ES`), as queries send it. */
  nif: string;
  /** The census name (`Nombre`), answered whatever name was submitted. */
  name: string;
  /** `Resultado`; default `IDENTIFICADO`. */
  result?: string;
}

/** Options of {@link memoryCensus}. */
export interface MemoryCensusOptions {
  /** The NIFs the census knows. */
  entries?: Iterable<CensusEntry>;
  /** Each call waits this long (a timer) before answering; default 0, no wait. */
  latency_ms?: number;
}

/** The memory census and its controls. */
export interface MemoryCensus extends CensusClient {
  /** The next `times` calls throw `CensusError(failure)`. */
  failNext(times?: number, failure?: CensusFailure): void;
  /** The next `times` calls throw `CensusError('rate_limited', …, retry_after_ms)` (an HTTP 429). */
  rateLimitNext(times?: number, retry_after_ms?: number | null): void;
  /** Each later call waits `ms` before answering. */
  setLatency(ms: number): void;
  /** Adds (or replaces) a NIF the census knows. */
  add(entry: CensusEntry): void;
  /** The queries of every call received, in order, failed ones included (each a copy). */
  readonly calls: readonly (readonly CensusQuery[])[];
}

/** A failure queued by `failNext` / `rateLimitNext`. */
interface InjectedFailure {
  failure: CensusFailure;
  retry_after_ms: number | null;
}

function count(what: string, times: number): number {
  if (!Number.isSafeInteger(times) || times < 0)
    throw new RangeError(`${what}: times must be a non-negative integer, not ${String(times)}`);
  return times;
}

function latency(ms: number): number {
  if (!Number.isSafeInteger(ms) || ms < 0)
    throw new RangeError(`latency must be a non-negative integer (ms), not ${String(ms)}`);
  return ms;
}

/**
 * A census in memory. `check` answers one {@link CensusAnswer} per query, in query order: a NIF in the
 * table answers its census name and result (`IDENTIFICADO` unless the entry says otherwise); any other
 * NIF answers the submitted name with `NO IDENTIFICADO`. A call of no query, or of more than
 * {@link MAX_CENSUS_PAIRS_PER_CALL}, is refused with `CensusError('rejected')` (VNifV2 takes 1 to
 * 10,000 `Contribuyente`). Every call is recorded in `calls` first; then it waits the latency; then an
 * injected failure (`failNext`, `rateLimitNext`, used in the order they were asked for) is thrown.
 *
 * @example
 * ```ts
 * const census = memoryCensus({ entries: [{ nif: 'B12345674', name: 'ACME SOCIEDAD LIMITADA' }] });
 * await census.check([{ nif: 'B12345674', name: 'acme' }, { nif: 'X1234567L', name: 'Jon' }]);
 * // [{ name: 'ACME SOCIEDAD LIMITADA', result: 'IDENTIFICADO' }, { name: 'Jon', result: 'NO IDENTIFICADO' }]
 * census.rateLimitNext(1, 30_000);
 * await census.check(queries); // throws CensusError { failure: 'rate_limited', retry_after_ms: 30000 }
 * ```
 */
export function memoryCensus(options: MemoryCensusOptions = {}): MemoryCensus {
  const table = new Map<string, CensusAnswer>();
  const add = (entry: CensusEntry) => {
    table.set(entry.nif, { name: entry.name, result: entry.result ?? 'IDENTIFICADO' });
  };
  for (const entry of options.entries ?? []) add(entry);
  let latencyMs = latency(options.latency_ms ?? 0);
  const injected: InjectedFailure[] = [];
  const calls: (readonly CensusQuery[])[] = [];

  return {
    calls,
    add,
    failNext(times = 1, failure: CensusFailure = 'unavailable') {
      for (let left = count('failNext', times); left > 0; left -= 1)
        injected.push({ failure, retry_after_ms: null });
    },
    rateLimitNext(times = 1, retry_after_ms: number | null = 60_000) {
      for (let left = count('rateLimitNext', times); left > 0; left -= 1)
        injected.push({ failure: 'rate_limited', retry_after_ms });
    },
    setLatency(ms: number) {
      latencyMs = latency(ms);
    },

    async check(queries: readonly CensusQuery[]): Promise<CensusAnswer[]> {
      calls.push(Object.freeze(queries.map((query) => Object.freeze({ nif: query.nif, name: query.name }))));
      if (latencyMs > 0) await new Promise<void>((resolve) => setTimeout(resolve, latencyMs));
      const failure = injected.shift();
      if (failure !== undefined)
        throw new CensusError(
          failure.failure,
          failure.failure === 'rate_limited'
            ? 'the census is rate limiting (HTTP 429)'
            : `the census call failed (${failure.failure}, injected by failNext)`,
          failure.retry_after_ms,
        );
      if (queries.length === 0 || queries.length > MAX_CENSUS_PAIRS_PER_CALL)
        throw new CensusError(
          'rejected',
          `a census call takes 1 to ${String(MAX_CENSUS_PAIRS_PER_CALL)} pairs, not ${String(queries.length)}`,
        );
      return queries.map((query) => {
        const known = table.get(query.nif);
        return known === undefined ? { name: query.name, result: 'NO IDENTIFICADO' } : { ...known };
      });
    },
  };
}
