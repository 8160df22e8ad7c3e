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
import type { RecordCondition } from '../model/recordFilter.js';
import { parseTransport, type Transport } from '../model/transport.js';
import { type PageRequest, type Ports, VersionConflictError } from '../ports.js';
import { transportIssues } from '../rules/transport.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkedPage } from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { activeAccount, requireActiveAccount, requireOwnedAccount } from './tenancy.js';
import { applyTransportUpdate, draftTransport, toTransport } from './transportDraft.js';
import {
  findTransportByCode,
  locateTransport,
  missingTransport,
  transportTypeFinder,
} from './transportLookup.js';
import { deletionRequest, participantPairIssues, publicationRequest } from './transportParticipant.js';
import { claimParticipant, participantTaken, participantTakenError } from './transportParticipantClaim.js';
import { requestPublication, schedulePublication } from './transportPublication.js';
import type { ResourcePage } from './webHooks.js';

export { PEPPOL_PUBLICATION_JOB, transportJobHandlers } from './transportPublication.js';

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

/** Read-modify-write attempts before a write that keeps losing the race answers 409 `conflict`. */
const WRITE_ATTEMPTS = 5;

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
  const findTransportByType = transportTypeFinder(repository);

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
        // The same fact as `transportTypeTakenIssues` (src/rules/transportTypeTaken.ts): one id.
        rule: 'spec.7.2.transport-type-taken',
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
      const candidate = draftTransport(parsed.data, account_id);
      const pair = participantPairIssues(candidate);
      if (pair.length > 0) throw apiErrorFromIssues(pair);
      const id = await ports.ids.next('transport');
      const duplicate = await participantTaken(ports, repository, candidate, id);
      if (duplicate !== null) throw duplicate;
      const requested = requestPublication(candidate, publicationRequest(null, candidate));
      // The job first, then the record: a crash in between leaves a job that finds nothing (and
      // ends), never a `processing` transport that no job will ever finish.
      if (requested.schedule) await schedulePublication(ports, id, account_id);
      // The key makes "one transport per type" hold under concurrent creates too (the rule above
      // answers the common case with its own message; the key closes the race).
      const inserted = await repository.insert(
        { ...requested.transport, id },
        { key: `transport_type:${candidate.transport_type_code}` },
      );
      if (!inserted.created) throw taken(candidate.transport_type_code);
      if (requested.schedule && !(await claimParticipant(ports, inserted.value))) {
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
      return toTransport((await locateTransport(ports, repository, caller, code, account_id)).value);
    },

    async update(caller, code, body, options = {}) {
      const operation = options.operation ?? 'update';
      const parsed = parseTransport(body, operation);
      if (!parsed.success) throw apiErrorFromIssues(parsed.issues);
      let account_id = options.account_id ?? null;
      for (let attempt = 1; ; attempt += 1) {
        const stored = await locateTransport(ports, repository, caller, code, account_id);
        account_id = stored.value.account_id;
        await requireActiveAccount(ports, account_id);
        const issues = await transportIssues(parsed.data, { account_id, findTransportByType }, stored.value);
        if (issues.length > 0) throw apiErrorFromIssues(issues);
        const merged = applyTransportUpdate(stored.value, parsed.data);
        const pair = participantPairIssues(merged);
        if (pair.length > 0) throw apiErrorFromIssues(pair);
        // Every write that asks to publish is judged, not only a new identifier: a transport that lost
        // its participant to another (`runPublication`) asks again on its next write, and is answered
        // 422 while the other holds it.
        const request = publicationRequest(stored.value, merged);
        const duplicate =
          request?.type === 'publish' ? await participantTaken(ports, repository, merged, merged.id) : null;
        if (duplicate !== null) throw duplicate;
        const requested = requestPublication(merged, request);
        if (requested.schedule) await schedulePublication(ports, merged.id, account_id);
        try {
          const saved = await repository.update(requested.transport, stored.version);
          // The participant is held from now on. Should another transport have claimed it since the
          // check above (a race), this one is not published: its job finds the claim taken and ends
          // it `not_published` (`runPublication`), so the identifier is never published twice.
          if (requested.schedule) await claimParticipant(ports, saved.value);
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
        const stored = await findTransportByCode(repository, account_id, code);
        if (stored === null) throw missingTransport(code);
        const requested = requestPublication(stored.value, deletionRequest(stored.value));
        if (requested.schedule) await schedulePublication(ports, stored.value.id, account_id);
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
