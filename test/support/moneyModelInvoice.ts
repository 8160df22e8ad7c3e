/**
 * A stored invoice with every field of the issue #19 money model (line `base_quantity`, `unit_price`,
 * `amount` and `allowance_charges_attributes`; document-level entries with their own taxes;
 * `payments_on_account`, `prepaid_amount`, `payable_rounding_amount`; the totals and `taxes`;
 * `extra_info`, `file_reference`), for the repository contracts: the memory and PostgreSQL stores
 * must give it back as stored.
 */
import type { Invoice } from '../../src/model/invoice.js';
import { storedInvoice } from './fixtures.js';

/**
 * The invoice `id` of `account_id`, numbered `number`, with the money model's fields.
 *
 * @example
 * ```ts
 * moneyModelInvoice(1, 1, 'F-1').lines[0]?.base_quantity; // '10'
 * ```
 */
export function moneyModelInvoice(id: number, account_id: number, number: string): Invoice {
  return storedInvoice({
    id,
    account_id,
    number,
    lines: [
      {
        id: id * 10 + 1,
        description: 'Paper, per 10',
        quantity: '1',
        price: '100',
        base_quantity: '10',
        unit_price: '10',
        amount: '5.00',
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'allowance', percentage: '50', reason: 'Launch', reason_code: '95' },
        ],
        taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
      },
    ],
    allowance_charges_attributes: [
      {
        allowance_charge_indicator: 'charge',
        amount: '1.00',
        reason: 'Shipping',
        taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
      },
      {
        allowance_charge_indicator: 'charge',
        amount: '2.50',
        is_reimbursable_expense: true,
        apply_taxes: false,
      },
    ],
    payments_on_account: [{ date: '2026-04-01', amount: '1.00' }],
    prepaid_amount: '1.00',
    payable_rounding_amount: '-0.01',
    extra_info: 'Payment terms: 30 days net.',
    file_reference: 'EXP-2026/17',
    subtotal: '5.00',
    allowance_total_amount: '0.00',
    charge_total_amount: '1.00',
    tax_exclusive_amount: '6.00',
    tax_inclusive_amount: '7.26',
    reimbursable_expenses_amount: '2.50',
    taxes: [{ name: 'IVA', category: 'S', percent: '21', base: '6.00', amount: '1.26' }],
    total: '7.26',
    payable_amount: '8.75',
  });
}
