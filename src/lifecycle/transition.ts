import type { EventCode, EventDataByCode } from '../model/event.js';

/**
 * The answer of a pure state machine (DESIGN.md "State machines are pure": `transition(state, event)
 * → {state, effects}`; the services persist the state and perform the effects). An accepted event
 * gives the new state (a new object: the input is never mutated, and may be frozen) and the effects
 * to perform, in order. A refused one gives the unchanged state and why: a transition never throws,
 * so a job that re-runs after a crash and repeats an event that already happened (finishing a
 * finished batch) simply learns that nothing is to be done.
 */
export type Transition<S, F> =
  | { accepted: true; state: S; effects: F[] }
  | { accepted: false; state: S; reason: string };

/** An effect asking the service to publish event `code` with `data` (spec §6; `EventPublisher`). */
export type EmitEffect<C extends EventCode> = { type: 'emit'; code: C; data: EventDataByCode[C] };
