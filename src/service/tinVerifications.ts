import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import { checkSpanishTin } from '../identifiers/spanishTin.js';
import { type TinVerificationEvent, transitionTinVerification } from '../lifecycle/tinVerification.js';
import { instantFromMillis } from '../model/instant.js';
import {
  type CensusAnswer,
  normalizeCensusResult,
  parseTinVerificationRequest,
  type StoredTinVerification,
  type TinOutcome,
  type TinVerification,
  type TinVerificationRequestInput,
  tinOutcome,
  toTinVerificationResource,
} from '../model/tinVerification.js';
import {
  type CensusQuery,
  censusCacheKey,
  type Job,
  MAX_CENSUS_PAIRS_PER_CALL,
  type Ports,
  type Versioned,
} from '../ports.js';
import type { EventPublisher } from './events.js';
import { notStoredYet } from './jobNotReady.js';
import { exponentialBackoff, type JobHandler } from './worker.js';

/** The job kind of a TIN verification. */
export const TIN_VERIFICATION_JOB = 'tin_verification';

/** How long census answers are reused (spec §4.3: "Results for the last 24 hours are cached"). */
export const TIN_CACHE_TTL_MS = 86_400_000;

/** TIN verification (spec §2.10, §3.1, §4.3). */
export interface TinVerificationService {
  /** POST /tin_verifications: validates, stores `pending`, enqueues the check; the 202 body. */
  create(
    account_id: number,
    request: TinVerificationRequestInput,
    options?: TinVerificationCreateOptions,
  ): Promise<TinVerification>;
  /** GET /tin_verifications/{id}; 404 `resource_missing` for another account's or no verification. */
  get(account_id: number, id: number): Promise<TinVerification>;
}

/** Options of {@link TinVerificationService.create}. */
export interface TinVerificationCreateOptions {
  /** The accounts told of the result (`tin_verification.finished`); default the tenant `account_id`. */
  notify_account_ids?: readonly number[];
}

function eventKey(id: number): string {
  return `tin_verification.finished:${String(id)}`;
}

/**
 * The TIN verification service. POST answers at once with `pending` (spec §3.1); the job
 * ({@link tinVerificationHandler}) does the checking.
 *
 * @example
 * ```ts
 * const tins = createTinVerificationService(ports);
 * const accepted = await tins.create(9, { country: 'es', body: [{ tin: 'B12345674', name: 'ACME SL' }] });
 * accepted.status; // 'pending'
 * ```
 */
export function createTinVerificationService(ports: Ports): TinVerificationService {
  return {
    async create(account_id, request, options = {}) {
      const parsed = parseTinVerificationRequest(request);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const id = await ports.ids.next('tin_verification');
      const verification: StoredTinVerification = {
        id,
        account_id,
        status: 'pending',
        results: [],
        pairs: parsed.data.pairs,
        created_at: instantFromMillis(ports.clock.now()),
        finished_at: null,
        failure: null,
        ...(options.notify_account_ids === undefined
          ? {}
          : { notify_account_ids: [...options.notify_account_ids] }),
      };
      // The job first, then the record: a crash in between leaves a job that finds nothing (and ends),
      // never a `pending` verification that no job will ever finish. `queued_at` tells a worker that
      // leases the job before the record is stored how long to keep looking (jobNotReady.ts).
      await ports.jobs.enqueue({
        kind: TIN_VERIFICATION_JOB,
        payload: { account_id, id, queued_at: ports.clock.now() },
        key: `${TIN_VERIFICATION_JOB}:${String(id)}`,
      });
      await ports.store.tinVerifications.insert(verification);
      return toTinVerificationResource(verification);
    },
    async get(account_id, id) {
      const stored = await ports.store.tinVerifications.get(account_id, id);
      if (stored === null)
        throw new ApiError('resource_missing', `no TIN verification ${String(id)}`, { param: 'id' });
      return toTinVerificationResource(stored.value);
    },
  };
}

/**
 * The census answers for the format-valid pairs (es-tin.md §5): repeats within the request are asked
 * once, answers of the last 24 hours come from the cache, the rest go to the census in calls of at
 * most 10,000 pairs, each call's answers cached as soon as they arrive — so a verification retried
 * after a census failure asks only for what it does not have yet.
 */
async function censusAnswers(
  ports: Ports,
  queries: readonly CensusQuery[],
): Promise<Map<string, CensusAnswer>> {
  const answers = new Map<string, CensusAnswer>();
  const keys = [...new Set(queries.map(censusCacheKey))];
  const cached = await ports.tinCache.getMany(keys);
  const byKey = new Map(queries.map((query) => [censusCacheKey(query), query]));
  const missing: CensusQuery[] = [];
  keys.forEach((key, index) => {
    const hit = cached[index];
    if (hit !== undefined) answers.set(key, hit);
    else missing.push(byKey.get(key) as CensusQuery);
  });
  // money-safe: chunk offsets.
  for (let start = 0; start < missing.length; start += MAX_CENSUS_PAIRS_PER_CALL) {
    const chunk = missing.slice(start, start + MAX_CENSUS_PAIRS_PER_CALL);
    const answered = await ports.census.check(chunk);
    if (answered.length !== chunk.length)
      throw new Error(`the census answered ${String(answered.length)} of ${String(chunk.length)} pairs`);
    const entries = chunk.map(
      (query, index) => [censusCacheKey(query), answered[index] as CensusAnswer] as const,
    );
    for (const [key, answer] of entries) answers.set(key, answer);
    await ports.tinCache.setMany(
      entries.filter(([, answer]) => cacheable(answer)),
      TIN_CACHE_TTL_MS,
    );
  }
  return answers;
}

