/**
 * fiscalkit's webhook retry schedule (spec §6 rule 4 and api-notes.md §5.4 leave it open): 30 s
 * doubling to 1 h, for 24 h from the first attempt.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttempt,
  WEBHOOK_FIRST_RETRY_MS,
  WEBHOOK_MAX_RETRY_DELAY_MS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelay,
} from '../../src/events/retrySchedule.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The attempt times of a receiver that is always down and answers at once: first attempt at `start`. */
function attemptTimes(start: number, duration = (_attempt: number) => 0): number[] {
  const times = [start];
  for (let failed = 1; ; failed++) {
    const ended = (times.at(-1) ?? start) + duration(failed);
    const next = nextWebhookAttempt(start, failed, ended);
    if (next === null) return times;
    times.push(next);
  }
}

describe('retry constants', () => {
  it('24 h window, 30 s first retry, 1 h cap, 10 s timeout', () => {
    expect(WEBHOOK_RETRY_WINDOW_MS).toBe(24 * HOUR);
    expect(WEBHOOK_FIRST_RETRY_MS).toBe(30 * SECOND);
    expect(WEBHOOK_MAX_RETRY_DELAY_MS).toBe(HOUR);
    expect(WEBHOOK_TIMEOUT_MS).toBe(10 * SECOND);
  });
});

describe('webhookRetryDelay', () => {
  it('30 s, 1 min, 2 min, … 32 min, then hourly', () => {
    expect(Array.from({ length: 10 }, (_, index) => webhookRetryDelay(index + 1))).toEqual([
      30 * SECOND,
      MINUTE,
      2 * MINUTE,
      4 * MINUTE,
      8 * MINUTE,
      16 * MINUTE,
      32 * MINUTE,
      HOUR,
      HOUR,
      HOUR,
    ]);
    expect(webhookRetryDelay(1000)).toBe(HOUR);
    expect(webhookRetryDelay(Number.MAX_SAFE_INTEGER)).toBe(HOUR);
  });

  it('refuses anything but an integer ≥ 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => webhookRetryDelay(bad), String(bad)).toThrow(RangeError);
  });
});

describe('nextWebhookAttempt', () => {
  it('now + delay while within 24 h of the first attempt, null beyond', () => {
    const start = 1_776_681_600_000;
    expect(nextWebhookAttempt(start, 1, start)).toBe(start + 30 * SECOND);
    expect(nextWebhookAttempt(start, 3, start + 10 * MINUTE)).toBe(start + 12 * MINUTE);
    // Exactly at the end of the window is still allowed; one millisecond more is not.
    expect(nextWebhookAttempt(start, 9, start + 23 * HOUR)).toBe(start + 24 * HOUR);
    expect(nextWebhookAttempt(start, 9, start + 23 * HOUR + 1)).toBeNull();
    expect(nextWebhookAttempt(start, 1, start + 24 * HOUR - 30 * SECOND)).toBe(start + 24 * HOUR);
    expect(nextWebhookAttempt(start, 1, start + 24 * HOUR - 30 * SECOND + 1)).toBeNull();
  });

  it('a receiver that is always down gets 30 attempts in 24 h, as the module comment says', () => {
    const times = attemptTimes(0);
    expect(times).toHaveLength(30);
    expect(times.slice(0, 9)).toEqual([
      0, 30_000, 90_000, 210_000, 450_000, 930_000, 1_890_000, 3_810_000, 7_410_000,
    ]);
    expect(times.at(-1)).toBe(3_810_000 + 22 * HOUR); // 23 h 03 min 30 s
    expect(nextWebhookAttempt(0, 30, times.at(-1) ?? 0)).toBeNull();
  });

  it('refuses non-finite times', () => {
    expect(() => nextWebhookAttempt(Number.NaN, 1, 0)).toThrow(RangeError);
    expect(() => nextWebhookAttempt(0, 1, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  test.prop([
    fc.integer({ min: 0, max: 4_000_000_000_000 }),
    fc.array(fc.integer({ min: 0, max: WEBHOOK_TIMEOUT_MS }), { maxLength: 40 }),
  ])('the schedule stays within 24 h and its delays never shrink', (start, durations) => {
    const times = attemptTimes(start, (attempt) => durations[attempt - 1] ?? 0);
    expect(times.at(-1) ?? start).toBeLessThanOrEqual(start + WEBHOOK_RETRY_WINDOW_MS);
    const delays = times.slice(1).map((time, index) => time - (times[index] ?? 0) - (durations[index] ?? 0));
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    for (const [index, delay] of delays.entries()) {
      expect(delay).toBe(webhookRetryDelay(index + 1));
      if (index > 0) expect(delay).toBeGreaterThanOrEqual(delays[index - 1] ?? 0);
    }
    // The attempt after the last would have been past the window.
    const last = times.at(-1) ?? start;
    expect(last + (durations[times.length - 1] ?? 0) + webhookRetryDelay(times.length)).toBeGreaterThan(
      start + WEBHOOK_RETRY_WINDOW_MS,
    );
  });
});
