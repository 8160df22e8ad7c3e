/**
 * Hand-built EN 16931 invoices for the CII writer and reader tests (issue #22): one per situation the
 * issue names — every VAT category (S Z E AE K G O L M, with the exemption reasons and VATEX codes the
 * exempt ones need), document and line allowances and charges, a price base quantity and a gross
 * price, a credit note (381) with its preceding invoice in a foreign currency with VAT accounted in
 * another (BT-6, BT-111), payment means with IBAN and BIC, and a Belgian structured remittance (OGM).
 *
 * The amounts are worked out by hand (each line says how) and meet BR-CO-10 … BR-CO-16 and the
 * category rules; every fixture also meets XRechnung 3.0 (a Leitweg-ID in BT-10, a seller contact with
 * name, phone and e-mail, both parties' electronic addresses, city and post code, payment means with an
 * account), so the same invoice is judged as EN 16931 and as XRechnung.
 */
import type {
  En16931Invoice,
  En16931Line,
  En16931Party,
} from '../../../src/einvoice/semantic/en16931Invoice.js';

/** A line with the defaults most lines share. */
function line(
  fields: Partial<En16931Line> & Pick<En16931Line, 'id' | 'quantity' | 'net_amount' | 'vat'>,
): En16931Line {
  return {
    unit_code: 'C62',
    allowances_charges: [],
    price: { net: '0' },
    item: { name: `Item ${fields.id}`, classifications: [] },
    ...fields,
  };
}

/** A German seller with everything XRechnung asks of one. */
const SELLER_DE: En16931Party = {
  name: 'Muster Software GmbH',
  trading_name: 'Muster Soft',
  // Scheme-less identifiers first: CII writes them as ram:ID before the ram:GlobalID ones.
  identifiers: [{ id: 'LIEF-0042' }, { id: '4000001123452', scheme: '0088' }],
  legal_registration: { id: 'HRB 12345 B' },
  vat_identifier: 'DE123456789',
  tax_registration: '201/113/40209',
  additional_legal_information: 'Geschäftsführerin: Erika Mustermann, Amtsgericht Charlottenburg HRB 12345 B',
  electronic_address: { id: 'rechnung@muster-software.de', scheme: 'EM' },
  address: {
    line1: 'Hauptstraße 1',
    line2: 'Aufgang B',
    city: 'Berlin',
    postal_code: '10115',
    subdivision: 'Berlin',
    country: 'DE',
  },
  contact: {
    name: 'Erika Mustermann',
    phone: '+49 30 1234567',
    email: 'erika.mustermann@muster-software.de',
  },
};

/** A German public buyer, addressed by its Leitweg-ID. */
const BUYER_DE: En16931Party = {
  name: 'Bundesamt für Beispiele',
  identifiers: [{ id: 'KD-7781' }],
  vat_identifier: 'DE987654321',
  electronic_address: { id: '04011000-12345-03', scheme: '0204' },
  address: { line1: 'Amtsweg 7', city: 'Bonn', postal_code: '53113', country: 'DE' },
  contact: { name: 'Max Beispiel', phone: '0228 99 123', email: 'max.beispiel@bundesamt.example' },
};

const LEITWEG_ID = '04011000-12345-03';

const SEPA = {
  means_code: '58',
  means_text: 'SEPA-Überweisung',
  credit_transfers: [{ id: 'DE02120300000000202051', name: 'Muster Software GmbH', provider: 'BYLADEM1001' }],
} as const;

/**
 * S 19 % and 7 %, Z and E in one invoice, with a gross price and its discount, a price base quantity,
 * line and document allowances and charges, prepaid amount and rounding, every reference.
 *
 * - line 1: 10 h × 80.00 (gross 100.00, discount 20.00) = 800.00, S 19
 * - line 2: 250 × 12.50 per 100 = 31.25, − 4 % allowance 1.25, + charge 5.00 = 35.00, S 19
 * - line 3: 3 × 15.00 = 45.00, S 7; line 4: 1 × 50.00, Z; line 5: 2 h × 60.00 = 120.00, E
 * - document allowance 5 % of 835.00 = 41.75 (S 19), charge 25.00 (S 19)
 * - S 19: 835.00 − 41.75 + 25.00 = 818.25 → 155.47; S 7: 45.00 → 3.15
 * - 1050.00 − 41.75 + 25.00 = 1033.25; + 158.62 = 1191.87; − 100.00 prepaid + 0.13 rounding = 1092.00
 */
