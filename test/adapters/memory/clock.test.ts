import { describe, expect, it } from 'vitest';
import { MANUAL_CLOCK_START, manualClock, systemClock } from '../../../src/adapters/memory/clock.js';
import { describeClockContract } from '../../contracts/clock.js';

describeClockContract('manualClock', () => manualClock());
describeClockContract('systemClock', () => systemClock());

describe('manualClock', () => {
  it('starts at 2026-04-20T10:40:00Z unless told, and moves only when told', () => {
    const clock = manualClock();
    expect(clock.now()).toBe(MANUAL_CLOCK_START);
    expect(MANUAL_CLOCK_START).toBe(Date.UTC(2026, 3, 20, 10, 40));
    clock.advance(1_500);
    expect(clock.now()).toBe(MANUAL_CLOCK_START + 1_500);
    clock.set(0);
    expect(clock.now()).toBe(0);
    expect(manualClock(42).now()).toBe(42);
  });

  it('refuses to run back with advance, and instants that are not safe integers', () => {
    const clock = manualClock();
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(() => clock.set(Number.NaN)).toThrow(RangeError);
    expect(() => manualClock(Number.MAX_SAFE_INTEGER).advance(1)).toThrow(RangeError);
    expect(clock.now()).toBe(MANUAL_CLOCK_START);
  });
});
