import type { ValidationIssue } from '../errors/validationIssue.js';
import { isPresent, issueAt } from './issue.js';

/** The invoice fields the rule reads. */
export interface CounterpartyFields {
  type?: string | null | undefined;
  contact_id?: number | null | undefined;
  contact?: object | null | undefined;
}

/**
 * Who the invoice is with. The spec offers an inline `contact` or a `contact_id` (§2.4 rule 3,
 * "Alternative: send contact_id") but does not say what happens with neither or both, so fiscalkit
 * decides: an invoice other than `IssuedSimplifiedInvoice` needs one of them (`parameter_blank` at
 * `contact_id`), because every tax authority format names the counterparty; sending both is
 * ambiguous and `parameter_invalid` at `contact`. A simplified invoice may have neither, and its
 * `contact_id` is ignored (api-notes.md §3.2), so both are allowed there. Rules
 * `fiscalkit.invoice.counterparty-required` and `fiscalkit.invoice.counterparty-one-of`.
 *
 * @example
 * ```ts
 * counterpartyIssues({ type: 'IssuedInvoice' }); // [{ code: 'parameter_blank', param: 'contact_id', … }]
 * counterpartyIssues({ type: 'IssuedSimplifiedInvoice' }); // []
 * ```
 */
export function counterpartyIssues(invoice: CounterpartyFields): ValidationIssue[] {
  if (invoice.type === 'IssuedSimplifiedInvoice') return [];
  const hasId = isPresent(invoice.contact_id);
  const hasInline = invoice.contact !== null && invoice.contact !== undefined;
  if (!hasId && !hasInline)
    return [
      issueAt(
        'fiscalkit.invoice.counterparty-required',
        'parameter_blank',
        ['contact_id'],
        'is required (or send an inline contact)',
      ),
    ];
  if (hasId && hasInline)
    return [
      issueAt(
        'fiscalkit.invoice.counterparty-one-of',
        'parameter_invalid',
        ['contact'],
        'cannot be sent together with contact_id; send one of them',
      ),
    ];
  return [];
}
