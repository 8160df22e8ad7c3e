/**
 * Issue #19 in FA(3): `P_10` from a line's `allowance_charges_attributes` (per unit, of the unit price
 * a base quantity gives), and document-level pieces as rows of their own (`ksefDocumentLines`).
 */
import { describe, expect, it } from 'vitest';
import { lineDiscount } from '../../src/ksef/generate/discount.js';
import { ksefDocumentLines } from '../../src/ksef/generate/lines.js';
import type { InvoiceLine } from '../../src/model/invoiceLine.js';
import type { TotalsResult } from '../../src/totals/result.js';

const allowance = (fields: Record<string, string>) => ({
  allowance_charge_indicator: 'allowance' as const,
  ...fields,
});
const charge = (fields: Record<string, string>) => ({
  allowance_charge_indicator: 'charge' as const,
  ...fields,
});

describe('lineDiscount (P_10) from allowance_charges_attributes', () => {
  it.each([
    [
      { quantity: '20', price: '1000', allowance_charges_attributes: [allowance({ percentage: '10' })] },
      '1000',
      '100',
    ],
    [{ quantity: '4', price: '10', allowance_charges_attributes: [allowance({ amount: '2' })] }, '10', '0.5'],
    [{ quantity: '-2', price: '10', allowance_charges_attributes: [allowance({ amount: '-2' })] }, '10', '1'],
    [
      {
        quantity: '2',
        price: '50',
        allowance_charges_attributes: [allowance({ percentage: '10', base_amount: '60' })],
      },
      '50',
      '3',
    ],
    [
      {
        quantity: '2',
        price: '50',
        allowance_charges_attributes: [allowance({ percentage: '10' }), allowance({ amount: '4' })],
      },
      '50',
      '7',
    ],
    // 1 × 100 per 10 units: the unit price is 10, and 50 % of it is 5.
    [
      {
        quantity: '1',
        price: '100',
        base_quantity: '10',
        allowance_charges_attributes: [allowance({ percentage: '50' })],
      },
      '10',
      '5',
    ],
    [{ quantity: '3', price: '10', allowance_charges_attributes: [allowance({ amount: '10' })] }, '10', null],
    [
      {
        quantity: '1',
        price: '10',
        allowance_charges_attributes: [allowance({ percentage: '10' }), charge({ amount: '1' })],
      },
      '10',
      null,
    ],
    [
      { quantity: '1', price: '10', allowance_charges_attributes: [charge({ percentage: '10' })] },
      '10',
      null,
    ],
  ])('P_10 of %o at unit price %s is %s', (line, unitPrice, expected) => {
    const discount = lineDiscount({ id: 1, taxes_attributes: [], ...line } as InvoiceLine, unitPrice);
    expect(discount?.discount ?? null).toBe(expected);
  });

  it('names the entry it came from, or the list for several', () => {
    const one = lineDiscount({
      id: 1,
      quantity: '2',
      price: '10',
      taxes_attributes: [],
      allowance_charges_attributes: [charge({ amount: '0' }), allowance({ amount: '2' })],
    });
    expect(one?.field).toBe('allowance_charges_attributes[1].amount');
  });
});

describe('ksefDocumentLines', () => {
  const totals = (
    pieces: NonNullable<TotalsResult['allowance_charges']>,
  ): Pick<TotalsResult, 'lines' | 'allowance_charges'> => ({
    lines: [{ net_exact: '100', net: '100.00', taxes: { 'vat||VAT|23': '23.00' } }],
    allowance_charges: pieces,
  });
  const rates = [{ code: '23' as const, taxIndex: 0 }];

  it('writes each piece as a row at its group’s rate, an allowance negative', () => {
    const result = ksefDocumentLines(
      totals([
        {
          index: 0,
          allowance_charge_indicator: 'allowance',
          amount: '10.00',
          taxes: { 'vat||VAT|23': '-2.30' },
        },
        {
          index: 1,
          allowance_charge_indicator: 'charge',
          amount: '5.00',
          reason: 'Transport',
          taxes: { 'vat||VAT|23': '1.15' },
        },
      ]),
      rates,
      1,
      undefined,
    );
    expect(result).toEqual({
      success: true,
      data: {
        lines: [
          {
            line_number: 2,
            description: 'Rabat',
            unit: null,
            quantity: '1',
            price: '-10.00',
            net_amount: '-10.00',
            tax_category: '23',
          },
          {
            line_number: 3,
            description: 'Transport',
            unit: null,
            quantity: '1',
            price: '5.00',
            net_amount: '5.00',
            tax_category: '23',
          },
        ],
        sources: [-1, -2],
      },
    });
  });

  it('refuses a piece in a group no line has, and a reimbursable expense', () => {
    const result = ksefDocumentLines(
      totals([
        { index: 0, allowance_charge_indicator: 'charge', amount: '5.00', taxes: { 'vat||VAT|5': '0.25' } },
        {
          index: 1,
          allowance_charge_indicator: 'charge',
          amount: '9.00',
          taxes: {},
          is_reimbursable_expense: true,
        },
      ]),
      rates,
      1,
      undefined,
    );
    expect(result.success ? [] : result.issues.map((issue) => issue.param)).toEqual([
      'allowance_charges_attributes[0]',
      'allowance_charges_attributes[1].is_reimbursable_expense',
    ]);
  });
});
