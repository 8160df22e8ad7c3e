/**
 * The Peppol publication state machine (spec §2.8 rule 2, §3.2; the transitions are fiscalkit's):
 * not_published → processing → published and back, the SML before the directory when publishing and
 * after it when unpublishing.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  nextPublicationStep,
  type PeppolPublication,
  type PeppolPublicationEvent,
  type PeppolPublicationTarget,
  publicationSettled,
  transitionPeppolPublication,
} from '../../src/lifecycle/peppolPublication.js';
import { PEPPOL_PUBLICATION_STATUSES } from '../../src/model/transport.js';
import { deepFreeze } from './deepFreeze.js';

const state = (sml_status: PeppolPublication['sml_status'], peppol_directory_status = sml_status) =>
  deepFreeze({ code: 'peppol', sml_status, peppol_directory_status });

/** Runs the job's steps towards `target` until none is due. */
function runJob<S extends PeppolPublication>(start: S, target: PeppolPublicationTarget): S {
  let current = start;
  for (
    let step = nextPublicationStep(current, target);
    step !== null;
    step = nextPublicationStep(current, target)
  ) {
    const result = transitionPeppolPublication(current, step);
    if (!result.accepted) throw new Error(result.reason);
    current = result.state;
  }
  return current;
}

describe('requests', () => {
  it('publish moves both statuses to processing and schedules a job, whatever they were', () => {
    for (const status of PEPPOL_PUBLICATION_STATUSES) {
      const result = transitionPeppolPublication(state(status), { type: 'publish' });
      expect(result).toEqual({
        accepted: true,
        state: { code: 'peppol', sml_status: 'processing', peppol_directory_status: 'processing' },
        effects: [{ type: 'schedule' }],
      });
    }
  });

  it('unpublish moves what is published or under way to processing, keeps what is not published', () => {
    expect(transitionPeppolPublication(state('published'), { type: 'unpublish' })).toMatchObject({
      accepted: true,
      state: { sml_status: 'processing', peppol_directory_status: 'processing' },
      effects: [{ type: 'schedule' }],
    });
    expect(
      transitionPeppolPublication(state('processing', 'not_published'), { type: 'unpublish' }).state,
    ).toMatchObject({ sml_status: 'processing', peppol_directory_status: 'not_published' });
  });

  it('refuses to unpublish what is not published', () => {
    const result = transitionPeppolPublication(state('not_published'), { type: 'unpublish' });
    expect(result.accepted).toBe(false);
    expect(result.state).toEqual(state('not_published'));
  });
});

describe('background steps', () => {
  it('publishes the SML first, then the directory', () => {
    const requested = state('processing');
    expect(nextPublicationStep(requested, 'published')).toEqual({ type: 'sml_done', target: 'published' });
    const directoryFirst = transitionPeppolPublication(requested, {
      type: 'directory_done',
      target: 'published',
    });
    expect(directoryFirst.accepted).toBe(false);
    const sml = transitionPeppolPublication(requested, { type: 'sml_done', target: 'published' });
    expect(sml.state).toMatchObject({ sml_status: 'published', peppol_directory_status: 'processing' });
    expect(nextPublicationStep(sml.state, 'published')).toEqual({
      type: 'directory_done',
      target: 'published',
    });
    expect(runJob(requested, 'published')).toEqual(state('published'));
  });

  it('unpublishes the directory first, then the SML', () => {
    const requested = state('processing');
    expect(nextPublicationStep(requested, 'not_published')).toEqual({
      type: 'directory_done',
      target: 'not_published',
    });
    expect(
      transitionPeppolPublication(requested, { type: 'sml_done', target: 'not_published' }).accepted,
    ).toBe(false);
    expect(runJob(requested, 'not_published')).toEqual(state('not_published'));
  });

  it('refuses a step on a status that is not processing', () => {
    for (const event of [
      { type: 'sml_done', target: 'published' },
      { type: 'directory_done', target: 'not_published' },
    ] as const) {
      const result = transitionPeppolPublication(state('published'), event);
      expect(result.accepted).toBe(false);
      if (!result.accepted) expect(result.reason).toMatch(/not processing/);
    }
  });

  it('has no step to take once settled at the target', () => {
    expect(nextPublicationStep(state('published'), 'published')).toBeNull();
    expect(nextPublicationStep(state('not_published'), 'not_published')).toBeNull();
    expect(publicationSettled(state('published'))).toBe(true);
    expect(publicationSettled(state('published', 'processing'))).toBe(false);
  });
});

const statusArbitrary = fc.constantFrom(...PEPPOL_PUBLICATION_STATUSES);
const eventArbitrary: fc.Arbitrary<PeppolPublicationEvent> = fc.oneof(
  fc.constant({ type: 'publish' as const }),
  fc.constant({ type: 'unpublish' as const }),
  fc.record({
    type: fc.constantFrom('sml_done' as const, 'directory_done' as const),
    target: fc.constantFrom('published' as const, 'not_published' as const),
  }),
);

describe('properties', () => {
  test.prop([fc.array(eventArbitrary, { maxLength: 12 })])(
    'the directory is never published while the SML is not (reached from not_published)',
    (events) => {
      let current: PeppolPublication = state('not_published');
      for (const event of events) {
        const result = transitionPeppolPublication(current, event);
        current = result.state;
        if (current.peppol_directory_status === 'published') expect(current.sml_status).toBe('published');
      }
    },
  );

  test.prop([
    fc.array(fc.constantFrom('publish' as const, 'unpublish' as const), { maxLength: 8 }),
    fc.boolean(),
  ])(
    'any run of requests followed by one job settles at the target, from not_published',
    (requests, publish) => {
      let current: PeppolPublication = state('not_published');
      for (const type of requests) current = transitionPeppolPublication(current, { type }).state;
      // The last request decides the target, as the transport does; a final publish always happens
      // when publishing is the target (a request leaves processing).
      current = transitionPeppolPublication(current, { type: publish ? 'publish' : 'unpublish' }).state;
      const target = publish ? 'published' : 'not_published';
      expect(runJob(current, target)).toMatchObject({ sml_status: target, peppol_directory_status: target });
    },
  );

  test.prop([statusArbitrary, statusArbitrary, eventArbitrary])(
    'never mutates its input',
    (sml, directory, event) => {
      const input = state(sml, directory);
      const copy = structuredClone(input);
      transitionPeppolPublication(input, event);
      expect(input).toEqual(copy);
    },
  );
});
