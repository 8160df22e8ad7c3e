/**
 * The invoices the readable-PDF tests print (issue #22 `pdf.invoice`): made through the service on
 * memory ports, as a host makes them, so each carries what the service stores (totals, contact
 * summary, OGM). Each sample is one situation a reader has to understand at a glance.
 */
import { memoryPorts } from '../../../src/adapters/memory/index.js';
import type { EInvoiceSource } from '../../../src/einvoice/semantic/source.js';
import type { Caller } from '../../../src/service/caller.js';
import { createFiscalkit } from '../../../src/service/fiscalkit.js';

const CALLER: Caller = { group_id: 1, api_version: '2026-06-26' };

type Body = Record<string, unknown>;

async function sourceOf(account: Body, contact: Body, invoice: Body): Promise<EInvoiceSource> {
  const fiscalkit = createFiscalkit(memoryPorts());
  const storedAccount = await fiscalkit.accounts.create(CALLER, account);
  const storedContact = await fiscalkit.contacts.create(CALLER, storedAccount.id, contact);
  const stored = await fiscalkit.invoices.create(CALLER, storedAccount.id, {
    contact_id: storedContact.id,
    ...invoice,
  });
  return { invoice: stored, account: storedAccount, contact: storedContact };
}

/** A Spanish professional's invoice: IVA, IRPF withheld, a recargo de equivalencia line, a discount, a shipping charge. */
export function spanishInvoice(): Promise<EInvoiceSource> {
  return sourceOf(
    {
      name: 'Estudio Peñalver Ibáñez SL',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: 'B12345674',
      address: 'Calle de la Montaña 14, 3º B',
      city: 'Logroño',
      postalcode: '26001',
      province: 'La Rioja',
      currency: 'EUR',
      language: 'es',
      email: 'facturas@penalver.example',
      phone: '+34 941 000 000',
      website: 'www.penalver.example',
    },
    {
      name: 'Distribuciones Norte SA',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: 'B76543214',
      address: 'Avenida de la Constitución 12',
      city: 'Sevilla',
      postalcode: '41001',
      province: 'Sevilla',
      email: 'ap@norte.example',
    },
    {
      number: '2026/0042',
      series_code: 'A',
      date: '2026-04-20',
      due_date: '2026-05-20',
      tax_point_date: '2026-04-15',
      currency: 'EUR',
      language: 'es',
      ponumber: 'PO-88',
      payment_method: '4',
      bank_account: { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
      notes: 'Gracias por su confianza. Pago a 30 días de la fecha de factura.',
      invoice_lines_attributes: [
        {
          description:
            'Consultoría de diseño de interiores — fase de anteproyecto, señalización y mobiliario a medida',
          quantity: '10',
          price: '45.50',
          unit: 'h',
          taxes_attributes: [
            { name: 'IVA', percent: '21', category: 'S' },
            { name: 'IRPF', percent: '-15' },
          ],
        },
        {
          description: 'Lámparas de pie (mercancía con recargo de equivalencia)',
          quantity: '4',
          price: '125.00',
          unit: 'ud',
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '10', reason: 'Descuento por volumen' },
          ],
          taxes_attributes: [
            { name: 'IVA', percent: '21', category: 'S' },
            { name: 'RE', percent: '5.2', kind: 'surcharge' },
          ],
        },
      ],
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'charge',
          amount: '30.00',
          reason: 'Portes',
          taxes_attributes: [{ name: 'IVA', percent: '21', category: 'S' }],
        },
      ],
    },
  );
}

/** A Belgian invoice with the structured communication (OGM) `auto_remittance` gives it. */
export function belgianInvoice(): Promise<EInvoiceSource> {
  return sourceOf(
    {
      name: 'Brasserie Van den Broeck BV',
      country: 'BE',
      tin_value: 'BE0403170701',
      address: 'Grote Markt 7',
      city: 'Gent',
      postalcode: '9000',
      currency: 'EUR',
      language: 'nl',
      email: 'boekhouding@vandenbroeck.example',
      auto_remittance: true,
    },
    {
      name: 'Café De Zwaan',
      country: 'BE',
      tin_value: 'BE0202239951',
      address: 'Korenmarkt 3',
      city: 'Brugge',
      postalcode: '8000',
    },
    {
      number: 'F-2026/0017',
      date: '2026-03-02',
      due_date: '2026-04-01',
      currency: 'EUR',
      language: 'nl',
      payment_method: 'transfer',
      bank_account: { iban: 'BE68539007547034', bic: 'GEBABEBB' },
      invoice_lines_attributes: [
        {
          description: 'Tripel van de huisbrouwerij, vat 20 l',
          quantity: '6',
          price: '74.90',
          unit: 'vat',
          taxes_attributes: [{ name: 'btw', percent: '21', category: 'S' }],
        },
        {
          description: 'Statiegeld vaten',
          quantity: '6',
          price: '30.00',
          taxes_attributes: [{ name: 'btw', percent: '0', category: 'Z' }],
        },
      ],
    },
  );
}

