/**
 * What `writeFacturae` refuses (issue #22: "Refuse what Facturae cannot carry with clear issues"): each
 * case names its `facturae.write.*` rule and the field the client can change, and gives no document.
 */
import { describe, expect, it } from 'vitest';
import { writeFacturae } from '../../../src/einvoice/facturae/write/writeFacturae.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import type { Contact } from '../../../src/model/contact.js';
import { FacturaeWorld, line, SPANISH_BUYER, SPANISH_SELLER } from './facturaeWorld.js';

type Body = Record<string, unknown>;

/** The stored source of an invoice to {@link SPANISH_BUYER}. */
async function sourceOf(
  invoice: Body,
  seller: Body = SPANISH_SELLER,
  buyer: Body = SPANISH_BUYER,
): Promise<EInvoiceSource> {
  const world = await FacturaeWorld.create(seller);
  return world.source(await world.contact(buyer), invoice);
}

/** The stored contact of a source. */
function contactOf(source: EInvoiceSource): Contact {
  if (source.contact === null) throw new Error('the source has no contact');
  return source.contact;
}

/** `[rule, param]` of every issue of a refused write. */
function refusal(source: EInvoiceSource): [string, string][] {
  const xml = writeFacturae(source);
  expect(xml.success).toBe(false);
  return xml.success ? [] : xml.issues.map((issue) => [issue.rule, issue.param]);
}

const ONE_LINE: Body = { invoice_lines_attributes: [line('1', '100')] };

