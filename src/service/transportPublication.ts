/**
 * The Peppol publication of transports (spec §2.8 rule 2: "Publish and unpublish run asynchronously;
 * progress is tracked by polling the two status fields"): how a write asks for it
 * ({@link requestPublication}, {@link schedulePublication}) and the background job that carries it
 * out ({@link transportJobHandlers}).
 *
 * @module
 */
import {
  nextPublicationStep,
  type PeppolPublicationEvent,
  transitionPeppolPublication,
} from '../lifecycle/peppolPublication.js';
import type { Transport } from '../model/transport.js';
import { type Job, type Ports, VersionConflictError } from '../ports.js';
import { recordAccountEvent } from './accountEvents.js';
import type { ServiceDeps } from './deps.js';
import { peppolDirectoryIndex } from './transportDirectory.js';
import { isPublishable } from './transportParticipant.js';
import { exponentialBackoff, type JobContext, type JobHandler } from './worker.js';

/** The job kind of a Peppol publication (publish and unpublish alike: the transport says which). */
export const PEPPOL_PUBLICATION_JOB = 'peppol_publication';

/**
 * Applies a publication request to a transport about to be stored (`transitionPeppolPublication`,
 * spec §2.8 rule 2); whether a job must run. A request the transition refuses changes nothing.
 *
 * @example
 * ```ts
 * const { transport, schedule } = requestPublication(candidate, publicationRequest(null, candidate));
 * ```
 */
export function requestPublication<T extends Transport>(
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

/**
 * Enqueues a publication job for a request. Each request gets its own job (a fresh key): a key
 * derived from the record's version could name a job an earlier, failed write already used up, and
 * a `processing` status would then wait for a job that never comes. Extra jobs are harmless — a job
 * that finds nothing to do ends.
 *
 * @example
 * ```ts
 * await schedulePublication(ports, transport.id, transport.account_id); // a peppol_publication job
 * ```
 */
export async function schedulePublication(
  ports: Ports,
  transport_id: number,
  account_id: number,
): Promise<void> {
  const request = await ports.ids.next(PEPPOL_PUBLICATION_JOB);
  await ports.jobs.enqueue({
    kind: PEPPOL_PUBLICATION_JOB,
    payload: { account_id, transport_id },
    key: `${PEPPOL_PUBLICATION_JOB}:${String(transport_id)}:${String(request)}`,
  });
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
