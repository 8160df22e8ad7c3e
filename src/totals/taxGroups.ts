import type { TaxKind } from '../codelists/taxKinds.js';
import { decimalPlaces, formatUnitsTrimmed, toUnits } from '../money/fixedPoint.js';
import type { NormalizedLine, NormalizedTax } from './normalized.js';

/** A tax group (taxmath.md §3.4): the lines that carry one (kind, category, name, percent). */
export interface TaxGroup {
  /** `kind|category|name|percent`, e.g. `vat|S|IVA|21` or `surcharge||RE|5.2`. */
  key: string;
  kind: TaxKind;
  name: string;
  category: string;
  /** The percent normalized: no trailing zeros, never negative (`21.00` → `21`). */
  percent: string;
  /** The percent as units at the invoice's percent scale. */
  percentUnits: bigint;
  /** Indexes of the lines in the group, in line order. */
  lines: number[];
}

/** A percent without trailing zeros: `21.00` → `21`, `5.20` → `5.2`. */
function normalizedPercent(percent: string): string {
  return formatUnitsTrimmed(toUnits(percent, decimalPlaces(percent)), decimalPlaces(percent));
}

/**
 * The group key of a tax: `kind|category|name|normalized percent` (taxmath.md §3.4).
 *
 * @example
 * ```ts
 * taxGroupKey({ kind: 'vat', category: 'S', name: 'IVA', percent: '21.00' }); // 'vat|S|IVA|21'
 * ```
 */
export function taxGroupKey(tax: NormalizedTax): string {
  return `${tax.kind}|${tax.category}|${tax.name}|${normalizedPercent(tax.percent)}`;
}

/**
 * Collects the tax groups of an invoice, in order of first appearance, with the lines of each.
 *
 * @example
 * ```ts
 * collectTaxGroups(lines, 1).map((group) => group.key); // ['vat|S|IVA|21', 'surcharge||RE|5.2']
 * ```
 */
export function collectTaxGroups(lines: readonly NormalizedLine[], percentScale: number): TaxGroup[] {
  const groups: TaxGroup[] = [];
  const byKey = new Map<string, TaxGroup>();
  // Validation shares one NormalizedTax object per distinct tax, so the object finds its group
  // without building a key string per line; percents written differently (`21`, `21.00`) are
  // different objects that still meet in `byKey`.
  const byTax = new Map<NormalizedTax, TaxGroup>();
  for (let index = 0; index < lines.length; index++) {
    const taxes = (lines[index] as NormalizedLine).taxes;
    for (let slot = 0; slot < taxes.length; slot++) {
      const tax = taxes[slot] as NormalizedTax;
      let group = byTax.get(tax);
      if (group === undefined) {
        group = byKey.get(taxGroupKey(tax)) ?? newGroup(tax, percentScale, groups, byKey);
        byTax.set(tax, group);
      }
      group.lines.push(index);
    }
  }
  return groups;
}

/**
 * The indexes in `groups` of the groups of `taxes` (a document-level allowance's or charge's),
 * adding a group without lines for a tax no line carries (docs/totals.md §2.3: a charge may open a
 * group of its own, as EN 16931 BR-S-08 allows).
 *
 * @example
 * ```ts
 * const groups = collectTaxGroups(lines, 0); // ['vat|S|IVA|10']
 * groupsOfTaxes(groups, [{ name: 'IVA', kind: 'vat', category: 'S', percent: '21' }], 0); // [1]
 * groups.map((group) => group.key); // ['vat|S|IVA|10', 'vat|S|IVA|21']
 * ```
 */
export function groupsOfTaxes(
  groups: TaxGroup[],
  taxes: readonly NormalizedTax[],
  percentScale: number,
): number[] {
  return taxes.map((tax) => {
    const key = taxGroupKey(tax);
    const found = groups.findIndex((group) => group.key === key);
    if (found !== -1) return found;
    groups.push({
      key,
      kind: tax.kind,
      name: tax.name,
      category: tax.category,
      percent: normalizedPercent(tax.percent),
      percentUnits: toUnits(tax.percent, percentScale),
      lines: [],
    });
    return groups.length - 1;
  });
}

function newGroup(
  tax: NormalizedTax,
  percentScale: number,
  groups: TaxGroup[],
  byKey: Map<string, TaxGroup>,
): TaxGroup {
  const percentUnits = toUnits(tax.percent, percentScale);
  const group: TaxGroup = {
    key: taxGroupKey(tax),
    kind: tax.kind,
    name: tax.name,
    category: tax.category,
    percent: normalizedPercent(tax.percent),
    percentUnits,
    lines: [],
  };
  byKey.set(group.key, group);
  groups.push(group);
  return group;
}