/**
 * Whether a census answer may be reused for 24 hours: every verdict on the NIF and name, but not
 * `NO PROCESADO` ("not processed", es-tin.md §4.3) nor a value AEAT has not documented — those say
 * nothing about the pair, and the next request should ask again.
 */
function cacheable(answer: CensusAnswer): boolean {
  const result = normalizeCensusResult(answer.result);
  return result !== null && result !== 'NO PROCESADO';
}

/** The results of every pair, in input order (spec §2.10). */
async function verify(ports: Ports, verification: StoredTinVerification): Promise<TinOutcome[]> {
  const queries: (CensusQuery | null)[] = verification.pairs.map((pair) => {
    const check = checkSpanishTin(pair.tin);
    // es-tin.md §5: a format-invalid TIN is not sent to the census; it is simply no match.
    return check.valid ? { nif: check.compact, name: pair.name } : null;
  });
  const answers = await censusAnswers(
    ports,
    queries.filter((query): query is CensusQuery => query !== null),
  );
  return verification.pairs.map((pair, index) => {
    const query = queries[index];
    return tinOutcome(pair, query == null ? null : (answers.get(censusCacheKey(query)) ?? null));
  });
}

/**
 * Publishes the verification's finished event to every account it tells (once per account: the key
 * names the account, so a re-run publishes nothing twice).
 */
async function announce(
  events: EventPublisher,
  verification: StoredTinVerification,
  data: { id: number; status: 'success' | 'failed' },
): Promise<void> {
  const accounts = verification.notify_account_ids ?? [verification.account_id];
  for (const account of accounts)
    await events.publish(
      account,
      'tin_verification.finished',
      data,
      account === verification.account_id && verification.notify_account_ids === undefined
        ? eventKey(verification.id)
        : `${eventKey(verification.id)}:account:${String(account)}`,
    );
}

async function finish(
  ports: Ports,
  events: EventPublisher,
  stored: Versioned<StoredTinVerification>,
  event: TinVerificationEvent,
): Promise<void> {
  const transition = transitionTinVerification(stored.value, event);
  if (!transition.accepted)
    throw Object.assign(new Error(`TIN verification ${String(stored.value.id)}: ${transition.reason}`), {
      retryable: false,
    });
  await ports.store.tinVerifications.update(transition.state, stored.version);
  for (const effect of transition.effects) await announce(events, stored.value, effect.data);
}

function payload(job: Job): { account_id: number; id: number } {
  const { account_id, id } = job.payload;
  if (typeof account_id !== 'number' || typeof id !== 'number')
    throw Object.assign(new TypeError(`job ${String(job.id)}: not a TIN verification payload`), {
      retryable: false,
    });
  return { account_id, id };
}

/**
 * The background job of a TIN verification (spec §3.1; es-tin.md §5): normalizes every TIN
 * (`checkSpanishTin`), marks the format-invalid ones without asking the census, answers repeats from
 * the 24-hour cache, asks the census for the rest in calls of at most 10,000 pairs, and moves the
 * verification to `success` with one result per pair in input order. A census that cannot complete
 * (`CensusError`) fails the run; the worker retries it with backoff (5 s doubling to 5 minutes, or the
 * census's own Retry-After) up to 6 runs, then the verification `failed` — at once when the census
 * rejected the request itself. Both ends emit `tin_verification.finished` with `{id, status}` only
 * (spec §6). Terminal states never change (spec §3.1): a re-run on a finished verification only makes
 * sure its event was published.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, [tinVerificationHandler(ports, createEventPublisher(ports))]);
 * await worker.drain();
 * ```
 */
export function tinVerificationHandler(ports: Ports, events: EventPublisher): JobHandler {
  return {
    kind: TIN_VERIFICATION_JOB,
    max_attempts: 6,
    retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 5000, max_ms: 300_000 }),
    async run(job) {
      const { account_id, id } = payload(job);
      const stored = await ports.store.tinVerifications.get(account_id, id);
      // The job is queued before the record is stored (see `create`): not there yet is looked at again
      // soon without spending an attempt, and a record that never comes (the POST failed) ends the job.
      if (stored === null)
        throw notStoredYet(`TIN verification ${String(id)}`, job.payload.queued_at, ports.clock.now());
      if (stored.value.status !== 'pending') {
        await announce(events, stored.value, { id, status: stored.value.status });
        return undefined;
      }
      const results = await verify(ports, stored.value);
      await finish(ports, events, stored, {
        type: 'completed',
        results,
        at: instantFromMillis(ports.clock.now()),
      });
      return undefined;
    },
    async giveUp(job, error) {
      const { account_id, id } = payload(job);
      const stored = await ports.store.tinVerifications.get(account_id, id);
      if (stored === null) return;
      if (stored.value.status !== 'pending') {
        await announce(events, stored.value, { id, status: stored.value.status });
        return;
      }
      await finish(ports, events, stored, {
        type: 'failed',
        reason: error instanceof Error ? error.message : String(error),
        at: instantFromMillis(ports.clock.now()),
      });
    },
  };
}
