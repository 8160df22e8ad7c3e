import {
  KSEF_BUCKETS,
  KSEF_BUCKETS_WITH_LOCAL_TAX,
  KSEF_BUCKETS_WITH_TAX,
} from '../../codelists/ksefRates.js';
import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { adnotacje } from './adnotacje.js';
import { TILOSCI, TKWOTOWY } from './fa3Types.js';
import { isForeignCurrency } from './fa3Values.js';
import { faWiersz } from './faWiersz.js';
import { platnosc } from './platnosc.js';
import { warunkiTransakcji } from './warunkiTransakcji.js';
import { decimalText, marker, optionalElement, repeated, text, type XmlElement } from './xml.js';
import { zamowienie } from './zamowienie.js';

/** The type codes whose `P_15ZK` is written: the amount before the correction (ksef-fa3.md §6.8, §6.9). */
const WITH_PREVIOUS_TOTAL: readonly string[] = ['KOR_ZAL', 'KOR_ROZ'];

/**
 * The header buckets in schema order (ksef-fa3.md §5): for each bucket of `KSEF_BUCKETS` that the
 * report has, `P_13_x`, then `P_14_x` (buckets 1–5), then `P_14_xW` (buckets 1–4, an invoice in a
 * foreign currency only, §6.6). Spread into `Fa` where the buckets go.
 *
 * @example
 * ```ts
 * buckets({ ...report, currency: 'EUR', tax_breakdowns: [{ bucket: '1', taxable_base: '13560', tax_amount: '3118.80', tax_amount_pln: '14036.16' }] });
 * // { P_13_1: '13560', P_14_1: '3118.80', P_14_1W: '14036.16' }
 * ```
 */
export function buckets(report: KsefTaxReportCreate): XmlElement {
  const foreign = isForeignCurrency(report.currency);
  const breakdowns = Array.isArray(report.tax_breakdowns) ? report.tax_breakdowns : [];
  const result: Record<string, string | undefined> = {};
  for (const bucket of KSEF_BUCKETS) {
    const breakdown = breakdowns.find((candidate) => candidate.bucket === bucket);
    if (breakdown === undefined) continue;
    result[`P_13_${bucket}`] = decimalText(breakdown.taxable_base, TKWOTOWY);
    if (KSEF_BUCKETS_WITH_TAX.includes(bucket))
      result[`P_14_${bucket}`] = decimalText(breakdown.tax_amount, TKWOTOWY);
    if (foreign && KSEF_BUCKETS_WITH_LOCAL_TAX.includes(bucket))
      result[`P_14_${bucket}W`] = decimalText(breakdown.tax_amount_pln, TKWOTOWY);
  }
  return result;
}

/**
 * The correction block of `Fa` (ksef-fa3.md §5, §6.7), spread in after `RodzajFaktury`:
 * `PrzyczynaKorekty`, `TypKorekty`, one `DaneFaKorygowanej` per corrected invoice
 * (`DataWystFaKorygowanej`, `NrFaKorygowanej`, then `NrKSeF=1` + `NrKSeFFaKorygowanej` with a KSeF
 * number, else `NrKSeFN=1` — never both, odoo/odoo #288286), `OkresFaKorygowanej`, and `P_15ZK`
 * (`previous_advance_total`) on `KOR_ZAL` and `KOR_ROZ` only. Empty when there is no corrected
 * invoice: the block cannot exist without `DaneFaKorygowanej`.
 *
 * @example
 * ```ts
 * korekta({ ...report, invoice_type_code: 'KOR', corrected_invoices: [{ date: '2026-02-15', number: 'FV/1' }] });
 * // { PrzyczynaKorekty: undefined, TypKorekty: undefined, DaneFaKorygowanej: [{ …, NrKSeFN: '1' }], … }
 * ```
 */
