// PLACEHOLDER: replaced by the schema of this resource (issue #8).
/** An order (spec §4.6 GET, POST /accounts/{account}/orders; GET /orders/{id}; POST /orders/{id}/mark_as). */
export interface Order {
  readonly id: number;
  readonly account_id: number;
  readonly [field: string]: unknown;
}