export const standardInvoice: En16931Invoice = {
  number: 'RE-2024-0001',
  issue_date: '2024-03-31',
  type_code: '380',
  currency: 'EUR',
  tax_point_date: '2024-03-31',
  due_date: '2024-04-30',
  buyer_reference: LEITWEG_ID,
  contract_reference: 'V-2023-17',
  purchase_order_reference: 'PO-4711',
  sales_order_reference: 'AB-0815',
  despatch_advice_reference: 'LS-99',
  invoiced_object: 'PRJ-42',
  buyer_accounting_reference: 'KST-100',
  payment_terms: 'Zahlbar innerhalb von 30 Tagen ohne Abzug.',
  notes: ['Vielen Dank für Ihren Auftrag.', 'Es gelten unsere AGB & Lieferbedingungen <2024>.'],
  preceding_invoices: [],
  seller: SELLER_DE,
  buyer: BUYER_DE,
  delivery_date: '2024-03-15',
  payment: { ...SEPA, remittance_information: 'RE-2024-0001' },
  allowances_charges: [
    {
      charge: false,
      amount: '41.75',
      base_amount: '835.00',
      percentage: '5',
      vat_category: 'S',
      vat_rate: '19',
      reason: 'Treuerabatt',
      reason_code: '95',
    },
    {
      charge: true,
      amount: '25.00',
      vat_category: 'S',
      vat_rate: '19',
      reason: 'Versand',
      reason_code: 'FC',
    },
  ],
  totals: {
    line_net: '1050.00',
    allowances: '41.75',
    charges: '25.00',
    tax_exclusive: '1033.25',
    vat: '158.62',
    tax_inclusive: '1191.87',
    prepaid: '100.00',
    rounding: '0.13',
    payable: '1092.00',
  },
  vat_breakdown: [
    { taxable_amount: '818.25', tax_amount: '155.47', category: 'S', rate: '19' },
    { taxable_amount: '45.00', tax_amount: '3.15', category: 'S', rate: '7' },
    { taxable_amount: '50.00', tax_amount: '0.00', category: 'Z', rate: '0' },
    {
      taxable_amount: '120.00',
      tax_amount: '0.00',
      category: 'E',
      rate: '0',
      exemption_reason: 'Steuerfreie Bildungsleistung nach § 4 Nr. 21 UStG',
      exemption_reason_code: 'VATEX-EU-132-1I',
    },
  ],
  lines: [
    line({
      id: '1',
      note: 'Vor Ort in Bonn',
      quantity: '10',
      unit_code: 'HUR',
      net_amount: '800.00',
      buyer_accounting_reference: 'KST-101',
      price: { net: '80.00', gross: '100.00' },
      vat: { category: 'S', rate: '19' },
      item: {
        name: 'Beratung',
        description: 'Einführung der E-Rechnung',
        sellers_id: 'SRV-01',
        classifications: [{ id: '72000000', scheme: 'STI' }],
      },
    }),
    line({
      id: '2',
      quantity: '250',
      net_amount: '35.00',
      price: { net: '12.50', base_quantity: '100' },
      vat: { category: 'S', rate: '19' },
      allowances_charges: [
        {
          charge: false,
          amount: '1.25',
          base_amount: '31.25',
          percentage: '4',
          reason: 'Mengenrabatt',
          reason_code: '95',
        },
        { charge: true, amount: '5.00', reason: 'Verpackung', reason_code: 'ABL' },
      ],
      item: { name: 'Etiketten', sellers_id: 'ETK-100', classifications: [] },
    }),
    line({
      id: '3',
      quantity: '3',
      net_amount: '45.00',
      price: { net: '15.00' },
      vat: { category: 'S', rate: '7' },
      item: { name: 'Handbuch E-Rechnung', classifications: [{ id: '9783161484100', scheme: 'IB' }] },
    }),
    line({
      id: '4',
      quantity: '1',
      net_amount: '50.00',
      price: { net: '50.00' },
      vat: { category: 'Z', rate: '0' },
      item: { name: 'Spende Bildungsfonds', classifications: [] },
    }),
    line({
      id: '5',
      quantity: '2',
      unit_code: 'HUR',
      net_amount: '120.00',
      price: { net: '60.00' },
      vat: { category: 'E', rate: '0' },
      item: { name: 'Schulung', classifications: [] },
    }),
  ],
};

