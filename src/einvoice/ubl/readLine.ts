/**
 * Reads an `cac:InvoiceLine` / `cac:CreditNoteLine` (BG-25) and the allowances and charges (document
 * and line) back into the semantic model, as `./line.ts` and `./allowanceCharge.ts` write them.
 *
 * @module
 */
import { decimalPlaces, toUnits } from '../../money/fixedPoint.js';
import type {
  En16931AllowanceCharge,
  En16931Identifier,
  En16931Line,
  En16931LineAllowanceCharge,
} from '../semantic/en16931Invoice.js';
import { UBL_READ_RULES, type UblElement } from './readContext.js';
import { readVatCategory } from './readTaxCategory.js';

/**
 * The `cbc:ChargeIndicator` of an allowance or charge: `true` / `false` as XSD booleans are written
 * (`1` / `0` too, `xs:boolean`); null (with an issue) otherwise.
 */
function chargeIndicator(element: UblElement): boolean | null {
  const text = element.requiredText('cbc:ChargeIndicator', 'the charge indicator');
  if (text === undefined) return null;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  element.context.refuse(
    UBL_READ_RULES.value,
    `${element.path}/cbc:ChargeIndicator`,
    `is ${JSON.stringify(text)}, not true or false`,
  );
  return null;
}

/**
 * A line allowance or charge (BG-27 / BG-28): indicator, amount (required), base amount, percentage
 * (`MultiplierFactorNumeric`), reason and reason code. Null when it cannot be read.
 *
 * @example
 * ```ts
 * readLineAllowanceCharge(line.all('cac:AllowanceCharge')[0], 'EUR'); // { charge: false, amount: '5.00', … }
 * ```
 */
export function readLineAllowanceCharge(
  element: UblElement,
  currency: string,
): En16931LineAllowanceCharge | null {
  const charge = chargeIndicator(element);
  const amount = element.requiredAmount(
    'cbc:Amount',
    currency,
    'the allowance or charge amount (BT-92, BT-99, BT-136, BT-141)',
  );
  const value = {
    reason_code: element.text('cbc:AllowanceChargeReasonCode'),
    reason: element.text('cbc:AllowanceChargeReason'),
    percentage: element.decimal('cbc:MultiplierFactorNumeric'),
    base_amount: element.amount('cbc:BaseAmount', currency),
  };
  if (charge === null || amount === undefined) return null;
  return {
    charge,
    amount,
    base_amount: value.base_amount,
    percentage: value.percentage,
    reason: value.reason,
    reason_code: value.reason_code,
  };
}

/**
 * A document-level allowance (BG-20) or charge (BG-21): the line fields and the VAT category and rate it
 * is taxed in (BT-95 / BT-102, BT-96 / BT-103), required (BR-32, BR-37). Null when it cannot be read.
 *
 * @example
 * ```ts
 * readDocumentAllowanceCharge(root.all('cac:AllowanceCharge')[0], 'EUR')?.vat_category; // 'S'
 * ```
 */
export function readDocumentAllowanceCharge(
  element: UblElement,
  currency: string,
): En16931AllowanceCharge | null {
  const body = readLineAllowanceCharge(element, currency);
  const tax = readVatCategory(
    element.one('cac:TaxCategory'),
    element,
    'cac:TaxCategory',
    'the VAT category of a document-level allowance or charge (BT-95, BT-102)',
  );
  if (body === null || tax === null) return null;
  return {
    charge: body.charge,
    amount: body.amount,
    base_amount: body.base_amount,
    percentage: body.percentage,
    vat_category: tax.category,
    vat_rate: tax.rate,
    reason: body.reason,
    reason_code: body.reason_code,
  };
}

/**
 * The gross price (BT-148) from the price-level `cac:AllowanceCharge`: its `BaseAmount`, when its
 * `Amount` (the discount BT-147) is the gross price less the net price (PEPPOL-EN16931-R046), which is
 * how `./line.ts` writes it back. A charge there is refused (`price-charge`: EN 16931 has no price
 * charge, R044), so is a discount that does not add up (`price-discount`). A discount without a gross
 * price changes no amount (the net price BT-146 is what the line is computed from) and is left out.
 */
function readGrossPrice(price: UblElement, net: string | undefined, currency: string): string | undefined {
  const allowance = price.one('cac:AllowanceCharge');
  if (allowance === undefined) return undefined;
  const charge = chargeIndicator(allowance);
  if (charge === true) {
    allowance.refuse(
      UBL_READ_RULES.priceCharge,
      'is a charge on the item price, which EN 16931 does not have (PEPPOL-EN16931-R044) and the semantic model cannot carry',
    );
    return undefined;
  }
  const discount = allowance.requiredAmount('cbc:Amount', currency, 'the item price discount (BT-147)');
  const gross = allowance.amount('cbc:BaseAmount', currency);
  if (gross === undefined) {
    // The discount alone changes no amount (the line is computed from the net price): left out.
    const amount = discount === undefined ? undefined : allowance.one('cbc:Amount');
    amount?.listLeftOut();
    return undefined;
  }
  if (discount === undefined || net === undefined) return gross;
  const scale = Math.max(decimalPlaces(gross), decimalPlaces(net), decimalPlaces(discount));
  if (toUnits(gross, scale) - toUnits(discount, scale) !== toUnits(net, scale))
    allowance.context.refuse(
      UBL_READ_RULES.priceDiscount,
      allowance.path,
      `says a gross price of ${gross} less a discount of ${discount}, which is not the net price ${net} (PEPPOL-EN16931-R046)`,
    );
  return gross;
}

