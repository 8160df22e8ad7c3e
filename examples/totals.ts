// Prints the totals of one sample invoice in the three computation modes (taxmath.md §3.5).
// Run it with `npm run example`.
import { computeTotals, modeFlags, TOTALS_MODES, type TotalsInput } from 'fiscalkit';

// A Spanish invoice to a retailer under recargo de equivalencia, with IRPF withheld: the three tax
// kinds, a discounted line, and amounts where rounding per line and per group disagree.
const invoice: TotalsInput = {
  currency: 'EUR',
  lines: [
    { quantity: '3', price: '10.08', taxes: iva21() },
    { quantity: '1', price: '33.35', taxes: iva21() },
    { quantity: '16', price: '348.35', discount_percent: '4', taxes: iva21() },
  ],
};

function iva21() {
  return [
    { name: 'IVA', category: 'S', percent: '21', kind: 'vat' as const },
    { name: 'RE', percent: '5.2', kind: 'surcharge' as const },
    { name: 'IRPF', percent: '-15' }, // a negative percent is a withholding, as the service accepts it
  ];
}

for (const mode of TOTALS_MODES) {
  const { groups, totals, lines } = computeTotals({ ...invoice, ...modeFlags(mode) });
  console.log(`\n${mode} (${JSON.stringify(modeFlags(mode))})`);
  console.table(groups.map(({ key, base, tax }) => ({ group: key, base, tax })));
  console.table(lines.map(({ net_exact, net, taxes }) => ({ net_exact, net, ...taxes })));
  console.table([totals]);
}
