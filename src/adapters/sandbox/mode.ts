/**
 * What the sandbox tax authorities share (docs/sandbox-authorities.md): the switch that makes them
 * accept, reject or time out, the per-document triggers, and the simulated timeout. One small file
 * so that `sii.ts`, `ksef.ts` and `switch.ts` import it without importing each other.
 *
 * @module
 */

import { TaxAuthorityError } from '../../ports.js';

/** The environment variable that switches the sandbox authorities (docs/sandbox-authorities.md). */
export const SANDBOX_AUTHORITY_ENV = 'FISCALKIT_SANDBOX_AUTHORITY';

/** The environment variable with the wait, in ms, before a simulated timeout throws. */
export const SANDBOX_TIMEOUT_ENV = 'FISCALKIT_SANDBOX_TIMEOUT_MS';

/**
 * How a sandbox authority answers: `accept` runs the authority's own checks (the default);
 * `reject` rejects every record / invoice with a real code; `timeout` answers nothing and throws a
 * retryable `TaxAuthorityError` after `timeout_ms`.
 */
export type SandboxAuthorityMode = 'accept' | 'reject' | 'timeout';

/** The modes, in the order the docs list them. */
export const SANDBOX_AUTHORITY_MODES: readonly SandboxAuthorityMode[] = ['accept', 'reject', 'timeout'];

/**
 * An invoice number containing this text (SII `NumSerieFacturaEmisor`, FA(3) `P_2`) is rejected
 * whatever the switch says, so that a host can test one rejection without restarting the server.
 */
export const SANDBOX_REJECT_TRIGGER = 'SANDBOX-REJECT';

/** An invoice number containing this text makes its submission (or status poll) time out. */
export const SANDBOX_TIMEOUT_TRIGGER = 'SANDBOX-TIMEOUT';

/** The default wait before a simulated timeout: long enough to be seen, short enough for a demo. */
export const DEFAULT_SANDBOX_TIMEOUT_MS = 2000;

/** Options every sandbox authority takes. */
export interface SandboxAuthorityOptions {
  /** The switch; default `accept`. */
  mode?: SandboxAuthorityMode;
  /** The wait before a simulated timeout throws; default {@link DEFAULT_SANDBOX_TIMEOUT_MS}. */
  timeout_ms?: number;
}

/**
 * Reads the switch: `undefined` or empty is `accept`; any other value than the three modes is an
 * error, so that a typo never silently accepts everything.
 *
 * @example
 * ```ts
 * sandboxAuthorityMode('reject'); // 'reject'
 * sandboxAuthorityMode(undefined); // 'accept'
 * ```
 */
export function sandboxAuthorityMode(value: string | undefined): SandboxAuthorityMode {
  if (value === undefined || value.trim() === '') return 'accept';
  const mode = value.trim().toLowerCase();
  const known = SANDBOX_AUTHORITY_MODES.find((candidate) => candidate === mode);
  if (known === undefined)
    throw new RangeError(
      `${SANDBOX_AUTHORITY_ENV} must be one of ${SANDBOX_AUTHORITY_MODES.join(', ')}, not ${value}`,
    );
  return known;
}

/**
 * Checks a wait in ms: a non-negative safe integer (never "forever").
 *
 * @example
 * ```ts
 * sandboxTimeoutMs(undefined); // 2000
 * ```
 */
export function sandboxTimeoutMs(value: number | undefined): number {
  if (value === undefined) return DEFAULT_SANDBOX_TIMEOUT_MS;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`the sandbox timeout must be a whole number of milliseconds, not ${String(value)}`);
  return value;
}

/**
 * Waits `ms`, then throws the retryable `TaxAuthorityError` a real client throws when the
 * authority does not answer in time; `why` names what triggered it, so a log never hides that the
 * timeout was simulated.
 *
 * @example
 * ```ts
 * await simulatedTimeout('AEAT SII', 2000, `${SANDBOX_AUTHORITY_ENV}=timeout`); // throws after 2 s
 * ```
 */
export async function simulatedTimeout(authority: string, ms: number, why: string): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  throw new TaxAuthorityError(`${authority} (sandbox) timed out (${why})`, true);
}
