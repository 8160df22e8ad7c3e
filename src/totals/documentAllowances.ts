import { ApiError } from '../errors/ApiError.js';
import { decimalPlaces, toUnits } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { allocate } from './allocate.js';
import type { GroupPiece } from './modes.js';
import type { NormalizedAllowanceCharge, NormalizedLine, NormalizedTax } from './normalized.js';
import { groupsOfTaxes, type TaxGroup } from './taxGroups.js';

/**
 * One document-level allowance or charge as it enters the tax groups (EN 16931 BG-20 / BG-21): a
 * whole entry, or one tax set's part of an entry spread over the lines' tax sets.
 */
export interface DocumentPiece {
  entry: NormalizedAllowanceCharge;
  /** The amount (BT-92 / BT-99) at the currency exponent, as computed; an allowance is subtracted. */
  amount: bigint;
  /** With a percentage: the base it was taken of (BT-93 / BT-100), at the currency exponent. */
  base?: bigint;
  /** The indexes of its groups (one VAT group, and the surcharge / withholding it carries). */
  groups: number[];
}

/** The document-level amounts of an invoice (docs/totals.md §2.3). */
export interface DocumentAmounts {
  /** In entry order; a spread entry gives one piece per tax set, in order of first appearance. */
  pieces: DocumentPiece[];
  /** Per group index: the pieces in it, with their signed amounts. */
  groupPieces: GroupPiece[][];
  /** Reimbursable expenses, in entry order, with their amounts at the currency exponent. */
  reimbursable: { entry: NormalizedAllowanceCharge; amount: bigint }[];
}

/** A set of taxes lines carry, with the sum of those lines' printed nets. */
interface TaxSet {
  taxes: NormalizedTax[];
  groups: number[];
  weight: bigint;
  /** The weight while number nets are summed (exact integers). */
  numberWeight: number;
}

/**
 * The tax sets of the lines in order of first appearance (a line's taxes, as a set of groups), each
 * weighted by the printed nets of its lines: what an entry without taxes of its own is spread over.
 * Lines share one normalized tax list per distinct list, so the map is keyed by that list and only
 * lists in another order need merging.
 */
function taxSetsOf(
  lines: readonly NormalizedLine[],
  lineNets: LineNetValues,
  groups: TaxGroup[],
  percentScale: number,
): TaxSet[] {
  const byList = new Map<NormalizedTax[], TaxSet>();
  const byGroups = new Map<string, TaxSet>();
  const sets: TaxSet[] = [];
  if (lineNets instanceof Float64Array) {
    // Number nets (the number path): summed per set in numbers, exact because every partial sum
    // is at most Σ |net|, which numberPrintedNets checked to be exact.
    for (let i = 0; i < lines.length; i++) {
      const set = setOf(lines[i] as NormalizedLine, byList, byGroups, sets, groups, percentScale);
      set.numberWeight += lineNets[i] as number;
    }
    // money-safe: exact integer sums (see above), converted exactly.
    for (const set of sets) set.weight = BigInt(set.numberWeight);
    return sets;
  }
  for (let i = 0; i < lines.length; i++) {
    const set = setOf(lines[i] as NormalizedLine, byList, byGroups, sets, groups, percentScale);
    set.weight += lineNets[i] as bigint;
  }
  return sets;
}

/** The tax set of a line, added to `sets` when it is new. */
function setOf(
  line: NormalizedLine,
  byList: Map<NormalizedTax[], TaxSet>,
  byGroups: Map<string, TaxSet>,
  sets: TaxSet[],
  groups: TaxGroup[],
  percentScale: number,
): TaxSet {
  const taxes = line.taxes;
  let set = byList.get(taxes);
  if (set === undefined) {
    const indexes = groupsOfTaxes(groups, taxes, percentScale);
    const key = [...indexes].sort((a, b) => a - b).join(',');
    set = byGroups.get(key);
    if (set === undefined) {
      set = { taxes, groups: indexes, weight: 0n, numberWeight: 0 };
      byGroups.set(key, set);
      sets.push(set);
    }
    byList.set(taxes, set);
  }
  return set;
}

/**
 * The printed line nets at the currency exponent: bigints, or exact integer numbers from the
 * number path (`numberParts` in computeTotals.ts), whose every partial sum is exact.
 */
export type LineNetValues = readonly bigint[] | Float64Array;

/**
 * Σ printed line nets, as a bigint.
 *
 * @example
 * ```ts
 * sumLineNets([1050n, -25n]); // 1025n
 * sumLineNets(Float64Array.of(1050, -25)); // 1025n
 * ```
 */
export function sumLineNets(lineNets: LineNetValues): bigint {
  if (lineNets instanceof Float64Array) {
    let sum = 0;
    for (let i = 0; i < lineNets.length; i++) sum += lineNets[i] as number;
    // money-safe: an exact integer sum (every partial sum is, see LineNetValues), converted exactly.
    return BigInt(sum);
  }
  let sum = 0n;
  for (const net of lineNets) sum += net;
  return sum;
}

/** `R(base × percentage / 100)` at the currency exponent. */
function percentOf(base: bigint, percentage: string, exponent: number, method: RoundingMethod): bigint {
  const places = decimalPlaces(percentage);
  return roundUnits(base * toUnits(percentage, places), exponent + places + 2, exponent, method);
}

