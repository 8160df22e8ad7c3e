/**
 * Handwritten invoices for the EN 16931 mapping: every VAT category, allowances and charges at both
 * levels, base quantities, credit notes (stored positive and negative), a foreign currency, reverse
 * charge, intra-community supply, export, Canary Islands and Ceuta taxes, a reimbursable expense, and a
 * German XRechnung. Each is a `Case` (account, contact, invoice bodies) the tests create through the
 * service.
 */
import type { Body, Case } from './support.js';

/** A Spanish seller with a VAT number, an address, a phone and an email. */
export const SPANISH_SELLER: Body = {
  name: 'Acme Servicios SL',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'B12345674',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postalcode: '28013',
  province: 'Madrid',
  email: 'facturas@acme.example',
  phone: '+34 910 000 000',
  currency: 'EUR',
};

/** A Belgian buyer with a VAT number and an enterprise number (its Peppol participant, 0208). */
export const BELGIAN_BUYER: Body = {
  name: 'Brussels Trading BV',
  country: 'BE',
  tin_scheme: '9925',
  tin_value: 'BE0123456749',
  cin_scheme: '0208',
  cin_value: '0123456749',
  address: 'Rue Neuve 10',
  city: 'Bruxelles',
  postalcode: '1000',
  email: 'ap@brussels.example',
};

/** A Belgian seller that makes the structured remittance reference of its invoices (auto_remittance). */
export const BELGIAN_SELLER: Body = {
  name: 'Gent Logistics NV',
  country: 'BE',
  tin_scheme: '9925',
  tin_value: 'BE0456789034',
  cin_scheme: '0208',
  cin_value: '0456789034',
  address: 'Veldstraat 1',
  city: 'Gent',
  postalcode: '9000',
  email: 'billing@gent.example',
  auto_remittance: true,
};

/** A German buyer with a VAT number. */
export const GERMAN_BUYER: Body = {
  name: 'Berlin Maschinen GmbH',
  country: 'DE',
  tin_scheme: 'VAT',
  tin_value: 'DE123456789',
  address: 'Friedrichstraße 1',
  city: 'Berlin',
  postalcode: '10117',
  contact_person: 'Anna Schmidt',
};

/** A French buyer with a VAT number. */
export const FRENCH_BUYER: Body = {
  name: 'Lyon Distribution SAS',
  country: 'FR',
  tin_scheme: '9957',
  tin_value: 'FR40303265045',
  address: '1 Rue de la République',
  city: 'Lyon',
  postalcode: '69001',
};

/** A US buyer with an employer id (not a VAT number; EAS 9959). */
export const US_BUYER: Body = {
  name: 'Boston Imports Inc',
  country: 'US',
  tin_scheme: '9959',
  tin_value: '12-3456789',
  address: '1 Main St',
  city: 'Boston',
  postalcode: '02110',
};

/** A Spanish buyer. */
export const SPANISH_BUYER: Body = {
  name: 'Norte SA',
  country: 'ES',
  tin_scheme: '9920',
  tin_value: 'A58818501',
  address: 'Gran Vía 2',
  city: 'Bilbao',
  postalcode: '48001',
};

/** A German seller with everything XRechnung asks for. */
export const GERMAN_SELLER: Body = {
  name: 'Hamburg Software GmbH',
  country: 'DE',
  tin_scheme: '9930',
  tin_value: '987654321',
  address: 'Jungfernstieg 7',
  city: 'Hamburg',
  postalcode: '20354',
  email: 'rechnung@hamburg.example',
  phone: '+49 40 123456',
  currency: 'EUR',
};

/** A line body. */
export function line(
  quantity: string,
  price: string,
  taxes: Body[] = [{ name: 'IVA', category: 'S', percent: '21' }],
  more: Body = {},
): Body {
  return { quantity, price, description: 'Consulting', taxes_attributes: taxes, ...more };
}

const S21 = [{ name: 'IVA', category: 'S', percent: '21' }];
const S10 = [{ name: 'IVA', category: 'S', percent: '10' }];
const IBAN = { iban: 'ES91 2100 0418 4502 0005 1332', bic: 'CAIXESBBXXX' };

/** The invoice fields most cases share. */
function invoice(number: string, more: Body): Body {
  return {
    number,
    date: '2026-04-20',
    due_date: '2026-05-20',
    buyer_reference: 'PO-2026-7',
    bank_account: IBAN,
    ...more,
  };
}

