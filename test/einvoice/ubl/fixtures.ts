/**
 * Hand-built EN 16931 invoices for the UBL writer and reader tests (issue #22): every VAT category
 * (S Z E AE K G O L M) with its exemption reason codes, document and line allowances and charges, base
 * quantity and gross price, credit notes, a foreign currency with BT-6 / BT-111, preceding invoice
 * references, and payment means with IBAN, BIC and a Belgian OGM. Each fixture satisfies EN 16931,
 * Peppol BIS 3 and XRechnung 3.0 on its own: the sums are consistent (BR-CO-10 … BR-CO-17), both parties
 * have electronic addresses (PEPPOL-EN16931-R010, R020), every invoice has a buyer reference (BR-DE-15),
 * payment instructions (BR-DE-1) and a seller contact with name, telephone and e-mail (BR-DE-2, 5, 6, 7),
 * and every address a city and post code (BR-DE-3, 4, 8, 9). Identifiers carry valid check digits
 * (Belgian enterprise numbers, PEPPOL-COMMON-R043; GLNs, R040; the OGM's mod 97).
 */
import type {
  En16931Invoice,
  En16931Line,
  En16931Party,
  En16931VatCategory,
} from '../../../src/einvoice/semantic/en16931Invoice.js';

/** A Belgian seller: enterprise number 0202.239.951 as endpoint, legal registration and VAT number. */
export const BELGIAN_SELLER: En16931Party = {
  name: 'Atelier Lumière BV',
  trading_name: 'Lumière',
  identifiers: [{ id: '5400000000010', scheme: '0088' }],
  legal_registration: { id: '0202239951', scheme: '0208' },
  vat_identifier: 'BE0202239951',
  additional_legal_information: 'RPR Brussel',
  electronic_address: { id: '0202239951', scheme: '0208' },
  address: { line1: 'Nieuwstraat 12', line2: 'Bus 3', city: 'Brussel', postal_code: '1000', country: 'BE' },
  contact: { name: 'Els Peeters', phone: '+32 2 555 01 23', email: 'facturen@lumiere.example' },
};

/** A Belgian buyer (enterprise number 0403.578.693). */
export const BELGIAN_BUYER: En16931Party = {
  name: 'Bakkerij De Molen NV',
  identifiers: [{ id: '0403578693', scheme: '0208' }],
  legal_registration: { id: '0403578693', scheme: '0208' },
  vat_identifier: 'BE0403578693',
  electronic_address: { id: '0403578693', scheme: '0208' },
  address: {
    line1: 'Molenweg 4',
    city: 'Gent',
    postal_code: '9000',
    subdivision: 'Oost-Vlaanderen',
    country: 'BE',
  },
  contact: { name: 'Jan Claes', phone: '+32 9 222 33 44', email: 'jan@demolen.example' },
};

/** The Belgian credit transfer: IBAN, account name and BIC. */
const BELGIAN_ACCOUNT = { id: 'BE71096123456769', name: 'Atelier Lumière BV', provider: 'GKCCBEBB' } as const;

/** One line of a single-category invoice: 2 × 50.00 = 100.00. */
function simpleLine(category: En16931VatCategory, rate: string | undefined, id = '1'): En16931Line {
  return {
    id,
    quantity: '2',
    unit_code: 'C62',
    net_amount: '100.00',
    allowances_charges: [],
    price: { net: '50.00' },
    vat: { category, rate },
    item: { name: `Article ${id}`, classifications: [] },
  };
}

/** The common frame of the fixtures: a Belgian seller, EUR, one SEPA payment with an OGM. */
function frame(number: string): Omit<En16931Invoice, 'lines' | 'totals' | 'vat_breakdown' | 'buyer'> {
  return {
    number,
    issue_date: '2025-03-14',
    type_code: '380',
    currency: 'EUR',
    due_date: '2025-04-13',
    buyer_reference: 'REF-2025-07',
    notes: [],
    preceding_invoices: [],
    seller: BELGIAN_SELLER,
    payment: {
      means_code: '58',
      remittance_information: '+++120/2500/01738+++',
      credit_transfers: [BELGIAN_ACCOUNT],
    },
    allowances_charges: [],
  };
}

