/**
 * Clocks (ports.ts `Clock`): a manual one that moves only when told, which makes every lease,
 * expiry and retry schedule of a test or a replay deterministic (DESIGN.md "Clock and ids are
 * injected"), and the system one for a real service.
 *
 * @module
 */
import type { Clock } from '../../ports.js';

/** 2026-04-20T10:40:00Z: where a {@link manualClock} starts unless told, the fixtures' "now". */
export const MANUAL_CLOCK_START = 1_776_681_600_000;

/** A {@link Clock} that moves only when told. */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `ms` (a non-negative safe integer). */
  advance(ms: number): void;
  /** Sets the clock to `ms` since the epoch (a safe integer), forward or back. */
  set(ms: number): void;
}

function safeInteger(what: string, value: number): number {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} must be a safe integer, not ${String(value)}`);
  return value;
}

/**
 * A clock that stands still until `advance` or `set` moves it. Time only moves forward with
 * `advance` (a negative step is a RangeError: nothing in fiscalkit expects time to run back); `set`
 * may jump anywhere, for a test that needs a particular instant.
 *
 * @example
 * ```ts
 * const clock = manualClock();
 * clock.now(); // 1776681600000 (2026-04-20T10:40:00Z)
 * clock.advance(60_000);
 * clock.now(); // 1776681660000
 * ```
 */
export function manualClock(start: number = MANUAL_CLOCK_START): ManualClock {
  let now = safeInteger('manualClock start', start);
  return {
    now: () => now,
    advance(ms: number) {
      if (safeInteger('advance', ms) < 0)
        throw new RangeError(`advance must not be negative, not ${String(ms)}`);
      now = safeInteger('the clock', now + ms);
    },
    set(ms: number) {
      now = safeInteger('set', ms);
    },
  };
}

/**
 * The system clock: `Date.now()`, for a service that runs for real. Tests use {@link manualClock}.
 *
 * @example
 * ```ts
 * const clock = systemClock();
 * clock.now(); // milliseconds since the epoch, e.g. 1776681600000
 * ```
 */
export function systemClock(): Clock {
  return { now: () => Date.now() };
}
