import type { ValidationIssue } from '../errors/validationIssue.js';
import type { KsefTaxReportUpdate } from '../model/ksefTaxReport.js';
import { type ApiVersion, LATEST_API_VERSION } from '../versions/apiVersion.js';
import { versionHas } from '../versions/behaviours.js';
import { ksefAdvanceAmountIssues } from './ksefAdvanceAmounts.js';
import { ksefBuyerUnitIssues } from './ksefBuyerUnit.js';
import { prepaymentReferenceIssues } from './prepaymentReferences.js';
import { orderedRuleIssues, type TaggedRule } from './ruleOrder.js';
import { supplierPartyKrsIssues } from './supplierPartyKrs.js';
import { supplierPartyRegonIssues } from './supplierPartyRegon.js';
import { thirdPartyCountryIssues } from './thirdPartyCountry.js';

/**
 * The rules of a Ksef tax report, each tagged with its source (`ruleOrder.ts`): the spec's §2.7 rules
 * in the field order of spec §2.7, then fiscalkit's own. The spec's are checked first whatever their
 * place here (issue #18 item 3): the API answers the first issue, and a request that breaks §2.7 rule
 * 1 must get `param: "third_party_country"` even when its role 8 party also lacks the tax id
 * fiscalkit's buyer-unit rule asks for.
 */
const KSEF_TAX_REPORT_RULES: readonly TaggedRule<KsefTaxReportUpdate>[] = [
  { source: 'spec', cites: 'spec §2.7 supplier_party_krs, §8', issues: supplierPartyKrsIssues },
  { source: 'spec', cites: 'spec §2.7 supplier_party_regon, §8', issues: supplierPartyRegonIssues },
  {
    source: 'spec',
    cites: 'spec §2.7 previous_advance_total, order_total_amount',
    issues: ksefAdvanceAmountIssues,
  },
  { source: 'spec', cites: 'spec §2.7 prepayment_references', issues: prepaymentReferenceIssues },
  { source: 'spec', cites: 'spec §2.7 rule 1', issues: thirdPartyCountryIssues },
  { source: 'fiscalkit', cites: 'ksef-fa3.md §6.3 (Podmiot2/JST, GV)', issues: ksefBuyerUnitIssues },
];

/**
 * The rules of an imported FA(3) document's report (issue #18 item 6): the same, except that the
 * buyer-unit rule keeps only the flags' exclusivity (`ksefBuyerUnitIssues` with `imported`).
 */
const KSEF_IMPORT_RULES: readonly TaggedRule<KsefTaxReportUpdate>[] = KSEF_TAX_REPORT_RULES.map((rule) =>
  rule.issues === ksefBuyerUnitIssues
    ? { ...rule, issues: (report: KsefTaxReportUpdate) => ksefBuyerUnitIssues(report, { imported: true }) }
    : rule,
);

/** How {@link ksefTaxReportIssues} judges a report. */
export interface KsefTaxReportRuleOptions {
  /**
   * `create` (the default): a report created directly or by PATCH; `import`: the report of an
   * imported FA(3) document, whose JST / GV flags (spec §2.7 "Also accepted on import") need no
   * third party (issue #18 item 6, `ksefBuyerUnitIssues`).
   */
  origin?: 'create' | 'import';
}

/**
 * Every business rule of a Ksef tax report (spec §2.7, and the FA(3) buyer-unit rules of
 * ksef-fa3.md §6.3), run on the candidate report: the body of a create, or the stored report with an
 * update applied. Parse with `parseTaxReport` first; on update, also run `taxReportTypeChangeIssues`
 * on the stored report and the update. Issues come spec rules first, in field order of spec §2.7,
 * then fiscalkit's own (`orderedRuleIssues`; the first is the API's answer). In a version before
 * v2026-04-20 the §2.7 fields do not exist (spec §9 "Added"; the request upgrade drops them), so none
 * of these rules applies there: a rule cannot require a field the client's version cannot send.
 *
 * @example
 * ```ts
 * ksefTaxReportIssues({ type: 'Ksef', invoice_type_code: 'VAT', supplier_party_krs: '123' });
 * // [{ code: 'parameter_invalid', param: 'supplier_party_krs', … }]
 * ksefTaxReportIssues({ type: 'Ksef', invoice_type_code: 'VAT', third_party_role: '8' }).map((issue) => issue.param);
 * // ['third_party_country', 'third_party_tax_id']: spec §2.7 rule 1 before fiscalkit's rule
 * ksefTaxReportIssues({ type: 'Ksef', invoice_type_code: 'VAT', customer_party_jst: true }, LATEST_API_VERSION, { origin: 'import' });
 * // []: an imported JST invoice needs no role 8 third party
 * ```
 */
export function ksefTaxReportIssues(
  report: KsefTaxReportUpdate,
  version: ApiVersion = LATEST_API_VERSION,
  options: KsefTaxReportRuleOptions = {},
): ValidationIssue[] {
  if (!versionHas(version, 'ksef_tax_report_fields')) return [];
  return orderedRuleIssues(options.origin === 'import' ? KSEF_IMPORT_RULES : KSEF_TAX_REPORT_RULES, report);
}