/**
 * A single-category invoice of 100.00 net: the breakdown row carries the category, rate and exemption
 * reason, the VAT is `vat` (0.00 for every category but L and M here) and the total `inclusive`.
 */
function singleCategory(
  number: string,
  buyer: En16931Party,
  category: En16931VatCategory,
  rate: string | undefined,
  vat: string,
  inclusive: string,
  exemption: { code?: string; reason?: string } = {},
  extra: Partial<En16931Invoice> = {},
): En16931Invoice {
  return {
    ...frame(number),
    buyer,
    lines: [simpleLine(category, rate)],
    totals: {
      line_net: '100.00',
      tax_exclusive: '100.00',
      vat,
      tax_inclusive: inclusive,
      payable: inclusive,
    },
    vat_breakdown: [
      {
        taxable_amount: '100.00',
        tax_amount: vat,
        category,
        rate,
        exemption_reason_code: exemption.code,
        exemption_reason: exemption.reason,
      },
    ],
    ...extra,
  };
}

/**
 * Standard rated at two rates, with everything around the amounts: a line allowance and a line charge,
 * a gross price with a discount, a base quantity, a document allowance by percentage and a document
 * charge, a prepaid amount and a rounding amount, every reference, a delivery date and address.
 *
 * Line 1: 10 × 9.50 = 95.00 − 5.00 + 2.00 = 92.00 (S 21 %); line 2: 3 × 120.00 / 2 = 180.00 (S 6 %).
 * S 21 %: 92.00 − 9.20 (10 % of 92.00) + 15.00 = 97.80 → 20.54; S 6 %: 180.00 → 10.80.
 * 272.00 − 9.20 + 15.00 = 277.80; + 31.34 = 309.14; − 50.00 prepaid + 0.01 rounding = 259.15.
 */
export const STANDARD: En16931Invoice = {
  ...frame('F-2025-0001'),
  buyer: BELGIAN_BUYER,
  tax_point_date: undefined,
  contract_reference: 'CT-2024-11',
  purchase_order_reference: 'PO-4471',
  sales_order_reference: 'SO-9981',
  despatch_advice_reference: 'DA-301',
  invoiced_object: 'EXP-2025-17',
  buyer_accounting_reference: '4025:123',
  payment_terms: 'Betaling binnen 30 dagen',
  notes: ['Bedankt voor uw bestelling & tot ziens <3'],
  delivery_date: '2025-03-10',
  delivery_address: { line1: 'Dok Noord 7', city: 'Gent', postal_code: '9000', country: 'BE' },
  payment: {
    means_code: '58',
    means_text: 'SEPA credit transfer',
    remittance_information: '+++120/2500/01738+++',
    credit_transfers: [BELGIAN_ACCOUNT, { id: 'BE68539007547034' }],
  },
  allowances_charges: [
    {
      charge: false,
      amount: '9.20',
      base_amount: '92.00',
      percentage: '10',
      vat_category: 'S',
      vat_rate: '21',
      reason: 'Loyalty discount',
      reason_code: '95',
    },
    {
      charge: true,
      amount: '15.00',
      vat_category: 'S',
      vat_rate: '21',
      reason: 'Freight',
      reason_code: 'FC',
    },
  ],
  totals: {
    line_net: '272.00',
    allowances: '9.20',
    charges: '15.00',
    tax_exclusive: '277.80',
    vat: '31.34',
    tax_inclusive: '309.14',
    prepaid: '50.00',
    rounding: '0.01',
    payable: '259.15',
  },
  vat_breakdown: [
    { taxable_amount: '97.80', tax_amount: '20.54', category: 'S', rate: '21' },
    { taxable_amount: '180.00', tax_amount: '10.80', category: 'S', rate: '6' },
  ],
  lines: [
    {
      id: '1',
      note: 'Colour: oak',
      quantity: '10',
      unit_code: 'C62',
      net_amount: '92.00',
      buyer_accounting_reference: '4025:123:1',
      allowances_charges: [
        { charge: false, amount: '5.00', reason: 'Volume discount', reason_code: '95' },
        {
          charge: true,
          amount: '2.00',
          base_amount: '20.00',
          percentage: '10',
          reason: 'Packing',
          reason_code: 'ABL',
        },
      ],
      price: { net: '9.50', gross: '10.00' },
      vat: { category: 'S', rate: '21' },
      item: {
        name: 'Table lamp',
        description: 'Table lamp, oak base',
        sellers_id: 'TL-OAK',
        classifications: [
          { id: '39111500', scheme: 'STI' },
          { id: '9405', scheme: 'HS' },
        ],
      },
    },
    {
      id: '2',
      quantity: '3',
      unit_code: 'HUR',
      net_amount: '180.00',
      allowances_charges: [],
      price: { net: '120.00', base_quantity: '2' },
      vat: { category: 'S', rate: '6' },
      item: { name: 'Installation', classifications: [] },
    },
  ],
};

