/**
 * Hand-written Ksef tax reports, one complete valid report per FA(3) situation the builder must
 * get right (ksef-fa3.md §11 names the MF sample each follows). Every function returns a fresh
 * object, so a test may change it. The NIPs are the MF samples' (9999999999, 1111111111,
 * 3333333333: repdigits pass the NIP checksum) and the KSeF numbers are the MF samples' too.
 */
import type { KsefTaxReportCreate } from '../../src/model/ksefTaxReport.js';

/** A KSeF number from MF sample 18 (`TNumerKSeF` without the middle dash). */
export const KSEF_NUMBER = '9999999999-20230908-8BEF280C8D35-4D';
/** Another KSeF number from MF sample 18. */
export const KSEF_NUMBER_2 = '9999999999-20230908-76B2B580D4DC-80';

/** The seller of every fixture (MF sample 1), with contacts and registers. */
function seller(): Partial<KsefTaxReportCreate> {
  return {
    supplier_party_tax_id: '9999999999',
    supplier_party_name: 'ABC AGD sp. z o. o.',
    supplier_party_address: 'ul. Kwiatowa 1 m. 2',
    supplier_party_postalcode: '00-001',
    supplier_party_city: 'Warszawa',
    supplier_party_country: 'PL',
    supplier_contact_email: 'abc@abc.pl',
    supplier_contact_phone: '667444555',
  };
}

/** A Polish buyer with a NIP, an address and contacts (MF sample 1). */
function buyer(): Partial<KsefTaxReportCreate> {
  return {
    customer_party_tax_id: '1111111111',
    customer_party_name: 'F.H.U. Jan Kowalski',
    customer_party_address: 'ul. Polna 1',
    customer_party_postalcode: '00-001',
    customer_party_city: 'Warszawa',
    customer_party_country: 'PL',
    customer_party_email: 'jan@kowalski.pl',
    customer_party_phone: '555777999',
    customer_party_jst: false,
    customer_party_gv: false,
  };
}

/**
 * A basic `VAT` invoice (MF sample 1): two rates, paid with a due date, payment method and bank
 * account, a purchase order and a contract, notes, despatch note, footer and every register.
 */
export function vatReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV2026/02/150',
    date: '2026-02-15',
    issue_place: 'Warszawa',
    currency: 'PLN',
    tax_point_date: '2026-01-27',
    despatch_advice_reference: 'WZ 44343434/2026',
    ...seller(),
    ...buyer(),
    customer_party_number: 'fdfd778343',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '1666.66', tax_amount: '383.33' },
      { bucket: '3', taxable_base: '0.95', tax_amount: '0.05' },
    ],
    total_amount: '2051',
    receipt_invoice: true,
    additional_info: [{ key: 'preferowane godziny dowozu', value: 'dni robocze 17:00 - 20:00' }],
    lines: [
      {
        uuid: 'aaaa111133339990',
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1626.01',
        net_amount: '1626.01',
        tax_category: '23',
        gtin: '5901234123457',
      },
      {
        uuid: 'aaaa111133339991',
        description: 'wniesienie sprzętu',
        unit: 'szt.',
        quantity: '1',
        price: '40.65',
        net_amount: '40.65',
        tax_category: '23',
      },
      {
        uuid: 'aaaa111133339992',
        description: 'promocja lodówka pełna mleka',
        unit: 'szt.',
        quantity: '1',
        price: '0.95',
        net_amount: '0.95',
        tax_category: '5',
      },
    ],
    paid: true,
    payment_date: '2026-01-27',
    due_date: '2026-03-01',
    payment_method: '6',
    bank_accounts: [
      { account_number: 'PL61109010140000071219812874', bic: 'WBKPPLPP', bank_name: 'Santander Bank Polska' },
    ],
    contract_number: 'U/2025/7',
    contract_date: '2025-12-01',
    purchase_order_number: '4354343',
    purchase_order_date: '2026-01-26',
    footer_text: 'Kapitał zakładowy 5 000 000',
    supplier_party_krs: '0000099999',
    supplier_party_regon: '999999999',
    supplier_party_bdo: '000099999',
    prepayment_references: [],
  };
}

