/**
 * Helpers for tests that need invoices over HTTP (the invoice tests, and later the tax report tests):
 * a valid create body for a Spanish issued invoice with an inline contact, an account inserted
 * straight into the store (independent of the accounts routes), and a create that answers the stored
 * invoice. Kept stable: other test files import them.
 */
import type { MemoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import type { Invoice } from '../../src/model/invoice.js';
import { storedAccount } from '../support/fixtures.js';
import type { RequestOptions, TestService } from './harness.js';

/** The Spanish NIF of the inline contact of {@link invoiceBody} (valid control letter, es-tin.md §2). */
export const INLINE_CONTACT_TIN = 'B76543214';

let sequence = 0;

/**
 * A valid `{invoice: {...}}` body for POST /accounts/{account}/invoices in the newest version: a
 * Spanish `IssuedInvoice` in EUR with an inline contact (name, country, NIF) and two lines, the
 * second with VAT and an IRPF withholding (10 × 45.50 + 1 × 120.00 at 21 %, −15 % IRPF on the 120:
 * total 677.75 in the default `accumulated` mode). Each call numbers its invoice anew
 * (`T-1`, `T-2`, …) unless `overrides` says otherwise; `overrides` replace top-level fields.
 *
 * @example
 * ```ts
 * await service.request('POST', `/accounts/${account}/invoices`, { body: invoiceBody({ number: 'F-9' }) });
 * ```
 */
export function invoiceBody(overrides: Record<string, unknown> = {}): { invoice: Record<string, unknown> } {
  sequence += 1;
  return {
    invoice: {
      type: 'IssuedInvoice',
      number: `T-${String(sequence)}`,
      date: '2026-04-20',
      due_date: '2026-05-20',
      currency: 'EUR',
      contact: {
        name: 'Distribuciones Norte SA',
        country: 'ES',
        tin_scheme: '9920',
        tin_value: INLINE_CONTACT_TIN,
      },
      invoice_lines_attributes: [
        {
          description: 'Consulting hours',
          quantity: '10',
          price: '45.50',
          taxes_attributes: [{ name: 'IVA', percent: '21' }],
        },
        {
          description: 'Travel expenses',
          quantity: '1',
          price: '120.00',
          taxes_attributes: [
            { name: 'IVA', percent: '21' },
            { name: 'IRPF', percent: '-15' },
          ],
        },
      ],
      ...overrides,
    },
  };
}

/**
 * Inserts an account owned by `group` (default 1, the group of the harness's `KEY`) straight into the
 * store, with `fields` over `storedAccount()`'s Spanish account, and answers its id.
 *
 * @example
 * ```ts
 * const account = await insertAccount(service.ports, { country: 'BE', auto_remittance: true });
 * ```
 */
export async function insertAccount(
  ports: MemoryPorts,
  fields: Record<string, unknown> = {},
  group = 1,
): Promise<number> {
  const id = await ports.ids.next('account');
  await ports.store.accounts.insert(storedAccount({ ...fields, id }));
  await ports.store.accountGroups.insert({ id, group_id: group });
  return id;
}

/**
 * Creates an invoice through the API (`POST /accounts/{account}/invoices` with
 * {@link invoiceBody}`(overrides)`) and answers it as the newest version returns it; throws when the
 * create fails.
 *
 * @example
 * ```ts
 * const invoice = await createTestInvoice(service, account, { number: 'F-1' });
 * invoice.state; // 'new'
 * ```
 */
export async function createTestInvoice(
  service: TestService,
  account: number,
  overrides: Record<string, unknown> = {},
  options: RequestOptions = {},
): Promise<Invoice & Record<string, unknown>> {
  const response = await service.request('POST', `/accounts/${String(account)}/invoices`, {
    ...options,
    body: invoiceBody(overrides),
  });
  if (response.status !== 201)
    throw new Error(`invoice create failed: ${String(response.status)} ${response.text}`);
  return response.json.invoice;
}
