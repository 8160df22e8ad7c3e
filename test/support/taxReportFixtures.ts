/**
 * Valid tax report bodies for the model and rule tests (spec §2.7, sii.md §10): one Ksef body per
 * KSeF type code and one SiiDocument body per book. Every function returns a fresh object, so a test
 * may change it freely. Each body parses with `parseTaxReport(…, 'create')` and breaks no rule
 * (checked in test/rules/ksefTaxReport.test.ts and test/rules/siiTaxReport.test.ts), so a test that
 * changes one field sees only the issues that field causes.
 */
import type { KsefTypeCode } from '../../src/codelists/invoiceTypes.js';
import type { SiiBookType } from '../../src/model/siiTaxReport.js';

/** A JSON-like object body. */
export type Body = Record<string, unknown>;

/**
 * A Ksef tax report body of the given type code with every field its rules need: the advance
 * amounts for ZAL / KOR_ZAL, one prepayment reference for ROZ / KOR_ROZ, a JST buyer with its unit
 * as third party (role 8, MF sample 9 style).
 */
export function validKsefBody(invoice_type_code: KsefTypeCode = 'VAT'): Body {
  const body: Body = {
    type: 'Ksef',
    invoice_type_code,
    customer_party_jst: true,
    customer_party_gv: false,
    purchase_order_date: '2026-03-01',
    despatch_advice_reference: 'WZ 44343434/2026',
    supplier_party_krs: '0000012345',
    supplier_party_regon: '123456785',
    supplier_party_bdo: '000012345',
    supplier_contact_phone: '+48221234567',
    supplier_contact_email: 'faktury@example.pl',
    third_party_role: '8',
    third_party_name: 'Szkoła Podstawowa nr 1',
    third_party_tax_id: '9999999999',
    third_party_tax_scheme: '9945',
    third_party_address: 'ul. Szkolna 1',
    third_party_postalcode: '00-001',
    third_party_city: 'Warszawa',
    third_party_country: 'PL',
  };
  if (invoice_type_code === 'ZAL' || invoice_type_code === 'KOR_ZAL') body.order_total_amount = '12300.00';
  if (invoice_type_code === 'KOR_ZAL') body.previous_advance_total = '1230.00';
  if (invoice_type_code === 'ROZ' || invoice_type_code === 'KOR_ROZ')
    body.prepayment_references = [{ number: 'FZ/1/2026' }];
  return body;
}

const SUPPLIER = {
  supplier_party_name: 'PROVEEDOR EJEMPLO SL',
  supplier_party_tax_id: 'B76543214',
  supplier_party_tax_scheme: '9920',
  supplier_party_country: 'ES',
};

const CUSTOMER = {
  customer_party_name: 'EMPRESA EJEMPLO SL',
  customer_party_tax_id: 'B12345674',
  customer_party_tax_scheme: '9920',
  customer_party_country: 'ES',
};

const HEADER = { communication_type: 'A0', period_year: 2026, period: '03' };

const INVOICE_ID = { invoice_number: '2026-A-000123', invoice_date: '2026-03-15' };

/** The Expedida example of sii.md §10 (amounts add up: 1000 + 210 + 52 + 200 = 1462). */
function expedida(): Body {
  return {
    type: 'SiiDocument',
    book_type: 'Expedida',
    ...HEADER,
    ...INVOICE_ID,
    invoice_type_code: 'F1',
    special_regime_key: '01',
    additional_special_regime_keys: [],
    description: 'Venta de mercaderías',
    tax_inclusive_amount: '1462.00',
    ...CUSTOMER,
    tax_breakdowns: [
      {
        operation_type: 'goods',
        category: 'S',
        non_exemption_code: 'S1',
        percent: '21.00',
        taxable_base: '1000.00',
        tax_amount: '210.00',
        surcharge_percent: '5.20',
        surcharge_amount: '52.00',
      },
      { operation_type: 'services', category: 'E', reason_vat_exempt: 'E1', taxable_base: '200.00' },
    ],
  };
}

const BOOKS: Record<SiiBookType, () => Body> = {
  Expedida: expedida,
  Recibida: () => ({
    type: 'SiiDocument',
    book_type: 'Recibida',
    ...HEADER,
    ...SUPPLIER,
    ...INVOICE_ID,
    invoice_type_code: 'F1',
    special_regime_key: '01',
    description: 'Compra de material de oficina',
    tax_inclusive_amount: '121.00',
    tax_breakdowns: [{ category: 'S', percent: '21.00', taxable_base: '100.00', tax_amount: '21.00' }],
    accounting_date: '2026-03-16',
    deductible_tax_amount: '21.00',
  }),
  Inversion: () => ({
    type: 'SiiDocument',
    book_type: 'Inversion',
    communication_type: 'A0',
    period_year: 2026,
    period: '0A',
    ...SUPPLIER,
    ...INVOICE_ID,
    capital_good: {
      identification: 'Nave industrial 3',
      start_date: '2024-01-10',
      annual_proration: '80.00',
      annual_regularization: '-125.40',
    },
  }),
  Intracomunitaria: () => ({
    type: 'SiiDocument',
    book_type: 'Intracomunitaria',
    ...HEADER,
    ...SUPPLIER,
    ...INVOICE_ID,
    ...CUSTOMER,
    customer_party_tax_scheme: '02',
    customer_party_tax_id: 'FR12345678901',
    customer_party_country: 'FR',
    intra_community_operation: {
      operation_key: 'A',
      declared_key: 'R',
      member_state: 'FR',
      term_days: 90,
      goods_description: 'Moldes para reparación',
      operator_address: '1 Rue de la Paix, 75002 Paris',
    },
  }),
  Metalico: () => ({
    type: 'SiiDocument',
    book_type: 'Metalico',
    communication_type: 'A0',
    period_year: 2025,
    period: '0A',
    ...CUSTOMER,
    tax_inclusive_amount: '7500.00',
  }),
  CobrosEmitidas: () => ({
    type: 'SiiDocument',
    book_type: 'CobrosEmitidas',
    ...INVOICE_ID,
    payments: [{ date: '2026-04-02', amount: '1462.00', method: '01', account: 'ES9121000418450200051332' }],
  }),
  PagosRecibidas: () => ({
    type: 'SiiDocument',
    book_type: 'PagosRecibidas',
    ...SUPPLIER,
    ...INVOICE_ID,
    payments: [{ date: '2026-04-02', amount: '121.00', method: '02' }],
  }),
  Seguros: () => ({
    type: 'SiiDocument',
    book_type: 'Seguros',
    communication_type: 'A0',
    period_year: 2025,
    period: '0A',
    ...CUSTOMER,
    insurance_operation_key: 'A',
    tax_inclusive_amount: '3500.00',
  }),
  AgenciasViajes: () => ({
    type: 'SiiDocument',
    book_type: 'AgenciasViajes',
    communication_type: 'A0',
    period_year: 2025,
    period: '0A',
    ...CUSTOMER,
    tax_inclusive_amount: '4800.00',
  }),
};

/** A valid SiiDocument body of the given book (sii.md §2, §10). */
export function validSiiBody(book: SiiBookType = 'Expedida'): Body {
  return structuredClone(BOOKS[book]());
}
