/**
 * Reads a `cac:TaxCategory` / `cac:ClassifiedTaxCategory` back into a VAT category and rate, refusing
 * what the semantic model cannot carry: a tax scheme other than VAT (a second tax) and a category code
 * outside EN 16931's nine.
 *
 * @module
 */
import type { En16931VatCategory } from '../semantic/en16931Invoice.js';
import { UBL_READ_RULES, type UblElement } from './readContext.js';

/** The VAT category codes of EN 16931 (UNTDID 5305 as BR-CL-17 / BR-CL-18 restrict it), which the model holds. */
const VAT_CATEGORIES: ReadonlySet<string> = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M']);

/** A VAT category and rate read from a tax category element. */
export interface ReadVatCategory {
  readonly category: En16931VatCategory;
  readonly rate: string | undefined;
}

/**
 * The category (`cbc:ID`) and rate (`cbc:Percent`) of a tax category element whose `cac:TaxScheme/cbc:ID`
 * is `VAT` (compared upper-cased and trimmed, as the rules compare it). A category of another scheme is
 * refused (`en16931.ubl.read.tax-scheme`): it is a tax the model cannot carry (EN 16931 knows VAT only,
 * and its rules look at `[cac:TaxScheme/cbc:ID = 'VAT']` only), and leaving it out would change
 * the tax. A code outside the nine (`B`, the Italian split payment Peppol allows) is refused
 * (`en16931.ubl.read.vat-category`). Null when refused or missing.
 *
 * @example
 * ```ts
 * readVatCategory(line.one('cac:Item')?.one('cac:ClassifiedTaxCategory'), item, 'cac:ClassifiedTaxCategory', 'the line VAT category (BG-30)');
 * // { category: 'S', rate: '25.0' }
 * ```
 */
export function readVatCategory(
  category: UblElement | undefined,
  parent: UblElement,
  name: string,
  term: string,
): ReadVatCategory | null {
  if (category === undefined) {
    parent.missing(name, term);
    return null;
  }
  const scheme = category.one('cac:TaxScheme')?.text('cbc:ID');
  if (scheme === undefined) {
    category.missing('cac:TaxScheme/cbc:ID', `the tax scheme of ${term}`);
    return null;
  }
  if (scheme.toUpperCase() !== 'VAT') {
    category.context.refuse(
      UBL_READ_RULES.taxScheme,
      `${category.path}/cac:TaxScheme/cbc:ID`,
      `is ${JSON.stringify(scheme)}: a tax other than VAT, which the EN 16931 semantic model cannot carry and fiscalkit does not drop`,
    );
    return null;
  }
  const code = category.requiredText('cbc:ID', `the VAT category code of ${term}`);
  if (code === undefined) return null;
  if (!VAT_CATEGORIES.has(code)) {
    category.context.refuse(
      UBL_READ_RULES.vatCategory,
      `${category.path}/cbc:ID`,
      `is ${JSON.stringify(code)}, not one of the VAT categories of EN 16931 (S, Z, E, AE, K, G, O, L, M)`,
    );
    return null;
  }
  return { category: code as En16931VatCategory, rate: category.decimal('cbc:Percent') };
}
