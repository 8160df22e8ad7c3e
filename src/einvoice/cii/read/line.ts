import { decimalPlaces, toUnits } from '../../../money/fixedPoint.js';
import type { XdmElement } from '../../../xpath/document.js';
import type {
  En16931Identifier,
  En16931Line,
  En16931LineAllowanceCharge,
} from '../../semantic/en16931Invoice.js';
import { CII_NAMESPACES } from '../specification.js';
import type { CiiTree } from './tree.js';
import { categoryRate, vatCategory } from './vat.js';

/**
 * One `ram:IncludedSupplyChainTradeLineItem` back into a BG-25 line: the inverse of the writer's
 * `lineItem`. `scale` is the invoice currency's minor units, which the line's amounts are read to.
 *
 * Refused, because an amount would change: a second tax on the line or a tax other than VAT; a base quantity (BT-149) in
 * another unit than the billed quantity's (PEPPOL-EN16931-R130); and, through `CiiTree.leftOver`,
 * any unread element with an amount (sub-lines, line totals EN 16931 does not know). Left out: the
 * buyer's and the standard item ids (BT-156, BT-157), item attributes (BG-32), the origin country
 * (BT-159), the order line reference (BT-132), the line object (BT-128), the line period (BG-26).
 *
 * @example
 * ```ts
 * readLine(tree, item, 2);
 * // { id: '1', quantity: '10', unit_code: 'HUR', net_amount: '800.00', price: { net: '80.00', gross: '100.00' }, … }
 * ```
 */
