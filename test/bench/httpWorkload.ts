// The request of the HTTP benchmarks (`bench:http`, `bench:pg`): the key they use, its headers, and
// the invoice they create — 10 lines, Spanish VAT, an inline contact, a fresh number each time.

/** The API key the benchmark servers are started with. */
export const BENCH_KEY = 'test_bench_key_0001';

/** The headers of every benchmark request. */
export const BENCH_HEADERS = {
  'X-B2B-API-Key': BENCH_KEY,
  'X-B2B-API-Version': '2026-04-20',
  'Content-Type': 'application/json',
};

/**
 * The body of POST /accounts/{account}/invoices with invoice number `B-{number}`.
 *
 * @example
 * ```ts
 * await fetch(`${base}/accounts/1/invoices`, { method: 'POST', headers: BENCH_HEADERS, body: benchInvoiceBody(1) });
 * ```
 */
export function benchInvoiceBody(number: number): string {
  const lines = Array.from({ length: 10 }, (_, index) => ({
    description: `Item ${String(index + 1)}`,
    quantity: String(index + 1),
    price: `${String(10 + index)}.25`,
    taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
  }));
  return JSON.stringify({
    invoice: {
      number: `B-${String(number)}`,
      date: '2026-04-20',
      currency: 'EUR',
      contact: { name: 'Cliente SA', country: 'ES', tin_scheme: '9920', tin_value: 'A58818501' },
      invoice_lines_attributes: lines,
    },
  });
}