/**
 * A `KOR` as a before/after pair (MF sample 2): the same `NrWierszaFa` on both rows, `StanPrzed`
 * on the "before" row, the corrected invoice by its KSeF number.
 */
export function korReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'KOR',
    number: 'FK2026/03/200',
    date: '2026-03-15',
    currency: 'PLN',
    ...seller(),
    ...buyer(),
    tax_breakdowns: [{ bucket: '1', taxable_base: '-162.60', tax_amount: '-37.40' }],
    total_amount: '-200',
    correction_reason: 'obniżka ceny',
    correction_type: '2',
    corrected_invoices: [{ date: '2026-02-15', number: 'FV2026/02/150', registration_code: KSEF_NUMBER }],
    lines: [
      {
        line_number: 1,
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1626.01',
        net_amount: '1626.01',
        tax_category: '23',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'lodówka Zimnotech mk1',
        unit: 'szt.',
        quantity: '1',
        price: '1463.41',
        net_amount: '1463.41',
        tax_category: '23',
      },
    ],
    prepayment_references: [],
  };
}

/**
 * A `ZAL` advance (MF sample 10): order lines and no invoice lines, the advance's split in
 * `P_13_1` / `P_14_1`, paid, and an additional buyer (role 4) with a share.
 */
export function zalReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'ZAL',
    number: 'FZ2026/02/1',
    date: '2026-02-15',
    currency: 'PLN',
    tax_point_date: '2026-02-10',
    ...seller(),
    ...buyer(),
    third_party_role: '4',
    third_party_name: 'F.H.U. Grażyna Kowalska',
    third_party_tax_id: '3333333333',
    third_party_tax_scheme: 'NIP',
    third_party_country: 'PL',
    third_party_address: 'ul. Polna 1',
    third_party_postalcode: '00-001',
    third_party_city: 'Warszawa',
    third_party_share: '50',
    tax_breakdowns: [{ bucket: '1', taxable_base: '16260.16', tax_amount: '3739.84' }],
    total_amount: '20000',
    paid: true,
    payment_date: '2026-02-10',
    payment_method: '6',
    order_total_amount: '375150',
    order_lines: [
      {
        description: 'dom jednorodzinny',
        unit: 'szt.',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '70150',
        tax_category: '23',
      },
    ],
    prepayment_references: [],
  };
}

/**
 * A `KOR_ZAL` (MF sample 12: the advance raised from 20000 to 30000): `P_15ZK`, the corrected
 * advance invoice issued outside KSeF (`NrKSeFN`), order lines as a before/after pair.
 */
export function korZalReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'KOR_ZAL',
    number: 'FKZ2026/03/1',
    date: '2026-03-01',
    currency: 'PLN',
    ...seller(),
    ...buyer(),
    tax_breakdowns: [
      { bucket: '1', taxable_base: '133.28', tax_amount: '30.65' },
      { bucket: '2', taxable_base: '9107.47', tax_amount: '728.60' },
    ],
    total_amount: '10000',
    correction_reason: 'zwiększenie zaliczki',
    correction_type: '2',
    corrected_invoices: [{ date: '2026-02-15', number: 'FZ2026/02/1' }],
    previous_advance_total: '20000',
    order_total_amount: '375150',
    order_lines: [
      {
        line_number: 1,
        description: 'dom jednorodzinny',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '70150',
        tax_category: '23',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'dom jednorodzinny',
        quantity: '1',
        price: '305000',
        net_amount: '305000',
        tax_amount: '24400',
        tax_category: '8',
      },
    ],
    prepayment_references: [],
  };
}

/**
 * A `ROZ` settlement (MF sample 14): the remainder in the buckets, full lines, one advance by its
 * KSeF number and one issued outside KSeF by its number.
 */
