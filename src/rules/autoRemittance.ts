import { createBelgianOgm, ogmBase } from '../identifiers/belgianOgm.js';

/** What the auto-remittance rule reads. */
export interface AutoRemittanceInput {
  /** The account flag (spec §2.2, default false). */
  auto_remittance: boolean | null | undefined;
  /** The account's country. */
  account_country: string | null | undefined;
  /** The invoice contact's country. */
  contact_country: string | null | undefined;
  /** The invoice number, whose digits make the reference's base (`ogmBase`). */
  number: string;
  /** The invoice id, the base when the number has no digits. */
  id: number;
}

/**
 * Spec §2.2 `auto_remittance`: when the account flag is on and both the account and the invoice
 * contact are in Belgium, the invoice receives a structured remittance reference (OGM,
 * `+++XXX/XXXX/XXXXX+++`, es-tin.md §7). Returns it, or null when the rule does not apply. The base
 * the service uses is not documented; fiscalkit's is `ogmBase` (the invoice number's digits).
 *
 * @example
 * ```ts
 * autoRemittanceReference({ auto_remittance: true, account_country: 'BE', contact_country: 'BE', number: 'F-2026/0001', id: 9 });
 * // '+++002/0260/00196+++' (base 0020260001, the number's digits; 20260001 mod 97 = 96)
 * ```
 */
export function autoRemittanceReference(input: AutoRemittanceInput): string | null {
  if (input.auto_remittance !== true) return null;
  if (input.account_country !== 'BE' || input.contact_country !== 'BE') return null;
  return createBelgianOgm(ogmBase(input.number, input.id));
}
