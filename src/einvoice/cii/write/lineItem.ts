import { decimalPlaces, formatUnits, toUnits } from '../../../money/fixedPoint.js';
import type { XmlElement } from '../../../xml/write.js';
import type { En16931Line, En16931LineAllowanceCharge } from '../../semantic/en16931Invoice.js';
import { indicator, present, schemed, VAT } from './values.js';

/**
 * `ram:IncludedSupplyChainTradeLineItem` (SupplyChainTradeLineItemType), one per BG-25 line, its
 * children in XSD order: the line document, the product, the line agreement (prices), the line
 * delivery (quantity) and the line settlement (VAT, allowances and charges, net amount).
 *
 * @example
 * ```ts
 * lineItem(invoice.lines[0]);
 * // { 'ram:AssociatedDocumentLineDocument': { 'ram:LineID': '1', … }, 'ram:SpecifiedTradeProduct': …, … }
 * ```
 */
export function lineItem(line: En16931Line): XmlElement {
  const note = present(line.note);
  return {
    'ram:AssociatedDocumentLineDocument': {
      'ram:LineID': line.id,
      'ram:IncludedNote': note === undefined ? undefined : { 'ram:Content': note },
    },
    'ram:SpecifiedTradeProduct': tradeProduct(line.item),
    'ram:SpecifiedLineTradeAgreement': lineTradeAgreement(line),
    'ram:SpecifiedLineTradeDelivery': {
      // BT-129 with its unit BT-130 (UN/ECE Recommendation 20 / 21).
      'ram:BilledQuantity': { '@_unitCode': line.unit_code, '#text': line.quantity },
    },
    'ram:SpecifiedLineTradeSettlement': lineTradeSettlement(line),
  };
}

/**
 * `ram:SpecifiedTradeProduct` (TradeProductType, BG-31): BT-155 `ram:SellerAssignedID`, BT-153
 * `ram:Name`, BT-154 `ram:Description`, and one `ram:DesignatedProductClassification/ram:ClassCode`
 * per BT-158 classification, its scheme (BT-158-1, UNTDID 7143) in `@listID`.
 *
 * @example
 * ```ts
 * tradeProduct({ name: 'Widget', sellers_id: 'W-1', classifications: [{ id: '65434568', scheme: 'STI' }] });
 * // { 'ram:SellerAssignedID': 'W-1', 'ram:Name': 'Widget', 'ram:Description': undefined,
 * //   'ram:DesignatedProductClassification': [{ 'ram:ClassCode': { '@_listID': 'STI', '#text': '65434568' } }] }
 * ```
 */
export function tradeProduct(item: En16931Line['item']): XmlElement {
  return {
    'ram:SellerAssignedID': present(item.sellers_id),
    'ram:Name': item.name,
    'ram:Description': present(item.description),
    'ram:DesignatedProductClassification':
      item.classifications.length === 0
        ? undefined
        : item.classifications.map((classification) => ({
            'ram:ClassCode': schemed(classification, '@_listID'),
          })),
  };
}

/**
 * `ram:SpecifiedLineTradeAgreement` (LineTradeAgreementType, BG-29): the gross price (BT-148) with
 * its discount (BT-147, `ram:AppliedTradeAllowanceCharge`), then the net price (BT-146). The base
 * quantity (BT-149, unit BT-150 = BT-130) is written under both prices: XRechnung's BR-TMP-3 wants
 * them equal when both are given, and Peppol's PEPPOL-EN16931-R130 wants the unit of the billed
 * quantity.
 *
 * BT-147 is not a field of the model: it is the gross price minus the net price, written only when
 * they differ, so that PEPPOL-EN16931-R046 ("net price = gross price − allowance") holds by
 * construction.
 *
 * @example
 * ```ts
 * lineTradeAgreement({ ...line, unit_code: 'C62', price: { net: '9.00', gross: '10.00', base_quantity: '1' } });
 * // { 'ram:GrossPriceProductTradePrice': { 'ram:ChargeAmount': '10.00', 'ram:BasisQuantity': …,
 * //     'ram:AppliedTradeAllowanceCharge': { …, 'ram:ActualAmount': '1.00' } },
 * //   'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': '9.00', 'ram:BasisQuantity': … } }
 * ```
 */
