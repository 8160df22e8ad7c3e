/**
 * Stored invoices, accounts and contacts that reproduce the official MF FA(3) samples
 * (`shared/samples/ksef/official-mf/`), for `generateKsefTaxReport` (issue #5). They are built on the
 * stored-resource fixtures of `fixtures.ts` (parsed through the stored schemas, so a fixture that
 * drifts from the model fails loudly) with Polish data: the seller, buyer and third parties of the
 * samples, their NIPs (which carry correct check digits), lines, references and amounts. Every
 * function returns a fresh object.
 */

import type { KsefSource } from '../../src/ksef/generate/generateKsefTaxReport.js';
import type { Account } from '../../src/model/account.js';
import type { Contact } from '../../src/model/contact.js';
import type { Invoice } from '../../src/model/invoice.js';
import { type Body, storedAccount, storedContact, storedInvoice } from './fixtures.js';

/** The seller NIP of every MF sample. */
export const SELLER_NIP = '9999999999';
/** The buyer NIP of the MF samples. */
export const BUYER_NIP = '1111111111';
/** The JST unit (school) of MF sample 9. */
export const UNIT_NIP = '2222222222';
/** The KSeF number the MF samples reference. */
export const KSEF_NUMBER = '9999999999-20230908-8BEF280C8D35-4D';

/**
 * The seller of the MF samples (`Podmiot1` + `Stopka/Rejestry`): ABC AGD sp. z o. o., NIP 9999999999,
 * KRS / REGON / BDO as routing codes with schemes 8037 / 8036 / 8038. Accumulated mode (the account
 * default), half-up: MF sample 1's `P_14_1` 383.33 is R(1666.66 × 23 %).
 */
export function polishAccount(overrides: Body = {}): Account {
  return storedAccount({
    name: 'ABC AGD sp. z o. o.',
    tin_scheme: '9945',
    tin_value: SELLER_NIP,
    address: 'ul. Kwiatowa 1 m. 2',
    address2: null,
    city: 'Warszawa',
    postalcode: '00-001',
    province: null,
    country: 'PL',
    currency: 'PLN',
    language: 'pl',
    email: 'abc@abc.pl',
    phone: '667444555',
    routing_codes: {
      cin1_value: '0000099999',
      cin1_scheme: '8037',
      cin2_value: '999999999',
      cin2_scheme: '8036',
      cin3_value: '000099999',
      cin3_scheme: '8038',
    },
    apply_taxes_per_line: false,
    skip_line_taxable_base_rounding: false,
    ...overrides,
  });
}

/** The buyer of the MF samples (`Podmiot2`): F.H.U. Jan Kowalski, NIP 1111111111. */
export function polishContact(overrides: Body = {}): Contact {
  return storedContact({
    name: 'F.H.U. Jan Kowalski',
    tin_scheme: '9945',
    tin_value: BUYER_NIP,
    address: 'ul. Polna 1',
    city: 'Warszawa',
    postalcode: '00-001',
    province: null,
    country: 'PL',
    currency: 'PLN',
    language: 'pl',
    email: 'jan@kowalski.pl',
    phone: '555777999',
    routing_codes: {},
    bank_account: null,
    ...overrides,
  });
}

/** A stored line with one tax (`category` only when given). */
export function taxLine(
  id: number,
  description: string,
  quantity: string,
  price: string,
  percent: string,
  category?: string,
  extra: Body = {},
): Body {
  return {
    id,
    description,
    unit: 'szt.',
    quantity,
    price,
    taxes_attributes: [{ name: 'VAT', percent, ...(category === undefined ? {} : { category }) }],
    ...extra,
  };
}

/**
 * A stored Polish invoice (id 200 of account 1) to the MF buyer: number `2026/02/150` in series `FV`
 * (so `P_2` is MF's `FV2026/02/150`), issued 2026-02-15, PLN; no bank account, order or references
 * unless `overrides` add them.
 */
