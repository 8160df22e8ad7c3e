import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { text, type XmlElement, yesNo } from './xml.js';

/**
 * `Adnotacje`, always written in full because every child is mandatory (ksef-fa3.md §5, §10 rule 3),
 * in this order: `P_16` cash accounting, `P_17` self-billing, `P_18` reverse charge, `P_18A` split
 * payment (each `1` yes / `2` no from its flag); `Zwolnienie`: `P_19=1` and the legal basis in
 * `P_19A` (VAT act, the default), `P_19B` (directive) or `P_19C` (other) by `exemption_basis_type`
 * when there is an `exemption_basis`, else `P_19N=1`; `NoweSrodkiTransportu/P_22N=1` (fiscalkit
 * reports carry no new means of transport); `P_23` triangular procedure; `PMarzy`: `P_PMarzy=1` and
 * `P_PMarzy_<scheme>=1` for the margin scheme, else `P_PMarzyN=1`. With no flags this is the
 * "nothing special" block of the MF samples.
 *
 * @example
 * ```ts
 * adnotacje({ ...report, split_payment: true }).P_18A; // '1'
 * adnotacje({ ...report, exemption_basis: 'art. 43 ust. 1 pkt 37 ustawy VAT' }).Zwolnienie;
 * // { P_19: '1', P_19A: 'art. 43 ust. 1 pkt 37 ustawy VAT' }
 * ```
 */
export function adnotacje(report: KsefTaxReportCreate): XmlElement {
  const basis = text(report.exemption_basis);
  const scheme = text(report.margin_scheme);
  return {
    P_16: yesNo(report.cash_accounting),
    P_17: yesNo(report.self_billing),
    P_18: yesNo(report.reverse_charge),
    P_18A: yesNo(report.split_payment),
    Zwolnienie:
      basis === undefined
        ? { P_19N: '1' }
        : { P_19: '1', [`P_19${report.exemption_basis_type ?? 'A'}`]: basis },
    NoweSrodkiTransportu: { P_22N: '1' },
    P_23: yesNo(report.triangular_procedure),
    PMarzy: scheme === undefined ? { P_PMarzyN: '1' } : { P_PMarzy: '1', [`P_PMarzy_${scheme}`]: '1' },
  };
}