/** A Spanish account invoicing a US customer in dollars, with the exchange rate to euros. */
export function foreignCurrencyInvoice(): Promise<EInvoiceSource> {
  return sourceOf(
    {
      name: 'Software Atlántico SL',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: 'B12345674',
      address: 'Rúa do Vilar 20',
      city: 'Santiago de Compostela',
      postalcode: '15705',
      province: 'A Coruña',
      currency: 'EUR',
      language: 'en',
      email: 'billing@atlantico.example',
    },
    {
      name: 'Pioneer Valley Analytics Inc.',
      country: 'US',
      tin_value: '12-3456789',
      address: '1200 Main Street, Suite 400',
      city: 'Springfield, MA',
      postalcode: '01103',
      email: 'payables@pioneer.example',
    },
    {
      number: 'EXP-2026-007',
      date: '2026-06-30',
      due_date: '2026-07-30',
      currency: 'USD',
      exchange_rate: '0.9137',
      language: 'en',
      buyer_reference: 'PVA-PROC-2231',
      payment_method: 'transfer',
      bank_account: { iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' },
      invoice_lines_attributes: [
        {
          description: 'Annual licence, analytics platform (12 months)',
          quantity: '1',
          price: '12000.00',
          taxes_attributes: [{ name: 'VAT', percent: '0', category: 'G' }],
        },
        {
          description: 'Onboarding workshop, remote',
          quantity: '3',
          price: '850.00',
          unit: 'day',
          taxes_attributes: [{ name: 'VAT', percent: '0', category: 'G' }],
        },
      ],
    },
  );
}

/** A Polish invoice: Polish characters everywhere, PLN, 23 % and 8 % VAT. */
export function polishInvoice(): Promise<EInvoiceSource> {
  return sourceOf(
    {
      name: 'Zakład Stolarski Łukasz Żółkiewski Sp. z o.o.',
      country: 'PL',
      tin_scheme: '9945',
      tin_value: '5260250274',
      address: 'ul. Świętokrzyska 12 lok. 5',
      city: 'Łódź',
      postalcode: '90-001',
      currency: 'PLN',
      language: 'pl',
      email: 'faktury@zolkiewski.example',
    },
    {
      name: 'Przedsiębiorstwo Handlowe „Gęś” Małgorzata Woźniak',
      country: 'PL',
      tin_value: '7251801126',
      address: 'ul. Żeromskiego 3',
      city: 'Kraków',
      postalcode: '31-001',
    },
    {
      number: 'FV/2026/04/0099',
      date: '2026-04-20',
      tax_point_date: '2026-04-18',
      due_date: '2026-05-04',
      currency: 'PLN',
      language: 'pl',
      payment_method: 'transfer',
      bank_account: { iban: 'PL61109010140000071219812874', bic: 'WBKPPLPP' },
      invoice_lines_attributes: [
        {
          description: 'Stół dębowy, źródło drewna: Puszcza Białowieska — wykończenie olejowoskiem',
          quantity: '1',
          price: '4850.00',
          unit: 'szt.',
          taxes_attributes: [{ name: 'VAT', percent: '23', category: 'S' }],
        },
        {
          description: 'Krzesła gięte (komplet)',
          quantity: '6',
          price: '389.99',
          unit: 'szt.',
          taxes_attributes: [{ name: 'VAT', percent: '23', category: 'S' }],
        },
        {
          description: 'Usługa montażu i transportu',
          quantity: '1',
          price: '250.00',
          unit: 'usł.',
          taxes_attributes: [{ name: 'VAT', percent: '8', category: 'S' }],
        },
      ],
    },
  );
}

/** A German invoice of 300 lines: several pages, the table header on each. */
export function longInvoice(lines = 300): Promise<EInvoiceSource> {
  return sourceOf(
    {
      name: 'Großhandel Müller & Söhne GmbH',
      country: 'DE',
      tin_value: 'DE136695976',
      address: 'Maximilianstraße 13',
      city: 'München',
      postalcode: '80539',
      currency: 'EUR',
      language: 'de',
      email: 'rechnung@mueller-soehne.example',
    },
    {
      name: 'Straßenbau Weiß KG',
      country: 'DE',
      tin_value: 'DE129273398',
      address: 'Fußgängerzone 2',
      city: 'Passau',
      postalcode: '94032',
    },
    {
      number: 'RE-2026-1000',
      date: '2026-05-11',
      due_date: '2026-06-10',
      currency: 'EUR',
      language: 'de',
      payment_method: 'transfer',
      bank_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      invoice_lines_attributes: Array.from({ length: lines }, (_, index) => ({
        description:
          index % 7 === 3
            ? `Artikel ${index + 1}: Schraubensortiment verzinkt, Größe M${(index % 12) + 3}, für Außenanwendungen mit Gewährleistung`
            : `Artikel ${index + 1}: Maßband ${(index % 5) + 2} m`,
        quantity: String((index % 9) + 1),
        price: `${(index % 40) + 1}.${String((index * 7) % 100).padStart(2, '0')}`,
        unit: 'Stk',
        taxes_attributes: [{ name: 'USt', percent: index % 10 === 0 ? '7' : '19', category: 'S' }],
      })),
    },
  );
}
