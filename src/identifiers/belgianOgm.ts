import type { IdentifierCheck } from './identifierCheck.js';

/**
 * Belgian structured communication (OGM / VCS, "gestructureerde mededeling"), the structured
 * payment reference that `auto_remittance` puts on invoices (spec §2.2, es-tin.md §7): 12 digits
 * written `+++XXX/XXXX/XXXXX+++`, a 10-digit base followed by `base mod 97` in two digits, with a
 * remainder of 0 written `97`. This is not ISO 7064 MOD 97-10 (the IBAN check, 98 − n mod 97).
 */

const ZERO = 48;
const BASE_SHAPE = /^\d{10}$/;
const OGM_SHAPE = /^\d{12}$/;

/**
 * The two check digits of a 10-digit base: `base mod 97`, 0 written as `97` (python-stdnum
 * `be.ogm_vcs.calc_check_digits`). The remainder is taken digit by digit (Horner), so every
 * intermediate value stays below 970: exact, and no string-to-number conversion of the whole base.
 * (A 10-digit base, below 10^10 < 2^53, would also be exact as one double; the digit-by-digit form
 * does not depend on that.)
 */
function checkDigits(base: string): string {
  let remainder = 0;
  for (let i = 0; i < base.length; i += 1) {
    // money-safe: check-digit arithmetic, values below 970
    remainder = (remainder * 10 + (base.charCodeAt(i) - ZERO)) % 97;
  }
  return remainder === 0 ? '97' : String(remainder).padStart(2, '0');
}

/**
 * The OGM of a 10-digit base, written `+++XXX/XXXX/XXXXX+++` (es-tin.md §7). A base that is not
 * exactly 10 ASCII digits throws a `TypeError`: bases come from {@link ogmBase}, so a wrong one is a
 * programmer error, not input to validate.
 *
 * @example
 * ```ts
 * createBelgianOgm('0108068171'); // '+++010/8068/17183+++'
 * createBelgianOgm('1234567890'); // '+++123/4567/89002+++'
 * createBelgianOgm('0000000097'); // '+++000/0000/09797+++' (remainder 0 is written 97)
 * ```
 */
export function createBelgianOgm(base: string): string {
  if (!BASE_SHAPE.test(base))
    throw new TypeError(`createBelgianOgm: the base must be 10 digits, not "${base}"`);
  const digits = base + checkDigits(base);
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/**
 * Checks a Belgian OGM (es-tin.md §7). Accepts the written form with `+++` or `***` delimiters, the
 * bare 12 digits, and spaces anywhere.
 *
 * - `compact`: the input without whitespace, `+`, `*` and `/` (python-stdnum's
 *   `be.ogm_vcs.compact`; like it, fiscalkit does not insist on where the delimiters stand).
 * - `valid`: the compact form is 12 ASCII digits and the last two are the check digits of the
 *   first ten (`base mod 97`, 0 written as `97`).
 *
 * @example
 * ```ts
 * checkBelgianOgm('+++010/8068/17183+++'); // { valid: true, compact: '010806817183' }
 * checkBelgianOgm('***010/8068/17183***').valid; // true
 * checkBelgianOgm('010/8068/17180').valid; // false: the check digits are 83
 * ```
 */
export function checkBelgianOgm(value: string): IdentifierCheck {
  const compact = value.replace(/[\s+*/]/g, '');
  const valid = OGM_SHAPE.test(compact) && compact.slice(10) === checkDigits(compact.slice(0, 10));
  return { valid, compact };
}

/**
 * fiscalkit's choice of the 10-digit OGM base for an invoice. The service does not document how it
 * chooses the base (es-tin.md §7), so fiscalkit derives it from what the payer sees: the **last 10
 * digits contained in the invoice number**, left-padded with zeros (`F-2024/0042` → digits
 * `20240042` → `0020240042`). When the number contains no digit, the fallback id's digits are used the
 * same way (last 10, padded). Only ASCII digits count.
 *
 * The fallback is a programmer-supplied id, so when it is needed and has no digit (or is a number
 * that is not a non-negative safe integer) this throws a `TypeError`.
 *
 * @example
 * ```ts
 * ogmBase('F-2024/0042', 7); // '0020240042'
 * ogmBase('INV-123456789012', 7); // '3456789012' (the last ten digits)
 * ogmBase('ABC', 4711); // '0000004711' (no digit in the number: the fallback id)
 * createBelgianOgm(ogmBase('F-2024/0042', 7)); // '+++002/0240/04222+++'
 * ```
 */
export function ogmBase(invoiceNumber: string, fallbackId: number | string): string {
  const fromNumber = lastTenDigits(invoiceNumber);
  if (fromNumber !== null) return fromNumber;
  if (typeof fallbackId === 'number' && !(Number.isSafeInteger(fallbackId) && fallbackId >= 0)) {
    throw new TypeError(`ogmBase: the fallback id must be a non-negative safe integer, not ${fallbackId}`);
  }
  const fromId = lastTenDigits(String(fallbackId));
  if (fromId === null)
    throw new TypeError(`ogmBase: neither "${invoiceNumber}" nor "${fallbackId}" has a digit`);
  return fromId;
}

/** The last 10 ASCII digits of `text`, left-padded with zeros to 10; `null` when it has none. */
function lastTenDigits(text: string): string | null {
  const digits = text.replace(/[^0-9]/g, '');
  if (digits === '') return null;
  return digits.length >= 10 ? digits.slice(-10) : digits.padStart(10, '0');
}
