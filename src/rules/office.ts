import type { ValidationIssue } from '../errors/validationIssue.js';
import type { Contact } from '../model/contact.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { versionHas } from '../versions/behaviours.js';
import { effective } from './effective.js';
import { isPresent, issueAt } from './issue.js';

/** The identifier fields of an office the rules read. */
export interface OfficeFields {
  id?: number | null | undefined;
  parent_id?: number | null | undefined;
  tin_scheme?: string | null | undefined;
  tin_value?: string | null | undefined;
  cin_scheme?: string | null | undefined;
  cin_value?: string | null | undefined;
}

/** A TIN as compared: separators and case do not make two TINs differ (`B-1234567-4` = `b12345674`). */
function comparable(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s.\-/]/g, '').toUpperCase() : '';
}

/**
 * Spec §2.3 rule 1: an office (a contact with `parent_id`) has its parent's TIN. From v2026-04-20 a
 * `tin_value` or `tin_scheme` that differs from the parent's is `parameter_invalid` at that field;
 * earlier versions ignored mismatches (§9 "Changed: parent TIN validation"). An office that sends no
 * TIN inherits it (`inheritFromParent`). The CIN is inherited and deliberately not compared (§2.3
 * rule 2). Pass the candidate (request merged over the stored contact) and the parent.
 *
 * @example
 * ```ts
 * officeTinIssues({ parent_id: 7, tin_value: 'B76543214' }, { tin_value: 'B12345674' }, '2026-04-20');
 * // [{ rule: 'spec.2.3.1', code: 'parameter_invalid', param: 'tin_value', … }]
 * ```
 */
export function officeTinIssues(
  office: OfficeFields,
  parent: Pick<Contact, 'tin_scheme' | 'tin_value'> | null | undefined,
  version: ApiVersion,
): ValidationIssue[] {
  if (!isPresent(office.parent_id) || parent === null || parent === undefined) return [];
  if (!versionHas(version, 'office_tin_matches_parent')) return [];
  const issues: ValidationIssue[] = [];
  if (isPresent(office.tin_value) && comparable(office.tin_value) !== comparable(parent.tin_value))
    issues.push(
      issueAt(
        'spec.2.3.1',
        'parameter_invalid',
        ['tin_value'],
        "must equal the parent contact's tin_value (offices inherit the TIN)",
      ),
    );
  if (isPresent(office.tin_scheme) && (office.tin_scheme ?? null) !== (parent.tin_scheme ?? null))
    issues.push(
      issueAt(
        'spec.2.3.1',
        'parameter_invalid',
        ['tin_scheme'],
        "must equal the parent contact's tin_scheme (offices inherit the TIN)",
      ),
    );
  return issues;
}

/**
 * Spec §2.3 rule 1 and §2.3 rule 2: an office inherits the TIN and the CIN of its parent. Returns the office with
 * every identifier it left empty filled from the parent; identifiers it sent are kept (the TIN ones
 * have passed {@link officeTinIssues}; the CIN ones are not checked against the parent, rule 2).
 *
 * @example
 * ```ts
 * inheritFromParent({ parent_id: 7, cin_value: 'X' }, { tin_scheme: '9920', tin_value: 'B12345674', cin_value: 'Y' });
 * // { parent_id: 7, cin_value: 'X', tin_scheme: '9920', tin_value: 'B12345674', cin_scheme: null }
 * ```
 */
export function inheritFromParent<T extends OfficeFields>(
  office: T,
  parent: Pick<Contact, 'tin_scheme' | 'tin_value' | 'cin_scheme' | 'cin_value'>,
): T {
  if (!isPresent(office.parent_id)) return office;
  const inherited = { ...office };
  for (const field of ['tin_scheme', 'tin_value', 'cin_scheme', 'cin_value'] as const)
    if (!isPresent(inherited[field])) inherited[field] = parent[field] ?? null;
  return inherited;
}

/**
 * The structural office rules fiscalkit adds where the spec is silent (§2.3 defines offices only by
 * `parent_id`): a contact cannot be its own parent, and an office cannot be a parent (one level,
 * like the service's office list under a contact), so neither can the parent be an office nor can a
 * contact that has offices become one. All are `parameter_invalid` at `parent_id`
 * (`fiscalkit.contact.office-own-parent`, `fiscalkit.contact.office-one-level`).
 * `parameter_cannot_change` for a `parent_id` once set is {@link cannotChangeIssues}.
 *
 * @example
 * ```ts
 * officeParentIssues({ id: 7, parent_id: 7 }, { parent_id: null });
 * // [{ rule: 'fiscalkit.contact.office-own-parent', code: 'parameter_invalid', param: 'parent_id', … }]
 * ```
 */
export function officeParentIssues(
  office: Pick<OfficeFields, 'id' | 'parent_id'>,
  parent: Pick<OfficeFields, 'parent_id'> | null | undefined,
  hasOffices = false,
): ValidationIssue[] {
  if (!isPresent(office.parent_id)) return [];
  if (office.id !== undefined && office.id !== null && office.parent_id === office.id)
    return [
      issueAt(
        'fiscalkit.contact.office-own-parent',
        'parameter_invalid',
        ['parent_id'],
        'cannot be the contact itself',
      ),
    ];
  if (hasOffices)
    return [
      issueAt(
        'fiscalkit.contact.office-one-level',
        'parameter_invalid',
        ['parent_id'],
        'cannot be set on a contact that has offices of its own',
      ),
    ];
  if (parent !== null && parent !== undefined && isPresent(parent.parent_id))
    return [
      issueAt(
        'fiscalkit.contact.office-one-level',
        'parameter_invalid',
        ['parent_id'],
        'must be a contact that is not itself an office',
      ),
    ];
  return [];
}

/**
 * The office fields a contact will have once `update` is applied over `stored` (a create has no
 * stored contact): the input of the office rules.
 *
 * @example
 * ```ts
 * officeCandidate({ tin_value: 'B12345674' }, { id: 9, parent_id: 7, tin_value: null });
 * // { id: 9, parent_id: 7, tin_value: 'B12345674', tin_scheme: undefined, … }
 * ```
 */
export function officeCandidate(update: OfficeFields, stored: OfficeFields | null | undefined): OfficeFields {
  const keys = ['id', 'parent_id', 'tin_scheme', 'tin_value', 'cin_scheme', 'cin_value'] as const;
  const candidate: Record<string, unknown> = {};
  for (const key of keys) candidate[key] = effective(update, stored, key);
  return candidate as OfficeFields;
}
