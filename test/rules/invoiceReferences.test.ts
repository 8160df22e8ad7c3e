/**
 * Spec §2.6 and §8 ("Amend references per invoice · 1"): deleting by `id` + `_destroy`, unknown ids,
 * `reference_type` required on new references, and at most one amend once the request is applied.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues, type ValidationIssue } from '../../src/errors/validationIssue.js';
import { parseInvoice } from '../../src/model/invoice.js';
import type { InvoiceReference, InvoiceReferenceWrite } from '../../src/model/invoiceReference.js';
import { invoiceIssues, validateInvoice } from '../../src/rules/invoice.js';
import { invoiceReferenceIssues, MAX_AMEND_REFERENCES } from '../../src/rules/invoiceReferences.js';
import { storedInvoice, validInvoiceBody } from '../support/fixtures.js';

function pairs(issues: readonly ValidationIssue[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

const AMEND: InvoiceReferenceWrite = {
  reference_type: 'amend',
  number: 'F-2026/0001',
  date: '2026-04-20',
  reason: 'Wrong unit price',
  correction_method: '01',
};
const PREPAYMENT = (n: number): InvoiceReferenceWrite => ({
  reference_type: 'prepayment',
  number: `ZAL-2026/000${String(n)}`,
  date: `2026-03-0${String(n)}`,
  total_amount: '1230.00',
  currency: 'PLN',
});

/** Stored references of invoice 100: amend 11, prepayments 12 and 13. */
const STORED: InvoiceReference[] = [
  { id: 11, reference_type: 'amend', number: 'F-2026/0001', date: '2026-04-20' },
  { id: 12, reference_type: 'prepayment', number: 'ZAL-2026/0001', date: '2026-03-01' },
  { id: 13, reference_type: 'prepayment', number: 'ZAL-2026/0002', date: '2026-03-02' },
];

