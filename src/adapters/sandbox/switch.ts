/**
 * The switch of the sandbox tax authorities (issue #23 "A documented switch makes it reject or time
 * out"; docs/sandbox-authorities.md): `FISCALKIT_SANDBOX_AUTHORITY=accept|reject|timeout` (default
 * `accept`) and `FISCALKIT_SANDBOX_TIMEOUT_MS` (default 2000), read once at start; the
 * `SANDBOX-REJECT` / `SANDBOX-TIMEOUT` invoice-number triggers work whatever the switch says.
 *
 * @module
 */

import type { CensusClient, Clock } from '../../ports.js';
import { type SandboxKsef, sandboxKsef } from './ksef.js';
import { SANDBOX_TIMEOUT_ENV, sandboxAuthorityMode } from './mode.js';
import { type SandboxSii, sandboxSii } from './sii.js';

export {
  DEFAULT_SANDBOX_TIMEOUT_MS,
  SANDBOX_AUTHORITY_ENV,
  SANDBOX_AUTHORITY_MODES,
  SANDBOX_REJECT_TRIGGER,
  SANDBOX_TIMEOUT_ENV,
  SANDBOX_TIMEOUT_TRIGGER,
  type SandboxAuthorityMode,
  sandboxAuthorityMode,
} from './mode.js';

/** Options of {@link sandboxAuthoritiesFromEnv}: what the environment does not say. */
export interface SandboxAuthoritiesOptions {
  /** The server's clock (presentation timestamps, KSeF dates). */
  clock?: Clock;
  /** A census for the SII simulator's 1117 check; without it, the documented list of unknown NIFs. */
  census?: CensusClient;
  /** More NIFs the SII simulator treats as not identified. */
  unknown_nifs?: Iterable<string>;
}

/** The two simulators `npm start` wires in sandbox mode. */
export interface SandboxAuthorities {
  taxAuthority: SandboxSii;
  ksef: SandboxKsef;
}

/** The timeout wait from the environment: a whole number of ms, or the default. */
function timeoutFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim()))
    throw new RangeError(`${SANDBOX_TIMEOUT_ENV} must be a whole number of milliseconds, not ${value}`);
  return Number(value.trim()); // money-safe: milliseconds
}

/**
 * The sandbox AEAT SII and KSeF simulators, switched by the environment. An unknown mode or a
 * malformed wait throws at start, so that a typo never silently accepts everything.
 *
 * @example
 * ```ts
 * const { taxAuthority, ksef } = sandboxAuthoritiesFromEnv(process.env, { clock: systemClock() });
 * // FISCALKIT_SANDBOX_AUTHORITY=reject → every SII record 1117, every KSeF invoice 450
 * ```
 */
export function sandboxAuthoritiesFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  options: SandboxAuthoritiesOptions = {},
): SandboxAuthorities {
  const mode = sandboxAuthorityMode(env.FISCALKIT_SANDBOX_AUTHORITY);
  const timeout_ms = timeoutFromEnv(env[SANDBOX_TIMEOUT_ENV]);
  const common = {
    mode,
    ...(timeout_ms === undefined ? {} : { timeout_ms }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
  };
  return {
    taxAuthority: sandboxSii({
      ...common,
      ...(options.census === undefined ? {} : { census: options.census }),
      ...(options.unknown_nifs === undefined ? {} : { unknown_nifs: options.unknown_nifs }),
    }),
    ksef: sandboxKsef(common),
  };
}
