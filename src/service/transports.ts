/**
 * Transports and their Peppol publication (spec §2.8, §3.2, §4.7). A transport is addressed by its
 * `code` (the code of its transport type, `transportCodeIssues`), unique within its account; the
 * store keys it by an internal id the wire never shows. Creating, changing or deleting a publishable
 * Peppol transport (`isPublishable`) moves `sml_status` and `peppol_directory_status` to
 * `processing` and enqueues a publication job, which moves them on to `published` or
 * `not_published` (spec §2.8 rule 2: "Publish and unpublish run asynchronously; progress is tracked
 * by polling the two status fields"; the transitions are `transitionPeppolPublication`).
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues } from '../errors/validationIssue.js';
import {
  nextPublicationStep,
  type PeppolPublicationEvent,
  transitionPeppolPublication,
} from '../lifecycle/peppolPublication.js';
import type { RecordCondition } from '../model/recordFilter.js';
import {
  newTransport,
  parseTransport,
  receptionDocumentTypes,
  type StoredTransport,
  type Transport,
  type TransportUpdate,
} from '../model/transport.js';
import { type Job, type PageRequest, type Ports, VersionConflictError, type Versioned } from '../ports.js';
import { transportIssues } from '../rules/transport.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { activeAccount, requireActiveAccount, requireOwnedAccount } from './tenancy.js';
import { peppolDirectoryIndex } from './transportDirectory.js';
import {
  configuredDocumentTypes,
  deletionRequest,
  isPublishable,
  normalizeParticipantValue,
  participantPairIssues,
  publicationRequest,
} from './transportParticipant.js';
import type { ResourcePage } from './webHooks.js';
import { exponentialBackoff, type JobContext, type JobHandler } from './worker.js';

/** The job kind of a Peppol publication (publish and unpublish alike: the transport says which). */
export const PEPPOL_PUBLICATION_JOB = 'peppol_publication';

/** How a PATCH or PUT /transports/{code} is read. */
export interface TransportUpdateOptions {
  /**
   * `update` (any subset of the fields: PATCH and PUT alike, issue #19) or `create` (a complete
   * transport, so `transport_type_code` is required; the HTTP binding no longer asks for it). Either
   * way the fields sent replace the stored ones and the others keep their values.
   */
  operation?: 'update' | 'create';
  /** The account to look in (`?account={id}`); null or absent: every account of the caller's group. */
  account_id?: number | null;
}

/** The use cases of transports (spec §4.7). */
export interface TransportService {
  /** GET /accounts/{account}/transports: the account's transports, oldest first. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    /** Only the transports that meet these (the list's `query`, issue #19); none: every one. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<Transport>>;
  /** POST /accounts/{account}/transports (body: the canonical object inside `{transport: …}`). */
  create(caller: Caller, account_id: number, body: unknown): Promise<Transport>;
  /**
   * The transport PATCH/PUT /transports/{code} addresses (the HTTP binding needs it to upgrade an
   * older version's body): in `account_id` when given, else in whichever account of the caller's
   * group has it — 422 `parameter_invalid` at `account` when several have (name one with
   * `?account={id}`), 404 `resource_missing` when none.
   */
  locate(caller: Caller, code: string, account_id?: number | null): Promise<Transport>;
  /** PATCH and PUT /transports/{code}: the updated transport. */
  update(caller: Caller, code: string, body: unknown, options?: TransportUpdateOptions): Promise<Transport>;
  /**
   * DELETE /accounts/{account}/transports/{code}: removes the transport at once and answers it as it
   * was, with its unpublication under way (every status that was not `not_published` is
   * `processing`; spec §2.1 "DELETE returns the full resource"). The directory stops answering for
   * its participant at once (`GET /directory` reads only stored, published transports); the job
   * finishes the unpublication in the background.
   */
  remove(caller: Caller, account_id: number, code: string): Promise<Transport>;
}

/** Page size for walking a group's accounts. */
const PAGE = 500;

/** Read-modify-write attempts before a write that keeps losing the race answers 409 `conflict`. */
const WRITE_ATTEMPTS = 5;

/** The transport as the wire knows it: without the store's id. */
function toTransport(stored: StoredTransport): Transport {
  const { id: _id, ...transport } = stored;
  return transport;
}

/** A transport field sent as blank is no value (the presence rule of `isPresent`). */
function blankAsNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

