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
  /** The contact named by the effective `parent_id`, when there is one (the caller looks it up; a
   * parent outside the account is the caller's `404 resource_missing`). */
  parent?: Contact | null | undefined;
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
  const routing_codes =
    request.routing_codes === undefined || request.routing_codes === null
      ? null
      : { ...(stored?.routing_codes ?? {}), ...request.routing_codes };
  return [
    ...routingCodeIssues(routing_codes),
    ...bankAccountIssues(request.bank_account),
    ...(stored === null ? [] : cannotChangeIssues(request, stored, ['parent_id'], ['parent_id'])),
    ...officeParentIssues(candidate, context.parent),
    ...officeTinIssues(candidate, context.parent, context.version),
  ];
}
