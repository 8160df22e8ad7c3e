/**
 * A fiscalkit VAT tax as an EN 16931 VAT category and rate (BT-151/152, BT-95/96, BT-102/103,
 * BT-118/119). A tax's `category` is free text in fiscalkit (api-notes.md §10: the service accepts
 * `S`, `H`, `AA`, `AAA`, `E`, `Z`, `AE`, `NS`, `G`, `O`, `K`), while EN 16931 allows exactly the
 * UNCL5305 codes `S Z E AE K G O L M` (BR-CL-17/18; `B`, Italian split payment, is outside the core
 * and not written). The mapping is the data table {@link VAT_CATEGORY_CODES}; a category outside it is
 * refused rather than guessed, because the category decides which rules the document must meet.
 *
 * Without a category (the spec's taxes are `{name, percent}`, spec §2.4), the tax name `IGIC` is the
 * Canary Islands tax (`L`) and `IPSI` the Ceuta and Melilla tax (`M`), as in Facturae's tax type codes;
 * otherwise a positive rate is standard rated (`S`) and **a 0 % rate is zero rated (`Z`)**: fiscalkit's
 * choice, because `Z` is what a 0 % tax says literally, while exempt (`E`), reverse charge (`AE`),
 * intra-community (`K`) and export (`G`) each state a legal ground the client did not give; a client
 * who means one of them sends its category.
 *
 * Each category then fixes its rate (the `BR-*-05` rules): `S` above zero, `Z E AE K G` zero, `L M`
 * zero or more, `O` none at all (fiscalkit's 0 % is written without a rate, BR-O-05). A rate the
 * category does not allow is refused at the tax's `percent`.
 *
 * @module
 */
import { Decimal } from '../../money/decimal.js';
import type { En16931VatCategory } from './en16931Invoice.js';

/**
 * fiscalkit tax categories (upper case) → UNCL5305 (EN 16931). Why each row:
 *
 * - `S`, `Z`, `E`, `AE`, `K`, `G`, `O`, `L`, `M`: the EN 16931 codes themselves;
 * - `H` (UNCL5305 "higher rate"), `AA` ("lower rate") and `AAA` (the service's super-reduced 4 %,
 *   api-notes.md §10): rates of the standard-rated regime; EN 16931 has one code, `S`, for every positive
 *   rate, the rate telling them apart;
 * - `NS`: the service's "not subject" (api-notes.md §10), and the engine's category of an allowance or
 *   charge with `apply_taxes: false` (docs/totals.md §1): UNCL5305 `O`, "services outside scope of tax".
 */
export const VAT_CATEGORY_CODES: Readonly<Record<string, En16931VatCategory>> = {
  S: 'S',
  H: 'S',
  AA: 'S',
  AAA: 'S',
  Z: 'Z',
  E: 'E',
  AE: 'AE',
  K: 'K',
  G: 'G',
  O: 'O',
  NS: 'O',
  L: 'L',
  M: 'M',
};

/** Tax names (upper case) that name their category when the tax gives none (Facturae tax types 03, 04). */
const NAMED_CATEGORIES: Readonly<Record<string, En16931VatCategory>> = {
  IGIC: 'L',
  IPSI: 'M',
};

/** The rates each category allows (EN 16931 BR-S-05, BR-Z-05, BR-E-05, BR-AE-05, BR-IC-05, BR-G-05, BR-O-05, BR-AF-05, BR-AG-05). */
export const VAT_CATEGORY_RATES: Readonly<Record<En16931VatCategory, 'positive' | 'zero' | 'none' | 'any'>> =
  {
    S: 'positive',
    Z: 'zero',
    E: 'zero',
    AE: 'zero',
    K: 'zero',
    G: 'zero',
    O: 'none',
    L: 'any',
    M: 'any',
  };