/** The cases, by name. */
export const CASES: Readonly<Record<string, Case>> = {
  standard: {
    account: SPANISH_SELLER,
    contact: BELGIAN_BUYER,
    invoice: invoice('F-1', {
      invoice_lines_attributes: [
        line('250', '8.40', S21, { base_quantity: '100', unit: 'kg', description: 'Coffee beans' }),
        line('3', '19.99', S21, {
          unit: 'hours',
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '12.5', reason: 'Loyalty' },
            { allowance_charge_indicator: 'charge', amount: '1.00', reason_code: 'FC' },
          ],
        }),
        line('2', '40.00', S10, {
          classification_code: '72220000-1',
          classification_code_scheme: 'CPV',
          allowance_charges_attributes: [
            {
              allowance_charge_indicator: 'allowance',
              percentage: '10',
              base_amount: '50.00',
              reason_code: '95',
            },
          ],
        }),
      ],
      allowance_charges_attributes: [
        { allowance_charge_indicator: 'allowance', percentage: '5', reason: 'Volume' },
        {
          allowance_charge_indicator: 'charge',
          amount: '6.00',
          reason: 'Shipping',
          tax_attributes: { category: 'S', percent: '21' },
        },
      ],
      notes: 'Thank you for your business',
      payment_method: 'transfer',
    }),
  },
  credit_note_negative: {
    account: SPANISH_SELLER,
    contact: BELGIAN_BUYER,
    invoice: invoice('R-1', {
      is_credit_note: true,
      invoice_references: [{ reference_type: 'amend', number: 'F-1', date: '2026-04-01' }],
      invoice_lines_attributes: [
        line('-3', '19.99', S21, {
          allowance_charges_attributes: [
            { allowance_charge_indicator: 'allowance', percentage: '12.5', reason: 'Loyalty' },
          ],
        }),
        line('1', '-10.00', S21),
      ],
    }),
  },
  credit_note_positive: {
    account: SPANISH_SELLER,
    contact: BELGIAN_BUYER,
    invoice: invoice('R-2', {
      type_code: '381',
      invoice_references: [{ reference_type: 'amend', number: 'F-1', date: '2026-04-01' }],
      invoice_lines_attributes: [line('2', '50.00', S21)],
    }),
  },
  foreign_currency: {
    account: SPANISH_SELLER,
    contact: BELGIAN_BUYER,
    invoice: invoice('F-USD', {
      currency: 'USD',
      exchange_rate: '0.9134',
      exchange_date: '2026-04-19',
      bank_account: { iban: 'ES9121000418450200051332' },
      invoice_lines_attributes: [line('7', '129.99', S21)],
    }),
  },
  reverse_charge: {
    account: SPANISH_SELLER,
    contact: GERMAN_BUYER,
    invoice: invoice('F-AE', {
      invoice_lines_attributes: [line('12', '95.00', [{ name: 'IVA', category: 'AE', percent: '0' }])],
    }),
  },
  intra_community: {
    account: SPANISH_SELLER,
    contact: FRENCH_BUYER,
    invoice: invoice('F-K', {
      tax_point_date: '2026-04-18',
      invoice_lines_attributes: [
        line('40', '12.75', [{ name: 'IVA', category: 'K', percent: '0' }], {
          unit: 'XBX',
          description: 'Olive oil',
        }),
      ],
    }),
  },
  export: {
    account: SPANISH_SELLER,
    contact: US_BUYER,
    invoice: invoice('F-G', {
      invoice_lines_attributes: [line('5', '300.00', [{ name: 'IVA', category: 'G', percent: '0' }])],
    }),
  },
  exempt_and_zero: {
    account: SPANISH_SELLER,
    contact: SPANISH_BUYER,
    invoice: invoice('F-EZ', {
      invoice_lines_attributes: [
        line('1', '500.00', S21),
        line('2', '80.00', [{ name: 'IVA', category: 'E', percent: '0' }], {
          description: 'Training course',
        }),
        line('10', '1.20', [{ name: 'IVA', percent: '0' }], { description: 'Bread' }),
      ],
    }),
  },
  not_subject: {
    account: SPANISH_SELLER,
    contact: FRENCH_BUYER,
    invoice: invoice('F-O', {
      invoice_lines_attributes: [line('1', '1000.00', [{ name: 'IVA', category: 'NS', percent: '0' }])],
    }),
  },
  canary_and_ceuta: {
    account: {
      ...SPANISH_SELLER,
      province: 'Las Palmas',
      city: 'Las Palmas de Gran Canaria',
      postalcode: '35001',
    },
    contact: SPANISH_BUYER,
    invoice: invoice('F-LM', {
      invoice_lines_attributes: [
        line('3', '33.33', [{ name: 'IGIC', percent: '7' }]),
        line('1', '99.99', [{ name: 'IPSI', category: 'M', percent: '4' }]),
      ],
    }),
  },
  reimbursable: {
    account: SPANISH_SELLER,
    contact: SPANISH_BUYER,
    invoice: invoice('F-SUP', {
      invoice_lines_attributes: [line('1', '300.00', S21, { description: 'Legal advice' })],
      allowance_charges_attributes: [
        {
          allowance_charge_indicator: 'charge',
          amount: '45.60',
          is_reimbursable_expense: true,
          reason: 'Court fees',
        },
      ],
    }),
  },
  prepaid_and_rounding: {
    account: SPANISH_SELLER,
    contact: SPANISH_BUYER,
    invoice: invoice('F-PRE', {
      prepaid_amount: '20.00',
      payable_rounding_amount: '0.01',
      invoice_references: [{ reference_type: 'prepayment', number: 'A-1', date: '2026-03-01' }],
      invoice_lines_attributes: [line('3', '17.45', S10)],
    }),
  },
  belgian_ogm: {
    account: BELGIAN_SELLER,
    contact: BELGIAN_BUYER,
    invoice: invoice('F-2026/0042', {
      bank_account: { iban: 'BE68539007547034' },
      invoice_lines_attributes: [line('4', '62.50', [{ name: 'BTW', category: 'S', percent: '21' }])],
    }),
  },
  xrechnung: {
    account: GERMAN_SELLER,
    contact: GERMAN_BUYER,
    invoice: {
      number: 'RE-2026-1',
      date: '2026-04-20',
      due_date: '2026-05-04',
      buyer_reference: '04011000-12345-67',
      bank_account: { iban: 'DE89 3704 0044 0532 0130 00' },
      invoice_lines_attributes: [
        line('8', '110.00', [{ name: 'USt', category: 'S', percent: '19' }], { unit: 'HUR' }),
        line('1', '49.90', [{ name: 'USt', category: 'S', percent: '7' }], { description: 'Handbuch' }),
      ],
    },
  },
};
