/**
 * `invoiceFromEn16931`: what it makes of each business term (taxes, allowances as percentages or
 * amounts, suplidos, references, payment, parties and identifiers), and what it refuses rather than
 * import with other amounts.
 */
import { describe, expect, it } from 'vitest';
import { en16931FromInvoice } from '../../../src/einvoice/semantic/en16931FromInvoice.js';
import type { En16931Invoice } from '../../../src/einvoice/semantic/en16931Invoice.js';
import type { InvoiceFromDocument } from '../../../src/einvoice/semantic/invoiceFromDocument.js';
import { exchangeRateOf, invoiceFromEn16931 } from '../../../src/einvoice/semantic/invoiceFromEn16931.js';
import { CASES } from './cases.js';
import { type Case, sourceOf } from './support.js';

async function documentOf(name: string): Promise<En16931Invoice> {
  const written = en16931FromInvoice(await sourceOf(CASES[name] as Case), 'peppol-bis3');
  if (!written.success) throw new Error(JSON.stringify(written.issues));
  return written.data;
}

function read(document: En16931Invoice): InvoiceFromDocument {
  const result = invoiceFromEn16931(document);
  if (!result.success) throw new Error(JSON.stringify(result.issues));
  return result.data;
}

function refusal(document: En16931Invoice) {
  const result = invoiceFromEn16931(document);
  return result.success ? [] : result.issues.map(({ rule, code, param }) => ({ rule, code, param }));
}

describe('what the reader makes of a document', () => {
  it('reads lines with one VAT tax named for the seller country, and allowances as the engine will compute them', async () => {
    const { invoice } = read(await documentOf('standard'));
    const [coffee, hours] = invoice.invoice_lines_attributes;
    expect(coffee).toMatchObject({
      quantity: '250',
      price: '8.40',
      base_quantity: '100',
      unit: 'KGM',
      description: 'Coffee beans',
      taxes_attributes: [{ name: 'IVA', category: 'S', percent: '21' }],
    });
    expect(hours?.allowance_charges_attributes).toEqual([
      {
        allowance_charge_indicator: 'allowance',
        percentage: '12.5',
        base_amount: '59.97',
        reason: 'Loyalty',
        reason_code: null,
      },
      { allowance_charge_indicator: 'charge', amount: '1.00', reason: null, reason_code: 'FC' },
    ]);
    expect(invoice.allowance_charges_attributes?.[2]).toEqual({
      allowance_charge_indicator: 'charge',
      amount: '6.00',
      reason: 'Shipping',
      reason_code: null,
      tax_attributes: { name: 'IVA', category: 'S', percent: '21' },
    });
    expect(invoice).toMatchObject({
      payment_method: 'transfer',
      notes: 'Thank you for your business',
      buyer_reference: 'PO-2026-7',
    });
  });

  it('reads a percentage whose base does not give the amount as the amount', async () => {
    const document = await documentOf('standard');
    const changed = {
      ...document,
      lines: document.lines.map((line, index) =>
        index === 1
          ? {
              ...line,
              allowances_charges: line.allowances_charges.map((entry) =>
                entry.percentage ? { ...entry, base_amount: '61.00' } : entry,
              ),
            }
          : line,
      ),
    };
    expect(
      read(changed).invoice.invoice_lines_attributes[1]?.allowance_charges_attributes?.[0],
    ).toMatchObject({ amount: '7.50' });
  });

  it('reads the exempt charges of a VATEX-EU-79-C breakdown as reimbursable expenses', async () => {
    const { invoice } = read(await documentOf('reimbursable'));
    expect(invoice.allowance_charges_attributes).toEqual([
      {
        allowance_charge_indicator: 'charge',
        amount: '45.60',
        is_reimbursable_expense: true,
        reason: 'Court fees',
        reason_code: null,
      },
    ]);
  });

  it('reads a credit note, its amend reference, and a settlement invoice prepayment reference', async () => {
    const credit = read(await documentOf('credit_note_negative')).invoice;
    expect(credit).toMatchObject({ is_credit_note: true, type_code: null });
    expect(credit.invoice_references).toEqual([
      { reference_type: 'amend', number: 'F-1', date: '2026-04-01' },
    ]);
    const settlement = read(await documentOf('prepaid_and_rounding')).invoice;
    expect(settlement.invoice_references).toEqual([
      { reference_type: 'prepayment', number: 'A-1', date: '2026-03-01' },
    ]);
    expect(settlement).toMatchObject({ prepaid_amount: '20.00', payable_rounding_amount: '0.01' });
  });

  it('reads the seller as account fields and its electronic address, the buyer as contact fields', async () => {
    const result = read(await documentOf('standard'));
    expect(result.seller).toMatchObject({
      name: 'Acme Servicios SL',
      tin_scheme: '9920',
      tin_value: 'B12345674',
      country: 'ES',
      city: 'Madrid',
      currency: 'EUR',
      email: 'facturas@acme.example',
    });
    expect(result.seller_endpoint).toEqual({ scheme: '9920', id: 'ESB12345674' });
    expect(result.buyer).toMatchObject({
      tin_scheme: '9925',
      tin_value: '0123456749',
      cin_scheme: '0208',
      cin_value: '0123456749',
    });
  });

  it("reads a not-subject invoice's VAT numbers back from BT-32 and the buyer's electronic address", async () => {
    const result = read(await documentOf('not_subject'));
    expect(result.seller).toMatchObject({ tin_scheme: '9920', tin_value: 'B12345674', routing_codes: null });
    expect(result.buyer).toMatchObject({ tin_scheme: '9957', tin_value: '40303265045' });
  });

  it("reads fiscalkit's own Belgian structured reference as the seller's auto_remittance", async () => {
    const document = await documentOf('belgian_ogm');
    expect(read(document).seller.auto_remittance).toBe(true);
    const other = {
      ...document,
      payment: document.payment && { ...document.payment, remittance_information: '+++090/9337/55493+++' },
    };
    expect(read(other).seller.auto_remittance).toBeUndefined();
  });

  it('reads a foreign currency with its VAT accounting currency, and works the rate out when the document has none', async () => {
    const document = await documentOf('foreign_currency');
    expect(read(document)).toMatchObject({
      invoice: { currency: 'USD', exchange_rate: '0.9134' },
      seller: { currency: 'EUR' },
    });
    // 174.54 / 191.09 = 0.913391596…, to 8 decimals; × 191.09 = 174.539999… → 174.54 again.
    expect(exchangeRateOf({ ...document, exchange_rate: undefined })).toBe('0.9133916');
    expect(read({ ...document, exchange_rate: undefined }).invoice.exchange_rate).toBe('0.9133916');
  });

  it('reads VAT summed per line with the account setting that computes it so', async () => {
    const document = await documentOf('standard');
    // Per line, the 10 % row is 75.00 → 7.50 and the allowance −3.75 → −0.375 → −0.38: 7.12, not 7.13.
    const perLine = en16931FromInvoice(
      await sourceOf({
        ...(CASES.standard as Case),
        account: { ...(CASES.standard as Case).account, apply_taxes_per_line: true },
      }),
      'peppol-bis3',
    );
    if (!perLine.success) throw new Error(JSON.stringify(perLine.issues));
    expect(perLine.data.totals.vat).not.toBe(document.totals.vat);
    expect(read(perLine.data).seller.apply_taxes_per_line).toBe(true);
    expect(read(document).seller.apply_taxes_per_line).toBeUndefined();
  });
});

