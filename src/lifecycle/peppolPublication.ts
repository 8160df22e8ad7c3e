import type { PeppolPublicationStatus } from '../model/transport.js';
import type { Transition } from './transition.js';

/**
 * The Peppol publication of a transport: where its participant stands in the SML (the network's
 * registry of who can receive) and in the Peppol Directory (the public business cards), the two
 * fields of spec §2.8 and §3.2.
 */
export interface PeppolPublication {
  readonly sml_status: PeppolPublicationStatus;
  readonly peppol_directory_status: PeppolPublicationStatus;
}

/** Where a publication is heading: published in both places, or in neither. */
export type PeppolPublicationTarget = 'published' | 'not_published';

/**
 * What can happen to a publication. The spec shows no transitions (§3.2, api-notes.md §13); these
 * are fiscalkit's, from spec §2.8 rule 2 ("publish and unpublish run asynchronously; progress is
 * tracked by polling the two status fields"):
 *
 * - `publish`: the participant must be (re)published — the transport became a publishable Peppol
 *   transport, or its identifier or receiving capabilities changed (what is registered must follow);
 * - `unpublish`: the participant must disappear — disabled, identifier removed, or transport deleted;
 * - `sml_done` / `directory_done`: a background step finished in the SML / the directory, reaching
 *   `target`.
 */
export type PeppolPublicationEvent =
  | { type: 'publish' }
  | { type: 'unpublish' }
  | { type: 'sml_done'; target: PeppolPublicationTarget }
  | { type: 'directory_done'; target: PeppolPublicationTarget };

/** The effect of a request: a background publication job must run (the service enqueues it). */
export type PeppolPublicationEffect = { type: 'schedule' };

type PublicationTransition<S> = Transition<S, PeppolPublicationEffect>;

function refuse<S>(state: S, reason: string): PublicationTransition<S> {
  return { accepted: false, state, reason };
}

function accept<S extends PeppolPublication>(
  state: S,
  statuses: PeppolPublication,
  effects: PeppolPublicationEffect[] = [],
): PublicationTransition<S> {
  return {
    accepted: true,
    state: {
      ...state,
      sml_status: statuses.sml_status,
      peppol_directory_status: statuses.peppol_directory_status,
    },
    effects,
  };
}

/**
 * The Peppol publication state machine (fiscalkit's; spec §2.8 rule 2, §3.2 name only the values
 * `not_published`, `processing`, `published`):
 *
 * - `publish`: both statuses → `processing` (a republication too: what is registered changes), and a
 *   job is scheduled;
 * - `unpublish`: every status that is not `not_published` → `processing`, and a job is scheduled;
 *   refused when nothing is published or under way;
 * - `sml_done(published)`: SML `processing` → `published`; the SML comes first when publishing (a
 *   business card must not advertise a participant the network cannot reach);
 * - `directory_done(published)`: directory `processing` → `published`, only once the SML is
 *   `published`;
 * - `directory_done(not_published)`: directory `processing` → `not_published`; the directory goes first
 *   when unpublishing, for the same reason;
 * - `sml_done(not_published)`: SML `processing` → `not_published`, only once the directory is
 *   `not_published`.
 *
 * `processing` therefore always means "a job is on its way"; the job learns where to go from the
 * transport itself ({@link nextPublicationStep}), so a publish and an unpublish requested in quick
 * succession end where the transport says, whichever job runs first. Any state with the two fields
 * works (the whole transport, typically); the input is never mutated.
 *
 * @example
 * ```ts
 * const requested = transitionPeppolPublication(transport, { type: 'publish' });
 * requested.state.sml_status; // 'processing'
 * requested.accepted && requested.effects; // [{ type: 'schedule' }]
 * transitionPeppolPublication(requested.state, { type: 'directory_done', target: 'published' }).accepted;
 * // false: the SML comes first
 * ```
 */
export function transitionPeppolPublication<S extends PeppolPublication>(
  state: S,
  event: PeppolPublicationEvent,
): PublicationTransition<S> {
  const { sml_status: sml, peppol_directory_status: directory } = state;
  switch (event.type) {
    case 'publish':
      return accept(state, { sml_status: 'processing', peppol_directory_status: 'processing' }, [
        { type: 'schedule' },
      ]);
    case 'unpublish':
      if (sml === 'not_published' && directory === 'not_published')
        return refuse(state, 'nothing is published or being published');
      return accept(
        state,
        {
          sml_status: sml === 'not_published' ? sml : 'processing',
          peppol_directory_status: directory === 'not_published' ? directory : 'processing',
        },
        [{ type: 'schedule' }],
      );
    case 'sml_done':
      if (sml !== 'processing') return refuse(state, `the SML status is ${sml}, not processing`);
      if (event.target === 'not_published' && directory !== 'not_published')
        return refuse(state, 'the directory is unpublished before the SML');
      return accept(state, { sml_status: event.target, peppol_directory_status: directory });
    case 'directory_done':
      if (directory !== 'processing')
        return refuse(state, `the directory status is ${directory}, not processing`);
      if (event.target === 'published' && sml !== 'published')
        return refuse(state, 'the SML is published before the directory');
      return accept(state, { sml_status: sml, peppol_directory_status: event.target });
  }
}

/**
 * The next step a publication job takes towards `target` (what the transport now asks for), or null
 * when no step is due (nothing is `processing`, or what is left waits for nothing the job can do).
 * Publishing: the SML, then the directory; unpublishing: the directory, then the SML
 * ({@link transitionPeppolPublication}). A job applies steps one at a time, persisting each, so a
 * crash resumes at the step it had not stored.
 *
 * @example
 * ```ts
 * nextPublicationStep({ sml_status: 'processing', peppol_directory_status: 'processing' }, 'published');
 * // { type: 'sml_done', target: 'published' }
 * nextPublicationStep({ sml_status: 'processing', peppol_directory_status: 'processing' }, 'not_published');
 * // { type: 'directory_done', target: 'not_published' }
 * nextPublicationStep({ sml_status: 'published', peppol_directory_status: 'published' }, 'published'); // null
 * ```
 */
export function nextPublicationStep(
  state: PeppolPublication,
  target: PeppolPublicationTarget,
): PeppolPublicationEvent | null {
  const { sml_status: sml, peppol_directory_status: directory } = state;
  if (target === 'published') {
    if (sml === 'processing') return { type: 'sml_done', target };
    if (directory === 'processing' && sml === 'published') return { type: 'directory_done', target };
    return null;
  }
  if (directory === 'processing') return { type: 'directory_done', target };
  if (sml === 'processing' && directory === 'not_published') return { type: 'sml_done', target };
  return null;
}

/**
 * Whether a publication has settled: neither status is `processing` (no job is on its way).
 *
 * @example
 * ```ts
 * publicationSettled({ sml_status: 'published', peppol_directory_status: 'processing' }); // false
 * ```
 */
export function publicationSettled(state: PeppolPublication): boolean {
  return state.sml_status !== 'processing' && state.peppol_directory_status !== 'processing';
}
