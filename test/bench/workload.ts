import type { TotalsInput } from '../../src/index.js';

/**
 * The taxmath.md §6 workload: `count` lines, quantity with 3 decimals, price with 6 decimals, 2 taxes
 * per line (VAT 4/8/10/21/23 % plus the matching surcharge: 10 groups).
 */
export function benchInvoice(count: number): TotalsInput {
  const rates = [
    ['4', '0.5'],
    ['8', '1.4'],
    ['10', '1.4'],
    ['21', '5.2'],
    ['23', '5.2'],
  ] as const;
  const lines = Array.from({ length: count }, (_, i) => {
    const [vat, surcharge] = rates[i % rates.length] as (typeof rates)[number];
    return {
      quantity: `${(i % 17) + 1}.${String(i % 1000).padStart(3, '0')}`,
      price: `${(i * 7919) % 100000}.${String((i * 104729) % 1000000).padStart(6, '0')}`,
      taxes: [
        { name: 'IVA', category: 'S', percent: vat, kind: 'vat' as const },
        { name: 'RE', percent: surcharge, kind: 'surcharge' as const },
      ],
    };
  });
  return { currency: 'EUR', lines };
}