/** The derived field: the configured document types while receiving (spec §2.8). */
function withDocumentTypes<T extends Transport>(transport: T): T {
  return {
    ...transport,
    reception_document_types: receptionDocumentTypes(transport.reception, configuredDocumentTypes(transport)),
  };
}

/**
 * The stored transport with an update applied: every field sent replaces the stored one; a `null`
 * switch keeps the stored value (a switch has no "no value"), a `null` or blank `pin_scheme` /
 * `pin_value` clears it. `code` and `transport_type_code` never change (`transportCodeIssues`).
 */
function applyUpdate(stored: StoredTransport, update: TransportUpdate): StoredTransport {
  const pin = (field: 'pin_scheme' | 'pin_value') =>
    update[field] === undefined ? stored[field] : blankAsNull(update[field]);
  return withDocumentTypes({
    ...stored,
    enabled: update.enabled ?? stored.enabled,
    reception: update.reception ?? stored.reception,
    invoice: update.invoice ?? stored.invoice,
    credit_note: update.credit_note ?? stored.credit_note,
    self_billing: update.self_billing ?? stored.self_billing,
    order: update.order ?? stored.order,
    application_response: update.application_response ?? stored.application_response,
    pin_scheme: pin('pin_scheme'),
    pin_value: pin('pin_value'),
  });
}

/** Applies a publication request to a transport about to be stored; whether a job must run. */
function requestPublication<T extends Transport>(
  transport: T,
  request: PeppolPublicationEvent | null,
): { transport: T; schedule: boolean } {
  if (request === null) return { transport, schedule: false };
  const transition = transitionPeppolPublication(transport, request);
  if (!transition.accepted) return { transport, schedule: false };
  return {
    transport: transition.state,
    schedule: transition.effects.some((effect) => effect.type === 'schedule'),
  };
}

/** 409 `conflict` after losing {@link WRITE_ATTEMPTS} read-modify-write races in a row. */
function busy(code: string): ApiError {
  return new ApiError(
    'conflict',
    `transport ${JSON.stringify(code)} is being changed by other requests: retry`,
    {
      param: null,
    },
  );
}

/** 422 `parameter_taken` at `pin_value`: another transport holds the participant identifier. */
function participantTakenError(scheme: string, value: string): ApiError {
  return new ApiError(
    'parameter_taken',
    `pin_value is already registered in the Peppol network by another transport (${scheme}:${value}, published or being published): a participant identifier is registered once`,
    { param: 'pin_value' },
  );
}

function missingTransport(code: string): ApiError {
  return new ApiError('resource_missing', `No transport with code ${JSON.stringify(code)}`, {
    param: 'code',
  });
}

/**
 * The transport service.
 *
 * @example
 * ```ts
 * const transports = createTransportService(ports, deps);
 * const peppol = await transports.create(caller, 7, {
 *   transport_type_code: 'peppol',
 *   pin_scheme: '9920',
 *   pin_value: 'ESB12345674',
 * });
 * peppol.sml_status; // 'processing' until the publication job has run
 * ```
 */
