import type { IdentifierCheck } from './identifierCheck.js';

/** Check-digit weights of digits 1–9 (es-tin.md §6.1). */
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

const ZERO = 48;

/**
 * Checks a Polish NIP (tax identification number) as es-tin.md §6.1 defines.
 *
 * - `compact`: whitespace and `-` removed, upper-cased, one leading `PL` dropped (python-stdnum's
 *   `pl.nip.compact`), so `PL 856-734-62-15` → `8567346215`.
 * - `valid`: 10 ASCII digits; the FA(3) shape `TNrNIP` = `[1-9]((\d[1-9])|([1-9]\d))\d{7}` (first
 *   digit non-zero, digits 2–3 not both zero), which KSeF's schema enforces while the checksum
 *   alone does not (`1000000006` passes the checksum but not the schema); and the check digit
 *   `(6·d1 + 5·d2 + 7·d3 + 2·d4 + 3·d5 + 4·d6 + 5·d7 + 6·d8 + 7·d9) mod 11 = d10`. A remainder of
 *   10 means no NIP exists with those nine digits. KSeF checks the checksum in production only, so
 *   fiscalkit checks it before building (`shared/reference/ksef-fa3.md` §4).
 *
 * @example
 * ```ts
 * checkPolishNip('856-734-62-15'); // { valid: true, compact: '8567346215' }
 * checkPolishNip('PL8567346216').valid; // false: the check digit is 5
 * checkPolishNip('1000000006').valid; // false: digits 2–3 are both zero (TNrNIP)
 * ```
 */
export function checkPolishNip(nip: string): IdentifierCheck {
  let compact = nip.replace(/[\s-]/g, '').toUpperCase();
  if (compact.startsWith('PL')) compact = compact.slice(2);
  return { valid: isValidNip(compact), compact };
}

function isValidNip(compact: string): boolean {
  if (compact.length !== 10) return false;
  const digits: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const digit = compact.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return false;
    digits.push(digit);
  }
  const [d1 = 0, d2 = 0, d3 = 0] = digits;
  if (d1 === 0 || (d2 === 0 && d3 === 0)) return false; // TNrNIP
  let sum = 0;
  // money-safe: check-digit arithmetic on single digits
  for (let i = 0; i < 9; i += 1) sum += (NIP_WEIGHTS[i] ?? 0) * (digits[i] ?? 0);
  // money-safe: check-digit arithmetic; a remainder of 10 never equals a digit, so it is never valid
  return sum % 11 === digits[9];
}
