/**
 * A participant in fiscalkit's Peppol directory (spec §4.8 GET /directory/{country}/{identifier}):
 * the identifier a published Peppol transport announces. The directory is public data, read across
 * every tenant, so these records all belong to one public tenant, `0`; `id` is the publishing
 * transport's id and `account_id` its account (to read the transport back).
 */
export interface PeppolParticipant {
  /** The publishing transport's id. */
  readonly id: number;
  /** The public tenant every participant belongs to. */
  readonly directory: 0;
  /** The transport's account. */
  readonly account_id: number;
  readonly pin_scheme: string;
  readonly pin_value: string;
  /** The value as compared (`normalizeParticipantValue`), for a lookup in any scheme. */
  readonly value_key: string;
  /** `{scheme}:{value_key}`, for a lookup in one scheme. */
  readonly scheme_key: string;
}
