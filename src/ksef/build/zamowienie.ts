import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { TILOSCI, TKWOTOWY, TKWOTOWY2 } from './fa3Types.js';
import { lineNumber } from './faWiersz.js';
import { decimalText, marker, percentText, text, type XmlElement } from './xml.js';

/**
 * `Zamowienie` of an advance (`ZAL`, `KOR_ZAL`; ksef-fa3.md §5, §6.8): `WartoscZamowienia` (the
 * gross order value, `order_total_amount`) and one `ZamowienieWiersz` per order line, in the
 * schema's order (`NrWierszaZam`, `UU_IDZ`, `P_7Z`, `IndeksZ`, `GTINZ`, `PKWiUZ`, `CNZ`, `PKOBZ`,
 * `P_8AZ`, `P_8BZ`, `P_9AZ`, `P_11NettoZ`, `P_11VatZ`, `P_12Z`, `P_12Z_XII`, `GTUZ`, `ProceduraZ`,
 * `StanPrzedZ`). `undefined` without order lines or without the order value, both being mandatory
 * in it (`fa3Issues` refuses either alone where it matters).
 *
 * @example
 * ```ts
 * zamowienie({ ...report, order_total_amount: '375150', order_lines: [{ description: 'dom', net_amount: '305000', tax_amount: '70150', tax_category: '23' }] });
 * // { WartoscZamowienia: '375150', ZamowienieWiersz: [{ NrWierszaZam: '1', P_7Z: 'dom', … }] }
 * ```
 */
export function zamowienie(report: KsefTaxReportCreate): XmlElement | undefined {
  const total = decimalText(report.order_total_amount, TKWOTOWY);
  const lines = report.order_lines;
  if (total === undefined || !Array.isArray(lines) || lines.length === 0) return undefined;
  return {
    WartoscZamowienia: total,
    ZamowienieWiersz: lines.map((line, index) => ({
      NrWierszaZam: lineNumber(line.line_number, index),
      UU_IDZ: text(line.uuid),
      P_7Z: text(line.description),
      IndeksZ: text(line.item_code),
      GTINZ: text(line.gtin),
      PKWiUZ: text(line.pkwiu),
      CNZ: text(line.cn),
      PKOBZ: text(line.pkob),
      P_8AZ: text(line.unit),
      P_8BZ: decimalText(line.quantity, TILOSCI),
      P_9AZ: decimalText(line.price, TKWOTOWY2),
      P_11NettoZ: decimalText(line.net_amount, TKWOTOWY),
      P_11VatZ: decimalText(line.tax_amount, TKWOTOWY),
      P_12Z: text(line.tax_category),
      P_12Z_XII: percentText(line.oss_percent),
      GTUZ: text(line.gtu),
      ProceduraZ: text(line.procedure),
      StanPrzedZ: marker(line.before_correction),
    })),
  };
}
