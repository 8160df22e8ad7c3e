import type { IdentifierCheck } from './identifierCheck.js';

const KRS_SHAPE = /^\d{10}$/;

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
  // Without the `u` flag `\d` is exactly [0-9], so other scripts' digits never pass.
  return { valid: KRS_SHAPE.test(compact), compact };
}