export function createTransportService(ports: Ports, _deps: ServiceDeps): TransportService {
  const repository = ports.store.transports;

  async function findByCode(account_id: number, code: string): Promise<Versioned<StoredTransport> | null> {
    const found = await repository.find(account_id, { code }, { offset: 0, limit: 1 });
    return found.items[0] ?? null;
  }

  async function locateStored(
    caller: Caller,
    code: string,
    account_id: number | null,
  ): Promise<Versioned<StoredTransport>> {
    if (account_id !== null) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await findByCode(account_id, code);
      if (found === null) throw missingTransport(code);
      return found;
    }
    // PATCH/PUT /transports/{code} name no account (spec §4.7): look in every account of the
    // caller's group. A code is a transport type code, so two accounts of one group may well both
    // have it; the caller then names the account (fiscalkit's `?account={id}`, since the spec's path
    // cannot tell them apart), rather than fiscalkit picking one.
    const matches: Versioned<StoredTransport>[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await ports.store.accountGroups.list(caller.group_id, { offset, limit: PAGE });
      for (const membership of page.items) {
        const found = await findByCode(membership.value.id, code);
        if (found !== null) matches.push(found);
      }
      // money-safe: record counts.
      if (page.items.length < PAGE || offset + PAGE >= page.total_count) break;
    }
    const [first, ...others] = matches;
    if (first === undefined) throw missingTransport(code);
    if (others.length > 0)
      throw new ApiError(
        'parameter_invalid',
        `account is required: accounts ${matches.map((match) => String(match.value.account_id)).join(', ')} ` +
          `each have a transport ${JSON.stringify(code)}; name one with ?account={id}`,
        { param: 'account' },
      );
    return first;
  }

  /** Finds the account's transport of a type, for `transportTypeTakenIssues`. */
  async function findTransportByType(key: { account_id: number; transport_type_code: string }) {
    const found = await repository.find(
      key.account_id,
      { transport_type_code: key.transport_type_code },
      { offset: 0, limit: 1 },
    );
    return found.items[0]?.value.code ?? null;
  }

  /**
   * Enqueues a publication job for a request. Each request gets its own job (a fresh key): a key
   * derived from the record's version could name a job an earlier, failed write already used up, and
   * a `processing` status would then wait for a job that never comes. Extra jobs are harmless — a job
   * that finds nothing to do ends.
   */
  async function schedule(transport_id: number, account_id: number): Promise<void> {
    const request = await ports.ids.next(PEPPOL_PUBLICATION_JOB);
    await ports.jobs.enqueue({
      kind: PEPPOL_PUBLICATION_JOB,
      payload: { account_id, transport_id },
      key: `${PEPPOL_PUBLICATION_JOB}:${String(transport_id)}:${String(request)}`,
    });
  }

  /**
   * A participant identifier is registered once in the whole network (the SML holds one entry per
   * participant identifier), so asking to publish one that another transport already holds is
   * `parameter_taken` at `pin_value` (spec §7.2; fiscalkit's, the spec is silent). A transport holds
   * its participant from the moment its publication is requested (`processing`), not only once
   * `published`: otherwise two accounts could both ask for one identifier while the first job has not
   * run, and both end published. Which account holds it is not said: only that the identifier is
   * taken, which the public directory shows anyway. Judged on fiscalkit's directory index
   * (`transportDirectory.ts`), each claim checked against its transport, so a stale claim (a
   * transport disabled, deleted or moved to another identifier) does not count.
   */
  async function participantTaken(
    transport: StoredTransport | Transport,
    id: number,
  ): Promise<ApiError | null> {
    if (!isPublishable(transport)) return null;
    const scheme = transport.pin_scheme as string;
    const value = transport.pin_value as string;
    for (const pointer of await peppolDirectoryIndex(ports).find(scheme, [value])) {
      if (pointer.transport_id === id) continue;
      const other = await repository.get(pointer.account_id, pointer.transport_id);
      if (
        other !== null &&
        isPublishable(other.value) &&
        other.value.pin_scheme === scheme &&
        normalizeParticipantValue(other.value.pin_value as string) === normalizeParticipantValue(value)
      )
        return participantTakenError(scheme, value);
    }
    return null;
  }

  /**
   * Claims the participant of a transport just stored with its publication requested (see
   * `PeppolDirectoryIndex.claim`): the check above answers the common case; the claim, keyed by the
   * identifier in the store, closes the race of two requests that both passed it. Answers whether
   * this transport now holds the participant.
   */
  async function claimParticipant(transport: StoredTransport): Promise<boolean> {
    if (!isPublishable(transport)) return true;
    const holder = await peppolDirectoryIndex(ports).claim({
      account_id: transport.account_id,
      transport_id: transport.id,
      pin_scheme: transport.pin_scheme as string,
      pin_value: transport.pin_value as string,
    });
    return holder === null;
  }

  /** Removes a transport this request has just inserted (it lost a race), whatever its version now. */
  async function withdrawInserted(account_id: number, id: number): Promise<void> {
    for (;;) {
      const current = await repository.get(account_id, id);
      if (current === null) return;
      try {
        await repository.remove(account_id, id, current.version);
        return;
      } catch (error) {
        if (!(error instanceof VersionConflictError)) throw error;
      }
    }
  }

  function taken(transport_type_code: string): ApiError {
    return apiErrorFromIssues([
      {
        code: 'parameter_taken',
        param: 'transport_type_code',
        message: `transport_type_code is already used by another transport of this account (${JSON.stringify(transport_type_code)}; one transport per type)`,
      },
    ]);
  }

  return {
    async list(caller, account_id, page, conditions = []) {
      await requireOwnedAccount(ports, caller, account_id);
      const found = await repository.search(account_id, conditions, checkedPage(page));
      return { items: found.items.map((item) => toTransport(item.value)), total_count: found.total_count };
    },

    async create(caller, account_id, body) {
      await activeAccount(ports, caller, account_id);
      const parsed = parseTransport(body, 'create');
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      const issues = await transportIssues(parsed.data, { account_id, findTransportByType });
      if (issues.length > 0) throw apiErrorFromIssues(issues);
      const drafted = newTransport(parsed.data, { account_id });
      const candidate = withDocumentTypes({
        ...drafted,
        pin_scheme: blankAsNull(drafted.pin_scheme),
        pin_value: blankAsNull(drafted.pin_value),
      });
      const pair = participantPairIssues(candidate);
      if (pair.length > 0) throw apiErrorFromIssues(pair);
      const id = await ports.ids.next('transport');
      const duplicate = await participantTaken(candidate, id);
      if (duplicate !== null) throw duplicate;
      const requested = requestPublication(candidate, publicationRequest(null, candidate));
      // The job first, then the record: a crash in between leaves a job that finds nothing (and
      // ends), never a `processing` transport that no job will ever finish.
      if (requested.schedule) await schedule(id, account_id);
      // The key makes "one transport per type" hold under concurrent creates too (the rule above
      // answers the common case with its own message; the key closes the race).
      const inserted = await repository.insert(
        { ...requested.transport, id },
        { key: `transport_type:${candidate.transport_type_code}` },
      );
      if (!inserted.created) throw taken(candidate.transport_type_code);
      if (requested.schedule && !(await claimParticipant(inserted.value))) {
        // Another transport claimed the participant between the check above and this insert: this
        // one gives way, so that exactly one of them is published (its job finds nothing and ends).
        await withdrawInserted(account_id, id);
        throw participantTakenError(candidate.pin_scheme as string, candidate.pin_value as string);
      }
      await recordAccountEvent(ports, {
        account_id,
        type: 'TransportEvent',
        name: 'created',
        resource_id: id,
      });
      return toTransport(inserted.value);
    },

    async locate(caller, code, account_id = null) {
      return toTransport((await locateStored(caller, code, account_id)).value);
    },

    async update(caller, code, body, options = {}) {
      const operation = options.operation ?? 'update';
      const parsed = parseTransport(body, operation);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      let account_id = options.account_id ?? null;
      for (let attempt = 1; ; attempt += 1) {
        const stored = await locateStored(caller, code, account_id);
        account_id = stored.value.account_id;
        await requireActiveAccount(ports, account_id);
        const issues = await transportIssues(parsed.data, { account_id, findTransportByType }, stored.value);
        if (issues.length > 0) throw apiErrorFromIssues(issues);
        const merged = applyUpdate(stored.value, parsed.data);
        const pair = participantPairIssues(merged);
        if (pair.length > 0) throw apiErrorFromIssues(pair);
        // Every write that asks to publish is judged, not only a new identifier: a transport that lost
        // its participant to another (`runPublication`) asks again on its next write, and is answered
        // 422 while the other holds it.
        const request = publicationRequest(stored.value, merged);
        const duplicate = request?.type === 'publish' ? await participantTaken(merged, merged.id) : null;
        if (duplicate !== null) throw duplicate;
        const requested = requestPublication(merged, request);
        if (requested.schedule) await schedule(merged.id, account_id);
        try {
          const saved = await repository.update(requested.transport, stored.version);
          // The participant is held from now on. Should another transport have claimed it since the
          // check above (a race), this one is not published: its job finds the claim taken and ends
          // it `not_published` (`runPublication`), so the identifier is never published twice.
          if (requested.schedule) await claimParticipant(saved.value);
          await recordAccountEvent(ports, {
            account_id,
            type: 'TransportEvent',
            name: 'updated',
            resource_id: merged.id,
          });
          return toTransport(saved.value);
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          if (attempt >= WRITE_ATTEMPTS) throw busy(code);
        }
      }
    },

    async remove(caller, account_id, code) {
      await activeAccount(ports, caller, account_id);
      for (let attempt = 1; ; attempt += 1) {
        const stored = await findByCode(account_id, code);
        if (stored === null) throw missingTransport(code);
        const requested = requestPublication(stored.value, deletionRequest(stored.value));
        if (requested.schedule) await schedule(stored.value.id, account_id);
        try {
          await repository.remove(account_id, stored.value.id, stored.version);
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          if (attempt >= WRITE_ATTEMPTS) throw busy(code);
          continue;
        }
        await recordAccountEvent(ports, {
          account_id,
          type: 'TransportEvent',
          name: 'deleted',
          resource_id: stored.value.id,
        });
        return toTransport(requested.transport);
      }
    },
  };
}