export function rozReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'ROZ',
    number: 'FV2026/08/12',
    date: '2026-08-17',
    currency: 'PLN',
    tax_point_date: '2026-08-10',
    ...seller(),
    ...buyer(),
    tax_breakdowns: [
      { bucket: '1', taxable_base: '4100.16', tax_amount: '943.04' },
      { bucket: '2', taxable_base: '280177.59', tax_amount: '22414.21' },
    ],
    total_amount: '307635',
    prepayment_references: [{ registration_code: KSEF_NUMBER_2 }, { number: 'FZ/2026/01/7' }],
    lines: [
      {
        description: 'mieszkanie 50m2',
        unit: 'szt.',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
        gtu: 'GTU_10',
      },
      {
        description: 'garaż',
        unit: 'szt.',
        quantity: '1',
        price: '4500',
        net_amount: '4500',
        tax_category: '23',
      },
    ],
  };
}

/** A `KOR_ROZ` (MF sample 18): `P_15ZK` (the amount due before), advances repeated, lines as pairs. */
export function korRozReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'KOR_ROZ',
    number: 'FK2026/09/1',
    date: '2026-08-17',
    currency: 'PLN',
    ...seller(),
    ...buyer(),
    tax_breakdowns: [
      { bucket: '1', taxable_base: '101.76', tax_amount: '23.41' },
      { bucket: '2', taxable_base: '6953.54', tax_amount: '556.29' },
    ],
    total_amount: '7635',
    correction_reason: 'błędne zafakturowanie kwoty pozostałej do zapłaty',
    correction_type: '1',
    corrected_invoices: [{ date: '2026-08-17', number: 'FV2026/08/12', registration_code: KSEF_NUMBER }],
    previous_advance_total: '300000',
    prepayment_references: [{ registration_code: KSEF_NUMBER_2 }],
    lines: [
      {
        line_number: 1,
        description: 'mieszkanie 50m^2',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
        before_correction: true,
      },
      {
        line_number: 1,
        description: 'mieszkanie 50m2',
        quantity: '1',
        price: '307500',
        net_amount: '307500',
        tax_category: '8',
      },
    ],
  };
}

/** A simplified `UPR` (MF samples 15–16): the buyer a bare NIP, no name, no address. */
export function uprReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'UPR',
    number: 'FV2026/02/151',
    date: '2026-02-15',
    currency: 'PLN',
    ...seller(),
    customer_party_tax_id: '1111111111',
    tax_breakdowns: [{ bucket: '1', taxable_base: '81.30', tax_amount: '18.70' }],
    total_amount: '100',
    lines: [{ description: 'paliwo', tax_category: '23' }],
    prepayment_references: [],
  };
}

/** An invoice in EUR (MF sample 20): `KursWaluty` on the line, `P_14_1W` in the bucket. */
export function eurReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV2026/02/160',
    date: '2026-02-15',
    currency: 'EUR',
    ...seller(),
    ...buyer(),
    tax_breakdowns: [
      { bucket: '1', taxable_base: '13560', tax_amount: '3118.80', tax_amount_pln: '14036.16' },
    ],
    total_amount: '16678.80',
    lines: [
      {
        description: 'usługa doradcza',
        unit: 'h',
        quantity: '113',
        price: '120',
        net_amount: '13560',
        tax_category: '23',
        exchange_rate: '4.5005',
      },
    ],
    prepayment_references: [],
  };
}

/**
 * A `JST` invoice (MF sample 9): the buyer a gmina, the school as Podmiot3 with a NIP and role 8;
 * an exempt line with its legal basis; an invoicing period.
 */
export function jstReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV2026/02/170',
    date: '2026-02-28',
    currency: 'PLN',
    invoicing_period_start: '2026-02-01',
    invoicing_period_end: '2026-02-28',
    ...seller(),
    ...buyer(),
    customer_party_name: 'Gmina Bzdziszewo',
    customer_party_jst: true,
    third_party_role: '8',
    third_party_name: 'Szkoła Podstawowa w Bzdziszewie',
    third_party_tax_id: '3333333333',
    third_party_tax_scheme: 'NIP',
    third_party_country: 'PL',
    third_party_address: 'ul. Szkolna 1',
    third_party_postalcode: '00-003',
    third_party_city: 'Bzdziszewo',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '100', tax_amount: '23' },
      { bucket: '7', taxable_base: '50' },
    ],
    total_amount: '173',
    exemption_basis: 'art. 43 ust. 1 pkt 37 ustawy VAT',
    lines: [
      { description: 'dostawa energii', net_amount: '100', tax_category: '23' },
      { description: 'ubezpieczenie', net_amount: '50', tax_category: 'zw' },
    ],
    prepayment_references: [],
  };
}

