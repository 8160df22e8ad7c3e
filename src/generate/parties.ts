/**
 * What the tax reports' party builders share (issue #20 §4 "one home per fact"): the FA(3) builder
 * (`src/ksef/generate/parties.ts`: `Podmiot1`, `Podmiot2`, `Podmiot3`) and the SII builder
 * (`src/sii/generate/parties.ts`: `Titular`, `Contraparte`) read the same things out of an account
 * and an invoice, and each keeps only its own mapping to its authority's fields:
 *
 * - the seller (the titular of the books) is the account, identified by its `tin_value`, which the
 *   authority's own tax id check must accept ({@link accountTaxId});
 * - the buyer (the counterparty) is the invoice's contact: the stored contact, else the summary the
 *   invoice keeps ({@link invoiceParty}), with its country upper case ({@link partyCountry});
 * - a foreign tax id says its country in its first two letters ({@link taxIdPrefix});
 * - a refusal is one issue at the field the client can change ({@link refused}).
 *
 * The formats import this module; it imports neither of them (formats never import each other).
 *
 * @module
 */
import type { ErrorCode } from '../errors/catalog.js';
import type { Validated, ValidationIssue } from '../errors/validationIssue.js';
import type { IdentifierCheck } from '../identifiers/identifierCheck.js';
import type { Account } from '../model/account.js';
import type { Contact } from '../model/contact.js';
import type { Invoice } from '../model/invoice.js';
import { presentText } from '../model/presentText.js';
import { issueAt } from '../rules/issue.js';

/**
 * A failed step of a party builder: one issue of rule `rule` (a stable id, `src/errors/ruleId.ts`) at
 * `path`, the message starting with the param (`issueAt`).
 *
 * @example
 * ```ts
 * refused('spec.2.5.4', 'parameter_blank', ['contact'], 'is required');
 * // { success: false, issues: [{ rule: 'spec.2.5.4', code: 'parameter_blank', param: 'contact', message: 'contact is required' }] }
 * ```
 */
export function refused(
  rule: string,
  code: ErrorCode,
  path: readonly PropertyKey[],
  message: string,
): { success: false; issues: ValidationIssue[] } {
  return { success: false, issues: [issueAt(rule, code, path, message)] };
}

/** How an authority identifies the seller by the account's `tin_value` (see {@link accountTaxId}). */
export interface AccountTaxIdRule {
  /** The rule id both refusals carry. */
  rule: string;
  /** The authority's check of a tax id (`checkPolishNip`, `checkSpanishTin`): validity and compact form. */
  check: (value: string) => IdentifierCheck;
  /** The message after `account.tin_value` when it is missing (`parameter_blank`). */
  blank: string;
  /** The message after `account.tin_value` when the check refuses it (`parameter_invalid`). */
  invalid: string;
}

/**
 * The seller's tax id from the account, compact: the account is the seller of its invoices (the
 * FA(3) `Podmiot1`, ksef-fa3.md §6.1) and the titular of its SII books (`Cabecera/Titular`, sii.md
 * §3), identified by its `tin_value`, which only the authority's own kind of tax id can be (a Polish
 * NIP, a Spanish NIF). Missing (absent or blank) is `parameter_blank`, refused by `rule.check`
 * `parameter_invalid`, both at `account.tin_value`, with `rule.rule` as their rule id.
 *
 * @example
 * ```ts
 * const nip = { rule: 'ksef.6.1.seller-nip', check: checkPolishNip, blank: 'is required', invalid: 'is no NIP' };
 * accountTaxId({ tin_value: 'PL 999-999-99-99' }, nip); // { success: true, data: '9999999999' }
 * accountTaxId({ tin_value: null }, nip).success; // false: parameter_blank at account.tin_value
 * ```
 */
export function accountTaxId(account: Pick<Account, 'tin_value'>, rule: AccountTaxIdRule): Validated<string> {
  const tin = presentText(account.tin_value);
  if (tin === null) return refused(rule.rule, 'parameter_blank', ['account', 'tin_value'], rule.blank);
  const checked = rule.check(tin);
  if (!checked.valid) return refused(rule.rule, 'parameter_invalid', ['account', 'tin_value'], rule.invalid);
  return { success: true, data: checked.compact };
}

/** The invoice's party as a report reads it: the stored contact, or the summary the invoice keeps. */
export type InvoiceParty = Contact | NonNullable<Invoice['contact']>;

/**
 * The buyer of an invoice (the FA(3) `Podmiot2`, spec §2.5 rule 4; the SII `Contraparte`) as a report
 * reads it: the stored contact when there is one, else the contact summary the invoice keeps (`name`,
 * `tin_value`, `tin_scheme`, `country`, …), else null (no contact at all: an anonymous simplified
 * invoice, or a refusal, as the format decides).
 *
 * @example
 * ```ts
 * invoiceParty(null, { contact: { name: 'ACME SL', tin_value: 'B12345674', country: 'ES' } });
 * // { name: 'ACME SL', tin_value: 'B12345674', country: 'ES' }
 * ```
 */
export function invoiceParty(
  contact: Contact | null,
  invoice: Pick<Invoice, 'contact'>,
): InvoiceParty | null {
  return contact ?? invoice.contact ?? null;
}

/**
 * A party's country as both formats write it (FA(3) `KodKraju` upper case, ksef-fa3.md §6.1; SII
 * `IDOtro/CodigoPais`, ISO 3166 alpha-2): trimmed and upper case, or null when absent or blank.
 *
 * @example
 * ```ts
 * partyCountry({ country: ' pl ' }); // 'PL'
 * partyCountry({ country: null }); // null
 * ```
 */
export function partyCountry(party: { readonly country?: string | null | undefined }): string | null {
  return presentText(party.country)?.toUpperCase() ?? null;
}

/**
 * The first two characters of a tax id, upper case, once spaces, dots and dashes are dropped: where
 * an EU VAT number says its member state (`DE 123…` → `DE`, `el-094…` → `EL`). Only a prefix: whether
 * it is an EU VAT prefix is the caller's question (`isEuVatPrefix`).
 *
 * @example
 * ```ts
 * taxIdPrefix('fr 40 303 265 045'); // 'FR'
 * taxIdPrefix('12-3456789'); // '12'
 * ```
 */
export function taxIdPrefix(tin: string): string {
  return tin
    .replace(/[\s.-]/g, '')
    .slice(0, 2)
    .toUpperCase();
}