/** Zero rated goods (Z): no exemption reason (BR-Z-10). */
export const ZERO_RATED = singleCategory('F-2025-0002', BELGIAN_BUYER, 'Z', '0', '0.00', '100.00');

/** Exempt (E) under article 132 of the VAT directive (BR-E-10: a reason code or text). */
export const EXEMPT = singleCategory('F-2025-0003', BELGIAN_BUYER, 'E', '0', '0.00', '100.00', {
  code: 'VATEX-EU-132',
  reason: 'Exempt based on article 132 of Council Directive 2006/112/EC',
});

/** Domestic reverse charge (AE): both VAT identifiers (BR-AE-02), VATEX-EU-AE. */
export const REVERSE_CHARGE = singleCategory('F-2025-0004', BELGIAN_BUYER, 'AE', '0', '0.00', '100.00', {
  code: 'VATEX-EU-AE',
  reason: 'Reverse charge',
});

/** A German business buyer, for the intra-community supply. */
const GERMAN_BUYER: En16931Party = {
  name: 'Leuchten Schmidt GmbH',
  identifiers: [],
  vat_identifier: 'DE123456789',
  electronic_address: { id: 'DE123456789', scheme: '9930' },
  address: { line1: 'Hauptstraße 5', city: 'Köln', postal_code: '50667', country: 'DE' },
};

/**
 * Intra-community supply (K): both VAT identifiers (BR-IC-02), the delivery date (BR-IC-11) and the
 * deliver-to country (BR-IC-12), VATEX-EU-IC.
 */
export const INTRA_COMMUNITY = singleCategory(
  'F-2025-0005',
  GERMAN_BUYER,
  'K',
  '0',
  '0.00',
  '100.00',
  { code: 'VATEX-EU-IC', reason: 'Intra-community supply' },
  {
    delivery_date: '2025-03-12',
    delivery_address: { line1: 'Lagerstraße 1', city: 'Köln', postal_code: '50668', country: 'DE' },
  },
);

/**
 * The intra-community supply stating only the deliver-to country (BT-80), not the whole address: valid
 * Peppol BIS 3, but not XRechnung, which wants the deliver-to city and post code whenever BG-15 is
 * there (BR-DE-10, BR-DE-11). See `XRECHNUNG_INVALID`.
 */
export const INTRA_COMMUNITY_COUNTRY_ONLY: En16931Invoice = {
  ...INTRA_COMMUNITY,
  number: 'F-2025-0011',
  delivery_address: undefined,
  delivery_country: 'DE',
};