function payload(job: Job): { account_id: number; transport_id: number } {
  const { account_id, transport_id } = job.payload;
  if (typeof account_id !== 'number' || typeof transport_id !== 'number')
    throw Object.assign(new TypeError(`job ${String(job.id)}: not a Peppol publication payload`), {
      retryable: false,
    });
  return { account_id, transport_id };
}

/**
 * One run of a publication job: step the transport towards what it now asks for (published when
 * publishable and it holds its participant, else not), one persisted step at a time, keeping the
 * directory index in line.
 */
async function runPublication(ports: Ports, job: Job, context: JobContext): Promise<void> {
  const { account_id, transport_id } = payload(job);
  const index = peppolDirectoryIndex(ports);
  for (;;) {
    const stored = await ports.store.transports.get(account_id, transport_id);
    // Deleted: its participant leaves the directory with the record (the lookup reads the store);
    // the index forgets the pointer. Nothing else is held anywhere.
    if (stored === null) {
      await index.forget(transport_id);
      return;
    }
    const transport = stored.value;
    // A participant identifier is registered once (`participantTaken`): the job publishes only what
    // the transport holds in the index. A transport that lost the claim to another (two requests
    // racing for one identifier) is not published: it ends `not_published`, and a later write of it
    // asks again (and is answered `parameter_taken` while the other holds it).
    const holds =
      isPublishable(transport) &&
      (await index.claim({
        account_id,
        transport_id,
        pin_scheme: transport.pin_scheme as string,
        pin_value: transport.pin_value as string,
      })) === null;
    const target = holds ? 'published' : 'not_published';
    const step = nextPublicationStep(transport, target);
    if (step === null) {
      // Settled (or waiting for nothing this job can do): a transport that holds its participant
      // keeps the claim made above; one that does not ask for it (or lost it) releases what it held.
      if (!holds) await index.forget(transport_id);
      return;
    }
    const transition = transitionPeppolPublication(transport, step);
    if (!transition.accepted)
      throw Object.assign(new Error(`transport ${String(transport_id)}: ${transition.reason}`), {
        retryable: false,
      });
    try {
      await ports.store.transports.update(transition.state, stored.version);
    } catch (error) {
      // Another write got there first (a PATCH): read again and go on from what it stored.
      if (error instanceof VersionConflictError) continue;
      throw error;
    }
    const finished = nextPublicationStep(transition.state, target) === null;
    if (finished)
      await recordAccountEvent(ports, {
        account_id,
        type: 'TransportEvent',
        name: target === 'published' ? 'published' : 'unpublished',
        resource_id: transport_id,
      });
    await context.renew();
  }
}