describe('writeFacturae refuses what Facturae cannot carry', () => {
  it('an invoice without a buyer, or a party without a tax id or with an invalid NIF', async () => {
    const source = await sourceOf(ONE_LINE);
    expect(refusal({ ...source, contact: null })).toEqual([['facturae.write.buyer', 'contact_id']]);
    expect(refusal({ ...source, contact: { ...contactOf(source), tin_value: null } })).toEqual([
      ['facturae.write.tax-id', 'contact.tin_value'],
    ]);
    expect(refusal({ ...source, account: { ...source.account, tin_value: 'B76543215' } })).toEqual([
      ['facturae.write.tax-id', 'account.tin_value'],
    ]);
  });

  it('a received invoice (the account is its buyer)', async () => {
    const source = await sourceOf(ONE_LINE);
    expect(refusal({ ...source, invoice: { ...source.invoice, type: 'ReceivedInvoice' } })).toEqual([
      ['facturae.write.invoice-type', 'type'],
    ]);
  });

  it('a text longer than its element, never cut', async () => {
    const source = await sourceOf(ONE_LINE);
    const long = { ...source, contact: { ...contactOf(source), name: 'N'.repeat(81) } };
    const xml = writeFacturae(long);
    expect(xml.success).toBe(false);
    if (xml.success) return;
    expect(xml.issues).toEqual([
      expect.objectContaining({
        rule: 'facturae.write.text-length',
        param: 'contact.name',
        message: expect.stringContaining(
          'has 81 characters; Facturae 3.2.2 writes it as CorporateName, which takes at most 80',
        ),
      }),
    ]);
    expect(refusal(await sourceOf({ ...ONE_LINE, number: 'F-'.padEnd(21, '0') }))).toEqual([
      ['facturae.write.text-length', 'number'],
    ]);
  });

  it('a Spanish address without post code or town (the province, when not given, comes from the post code)', async () => {
    const source = await sourceOf(ONE_LINE);
    expect(refusal({ ...source, contact: { ...contactOf(source), postalcode: null, city: null } })).toEqual([
      ['facturae.write.required', 'contact.postalcode'],
      ['facturae.write.required', 'contact.city'],
      ['facturae.write.required', 'contact.province'],
    ]);
    expect(refusal({ ...source, contact: { ...contactOf(source), postalcode: '0800' } })).toEqual([
      ['facturae.write.post-code', 'contact.postalcode'],
      ['facturae.write.required', 'contact.province'],
    ]);
  });

  it('one equivalence surcharge group over two VAT rates (Facturae nests a surcharge in one rate)', async () => {
    const source = await sourceOf({
      invoice_lines_attributes: [
        line('1', '100', [
          { name: 'IVA', percent: '21' },
          { name: 'RE', percent: '5.2', kind: 'surcharge' },
        ]),
        line('1', '50', [
          { name: 'IVA', percent: '10' },
          { name: 'RE', percent: '5.2', kind: 'surcharge' },
        ]),
      ],
    });
    expect(refusal(source)).toEqual([
      ['facturae.write.surcharge-split', 'lines[0].taxes_attributes[0].kind'],
      ['facturae.write.surcharge-split', 'lines[1].taxes_attributes[0].kind'],
    ]);
  });

  it('an exempt category with a rate, and a category Facturae has no place for', async () => {
    const source = await sourceOf(ONE_LINE);
    const lines = source.invoice.lines;
    const exempt = lines.map((entry) => ({
      ...entry,
      taxes_attributes: [{ name: 'IVA', percent: '21', category: 'E' }],
    }));
    expect(refusal({ ...source, invoice: { ...source.invoice, lines: exempt } })).toEqual([
      ['facturae.write.untaxed-percent', 'lines[0].taxes_attributes[0].percent'],
    ]);
    const unknown = lines.map((entry) => ({
      ...entry,
      taxes_attributes: [{ name: 'IVA', percent: '21', category: 'B' }],
    }));
    expect(refusal({ ...source, invoice: { ...source.invoice, lines: unknown } })).toEqual([
      ['facturae.write.category', 'lines[0].taxes_attributes[0].category'],
    ]);
  });

  it('a foreign currency without a rate to EUR, a currency the XSD does not list, one without two decimals', async () => {
    expect(refusal(await sourceOf({ ...ONE_LINE, currency: 'USD' }))).toEqual([
      ['facturae.write.exchange-rate', 'exchange_rate'],
    ]);
    expect(refusal(await sourceOf({ ...ONE_LINE, currency: 'GHS', exchange_rate: '0.08' }))).toEqual([
      ['facturae.write.currency', 'currency'],
    ]);
    // Yen amounts are rounded to whole yen; Facturae judges line totals at the cent.
    expect(refusal(await sourceOf({ ...ONE_LINE, currency: 'JPY', exchange_rate: '0.0061' }))).toEqual([
      ['facturae.write.currency', 'currency'],
    ]);
  });

  it('a payable rounding amount, an unknown payment method, a BIC of the wrong length', async () => {
    expect(refusal(await sourceOf({ ...ONE_LINE, payable_rounding_amount: '0.01' }))).toEqual([
      ['facturae.write.payable-rounding', 'payable_rounding_amount'],
    ]);
    expect(refusal(await sourceOf({ ...ONE_LINE, payment_method: 'paypal' }))).toEqual([
      ['facturae.write.payment-means', 'payment_method'],
    ]);
    const source = await sourceOf({ ...ONE_LINE, bank_account: { iban: 'ES9121000418450200051332' } });
    expect(
      refusal({
        ...source,
        invoice: { ...source.invoice, bank_account: { iban: 'ES9121000418450200051332', bic: 'CAIXESB' } },
      }),
    ).toEqual([['facturae.write.bic', 'bank_account.bic']]);
  });

  it('a credit note without an amend reference to the invoice it corrects', async () => {
    expect(refusal(await sourceOf({ ...ONE_LINE, is_credit_note: true }))).toEqual([
      ['facturae.write.corrective-reference', 'invoice_references'],
    ]);
  });

  it('a buyer in a country the XSD has no code for', async () => {
    const source = await sourceOf(ONE_LINE);
    expect(
      refusal({ ...source, contact: { ...contactOf(source), country: 'SS', tin_value: 'SS123456' } }),
    ).toEqual([['facturae.write.country', 'contact.country']]);
  });

  it('an account that computes unrounded line amounts, and a truncating account whose line gross Facturae refuses', async () => {
    expect(
      refusal(
        await sourceOf(ONE_LINE, {
          ...SPANISH_SELLER,
          apply_taxes_per_line: true,
          skip_line_taxable_base_rounding: true,
        }),
      ),
    ).toEqual([['facturae.write.unrounded-lines', 'account.skip_line_taxable_base_rounding']]);
    // 3 × 1.3366 = 4.0098: truncated 4.00, a cent from Facturae's rounding.
    expect(
      refusal(
        await sourceOf(
          { invoice_lines_attributes: [line('3', '1.3366')] },
          { ...SPANISH_SELLER, rounding_method: 'truncate' },
        ),
      ),
    ).toEqual([['facturae.write.total-cost', 'lines[0].quantity']]);
  });
});