/** The official rule behind each category's rate (for messages). */
const RATE_CHECKS: Readonly<Record<En16931VatCategory, string>> = {
  S: 'BR-S-05',
  Z: 'BR-Z-05',
  E: 'BR-E-05',
  AE: 'BR-AE-05',
  K: 'BR-IC-05',
  G: 'BR-G-05',
  O: 'BR-O-05',
  L: 'BR-AF-05',
  M: 'BR-AG-05',
};

/** A fiscalkit tax as a category and rate, or why it cannot be one. */
export type VatCategoryResult =
  | { readonly ok: true; readonly category: En16931VatCategory; readonly rate: string | undefined }
  | { readonly ok: false; readonly field: 'category' | 'percent'; readonly message: string };

/**
 * A percent as EN 16931 writes a rate: the number without trailing zeros (`'21.00'` → `'21'`,
 * `'5.50'` → `'5.5'`, `'0.000'` → `'0'`).
 *
 * @example
 * ```ts
 * vatRate('21.00'); // '21'
 * vatRate('-0'); // '0'
 * ```
 */
export function vatRate(percent: string): string {
  const value = new Decimal(percent);
  return value.isZero() ? '0' : value.toString();
}

/**
 * The EN 16931 category and rate of a fiscalkit VAT tax (`{name, category, percent}`), by
 * {@link VAT_CATEGORY_CODES}, the tax names `IGIC` / `IPSI`, and the module's default for a tax
 * without a category (positive → `S`, 0 % → `Z`); a category outside the table, or a rate the
 * category does not allow ({@link VAT_CATEGORY_RATES}), is not one (the caller refuses it at `field`).
 *
 * @example
 * ```ts
 * vatCategoryOf({ name: 'IVA', category: 'H', percent: '21' }); // { ok: true, category: 'S', rate: '21' }
 * vatCategoryOf({ name: 'IVA', category: null, percent: '0' }); // { ok: true, category: 'Z', rate: '0' }
 * vatCategoryOf({ name: 'IVA', category: 'NS', percent: '0' }); // { ok: true, category: 'O', rate: undefined }
 * vatCategoryOf({ name: 'IVA', category: 'E', percent: '10' }).ok; // false: BR-E-05
 * ```
 */
export function vatCategoryOf(tax: {
  readonly name?: string | null | undefined;
  readonly category?: string | null | undefined;
  readonly percent: string;
}): VatCategoryResult {
  const written = (tax.category ?? '').trim().toUpperCase();
  const rate = vatRate(tax.percent);
  let category: En16931VatCategory | undefined;
  if (written !== '') {
    category = Object.hasOwn(VAT_CATEGORY_CODES, written) ? VAT_CATEGORY_CODES[written] : undefined;
    if (category === undefined)
      return {
        ok: false,
        field: 'category',
        message: `is ${JSON.stringify(tax.category)}, which has no EN 16931 VAT category (UNCL5305 S, Z, E, AE, K, G, O, L, M; BR-CL-18); fiscalkit reads ${Object.keys(VAT_CATEGORY_CODES).join(', ')}`,
      };
  } else {
    const name = (tax.name ?? '').trim().toUpperCase();
    category = Object.hasOwn(NAMED_CATEGORIES, name) ? NAMED_CATEGORIES[name] : rate === '0' ? 'Z' : 'S';
  }
  if (category === undefined) throw new TypeError('vatCategoryOf: no category');
  const allowed = VAT_CATEGORY_RATES[category];
  const positive = new Decimal(rate).greaterThan(0);
  const negative = new Decimal(rate).lessThan(0);
  const fits = allowed === 'positive' ? positive : allowed === 'any' ? !negative : rate === '0'; // 'zero' and 'none': fiscalkit's rate must be 0 (O is then written without one)
  if (!fits)
    return {
      ok: false,
      field: 'percent',
      message: `is ${tax.percent}, which EN 16931 ${RATE_CHECKS[category]} does not allow for VAT category ${category} (${allowed === 'positive' ? 'above zero' : allowed === 'any' ? 'zero or more' : 'zero'})`,
    };
  return { ok: true, category, rate: allowed === 'none' ? undefined : rate };
}
