import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/adapters/memory/clock.js';
import {
  DEFAULT_SANDBOX_TIMEOUT_MS,
  sandboxAuthoritiesFromEnv,
  sandboxAuthorityMode,
} from '../../../src/adapters/sandbox/switch.js';
import { TaxAuthorityError } from '../../../src/ports.js';
import { parseSiiResponse } from '../../../src/sii/import/response.js';
import { builtSiiMessage } from '../../support/siiMessages.js';

describe('the sandbox authority switch (FISCALKIT_SANDBOX_AUTHORITY)', () => {
  it('reads the three modes, accept by default, and refuses anything else', () => {
    expect(sandboxAuthorityMode(undefined)).toBe('accept');
    expect(sandboxAuthorityMode('')).toBe('accept');
    expect(sandboxAuthorityMode(' Reject ')).toBe('reject');
    expect(sandboxAuthorityMode('timeout')).toBe('timeout');
    expect(() => sandboxAuthorityMode('rejct')).toThrow(/accept, reject, timeout/);
    expect(DEFAULT_SANDBOX_TIMEOUT_MS).toBe(2000);
  });

  it('wires both simulators from the environment: reject makes AEAT answer Incorrecto', async () => {
    const { taxAuthority, ksef } = sandboxAuthoritiesFromEnv(
      { FISCALKIT_SANDBOX_AUTHORITY: 'reject' },
      { clock: manualClock() },
    );
    const response = parseSiiResponse(
      (await taxAuthority.submit({ ledger_id: 1, xml: builtSiiMessage('Expedida', 'alta') })).xml,
    );
    expect(response.success && response.data.submission_status).toBe('Incorrecto');
    expect(typeof ksef.submit).toBe('function');
  });

  it('accepts by default', async () => {
    const { taxAuthority } = sandboxAuthoritiesFromEnv({}, { clock: manualClock() });
    const response = parseSiiResponse(
      (await taxAuthority.submit({ ledger_id: 1, xml: builtSiiMessage('Expedida', 'alta') })).xml,
    );
    expect(response.success && response.data.submission_status).toBe('Correcto');
  });

  it('times out after FISCALKIT_SANDBOX_TIMEOUT_MS with a retryable error', async () => {
    const { taxAuthority } = sandboxAuthoritiesFromEnv({
      FISCALKIT_SANDBOX_AUTHORITY: 'timeout',
      FISCALKIT_SANDBOX_TIMEOUT_MS: '1',
    });
    let caught: unknown;
    try {
      await taxAuthority.submit({ ledger_id: 1, xml: builtSiiMessage('Expedida', 'alta') });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TaxAuthorityError);
    expect((caught as TaxAuthorityError).retryable).toBe(true);
    expect((caught as Error).message).toBe(
      'AEAT SII (sandbox) timed out (FISCALKIT_SANDBOX_AUTHORITY=timeout)',
    );
  });

  it('refuses a malformed wait at start', () => {
    expect(() => sandboxAuthoritiesFromEnv({ FISCALKIT_SANDBOX_TIMEOUT_MS: '2s' })).toThrow(
      /FISCALKIT_SANDBOX_TIMEOUT_MS/,
    );
  });
});
