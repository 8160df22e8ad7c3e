import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Contact, ContactUpdate } from '../model/contact.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { bankAccountIssues } from './bankAccount.js';
import { cannotChangeIssues } from './cannotChange.js';
import { officeCandidate, officeParentIssues, officeTinIssues } from './office.js';
import { routingCodeIssues } from './routingCodes.js';
import { tinSchemeIssues } from './tinScheme.js';

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
  // PUT and PATCH are one partial update (issue #19), judged on the contact it makes. The stored TIN
  // is judged only when the contact becomes an office (a create, or `parent_id` set on a contact
  // that had none); otherwise only a TIN the request sends is judged (spec §2.3 rule 1 compares the
  // TIN "with parent_id set" on PATCH), so that a PUT or PATCH of, say, the phone number keeps an
  // office's stored TIN — an older office's own one, from a version that ignored mismatches —
  // rather than failing for it. Sending `parent_id` again with its stored value is no change.
  const becomesOffice =
    stored === null || ((stored.parent_id ?? null) === null && (request.parent_id ?? null) !== null);
  const tinCandidate = becomesOffice
    ? candidate
    : { parent_id: candidate.parent_id, tin_value: request.tin_value, tin_scheme: request.tin_scheme };
  const routing_codes =
    request.routing_codes === undefined || request.routing_codes === null
      ? null
      : { ...(stored?.routing_codes ?? {}), ...request.routing_codes };
  return [
    // A scheme word (spec §2.3 "e.g. VAT, TAX") is read with the country the contact will have.
    ...tinSchemeIssues({ tin_scheme: request.tin_scheme, country: request.country ?? stored?.country }),
    ...routingCodeIssues(routing_codes),
    ...bankAccountIssues(request.bank_account),
    ...(stored === null
      ? []
      : cannotChangeIssues(request, stored, ['parent_id'], ['parent_id'], 'fiscalkit.contact.parent-fixed')),
    ...officeParentIssues(candidate, context.parent, context.has_offices === true),
    ...officeTinIssues(tinCandidate, context.parent, context.version),
  ];
}