export function polishInvoice(overrides: Body = {}): Invoice {
  return storedInvoice({
    id: 200,
    number: '2026/02/150',
    series_code: 'FV',
    date: '2026-02-15',
    due_date: null,
    currency: 'PLN',
    language: 'pl',
    contact_id: 7,
    contact: { id: 7, name: 'F.H.U. Jan Kowalski', tin_scheme: '9945', tin_value: BUYER_NIP, country: 'PL' },
    ponumber: null,
    bank_account: null,
    buyer_reference: 'fdfd778343',
    ...overrides,
  });
}

/** The source of a report: the invoice with the MF seller and buyer. */
export function source(invoice: Invoice, extra: Partial<KsefSource> = {}): KsefSource {
  return { invoice, account: polishAccount(), contact: polishContact(), ...extra };
}

/**
 * MF sample 1 (VAT, 23 % + 5 %): a fridge 1626.01 and its delivery 40.65 at 23 %, a promotion 0.95
 * at 5 %; delivered 2026-01-27, ordered 2026-01-26 as 4354343, paid by transfer.
 */
export function mf1Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'VAT',
    tax_point_date: '2026-01-27',
    ponumber: '4354343',
    order_date: '2026-01-26',
    payment_method: 'TRANSFER',
    lines: [
      taxLine(1, 'lodówka Zimnotech mk1', '1', '1626.01', '23'),
      taxLine(2, 'wniesienie sprzętu', '1', '40.65', '23'),
      taxLine(3, 'promocja lodówka pełna mleka', '1', '0.95', '5'),
    ],
    total: '2050.99',
    payable_amount: '2050.99',
    ...overrides,
  });
}

/**
 * MF sample 9 (JST): a leasing instalment 2000 at 23 % and insurance 300 exempt (category `E`) to the
 * gmina, with its school as third party; the exemption basis comes with the source.
 */
export function mf9Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'VAT',
    due_date: '2026-03-15',
    payment_method: '4',
    bank_account: {
      iban: 'PL73111111111111111111111111',
      bic: null,
      bank_name: 'Bank Bankowości Bankowej S. A.',
    },
    apply_to_local_government_unit: true,
    third_party: {
      role: 'local_government_unit_recipient',
      name: 'Szkoła Podstawowa w Bzdziszewie',
      tin_value: UNIT_NIP,
      address: 'ul. Akacjowa 200',
      postalcode: '00-007',
      city: 'Bzdziszewo',
      country: 'PL',
    },
    lines: [
      taxLine(1, 'rata leasingowa za 01/2026', '1', '2000', '23'),
      taxLine(2, 'pakiet ubezpieczeń za 01/2026', '1', '300', '0', 'E'),
    ],
    total: '2760.00',
    payable_amount: '2760.00',
    ...overrides,
  });
}

/** The buyer of MF sample 9: the gmina. */
export function mf9Contact(): Contact {
  return polishContact({
    name: 'Gmina Bzdziszewo',
    address: 'Bzdziszewo 1',
    postalcode: '00-007',
    city: 'Bzdziszewo',
    email: 'bzdziszewo@tuwartoinwestowac.pl',
  });
}

/** The two order lines of MF samples 10–13 before the rate change: a flat and extra services, 23 %. */
function flatOrder(flatNet: string, flatPercent: string): Body[] {
  return [
    taxLine(1, 'mieszkanie 50m^2', '1', flatNet, flatPercent),
    taxLine(2, 'usługi dodatkowe', '1', '5000', '23'),
  ];
}

/** MF sample 10 (ZAL): an advance of 20000 on an order of 300000 + 5000 at 23 % (375150 gross). */
export function mf10Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'ZAL',
    number: 'FZ2026/02/150',
    series_code: null,
    payment_method: 'transfer',
    lines: flatOrder('300000', '23'),
    total: '20000.00',
    payable_amount: '20000.00',
    ...overrides,
  });
}

/**
 * MF sample 12 (KOR_ZAL): the advance raised from 20000 to 30000 on an order of 341666.67 at 8 %
 * (369000 gross) + 5000 at 23 %; the amend reference is the ZAL of 20000 with its KSeF number.
 */