/** The item classifications (BT-158) with their scheme (`listID`). */
function readClassifications(item: UblElement): En16931Identifier[] {
  const classifications: En16931Identifier[] = [];
  for (const classification of item.all('cac:CommodityClassification')) {
    const code = classification.one('cbc:ItemClassificationCode');
    if (code === undefined || code.value === '') continue;
    const scheme = code.attribute('listID');
    classifications.push(
      scheme === undefined || scheme === '' ? { id: code.value } : { id: code.value, scheme },
    );
  }
  return classifications;
}

/**
 * One invoice or credit note line (BG-25). The quantity is `cbc:InvoicedQuantity` in an `Invoice` and
 * `cbc:CreditedQuantity` in a `CreditNote` (`quantityElement`), with its unit (BT-130, required). A
 * price base quantity in another unit is refused (`base-quantity-unit`: BT-150 must equal BT-130,
 * PEPPOL-EN16931-R130, and the model holds one unit). Null when the line cannot be read.
 *
 * @example
 * ```ts
 * readLine(root.all('cac:InvoiceLine')[0], 'EUR', 'cbc:InvoicedQuantity')?.net_amount; // '2800.00'
 * ```
 */
export function readLine(
  line: UblElement,
  currency: string,
  quantityElement: 'cbc:InvoicedQuantity' | 'cbc:CreditedQuantity',
): En16931Line | null {
  const id = line.requiredText('cbc:ID', 'the line identifier (BT-126)');
  const note = line.freeText('cbc:Note');
  const quantityItem = line.one(quantityElement);
  const quantity = quantityItem?.decimalValue();
  if (quantityItem === undefined || quantityItem.value === '')
    line.missing(quantityElement, 'the invoiced quantity (BT-129)');
  const unit = quantityItem?.attribute('unitCode');
  if (quantityItem !== undefined && (unit === undefined || unit === ''))
    line.missing(`${quantityElement}/@unitCode`, 'the unit of measure (BT-130)');
  const net = line.requiredAmount('cbc:LineExtensionAmount', currency, 'the line net amount (BT-131)');
  const accounting = line.text('cbc:AccountingCost');
  const allowancesCharges: En16931LineAllowanceCharge[] = [];
  let broken = false;
  for (const element of line.all('cac:AllowanceCharge')) {
    const value = readLineAllowanceCharge(element, currency);
    if (value === null) broken = true;
    else allowancesCharges.push(value);
  }
  const item = line.one('cac:Item');
  if (item === undefined) line.missing('cac:Item', 'the item (BG-31)');
  const name = item?.requiredText('cbc:Name', 'the item name (BT-153)');
  const vat =
    item === undefined
      ? null
      : readVatCategory(
          item.one('cac:ClassifiedTaxCategory'),
          item,
          'cac:ClassifiedTaxCategory',
          'the line VAT category (BG-30)',
        );
  const price = line.one('cac:Price');
  if (price === undefined) line.missing('cac:Price', 'the price details (BG-29)');
  const priceAmount = price?.one('cbc:PriceAmount');
  if (price !== undefined && (priceAmount === undefined || priceAmount.value === ''))
    price.missing('cbc:PriceAmount', 'the item net price (BT-146)');
  if (priceAmount !== undefined && priceAmount.attribute('currencyID') !== currency)
    line.context.refuse(
      UBL_READ_RULES.currency,
      priceAmount.path,
      `is in ${priceAmount.attribute('currencyID') ?? 'no currency'}, not in the invoice currency ${currency}`,
    );
  // A price is a decimal kept as written (the model holds prices with up to its own decimals, not the
  // currency's), so it is not normalised like an amount.
  const netPrice = priceAmount?.decimalValue();
  const baseQuantityElement = price?.one('cbc:BaseQuantity');
  const baseQuantity = baseQuantityElement?.decimalValue();
  const baseUnit = baseQuantityElement?.attribute('unitCode');
  if (baseQuantityElement !== undefined && baseUnit !== undefined && baseUnit !== unit)
    line.context.refuse(
      UBL_READ_RULES.baseQuantityUnit,
      baseQuantityElement.path,
      `is in ${baseUnit}, but the invoiced quantity in ${unit ?? 'no unit'}; the price base quantity must be in the line's unit (BT-150 = BT-130, PEPPOL-EN16931-R130)`,
    );
  const gross = price === undefined ? undefined : readGrossPrice(price, netPrice, currency);
  if (
    broken ||
    id === undefined ||
    quantity === undefined ||
    unit === undefined ||
    net === undefined ||
    item === undefined ||
    name === undefined ||
    vat === null ||
    netPrice === undefined
  )
    return null;
  return {
    id,
    note,
    quantity,
    unit_code: unit,
    net_amount: net,
    buyer_accounting_reference: accounting,
    allowances_charges: allowancesCharges,
    price: { net: netPrice, gross, base_quantity: baseQuantity },
    vat: { category: vat.category, rate: vat.rate },
    item: {
      name,
      description: item.text('cbc:Description'),
      sellers_id: item.one('cac:SellersItemIdentification')?.text('cbc:ID'),
      classifications: readClassifications(item),
    },
  };
}