/** A French business buyer of services under reverse charge (AE): 5 days × 400.00 = 2000.00. */
export const reverseChargeInvoice: En16931Invoice = {
  number: 'RE-2024-0002',
  issue_date: '2024-04-02',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-02',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: SELLER_DE,
  buyer: {
    name: 'Société Exemple SARL',
    identifiers: [],
    vat_identifier: 'FR61954506077',
    legal_registration: { id: '954506077', scheme: '0002' },
    electronic_address: { id: 'FR61954506077', scheme: '9957' },
    address: { line1: '12 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  },
  delivery_date: '2024-03-28',
  payment: {
    means_code: '30',
    credit_transfers: [{ id: 'DE02120300000000202051', provider: 'BYLADEM1001' }],
  },
  allowances_charges: [],
  totals: {
    line_net: '2000.00',
    tax_exclusive: '2000.00',
    vat: '0.00',
    tax_inclusive: '2000.00',
    payable: '2000.00',
  },
  vat_breakdown: [
    {
      taxable_amount: '2000.00',
      tax_amount: '0.00',
      category: 'AE',
      rate: '0',
      exemption_reason: 'Steuerschuldnerschaft des Leistungsempfängers / Autoliquidation',
      exemption_reason_code: 'VATEX-EU-AE',
    },
  ],
  lines: [
    line({
      id: '1',
      quantity: '5',
      unit_code: 'DAY',
      net_amount: '2000.00',
      price: { net: '400.00' },
      vat: { category: 'AE', rate: '0' },
      item: { name: 'Softwareentwicklung', classifications: [] },
    }),
  ],
};

/**
 * Goods to an Austrian business (K), delivered to its warehouse (BR-IC-12 wants the deliver-to
 * country, BR-IC-11 the delivery date): 12 × 45.50 = 546.00 and 1 × 54.00, 600.00 in all.
 */
export const intraCommunityInvoice: En16931Invoice = {
  number: 'RE-2024-0003',
  issue_date: '2024-04-03',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-03',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: SELLER_DE,
  buyer: {
    name: 'Beispiel Handels GmbH',
    identifiers: [],
    vat_identifier: 'ATU12345678',
    electronic_address: { id: 'ATU12345678', scheme: '9914' },
    address: { line1: 'Ringstraße 1', city: 'Wien', postal_code: '1010', country: 'AT' },
  },
  delivery_date: '2024-03-20',
  delivery_country: 'AT',
  delivery_address: { line1: 'Lagerstraße 5', city: 'Wien', postal_code: '1110', country: 'AT' },
  payment: SEPA,
  allowances_charges: [],
  totals: {
    line_net: '600.00',
    tax_exclusive: '600.00',
    vat: '0.00',
    tax_inclusive: '600.00',
    payable: '600.00',
  },
  vat_breakdown: [
    {
      taxable_amount: '600.00',
      tax_amount: '0.00',
      category: 'K',
      rate: '0',
      exemption_reason: 'Steuerfreie innergemeinschaftliche Lieferung',
      exemption_reason_code: 'VATEX-EU-IC',
    },
  ],
  lines: [
    line({
      id: '1',
      quantity: '12',
      net_amount: '546.00',
      price: { net: '45.50' },
      vat: { category: 'K', rate: '0' },
      item: { name: 'Kartenleser', classifications: [] },
    }),
    line({
      id: '2',
      quantity: '1',
      net_amount: '54.00',
      price: { net: '54.00' },
      vat: { category: 'K', rate: '0' },
      item: { name: 'Montagematerial', classifications: [] },
    }),
  ],
};

/** An export to Switzerland (G): 3 × 250.00 = 750.00. */
export const exportInvoice: En16931Invoice = {
  number: 'RE-2024-0004',
  issue_date: '2024-04-04',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-04',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: SELLER_DE,
  buyer: {
    name: 'Beispiel AG',
    identifiers: [],
    electronic_address: { id: 'einkauf@beispiel.example', scheme: 'EM' },
    address: { line1: 'Bahnhofstrasse 10', city: 'Zürich', postal_code: '8001', country: 'CH' },
  },
  delivery_date: '2024-04-01',
  payment: SEPA,
  allowances_charges: [],
  totals: {
    line_net: '750.00',
    tax_exclusive: '750.00',
    vat: '0.00',
    tax_inclusive: '750.00',
    payable: '750.00',
  },
  vat_breakdown: [
    {
      taxable_amount: '750.00',
      tax_amount: '0.00',
      category: 'G',
      rate: '0',
      exemption_reason: 'Steuerfreie Ausfuhrlieferung',
      exemption_reason_code: 'VATEX-EU-G',
    },
  ],
  lines: [
    line({
      id: '1',
      quantity: '3',
      net_amount: '750.00',
      price: { net: '250.00' },
      vat: { category: 'G', rate: '0' },
      item: { name: 'Messgerät', classifications: [] },
    }),
  ],
};

/**
 * A supply outside the scope of VAT (O) by a seller with a tax number but no VAT id (BR-O-02 forbids
 * one), with a document charge in O too: 300.00 + 20.00 = 320.00. No rate anywhere (BR-O-05, BR-O-07).
 */
export const notSubjectInvoice: En16931Invoice = {
  number: 'RE-2024-0005',
  issue_date: '2024-04-05',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-05',
  buyer_reference: LEITWEG_ID,
  notes: ['Nicht steuerbarer Umsatz.'],
  preceding_invoices: [],
  seller: {
    name: 'Beispielverein e.V.',
    identifiers: [],
    legal_registration: { id: 'VR 12345' },
    tax_registration: '27/123/45678',
    electronic_address: { id: 'kasse@beispielverein.example', scheme: 'EM' },
    address: { line1: 'Vereinsweg 3', city: 'Köln', postal_code: '50667', country: 'DE' },
    contact: { name: 'Kassenwart', phone: '0221 555 0100', email: 'kasse@beispielverein.example' },
  },
  buyer: { ...BUYER_DE, vat_identifier: undefined },
  delivery_date: '2024-04-01',
  payment: {
    means_code: '58',
    credit_transfers: [{ id: 'DE89370400440532013000', name: 'Beispielverein e.V.' }],
  },
  allowances_charges: [{ charge: true, amount: '20.00', vat_category: 'O', reason: 'Auslagen' }],
  totals: {
    line_net: '300.00',
    charges: '20.00',
    tax_exclusive: '320.00',
    vat: '0.00',
    tax_inclusive: '320.00',
    payable: '320.00',
  },
  vat_breakdown: [
    {
      taxable_amount: '320.00',
      tax_amount: '0.00',
      category: 'O',
      exemption_reason: 'Nicht steuerbar',
      exemption_reason_code: 'VATEX-EU-O',
    },
  ],
  lines: [
    line({
      id: '1',
      quantity: '1',
      net_amount: '300.00',
      price: { net: '300.00' },
      vat: { category: 'O' },
      item: { name: 'Vortrag', classifications: [] },
    }),
  ],
};

const SELLER_ES: Omit<En16931Party, 'address'> = {
  name: 'Ejemplo Islas S.L.',
  identifiers: [],
  vat_identifier: 'ESB35000004',
  electronic_address: { id: 'facturas@ejemplo-islas.example', scheme: 'EM' },
  contact: { name: 'Ana García', phone: '+34 928 000 000', email: 'ana.garcia@ejemplo-islas.example' },
};

/** The Canary Islands' IGIC (L) at two rates: 2 × 100.00 at 7 % (14.00) and 4 × 25.00 at 3 % (3.00). */
export const canaryInvoice: En16931Invoice = {
  number: 'FC-2024-0006',
  issue_date: '2024-04-06',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-06',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: {
    ...SELLER_ES,
    address: {
      line1: 'Calle Mayor 1',
      city: 'Las Palmas de Gran Canaria',
      postal_code: '35001',
      subdivision: 'Las Palmas',
      country: 'ES',
    },
  },
  buyer: {
    name: 'Cliente Canario S.A.',
    identifiers: [],
    vat_identifier: 'ESA35000001',
    electronic_address: { id: 'compras@cliente.example', scheme: 'EM' },
    address: {
      line1: 'Avenida Marítima 5',
      city: 'Santa Cruz de Tenerife',
      postal_code: '38001',
      country: 'ES',
    },
  },
  delivery_date: '2024-04-06',
  payment: { means_code: '30', credit_transfers: [{ id: 'ES9121000418450200051332' }] },
  allowances_charges: [],
  totals: {
    line_net: '300.00',
    tax_exclusive: '300.00',
    vat: '17.00',
    tax_inclusive: '317.00',
    payable: '317.00',
  },
  vat_breakdown: [
    { taxable_amount: '200.00', tax_amount: '14.00', category: 'L', rate: '7' },
    { taxable_amount: '100.00', tax_amount: '3.00', category: 'L', rate: '3' },
  ],
  lines: [
    line({
      id: '1',
      quantity: '2',
      net_amount: '200.00',
      price: { net: '100.00' },
      vat: { category: 'L', rate: '7' },
      item: { name: 'Mantenimiento', classifications: [] },
    }),
    line({
      id: '2',
      quantity: '4',
      net_amount: '100.00',
      price: { net: '25.00' },
      vat: { category: 'L', rate: '3' },
      item: { name: 'Material', classifications: [] },
    }),
  ],
};

/** Ceuta's IPSI (M): 10 kg × 3.20 = 32.00 at 4 % = 1.28. */
export const ceutaInvoice: En16931Invoice = {
  number: 'FC-2024-0007',
  issue_date: '2024-04-07',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-07',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: {
    ...SELLER_ES,
    name: 'Ejemplo Ceuta S.L.',
    vat_identifier: 'ESB51000003',
    address: { line1: 'Paseo del Revellín 2', city: 'Ceuta', postal_code: '51001', country: 'ES' },
  },
  buyer: {
    name: 'Comercio Ceutí S.L.',
    identifiers: [],
    vat_identifier: 'ESB51000011',
    electronic_address: { id: 'pedidos@comercio.example', scheme: 'EM' },
    address: { line1: 'Calle Real 9', city: 'Ceuta', postal_code: '51001', country: 'ES' },
  },
  delivery_date: '2024-04-07',
  payment: { means_code: '30', credit_transfers: [{ id: 'ES7921000813610123456789' }] },
  allowances_charges: [],
  totals: {
    line_net: '32.00',
    tax_exclusive: '32.00',
    vat: '1.28',
    tax_inclusive: '33.28',
    payable: '33.28',
  },
  vat_breakdown: [{ taxable_amount: '32.00', tax_amount: '1.28', category: 'M', rate: '4' }],
  lines: [
    line({
      id: '1',
      quantity: '10',
      unit_code: 'KGM',
      net_amount: '32.00',
      price: { net: '3.20' },
      vat: { category: 'M', rate: '4' },
      item: { name: 'Café', classifications: [] },
    }),
  ],
};

