import { z } from 'zod';
import { countryCode, oneOf, optional, schemeCodeField, text } from './fields.js';

/**
 * `third_party.role` values. The spec shows one (`local_government_unit_recipient`, §2.5) and says the
 * others are "not shown". fiscalkit names the two other KSeF `Podmiot3` roles the service's rules
 * speak of (ksef-fa3.md §6.3): `vat_group_member` (role 10, which §2.5 rule 4 derives from the GV
 * flag) and `delivery_recipient` (role 2, "Odbiorca", §2.7's `third_party_role` list). fiscalkit
 * choice; anything else is `parameter_inclusion`.
 */
export const THIRD_PARTY_ROLES = [
  'local_government_unit_recipient',
  'vat_group_member',
  'delivery_recipient',
] as const;

/** A third party role. */
export type ThirdPartyRole = (typeof THIRD_PARTY_ROLES)[number];

/**
 * The invoice's `third_party` (spec §2.5): strings, nullable where returned; `country` a two-letter
 * code. Becomes KSeF `Podmiot3` (§2.5 rule 4).
 */
export const ThirdPartySchema = z.object({
  role: optional(oneOf(THIRD_PARTY_ROLES)),
  name: text().nullish(),
  tin_value: text(64).nullish(),
  tin_scheme: optional(schemeCodeField()),
  cin_value: text(64).nullish(),
  cin_scheme: optional(schemeCodeField()),
  address: text().nullish(),
  address2: text().nullish(),
  city: text().nullish(),
  postalcode: text(32).nullish(),
  province: text().nullish(),
  country: optional(countryCode()),
});

/** A third party as sent and stored. */
export type ThirdParty = z.output<typeof ThirdPartySchema>;
