/**
 * The Ksef side of the tax report use cases (spec §2.7, §4.2): the account as the default seller of
 * a report created directly, the stored form (read-only ids of `prepayment_references`, the spec's
 * defaults), and a PATCH merged into the stored report the way spec §2.6 / §2.7 describe nested
 * elements (`id` names an element, `_destroy: true` with it removes one, an element without `id` is
 * new).
 *
 * @module
 */
import type { ValidationIssue } from '../errors/validationIssue.js';
import { supplierParty } from '../ksef/index.js';
import type { Account } from '../model/account.js';
import type {
  KsefTaxReport,
  KsefTaxReportCreate,
  KsefTaxReportUpdate,
  PrepaymentReference,
  PrepaymentReferenceInput,
} from '../model/ksefTaxReport.js';
import type { TaxReportState } from '../model/taxReportCommon.js';
import type { Ports } from '../ports.js';
import { isPresent, issueAt } from '../rules/issue.js';

/**
 * The seller's identity on a Ksef report (`Podmiot1`: NIP, name, address, country; ksef-fa3.md §6.1).
 * The registers (KRS, REGON, BDO) and the contact details are not here: spec §2.7 rule 3 says a
 * report created directly sets them explicitly.
 */
const SUPPLIER_IDENTITY_FIELDS = [
  'supplier_party_tax_id',
  'supplier_party_name',
  'supplier_party_address',
  'supplier_party_postalcode',
  'supplier_party_city',
  'supplier_party_country',
] as const;

/**
 * A Ksef create body with the account as its seller when the body names no seller at all. The spec
 * shows no seller fields for a report created directly (§2.7 lists only the registers and contact
 * details), and the service's mapping takes `Podmiot1` from the account (ksef-fa3.md §6.13), so a
 * body without any `supplier_party_*` identity field gets the account's NIP (compact), name, address
 * and country (**fiscalkit choice**: the account is the taxpayer whose report it is). A body that
 * names any of them is taken as it is — a report for another seller (self-billing, `P_17`) must not
 * get the account's address mixed into it. Nothing is filled when the account has no valid Polish
 * NIP: the report then answers for its own missing seller (`fa3Issues`).
 *
 * @example
 * ```ts
 * withAccountSupplier({ type: 'Ksef', invoice_type_code: 'VAT' }, polishAccount()).supplier_party_tax_id;
 * // '9999999999'
 * ```
 */
export function withAccountSupplier(
  body: Record<string, unknown>,
  account: Account,
): Record<string, unknown> {
  if (SUPPLIER_IDENTITY_FIELDS.some((field) => Object.hasOwn(body, field))) return body;
  const supplier = supplierParty(account);
  if (!supplier.success) return body;
  const identity: Record<string, unknown> = {};
  for (const field of SUPPLIER_IDENTITY_FIELDS) identity[field] = supplier.data.fields[field] ?? null;
  return { ...body, ...identity };
}

/**
 * The stored list of `prepayment_references`: the elements kept (those marked `_destroy: true` are
 * gone), each with its `id` — the one it had, or a new one from the id port (`prepayment_reference`).
 */
async function storedReferences(
  ports: Ports,
  references: readonly PrepaymentReferenceInput[] | null | undefined,
): Promise<PrepaymentReference[]> {
  const kept: PrepaymentReference[] = [];
  for (const reference of references ?? []) {
    if (reference._destroy === true) continue;
    kept.push({
      id: reference.id ?? (await ports.ids.next('prepayment_reference')),
      number: reference.number ?? null,
      registration_code: reference.registration_code ?? null,
    });
  }
  return kept;
}

/**
 * A new Ksef report without the `id`s a client sent in `prepayment_references`: the ids are
 * read-only (spec §2.7 "`id` (integer, read-only)"), assigned by the service when the report is
 * stored ({@link storedKsefTaxReport}), so that two elements never share one. For create, import and
 * generate; a PATCH names stored elements by their id (`mergeKsefUpdate`).
 *
 * @example
 * ```ts
 * withoutReferenceIds({ ...report, prepayment_references: [{ id: 7, number: 'FZ/1' }] }).prepayment_references;
 * // [{ number: 'FZ/1' }]
 * ```
 */