/**
 * Resolves the document-level allowances and charges into pieces in the tax groups
 * (docs/totals.md §2.3, §3.2), from the printed line nets (`lineNets`, at the currency exponent):
 *
 * - own `taxes` (or the not-subject VAT tax of `apply_taxes: false`): one piece in those groups
 *   (added when no line has them); a percentage is of `base_amount`, else of the sum of the line
 *   nets (BT-106);
 * - no taxes: spread over the lines' tax sets in proportion to their nets, so that each piece has
 *   one VAT category and rate as EN 16931 requires (BG-20 BT-95/96). A percentage is applied to each
 *   set's nets (`R(W_c × p / 100)`, so each piece satisfies BT-92 = BT-93 × BT-94 / 100); a fixed
 *   amount, or a `base_amount`, is split by largest remainder (taxmath.md §3.7) so the parts add up
 *   exactly. An invoice whose lines' nets add up to zero has nothing to split in proportion to: 422
 *   at the entry, unless its lines carry one tax set only;
 * - reimbursable expenses: no piece; listed for the totals.
 *
 * `groups` gets the groups only pieces carry, appended.
 *
 * @example
 * ```ts
 * // 10.00 off an invoice of 100.00 at 21 % and 50.00 at 10 %: 6.67 and 3.33.
 * const { pieces } = documentAllowanceCharges(
 *   [{ index: 0, allowance_charge_indicator: 'allowance', amount: '10.00', taxation: 'spread' }],
 *   lines, groups, [10000n, 5000n], 2, 'half_up', 0,
 * );
 * pieces.map((piece) => piece.amount); // [667n, 333n]
 * ```
 */
export function documentAllowanceCharges(
  entries: readonly NormalizedAllowanceCharge[],
  lines: readonly NormalizedLine[],
  groups: TaxGroup[],
  lineNets: LineNetValues,
  exponent: number,
  method: RoundingMethod,
  percentScale: number,
): DocumentAmounts {
  const pieces: DocumentPiece[] = [];
  const reimbursable: DocumentAmounts['reimbursable'] = [];
  let subtotal: bigint | undefined;
  let sets: TaxSet[] | undefined;
  const lineTotal = () => {
    subtotal ??= sumLineNets(lineNets);
    return subtotal;
  };
  for (const entry of entries) {
    const amount = entry.amount === undefined ? undefined : toUnits(entry.amount, exponent);
    const given = entry.base_amount === undefined ? undefined : toUnits(entry.base_amount, exponent);
    if (entry.taxation === 'reimbursable') {
      reimbursable.push({ entry, amount: amount ?? 0n });
      continue;
    }
    if (entry.taxation !== 'spread') {
      const piece: DocumentPiece = {
        entry,
        amount: 0n,
        groups: groupsOfTaxes(groups, entry.taxes ?? [], percentScale),
      };
      if (entry.percentage === undefined) piece.amount = amount ?? 0n;
      else {
        piece.base = given ?? lineTotal();
        piece.amount = percentOf(piece.base, entry.percentage, exponent, method);
      }
      pieces.push(piece);
      continue;
    }
    sets ??= taxSetsOf(lines, lineNets, groups, percentScale);
    if (sets.length === 1) {
      const only = sets[0] as TaxSet;
      const piece: DocumentPiece = { entry, amount: amount ?? 0n, groups: only.groups };
      if (entry.percentage !== undefined) {
        piece.base = given ?? only.weight;
        piece.amount = percentOf(piece.base, entry.percentage, exponent, method);
      }
      pieces.push(piece);
      continue;
    }
    const total = lineTotal();
    if (entry.percentage !== undefined && given === undefined) {
      for (const set of sets) {
        pieces.push({
          entry,
          amount: percentOf(set.weight, entry.percentage, exponent, method),
          base: set.weight,
          groups: set.groups,
        });
      }
      continue;
    }
    if (total === 0n) {
      throw new ApiError(
        'parameter_invalid',
        `allowance_charges[${entry.index}] cannot be spread over the lines' taxes in proportion to their nets: the nets add up to zero; give the entry its own taxes`,
        // fiscalkit's spread (docs/totals.md): the sources are silent on a zero-net document.
        { param: `allowance_charges[${entry.index}]`, rule: 'fiscalkit.totals.allowance-spread' },
      );
    }
    const whole = (entry.percentage === undefined ? amount : given) ?? 0n;
    const shares = allocate(
      sets.map((set) => whole * set.weight),
      total,
      whole,
      method,
    );
    sets.forEach((set, c) => {
      const share = shares[c] as bigint;
      if (entry.percentage === undefined) pieces.push({ entry, amount: share, groups: set.groups });
      else {
        pieces.push({
          entry,
          amount: percentOf(share, entry.percentage, exponent, method),
          base: share,
          groups: set.groups,
        });
      }
    });
  }
  const groupPieces: GroupPiece[][] = groups.map(() => []);
  pieces.forEach((piece, p) => {
    const signed = piece.entry.allowance_charge_indicator === 'allowance' ? -piece.amount : piece.amount;
    for (const g of piece.groups) (groupPieces[g] as GroupPiece[]).push({ piece: p, amount: signed });
  });
  return { pieces, groupPieces, reimbursable };
}