/**
 * The background jobs of transports: one handler, `peppol_publication`, which publishes and
 * unpublishes alike — it reads the transport and steps it towards what it now asks for (published
 * in the SML, then in the directory, when publishable; out of the directory, then out of the SML,
 * otherwise), persisting each step so that a crash resumes at the next one, and re-reading after a
 * concurrent write. It is idempotent: a second run, or a run for a request that a later one
 * superseded, finds nothing to do. A deleted transport's job only makes the directory index forget
 * it.
 *
 * fiscalkit has no SML or SMP client port yet, so a step is the status change itself: the
 * participant is published in fiscalkit's own directory (GET /directory/{country}/{identifier}). A
 * failing run (the store down) is retried with backoff, 1 second doubling to 1 minute, 8 runs; after
 * that the statuses stay `processing` and the next write of the transport asks again.
 *
 * @example
 * ```ts
 * const worker = createWorker(ports, transportJobHandlers(ports, deps));
 * await worker.drain(); // every due publication runs to `published` / `not_published`
 * ```
 */
export function transportJobHandlers(ports: Ports, _deps: ServiceDeps): JobHandler[] {
  return [
    {
      kind: PEPPOL_PUBLICATION_JOB,
      max_attempts: 8,
      retryDelay: (attempts, error) => exponentialBackoff(attempts, error, { base_ms: 1000, max_ms: 60_000 }),
      run: (job, context) => runPublication(ports, job, context),
      // Nothing to fail: the statuses have no failed value (spec §3.2). They stay `processing`, which
      // is true (the publication did not complete), and the next write of the transport re-requests it.
      giveUp: async () => undefined,
    },
  ];
}
