import { describe, expect, it } from 'vitest';
import { divideAndRound, ROUNDING_METHODS, roundingMethodFromAccount } from '../../src/index.js';

describe('roundingMethodFromAccount', () => {
  it.each([
    ['half_up', 'half_up'],
    ['bankers', 'half_even'],
    ['truncate', 'down'],
  ] as const)('maps the account value %s to the engine method %s', (account, engine) => {
    expect(roundingMethodFromAccount(account)).toBe(engine);
  });

  it('gives methods that behave as the account names say on a tie of 2.5', () => {
    expect(divideAndRound(25n, 10n, roundingMethodFromAccount('half_up'))).toBe(3n);
    expect(divideAndRound(25n, 10n, roundingMethodFromAccount('bankers'))).toBe(2n);
    expect(divideAndRound(29n, 10n, roundingMethodFromAccount('truncate'))).toBe(2n);
  });

  it('only ever returns engine methods', () => {
    for (const account of ['half_up', 'bankers', 'truncate'] as const) {
      expect(ROUNDING_METHODS).toContain(roundingMethodFromAccount(account));
    }
  });
});

describe('ROUNDING_METHODS', () => {
  it('lists the four engine methods, the default half_up first', () => {
    expect(ROUNDING_METHODS[0]).toBe('half_up');
    expect([...ROUNDING_METHODS].sort()).toEqual(['down', 'half_ceil', 'half_even', 'half_up']);
  });

  it('does not list the account names bankers and truncate', () => {
    expect(ROUNDING_METHODS).not.toContain('bankers');
    expect(ROUNDING_METHODS).not.toContain('truncate');
  });
});
