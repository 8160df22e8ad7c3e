import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import { type Invoice, type InvoiceUpdate, parseInvoice } from '../model/invoice.js';
import type { Operation } from '../model/parse.js';
import type { ThirdParty } from '../model/thirdParty.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { bankAccountIssues } from './bankAccount.js';
import { cannotChangeIssues } from './cannotChange.js';
import { effective } from './effective.js';
import { inlineContactIssues } from './inlineContact.js';
import { invoiceAmountFieldIssues, withOriginParams } from './invoiceAmountFields.js';
import { counterpartyIssues } from './invoiceCounterparty.js';
import { invoiceLineIssues } from './invoiceLines.js';
import { type FindInvoiceByNumber, invoiceNumberTakenIssues } from './invoiceNumberTaken.js';
import { invoiceReferenceIssues } from './invoiceReferences.js';
import { invoiceStateIssues } from './invoiceState.js';
import { type PaymentOnAccountAmount, paymentsOnAccountIssues } from './paymentsOnAccount.js';
import { thirdPartyIssues } from './thirdParty.js';
import { tinSchemeIssues } from './tinScheme.js';
import { totalAmountDueIssues } from './totalAmountDue.js';

/** What the invoice rules need besides the request. */
export interface InvoiceRuleContext {
  /** The API version of the request (the inline contact rule depends on it, spec §2.4 rule 3). */
  version: ApiVersion;
  /** `create` for POST and PUT, `update` for PATCH. */
  operation: Operation;
  /**
   * The stored invoice: for an update (PATCH), and for a PUT of an existing invoice, where it is only
   * the holder the number may not collide with (a PUT is validated as a whole resource, `create`).
   */
  stored?: Invoice | null | undefined;
}

/**
 * Every synchronous business rule of an invoice (spec §2.4, §2.5, §2.6) on a parsed request
 * (`parseInvoice`), judged on the values the invoice will have once the request is applied: the
 * invoice `type` fixed once stored (`parameter_cannot_change`), the counterparty and the inline
 * contact's identifier (creates only: §2.4 rule 3 names the POST), the
 * third party and its flags (§2.5), the amend limit and reference edits (§2.6, §8),
 * `total_amount_due` only on ZAL / KOR_ZAL (§2.4), and the bank account check digits. The raw-body
 * rule (`invoiceStateIssues`) and the number uniqueness (`invoiceNumberTakenIssues`) are run by
 * {@link validateInvoice}.
 *
 * @example
 * ```ts
 * invoiceIssues(
 *   { number: 'F-1', date: '2026-04-20', contact_id: 3, apply_to_local_government_unit: true, invoice_lines_attributes: lines },
 *   { version: '2026-04-20', operation: 'create' },
 * ); // [{ code: 'parameter_blank', param: 'third_party', … }]
 * ```
 */