/** A `GV` invoice (GOBL sample): the buyer a VAT group, the member as Podmiot3 by `IDWew`, role 10. */
export function gvReport(): KsefTaxReportCreate {
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV2026/02/180',
    date: '2026-02-15',
    currency: 'PLN',
    ...seller(),
    ...buyer(),
    customer_party_name: 'Grupa VAT Kowalski',
    customer_party_gv: true,
    third_party_role: '10',
    third_party_name: 'Kowalski Oddział Kraków',
    third_party_id: '1111111111-00001',
    third_party_country: 'PL',
    tax_breakdowns: [{ bucket: '1', taxable_base: '1000', tax_amount: '230' }],
    total_amount: '1230',
    lines: [{ description: 'usługa', quantity: '1', price: '1000', net_amount: '1000', tax_category: '23' }],
    prepayment_references: [],
  };
}

/**
 * Every rate category on one invoice: 23, 8, zw, oo, np I, np II, 0 KR, 0 WDT, 0 EX, each in its
 * bucket; the exemption basis (directive, `P_19B`) and reverse charge that come with them; the
 * seller's `PL` prefix for the intra-EU supply.
 */
export function multiRateReport(): KsefTaxReportCreate {
  const line = (description: string, net: string, tax_category: string) => ({
    description,
    quantity: '1',
    price: net,
    net_amount: net,
    tax_category: tax_category as NonNullable<KsefTaxReportCreate['lines']>[number]['tax_category'],
  });
  return {
    type: 'Ksef',
    invoice_type_code: 'VAT',
    number: 'FV2026/02/190',
    date: '2026-02-15',
    currency: 'PLN',
    ...seller(),
    supplier_party_vat_prefix: true,
    ...buyer(),
    reverse_charge: true,
    exemption_basis: 'art. 135 ust. 1 lit. a dyrektywy 2006/112/WE',
    exemption_basis_type: 'B',
    tax_breakdowns: [
      { bucket: '1', taxable_base: '100', tax_amount: '23' },
      { bucket: '2', taxable_base: '100', tax_amount: '8' },
      { bucket: '6_1', taxable_base: '100' },
      { bucket: '6_2', taxable_base: '100' },
      { bucket: '6_3', taxable_base: '100' },
      { bucket: '7', taxable_base: '100' },
      { bucket: '8', taxable_base: '100' },
      { bucket: '9', taxable_base: '100' },
      { bucket: '10', taxable_base: '100' },
    ],
    total_amount: '931',
    lines: [
      line('standard', '100', '23'),
      line('obniżona', '100', '8'),
      line('zwolniona', '100', 'zw'),
      line('odwrotne obciążenie', '100', 'oo'),
      line('poza krajem', '100', 'np I'),
      line('usługa art. 100', '100', 'np II'),
      line('zero krajowe', '100', '0 KR'),
      line('WDT', '100', '0 WDT'),
      line('eksport', '100', '0 EX'),
    ],
    prepayment_references: [],
  };
}

/** Every fixture by name, for tests that run all of them. */
export const KSEF_REPORTS: Readonly<Record<string, () => KsefTaxReportCreate>> = {
  VAT: vatReport,
  KOR: korReport,
  ZAL: zalReport,
  KOR_ZAL: korZalReport,
  ROZ: rozReport,
  KOR_ROZ: korRozReport,
  UPR: uprReport,
  EUR: eurReport,
  JST: jstReport,
  GV: gvReport,
  multiRate: multiRateReport,
};