export function readLine(tree: CiiTree, item: XdmElement, scale: number): En16931Line | undefined {
  const document = tree.child(item, 'AssociatedDocumentLineDocument');
  if (document === undefined)
    tree.missing(item, 'AssociatedDocumentLineDocument', 'the invoice line identifier (BT-126)');
  const id = tree.requiredToken(document, 'LineID', 'the invoice line identifier (BT-126)');
  const note = tree.text(tree.child(document, 'IncludedNote'), 'Content');

  const product = tree.child(item, 'SpecifiedTradeProduct');
  if (product === undefined) tree.missing(item, 'SpecifiedTradeProduct', 'the item name (BT-153)');
  const name = tree.requiredText(product, 'Name', 'the item name (BT-153)');
  const classifications: En16931Identifier[] = [];
  for (const classification of tree.children(product, 'DesignatedProductClassification')) {
    const code = tree.child(classification, 'ClassCode');
    const value = code?.stringValue.trim();
    if (code !== undefined && value !== undefined && value !== '')
      classifications.push({ id: value, scheme: tree.attribute(code, 'listID') });
  }

  const delivery = tree.child(item, 'SpecifiedLineTradeDelivery');
  if (delivery === undefined)
    tree.missing(item, 'SpecifiedLineTradeDelivery', 'the invoiced quantity (BT-129)');
  const billed = tree.child(delivery, 'BilledQuantity');
  if (billed === undefined && delivery !== undefined)
    tree.missing(delivery, 'BilledQuantity', 'the invoiced quantity (BT-129)');
  const quantity = tree.decimal(billed);
  const unit = billed === undefined ? undefined : tree.attribute(billed, 'unitCode');
  if (billed !== undefined && unit === undefined)
    tree.invalid(
      billed,
      'en16931.cii.read.required',
      'has no @unitCode: the invoiced quantity unit of measure (BT-130) is mandatory in EN 16931',
      'parameter_blank',
    );

  const price = readPrice(tree, item, unit);

  const settlement = tree.child(item, 'SpecifiedLineTradeSettlement');
  if (settlement === undefined)
    tree.missing(item, 'SpecifiedLineTradeSettlement', 'the invoice line net amount (BT-131)');
  const taxes = tree.children(settlement, 'ApplicableTradeTax');
  let vat: En16931Line['vat'] | undefined;
  if (taxes.length === 0 && settlement !== undefined)
    tree.missing(settlement, 'ApplicableTradeTax', 'the line VAT information (BG-30)');
  else if (taxes.length > 1)
    tree.invalid(
      taxes[1] as XdmElement,
      'en16931.cii.read.line-tax',
      'is a second tax of the line: an EN 16931 line has one VAT category (BG-30), and the tax it adds would be lost',
    );
  else if (taxes[0] !== undefined) {
    const category = vatCategory(tree, taxes[0], 'the invoiced item VAT category code (BT-151)');
    const rate = tree.decimal(tree.child(taxes[0], 'RateApplicablePercent'));
    if (category !== undefined) vat = { category, rate: categoryRate(category, rate) };
  }
  const allowances_charges: En16931LineAllowanceCharge[] = [];
  for (const entry of tree.children(settlement, 'SpecifiedTradeAllowanceCharge')) {
    const charge = tree.chargeIndicator(entry);
    const amountElement = tree.child(entry, 'ActualAmount');
    if (amountElement === undefined)
      tree.missing(entry, 'ActualAmount', 'the line allowance or charge amount (BT-136, BT-141)');
    const amount = tree.amount(amountElement, scale);
    if (charge === undefined || amount === undefined) continue;
    allowances_charges.push({
      charge,
      amount,
      base_amount: tree.amount(tree.child(entry, 'BasisAmount'), scale),
      percentage: tree.decimal(tree.child(entry, 'CalculationPercent')),
      reason: tree.text(entry, 'Reason'),
      reason_code: tree.token(entry, 'ReasonCode'),
    });
  }
  const summation = tree.child(settlement, 'SpecifiedTradeSettlementLineMonetarySummation');
  if (summation === undefined && settlement !== undefined)
    tree.missing(
      settlement,
      'SpecifiedTradeSettlementLineMonetarySummation',
      'the invoice line net amount (BT-131)',
    );
  const netElement = tree.child(summation, 'LineTotalAmount');
  if (netElement === undefined && summation !== undefined)
    tree.missing(summation, 'LineTotalAmount', 'the invoice line net amount (BT-131)');
  const net_amount = tree.amount(netElement, scale);
  const account = tree.token(tree.child(settlement, 'ReceivableSpecifiedTradeAccountingAccount'), 'ID');

  if (
    id === undefined ||
    name === undefined ||
    quantity === undefined ||
    unit === undefined ||
    price === undefined ||
    vat === undefined ||
    net_amount === undefined
  )
    return undefined;
  return {
    id,
    note,
    quantity,
    unit_code: unit,
    net_amount,
    buyer_accounting_reference: account,
    allowances_charges,
    price,
    vat,
    item: {
      name,
      description: tree.text(product, 'Description'),
      sellers_id: tree.token(product, 'SellerAssignedID'),
      classifications,
    },
  };
}

/**
 * BG-29 from `ram:SpecifiedLineTradeAgreement`: BT-146 net price (required), BT-148 gross price,
 * BT-149 base quantity (the net price's; the gross price's when only it has one).
 *
 * The net price is the one that enters the line net amount (EN 16931-1 BT-131); the gross price and
 * its discount (BT-147) enter no total. The model keeps the two prices and the writer writes their
 * difference as the discount, so a gross price is read when its discount is that difference (or is
 * not given), and left out with its discount when they contradict the net price (two official
 * EN 16931 examples state a discount of 0.275 on 2.75 for a net price of 2.48): the net price stands,
 * no amount of the invoice changes, and the document written again is consistent. A gross base
 * quantity other than the net one is left out too.
 */
