import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import type { KsefThirdParty } from '../../model/ksefThirdParty.js';
import { presentText } from '../../model/presentText.js';
import { thirdPartyIdentification } from '../partyIdentification.js';
import { adres, daneIdentyfikacyjne } from './party.js';
import { percentText, repeated, type XmlElement } from './xml.js';

/**
 * The third parties of a report in `Podmiot3` order: the flat `third_party_*` one first when
 * `third_party_role` is set, then `additional_third_parties` (ksef-fa3.md §6.3; FA(3) allows 100).
 *
 * @example
 * ```ts
 * thirdParties({ ...report, third_party_role: '8', third_party_tax_id: '3333333333' })[0].role; // '8'
 * ```
 */
export function thirdParties(report: KsefTaxReportCreate): KsefThirdParty[] {
  const parties: KsefThirdParty[] = [];
  const role = report.third_party_role;
  if (presentText(role) !== null && role !== null && role !== undefined)
    parties.push({
      role,
      name: report.third_party_name,
      id: report.third_party_id,
      scheme: report.third_party_scheme,
      tax_id: report.third_party_tax_id,
      tax_scheme: report.third_party_tax_scheme,
      country: report.third_party_country,
      address: report.third_party_address,
      postalcode: report.third_party_postalcode,
      city: report.third_party_city,
      share: report.third_party_share,
    });
  if (Array.isArray(report.additional_third_parties)) parties.push(...report.additional_third_parties);
  return parties;
}

/**
 * `Podmiot3`, repeated (ksef-fa3.md §5, §6.3): `DaneIdentyfikacyjne` as `thirdPartyIdentification`
 * resolves it (`NIP`, `IDWew`, `KodUE` + `NrVatUE`, `KodKraju?` + `NrID`, `BrakID`) with `Nazwa`;
 * `Adres` only when there are a country and an address line; `Rola`; `Udzial` from the share.
 * `undefined` when the report has no third party.
 *
 * @example
 * ```ts
 * podmiot3({ ...report, third_party_role: '8', third_party_tax_id: '3333333333', third_party_tax_scheme: 'NIP' });
 * // [{ DaneIdentyfikacyjne: { NIP: '3333333333', Nazwa: undefined }, Adres: undefined, Rola: '8', Udzial: undefined }]
 * ```
 */
export function podmiot3(report: KsefTaxReportCreate): readonly XmlElement[] | undefined {
  return repeated(thirdParties(report), (party) => ({
    DaneIdentyfikacyjne: daneIdentyfikacyjne(thirdPartyIdentification(party) ?? { kind: 'none' }, party.name),
    Adres: adres(party.country, party.address, party.postalcode, party.city),
    Rola: party.role,
    Udzial: percentText(party.share),
  }));
}
