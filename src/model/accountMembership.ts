/**
 * Which API key group owns an account (spec §5 rule 3: a key is linked to a group with permissions;
 * issue #8: "a group owns the accounts created with its keys"). Stored beside the account rather than
 * on it, so the account's wire shape stays the spec's. The record's `id` is the account's id and its
 * tenant is the group: `store.accountGroups.list(group_id, page)` is GET /accounts, and
 * `store.accountGroups.get(group_id, account_id)` is the ownership check of every request.
 */
export interface AccountMembership {
  /** The account's id. */
  readonly id: number;
  /** The owning group's id (`groups[].id` of the key store). */
  readonly group_id: number;
}