export function lineTradeAgreement(line: En16931Line): XmlElement {
  const { net, gross, base_quantity } = line.price;
  const base =
    present(base_quantity) === undefined
      ? undefined
      : { '@_unitCode': line.unit_code, '#text': base_quantity };
  const discount = gross === undefined ? undefined : difference(gross, net);
  return {
    'ram:GrossPriceProductTradePrice':
      gross === undefined
        ? undefined
        : {
            'ram:ChargeAmount': gross,
            'ram:BasisQuantity': base,
            'ram:AppliedTradeAllowanceCharge':
              discount === undefined
                ? undefined
                : { 'ram:ChargeIndicator': indicator(false), 'ram:ActualAmount': discount },
          },
    'ram:NetPriceProductTradePrice': { 'ram:ChargeAmount': net, 'ram:BasisQuantity': base },
  };
}

/** `a − b` with the decimals of the longer of the two, or `undefined` when they are equal. */
function difference(a: string, b: string): string | undefined {
  const scale = Math.max(decimalPlaces(a), decimalPlaces(b));
  const units = toUnits(a, scale) - toUnits(b, scale);
  return units === 0n ? undefined : formatUnits(units, scale);
}

/**
 * `ram:SpecifiedLineTradeSettlement` (LineTradeSettlementType): BG-30 `ram:ApplicableTradeTax` (VAT,
 * BT-151 category, BT-152 rate — absent for category `O`, BR-O-05), BG-27 / BG-28 allowances and
 * charges, BT-131 `ram:LineTotalAmount`, BT-133 `ram:ReceivableSpecifiedTradeAccountingAccount/ram:ID`.
 *
 * @example
 * ```ts
 * lineTradeSettlement({ ...line, vat: { category: 'S', rate: '21' }, net_amount: '100.00' });
 * // { 'ram:ApplicableTradeTax': { 'ram:TypeCode': 'VAT', 'ram:CategoryCode': 'S', 'ram:RateApplicablePercent': '21' }, …,
 * //   'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': '100.00' } }
 * ```
 */
export function lineTradeSettlement(line: En16931Line): XmlElement {
  const account = present(line.buyer_accounting_reference);
  return {
    'ram:ApplicableTradeTax': {
      'ram:TypeCode': VAT,
      'ram:CategoryCode': line.vat.category,
      'ram:RateApplicablePercent': present(line.vat.rate),
    },
    'ram:SpecifiedTradeAllowanceCharge':
      line.allowances_charges.length === 0 ? undefined : line.allowances_charges.map(lineAllowanceCharge),
    'ram:SpecifiedTradeSettlementLineMonetarySummation': { 'ram:LineTotalAmount': line.net_amount },
    'ram:ReceivableSpecifiedTradeAccountingAccount':
      account === undefined ? undefined : { 'ram:ID': account },
  };
}

/**
 * One line allowance (BG-27) or charge (BG-28) as `ram:SpecifiedTradeAllowanceCharge`
 * (TradeAllowanceChargeType order): indicator, BT-138 / BT-143 percentage, BT-137 / BT-142 base,
 * BT-136 / BT-141 amount, BT-140 / BT-145 reason code, BT-139 / BT-144 reason.
 *
 * @example
 * ```ts
 * lineAllowanceCharge({ charge: false, amount: '5.00', reason: 'Discount' });
 * // { 'ram:ChargeIndicator': { 'udt:Indicator': 'false' }, 'ram:CalculationPercent': undefined,
 * //   'ram:BasisAmount': undefined, 'ram:ActualAmount': '5.00', 'ram:ReasonCode': undefined, 'ram:Reason': 'Discount' }
 * ```
 */
export function lineAllowanceCharge(entry: En16931LineAllowanceCharge): XmlElement {
  return {
    'ram:ChargeIndicator': indicator(entry.charge),
    'ram:CalculationPercent': present(entry.percentage),
    'ram:BasisAmount': present(entry.base_amount),
    'ram:ActualAmount': entry.amount,
    'ram:ReasonCode': present(entry.reason_code),
    'ram:Reason': present(entry.reason),
  };
}
