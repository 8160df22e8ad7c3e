import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { optionalElement, text, type XmlElement } from './xml.js';

/**
 * `Stopka` (ksef-fa3.md §5, §6.11): `Informacje/StopkaFaktury` from `footer_text`, and one
 * `Rejestry` with `KRS`, `REGON`, `BDO` in that order (not inside `Podmiot1`). `undefined` when the
 * report has none of them.
 *
 * @example
 * ```ts
 * stopka({ ...report, supplier_party_krs: '0000099999', supplier_party_regon: '999999999' });
 * // { Informacje: undefined, Rejestry: { KRS: '0000099999', REGON: '999999999', BDO: undefined } }
 * ```
 */
export function stopka(report: KsefTaxReportCreate): XmlElement | undefined {
  return optionalElement({
    Informacje: optionalElement({ StopkaFaktury: text(report.footer_text) }),
    Rejestry: optionalElement({
      KRS: text(report.supplier_party_krs),
      REGON: text(report.supplier_party_regon),
      BDO: text(report.supplier_party_bdo),
    }),
  });
}
