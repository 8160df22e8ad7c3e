import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { customerIdentification } from '../partyIdentification.js';
import { adres, daneIdentyfikacyjne, daneKontaktowe } from './party.js';
import { text, type XmlElement, yesNo } from './xml.js';

/**
 * `Podmiot2`, the buyer (ksef-fa3.md §5, §6.2): `DaneIdentyfikacyjne` as `customerIdentification`
 * resolves it (`fa3Issues` has made sure it resolves; `BrakID` otherwise), `Nazwa`, `Adres` when
 * there is a country and a line (it may be left out on `UPR`, MF samples 15–16), `DaneKontaktowe`,
 * `NrKlienta`, and `JST` / `GV`, which are mandatory and always written: `1` when the flag is true,
 * else `2` (ksef-fa3.md §8 item 3).
 *
 * @example
 * ```ts
 * podmiot2({ ...report, customer_party_tax_id: '1111111111', customer_party_jst: true });
 * // { DaneIdentyfikacyjne: { NIP: '1111111111', … }, …, JST: '1', GV: '2' }
 * ```
 */
export function podmiot2(report: KsefTaxReportCreate): XmlElement {
  const identification = customerIdentification(report) ?? { kind: 'none' };
  return {
    DaneIdentyfikacyjne: daneIdentyfikacyjne(identification, report.customer_party_name),
    Adres: adres(
      report.customer_party_country,
      report.customer_party_address,
      report.customer_party_postalcode,
      report.customer_party_city,
    ),
    DaneKontaktowe: daneKontaktowe(report.customer_party_email, report.customer_party_phone),
    NrKlienta: text(report.customer_party_number),
    JST: yesNo(report.customer_party_jst),
    GV: yesNo(report.customer_party_gv),
  };
}
