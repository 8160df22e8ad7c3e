import type { ValidationIssue } from '../errors/validationIssue.js';

/**
 * Whose rule it is, for ordering only: `spec`, a rule the service specification states (its answer,
 * code and `param`, is the spec's); `fiscalkit`, a rule of fiscalkit's own (a schema, legal or
 * robustness rule the spec does not state, e.g. FA(3)'s buyer-unit rules of ksef-fa3.md §6.3). Not
 * the first segment of a rule id (`RuleSource`, `src/errors/ruleId.ts`), which names eight sources.
 */
export type RuleOrigin = 'spec' | 'fiscalkit';

/**
 * The order sources are checked in: the spec's rules first, then fiscalkit's own (issue #18 item 3).
 * The API answers with the first issue (`apiErrorFromIssues`), so a request that breaks a spec rule
 * gets the answer the spec names (spec §2.7 rule 1: "HTTP 422 with `param` equal to
 * `third_party_country`") even when it also breaks a rule fiscalkit adds.
 */
const SOURCE_ORDER: readonly RuleOrigin[] = ['spec', 'fiscalkit'];

/** One rule of a rule set: where it comes from, what it cites, and its check. */
export interface TaggedRule<T> {
  /** Whose rule it is (decides its place: {@link SOURCE_ORDER}). */
  source: RuleOrigin;
  /** The section or legal source the rule applies, e.g. `spec §2.7 rule 1`, `ksef-fa3.md §6.3`. */
  cites: string;
  /** The rule: the issues of a candidate, `[]` when it holds. */
  issues: (candidate: T) => ValidationIssue[];
}

/**
 * Every issue of `candidate` under `rules`, the spec's rules first and fiscalkit's own after them;
 * within one source, in the order the rule set lists them. The first issue is the one the API answers
 * with, so this order is what a client sees when a request breaks rules of both kinds.
 *
 * @example
 * ```ts
 * const rules: TaggedRule<KsefTaxReportUpdate>[] = [
 *   { source: 'fiscalkit', cites: 'ksef-fa3.md §6.3', issues: ksefBuyerUnitIssues },
 *   { source: 'spec', cites: 'spec §2.7 rule 1', issues: thirdPartyCountryIssues },
 * ];
 * orderedRuleIssues(rules, { third_party_role: '8' }).map((issue) => issue.param);
 * // ['third_party_country', 'third_party_tax_id']
 * ```
 */
export function orderedRuleIssues<T>(rules: readonly TaggedRule<T>[], candidate: T): ValidationIssue[] {
  return SOURCE_ORDER.flatMap((source) =>
    rules.filter((rule) => rule.source === source).flatMap((rule) => rule.issues(candidate)),
  );
}
