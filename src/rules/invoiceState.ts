import type { ValidationIssue } from '../errors/validationIssue.js';
import { issueAt } from './issue.js';

/**
 * Spec §2.4 rule 5: the invoice state can no longer be written on the invoice; state changes go
 * through POST /invoices/{id}/mark_as. Read on the raw request body, because parsing drops unknown
 * fields: a body that carries `state` (any value, even null) is `parameter_invalid` at `state` rather
 * than silently ignored, so a client relying on the old behaviour learns why nothing changed. The
 * stored state sent back unchanged (a GET → PUT round trip) is no attempt to write it and passes.
 *
 * @example
 * ```ts
 * invoiceStateIssues({ number: 'F-1', state: 'paid' });
 * // [{ rule: 'spec.2.4.5', code: 'parameter_invalid', param: 'state', message: 'state cannot be written on the invoice; use POST /invoices/{id}/mark_as' }]
 * ```
 */
export function invoiceStateIssues(body: unknown, storedState?: string | null): ValidationIssue[] {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'state')) return [];
  const sent: unknown = (body as { state?: unknown }).state;
  if (storedState !== undefined && storedState !== null && sent === storedState) return [];
  return [
    issueAt(
      'spec.2.4.5',
      'parameter_invalid',
      ['state'],
      'cannot be written on the invoice; use POST /invoices/{id}/mark_as',
    ),
  ];
}