/**
 * A credit note (381) for part of RE-2024-0001, in US dollars with the VAT accounted in euros at
 * 0.92 EUR per USD: 4 × 125.00 = 500.00 USD, VAT 95.00 USD = 87.40 EUR (BT-111).
 */
export const foreignCreditNote: En16931Invoice = {
  number: 'GS-2024-0008',
  issue_date: '2024-04-08',
  type_code: '381',
  currency: 'USD',
  tax_currency: 'EUR',
  exchange_rate: '0.92',
  due_date: '2024-04-22',
  buyer_reference: LEITWEG_ID,
  notes: ['Gutschrift für zurückgesandte Ware.'],
  preceding_invoices: [{ number: 'RE-2024-0001', issue_date: '2024-03-31' }],
  seller: SELLER_DE,
  buyer: BUYER_DE,
  delivery_date: '2024-03-15',
  payment: SEPA,
  allowances_charges: [],
  totals: {
    line_net: '500.00',
    tax_exclusive: '500.00',
    vat: '95.00',
    vat_in_tax_currency: '87.40',
    tax_inclusive: '595.00',
    payable: '595.00',
  },
  vat_breakdown: [{ taxable_amount: '500.00', tax_amount: '95.00', category: 'S', rate: '19' }],
  lines: [
    line({
      id: '1',
      quantity: '4',
      net_amount: '500.00',
      price: { net: '125.00' },
      vat: { category: 'S', rate: '19' },
      item: { name: 'Kartenleser (Rücksendung)', sellers_id: 'KL-7', classifications: [] },
    }),
  ],
};