describe('what the reader refuses', () => {
  it('refuses a line whose net is not quantity × price, naming the term', async () => {
    const document = await documentOf('credit_note_positive');
    const wrong = { ...document, lines: document.lines.map((line) => ({ ...line, quantity: '1' })) };
    const result = invoiceFromEn16931(wrong);
    expect(result.success).toBe(false);
    expect(result.success || result.issues[0]).toMatchObject({
      rule: 'en16931.read.amounts',
      param: 'document',
    });
    expect(result.success || result.issues[0]?.message).toContain('BT-131 (line 1) 100.00 / 50.00');
  });

  it('refuses a VAT amount fiscalkit would not compute', async () => {
    const document = await documentOf('credit_note_positive');
    const row = document.vat_breakdown[0];
    if (row === undefined) throw new Error('no row');
    const wrong = {
      ...document,
      vat_breakdown: [{ ...row, tax_amount: '22.00' }],
      totals: { ...document.totals, vat: '22.00', tax_inclusive: '122.00', payable: '122.00' },
    };
    expect(refusal(wrong)).toEqual([
      { rule: 'en16931.read.amounts', code: 'parameter_invalid', param: 'document' },
    ]);
  });

  it('refuses a three-decimal currency, a negative credit note and a tax currency without rate or BT-111', async () => {
    const document = await documentOf('credit_note_positive');
    expect(refusal({ ...document, currency: 'KWD' })).toEqual([
      { rule: 'en16931.read.currency-decimals', code: 'parameter_invalid', param: 'currency' },
    ]);
    expect(refusal({ ...document, totals: { ...document.totals, tax_inclusive: '-121.00' } })).toEqual([
      { rule: 'en16931.read.credit-note-sign', code: 'parameter_invalid', param: 'totals.tax_inclusive' },
    ]);
    expect(refusal({ ...document, tax_currency: 'SEK' })).toEqual([
      { rule: 'en16931.read.exchange-rate', code: 'parameter_blank', param: 'exchange_rate' },
    ]);
  });

  it('refuses suplidos (VATEX-EU-79-C) beside exempt lines', async () => {
    const document = await documentOf('reimbursable');
    const line = document.lines[0];
    if (line === undefined) throw new Error('no line');
    const mixed = {
      ...document,
      lines: [...document.lines, { ...line, id: '2', vat: { category: 'E' as const, rate: '0' } }],
    };
    expect(refusal(mixed)).toEqual([
      { rule: 'en16931.read.reimbursable-exempt', code: 'parameter_invalid', param: 'vat_breakdown' },
    ]);
  });
});