/** A buyer outside the EU, for the export. */
const US_BUYER: En16931Party = {
  name: 'Brightside Lighting Inc.',
  identifiers: [{ id: '4000000000037', scheme: '0088' }],
  electronic_address: { id: '4000000000037', scheme: '0088' },
  address: {
    line1: '100 Main Street',
    city: 'Boston',
    postal_code: '02108',
    subdivision: 'MA',
    country: 'US',
  },
};

/** Export outside the EU (G): the seller's VAT identifier (BR-G-02), VATEX-EU-G. */
export const EXPORT = singleCategory('F-2025-0006', US_BUYER, 'G', '0', '0.00', '100.00', {
  code: 'VATEX-EU-G',
  reason: 'Export outside the EU',
});

/**
 * Not subject to VAT (O): neither party has a VAT identifier (BR-O-02), the seller is identified by its
 * legal registration (BR-CO-26); no rate anywhere (BR-O-05), VATEX-EU-O.
 */
export const NOT_SUBJECT = singleCategory(
  'F-2025-0007',
  { ...BELGIAN_BUYER, vat_identifier: undefined },
  'O',
  undefined,
  '0.00',
  '100.00',
  { code: 'VATEX-EU-O', reason: 'Not subject to VAT' },
  { seller: { ...BELGIAN_SELLER, vat_identifier: undefined } },
);

/** A seller in the Canary Islands (IGIC) or in Ceuta (IPSI): a Spanish VAT identifier and endpoint. */
function spanishSeller(city: string, postalCode: string, subdivision: string): En16931Party {
  return {
    name: 'Suministros Atlánticos SL',
    identifiers: [],
    vat_identifier: 'ESB35123456',
    electronic_address: { id: 'ESB35123456', scheme: '9920' },
    address: { line1: 'Calle Mayor 3', city, postal_code: postalCode, subdivision, country: 'ES' },
    contact: { name: 'Ana Ruiz', phone: '+34 928 000 111', email: 'facturas@atlanticos.example' },
  };
}

/** A Spanish buyer in the same territory. */
function spanishBuyer(city: string, postalCode: string): En16931Party {
  return {
    name: 'Hotel Playa SA',
    identifiers: [],
    vat_identifier: 'ESA35999999',
    electronic_address: { id: 'ESA35999999', scheme: '9920' },
    address: { line1: 'Avenida del Mar 20', city, postal_code: postalCode, country: 'ES' },
  };
}

/** Canary Islands general indirect tax (L, IGIC) at 7 %: no exemption reason (BR-AF-10). */
export const CANARY_IGIC = singleCategory(
  'F-2025-0008',
  spanishBuyer('Las Palmas de Gran Canaria', '35001'),
  'L',
  '7',
  '7.00',
  '107.00',
  {},
  { seller: spanishSeller('Las Palmas de Gran Canaria', '35002', 'Las Palmas') },
);

/** Ceuta and Melilla production, services and import tax (M, IPSI) at 4 % (BR-AG-10: no reason). */
export const CEUTA_IPSI = singleCategory(
  'F-2025-0009',
  spanishBuyer('Ceuta', '51001'),
  'M',
  '4',
  '4.00',
  '104.00',
  {},
  { seller: spanishSeller('Ceuta', '51002', 'Ceuta') },
);

/**
 * A credit note (381) for an earlier invoice (BG-3), standard rated, refunded by SEPA credit transfer:
 * its due date goes to `PaymentMeans/PaymentDueDate`. 1 × 80.00 at 21 % = 16.80, 96.80 due.
 */