export function mf12Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'KOR_ZAL',
    number: 'FK2026/03/7',
    series_code: null,
    date: '2026-03-17',
    tax_point_date: '2026-02-15',
    lines: flatOrder('341666.67', '8'),
    invoice_references: [
      {
        id: 51,
        reference_type: 'amend',
        number: 'FZ2026/02/150',
        date: '2026-02-15',
        reason: 'błędne zafakturowanie zaniżonej kwoty zadatku 20000 powinno być 30000',
        tax_registration_code: KSEF_NUMBER,
        tax_correction_code: '1',
        total_amount: '20000',
        currency: 'PLN',
      },
    ],
    total: '30000.00',
    payable_amount: '30000.00',
    ...overrides,
  });
}

/** The settlement lines of MF samples 14, 17, 18: the flat 307500 at 8 % and services 4500 at 23 %. */
function settlementLines(): Body[] {
  return [
    taxLine(1, 'mieszkanie 50m^2', '1', '307500', '8', undefined, {
      classification_code: 'GTU_10',
      classification_code_scheme: 'GTU',
    }),
    taxLine(2, 'usługi dodatkowe', '1', '4500', '23'),
  ];
}

/** MF sample 14 (ROZ): the order settled after advances of 30000 (one ZAL with a KSeF number). */
export function mf14Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'ROZ',
    number: 'FV2026/08/12',
    series_code: null,
    date: '2026-08-17',
    tax_point_date: '2026-09-17',
    due_date: '2026-09-15',
    payment_method: 'TRANSFER',
    bank_account: { iban: 'PL73111111111111111111111111', bank_name: 'Bank Bankowości Bankowej S. A.' },
    lines: settlementLines(),
    invoice_references: [
      {
        id: 61,
        reference_type: 'prepayment',
        tax_registration_code: KSEF_NUMBER,
        total_amount: '30000.00',
        currency: 'PLN',
      },
    ],
    total: '337635.00',
    payable_amount: '337635.00',
    ...overrides,
  });
}

/**
 * MF sample 18 (KOR_ROZ): the settlement of sample 17, which left 300000 to pay, corrected to the
 * advances actually paid (30000): the amend reference's `total_amount` is the 300000 left before.
 */
export function mf18Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'KOR_ROZ',
    number: 'FK2026/09/1',
    series_code: null,
    date: '2026-08-17',
    tax_point_date: '2026-09-17',
    lines: settlementLines(),
    invoice_references: [
      {
        id: 71,
        reference_type: 'amend',
        number: 'FV2026/08/12',
        date: '2026-08-17',
        reason: 'błędne zafakturowanie kwoty pozostałej do zapłaty: było 300000, a powinno być 307635',
        tax_registration_code: KSEF_NUMBER,
        tax_correction_code: '1',
        total_amount: '300000',
      },
      {
        id: 72,
        reference_type: 'prepayment',
        tax_registration_code: '9999999999-20230908-76B2B580D4DC-80',
        total_amount: '30000',
      },
    ],
    total: '337635.00',
    payable_amount: '337635.00',
    ...overrides,
  });
}

/**
 * MF sample 20 (EUR): three appliances at 23 % with CN codes (13560 EUR net), NBP rate 4.5005 of
 * 2026-02-13, ordered 2026-01-26 as 4354343, due 2026-03-15 by transfer.
 */
export function mf20Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'VAT',
    currency: 'EUR',
    exchange_rate: '4.5005',
    exchange_date: '2026-02-13',
    due_date: '2026-03-15',
    ponumber: '4354343',
    order_date: '2026-01-26',
    payment_method: 'TRANSFER',
    lines: [
      taxLine(1, 'lodówka Zimnotech mk1', '10', '406', '23', undefined, {
        classification_code: '8418 21 91',
        classification_code_scheme: 'CN',
      }),
      taxLine(2, 'zamrażarka Zimnotech mk2', '20', '250', '23', undefined, {
        classification_code: '8418 40 20',
        classification_code_scheme: 'CN',
      }),
      taxLine(3, 'zmywarka Bryza 100', '15', '300', '23', undefined, {
        classification_code: '8422 11 00',
        classification_code_scheme: 'CN',
      }),
    ],
    total: '16678.80',
    payable_amount: '16678.80',
    ...overrides,
  });
}

/** The buyer of MF sample 20: CDE sp. j. in Kraków. */
export function mf20Contact(): Contact {
  return polishContact({
    name: 'CDE sp. j.',
    address: 'ul. Sadowa 1 lok. 3',
    postalcode: '00-002',
    city: 'Kraków',
    email: 'cde@cde.pl',
  });
}

