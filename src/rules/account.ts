import type { ValidationIssue } from '../errors/validationIssue.js';
import type { AccountUpdate } from '../model/account.js';
import { routingCodeIssues } from './routingCodes.js';
import { taxableBaseRoundingIssues } from './taxableBaseRounding.js';
import { tinSchemeIssues } from './tinScheme.js';

/**
 * Every business rule of an account (spec §2.2), run on the candidate account: the body of a create,
 * or the stored account with an update applied. Parse with `parseAccount` first. A `tin_scheme` word
 * (spec §2.3 "e.g. VAT, TAX") is judged with the candidate's country. The `cin` / `cin_value` pair is
 * judged on the request alone (`primaryCinIssues`), by the service.
 *
 * @example
 * ```ts
 * accountIssues({ name: 'ACME', country: 'BE', skip_line_taxable_base_rounding: true });
 * // [{ code: 'parameter_invalid', param: 'skip_line_taxable_base_rounding', … }]
 * ```
 */
export function accountIssues(account: AccountUpdate): ValidationIssue[] {
  return [
    ...tinSchemeIssues(account),
    ...routingCodeIssues(account.routing_codes),
    ...taxableBaseRoundingIssues(account),
  ];
}
