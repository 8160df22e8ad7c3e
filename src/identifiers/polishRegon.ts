import type { IdentifierCheck } from './identifierCheck.js';

/** Weights of digits 1–8 of a 9-digit REGON (es-tin.md §6.2). */
const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7];
/** Weights of digits 1–13 of a 14-digit REGON (es-tin.md §6.2); digit 5 has weight 0. */
const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8];

const REGON_SHAPE = /^(?:\d{9}|\d{14})$/;
const ZERO = 48;

/** The result of {@link checkPolishRegon}. */
export interface PolishRegonCheck extends IdentifierCheck {
  /**
   * 9 (an entity) or 14 (a local unit) when the compact form has that many ASCII digits, whatever
   * its check digits; `null` otherwise.
   */
  length: 9 | 14 | null;
}

/**
 * Whether a value is exactly 9 or 14 ASCII digits: the spec §2.7 rule for `supplier_party_regon`
 * (HTTP 422 otherwise). It deliberately does **not** check the checksum, and does not remove
 * separators: the spec states no checksum rule, so fiscalkit does not reject what the service
 * accepts (es-tin.md §6.2); {@link checkPolishRegon} is the separate checksum validator.
 *
 * @example
 * ```ts
 * isRegonShape('123456786'); // true (the checksum is wrong, the shape is right)
 * isRegonShape('12345678512347'); // true
 * isRegonShape('1234567850'); // false: 10 digits
 * isRegonShape('123-456-785'); // false: separators are not digits
 * ```
 */
export function isRegonShape(value: string): boolean {
  // Without the `u` flag `\d` is exactly [0-9], so other scripts' digits never pass.
  return REGON_SHAPE.test(value);
}

/**
 * Checks a Polish REGON with the checksums of es-tin.md §6.2.
 *
 * - `compact`: whitespace and `-` removed (python-stdnum's `pl.regon.compact`).
 * - `length`: 9 or 14 when the compact form is that many ASCII digits, else `null`.
 * - `valid`: for 9 digits, `(8·d1 + 9·d2 + 2·d3 + 3·d4 + 4·d5 + 5·d6 + 6·d7 + 7·d8) mod 11`, with
 *   10 → 0, equals `d9`; for 14 digits, `(2·d1 + 4·d2 + 8·d3 + 5·d4 + 0·d5 + 9·d6 + 7·d7 + 3·d8 +
 *   6·d9 + 1·d10 + 2·d11 + 4·d12 + 8·d13) mod 11`, with 10 → 0, equals `d14`, **and** the first
 *   nine digits (the parent entity's REGON) pass the 9-digit check. Digit 5 has weight 0 in the
 *   14-digit sum, so only the 9-digit check covers it.
 *
 * Because a remainder of 10 is written 0, a single wrong digit slips through when it moves the
 * remainder between 0 and 10 (both written 0). The checksum guards against most typos, not all.
 *
 * @example
 * ```ts
 * checkPolishRegon('123456785'); // { valid: true, compact: '123456785', length: 9 }
 * checkPolishRegon('192598183').valid; // false
 * checkPolishRegon('12345678512347'); // { valid: true, compact: '12345678512347', length: 14 }
 * checkPolishRegon('12345678612342').valid; // false: the 9-digit prefix fails
 * ```
 */
export function checkPolishRegon(regon: string): PolishRegonCheck {
  const compact = regon.replace(/[\s-]/g, '');
  if (!isRegonShape(compact)) return { valid: false, compact, length: null };
  if (compact.length === 9) return { valid: hasCheckDigit(compact, REGON9_WEIGHTS), compact, length: 9 };
  const valid = hasCheckDigit(compact, REGON9_WEIGHTS) && hasCheckDigit(compact, REGON14_WEIGHTS);
  return { valid, compact, length: 14 };
}

/**
 * Whether the digit after the weighted ones is `Σ wᵢ·dᵢ mod 11`, with 10 written as 0. `digits`
 * must be ASCII digits, at least one more than there are weights.
 */
function hasCheckDigit(digits: string, weights: readonly number[]): boolean {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) {
    // money-safe: check-digit arithmetic on single digits
    sum += (weights[i] ?? 0) * (digits.charCodeAt(i) - ZERO);
  }
  // money-safe: check-digit arithmetic, a remainder below 11
  const check = (sum % 11) % 10; // 10 → 0
  return digits.charCodeAt(weights.length) - ZERO === check;
}
