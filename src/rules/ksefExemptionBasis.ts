import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** What the rule reads of a Ksef tax report. */
export interface KsefExemptionBasisCandidate {
  exemption_basis?: string | null | undefined;
  lines?: readonly { tax_category?: string | null | undefined }[] | null | undefined;
  order_lines?: readonly { tax_category?: string | null | undefined }[] | null | undefined;
  tax_breakdowns?: readonly { bucket?: string | null | undefined }[] | null | undefined;
}

/** Whether any element of a list field (an unchecked report may hold anything) passes `test`. */
function anyOf<T>(value: readonly T[] | null | undefined, test: (item: T) => boolean): boolean {
  return (
    Array.isArray(value) && value.some((item) => item !== null && typeof item === 'object' && test(item))
  );
}

/**
 * An invoice with an exempt supply states the legal basis of the exemption (art. 106e ust. 1 pkt 19
 * ustawy o VAT; FA(3) `Adnotacje/Zwolnienie/P_19` + `P_19A|B|C`, ksef-fa3.md §6.5): a `zw` line or
 * order line, or bucket 7 (`P_13_7`), needs `exemption_basis`, else `parameter_blank` at
 * `exemption_basis`. A **fiscalkit rule** (`fiscalkit.ksef.exemption-basis`) for reports created directly or generated: the XSD does not
 * tie `Zwolnienie` to the lines and KSeF does not check it (ksef-fa3.md §4), so an imported document
 * that says `P_19N=1` beside an exempt line is recorded and written back as it is (issue #18 item 12).
 *
 * @example
 * ```ts
 * ksefExemptionBasisIssues({ lines: [{ tax_category: 'zw' }], exemption_basis: 'art. 43 ust. 1 pkt 37' }); // []
 * ksefExemptionBasisIssues({ lines: [{ tax_category: 'zw' }] });
 * // [{ rule: 'fiscalkit.ksef.exemption-basis', code: 'parameter_blank', param: 'exemption_basis', … }]
 * ```
 */
export function ksefExemptionBasisIssues(report: KsefExemptionBasisCandidate): ValidationIssue[] {
  const exempt =
    anyOf(report.lines, (line) => line.tax_category === 'zw') ||
    anyOf(report.order_lines, (line) => line.tax_category === 'zw') ||
    anyOf(report.tax_breakdowns, (breakdown) => breakdown.bucket === '7');
  if (!exempt || isPresent(report.exemption_basis)) return [];
  return [
    issueAt(
      'fiscalkit.ksef.exemption-basis',
      'parameter_blank',
      ['exemption_basis'],
      'is required with an exempt (zw) line or bucket 7: the legal basis of the exemption (art. 106e ust. 1 pkt 19 ustawy o VAT; FA(3) Adnotacje/Zwolnienie/P_19A)',
    ),
  ];
}
