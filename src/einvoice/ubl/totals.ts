/**
 * The totals sections of a UBL Invoice / CreditNote: `cac:TaxTotal` (BT-110 with the VAT breakdown
 * BG-23; BT-111 in the tax currency) and `cac:LegalMonetaryTotal` (BG-22), in UBL 2.1 order. Every
 * amount is the model's, which are `computeTotals`' printed amounts: nothing is summed or rounded here,
 * so the sums of BR-CO-10 to BR-CO-16 hold in the document when they hold in the model.
 *
 * @module
 */
import type { XmlElement } from '../../xml/write.js';
import type { En16931Invoice, En16931VatBreakdown } from '../semantic/en16931Invoice.js';
import type { UblSpecification } from './specification.js';
import { amount, VAT_SCHEME } from './values.js';

/**
 * The VAT category rate (BT-119) XRechnung gets for a breakdown row that states none — category `O`, not
 * subject to VAT, whose rate EN 16931 leaves out (BT-119 is optional; BR-O-05, BR-O-06 and BR-O-07 forbid the rate
 * on lines, allowances and charges, not on the breakdown). XRechnung requires BT-119 on every breakdown
 * row (BR-DE-14, fatal), and no VAT is charged on an `O` row (BR-O-09), so its rate is 0. Peppol BIS
 * writes the row as the model has it.
 */
const XRECHNUNG_UNSTATED_RATE = '0';

/**
 * `cac:TaxSubtotal` (BG-23): taxable amount (BT-116), tax amount (BT-117) and the category (BT-118),
 * rate (BT-119) and exemption reason code and text (BT-121, BT-120), in `TaxCategoryType` order.
 *
 * @example
 * ```ts
 * taxSubtotal({ taxable_amount: '100.00', tax_amount: '0.00', category: 'AE', rate: '0', exemption_reason_code: 'VATEX-EU-AE' }, 'EUR', 'peppol-bis3');
 * // { 'cbc:TaxableAmount': …, 'cbc:TaxAmount': …, 'cac:TaxCategory': { 'cbc:ID': 'AE', 'cbc:Percent': '0', 'cbc:TaxExemptionReasonCode': 'VATEX-EU-AE', … } }
 * ```
 */
export function taxSubtotal(
  row: En16931VatBreakdown,
  currency: string,
  specification: UblSpecification,
): XmlElement {
  return {
    'cbc:TaxableAmount': amount(row.taxable_amount, currency),
    'cbc:TaxAmount': amount(row.tax_amount, currency),
    'cac:TaxCategory': {
      'cbc:ID': row.category,
      'cbc:Percent': row.rate ?? (specification === 'xrechnung-3.0' ? XRECHNUNG_UNSTATED_RATE : undefined),
      'cbc:TaxExemptionReasonCode': row.exemption_reason_code,
      'cbc:TaxExemptionReason': row.exemption_reason,
      'cac:TaxScheme': VAT_SCHEME,
    },
  };
}

/**
 * The `cac:TaxTotal` elements: the first in the invoice currency with the total VAT (BT-110) and one
 * subtotal per breakdown row (PEPPOL-EN16931-R053: exactly one with subtotals); then, when the VAT is
 * also accounted in a tax currency (BT-6), a second with only the total VAT in that currency (BT-111;
 * BR-53, PEPPOL-EN16931-R054, R055).
 *
 * @example
 * ```ts
 * taxTotals({ ...invoice, tax_currency: 'SEK', totals: { ...invoice.totals, vat: '21.00', vat_in_tax_currency: '240.45' } }, 'peppol-bis3').length; // 2
 * ```
 */
export function taxTotals(invoice: En16931Invoice, specification: UblSpecification): readonly XmlElement[] {
  const currency = invoice.currency;
  const totals: XmlElement[] = [
    {
      'cbc:TaxAmount': amount(invoice.totals.vat, currency),
      'cac:TaxSubtotal': invoice.vat_breakdown.map((row) => taxSubtotal(row, currency, specification)),
    },
  ];
  const taxCurrency = invoice.tax_currency;
  const inTaxCurrency = invoice.totals.vat_in_tax_currency;
  if (taxCurrency !== undefined && inTaxCurrency !== undefined)
    totals.push({ 'cbc:TaxAmount': amount(inTaxCurrency, taxCurrency) });
  return totals;
}

/**
 * `cac:LegalMonetaryTotal` (BG-22): Σ line net (BT-106), without VAT (BT-109), with VAT (BT-112),
 * allowances (BT-107), charges (BT-108), prepaid (BT-113), rounding (BT-114) and the amount due
 * (BT-115), in `MonetaryTotalType` order.
 *
 * @example
 * ```ts
 * legalMonetaryTotal(invoice)['cbc:PayableAmount']; // { '@_currencyID': 'EUR', '#text': '1210.00' }
 * ```
 */
export function legalMonetaryTotal(invoice: En16931Invoice): XmlElement {
  const totals = invoice.totals;
  const currency = invoice.currency;
  return {
    'cbc:LineExtensionAmount': amount(totals.line_net, currency),
    'cbc:TaxExclusiveAmount': amount(totals.tax_exclusive, currency),
    'cbc:TaxInclusiveAmount': amount(totals.tax_inclusive, currency),
    'cbc:AllowanceTotalAmount': amount(totals.allowances, currency),
    'cbc:ChargeTotalAmount': amount(totals.charges, currency),
    'cbc:PrepaidAmount': amount(totals.prepaid, currency),
    'cbc:PayableRoundingAmount': amount(totals.rounding, currency),
    'cbc:PayableAmount': amount(totals.payable, currency),
  };
}
