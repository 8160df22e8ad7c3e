import { z } from 'zod';
import { countryCode, decimal, oneOf, optional, text } from './fields.js';
import { ksefText } from './ksefText.js';

/**
 * The roles of a third party (`Podmiot3/Rola`, enumeration `TRolaPodmiotu3` of
 * `schemat_FA(3)_v1-0E.xsd`; ksef-fa3.md §3), as the strings the spec sends (§2.7: "KSeF code"):
 * `1` factor, `2` recipient (internal unit or branch of the buyer), `3` original entity, `4`
 * additional buyer, `5` issuer on the taxpayer's behalf, `6` payer, `7` JST issuer, `8` JST
 * recipient, `9` VAT-group member issuer, `10` VAT-group member recipient, `11` employee. The spec
 * names only 2, 8 and 10; the XSD admits all eleven, so fiscalkit accepts all eleven.
 */
export const KSEF_THIRD_PARTY_ROLES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] as const;

/** A KSeF third-party role code. */
export type KsefThirdPartyRole = (typeof KSEF_THIRD_PARTY_ROLES)[number];

/**
 * A further third party of a Ksef tax report, beyond the one the spec's flat `third_party_*` fields
 * hold (spec §2.7): FA(3) allows up to 100 `Podmiot3` (MF sample 14 has an additional buyer, role 4,
 * and an original entity, role 3). A **fiscalkit field**, with the same names as the flat fields
 * without their `third_party_` prefix, plus `share` (`Udzial`, the additional buyer's percentage).
 */
export const KsefThirdPartySchema = z.object({
  role: oneOf(KSEF_THIRD_PARTY_ROLES),
  name: ksefText('TZnakowy512').nullish(),
  /** An internal id `NIP-NNNNN` becomes `IDWew`; any other id `NrID`. */
  id: text(50).nullish(),
  scheme: text(64).nullish(),
  tax_id: text(50).nullish(),
  tax_scheme: text(64).nullish(),
  country: optional(countryCode()),
  address: ksefText('TZnakowy512').nullish(),
  postalcode: text(32).nullish(),
  city: ksefText('TZnakowy512').nullish(),
  /** `Udzial`: 0–100, 6 decimals in `TProcentowy` of FA(3). */
  share: optional(decimal({ maxDecimals: 6, sign: 'non_negative' })),
});

/** A further third party. */
export type KsefThirdParty = z.output<typeof KsefThirdPartySchema>;
