/**
 * Bank account identifiers: IBAN (ISO 13616) and BIC (ISO 9362). The algorithms (per-country BBAN
 * length and format, the MOD 97-10 check, the BIC shape and country) are ibantools', not
 * re-implemented here: its country table is maintained against the SWIFT IBAN registry.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { IdentifierCheck } from './identifierCheck.js';

/** The result of {@link checkIban}. */
export interface IbanCheck extends IdentifierCheck {
  /** The ISO 3166-1 alpha-2 country of a valid IBAN (its first two letters); `null` when invalid. */
  country: string | null;
}

/**
 * Checks an IBAN with ibantools: the country's length and BBAN format, the ISO 7064 MOD 97-10
 * check digits and, where ibantools knows one (Belgium, Spain, Poland, France, …), the national
 * account check. QR-IBANs (Swiss and Liechtenstein QR references) are ordinary valid IBANs here.
 * ibantools' national checks are global state (`setCountryBBANValidation`); fiscalkit never
 * changes them.
 *
 * - `compact`: the electronic format, whitespace and `-` removed and upper-cased
 *   (`DE89 3704 0044 0532 0130 00` → `DE89370400440532013000`).
 * - `country`: the country code of a **valid** IBAN, `null` otherwise, so that a mistyped IBAN
 *   never lends its first two characters a meaning.
 *
 * @example
 * ```ts
 * checkIban('de89 3704 0044 0532 0130 00');
 * // { valid: true, compact: 'DE89370400440532013000', country: 'DE' }
 * checkIban('BE68 5390 0754 7034').country; // 'BE'
 * checkIban('DE89 3704 0044 0532 0130 01'); // { valid: false, …, country: null }
 * ```
 */
export function checkIban(iban: string): IbanCheck {
  // electronicFormatIBAN removes spaces and dashes only; other whitespace (tabs, no-break spaces
  // from copied documents) goes first.
  const compact = electronicFormatIBAN(iban.replace(/\s/g, '')) ?? '';
  const valid = isValidIBAN(compact);
  return { valid, compact, country: valid ? compact.slice(0, 2) : null };
}

/**
 * Checks a BIC (SWIFT code) with ibantools: 4 letters (bank), a known 2-letter country, 2 letters
 * or digits (location) and optionally 3 letters or digits (branch), so 8 or 11 characters.
 *
 * - `compact`: whitespace removed, upper-cased.
 *
 * @example
 * ```ts
 * checkBic('deutdeff'); // { valid: true, compact: 'DEUTDEFF' }
 * checkBic('DEUT DE FF 500').valid; // true (11 characters with a branch)
 * checkBic('DEUTDEF').valid; // false: 7 characters
 * ```
 */
export function checkBic(bic: string): IdentifierCheck {
  const compact = bic.replace(/\s/g, '').toUpperCase();
  return { valid: isValidBIC(compact), compact };
}