export function korekta(report: KsefTaxReportCreate): XmlElement {
  const corrected = report.corrected_invoices;
  if (!Array.isArray(corrected) || corrected.length === 0) return {};
  return {
    PrzyczynaKorekty: text(report.correction_reason),
    TypKorekty: text(report.correction_type),
    DaneFaKorygowanej: corrected.map((invoice) => {
      const ksefNumber = text(invoice.registration_code);
      return {
        DataWystFaKorygowanej: text(invoice.date),
        NrFaKorygowanej: text(invoice.number),
        ...(ksefNumber === undefined ? { NrKSeFN: '1' } : { NrKSeF: '1', NrKSeFFaKorygowanej: ksefNumber }),
      };
    }),
    OkresFaKorygowanej: text(report.corrected_period),
    P_15ZK: WITH_PREVIOUS_TOTAL.includes(report.invoice_type_code)
      ? decimalText(report.previous_advance_total, TKWOTOWY)
      : undefined,
  };
}

/**
 * `Fa/FakturaZaliczkowa`, one per advance invoice a settlement settles (ksef-fa3.md §6.9): with a
 * KSeF number `NrKSeFFaZaliczkowej`, otherwise `NrKSeFZN=1` + `NrFaZaliczkowej`. Elements marked
 * `_destroy` are skipped. `undefined` when there is none.
 *
 * @example
 * ```ts
 * fakturaZaliczkowa({ ...report, prepayment_references: [{ number: 'FZ/1/2026' }] });
 * // [{ NrKSeFZN: '1', NrFaZaliczkowej: 'FZ/1/2026' }]
 * ```
 */
export function fakturaZaliczkowa(report: KsefTaxReportCreate): readonly XmlElement[] | undefined {
  const references = Array.isArray(report.prepayment_references)
    ? report.prepayment_references.filter((reference) => reference._destroy !== true)
    : [];
  return repeated(references, (reference) => {
    const ksefNumber = text(reference.registration_code);
    return ksefNumber === undefined
      ? { NrKSeFZN: '1', NrFaZaliczkowej: text(reference.number) }
      : { NrKSeFFaZaliczkowej: ksefNumber };
  });
}

/**
 * `Fa`, the invoice body, in the schema's order (ksef-fa3.md §5, §6.4, §6.5, §6.6, §6.7, §6.8, §6.9):
 * `KodWaluty`, `P_1`, `P_1M`, `P_2`, `WZ` (`despatch_advice_reference`), `P_6` or `OkresFa`, the buckets,
 * `P_15`, `KursWalutyZ` (the report's `exchange_rate`, on a `ZAL` in a foreign currency only: §6.6 and the
 * odoo/odoo #254246 bug), `Adnotacje`, `RodzajFaktury`, the correction block, `FP`, `TP`,
 * `DodatkowyOpis`, `FakturaZaliczkowa`, `FaWiersz`, `Platnosc`, `WarunkiTransakcji`, `Zamowienie`.
 * Run `fa3Issues` first.
 *
 * @example
 * ```ts
 * Object.keys(fa(report)).slice(0, 4); // ['KodWaluty', 'P_1', 'P_1M', 'P_2']
 * ```
 */
export function fa(report: KsefTaxReportCreate): XmlElement {
  const type = report.invoice_type_code;
  const despatch = text(report.despatch_advice_reference);
  return {
    KodWaluty: text(report.currency),
    P_1: text(report.date),
    P_1M: text(report.issue_place),
    P_2: text(report.number),
    WZ: despatch === undefined ? undefined : [despatch],
    P_6: text(report.tax_point_date),
    OkresFa: optionalElement({
      P_6_Od: text(report.invoicing_period_start),
      P_6_Do: text(report.invoicing_period_end),
    }),
    ...buckets(report),
    P_15: decimalText(report.total_amount, TKWOTOWY),
    KursWalutyZ:
      type === 'ZAL' && isForeignCurrency(report.currency)
        ? decimalText(report.exchange_rate, TILOSCI)
        : undefined,
    Adnotacje: adnotacje(report),
    RodzajFaktury: type,
    ...korekta(report),
    FP: marker(report.receipt_invoice),
    TP: marker(report.related_parties),
    DodatkowyOpis: repeated(report.additional_info, (note) => ({
      NrWiersza:
        note.line_number === null || note.line_number === undefined ? undefined : String(note.line_number),
      Klucz: text(note.key),
      Wartosc: text(note.value),
    })),
    FakturaZaliczkowa: fakturaZaliczkowa(report),
    FaWiersz: faWiersz(report),
    Platnosc: platnosc(report),
    WarunkiTransakcji: warunkiTransakcji(report),
    Zamowienie: zamowienie(report),
  };
}
