import { isSchemeCode } from '../codelists/schemes.js';

const SCHEME_DIGITS = /^[0-9]{1,4}$/;

/**
 * Zero-pads a scheme code written as 1 to 4 digits to the 4-character form the service uses
 * (spec §2.2: `7` → `0007`), after trimming; `null` when it is not 1–4 ASCII digits. Padding only:
 * whether the scheme exists is {@link schemeCode}'s question.
 *
 * @example
 * ```ts
 * padSchemeCode('7'); // '0007'
 * padSchemeCode(' 88 '); // '0088'
 * padSchemeCode('0001'); // '0001' (padded, not looked up)
 * padSchemeCode('12345'); // null: more than 4 digits
 * padSchemeCode('VAT'); // null
 * ```
 */
export function padSchemeCode(value: string): string | null {
  const trimmed = value.trim();
  return SCHEME_DIGITS.test(trimmed) ? trimmed.padStart(4, '0') : null;
}

/**
 * A scheme code as the service returns it (spec §2.2): zero-padded to 4 characters, or `null` when the
 * scheme is unknown. From v2026-03-02 an unknown scheme is `null` rather than the old placeholder
 * `"0001"` (api-notes.md §3.2). Known means listed in `SCHEMES` (GET /schemes).
 *
 * @example
 * ```ts
 * schemeCode('7'); // '0007'
 * schemeCode('9920'); // '9920'
 * schemeCode(' 88 '); // '0088'
 * schemeCode('0001'); // null: not an assigned scheme
 * schemeCode('VAT'); // null
 * schemeCode(undefined); // null
 * ```
 */
export function schemeCode(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const padded = padSchemeCode(value);
  return padded !== null && isSchemeCode(padded) ? padded : null;
}
