import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/**
 * The issued-invoice types whose record must identify the customer (`Contraparte`), per the AEAT
 * checks beyond the schema (sii.md §8): `F1`, `F3`, `R1`–`R4`. (`F2`, `F4` and `R5` must not carry
 * one; that is the XML builder's to omit, not a reason to refuse the report.)
 */
const NEEDS_COUNTERPARTY: ReadonlySet<string> = new Set(['F1', 'F3', 'R1', 'R2', 'R3', 'R4']);

/**
 * AEAT check (sii.md §8): an issued invoice (`book_type` `Expedida`) of type `F1`, `F3` or `R1`–`R4`
 * names its customer, `Contraparte` (optional in the XSD, enforced by AEAT): `customer_party_name`
 * and `customer_party_tax_id` are `parameter_blank` when missing. Checked here so the report fails
 * when written, at its own param, instead of as an AEAT rejection later (**fiscalkit rule** checking
 * AEAT's fact, so its id cites AEAT's: `sii.8.counterparty`).
 *
 * @example
 * ```ts
 * siiCounterpartyIssues({ book_type: 'Expedida', invoice_type_code: 'F2' }); // []: a ticket
 * siiCounterpartyIssues({ book_type: 'Expedida', invoice_type_code: 'F1', customer_party_name: 'ACME SL' });
 * // [{ rule: 'sii.8.counterparty', code: 'parameter_blank', param: 'customer_party_tax_id', … }]
 * ```
 */
export function siiCounterpartyIssues(report: {
  book_type?: string | null | undefined;
  invoice_type_code?: string | null | undefined;
  customer_party_name?: string | null | undefined;
  customer_party_tax_id?: string | null | undefined;
}): ValidationIssue[] {
  const type = report.invoice_type_code;
  if (report.book_type !== 'Expedida' || typeof type !== 'string' || !NEEDS_COUNTERPARTY.has(type)) return [];
  const issues: ValidationIssue[] = [];
  for (const field of ['customer_party_name', 'customer_party_tax_id'] as const)
    if (!isPresent(report[field]))
      issues.push(
        issueAt(
          'sii.8.counterparty',
          'parameter_blank',
          [field],
          `is required for an issued invoice of type ${type}`,
        ),
      );
  return issues;
}
