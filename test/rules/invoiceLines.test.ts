import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/errors/validationIssue.js';
import { invoiceIssues } from '../../src/rules/invoice.js';
import { invoiceLineIssues } from '../../src/rules/invoiceLines.js';
import { storedInvoice } from '../support/fixtures.js';

function pairs(issues: readonly ValidationIssue[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

const stored = [{ id: 1 }, { id: 2 }];
const newLine = { quantity: '1', price: '10.00', taxes_attributes: [{ name: 'IVA', percent: '21' }] };

describe('invoiceLineIssues: lines of a PATCH edited by id (spec §2.4, like §2.6 references)', () => {
  it('§2.4: deleting a stored line by { id, _destroy: true } is fine while another line remains', () => {
    expect(invoiceLineIssues([{ id: 1, _destroy: true }], stored)).toEqual([]);
  });

  it('§2.4: _destroy without id → parameter_blank at invoice_lines_attributes[i].id', () => {
    expect(pairs(invoiceLineIssues([newLine, { _destroy: true }], stored))).toEqual([
      ['parameter_blank', 'invoice_lines_attributes[1].id'],
    ]);
  });

  it('§2.4: an id that matches no stored line → parameter_invalid at its id (edit or delete)', () => {
    expect(
      pairs(
        invoiceLineIssues(
          [
            { id: 9, price: '1' },
            { id: 8, _destroy: true },
          ],
          stored,
        ),
      ),
    ).toEqual([
      ['parameter_invalid', 'invoice_lines_attributes[0].id'],
      ['parameter_invalid', 'invoice_lines_attributes[1].id'],
    ]);
  });

  it('§2.4: a new line needs quantity, price and taxes_attributes → parameter_blank at each missing one', () => {
    expect(pairs(invoiceLineIssues([{ description: 'x' }, { quantity: '2', price: '' }], stored))).toEqual([
      ['parameter_blank', 'invoice_lines_attributes[0].quantity'],
      ['parameter_blank', 'invoice_lines_attributes[0].price'],
      ['parameter_blank', 'invoice_lines_attributes[0].taxes_attributes'],
      ['parameter_blank', 'invoice_lines_attributes[1].price'],
      ['parameter_blank', 'invoice_lines_attributes[1].taxes_attributes'],
    ]);
  });

  it('taxmath §3.1: deleting every line → parameter_empty at invoice_lines_attributes', () => {
    expect(
      pairs(
        invoiceLineIssues(
          [
            { id: 1, _destroy: true },
            { id: 2, _destroy: true },
          ],
          stored,
        ),
      ),
    ).toEqual([['parameter_empty', 'invoice_lines_attributes']]);
  });

  it('deleting every stored line while adding a new one leaves one line: fine', () => {
    expect(
      invoiceLineIssues([{ id: 1, _destroy: true }, { id: 2, _destroy: true }, newLine], stored),
    ).toEqual([]);
  });

  it('no lines in the request: nothing to judge', () => {
    expect(invoiceLineIssues(undefined, stored)).toEqual([]);
  });

  it('invoiceIssues runs the line rule on a PATCH against the stored lines', () => {
    const invoice = storedInvoice();
    const onlyLine = invoice.lines.map((line) => ({ id: line.id, _destroy: true }));
    expect(
      pairs(
        invoiceIssues(
          { invoice_lines_attributes: onlyLine },
          { version: '2026-04-20', operation: 'update', stored: invoice },
        ),
      ),
    ).toEqual([['parameter_empty', 'invoice_lines_attributes']]);
  });
});

describe('an invoice type is fixed once stored (parameter_cannot_change)', () => {
  it('a PATCH changing IssuedInvoice to ReceivedInvoice → parameter_cannot_change at type', () => {
    const invoice = storedInvoice();
    expect(
      pairs(
        invoiceIssues(
          { type: 'ReceivedInvoice' },
          { version: '2026-04-20', operation: 'update', stored: invoice },
        ),
      ),
    ).toEqual([['parameter_cannot_change', 'type']]);
  });

  it('re-sending the stored type is not a change', () => {
    const invoice = storedInvoice();
    expect(
      invoiceIssues({ type: invoice.type }, { version: '2026-04-20', operation: 'update', stored: invoice }),
    ).toEqual([]);
  });
});

describe('rule ids (issue #20 §4): the line rules name themselves', () => {
  it('edits by id are fiscalkit.invoice.*; a new line and the last line are taxmath.md §3.1', () => {
    const stored = [{ id: 1 }];
    expect(invoiceLineIssues([{ id: 99 }], stored)[0]).toMatchObject({
      rule: 'fiscalkit.invoice.line-id-unknown',
      code: 'parameter_invalid',
    });
    expect(invoiceLineIssues([{ _destroy: true }], stored)[0]).toMatchObject({
      rule: 'fiscalkit.invoice.line-destroy-id',
      code: 'parameter_blank',
    });
    expect(invoiceLineIssues([{ quantity: '1' }], stored)[0]).toMatchObject({
      rule: 'taxmath.3.1.required',
      code: 'parameter_blank',
      param: 'invoice_lines_attributes[0].price',
    });
    expect(invoiceLineIssues([{ id: 1, _destroy: true }], stored)[0]).toMatchObject({
      rule: 'taxmath.3.1.lines',
      code: 'parameter_empty',
      param: 'invoice_lines_attributes',
    });
  });

  it('the type fixed once stored is fiscalkit.invoice.type-fixed', () => {
    const issues = invoiceIssues(
      { type: 'ReceivedInvoice' },
      { version: '2026-04-20', operation: 'update', stored: storedInvoice() },
    );
    expect(issues[0]).toMatchObject({
      rule: 'fiscalkit.invoice.type-fixed',
      code: 'parameter_cannot_change',
      param: 'type',
    });
  });
});
