import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Contact, ContactUpdate } from '../model/contact.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { bankAccountIssues } from './bankAccount.js';
import { cannotChangeIssues } from './cannotChange.js';
import { officeCandidate, officeParentIssues, officeTinIssues } from './office.js';
import { routingCodeIssues } from './routingCodes.js';

/** What the contact rules need besides the request. */
export interface ContactRuleContext {
  /** The API version of the request (the office TIN rule depends on it, spec §2.3 rule 1). */
  version: ApiVersion;
  /** The stored contact, for an update. */
  stored?: Contact | null | undefined;
  /** The contact named by the effective `parent_id`, when there is one (the caller looks it up in
   * the same account; a `parent_id` naming no contact there is `422 parameter_invalid` at
   * `parent_id`: the request body, not the path, is at fault — `src/service/contacts.ts`). */
  parent?: Contact | null | undefined;
  /** Whether other contacts name this one as their parent (an update only; the caller looks it up). */
  has_offices?: boolean | undefined;
}

/**
 * Every business rule of a contact (spec §2.3), on a parsed request (`parseContact`): routing code
 * pairs (merged slot by slot over the stored ones), bank account check digits, `parent_id` fixed
 * once set (`parameter_cannot_change`), the office structure and the office TIN (from v2026-04-20).
 *
 * @example
 * ```ts
 * contactIssues({ tin_value: 'B76543214' }, { version: '2026-04-20', stored: office, parent });
 * // [{ code: 'parameter_invalid', param: 'tin_value', … }] when the parent's TIN differs
 * ```
 */
export function contactIssues(request: ContactUpdate, context: ContactRuleContext): ValidationIssue[] {
  const stored = context.stored ?? null;
  const candidate = officeCandidate(request, stored);
  // The office TIN is judged when the contact becomes an office (a create, or parent_id sent) or
  // when the request sends a TIN; a PATCH of, say, the phone number must not fail because the
  // parent's TIN changed since the office was saved.
  const judgesStoredTin = stored === null || request.parent_id !== undefined;
  const tinCandidate = judgesStoredTin
    ? candidate
    : { parent_id: candidate.parent_id, tin_value: request.tin_value, tin_scheme: request.tin_scheme };
  const routing_codes =
    request.routing_codes === undefined || request.routing_codes === null
      ? null
      : { ...(stored?.routing_codes ?? {}), ...request.routing_codes };
  return [
    ...routingCodeIssues(routing_codes),
    ...bankAccountIssues(request.bank_account),
    ...(stored === null ? [] : cannotChangeIssues(request, stored, ['parent_id'], ['parent_id'])),
    ...officeParentIssues(candidate, context.parent, context.has_offices === true),
    ...officeTinIssues(tinCandidate, context.parent, context.version),
  ];
}