/**
 * A Belgian invoice paid by credit transfer with a structured communication (OGM) in BT-83:
 * 7 h × 85.00 = 595.00, VAT 21 % = 124.95.
 */
export const belgianInvoice: En16931Invoice = {
  number: 'BE-2024-0009',
  issue_date: '2024-04-09',
  type_code: '380',
  currency: 'EUR',
  due_date: '2024-05-09',
  buyer_reference: LEITWEG_ID,
  notes: [],
  preceding_invoices: [],
  seller: {
    name: 'Voorbeeld BV',
    identifiers: [],
    legal_registration: { id: '0123456749', scheme: '0208' },
    vat_identifier: 'BE0123456749',
    electronic_address: { id: '0123456749', scheme: '0208' },
    address: { line1: 'Kerkstraat 1', city: 'Gent', postal_code: '9000', country: 'BE' },
    contact: { name: 'Jan Peeters', phone: '+32 9 123 45 67', email: 'jan.peeters@voorbeeld.example' },
  },
  buyer: {
    name: 'Klant NV',
    identifiers: [],
    vat_identifier: 'BE0987654312',
    electronic_address: { id: '0987654312', scheme: '0208' },
    address: { line1: 'Marktplein 3', city: 'Brugge', postal_code: '8000', country: 'BE' },
  },
  delivery_date: '2024-04-05',
  payment: {
    means_code: '30',
    remittance_information: '+++123/4567/89002+++',
    credit_transfers: [{ id: 'BE68539007547034', name: 'Voorbeeld BV', provider: 'GKCCBEBB' }],
  },
  allowances_charges: [],
  totals: {
    line_net: '595.00',
    tax_exclusive: '595.00',
    vat: '124.95',
    tax_inclusive: '719.95',
    payable: '719.95',
  },
  vat_breakdown: [{ taxable_amount: '595.00', tax_amount: '124.95', category: 'S', rate: '21' }],
  lines: [
    line({
      id: '1',
      quantity: '7',
      unit_code: 'HUR',
      net_amount: '595.00',
      price: { net: '85.00' },
      vat: { category: 'S', rate: '21' },
      item: { name: 'Consultancy', classifications: [] },
    }),
  ],
};

