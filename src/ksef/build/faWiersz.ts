import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import { NUMERIC_RATES, TILOSCI, TKWOTOWY, TKWOTOWY2 } from './fa3Types.js';
import { isForeignCurrency } from './fa3Values.js';
import { decimalText, marker, percentText, repeated, text, type XmlElement } from './xml.js';

/**
 * A line's `NrWierszaFa` / `NrWierszaZam`: its `line_number`, else its position (1, 2, …). A
 * correction's before/after pair shares one number (ksef-fa3.md §6.7), which is why it can be given.
 *
 * @example
 * ```ts
 * lineNumber(null, 0); // '1'
 * lineNumber(7, 0); // '7'
 * ```
 */
export function lineNumber(given: number | null | undefined, index: number): string {
  return String(given ?? index + 1);
}

/**
 * `FaWiersz`, one per line (ksef-fa3.md §5, §6.5), in the schema's order: `NrWierszaFa`, `UU_ID`,
 * `P_6A`, `P_7`, `Indeks`, `GTIN`, `PKWiU`, `CN`, `PKOB`, `P_8A`, `P_8B`, `P_9A`, `P_9B`, `P_10`,
 * `P_11`, `P_11A`, `P_11Vat`, `P_12`, `P_12_XII`, `GTU`, `Procedura`, `KursWaluty`, `StanPrzed`
 * (`1` on the "before" row of a correction pair). `KursWaluty` is the line's rate, else, at a
 * percentage rate, the report's `exchange_rate` (docs/ksef.md: the default of each line), and only
 * for an invoice in a foreign currency (§6.6). `undefined` when the report has no lines.
 *
 * @example
 * ```ts
 * faWiersz({ ...report, lines: [{ description: 'lodówka', net_amount: '1626.01', tax_category: '23' }] });
 * // [{ NrWierszaFa: '1', P_7: 'lodówka', P_11: '1626.01', P_12: '23', … }]
 * ```
 */
export function faWiersz(report: KsefTaxReportCreate): readonly XmlElement[] | undefined {
  const foreign = isForeignCurrency(report.currency);
  return repeated(report.lines, (line, index) => {
    const category = text(line.tax_category);
    const rate =
      line.exchange_rate ??
      (category !== undefined && NUMERIC_RATES.includes(category) ? report.exchange_rate : null);
    return {
      NrWierszaFa: lineNumber(line.line_number, index),
      UU_ID: text(line.uuid),
      P_6A: text(line.tax_point_date),
      P_7: text(line.description),
      Indeks: text(line.item_code),
      GTIN: text(line.gtin),
      PKWiU: text(line.pkwiu),
      CN: text(line.cn),
      PKOB: text(line.pkob),
      P_8A: text(line.unit),
      P_8B: decimalText(line.quantity, TILOSCI),
      P_9A: decimalText(line.price, TKWOTOWY2),
      P_9B: decimalText(line.gross_price, TKWOTOWY2),
      P_10: decimalText(line.discount, TKWOTOWY2),
      P_11: decimalText(line.net_amount, TKWOTOWY),
      P_11A: decimalText(line.gross_amount, TKWOTOWY),
      P_11Vat: decimalText(line.tax_amount, TKWOTOWY),
      P_12: category,
      P_12_XII: percentText(line.oss_percent),
      GTU: text(line.gtu),
      Procedura: text(line.procedure),
      KursWaluty: foreign ? decimalText(rate, TILOSCI) : undefined,
      StanPrzed: marker(line.before_correction),
    };
  });
}
