import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';

/**
 * A complete VAT report of `lines` lines (issue #5 bench: 1,000 lines), alternating 23 % and 8 %, with
 * Polish text that needs no escaping and a name that does, so the builder's escaping is measured too.
 * The header buckets are the sums of the lines, worked out in integer grosze (no JS number ever holds
 * money here: each line's net is a whole number of grosze from its index).
 */
export function benchKsefReport(lines: number): KsefTaxReportCreate {
  const reportLines: NonNullable<KsefTaxReportCreate['lines']> = [];
  const grosze = { '23': 0n, '8': 0n };
  for (let i = 0; i < lines; i += 1) {
    const rate = i % 2 === 0 ? '23' : '8';
    const net = BigInt(1000 + ((i * 37) % 90_000));
    grosze[rate] += net;
    reportLines.push({
      description: `Usługa serwisowa nr ${String(i + 1)} — żółć & gęś`,
      unit: 'szt.',
      quantity: '1',
      price: money(net),
      net_amount: money(net),
      tax_category: rate,
      gtin: '5901234123457',
    });
  }
  const tax1 = (grosze['23'] * 23n + 50n) / 100n;
  const tax2 = (grosze['8'] * 8n + 50n) / 100n;
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV/2026/02/0001',
    date: '2026-02-01',
    issue_place: 'Warszawa',
    currency: 'PLN',
    supplier_party_tax_id: '9999999999',
    supplier_party_name: 'Hurtownia "Żuraw" Sp. z o.o. & S-ka',
    supplier_party_address: 'ul. Kwiatowa 1 m. 2',
    supplier_party_postalcode: '00-001',
    supplier_party_city: 'Warszawa',
    supplier_party_country: 'PL',
    customer_party_tax_id: '1111111111',
    customer_party_name: 'F.H.U. Jan Kowalski',
    customer_party_address: 'ul. Polna 1',
    customer_party_postalcode: '00-002',
    customer_party_city: 'Kraków',
    customer_party_country: 'PL',
    customer_party_jst: false,
    customer_party_gv: false,
    tax_breakdowns: [
      { bucket: '1', taxable_base: money(grosze['23']), tax_amount: money(tax1) },
      { bucket: '2', taxable_base: money(grosze['8']), tax_amount: money(tax2) },
    ],
    total_amount: money(grosze['23'] + grosze['8'] + tax1 + tax2),
    lines: reportLines,
    supplier_party_krs: '0000099999',
    supplier_party_regon: '999999999',
    prepayment_references: [],
  };
}

/** Grosze as a decimal string with 2 decimals. */
function money(grosze: bigint): string {
  const text = grosze.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
