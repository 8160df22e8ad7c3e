import { checkPolishNip } from '../../identifiers/polishNip.js';
import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { adres, daneKontaktowe } from './party.js';
import { text, type XmlElement } from './xml.js';

/**
 * `Podmiot1`, the seller (ksef-fa3.md §5, §6.1): `PrefiksPodatnika` `PL` for intra-EU transactions
 * when `supplier_party_vat_prefix`, `DaneIdentyfikacyjne` (the NIP compacted: no `PL`, no dashes;
 * `Nazwa`), the mandatory `Adres`, and one `DaneKontaktowe` block. Run `fa3Issues` first: it
 * guarantees the NIP, the name and the address.
 *
 * @example
 * ```ts
 * podmiot1(report).DaneIdentyfikacyjne; // { NIP: '9999999999', Nazwa: 'ABC AGD sp. z o. o.' }
 * ```
 */
export function podmiot1(report: KsefTaxReportCreate): XmlElement {
  return {
    PrefiksPodatnika: report.supplier_party_vat_prefix === true ? 'PL' : undefined,
    DaneIdentyfikacyjne: {
      NIP: checkPolishNip(report.supplier_party_tax_id ?? '').compact,
      Nazwa: text(report.supplier_party_name),
    },
    Adres: adres(
      report.supplier_party_country,
      report.supplier_party_address,
      report.supplier_party_postalcode,
      report.supplier_party_city,
    ),
    DaneKontaktowe: daneKontaktowe(report.supplier_contact_email, report.supplier_contact_phone),
  };
}
