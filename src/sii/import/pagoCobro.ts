/**
 * `Cobros/Cobro` and `Pagos/Pago` read back (`DatosPagoCobroType`, sii.md §3): the inverse of the
 * builder's `src/sii/build/pagoCobro.ts`.
 *
 * @module
 */
import type { ElementReader, ReportDraft } from '../../xml/reader.js';
import { putDate, putDecimal } from './values.js';

/**
 * Reads the mandatory list `list` (`Cobros`, `Pagos`) of `record`, with at least one `item` (`Cobro`,
 * `Pago`), into `payments[{date, amount, method, account}]` (`Fecha`, `Importe`, `Medio`,
 * `Cuenta_O_Medio`).
 *
 * @example
 * ```ts
 * readPagosCobros(record, 'Cobros', 'Cobro', draft);
 * draft.data.payments; // [{ date: '2026-03-20', amount: '1000.00', method: '01', account: 'ES91…' }]
 * ```
 */
export function readPagosCobros(record: ElementReader, list: string, item: string, draft: ReportDraft): void {
  const payments = record.requiredChild(list);
  if (payments === null) return;
  const items = payments.children(item);
  if (items.length === 0) payments.context.missing(payments.pathOf(item));
  draft.list('payments', items, payments.pathOf(item), (payment, entry) => {
    putDate(entry, 'date', payment, 'Fecha', true);
    putDecimal(entry, 'amount', payment, 'Importe', true);
    entry.requiredText('method', payment, 'Medio');
    entry.text('account', payment, 'Cuenta_O_Medio');
  });
}
