/**
 * The invoice's payment instructions as EN 16931 BG-16: the means code BT-81 (UNTDID 4461, BR-CL-16),
 * the means text BT-82, the remittance information BT-83 and the credit transfer account BG-17 (BT-84
 * IBAN, BT-86 BIC).
 *
 * - **Where the account comes from.** The invoice's `bank_account` (spec §2.4: `iban`, `bic`): on an
 *   issued invoice it is where the buyer pays, the seller's account, which is BG-17 (payee's account).
 *   The contact's `bank_account` is the buyer's own account, which EN 16931 only names for a direct
 *   debit (BT-91, with a mandate BT-89 fiscalkit does not keep), so it is not written.
 * - **The means code.** `payment_method` is free text (spec §2.4), read through {@link PAYMENT_METHOD_CODES}:
 *   the service's internal codes of its payment-method guide (developer.b2brouter.net/docs/payment_method_guide,
 *   as `src/ksef/generate/payment.ts` reads them: `1` cash, `2` direct debit, `4` transfer, `11`
 *   cheque, `14` compensation) and plain words. A credit transfer is `58` (SEPA credit transfer) when
 *   the IBAN is of a SEPA country and the invoice is in euro, `30` (credit transfer) otherwise, as
 *   Peppol BIS 3 and XRechnung both use them. Without a `payment_method`: `58`/`30` when the invoice
 *   has an IBAN, else `1` ("instrument not defined", for an invoice that only states a remittance
 *   reference). A method fiscalkit does not know is `58`/`30` with an IBAN (an invoice that gives an
 *   account is paid into it) and `ZZZ` ("mutually defined") without one.
 * - **The means text.** The `payment_method` as stored, so that a reader gets it back word for word.
 * - **The remittance information.** `remittance_reference` (the Belgian OGM `+++…+++` of
 *   `auto_remittance`, spec §2.2) as it is: BT-83 is where a Belgian structured reference goes.
 *
 * A credit transfer without an IBAN is refused (BR-61: codes 30 and 58 need BT-84).
 *
 * @module
 */

import type { Validated } from '../../errors/validationIssue.js';
import { refused } from '../../generate/parties.js';
import { checkIban } from '../../identifiers/bankAccount.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import type { En16931Payment } from './en16931Invoice.js';

/** The marker of a credit transfer in {@link PAYMENT_METHOD_CODES}: `58` or `30` by {@link creditTransferCode}. */
const TRANSFER = 'transfer';

/**
 * `payment_method` (lower case, `-` and spaces as `_`) → UNTDID 4461 code, or `transfer` (a credit transfer: `58` or `30` by {@link creditTransferCode}).
 * Why each: the service's numeric codes as its guide names them (`1` CASH, `2` direct debit, `4`
 * TRANSFER, `10` non-transferable promissory note, `11` CHEQUE, `13` other, `14` compensation); the
 * words are the UNTDID 4461 names in plain English and Spanish.
 */
export const PAYMENT_METHOD_CODES: Readonly<Record<string, string>> = {
  '1': '10',
  '2': '49',
  '4': TRANSFER,
  '10': '60',
  '11': '20',
  '13': 'ZZZ',
  '14': '97',
  cash: '10',
  efectivo: '10',
  cheque: '20',
  check: '20',
  transfer: TRANSFER,
  bank_transfer: TRANSFER,
  credit_transfer: TRANSFER,
  wire_transfer: TRANSFER,
  transferencia: TRANSFER,
  transferencia_bancaria: TRANSFER,
  sepa_credit_transfer: '58',
  debit_transfer: '31',
  direct_debit: '49',
  domiciliacion: '49',
  domiciliación: '49',
  sepa_direct_debit: '59',
  card: '48',
  bank_card: '48',
  tarjeta: '48',
  credit_card: '54',
  debit_card: '55',
  standing_agreement: '57',
  promissory_note: '60',
  online_payment_service: '68',
  paypal: '68',
  clearing: '97',
  compensation: '97',
  compensacion: '97',
  compensación: '97',
  not_defined: '1',
  mutually_defined: 'ZZZ',
};

/**
 * UNTDID 4461 code → the word a reader writes as `payment_method` for a document that states a code
 * and no means text (the first word of {@link PAYMENT_METHOD_CODES} for it).
 */
export const PAYMENT_METHOD_WORDS: Readonly<Record<string, string>> = {
  '1': 'not_defined',
  '10': 'cash',
  '20': 'cheque',
  '30': 'credit_transfer',
  '31': 'debit_transfer',
  '48': 'bank_card',
  '49': 'direct_debit',
  '54': 'credit_card',
  '55': 'debit_card',
  '57': 'standing_agreement',
  '58': 'sepa_credit_transfer',
  '59': 'sepa_direct_debit',
  '60': 'promissory_note',
  '68': 'online_payment_service',
  '97': 'clearing',
  ZZZ: 'mutually_defined',
};

