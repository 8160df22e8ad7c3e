import type { IdentifierCheck } from './identifierCheck.js';

/**
 * A KRS number as written: exactly 10 ASCII digits (es-tin.md §6.3; spec §8 "KRS digits · exactly
 * 10"; FA(3) `etd:TNrKRS` = `\d{10}`). The one hand-written home of that fact (issue #20 §4): the
 * spec rule (`src/rules/supplierPartyKrs.ts`) and {@link checkPolishKrs} use it; FA(3)'s own copy,
 * `TNR_KRS`, is generated from the XSD. Without the `u` flag `\d` is exactly [0-9], so other
 * scripts' digits never pass.
 */
export const POLISH_KRS_PATTERN = /^\d{10}$/;

/**
 * Checks a Polish KRS number (National Court Register, es-tin.md §6.3): exactly 10 ASCII digits,
 * usually written zero-padded (`0000012345`). KRS numbers have **no checksum**.
 *
 * - `compact`: whitespace and `-` removed.
 * - `valid`: the compact form is exactly 10 ASCII digits (FA(3) `etd:TNrKRS` = `\d{10}`).
 *
 * The spec §2.7 rule for `supplier_party_krs` (exactly 10 digits, HTTP 422 otherwise) is about the
 * value as submitted: a rule enforcing it also requires `compact === krs`. Padding is never added:
 * `12345` is not the KRS `0000012345`.
 *
 * @example
 * ```ts
 * checkPolishKrs('0000012345'); // { valid: true, compact: '0000012345' }
 * checkPolishKrs('0000 012 345').compact; // '0000012345'
 * checkPolishKrs('12345').valid; // false: not zero-padded to 10 digits
 * ```
 */
export function checkPolishKrs(krs: string): IdentifierCheck {
  const compact = krs.replace(/[\s-]/g, '');
  return { valid: POLISH_KRS_PATTERN.test(compact), compact };
}

/**
 * Whether a value is a KRS number exactly as written: 10 ASCII digits, no separators removed and no
 * zero padding added (`12345` is not `0000012345`). This is what spec §8 ("KRS digits · exactly
 * 10") asks of `supplier_party_krs`, and what FA(3) `Stopka/Rejestry/KRS` takes as is.
 *
 * @example
 * ```ts
 * isPolishKrs('0000012345'); // true
 * isPolishKrs('0000 012 345'); // false: checkPolishKrs would compact it, the spec rule does not
 * isPolishKrs('12345'); // false
 * ```
 */
export function isPolishKrs(value: string): boolean {
  return POLISH_KRS_PATTERN.test(value);
}
