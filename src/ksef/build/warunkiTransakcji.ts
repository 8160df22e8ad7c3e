import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { optionalElement, text, type XmlElement } from './xml.js';

/**
 * `WarunkiTransakcji` (ksef-fa3.md §5, §6.4): `Umowy` (`DataUmowy`, `NrUmowy`) from `contract_*`
 * and `Zamowienia` (`DataZamowienia`, `NrZamowienia`) from `purchase_order_*`, each only when one of
 * its values is there; `undefined` when neither is.
 *
 * @example
 * ```ts
 * warunkiTransakcji({ ...report, purchase_order_number: '4354343', purchase_order_date: '2026-01-26' });
 * // { Umowy: undefined, Zamowienia: { DataZamowienia: '2026-01-26', NrZamowienia: '4354343' } }
 * ```
 */
export function warunkiTransakcji(report: KsefTaxReportCreate): XmlElement | undefined {
  return optionalElement({
    Umowy: optionalElement({ DataUmowy: text(report.contract_date), NrUmowy: text(report.contract_number) }),
    Zamowienia: optionalElement({
      DataZamowienia: text(report.purchase_order_date),
      NrZamowienia: text(report.purchase_order_number),
    }),
  });
}