export const CREDIT_NOTE: En16931Invoice = {
  ...frame('CN-2025-0001'),
  type_code: '381',
  buyer: BELGIAN_BUYER,
  preceding_invoices: [{ number: 'F-2025-0001', issue_date: '2025-03-14' }],
  notes: ['Return of one table lamp'],
  payment: { means_code: '58', means_text: 'SEPA credit transfer', credit_transfers: [BELGIAN_ACCOUNT] },
  lines: [
    {
      id: '1',
      quantity: '1',
      unit_code: 'C62',
      net_amount: '80.00',
      allowances_charges: [],
      price: { net: '80.00' },
      vat: { category: 'S', rate: '21' },
      item: { name: 'Table lamp', sellers_id: 'TL-OAK', classifications: [] },
    },
  ],
  totals: {
    line_net: '80.00',
    tax_exclusive: '80.00',
    vat: '16.80',
    tax_inclusive: '96.80',
    payable: '96.80',
  },
  vat_breakdown: [{ taxable_amount: '80.00', tax_amount: '16.80', category: 'S', rate: '21' }],
};

/**
 * A credit note with a due date and no payment instructions: written with one `PaymentMeans` of code 1
 * (instrument not defined) that carries the due date, and read back without payment instructions.
 */
export const CREDIT_NOTE_DUE_DATE_ONLY: En16931Invoice = {
  ...CREDIT_NOTE,
  number: 'CN-2025-0002',
  payment: undefined,
  payment_terms: 'Set off against the next invoice',
};

/**
 * An invoice in US dollars whose VAT is accounted in euros (BT-6 EUR, BT-111 in EUR; BR-53,
 * PEPPOL-EN16931-R054, R055). 4 × 250.00 = 1000.00 at 21 % = 210.00 USD, 189.00 EUR at 0.9.
 */
export const FOREIGN_CURRENCY: En16931Invoice = {
  ...frame('F-2025-0010'),
  currency: 'USD',
  tax_currency: 'EUR',
  exchange_rate: '0.9',
  buyer: BELGIAN_BUYER,
  lines: [
    {
      id: '1',
      quantity: '4',
      unit_code: 'DAY',
      net_amount: '1000.00',
      allowances_charges: [],
      price: { net: '250.00' },
      vat: { category: 'S', rate: '21' },
      item: { name: 'Consulting day', classifications: [] },
    },
  ],
  totals: {
    line_net: '1000.00',
    tax_exclusive: '1000.00',
    vat: '210.00',
    vat_in_tax_currency: '189.00',
    tax_inclusive: '1210.00',
    payable: '1210.00',
  },
  vat_breakdown: [{ taxable_amount: '1000.00', tax_amount: '210.00', category: 'S', rate: '21' }],
};

/** A German seller for the XRechnung invoice: e-mail endpoint, VAT and tax number, full contact. */
const GERMAN_SELLER: En16931Party = {
  name: 'Büromöbel Weber GmbH',
  identifiers: [],
  legal_registration: { id: 'HRB 12345' },
  vat_identifier: 'DE987654321',
  tax_registration: '201/113/40209',
  additional_legal_information: 'Amtsgericht Köln HRB 12345',
  electronic_address: { id: 'DE987654321', scheme: '9930' },
  address: { line1: 'Industriestraße 9', city: 'Köln', postal_code: '50679', country: 'DE' },
  contact: { name: 'Petra Weber', phone: '+49 221 123456', email: 'rechnung@weber.example' },
};

/** A German public buyer addressed by its Leitweg-ID. */
const GERMAN_PUBLIC_BUYER: En16931Party = {
  name: 'Stadt Köln, Amt für Schulen',
  identifiers: [],
  electronic_address: { id: '05315000-04711-38', scheme: '0204' },
  address: { line1: 'Willy-Brandt-Platz 2', city: 'Köln', postal_code: '50679', country: 'DE' },
  contact: { name: 'Herr Klein' },
};

/**
 * A German invoice to a public buyer (the XRechnung case): the Leitweg-ID as buyer reference (BT-10),
 * several notes (PEPPOL-EN16931-R002 allows them between German parties), a Skonto line in the payment
 * terms in KoSIT's format (BR-DE-18), 19 % and 7 %. 5 × 199.00 = 995.00 → 189.05; 12 × 4.50 = 54.00 →
 * 3.78; 1049.00 + 192.83 = 1241.83.
 */