export function withoutReferenceIds(report: KsefTaxReportCreate): KsefTaxReportCreate {
  const references = report.prepayment_references;
  if (references === null || references === undefined) return report;
  return {
    ...report,
    prepayment_references: references.map(({ id: _id, ...reference }) => reference),
  };
}

/** What {@link storedKsefTaxReport} needs besides the report. */
export interface KsefStoredFields {
  id: number;
  account_id: number;
  state: TaxReportState;
}

/**
 * The stored form of an accepted Ksef report (`KsefTaxReportSchema`): the spec's defaults
 * (`customer_party_jst` and `customer_party_gv` false, §2.7), `invoice_id` null unless generated from
 * an invoice, and `prepayment_references` with their read-only ids.
 *
 * @example
 * ```ts
 * const stored = await storedKsefTaxReport(ports, report, { id: 5, account_id: 1, state: 'processing' });
 * stored.prepayment_references; // [{ id: 1, number: 'FZ/1/2026', registration_code: null }]
 * ```
 */
export async function storedKsefTaxReport(
  ports: Ports,
  report: KsefTaxReportCreate,
  fields: KsefStoredFields,
): Promise<KsefTaxReport> {
  return {
    ...report,
    ...fields,
    type: 'Ksef',
    invoice_id: report.invoice_id ?? null,
    customer_party_jst: report.customer_party_jst ?? false,
    customer_party_gv: report.customer_party_gv ?? false,
    prepayment_references: await storedReferences(ports, report.prepayment_references),
  };
}

/**
 * The result of {@link mergeKsefUpdate}: the candidate to judge, or why the update cannot apply.
 * `reference_origins[i]` is the index in the request of the element at `prepayment_references[i]` of
 * the candidate (null: a stored element the request does not name; the whole list null when the
 * request sends no `prepayment_references`), for {@link requestIndexedIssues}.
 */
export type KsefMerge =
  | { success: true; candidate: Record<string, unknown>; reference_origins: (number | null)[] | null }
  | { success: false; issues: ValidationIssue[] };

/**
 * Merges `prepayment_references` of a PATCH into the stored list (spec §2.7: "`id` (integer,
 * read-only) … `_destroy` (boolean; with `id` removes the element)", the nested-element rule of
 * §2.6): an element with `id` changes (or, with `_destroy: true`, marks for removal) the stored
 * element of that id — an id the report does not have is `parameter_invalid` at
 * `prepayment_references[i].id`; an element without `id` is new; stored elements the request does
 * not name stay. Elements to remove stay in the list, marked, so `prepaymentReferenceIssues` judges
 * the list as it will be (its contract). `null` empties the list.
 */
function mergeReferences(
  stored: readonly PrepaymentReference[],
  update: readonly PrepaymentReferenceInput[] | null,
): {
  references: PrepaymentReferenceInput[] | null;
  origins: (number | null)[];
  issues: ValidationIssue[];
} {
  if (update === null) return { references: null, origins: [], issues: [] };
  const references: PrepaymentReferenceInput[] = stored.map((reference) => ({ ...reference }));
  const origins: (number | null)[] = stored.map(() => null);
  const issues: ValidationIssue[] = [];
  update.forEach((element, index) => {
    if (!isPresent(element.id)) {
      references.push(element);
      origins.push(index);
      return;
    }
    const target = references.find((reference) => reference.id === element.id);
    if (target === undefined) {
      issues.push(
        issueAt(
          'fiscalkit.tax-report.prepayment-reference-id-unknown',
          'parameter_invalid',
          ['prepayment_references', index, 'id'],
          `is not the id of a prepayment reference of this tax report (${String(element.id)})`,
        ),
      );
      return;
    }
    origins[references.indexOf(target)] = index;
    if (element._destroy === true) target._destroy = true;
    if (element.number !== undefined) target.number = element.number;
    if (element.registration_code !== undefined) target.registration_code = element.registration_code;
  });
  return { references, origins, issues };
}