/** Every fixture by name. */
export const CII_FIXTURES: Readonly<Record<string, En16931Invoice>> = {
  standardInvoice,
  reverseChargeInvoice,
  intraCommunityInvoice,
  exportInvoice,
  notSubjectInvoice,
  canaryInvoice,
  ceutaInvoice,
  foreignCreditNote,
  belgianInvoice,
};

/**
 * A long invoice: `count` copies of one S 19 % line (3 × 12.34 = 37.02 each), for speed and size.
 */
export function longInvoice(count: number): En16931Invoice {
  const lines: En16931Line[] = [];
  for (let index = 1; index <= count; index++)
    lines.push(
      line({
        id: String(index),
        quantity: '3',
        net_amount: '37.02',
        price: { net: '12.34' },
        vat: { category: 'S', rate: '19' },
        item: { name: `Artikel ${String(index)}`, sellers_id: `A-${String(index)}`, classifications: [] },
      }),
    );
  // 37.02 × count, and 19 % of it, worked out in cents.
  const netCents = 3702n * BigInt(count);
  const vatCents = (netCents * 19n + 50n) / 100n;
  const cents = (value: bigint) =>
    `${(value / 100n).toString()}.${(value % 100n).toString().padStart(2, '0')}`;
  return {
    ...standardInvoice,
    number: `LANG-${String(count)}`,
    tax_point_date: undefined,
    allowances_charges: [],
    totals: {
      line_net: cents(netCents),
      tax_exclusive: cents(netCents),
      vat: cents(vatCents),
      tax_inclusive: cents(netCents + vatCents),
      payable: cents(netCents + vatCents),
    },
    vat_breakdown: [
      { taxable_amount: cents(netCents), tax_amount: cents(vatCents), category: 'S', rate: '19' },
    ],
    lines,
  };
}