/** MF sample 3 (KOR): a price reduction of 162.60 net on the fridge of sample 1, as a difference row. */
export function mf3Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: null,
    is_credit_note: true,
    number: 'FK2026/03/200',
    series_code: null,
    date: '2026-03-15',
    tax_point_date: '2026-01-27',
    lines: [taxLine(1, 'lodówka Zimnotech mk1', '1', '-162.60', '23')],
    invoice_references: [
      {
        id: 81,
        reference_type: 'amend',
        number: '2026/02/150',
        series_code: 'FV',
        date: '2026-02-15',
        reason: 'obniżka ceny o 200 zł z uwagi na uszkodzenia estetyczne',
        tax_registration_code: KSEF_NUMBER,
        tax_correction_code: '3',
        total_amount: '2050.99',
      },
    ],
    total: '-200.00',
    payable_amount: '-200.00',
    ...overrides,
  });
}

/** MF sample 15 (UPR): a drill for 450 gross to a buyer known only by its NIP. */
export function mf15Invoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type: 'IssuedSimplifiedInvoice',
    type_code: null,
    tax_point_date: '2026-01-03',
    contact_id: null,
    contact: { tin_value: BUYER_NIP },
    buyer_reference: null,
    lines: [taxLine(1, 'wiertarka Wiertex mk5', '1', '365.85', '23')],
    total: '450.00',
    payable_amount: '450.00',
    ...overrides,
  });
}

/**
 * A VAT invoice to a VAT group (GV) whose member receives it (Podmiot3 role 10): the member is
 * identified by an internal id `NIP-NNNNN` (`IDWew`).
 */
export function gvInvoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'VAT',
    number: 'FV2026/04/77',
    series_code: null,
    date: '2026-04-20',
    apply_to_vat_group_member: true,
    third_party: {
      name: 'Członek Grupy VAT sp. z o.o.',
      cin_value: '1111111111-00002',
      address: 'ul. Grupowa 2',
      postalcode: '00-950',
      city: 'Warszawa',
      country: 'PL',
    },
    lines: [taxLine(1, 'usługa serwisowa', '2', '150.50', '23')],
    total: '370.23',
    payable_amount: '370.23',
    ...overrides,
  });
}

/**
 * An invoice with every category rate of FA(3) besides 23 % and 8 %: exempt (`E` → zw), domestic
 * reverse charge (`AE` → oo), outside Poland (`O` → np I), EU services (`np II`), 0 % domestic
 * (`Z` → 0 KR), intra-EU supply (`K` → 0 WDT), export (`G` → 0 EX), and a line with a 10 %
 * discount (P_10 per unit).
 */
export function multiRateInvoice(overrides: Body = {}): Invoice {
  return polishInvoice({
    type_code: 'VAT',
    number: 'FV2026/05/9',
    series_code: null,
    date: '2026-05-04',
    due_date: '2026-05-18',
    payment_method: 'cash',
    sales_order_reference: 'SO-2026-118',
    buyer_accounting_reference: 'KK-501',
    delivery_note_number: '44343434/2026',
    contract_number: 'UM/2026/3',
    lines: [
      taxLine(1, 'doradztwo', '2', '1000', '23', 'S', {
        allowance_charges_attributes: [{ allowance_charge_indicator: 'allowance', percentage: '10' }],
      }),
      taxLine(2, 'książki', '3', '40', '8'),
      taxLine(3, 'usługa medyczna', '1', '250', '0', 'E'),
      taxLine(4, 'złom stalowy', '100', '2.5', '0', 'AE'),
      taxLine(5, 'usługa poza Polską', '1', '500', '0', 'O'),
      taxLine(6, 'usługa dla podatnika z UE', '1', '700', '0', 'np II'),
      taxLine(7, 'statek morski', '1', '1500', '0', 'Z'),
      taxLine(8, 'dostawa do Niemiec', '4', '125', '0', 'K'),
      taxLine(9, 'eksport do USA', '2', '400', '0', 'G'),
    ],
    total: '6882.40',
    payable_amount: '6882.40',
    ...overrides,
  });
}