/** `prepayment_references[i]` at the start of a param or message, and what follows it. */
const MERGED_ELEMENT = /^prepayment_references\[(\d+)\]/;

/**
 * The issues found on a merged candidate ({@link mergeKsefUpdate}), with every
 * `prepayment_references[i]` renamed to the index of the element in the request (item 7 of issue
 * #18): the rules judge the list as it will be — stored elements first, then the new ones — but a
 * client can only find its mistake by the position it sent (`{_destroy: true}` without `id` as the
 * request's element 0 is `prepayment_references[0].id`, not `[2].id` behind two stored elements).
 * An issue of a stored element the request does not name (it was valid when stored) names the list,
 * and the element by its id. Other issues are unchanged.
 *
 * @example
 * ```ts
 * requestIndexedIssues([{ code: 'parameter_blank', param: 'prepayment_references[2].id', message: 'prepayment_references[2].id is required …' }], [null, null, 0]);
 * // [{ code: 'parameter_blank', param: 'prepayment_references[0].id', message: 'prepayment_references[0].id is required …' }]
 * ```
 */
export function requestIndexedIssues(
  issues: readonly ValidationIssue[],
  origins: readonly (number | null)[] | null,
  stored: readonly { id: number }[] = [],
): ValidationIssue[] {
  if (origins === null) return [...issues];
  return issues.map((issue) => {
    const match = MERGED_ELEMENT.exec(issue.param);
    if (match === null) return issue;
    // money-safe: a list index, not an amount.
    const merged = Number(match[1]);
    const origin = origins[merged];
    if (origin === undefined) return issue;
    if (origin === null) {
      const id = stored[merged]?.id;
      const rest = issue.message.replace(MERGED_ELEMENT, '').replace(/^\./, '');
      return {
        ...issue,
        param: 'prepayment_references',
        message: `prepayment_references: the stored element${id === undefined ? '' : ` with id ${String(id)}`} (not in this request): ${rest}`,
      };
    }
    const rename = (text: string) => text.replace(MERGED_ELEMENT, `prepayment_references[${String(origin)}]`);
    return { ...issue, param: rename(issue.param), message: rename(issue.message) };
  });
}

/**
 * The report a PATCH /tax_reports/{id} of a Ksef report would make (spec §4.2 "Correct or modify"):
 * the stored report with every field the update sends (`null` clears a field; a field not sent
 * keeps its value), `prepayment_references` merged element by element ({@link mergeReferences}).
 * `type` is left out (the rule `taxReportTypeChangeIssues` has judged it). The candidate is judged
 * like a create (`createKsefTaxReport`), so a stored report always passes the rules of §2.7; its
 * issues are given back in the request's element indexes with {@link requestIndexedIssues}.
 *
 * @example
 * ```ts
 * const merged = mergeKsefUpdate(stored, { supplier_party_krs: '0000012345' });
 * merged.success && merged.candidate.supplier_party_krs; // '0000012345'
 * ```
 */
export function mergeKsefUpdate(stored: KsefTaxReport, update: KsefTaxReportUpdate): KsefMerge {
  const { type: _type, prepayment_references, ...fields } = update;
  const candidate: Record<string, unknown> = { ...stored };
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) candidate[field] = value;
  let reference_origins: (number | null)[] | null = null;
  if (prepayment_references !== undefined) {
    const merged = mergeReferences(stored.prepayment_references, prepayment_references);
    if (merged.issues.length > 0) return { success: false, issues: merged.issues };
    candidate.prepayment_references = merged.references;
    reference_origins = merged.origins;
  }
  return { success: true, candidate, reference_origins };
}