export function invoiceIssues(request: InvoiceUpdate, context: InvoiceRuleContext): ValidationIssue[] {
  const stored = context.operation === 'update' ? (context.stored ?? null) : null;
  // The type is fixed once stored, so a PUT (operation 'create' on a stored invoice) that leaves it
  // out keeps the stored one; only a new invoice defaults to IssuedInvoice.
  const type = (effective(request, context.stored, 'type') as string | null | undefined) ?? 'IssuedInvoice';
  const issues: ValidationIssue[] = [];
  // A resource's type is fixed once created (issue 3: `parameter_cannot_change` for a resource's
  // `type`): an issued invoice cannot turn into a received one.
  if (context.stored !== null && context.stored !== undefined)
    issues.push(...cannotChangeIssues(request, context.stored, ['type'], [], 'fiscalkit.invoice.type-fixed'));
  if (context.operation === 'create')
    issues.push(
      ...counterpartyIssues({ ...request, type }),
      ...inlineContactIssues({ ...request, type }, context.version),
    );
  // An update may not take the counterparty away: clearing contact_id without sending an inline
  // contact leaves an invoice that no tax authority format can name (see counterpartyIssues).
  else if (request.contact_id === null && (request.contact === null || request.contact === undefined))
    issues.push(...counterpartyIssues({ type, contact_id: null, contact: null }));
  issues.push(
    ...thirdPartyIssues({
      apply_to_local_government_unit: effective(request, stored, 'apply_to_local_government_unit') as
        | boolean
        | null,
      apply_to_vat_group_member: effective(request, stored, 'apply_to_vat_group_member') as boolean | null,
      third_party: effective(request, stored, 'third_party') as ThirdParty | null,
    }),
    // Lines are judged against the stored ones whatever the operation: a PUT may edit them by id,
    // and a create whose every line is a deletion has no line left either.
    ...invoiceLineIssues(request.invoice_lines_attributes, context.stored?.lines ?? []),
    // A PUT (create) may send the stored references' ids back, so they are judged against the
    // stored invoice whatever the operation.
    ...invoiceReferenceIssues(request.invoice_references, context.stored?.invoice_references ?? []),
    ...totalAmountDueIssues({
      type_code: effective(request, stored, 'type_code') as string | null,
      total_amount_due: request.total_amount_due,
    }),
    ...bankAccountIssues(request.bank_account),
    // Issue #19: payments on account add up to the prepaid amount; both sent must agree.
    ...paymentsOnAccountIssues({
      prepaid_amount: request.prepaid_amount,
      payments: effective(request, stored, 'payments_on_account') as PaymentOnAccountAmount[] | null,
    }),
    // The inline contact's `tin_scheme` word (spec §2.3 "e.g. VAT, TAX") is read with its own country.
    ...(request.contact === null || request.contact === undefined
      ? []
      : tinSchemeIssues(request.contact, ['contact'])),
  );
  return issues;
}

/** {@link InvoiceRuleContext} plus what the uniqueness check needs. */
export interface ValidateInvoiceContext extends InvoiceRuleContext {
  /** The account the invoice belongs to. */
  account_id: number;
  /** The storage lookup behind `parameter_taken` (see `invoiceNumberTakenIssues`). */
  findInvoiceByNumber: FindInvoiceByNumber;
}

/**
 * The whole validation of an invoice request body: parse (structure and values), the raw-body rule
 * (`state` is not writable, §2.4 rule 5), every rule of {@link invoiceIssues}, and the number's
 * uniqueness (`parameter_taken`). Returns the parsed request or every issue found; a service answers
 * with `apiErrorFromIssues(issues)`.
 *
 * @example
 * ```ts
 * const result = await validateInvoice(body, {
 *   version: '2026-04-20', operation: 'create', account_id: 1, findInvoiceByNumber: () => null,
 * });
 * if (!result.success) throw apiErrorFromIssues(result.issues);
 * ```
 */
export async function validateInvoice(
  body: unknown,
  context: ValidateInvoiceContext,
): Promise<Validated<InvoiceUpdate>> {
  const parsed = parseInvoice(body, context.operation);
  // Raw-body rules: the state (§2.4 rule 5) and the amount fields never to be dropped (issue #19).
  const stateIssues = [...invoiceStateIssues(body, context.stored?.state), ...invoiceAmountFieldIssues(body)];
  // An older request's flat fields were read as list entries: their problems are named as sent.
  if (!parsed.success)
    return { success: false, issues: withOriginParams([...parsed.issues, ...stateIssues], body) };
  const request = parsed.data;
  const stored = context.operation === 'update' ? (context.stored ?? null) : null;
  const issues = [...stateIssues, ...invoiceIssues(request, context)];
  const number = effective(request, stored, 'number') as string | null | undefined;
  const changesKey =
    stored === null ||
    request.number !== undefined ||
    request.type !== undefined ||
    request.contact_id !== undefined;
  if (changesKey)
    issues.push(
      ...(await invoiceNumberTakenIssues(
        {
          type:
            (effective(request, context.stored, 'type') as Invoice['type'] | null | undefined) ??
            'IssuedInvoice',
          number,
          contact_id: effective(request, stored, 'contact_id') as number | null | undefined,
        },
        // context.stored, not stored: a PUT (operation 'create') re-sending its own number is no collision.
        {
          account_id: context.account_id,
          stored_id: context.stored?.id ?? null,
          findInvoiceByNumber: context.findInvoiceByNumber,
        },
      )),
    );
  return issues.length === 0
    ? { success: true, data: request }
    : { success: false, issues: withOriginParams(issues, body) };
}
