// PLACEHOLDER: replaced by the schema of this resource (issue #8).
/** A despatch advice (spec §4.6 POST /accounts/{account}/despatch_advices). */
export interface DespatchAdvice {
  readonly id: number;
  readonly account_id: number;
  readonly [field: string]: unknown;
}
