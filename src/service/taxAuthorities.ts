import type { Validated } from '../errors/validationIssue.js';
import type { TaxReportType } from '../model/taxReportCommon.js';
import { issueAt } from '../rules/issue.js';

/**
 * The report type of each country whose tax authority fiscalkit reports to (spec §1: "Tax reports are
 * built for a tax authority"; §2.7: the types `SiiDocument` and `Ksef`). `POST
 * /invoices/{id}/generate_tax_report` without a `type` generates the report of the invoice's account's
 * country (issue #18 item 2: a Spanish account's invoice defaulted to `Ksef` and was refused for its
 * "Polish NIP"). One row per country, so that a new authority is a new row, not a new `if`.
 */
const REPORT_TYPE_OF_COUNTRY = {
  /** Spain: AEAT's Suministro Inmediato de Información books (Real Decreto 596/2016; sii.md). */
  ES: 'SiiDocument',
  /** Poland: KSeF structured invoices, FA(3) (ustawa o VAT art. 106na; ksef-fa3.md). */
  PL: 'Ksef',
} as const satisfies Record<string, TaxReportType>;

/** The countries of {@link REPORT_TYPE_OF_COUNTRY}, with their types, for messages: `ES (SiiDocument) and PL (Ksef)`. */
function supportedCountries(): string {
  const rows = Object.entries(REPORT_TYPE_OF_COUNTRY).map(([country, type]) => `${country} (${type})`);
  const last = rows.pop();
  return rows.length === 0 ? (last ?? '') : `${rows.join(', ')} and ${last ?? ''}`;
}

/**
 * The report type generated for an account of `country` when the request names none (issue #18 item
 * 2): its tax authority's. A country with no supported authority is 422 `parameter_inclusion` at
 * `type` (the catalog's "value outside the permitted catalogue", spec §7.2: the account's country is
 * outside the countries fiscalkit reports for), naming the supported countries; the client can still
 * send a `type` of its own.
 *
 * @example
 * ```ts
 * reportTypeOfCountry('ES'); // { success: true, data: 'SiiDocument' }
 * reportTypeOfCountry('PL'); // { success: true, data: 'Ksef' }
 * reportTypeOfCountry('FR');
 * // { success: false, issues: [{ rule: 'fiscalkit.tax-report.country-authority', code: 'parameter_inclusion', param: 'type', message: "type cannot be chosen from the account's country FR, … in ES (SiiDocument) and PL (Ksef)" }] }
 * ```
 */
export function reportTypeOfCountry(country: string): Validated<TaxReportType> {
  const code = country.trim().toUpperCase();
  if (Object.hasOwn(REPORT_TYPE_OF_COUNTRY, code))
    return { success: true, data: REPORT_TYPE_OF_COUNTRY[code as keyof typeof REPORT_TYPE_OF_COUNTRY] };
  return {
    success: false,
    issues: [
      issueAt(
        'fiscalkit.tax-report.country-authority',
        'parameter_inclusion',
        ['type'],
        `cannot be chosen from the account's country ${code === '' ? '(none)' : code}, which has no tax authority fiscalkit reports to: tax reports are generated for accounts in ${supportedCountries()}`,
      ),
    ],
  };
}
