import type { ValidationIssue } from '../errors/validationIssue.js';
import type { ThirdParty } from '../model/thirdParty.js';
import { issueAt } from './issue.js';

/** The invoice fields the rule reads, as they will be after the request (see `effective`). */
export interface ThirdPartyFields {
  apply_to_local_government_unit?: boolean | null | undefined;
  apply_to_vat_group_member?: boolean | null | undefined;
  third_party?: ThirdParty | null | undefined;
}

/**
 * Spec §2.5 rule 2 then §2.5 rule 1, the flags alone: both flags true is `parameter_invalid` at
 * `apply_to_vat_group_member` (`spec.2.5.2`), a flag without `third_party` is `parameter_blank` at
 * `third_party` (`spec.2.5.1`). Their one home: the invoice rules and the KSeF `Podmiot3` generator
 * (`ksef/generate/parties.ts`) both ask it.
 *
 * @example
 * ```ts
 * thirdPartyFlagIssues({ apply_to_local_government_unit: true, apply_to_vat_group_member: true });
 * // [{ rule: 'spec.2.5.2', code: 'parameter_invalid', param: 'apply_to_vat_group_member', … }]
 * thirdPartyFlagIssues({ apply_to_vat_group_member: true, third_party: { role: 'vat_group_member' } }); // []
 * ```
 */
export function thirdPartyFlagIssues(invoice: ThirdPartyFields): ValidationIssue[] {
  const jst = invoice.apply_to_local_government_unit === true;
  const gv = invoice.apply_to_vat_group_member === true;
  if (jst && gv)
    return [
      issueAt(
        'spec.2.5.2',
        'parameter_invalid',
        ['apply_to_vat_group_member'],
        'cannot be true together with apply_to_local_government_unit (at most one of the two flags)',
      ),
    ];
  const third = invoice.third_party;
  if ((jst || gv) && (third === null || third === undefined)) {
    const flag = jst ? 'apply_to_local_government_unit' : 'apply_to_vat_group_member';
    return [issueAt('spec.2.5.1', 'parameter_blank', ['third_party'], `is required when ${flag} is true`)];
  }
  return [];
}

/**
 * Spec §2.5 rule 1, §2.5 rule 2 and KSeF's `Podmiot3` roles (§2.5 rule 4, ksef-fa3.md §6.3):
 * - the flags `apply_to_local_government_unit` and `apply_to_vat_group_member` are mutually
 *   exclusive: both true is `parameter_invalid` at `apply_to_vat_group_member` (rule 2);
 * - either flag needs `third_party`: `parameter_blank` at `third_party` (rule 1);
 * - a `third_party.role` that contradicts the flag (a VAT-group member under the JST flag, or the
 *   reverse) is `parameter_invalid` at `third_party.role` (fiscalkit: the flag decides KSeF role 8
 *   or 10, so a contradicting role would be silently overridden otherwise;
 *   `fiscalkit.invoice.third-party-role`).
 *
 * @example
 * ```ts
 * thirdPartyIssues({ apply_to_local_government_unit: true });
 * // [{ rule: 'spec.2.5.1', code: 'parameter_blank', param: 'third_party', … }]
 * ```
 */
export function thirdPartyIssues(invoice: ThirdPartyFields): ValidationIssue[] {
  const flagIssues = thirdPartyFlagIssues(invoice);
  if (flagIssues.length > 0) return flagIssues;
  const jst = invoice.apply_to_local_government_unit === true;
  const gv = invoice.apply_to_vat_group_member === true;
  if (!jst && !gv) return [];
  const third = invoice.third_party;
  const flag = jst ? 'apply_to_local_government_unit' : 'apply_to_vat_group_member';
  if (third === null || third === undefined) return [];
  const contradicting = jst ? 'vat_group_member' : 'local_government_unit_recipient';
  if (third.role === contradicting)
    return [
      issueAt(
        'fiscalkit.invoice.third-party-role',
        'parameter_invalid',
        ['third_party', 'role'],
        `cannot be ${contradicting} when ${flag} is true`,
      ),
    ];
  return [];
}
