import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** What the rule reads of a Ksef tax report. */
export interface KsefBuyerUnitCandidate {
  customer_party_jst?: boolean | null | undefined;
  customer_party_gv?: boolean | null | undefined;
  third_party_role?: string | null | undefined;
  third_party_id?: string | null | undefined;
  third_party_tax_id?: string | null | undefined;
}

/** The role the third party must have for each flag (ksef-fa3.md §3 `TRolaPodmiotu3`). */
const ROLE_FOR = { customer_party_jst: '8', customer_party_gv: '10' } as const;

/**
 * The buyer-unit rules of FA(3) for a Ksef tax report (ksef-fa3.md §6.3, from the XSD documentation
 * of `Podmiot2/JST` and `Podmiot2/GV`). KSeF does not check them, so fiscalkit does; the spec shows
 * them for invoices (§2.5 rules 1–2) and states none for tax reports, so these are **fiscalkit
 * rules** applying the same FA(3) semantics to a report created directly:
 *
 * - `customer_party_jst` and `customer_party_gv` are mutually exclusive (as §2.5 rule 2):
 *   `parameter_invalid` at `customer_party_gv`.
 * - `customer_party_jst` true needs the JST unit as third party with role `8`, `customer_party_gv`
 *   true the group member with role `10` (as §2.5 rule 1 and rule 4): no role is `parameter_blank`,
 *   another role `parameter_invalid`, at `third_party_role`.
 * - A third party with role `8` or `10` must carry a NIP or an internal id (`IDWew`), `NrID` alone
 *   being rejected: `third_party_tax_id` or `third_party_id`, else `parameter_blank` at
 *   `third_party_tax_id`.
 *
 * @example
 * ```ts
 * ksefBuyerUnitIssues({ customer_party_jst: true, third_party_role: '8', third_party_tax_id: '9999999999' }); // []
 * ksefBuyerUnitIssues({ customer_party_gv: true });
 * // [{ code: 'parameter_blank', param: 'third_party_role', … }]
 * ```
 */
export function ksefBuyerUnitIssues(report: KsefBuyerUnitCandidate): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const jst = report.customer_party_jst === true;
  const gv = report.customer_party_gv === true;
  if (jst && gv)
    issues.push(
      issueAt('parameter_invalid', ['customer_party_gv'], 'cannot be true together with customer_party_jst'),
    );
  else if (jst || gv) {
    const flag = jst ? 'customer_party_jst' : 'customer_party_gv';
    const role = ROLE_FOR[flag];
    if (!isPresent(report.third_party_role))
      issues.push(
        issueAt('parameter_blank', ['third_party_role'], `is required (role ${role}) when ${flag} is true`),
      );
    else if (report.third_party_role !== role)
      issues.push(issueAt('parameter_invalid', ['third_party_role'], `must be ${role} when ${flag} is true`));
  }
  const role = report.third_party_role;
  if (
    (role === '8' || role === '10') &&
    !isPresent(report.third_party_tax_id) &&
    !isPresent(report.third_party_id)
  )
    issues.push(
      issueAt(
        'parameter_blank',
        ['third_party_tax_id'],
        `is required for third_party_role ${role} (a NIP, or an internal id in third_party_id)`,
      ),
    );
  return issues;
}
