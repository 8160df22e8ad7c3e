import type { TotalsInput } from '../../src/index.js';
import { benchInvoice } from './workload.js';

/**
 * The taxmath.md §6 workload (`benchInvoice`: `count` lines, quantity with 3 decimals, price with 6,
 * VAT 4/8/10/21/23 % plus the matching surcharge) with everything docs/totals.md adds: a base
 * quantity on every third line, one or two allowances and charges on four lines in five (a
 * percentage, an amount, a percentage of a base amount), and five document-level entries (an
 * allowance spread over the five tax sets as a percentage and one as an amount, a charge with its
 * own taxes, an untaxed charge, a reimbursable expense), with a prepaid and a rounding amount.
 */
export function allowanceBenchInvoice(count: number): TotalsInput {
  const base = benchInvoice(count);
  const bases = ['100', '12', '3'] as const;
  const lines = base.lines.map((line, i) => {
    const out = { ...line };
    if (i % 3 === 0) out.base_quantity = bases[(i / 3) % bases.length] as string;
    if (i % 5 === 4) return out;
    const entries: NonNullable<TotalsInput['lines'][number]['allowance_charges']> = [
      i % 2 === 0
        ? { allowance_charge_indicator: 'allowance', percentage: '5' }
        : { allowance_charge_indicator: 'charge', amount: '0.75', reason: 'Handling' },
    ];
    if (i % 5 === 0) {
      entries.push({ allowance_charge_indicator: 'allowance', percentage: '2.5', base_amount: '10.00' });
    }
    out.allowance_charges = entries;
    return out;
  });
  return {
    ...base,
    lines,
    allowance_charges: [
      { allowance_charge_indicator: 'allowance', percentage: '2' },
      { allowance_charge_indicator: 'allowance', amount: '100.00', reason: 'Rappel' },
      {
        allowance_charge_indicator: 'charge',
        amount: '25.00',
        taxes: [
          { name: 'IVA', category: 'S', percent: '21', kind: 'vat' },
          { name: 'RE', percent: '5.2', kind: 'surcharge' },
        ],
      },
      { allowance_charge_indicator: 'charge', amount: '10.00', apply_taxes: false },
      { allowance_charge_indicator: 'charge', amount: '45.60', is_reimbursable_expense: true },
    ],
    prepaid_amount: '1000.00',
    payable_rounding_amount: '0.01',
  };
}
