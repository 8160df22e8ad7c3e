import { formatUnitsTrimmed, toUnits } from '../money/fixedPoint.js';
import { PERCENT_DECIMALS } from './scales.js';
import type { TaxKind } from './schema.js';
import type { NormalizedLine, NormalizedTax } from './validateTotalsInput.js';

/** A tax group (taxmath.md §3.4): the lines that carry one (kind, category, name, percent). */
export interface TaxGroup {
  /** `kind|category|name|percent`, e.g. `vat|S|IVA|21` or `surcharge||RE|5.2`. */
  key: string;
  kind: TaxKind;
  name: string;
  category: string;
  /** The percent normalized: no trailing zeros, never negative (`21.00` → `21`). */
  percent: string;
  /** The percent as units at `PERCENT_DECIMALS`. */
  percentUnits: bigint;
  /** Indexes of the lines in the group, in line order. */
  lines: number[];
  /** For each of those lines, the position of this group's tax among the line's taxes. */
  slots: number[];
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
  return `${tax.kind}|${tax.category}|${tax.name}|${formatUnitsTrimmed(toUnits(tax.percent, PERCENT_DECIMALS), PERCENT_DECIMALS)}`;
}

/**
 * Collects the tax groups of an invoice, in order of first appearance, with the lines of each.
 *
 * @example
 * ```ts
 * collectTaxGroups(lines).map((group) => group.key); // ['vat|S|IVA|21', 'surcharge||RE|5.2']
 * ```
 */
export function collectTaxGroups(lines: readonly NormalizedLine[]): TaxGroup[] {
  const groups: TaxGroup[] = [];
  const byKey = new Map<string, TaxGroup>();
  // Lines mostly repeat a few taxes written the same way: look them up as written before
  // normalizing the percent (`21` and `21.00` still meet in `byKey`).
  const byWritten = new Map<string, TaxGroup>();
  lines.forEach((line, index) => {
    line.taxes.forEach((tax, slot) => {
      const written = `${tax.kind}|${tax.category}|${tax.name}|${tax.percent}`;
      let group = byWritten.get(written);
      if (group === undefined) {
        const key = taxGroupKey(tax);
        group = byKey.get(key);
        if (group !== undefined) byWritten.set(written, group);
      }
      if (group === undefined) {
        const key = taxGroupKey(tax);
        const percentUnits = toUnits(tax.percent, PERCENT_DECIMALS);
        group = {
          key,
          kind: tax.kind,
          name: tax.name,
          category: tax.category,
          percent: formatUnitsTrimmed(percentUnits, PERCENT_DECIMALS),
          percentUnits,
          lines: [],
          slots: [],
        };
        byKey.set(key, group);
        byWritten.set(written, group);
        groups.push(group);
      }
      group.lines.push(index);
      group.slots.push(slot);
    });
  });
  return groups;
}
