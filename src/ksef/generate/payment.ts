import type { KSEF_PAYMENT_METHODS } from '../../codelists/ksefCodes.js';
import type { Invoice } from '../../model/invoice.js';
import type { KsefBankAccount } from '../../model/ksefBankAccount.js';

/** An FA(3) `FormaPlatnosci` code. */
type KsefPaymentMethod = (typeof KSEF_PAYMENT_METHODS)[number];

/**
 * The invoice's `payment_method` values with an FA(3) `FormaPlatnosci` (`1` cash, `2` card, `3`
 * voucher, `4` cheque, `5` credit, `6` transfer, `7` mobile; ksef-fa3.md §3). The stored field is free
 * text (spec §2.4 lists it without a vocabulary), so fiscalkit reads two spellings, compared without
 * case and with `-`/space as `_`:
 *
 * - the service's internal payment-method codes as its payment-method guide lists them
 *   (developer.b2brouter.net/docs/payment_method_guide): `1` CASH → 1, `4` TRANSFER → 6, `11` CHEQUE → 4;
 * - the plain words `cash`, `card` (`credit_card`, `debit_card`, `bank_card`), `voucher`, `cheque`
 *   (`check`), `credit`, `transfer` (`bank_transfer`, `credit_transfer`, `sepa_credit_transfer`),
 *   `mobile` (`mobile_payment`).
 *
 * Everything else (direct debit, promissory notes, compensation, …: FA(3) has no code for them) is
 * written as `PlatnoscInna=1` + `OpisPlatnosci` with the names below, or the value as stored.
 */
export const FA3_PAYMENT_METHODS: Readonly<Record<string, KsefPaymentMethod>> = {
  '1': '1',
  '4': '6',
  '11': '4',
  cash: '1',
  card: '2',
  credit_card: '2',
  debit_card: '2',
  bank_card: '2',
  voucher: '3',
  cheque: '4',
  check: '4',
  credit: '5',
  transfer: '6',
  bank_transfer: '6',
  credit_transfer: '6',
  sepa_credit_transfer: '6',
  mobile: '7',
  mobile_payment: '7',
};

/** The service's internal codes without an FA(3) code, by the names of its payment-method guide. */
const DESCRIBED: Readonly<Record<string, string>> = {
  '2': 'Direct debit',
  '3': 'Hold for collection',
  '7': 'Payment by assignment or award',
  '10': 'Non-transferable promissory note',
  '12': 'Open account reimbursement',
  '13': 'Other',
  '14': 'Compensation',
};

/**
 * FA(3) `FormaPlatnosci` (or `PlatnoscInna` + `OpisPlatnosci`) of the invoice's `payment_method`
 * ({@link FA3_PAYMENT_METHODS}). Nothing when the invoice states no method.
 *
 * @example
 * ```ts
 * paymentMethodFields('TRANSFER'); // { payment_method: '6' }
 * paymentMethodFields('2'); // { payment_method_description: 'Direct debit' }
 * paymentMethodFields('barter'); // { payment_method_description: 'barter' }
 * ```
 */
export function paymentMethodFields(method: string | null | undefined): {
  payment_method?: KsefPaymentMethod;
  payment_method_description?: string;
} {
  const given = method?.trim() ?? '';
  if (given === '') return {};
  const key = given.toLowerCase().replace(/[\s-]+/g, '_');
  const code = FA3_PAYMENT_METHODS[key];
  if (code !== undefined) return { payment_method: code };
  return { payment_method_description: DESCRIBED[key] ?? given };
}

/**
 * FA(3) `Platnosc/RachunekBankowy` from the invoice's `bank_account` (ksef-fa3.md §6.4): `NrRB` = the
 * IBAN without spaces, `SWIFT` = the BIC, `NazwaBanku` = the bank name. None without an IBAN.
 *
 * @example
 * ```ts
 * bankAccounts({ iban: 'PL61 1090 1014 0000 0712 1981 2874', bic: 'WBKPPLPP' });
 * // [{ account_number: 'PL61109010140000071219812874', bic: 'WBKPPLPP', bank_name: null }]
 * ```
 */
export function bankAccounts(account: Invoice['bank_account']): KsefBankAccount[] {
  const iban = account?.iban?.replace(/\s+/g, '') ?? '';
  if (iban === '') return [];
  const bic = account?.bic?.trim() ?? '';
  const name = account?.bank_name?.trim() ?? '';
  return [{ account_number: iban, bic: bic === '' ? null : bic, bank_name: name === '' ? null : name }];
}
