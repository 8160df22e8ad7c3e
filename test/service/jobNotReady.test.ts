/**
 * A job that comes before its resource (src/service/jobNotReady.ts; issue #10): short looks while the
 * resource may still arrive, an end once it cannot, the old behaviour for payloads without `queued_at`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isJobNotReady,
  JobNotReadyError,
  NOT_STORED_GRACE_MS,
  notStoredYet,
} from '../../src/service/jobNotReady.js';

const QUEUED = 1_700_000_000_000;

describe('notStoredYet', () => {
  it('waits half the time already waited, at least 10 ms and at most 5 s', () => {
    const waits = [0, 1, 19, 20, 21, 100, 2_000, 10_000, 10_001, NOT_STORED_GRACE_MS - 1].map((waited) => {
      const error = notStoredYet('batch 7', QUEUED, QUEUED + waited);
      if (!isJobNotReady(error)) throw new Error(`expected a not-ready error at ${String(waited)}`);
      return error.retry_in_ms;
    });
    expect(waits).toEqual([10, 10, 10, 10, 10, 50, 1_000, 5_000, 5_000, 5_000]);
    expect(notStoredYet('batch 7', QUEUED, QUEUED).message).toBe('batch 7 is not stored yet');
  });

  it('a clock behind the queuing one still waits the shortest time', () => {
    const error = notStoredYet('batch 7', QUEUED, QUEUED - 60_000);
    expect(isJobNotReady(error) && error.retry_in_ms).toBe(10);
  });

  it('ends the job once the grace is over: not retryable, and says why', () => {
    const error = notStoredYet('TIN verification 3', QUEUED, QUEUED + NOT_STORED_GRACE_MS);
    expect(isJobNotReady(error)).toBe(false);
    expect(error).toMatchObject({
      retryable: false,
      message:
        'TIN verification 3 was never stored: the request that queued this job failed before storing it',
    });
  });

  it('without a queued_at (an older job) is a plain retryable error, as before', () => {
    for (const queued_at of [undefined, null, '1700000000000', 1.5, Number.NaN]) {
      const error = notStoredYet('batch 7', queued_at, QUEUED);
      expect(isJobNotReady(error)).toBe(false);
      expect((error as { retryable?: unknown }).retryable).toBeUndefined();
      expect(error.message).toBe('batch 7 is not stored (yet)');
    }
  });

  it('property: within the grace the looks never leave a gap of more than 5 s, and never run faster than every 10 ms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: NOT_STORED_GRACE_MS - 1 }), (waited) => {
        const error = notStoredYet('x', QUEUED, QUEUED + waited);
        if (!isJobNotReady(error)) return false;
        return (
          error.retry_in_ms >= 10 && error.retry_in_ms <= 5_000 && error.retry_in_ms <= Math.max(10, waited)
        );
      }),
    );
  });
});

describe('isJobNotReady', () => {
  it('judges by shape, so a copy of the class from another bundle is recognized', () => {
    expect(isJobNotReady(new JobNotReadyError('x', 10))).toBe(true);
    expect(isJobNotReady({ not_ready: true, retry_in_ms: 10 })).toBe(true);
    expect(isJobNotReady({ not_ready: true, retry_in_ms: 1.5 })).toBe(false);
    expect(isJobNotReady({ not_ready: 'yes', retry_in_ms: 10 })).toBe(false);
    expect(isJobNotReady(new Error('census down'))).toBe(false);
    expect(isJobNotReady(null)).toBe(false);
  });
});
