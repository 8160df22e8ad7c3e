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

/** How {@link ksefBuyerUnitIssues} judges a report. */
export interface KsefBuyerUnitOptions {
  /**
   * Whether the report stands for an imported FA(3) document (POST …/tax_reports/import; spec §2.7:
   * the flags are "also accepted on import"). Then only the flags' exclusivity applies: the document
   * is recorded as it is, and the third party the XSD documentation asks for is what shares the
   * invoice with the unit in KSeF, not a condition of a valid invoice (KSeF does not check it,
   * ksef-fa3.md §4 and §6.3).
   */
  imported?: boolean;
}

/** The role the third party must have for each flag (ksef-fa3.md §3 `TRolaPodmiotu3`). */
const ROLE_FOR = { customer_party_jst: '8', customer_party_gv: '10' } as const;

/**
 * The buyer-unit rules of FA(3) for a Ksef tax report (ksef-fa3.md §6.3, from the XSD documentation
 * of `Podmiot2/JST` and `Podmiot2/GV`). KSeF does not check them, so fiscalkit does; the spec shows
 * them for invoices (§2.5 rule 1, §2.5 rule 2) and states none for tax reports, so these are **fiscalkit
 * rules** applying the same FA(3) semantics to a report created directly. Their ids cite where
 * ksef-fa3.md §6.3 states them (`ksef.6.3.*`; the invoice generator's third party names the same facts
 * so, `src/ksef/generate/parties.ts`):
 *
 * - `customer_party_jst` and `customer_party_gv` are mutually exclusive (as §2.5 rule 2):
 *   `parameter_invalid` at `customer_party_gv` (`ksef.6.3.flags-exclusive`).
 * - `customer_party_jst` true needs the JST unit as third party with role `8`, `customer_party_gv`
 *   true the group member with role `10` (as §2.5 rule 1 and rule 4): no role is `parameter_blank`,
 *   another role `parameter_invalid`, at `third_party_role` (`ksef.6.3.unit-role`).
 * - A third party with role `8` or `10` must carry a NIP or an internal id (`IDWew`), `NrID` alone
 *   being rejected: `third_party_tax_id` or `third_party_id`, else `parameter_blank` at
 *   `third_party_tax_id` (`ksef.6.3.unit-nip-or-idwew`).
 *
 * On import (`options.imported`, issue #18 item 6) only the first applies: a document whose buyer is
 * a JST or a VAT group member without its unit in `Podmiot3` is valid FA(3) and KSeF accepts it (the
 * XSD documentation of `JST` / `GV` asks for `Podmiot3` only "to share the invoice with the unit"),
 * and spec §2.7 accepts the flags on import without any further condition; the report keeps what the
 * document and the request say. A report created directly is held to all three.
 *
 * @example
 * ```ts
 * ksefBuyerUnitIssues({ customer_party_jst: true, third_party_role: '8', third_party_tax_id: '9999999999' }); // []
 * ksefBuyerUnitIssues({ customer_party_gv: true });
 * // [{ rule: 'ksef.6.3.unit-role', code: 'parameter_blank', param: 'third_party_role', … }]
 * ksefBuyerUnitIssues({ customer_party_gv: true }, { imported: true }); // []
 * ```
 */
export function ksefBuyerUnitIssues(
  report: KsefBuyerUnitCandidate,
  options: KsefBuyerUnitOptions = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const jst = report.customer_party_jst === true;
  const gv = report.customer_party_gv === true;
  if (jst && gv)
    issues.push(
      issueAt(
        'ksef.6.3.flags-exclusive',
        'parameter_invalid',
        ['customer_party_gv'],
        'cannot be true together with customer_party_jst',
      ),
    );
  if (options.imported === true) return issues;
  // Exactly one flag: the unit as third party, with the flag's role.
  if (jst !== gv) {
    const flag = jst ? 'customer_party_jst' : 'customer_party_gv';
    const role = ROLE_FOR[flag];
    if (!isPresent(report.third_party_role))
      issues.push(
        issueAt(
          'ksef.6.3.unit-role',
          'parameter_blank',
          ['third_party_role'],
          `is required (role ${role}) when ${flag} is true`,
        ),
      );
    else if (report.third_party_role !== role)
      issues.push(
        issueAt(
          'ksef.6.3.unit-role',
          'parameter_invalid',
          ['third_party_role'],
          `must be ${role} when ${flag} is true`,
        ),
      );
  }
  const role = report.third_party_role;
  if (
    (role === '8' || role === '10') &&
    !isPresent(report.third_party_tax_id) &&
    !isPresent(report.third_party_id)
  )
    issues.push(
      issueAt(
        'ksef.6.3.unit-nip-or-idwew',
        'parameter_blank',
        ['third_party_tax_id'],
        `is required for third_party_role ${role} (a NIP, or an internal id in third_party_id)`,
      ),
    );
  return issues;
}
