/**
 * `cac:AllowanceCharge` at document level (BG-20 / BG-21) and at line level (BG-27 / BG-28), in the
 * order of UBL 2.1 `AllowanceChargeType`: `ChargeIndicator`, `AllowanceChargeReasonCode`,
 * `AllowanceChargeReason`, `MultiplierFactorNumeric` (the percentage), `Amount`, `BaseAmount`, and at
 * document level the `TaxCategory` the allowance or charge is taxed in.
 *
 * @module
 */
import type { XmlElement } from '../../xml/write.js';
import type {
  En16931AllowanceCharge,
  En16931LineAllowanceCharge,
  En16931VatCategory,
} from '../semantic/en16931Invoice.js';
import { amount, VAT_SCHEME } from './values.js';

/**
 * A `cac:TaxCategory` / `cac:ClassifiedTaxCategory` without exemption reason: the VAT category code
 * (UNTDID 5305), the rate (absent for `O`: BR-O-05, BR-O-06, BR-O-07) and the VAT scheme.
 *
 * @example
 * ```ts
 * taxCategory('S', '21'); // { 'cbc:ID': 'S', 'cbc:Percent': '21', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }
 * ```
 */
export function taxCategory(category: En16931VatCategory, rate: string | undefined): XmlElement {
  return { 'cbc:ID': category, 'cbc:Percent': rate, 'cac:TaxScheme': VAT_SCHEME };
}

/** The part every allowance or charge shares, document or line. */
function allowanceChargeBody(value: En16931LineAllowanceCharge, currency: string): XmlElement {
  return {
    'cbc:ChargeIndicator': value.charge ? 'true' : 'false',
    'cbc:AllowanceChargeReasonCode': value.reason_code,
    'cbc:AllowanceChargeReason': value.reason,
    'cbc:MultiplierFactorNumeric': value.percentage,
    'cbc:Amount': amount(value.amount, currency),
    'cbc:BaseAmount': amount(value.base_amount, currency),
  };
}

/**
 * A document-level allowance (BG-20: BT-92 … BT-98) or charge (BG-21: BT-99 … BT-105), with the VAT
 * category and rate it is taxed in (BT-95 / BT-102, BT-96 / BT-103).
 *
 * @example
 * ```ts
 * documentAllowanceCharge({ charge: false, amount: '10.00', vat_category: 'S', vat_rate: '21', reason: 'Discount' }, 'EUR');
 * // { 'cbc:ChargeIndicator': 'false', …, 'cbc:Amount': { '@_currencyID': 'EUR', '#text': '10.00' }, 'cac:TaxCategory': { 'cbc:ID': 'S', … } }
 * ```
 */
export function documentAllowanceCharge(value: En16931AllowanceCharge, currency: string): XmlElement {
  return {
    ...allowanceChargeBody(value, currency),
    'cac:TaxCategory': taxCategory(value.vat_category, value.vat_rate),
  };
}

/**
 * A line allowance (BG-27: BT-136 … BT-140) or charge (BG-28: BT-141 … BT-145); it is taxed with its
 * line, so it has no tax category of its own.
 *
 * @example
 * ```ts
 * lineAllowanceCharge({ charge: true, amount: '5.00', reason: 'Packing' }, 'EUR')['cbc:ChargeIndicator']; // 'true'
 * ```
 */
export function lineAllowanceCharge(value: En16931LineAllowanceCharge, currency: string): XmlElement {
  return allowanceChargeBody(value, currency);
}
