import type { XdmElement } from '../../../xpath/document.js';
import type { En16931VatCategory } from '../../semantic/en16931Invoice.js';
import type { CiiTree } from './tree.js';

const CATEGORIES: ReadonlySet<string> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);

/**
 * A VAT category code (BT-95, BT-102, BT-118, BT-151) of a `ram:ApplicableTradeTax` or
 * `ram:CategoryTradeTax`, whose `ram:TypeCode` must be `VAT` (CII-DT-037: EN 16931 knows no other
 * tax). A category outside the nine of the model (UNTDID 5305 as EN 16931 restricts it: `B`, the
 * Italian split payment, say) is refused: the tax it stands for would be read as another.
 *
 * @example
 * ```ts
 * vatCategory(tree, tax, 'the invoiced item VAT category code (BT-151)'); // 'S'
 * ```
 */
export function vatCategory(tree: CiiTree, tax: XdmElement, term: string): En16931VatCategory | undefined {
  const type = tree.token(tax, 'TypeCode');
  if (type !== 'VAT') {
    tree.invalid(
      tax,
      'en16931.cii.read.tax-type',
      `is a tax of type ${JSON.stringify(type ?? '')}: EN 16931 invoices carry VAT only (TypeCode "VAT"), and fiscalkit's invoice has no place for another tax`,
    );
    return undefined;
  }
  const code = tree.requiredToken(tax, 'CategoryCode', term);
  if (code === undefined) return undefined;
  if (!CATEGORIES.has(code)) {
    const element = tree.child(tax, 'CategoryCode') as XdmElement;
    tree.invalid(
      element,
      'en16931.cii.read.vat-category',
      `is ${JSON.stringify(code)}, not one of the VAT categories fiscalkit's invoice carries (S, Z, E, AE, K, G, O, L, M)`,
    );
    return undefined;
  }
  return code as En16931VatCategory;
}

/**
 * A rate of category `O` that says zero (XRechnung's BR-DE-14 makes every VAT breakdown row give one)
 * is no rate: the model keeps `O` without one (BR-O-05 for lines), so an XRechnung document and its
 * EN 16931 twin read the same.
 *
 * @example
 * ```ts
 * categoryRate('O', '0'); // undefined
 * categoryRate('S', '19'); // '19'
 * ```
 */
export function categoryRate(
  category: En16931VatCategory | undefined,
  rate: string | undefined,
): string | undefined {
  if (category === 'O' && rate !== undefined && /^-?0*(?:\.0*)?$/.test(rate)) return undefined;
  return rate;
}