export const GERMAN_PUBLIC: En16931Invoice = {
  ...frame('RE-2025-0042'),
  seller: GERMAN_SELLER,
  buyer: GERMAN_PUBLIC_BUYER,
  buyer_reference: '05315000-04711-38',
  notes: ['#ADU#Lieferung frei Haus.', '#AAI#Es gelten unsere AGB.'],
  delivery_date: '2025-03-03',
  payment_terms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.\n#SKONTO#TAGE=14#PROZENT=2.00#\n',
  payment: {
    means_code: '58',
    remittance_information: 'RE-2025-0042',
    credit_transfers: [
      { id: 'DE89370400440532013000', name: 'Büromöbel Weber GmbH', provider: 'COBADEFFXXX' },
    ],
  },
  lines: [
    {
      id: '1',
      quantity: '5',
      unit_code: 'C62',
      net_amount: '995.00',
      allowances_charges: [],
      price: { net: '199.00' },
      vat: { category: 'S', rate: '19' },
      item: { name: 'Schreibtischstuhl', sellers_id: 'SST-5', classifications: [] },
    },
    {
      id: '2',
      quantity: '12',
      unit_code: 'C62',
      net_amount: '54.00',
      allowances_charges: [],
      price: { net: '4.50' },
      vat: { category: 'S', rate: '7' },
      item: { name: 'Fachbuch Ergonomie', classifications: [] },
    },
  ],
  totals: {
    line_net: '1049.00',
    tax_exclusive: '1049.00',
    vat: '192.83',
    tax_inclusive: '1241.83',
    payable: '1241.83',
  },
  vat_breakdown: [
    { taxable_amount: '995.00', tax_amount: '189.05', category: 'S', rate: '19' },
    { taxable_amount: '54.00', tax_amount: '3.78', category: 'S', rate: '7' },
  ],
};

/** Every fixture by name. */
export const UBL_FIXTURES: Readonly<Record<string, En16931Invoice>> = {
  STANDARD,
  ZERO_RATED,
  EXEMPT,
  REVERSE_CHARGE,
  INTRA_COMMUNITY,
  INTRA_COMMUNITY_COUNTRY_ONLY,
  EXPORT,
  NOT_SUBJECT,
  CANARY_IGIC,
  CEUTA_IPSI,
  CREDIT_NOTE,
  CREDIT_NOTE_DUE_DATE_ONLY,
  FOREIGN_CURRENCY,
  GERMAN_PUBLIC,
};

/**
 * The fixtures XRechnung cannot accept, with the fatal rules it fires on them (the writer writes what
 * the model holds; the model lacks what XRechnung asks for). Every other fixture is valid in both
 * specifications.
 */
export const XRECHNUNG_INVALID: Readonly<Record<string, readonly string[]>> = {
  INTRA_COMMUNITY_COUNTRY_ONLY: ['BR-DE-10', 'BR-DE-11'],
};

/**
 * A 1,000-line standard-rated invoice (each line 1 × 10.00 at 21 %): the size the issue's speed target
 * is stated for.
 */
export function thousandLines(): En16931Invoice {
  const lines: En16931Line[] = [];
  for (let index = 1; index <= 1000; index++)
    lines.push({
      id: String(index),
      quantity: '1',
      unit_code: 'C62',
      net_amount: '10.00',
      allowances_charges: [],
      price: { net: '10.00' },
      vat: { category: 'S', rate: '21' },
      item: { name: `Article ${String(index)}`, sellers_id: `A-${String(index)}`, classifications: [] },
    });
  return {
    ...frame('F-2025-1000'),
    buyer: BELGIAN_BUYER,
    lines,
    totals: {
      line_net: '10000.00',
      tax_exclusive: '10000.00',
      vat: '2100.00',
      tax_inclusive: '12100.00',
      payable: '12100.00',
    },
    vat_breakdown: [{ taxable_amount: '10000.00', tax_amount: '2100.00', category: 'S', rate: '21' }],
  };
}
