/**
 * Delivery and payment sections of a UBL Invoice / CreditNote: `cac:Delivery` (BG-13, the actual
 * delivery date BT-72), `cac:PaymentMeans` (BG-16, BG-17) and `cac:PaymentTerms` (BT-20), in UBL 2.1
 * order.
 *
 * @module
 */
import type { XmlElement } from '../../xml/write.js';
import type { En16931Address, En16931Invoice, En16931PaymentAccount } from '../semantic/en16931Invoice.js';
import { postalAddress } from './party.js';

/**
 * UNTDID 4461 `1`, "instrument not defined": the payment means code of the one `cac:PaymentMeans` a
 * credit note without payment instructions gets when it has a due date. A UBL `CreditNote` has no
 * `cbc:DueDate`; EN 16931-3-2 binds BT-9 of a credit note to `cac:PaymentMeans/cbc:PaymentDueDate`
 * (UBL-CR-412 allows it only there), and `PaymentMeansCode` is mandatory in that element. `1` says
 * exactly what the invoice says — no means is named — and BR-CO-25 (a positive amount due needs a due
 * date or payment terms) still holds. The reader reads such a `PaymentMeans` (code `1`, nothing else
 * but the date) back as a due date without payment instructions.
 */
export const UNDEFINED_PAYMENT_MEANS = '1';

/**
 * The deliver-to address (BG-15) to write: `delivery_address`, or, when the invoice states only the
 * deliver-to country (BT-80, `delivery_country`), an address of that country alone — what BR-IC-12 asks
 * of an intra-community supply. A `delivery_country` that is not the country of `delivery_address` makes
 * the model contradict itself, a programming error of whoever built it: `TypeError` (the CII writer
 * refuses the same).
 *
 * @example
 * ```ts
 * deliverTo({ ...invoice, delivery_country: 'DE' }); // { country: 'DE' }
 * ```
 */
export function deliverTo(invoice: En16931Invoice): En16931Address | undefined {
  const address = invoice.delivery_address;
  const country = invoice.delivery_country;
  if (address === undefined) return country === undefined ? undefined : { country };
  if (country !== undefined && country !== address.country)
    throw new TypeError(
      `writeUbl: delivery_country ${country} is not the country of delivery_address (${address.country}); the deliver-to country (BT-80) is one`,
    );
  return address;
}

/**
 * `cac:Delivery` (BG-13): the actual delivery date (BT-72) and the deliver-to address (BG-15, as
 * `cac:DeliveryLocation/cac:Address`, EN 16931-3-2; see `deliverTo`); `undefined` without either. The
 * deliver-to party name and location identifier (BT-70, BT-71) are not in the semantic model.
 *
 * @example
 * ```ts
 * delivery({ ...invoice, delivery_date: '2025-03-01' }); // { 'cbc:ActualDeliveryDate': '2025-03-01', 'cac:DeliveryLocation': undefined }
 * ```
 */
export function delivery(invoice: En16931Invoice): XmlElement | undefined {
  const address = deliverTo(invoice);
  if (invoice.delivery_date === undefined && address === undefined) return undefined;
  return {
    'cbc:ActualDeliveryDate': invoice.delivery_date,
    'cac:DeliveryLocation': address === undefined ? undefined : { 'cac:Address': postalAddress(address) },
  };
}

/** `cac:PayeeFinancialAccount` (BG-17): the IBAN (BT-84), account name (BT-85) and BIC (BT-86). */
function payeeFinancialAccount(account: En16931PaymentAccount): XmlElement {
  return {
    'cbc:ID': account.id,
    'cbc:Name': account.name,
    'cac:FinancialInstitutionBranch':
      account.provider === undefined ? undefined : { 'cbc:ID': account.provider },
  };
}

/**
 * `cac:PaymentMeans` (BG-16): one element per credit transfer account (BG-17 repeats, and UBL carries
 * one `PayeeFinancialAccount` per `PaymentMeans`), or one without an account. Every one repeats the
 * means code (BT-81) and the remittance information (BT-83, `cbc:PaymentID`: a Belgian OGM
 * `+++123/4567/89002+++` as written); UBL-SR-44 and UBL-SR-47 allow one distinct value of each, so the
 * repeats agree. The means text (BT-82, `PaymentMeansCode/@name`) and, on a credit note, the due date
 * (BT-9, `cbc:PaymentDueDate`) are written on the first only (UBL-SR-46, UBL-SR-45: at most once).
 * A credit note with a due date and no payment instructions gets one `PaymentMeans` of code
 * `UNDEFINED_PAYMENT_MEANS`.
 *
 * @example
 * ```ts
 * paymentMeans({ ...invoice, payment: { means_code: '58', credit_transfers: [{ id: 'BE71096123456769' }] } }, false);
 * // [{ 'cbc:PaymentMeansCode': '58', …, 'cac:PayeeFinancialAccount': { 'cbc:ID': 'BE71096123456769', … } }]
 * ```
 */
export function paymentMeans(
  invoice: En16931Invoice,
  creditNote: boolean,
): readonly XmlElement[] | undefined {
  const payment = invoice.payment;
  const dueDate = creditNote ? invoice.due_date : undefined;
  if (payment === undefined) {
    if (dueDate === undefined) return undefined;
    return [{ 'cbc:PaymentMeansCode': UNDEFINED_PAYMENT_MEANS, 'cbc:PaymentDueDate': dueDate }];
  }
  const accounts: readonly (En16931PaymentAccount | undefined)[] =
    payment.credit_transfers.length === 0 ? [undefined] : payment.credit_transfers;
  return accounts.map((account, index) => ({
    'cbc:PaymentMeansCode':
      index === 0 && payment.means_text !== undefined
        ? { '@_name': payment.means_text, '#text': payment.means_code }
        : payment.means_code,
    'cbc:PaymentDueDate': index === 0 ? dueDate : undefined,
    'cbc:PaymentID': payment.remittance_information,
    'cac:PayeeFinancialAccount': account === undefined ? undefined : payeeFinancialAccount(account),
  }));
}

/**
 * `cac:PaymentTerms` with its note (BT-20); `undefined` without terms.
 *
 * @example
 * ```ts
 * paymentTerms({ ...invoice, payment_terms: '30 days net' }); // { 'cbc:Note': '30 days net' }
 * ```
 */
export function paymentTerms(invoice: En16931Invoice): XmlElement | undefined {
  return invoice.payment_terms === undefined ? undefined : { 'cbc:Note': invoice.payment_terms };
}