/** Card (48, 54, 55) and direct debit (49, 59) codes: the buyer's instrument is debited, BG-17 is not given. */
const NO_PAYEE_ACCOUNT: ReadonlySet<string> = new Set(['48', '49', '54', '55', '59']);

/**
 * The countries of the SEPA schemes (European Payments Council, "EPC list of SEPA scheme countries"):
 * the EEA (EU, Iceland, Liechtenstein, Norway) and Andorra, Switzerland, the United Kingdom, Monaco,
 * San Marino and Vatican City, by the two letters an IBAN starts with.
 */
const SEPA_IBAN_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK ' +
    'IS LI NO AD CH GB MC SM VA GI'
  ).split(' '),
);

/**
 * The credit transfer code of an invoice with an IBAN: `58` (SEPA credit transfer) for a euro invoice
 * paid into an account of a SEPA country, `30` (credit transfer) otherwise.
 *
 * @example
 * ```ts
 * creditTransferCode('ES9121000418450200051332', 'EUR'); // '58'
 * creditTransferCode('ES9121000418450200051332', 'USD'); // '30'
 * ```
 */
export function creditTransferCode(iban: string, currency: string): string {
  return currency === 'EUR' && SEPA_IBAN_COUNTRIES.has(checkIban(iban).compact.slice(0, 2)) ? '58' : '30';
}

/**
 * The means code an invoice gets without a `payment_method` (module comment): a credit transfer with an
 * IBAN, `1` without one. Readers compare a document's code with it to know whether the document named
 * a method.
 *
 * @example
 * ```ts
 * defaultMeansCode(undefined, 'EUR'); // '1'
 * ```
 */
export function defaultMeansCode(iban: string | undefined, currency: string): string {
  return iban === undefined ? '1' : creditTransferCode(iban, currency);
}

/**
 * BG-16 of an invoice (module comment), or undefined when the invoice names no payment method,
 * account or remittance reference; a credit transfer without an IBAN is refused at
 * `bank_account.iban` (BR-61).
 *
 * @example
 * ```ts
 * const payment = paymentOf({ ...invoice, bank_account: { iban: 'ES91 2100 0418 4502 0005 1332' }, payment_method: null }, 'EUR');
 * payment.success && payment.data?.means_code; // '58'
 * ```
 */
export function paymentOf(
  invoice: Pick<Invoice, 'bank_account' | 'payment_method' | 'remittance_reference'>,
  currency: string,
): Validated<En16931Payment | undefined> {
  const ibanText = presentText(invoice.bank_account?.iban);
  const iban = ibanText === null ? undefined : checkIban(ibanText).compact;
  const method = presentText(invoice.payment_method) ?? undefined;
  const remittance = presentText(invoice.remittance_reference) ?? undefined;
  if (iban === undefined && method === undefined && remittance === undefined)
    return { success: true, data: undefined };
  const key = method?.toLowerCase().replace(/[\s-]+/g, '_');
  const known =
    key !== undefined && Object.hasOwn(PAYMENT_METHOD_CODES, key) ? PAYMENT_METHOD_CODES[key] : undefined;
  let code: string;
  if (known === TRANSFER || (known === undefined && iban !== undefined)) {
    if (iban === undefined)
      return refused(
        'en16931.write.payment-account',
        'parameter_blank',
        ['bank_account', 'iban'],
        `is required: payment_method ${JSON.stringify(method)} is a credit transfer, which names the account to pay into (EN 16931 BR-61, BT-84)`,
      );
    code = creditTransferCode(iban, currency);
  } else code = known ?? (method === undefined ? '1' : 'ZZZ');
  if ((code === '30' || code === '58') && iban === undefined)
    return refused(
      'en16931.write.payment-account',
      'parameter_blank',
      ['bank_account', 'iban'],
      `is required: payment_method ${JSON.stringify(method)} is a credit transfer, which names the account to pay into (EN 16931 BR-61, BT-84)`,
    );
  const bic = presentText(invoice.bank_account?.bic)?.replace(/\s+/g, '').toUpperCase();
  // XRechnung BR-DE-24-b / BR-DE-25-b: a card or a direct debit names no account to pay into (BG-17).
  const account = iban !== undefined && !NO_PAYEE_ACCOUNT.has(code);
  return {
    success: true,
    data: {
      means_code: code,
      means_text: method,
      remittance_information: remittance,
      credit_transfers: account ? [{ id: iban, provider: bic }] : [],
    },
  };
}