function readPrice(
  tree: CiiTree,
  item: XdmElement,
  unit: string | undefined,
): En16931Line['price'] | undefined {
  const agreement = tree.child(item, 'SpecifiedLineTradeAgreement');
  if (agreement === undefined) {
    tree.missing(item, 'SpecifiedLineTradeAgreement', 'the item net price (BT-146)');
    return undefined;
  }
  const netPrice = tree.child(agreement, 'NetPriceProductTradePrice');
  if (netPrice === undefined) {
    tree.missing(agreement, 'NetPriceProductTradePrice', 'the item net price (BT-146)');
    return undefined;
  }
  const netElement = tree.child(netPrice, 'ChargeAmount');
  if (netElement === undefined) tree.missing(netPrice, 'ChargeAmount', 'the item net price (BT-146)');
  const net = tree.decimal(netElement);
  let base = baseQuantity(tree, netPrice, unit, true);
  let gross: string | undefined;
  const grossPrice = tree.peek(agreement, 'GrossPriceProductTradePrice');
  if (grossPrice !== undefined && net !== undefined) {
    if (discountAgrees(tree, grossPrice, net)) {
      tree.take(grossPrice);
      gross = tree.decimal(tree.child(grossPrice, 'ChargeAmount'));
      for (const applied of tree.children(grossPrice, 'AppliedTradeAllowanceCharge')) tree.takeAll(applied);
      const grossBase = baseQuantity(tree, grossPrice, unit, false);
      if (base === undefined) base = grossBase;
      const grossBaseElement = tree.peek(grossPrice, 'BasisQuantity');
      if (grossBaseElement !== undefined && grossBase !== undefined && grossBase === base)
        tree.take(grossBaseElement);
    } else tree.leaveOut(grossPrice);
  }
  if (net === undefined) return undefined;
  return { net, gross, base_quantity: base };
}

/**
 * A price's `ram:BasisQuantity` (BT-149), refused when its unit differs from the billed quantity's
 * (BT-150 = BT-130). `take` false reads it without marking it, for the gross price's, which counts
 * as read only when it equals the net price's.
 */
function baseQuantity(
  tree: CiiTree,
  price: XdmElement,
  unit: string | undefined,
  take: boolean,
): string | undefined {
  const element = tree.peek(price, 'BasisQuantity');
  if (element === undefined) return undefined;
  if (take) tree.take(element);
  const stated = tree.attribute(element, 'unitCode');
  if (stated !== undefined && unit !== undefined && stated !== unit) {
    tree.invalid(
      element,
      'en16931.cii.read.base-quantity-unit',
      `is in ${stated} and the invoiced quantity in ${unit}: the price base quantity's unit must be the invoiced quantity's (PEPPOL-EN16931-R130), or the price per unit would change`,
    );
    return undefined;
  }
  return tree.decimal(element);
}

/** A plain decimal's text, or undefined (nothing marked, no issue). */
function plainDecimal(element: XdmElement | undefined): string | undefined {
  const text = element?.stringValue.trim();
  return text !== undefined && /^-?\d+(?:\.\d+)?$/.test(text) ? text : undefined;
}

/**
 * Whether the gross price and its allowances and charges (`ram:AppliedTradeAllowanceCharge`, BT-147)
 * give the net price: EN 16931-1 BT-146 "net price = gross price − price discount", Peppol's
 * PEPPOL-EN16931-R046. Read without marking anything; a gross price or discount that is not a plain
 * decimal does not agree.
 */
function discountAgrees(tree: CiiTree, grossPrice: XdmElement, net: string): boolean {
  const gross = plainDecimal(tree.peek(grossPrice, 'ChargeAmount'));
  if (gross === undefined) return false;
  const terms: { charge: boolean; value: string }[] = [];
  for (const node of grossPrice.children) {
    if (node.kind !== 'element' || node.local !== 'AppliedTradeAllowanceCharge') continue;
    const indicator = tree.peek(tree.peek(node, 'ChargeIndicator'), 'Indicator', CII_NAMESPACES.udt);
    const flag = indicator?.stringValue.trim();
    const value = plainDecimal(tree.peek(node, 'ActualAmount'));
    if ((flag !== 'true' && flag !== 'false') || value === undefined) return false;
    terms.push({ charge: flag === 'true', value });
  }
  let scale = Math.max(decimalPlaces(gross), decimalPlaces(net));
  for (const term of terms) scale = Math.max(scale, decimalPlaces(term.value));
  let price = toUnits(gross, scale);
  for (const term of terms) price += (term.charge ? 1n : -1n) * toUnits(term.value, scale);
  return price === toUnits(net, scale);
}
