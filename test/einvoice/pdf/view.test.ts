/**
 * The readable invoice's presentation model (issue #22 `pdf.invoice`): numbers written per language
 * from decimal strings, and the view of real invoices made through the service — every amount the
 * totals engine's, every word the invoice's language's.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDecimal,
  formatIban,
  formatPercent,
  formatPrice,
  formatQuantity,
  numberStyle,
} from '../../../src/einvoice/pdf/format.js';
import { INVOICE_LANGUAGES, invoiceLabels } from '../../../src/einvoice/pdf/labels.js';
import { type InvoiceView, invoiceView } from '../../../src/einvoice/pdf/view.js';
import { negated } from '../../../src/einvoice/semantic/amounts.js';
import { documentTotals, type EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import {
  belgianInvoice,
  foreignCurrencyInvoice,
  longInvoice,
  polishInvoice,
  spanishInvoice,
} from './sampleInvoices.js';

const NBSP = '\u00A0';

function viewOf(source: EInvoiceSource): InvoiceView {
  const view = invoiceView(source);
  if (!view.success) throw new Error(JSON.stringify(view.issues));
  return view.data;
}

const row = (rows: readonly { label: string; value: string }[], label: string) =>
  rows.find((entry) => entry.label === label)?.value;

describe('numbers, dates and IBANs for a person', () => {
  it('groups thousands and uses the language’s decimal separator', () => {
    expect(formatAmount('1234567.50', numberStyle('es'))).toBe('1.234.567,50');
    expect(formatAmount('1234567.50', numberStyle('de'))).toBe('1.234.567,50');
    expect(formatAmount('1234567.50', numberStyle('en'))).toBe('1,234,567.50');
    expect(formatAmount('1234567.50', numberStyle('fr'))).toBe(`1${NBSP}234${NBSP}567,50`);
    expect(formatAmount('1234567.50', numberStyle('pl'))).toBe(`1${NBSP}234${NBSP}567,50`);
    expect(formatAmount('-70.76', numberStyle('it'))).toBe('-70,76');
    expect(formatAmount('999.99', numberStyle('nl'))).toBe('999,99');
    expect(formatAmount('1000', numberStyle('ja'), 0)).toBe('1,000');
  });

  it('pads to the currency’s decimals and never prints -0', () => {
    expect(formatAmount('45.5', numberStyle('es'), 2)).toBe('45,50');
    expect(formatAmount('-0.00', numberStyle('en'), 2)).toBe('0.00');
    expect(formatAmount('0012.3', numberStyle('en'), 3)).toBe('12.300');
    expect(formatDecimal('not a number', numberStyle('es'))).toBe('not a number');
  });

  it('writes quantities, prices and percentages without needless zeros', () => {
    expect(formatQuantity('1.500000', numberStyle('de'))).toBe('1,5');
    expect(formatQuantity('10', numberStyle('de'))).toBe('10');
    expect(formatPrice('0.12345678', numberStyle('en'), 2)).toBe('0.12345678');
    expect(formatPrice('45.50000000', numberStyle('es'), 2)).toBe('45,50');
    expect(formatPercent('21.00', numberStyle('es'))).toBe(`21${NBSP}%`);
    expect(formatPercent('5.2', numberStyle('en'))).toBe('5.2%');
  });

  it('negates decimal strings as text', () => {
    expect(negated('70.76')).toBe('-70.76');
    expect(negated('-5.00')).toBe('5.00');
    expect(negated('0.00')).toBe('0.00');
    expect(negated('+3')).toBe('-3');
  });

  it('writes dates in the language’s order and IBANs in groups of four', () => {
    expect(formatDate('2026-04-20', numberStyle('es'))).toBe('20/04/2026');
    expect(formatDate('2026-04-20', numberStyle('pl'))).toBe('20.04.2026');
    expect(formatDate('2026-04-05', numberStyle('nl'))).toBe('05-04-2026');
    expect(formatDate('2026-04-05', numberStyle('en'))).toBe('5 Apr 2026');
    expect(formatIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban('BE68 5390 0754 7034')).toBe('BE68 5390 0754 7034');
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom(0, 2, 3)], { numRuns: 200 })(
    'a formatted amount reads back as the same decimal in every language',
    (units, decimals) => {
      const negative = units < 0n;
      const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
      const value = `${negative ? '-' : ''}${decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`}`;
      for (const language of Object.keys(INVOICE_LANGUAGES)) {
        const style = numberStyle(language);
        const printed = formatAmount(value, style, decimals);
        const back = printed.split(style.group).join('').replace(style.decimal, '.');
        expect(back).toBe(units === 0n ? value.replace(/^-/, '') : value);
      }
    },
  );
});

describe('the words', () => {
  it('has every label in every language, and English for any other', () => {
    const english = Object.keys(invoiceLabels('en').labels.labels).sort();
    for (const [language, words] of Object.entries(INVOICE_LANGUAGES)) {
      expect(Object.keys(words.labels).sort(), language).toEqual(english);
      for (const [key, text] of Object.entries(words.labels))
        expect(text.trim(), `${language}.${key}`).not.toBe('');
    }
    expect(invoiceLabels('JA').language).toBe('en');
    expect(invoiceLabels(' PL ').language).toBe('pl');
  });
});

describe('the view of a Spanish invoice with IRPF and a surcharge', async () => {
  const source = await spanishInvoice();
  const view = viewOf(source);

  it('speaks Spanish and names the seller, the buyer and the number with its series', () => {
    expect(view.title).toBe('Factura');
    expect(view.number).toBe('A2026/0042');
    expect(view.document.language).toBe('es');
    expect(view.seller.name).toBe('Estudio Peñalver Ibáñez SL');
    expect(view.seller.details).toContainEqual({ label: 'NIF', value: 'B12345674' });
    expect(view.buyer?.name).toBe('Distribuciones Norte SA');
    expect(view.buyer?.address).toEqual(['Avenida de la Constitución 12', '41001 Sevilla']);
    expect(row(view.details, 'Serie')).toBe('A');
    expect(row(view.details, 'Fecha de expedición')).toBe('20/04/2026');
    expect(row(view.details, 'Fecha de operación')).toBe('15/04/2026');
    expect(row(view.details, 'Pedido')).toBe('PO-88');
  });

  it('prints every tax group: VAT, the withholding with its minus, the surcharge', () => {
    expect(view.taxes).toEqual([
      { name: 'IVA', rate: `21${NBSP}%`, base: '935,00', amount: '196,35', note: '' },
      { name: 'IRPF', rate: `15${NBSP}%`, base: '455,00', amount: '-68,25', note: '' },
      { name: 'RE', rate: `5,2${NBSP}%`, base: '450,00', amount: '23,40', note: '' },
    ]);
  });

  it('takes every total from the totals engine, in the order they add up', () => {
    const totals = documentTotals(source);
    if (!totals.success) throw new Error('totals');
    expect(totals.data.totals.payable_amount).toBe('1086.50');
    expect(view.totals).toEqual([
      { label: 'Suma de líneas', value: '905,00' },
      { label: 'Cargos', value: '30,00' },
      { label: 'Base imponible total', value: '935,00' },
      { label: 'Total impuestos', value: '219,75' },
      { label: 'Total con impuestos', value: '1.154,75' },
      { label: `Retención IRPF 15${NBSP}%`, value: '-68,25' },
      { label: 'Total factura', value: '1.086,50' },
      { label: 'Total a pagar', value: '1.086,50 EUR', strong: true },
    ]);
    expect(view.local).toBeNull();
  });

  it('shows each line’s taxes, its discount and its net', () => {
    expect(
      view.lines.map((line) => [line.quantity, line.unit, line.unit_price, line.taxes, line.net]),
    ).toEqual([
      ['10', 'h', '45,50', `IVA 21${NBSP}%\nIRPF -15${NBSP}%`, '455,00'],
      ['4', 'ud', '125,00', `IVA 21${NBSP}%\nRE 5,2${NBSP}%`, '450,00'],
    ]);
    expect(view.lines[1]?.notes).toEqual([`Descuento por volumen 10${NBSP}%: -50,00`]);
    expect(view.allowance_charges).toEqual([{ label: 'Portes', taxes: `IVA 21${NBSP}%`, amount: '30,00' }]);
  });

  it('tells how to pay: means, IBAN in groups of four, BIC, due date, amount', () => {
    expect(view.payment_account).toEqual([
      { label: 'Forma de pago', value: 'Transferencia' },
      { label: 'IBAN', value: 'ES91 2100 0418 4502 0005 1332' },
      { label: 'BIC', value: 'CAIXESBBXXX' },
    ]);
    expect(view.payment_terms).toEqual([
      { label: 'Fecha de vencimiento', value: '20/05/2026' },
      { label: 'Total a pagar', value: '1.086,50 EUR' },
    ]);
    expect(view.notes).toEqual(['Gracias por su confianza. Pago a 30 días de la fecha de factura.']);
  });
});

describe('the other samples', () => {
  it('a Belgian invoice carries its OGM as the structured communication, and the zero-rate mention', async () => {
    const view = viewOf(await belgianInvoice());
    expect(view.title).toBe('Factuur');
    expect(row(view.payment_terms, 'Gestructureerde mededeling')).toMatch(
      /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/,
    );
    expect(row(view.payment_account, 'IBAN')).toBe('BE68 5390 0754 7034');
    expect(view.taxes[1]).toMatchObject({
      rate: `0${NBSP}%`,
      base: '180,00',
      amount: '0,00',
      note: 'Nultarief',
    });
  });

  it('a dollar invoice shows the exchange rate and the taxes in euros', async () => {
    const source = await foreignCurrencyInvoice();
    const view = viewOf(source);
    const totals = documentTotals(source);
    if (!totals.success || totals.data.local === undefined) throw new Error('no local totals');
    expect(view.currency).toBe('USD');
    expect(view.local?.exchange_rate).toEqual({ label: 'Exchange rate', value: '1 USD = 0.9137 EUR' });
    expect(view.local?.taxes).toEqual([
      {
        name: 'VAT',
        rate: '0%',
        base: formatAmount(totals.data.local.groups[0]?.base ?? '', numberStyle('en'), 2),
        amount: '0.00',
        note: 'Export outside the EU, exempt from VAT',
      },
    ]);
    expect(view.local?.totals.at(-1)).toEqual({ label: 'Total in EUR', value: '13,294.34 EUR' });
    expect(view.totals.at(-1)).toEqual({ label: 'Amount due', value: '14,550.00 USD', strong: true });
    // A cross-border invoice names both countries, in the invoice's language.
    expect(view.seller.address.at(-1)).toBe('Spain');
    expect(view.buyer?.address.at(-1)).toBe('United States');
  });

  it('a Polish invoice keeps its letters and writes 1 234,56', async () => {
    const view = viewOf(await polishInvoice());
    expect(view.seller.name).toBe('Zakład Stolarski Łukasz Żółkiewski Sp. z o.o.');
    expect(row(view.details, 'Data sprzedaży')).toBe('18.04.2026');
    expect(view.totals.at(-1)?.value).toBe(`9${NBSP}113,63 PLN`);
  });

  it('a 300-line invoice has 300 lines, numbered', async () => {
    const view = viewOf(await longInvoice());
    expect(view.lines).toHaveLength(300);
    expect(view.lines.at(-1)?.position).toBe('300');
    expect(view.title).toBe('Rechnung');
  });

  it('titles a credit note, a corrective and a self-billed invoice', async () => {
    const source = await spanishInvoice();
    const titled = (invoice: Partial<EInvoiceSource['invoice']>) =>
      viewOf({ ...source, invoice: { ...source.invoice, ...invoice } }).title;
    expect(titled({ is_credit_note: true })).toBe('Factura rectificativa');
    expect(titled({ type_code: '386' })).toBe('Factura de anticipo');
    expect(titled({ type: 'IssuedSelfInvoice' })).toBe('Factura emitida por el destinatario');
    expect(titled({ language: 'de', is_credit_note: true })).toBe('Rechnungskorrektur');
    expect(titled({ language: 'fr', is_credit_note: true })).toBe('Avoir');
  });

  it('refuses what the totals engine refuses', async () => {
    const source = await spanishInvoice();
    const [first, ...rest] = source.invoice.lines;
    if (first === undefined) throw new Error('no line');
    const broken = {
      ...source,
      invoice: { ...source.invoice, lines: [{ ...first, price: 'ten' }, ...rest] },
    };
    const totals = documentTotals(broken);
    expect(totals.success).toBe(false);
    expect(invoiceView(broken)).toEqual(totals);
  });
});
