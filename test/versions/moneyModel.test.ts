/**
 * Issue #19 in the version chain (`src/versions/changes/moneyModel.ts`): an older request's flat
 * discount and charge fields become `allowance_charges_attributes`, an older response shows them back
 * where it can, and `price` is the unit price before v2026-03-02.
 */
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { invoiceFlatView, lineFlatView, moneyModelChange } from '../../src/versions/changes/moneyModel.js';
import type { JsonObject } from '../../src/versions/fieldPath.js';
import { REFUSED_MARK } from '../../src/versions/requestMarks.js';

const change = moneyModelChange();
const upgrade = (request: JsonObject, stored: JsonObject | null = null) =>
  change.upgrade?.(request, {
    version: '2025-10-13',
    operation: stored === null ? 'create' : 'update',
    stored,
  }) ?? request;
const downgrade = (response: JsonObject) =>
  change.downgrade?.(response, { version: '2025-10-13', view: 'full' }) ?? response;

describe('older requests', () => {
  it('maps line and invoice flat fields onto the lists (a line discount_amount follows the sign of the line)', () => {
    const read = upgrade({
      discount_percent: new LosslessNumber('5'),
      charge_amount: '25.00',
      apply_taxes_to_charge: false,
      invoice_lines_attributes: [
        { quantity: '-2', price: '10', discount_amount: '1.50', discount_text: 'Promo' },
      ],
    });
    expect(read.allowance_charges_attributes).toEqual([
      { allowance_charge_indicator: 'allowance', percentage: '5' },
      { allowance_charge_indicator: 'charge', amount: '25.00', apply_taxes: false },
    ]);
    expect(read.invoice_lines_attributes).toEqual([
      {
        quantity: '-2',
        price: '10',
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'allowance', amount: '-1.50', reason: 'Promo' },
        ],
      },
    ]);
    for (const flat of ['discount_percent', 'charge_amount', 'apply_taxes_to_charge'])
      expect(read).not.toHaveProperty(flat);
  });

  it('an edit of a stored line keeps the flat fields it does not send; its price clears the base quantity', () => {
    const stored = {
      lines: [
        {
          id: 5,
          quantity: '1',
          price: '100',
          base_quantity: '10',
          unit_price: '10',
          allowance_charges_attributes: [{ allowance_charge_indicator: 'charge', amount: '1' }],
        },
      ],
    };
    const read = upgrade(
      { invoice_lines_attributes: [{ id: 5, price: '12', discount_percent: '10' }] },
      stored,
    );
    expect(read.invoice_lines_attributes).toEqual([
      {
        id: 5,
        price: '12',
        base_quantity: null,
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'allowance', percentage: '10' },
          { allowance_charge_indicator: 'charge', amount: '1' },
        ],
      },
    ]);
  });

  it('records the fields older versions did not have as refused, taking them out', () => {
    const read = upgrade({
      payments_on_account: [{ amount: '1' }],
      invoice_lines_attributes: [{ quantity: '1', price: '1', base_quantity: '10' }],
    });
    expect(read).not.toHaveProperty('payments_on_account');
    expect(read.invoice_lines_attributes).toEqual([{ quantity: '1', price: '1' }]);
    expect((read[REFUSED_MARK] as { param: string }[]).map((refused) => refused.param)).toEqual([
      'payments_on_account',
      'invoice_lines_attributes[0].base_quantity',
    ]);
  });
});

describe('older responses', () => {
  it('price is the unit price, and the entries are flat fields where they can be', () => {
    const response = downgrade({
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', amount: '10.00', reason: 'Loyalty' },
      ],
      payments_on_account: null,
      lines: [
        {
          quantity: '7',
          price: '10.00',
          base_quantity: '3',
          unit_price: '3.33333333',
          amount: '23.33',
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '5' },
            { allowance_charge_indicator: 'allowance', amount: '1' },
          ],
        },
      ],
    });
    expect(response).toMatchObject({
      discount_amount: '10.00',
      discount_text: 'Loyalty',
      charge_amount: null,
    });
    expect(response).not.toHaveProperty('payments_on_account');
    expect((response.lines as JsonObject[])[0]).toEqual({
      quantity: '7',
      price: '3.33333333',
      amount: '23.33',
      discount_percent: null,
      discount_amount: null,
      discount_text: null,
      charge_amount: null,
      charge_percent: null,
      charge_reason: null,
    });
  });

  it('cannot show several allowances, a base amount, an entry with its own tax', () => {
    expect(
      lineFlatView({
        allowance_charges_attributes: [
          { allowance_charge_indicator: 'allowance', percentage: '5', base_amount: '1' },
        ],
      }),
    ).toBeNull();
    expect(
      invoiceFlatView({
        allowance_charges_attributes: [
          {
            allowance_charge_indicator: 'charge',
            amount: '5',
            taxes_attributes: [{ name: 'IVA', percent: '21' }],
          },
        ],
      }),
    ).toBeNull();
  });
});