describe('§2.6: deleting a reference needs its id', () => {
  it('§2.6: _destroy without id → 422 parameter_blank at invoice_references[i].id', () => {
    const issues = invoiceReferenceIssues([PREPAYMENT(1), { _destroy: true }], STORED);
    expect(pairs(issues)).toEqual([['parameter_blank', 'invoice_references[1].id']]);
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it('§2.6: _destroy with a stored id removes it, no issue', () => {
    expect(invoiceReferenceIssues([{ id: 12, _destroy: true }], STORED)).toEqual([]);
  });

  it('§2.6: _destroy with an id the invoice does not have → parameter_invalid at invoice_references[i].id', () => {
    expect(pairs(invoiceReferenceIssues([{ id: 99, _destroy: true }], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references[0].id'],
    ]);
  });

  it('§2.6: deleting the same reference twice → the second is parameter_invalid', () => {
    expect(
      pairs(
        invoiceReferenceIssues(
          [
            { id: 12, _destroy: true },
            { id: 12, _destroy: true },
          ],
          STORED,
        ),
      ),
    ).toEqual([['parameter_invalid', 'invoice_references[1].id']]);
  });

  it('§2.6: _destroy false is not a deletion (a new reference still needs reference_type)', () => {
    expect(pairs(invoiceReferenceIssues([{ _destroy: false }], STORED))).toEqual([
      ['parameter_blank', 'invoice_references[0].reference_type'],
    ]);
  });
});

describe('§2.6: ids name stored references', () => {
  it('§2.6: editing a stored reference by id is fine', () => {
    expect(invoiceReferenceIssues([{ id: 12, reason: 'Updated' }], STORED)).toEqual([]);
  });

  it('§2.6: an unknown id → parameter_invalid at invoice_references[i].id', () => {
    expect(pairs(invoiceReferenceIssues([PREPAYMENT(3), { id: 42, number: 'X' }], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references[1].id'],
    ]);
  });

  it('§2.6: on create every id is unknown', () => {
    expect(pairs(invoiceReferenceIssues([{ id: 11, ...AMEND }]))).toEqual([
      ['parameter_invalid', 'invoice_references[0].id'],
    ]);
  });
});

describe('§2.6: reference_type is required on a new reference', () => {
  it('§2.6: a new reference without reference_type → parameter_blank at invoice_references[i].reference_type', () => {
    expect(pairs(invoiceReferenceIssues([PREPAYMENT(1), { number: 'ZAL-9', date: '2026-03-09' }]))).toEqual([
      ['parameter_blank', 'invoice_references[1].reference_type'],
    ]);
  });

  it('§2.6: reference_type null counts as missing', () => {
    expect(pairs(invoiceReferenceIssues([{ reference_type: null, number: 'X' }]))).toEqual([
      ['parameter_blank', 'invoice_references[0].reference_type'],
    ]);
  });

  it('§2.6: an edit by id may leave reference_type out (it keeps the stored one)', () => {
    expect(invoiceReferenceIssues([{ id: 11, reason: 'Typo' }], STORED)).toEqual([]);
  });
});

describe('§2.6 / §8: at most one amend reference per invoice', () => {
  it('§8: the limit is 1', () => {
    expect(MAX_AMEND_REFERENCES).toBe(1);
  });

  it('§2.6: two new amends → 422 parameter_invalid at invoice_references', () => {
    const issues = invoiceReferenceIssues([AMEND, { ...AMEND, number: 'F-2026/0002' }]);
    expect(pairs(issues)).toEqual([['parameter_invalid', 'invoice_references']]);
    expect(apiErrorFromIssues(issues).status).toBe(422);
  });

  it('§2.6: one amend and several prepayments are fine', () => {
    expect(invoiceReferenceIssues([AMEND, PREPAYMENT(1), PREPAYMENT(2), PREPAYMENT(3)])).toEqual([]);
  });

  it('§2.6: several prepayments alone are fine', () => {
    expect(invoiceReferenceIssues([PREPAYMENT(1), PREPAYMENT(2), PREPAYMENT(3), PREPAYMENT(4)])).toEqual([]);
  });

  it('§2.6: a new amend on an invoice with a stored amend → parameter_invalid at invoice_references', () => {
    expect(pairs(invoiceReferenceIssues([AMEND], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references'],
    ]);
  });

  it('§2.6: an amend replacing a destroyed stored amend in the same PATCH is fine', () => {
    expect(invoiceReferenceIssues([{ id: 11, _destroy: true }, AMEND], STORED)).toEqual([]);
  });

  it('§2.6: the replacement may come before the deletion in the array', () => {
    expect(invoiceReferenceIssues([AMEND, { id: 11, _destroy: true }], STORED)).toEqual([]);
  });

  it('§2.6: editing the stored amend to prepayment, then adding an amend, is fine', () => {
    expect(invoiceReferenceIssues([{ id: 11, reference_type: 'prepayment' }, AMEND], STORED)).toEqual([]);
  });

  it('§2.6: editing a stored prepayment to amend while the stored amend stays → parameter_invalid', () => {
    expect(pairs(invoiceReferenceIssues([{ id: 12, reference_type: 'amend' }], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references'],
    ]);
  });

  it('§2.6: editing the stored amend without changing its type, plus a new amend → parameter_invalid', () => {
    expect(pairs(invoiceReferenceIssues([{ id: 11, reason: 'x' }, AMEND], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references'],
    ]);
  });

  it('§2.6: a failed deletion (unknown id) does not free the amend slot', () => {
    expect(pairs(invoiceReferenceIssues([{ id: 99, _destroy: true }, AMEND], STORED))).toEqual([
      ['parameter_invalid', 'invoice_references[0].id'],
      ['parameter_invalid', 'invoice_references'],
    ]);
  });

  it('no references sent (absent or null) → nothing to check, whatever is stored', () => {
    expect(invoiceReferenceIssues(undefined, STORED)).toEqual([]);
    expect(invoiceReferenceIssues(null, STORED)).toEqual([]);
    expect(invoiceReferenceIssues([], STORED)).toEqual([]);
  });
});

describe('§2.6 through invoiceIssues / validateInvoice', () => {
  const context = {
    version: '2026-04-20' as const,
    operation: 'create' as const,
    account_id: 1,
    findInvoiceByNumber: () => null,
  };

  it('§2.6: a corrective invoice with one amend reference is valid on create', async () => {
    const result = await validateInvoice(
      { ...validInvoiceBody(), number: 'FC-2026/0001', type_code: 'KOR', invoice_references: [AMEND] },
      context,
    );
    expect(result.success).toBe(true);
  });

  it('§2.6: two amends on create → parameter_invalid at invoice_references', async () => {
    const result = await validateInvoice(
      { ...validInvoiceBody(), invoice_references: [AMEND, AMEND] },
      context,
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_invalid', 'invoice_references']]);
  });

  it('§2.6: on PATCH the stored references of the invoice are used', () => {
    const stored = storedInvoice({ invoice_references: STORED });
    const update = parseInvoice({ invoice_references: [AMEND] }, 'update');
    if (!update.success) throw new Error('must parse');
    expect(pairs(invoiceIssues(update.data, { version: '2026-04-20', operation: 'update', stored }))).toEqual(
      [['parameter_invalid', 'invoice_references']],
    );
    const replace = parseInvoice({ invoice_references: [{ id: 11, _destroy: true }, AMEND] }, 'update');
    if (!replace.success) throw new Error('must parse');
    expect(invoiceIssues(replace.data, { version: '2026-04-20', operation: 'update', stored })).toEqual([]);
  });

  it('§2.6: _destroy without id through validateInvoice on PATCH', async () => {
    const result = await validateInvoice(
      { invoice_references: [{ _destroy: true }] },
      { ...context, operation: 'update', stored: storedInvoice({ invoice_references: STORED }) },
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([
      ['parameter_blank', 'invoice_references[0].id'],
    ]);
  });
});

describe('rule ids (issue #20 §4): the reference rules name themselves', () => {
  it('§2.6 and §8 rules are spec.*; an unknown id is fiscalkit.invoice.reference-id-unknown', () => {
    expect(invoiceReferenceIssues([{ _destroy: true }])[0]).toMatchObject({
      rule: 'spec.2.6.destroy-id',
      code: 'parameter_blank',
      param: 'invoice_references[0].id',
    });
    expect(invoiceReferenceIssues([{ id: 5, _destroy: true }])[0]).toMatchObject({
      rule: 'fiscalkit.invoice.reference-id-unknown',
      code: 'parameter_invalid',
    });
    expect(invoiceReferenceIssues([{ id: 5, reason: 'x' }])[0]).toMatchObject({
      rule: 'fiscalkit.invoice.reference-id-unknown',
    });
    expect(invoiceReferenceIssues([{ number: 'F-1' }])[0]).toMatchObject({
      rule: 'spec.2.6.reference-type',
      code: 'parameter_blank',
      param: 'invoice_references[0].reference_type',
    });
    expect(
      invoiceReferenceIssues([
        { reference_type: 'amend', number: 'F-1' },
        { reference_type: 'amend', number: 'F-2' },
      ])[0],
    ).toMatchObject({
      rule: 'spec.8.amend-references',
      code: 'parameter_invalid',
      param: 'invoice_references',
    });
  });
});
