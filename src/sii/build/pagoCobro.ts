import type { SiiPayment } from '../../model/siiTaxReport.js';
import { amountText, siiDate, siiText } from './formats.js';
import type { XmlElement } from './xml.js';

/**
 * One `Cobro` or `Pago` (`DatosPagoCobroType`, sii.md §3): `Fecha`, `Importe`, `Medio` (`01`–`05`),
 * `Cuenta_O_Medio?` (≤ 34).
 *
 * @example
 * ```ts
 * datosPagoCobro({ date: '2026-03-20', amount: '1000', method: '01', account: null });
 * // { 'sii:Fecha': '20-03-2026', 'sii:Importe': '1000.00', 'sii:Medio': '01', 'sii:Cuenta_O_Medio': undefined }
 * ```
 */
export function datosPagoCobro(payment: Partial<SiiPayment>): XmlElement {
  return {
    'sii:Fecha': siiDate(payment.date),
    'sii:Importe': amountText(payment.amount),
    'sii:Medio': payment.method ?? undefined,
    'sii:Cuenta_O_Medio': siiText(payment.account),
  };
}
