import type { ValidationIssue } from '../errors/validationIssue.js';
import { requestMarks } from '../versions/requestMarks.js';
import { issueAt } from './issue.js';

/**
 * The flat discount and charge fields of a line that v2026-03-02 removed in favour of the line's
 * `allowance_charges_attributes` (api-notes.md §3.2; B2Brouter/b2brouter-php CHANGELOG 1.1.0
 * "Removed invoice line fields"), and the example entry each message suggests.
 */
const REMOVED_LINE_FIELDS: Readonly<Record<string, string>> = {
  discount_percent: "{allowance_charge_indicator: 'allowance', percentage: …}",
  discount_amount: "{allowance_charge_indicator: 'allowance', amount: …}",
  discount_text: "{allowance_charge_indicator: 'allowance', reason: …}",
  charge_amount: "{allowance_charge_indicator: 'charge', amount: …}",
  charge_percent: "{allowance_charge_indicator: 'charge', percentage: …}",
  charge_reason: "{allowance_charge_indicator: 'charge', reason: …}",
};

/** The same at invoice level ("Removed invoice fields"), with the two charge flags. */
const REMOVED_INVOICE_FIELDS: Readonly<Record<string, string>> = {
  ...REMOVED_LINE_FIELDS,
  apply_taxes_to_charge: "{allowance_charge_indicator: 'charge', apply_taxes: …}",
  charge_is_reimbursable_expense:
    "{allowance_charge_indicator: 'charge', is_reimbursable_expense: true, amount: …}",
};

/**
 * Fields of the real service that change an amount and that fiscalkit does not model: refused rather
 * than dropped, as a client relying on them would get an invoice with other amounts than it meant.
 * `tax_amount_in_tax_currency` (api-notes.md §3.2, a new invoice field of v2026-03-02: the VAT in the
 * VAT accounting currency, EN 16931 BT-111) is computed by fiscalkit from `exchange_rate` for the tax
 * authority's currency (taxmath.md §3.10), never taken as given; a line `extension_amount` (the older
 * calculation guide's line net, api-notes.md §10) is always computed.
 */
const UNMODELLED_INVOICE_FIELDS: Readonly<Record<string, string>> = {
  tax_amount_in_tax_currency:
    'is not modelled: fiscalkit computes the tax in the tax authority currency from exchange_rate (taxmath.md §3.10) and does not take it as given',
};
const UNMODELLED_LINE_FIELDS: Readonly<Record<string, string>> = {
  extension_amount:
    'is not modelled: a line net is always computed (quantity × price / base_quantity − allowances + charges)',
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function given(object: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(object, key) && object[key] !== null && object[key] !== undefined;
}

/**
 * Issue #19 ("no silent drops"), read on the raw request body because parsing drops unknown fields
 * (as `invoiceStateIssues` does for spec §2.4 rule 5). Each is 422 `parameter_invalid` naming the
 * field:
 *
 * - a flat discount or charge field (invoice or line, non-null) in a request of v2026-03-02 or later
 *   (`api.3.2.removed-amount-field`),
 *   where api-notes.md §3.2 removed them: the message names the `allowance_charges_attributes` entry
 *   to send instead. (An older request's flat fields never get here: its upgrade maps them onto the
 *   list, `src/versions/changes/v2026_03_02.ts`.) fiscalkit refuses rather than ignores them: the
 *   amounts would silently differ from what the client meant;
 * - a field the older version of the request did not have and that would change an amount
 *   (`base_quantity`, `allowance_charges_attributes`, `payments_on_account` before v2026-03-02), as
 *   its upgrade recorded (`~refused`, `src/versions/requestMarks.ts`; `fiscalkit.invoice.newer-amount-field`);
 * - an amount field of the real service that fiscalkit does not model (`tax_amount_in_tax_currency`,
 *   a line's `extension_amount`; `fiscalkit.invoice.unmodelled-amount-field`).
 *
 * @example
 * ```ts
 * invoiceAmountFieldIssues({ discount_percent: '5', invoice_lines_attributes: [] });
 * // [{ rule: 'api.3.2.removed-amount-field', code: 'parameter_invalid', param: 'discount_percent', message: 'discount_percent was removed in v2026-03-02 …' }]
 * ```
 */
export function invoiceAmountFieldIssues(body: unknown): ValidationIssue[] {
  if (!isObject(body)) return [];
  const issues: ValidationIssue[] = [];
  for (const refused of requestMarks(body).refused)
    issues.push({
      rule: 'fiscalkit.invoice.newer-amount-field',
      code: 'parameter_invalid',
      param: refused.param,
      message: `${refused.param} ${refused.message}`,
    });
  const removed = (path: readonly PropertyKey[], entry: string) =>
    issueAt(
      'api.3.2.removed-amount-field',
      'parameter_invalid',
      path,
      `was removed in v2026-03-02 (api-notes.md §3.2): send allowance_charges_attributes [${entry}] instead, or the version header of an older version`,
    );
  for (const [field, entry] of Object.entries(REMOVED_INVOICE_FIELDS))
    if (given(body, field)) issues.push(removed([field], entry));
  for (const [field, message] of Object.entries(UNMODELLED_INVOICE_FIELDS))
    if (given(body, field))
      issues.push(
        issueAt('fiscalkit.invoice.unmodelled-amount-field', 'parameter_invalid', [field], message),
      );
  const lines = body.invoice_lines_attributes;
  if (Array.isArray(lines))
    lines.forEach((line, index) => {
      if (!isObject(line)) return;
      const at = ['invoice_lines_attributes', index];
      for (const [field, entry] of Object.entries(REMOVED_LINE_FIELDS))
        if (given(line, field)) issues.push(removed([...at, field], entry));
      for (const [field, message] of Object.entries(UNMODELLED_LINE_FIELDS))
        if (given(line, field))
          issues.push(
            issueAt(
              'fiscalkit.invoice.unmodelled-amount-field',
              'parameter_invalid',
              [...at, field],
              message,
            ),
          );
    });
  return issues;
}

/**
 * The issues of a parsed request with their params read back to the older fields they came from
 * (`~origins` of an upgraded request, `src/versions/requestMarks.ts`): a bad `discount_percent` sent
 * with v2025-10-13 is answered at `discount_percent`, not at the list entry the upgrade made of it.
 * The message keeps the value's complaint.
 *
 * @example
 * ```ts
 * withOriginParams(issues, { '~origins': { 'allowance_charges_attributes[0].percentage': 'discount_percent' } });
 * ```
 */
export function withOriginParams(issues: readonly ValidationIssue[], body: unknown): ValidationIssue[] {
  const { origins } = requestMarks(body);
  if (Object.keys(origins).length === 0) return [...issues];
  return issues.map((issue) => {
    const origin = origins[issue.param];
    if (origin === undefined) return issue;
    const message = issue.message.startsWith(issue.param)
      ? `${origin}${issue.message.slice(issue.param.length)}`
      : issue.message;
    return { ...issue, param: origin, message };
  });
}
