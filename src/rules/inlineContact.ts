import type { ValidationIssue } from '../errors/validationIssue.js';
import type { InlineContact } from '../model/invoice.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { versionHas } from '../versions/behaviours.js';
import { isPresent, issueAt } from './issue.js';

/** The invoice fields the rule reads. */
export interface InlineContactInvoice {
  type?: string | null | undefined;
  contact?: InlineContact | null | undefined;
}

/**
 * Spec §2.4 rule 3: POST /accounts/{account}/invoices with an inline `contact` needs `tin_value` or
 * `cin_value` in it; both missing is `parameter_blank` with `param: "contact"`. Exempt: type
 * `IssuedSimplifiedInvoice` (a ticket to a consumer has no identifier). Applies from v2026-04-20
 * (§9 "Changed: … inline contact identifier requirement"). Creates only: the rule names the POST.
 *
 * @example
 * ```ts
 * inlineContactIssues({ contact: { name: 'Ana' } }, '2026-04-20');
 * // [{ rule: 'spec.2.4.3', code: 'parameter_blank', param: 'contact', … }]
 * ```
 */
export function inlineContactIssues(invoice: InlineContactInvoice, version: ApiVersion): ValidationIssue[] {
  const contact = invoice.contact;
  if (contact === null || contact === undefined) return [];
  if (invoice.type === 'IssuedSimplifiedInvoice') return [];
  if (!versionHas(version, 'inline_contact_needs_identifier')) return [];
  if (isPresent(contact.tin_value) || isPresent(contact.cin_value)) return [];
  return [
    issueAt(
      'spec.2.4.3',
      'parameter_blank',
      ['contact'],
      'needs tin_value or cin_value (or send contact_id instead)',
    ),
  ];
}
