import { pow10 } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { exactNumberOf, isExact, MAX_SPLIT_DIGITS, powerOfTen, roundSplit } from './exactNumbers.js';
import type { TotalsMode } from './mode.js';
import type { GroupPiece } from './modes.js';
import type { NumberLineNets } from './numberLines.js';
import type { TaxGroup } from './taxGroups.js';

/**
 * The modes of taxmath.md §3.5 and docs/totals.md §3 (`modes.ts`) over number line nets
 * (`numberLineNets`): the same formulas, the same rounding and the same largest-remainder
 * allocation, with every per-line value in a typed array instead of a bigint. Group-level values
 * (bases, taxes, exact sums) stay bigints: there are a handful of groups. Each function returns
 * `undefined` when a value would not be exact in a number; the caller then uses the bigint path.
 */

/** Printed line nets and each group's line part, as `PrintedNets`. */
export interface NumberPrintedNets {
  lineNets: Float64Array;
  lineBases: bigint[];
  /** `per_line_unrounded` only: per group, Σ exact nets, at scale `exponent + nets.maxDigits`. */
  lineBasesExact?: bigint[];
}

/** What a mode computes, as `ModeAmounts`, with per-line values in typed arrays. */
export interface NumberModeAmounts {
  lineNets: Float64Array;
  /** Per group: its lines' printed taxes (first `group.lines.length` entries), in line order. */
  groupLineTaxes: Float64Array[];
  groupPieceTaxes: bigint[][];
  groupBases: bigint[];
  groupTaxes: bigint[];
  /** `per_line_unrounded` only: at scale `exponent + nets.maxDigits`. */
  groupBasesExact?: bigint[];
  /** `per_line_unrounded` only: at scale `exponent + nets.maxDigits + percentShift`. */
  groupTaxesExact?: bigint[];
}

/** Scratch arrays for one allocation at a time, grown as needed (computeTotals is not re-entered). */
let scratchWhole = new Float64Array(1024);
let scratchRest = new Float64Array(1024);
let scratchResidual = new Float64Array(1024);
function ensureScratch(count: number) {
  if (scratchWhole.length >= count) return;
  // money-safe: a length, doubled.
  const length = Math.max(count, scratchWhole.length * 2);
  scratchWhole = new Float64Array(length);
  scratchRest = new Float64Array(length);
  scratchResidual = new Float64Array(length);
}

/** Whether share `a` comes before share `b` (allocate.ts `before`). */
function before(residuals: Float64Array, a: number, b: number, up: boolean): boolean {
  const ra = residuals[a] as number;
  const rb = residuals[b] as number;
  if (ra === rb) return a < b;
  return up ? ra > rb : ra < rb;
}

/** allocate.ts `firstInLine`, over number residuals (exact integers, compared exactly). */
function firstInLine(residuals: Float64Array, length: number, count: number, up: boolean): number[] {
  if (count >= length) {
    const all: number[] = [];
    for (let i = 0; i < length; i++) all.push(i);
    return all.sort((a, b) => (before(residuals, a, b, up) ? -1 : 1));
  }
  const chosen: number[] = [];
  for (let i = 0; i < length; i++) {
    if (chosen.length === count && !before(residuals, i, chosen[count - 1] as number, up)) continue;
    let at = chosen.length === count ? count - 1 : chosen.length;
    while (at > 0 && before(residuals, i, chosen[at - 1] as number, up)) {
      chosen[at] = chosen[at - 1] as number;
      at -= 1;
    }
    chosen[at] = i;
  }
  return chosen;
}

/**
 * `allocate` (taxmath.md §3.7) of `count` exact shares given split as
 * `scratchWhole[i] × 10^k + scratchRest[i]` (truncated): each rounded with `method`, then single
 * units moved to the largest residuals until they add up to `target`. Residuals are all at the same
 * scale, so comparing them compares the fractions exactly, as `allocate` does.
 */
function allocateSplits(
  count: number,
  k: number,
  target: number,
  method: RoundingMethod,
  shares: Float64Array,
): boolean {
  const d = powerOfTen(k);
  let sum = 0;
  let exact = true;
  for (let i = 0; i < count; i++) {
    const whole = scratchWhole[i] as number;
    const rest = scratchRest[i] as number;
    const share = roundSplit(whole, rest, k, method);
    shares[i] = share;
    // The residual is the remainder ∓ d when rounding moved the quotient (|residual| < 10^15).
    scratchResidual[i] = share === whole ? rest : share > whole ? rest - d : rest + d;
    sum += share;
    exact = exact && isExact(sum);
  }
  if (!exact || !isExact(target)) return false;
  let delta = target - sum;
  if (delta === 0 || count === 0) return true;
  const up = delta > 0;
  const step = up ? 1 : -1;
  const magnitude = up ? delta : -delta;
  const order = firstInLine(scratchResidual, count, magnitude < count ? magnitude : count, up);
  while (delta !== 0) {
    for (const i of order) {
      if (delta === 0) break;
      shares[i] = (shares[i] as number) + step;
      delta -= step;
    }
  }
  return true;
}

/** Splits the exact integer `value` at 10^k into the scratch arrays at `at`. */
function splitInto(at: number, value: number, divisor: number) {
  // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
  const rest = value % divisor;
  scratchRest[at] = rest;
  // money-safe: as above.
  scratchWhole[at] = (value - rest) / divisor;
}

function sumPieces(pieces: readonly GroupPiece[]): bigint {
  let sum = 0n;
  for (const { amount } of pieces) sum += amount;
  return sum;
}

/**
 * `printedNets` over number line nets: in `accumulated` and `per_line` the component-rounded nets
 * and their sums per group; in `per_line_unrounded` each group's `R(Σ exact nets)`, allocated back
 * over the lines of VAT groups.
 *
 * @example
 * ```ts
 * const printed = numberPrintedNets('accumulated', nets, groups, 2, 'half_up');
 * printed?.lineBases; // [4433n] for vector V26
 * ```
 */
export function numberPrintedNets(
  mode: TotalsMode,
  nets: NumberLineNets,
  groups: readonly TaxGroup[],
  exponent: number,
  method: RoundingMethod,
): NumberPrintedNets | undefined {
  const count = nets.rounded.length;
  if (mode !== 'per_line_unrounded') {
    // Every partial sum of printed nets (here and in documentAllowanceCharges) is at most
    // count × max |net|: exact when that is.
    // money-safe: a bound on sums of exact integers.
    if (!isExact(nets.maxRounded * (count + 1))) return undefined;
    const lineNets = nets.rounded;
    const lineBases: bigint[] = [];
    for (const group of groups) {
      let sum = 0;
      for (const line of group.lines) sum += lineNets[line] as number;
      // money-safe: an exact integer sum (bounded above), converted exactly.
      lineBases.push(BigInt(sum));
    }
    return { lineNets, lineBases };
  }
  const digits = nets.maxDigits;
  const scale = powerOfTen(digits);
  const { netWhole, netRest, netDigits } = nets;
  const lineNets = new Float64Array(count);
  const lineBases: bigint[] = [];
  const lineBasesExact: bigint[] = [];
  for (const group of groups) {
    const lines = group.lines;
    const vat = group.kind === 'vat';
    if (vat) ensureScratch(lines.length);
    // Σ exact nets as whole + rest, the rest kept within ±10^digits (so exact) by carrying.
    let whole = 0;
    let rest = 0;
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k] as number;
      // money-safe: a remainder below 10^netDigits brought to 10^digits (≤ 10^15) stays exact.
      const lineRest = (netRest[line] as number) * powerOfTen(digits - (netDigits[line] as number));
      whole += netWhole[line] as number;
      rest += lineRest;
      if (rest >= scale) {
        rest -= scale;
        whole += 1;
      } else if (rest <= -scale) {
        rest += scale;
        whole -= 1;
      }
      if (!isExact(whole)) return undefined;
      if (vat) {
        scratchWhole[k] = netWhole[line] as number;
        scratchRest[k] = lineRest;
      }
    }
    if (!isExact(whole)) return undefined;
    // money-safe: exact integers converted exactly.
    const baseExact = BigInt(whole) * pow10(digits) + BigInt(rest);
    const base = roundUnits(baseExact, exponent + digits, exponent, method);
    // Every line has exactly one VAT group, so the VAT groups print each line's net once.
    if (vat) {
      const shares = new Float64Array(lines.length);
      if (!allocateSplits(lines.length, digits, exactNumberOf(base), method, shares)) return undefined;
      for (let k = 0; k < lines.length; k++) lineNets[lines[k] as number] = shares[k] as number;
    }
    lineBases.push(base);
    lineBasesExact.push(baseExact);
  }
  // Document-level entries sum these nets in numbers (documentAllowanceCharges): every partial
  // sum is at most Σ |net|, so they are exact when that is.
  let magnitude = 0;
  for (let i = 0; i < count; i++) {
    const net = lineNets[i] as number;
    magnitude += net < 0 ? -net : net;
  }
  if (!isExact(magnitude)) return undefined;
  return { lineNets, lineBases, lineBasesExact };
}

/** `accumulated` (modes.ts): group tax `R(base × rate)`, allocated over the lines and pieces. */
function accumulated(
  groups: readonly TaxGroup[],
  pieces: readonly (readonly GroupPiece[] | undefined)[],
  printed: NumberPrintedNets,
  exponent: number,
  method: RoundingMethod,
  percentShift: number,
): NumberModeAmounts | undefined {
  const { lineNets, lineBases } = printed;
  const groupLineTaxes: Float64Array[] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const divisor = powerOfTen(percentShift);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as TaxGroup;
    const inGroup = pieces[g] ?? [];
    const base = (lineBases[g] ?? 0n) + sumPieces(inGroup);
    const tax = roundUnits(base * group.percentUnits, exponent + percentShift, exponent, method);
    const rate = exactNumberOf(group.percentUnits);
    const lines = group.lines;
    const count = lines.length + inGroup.length;
    ensureScratch(count);
    for (let k = 0; k < lines.length; k++) {
      // money-safe: a product of exact integers, checked exact.
      const exact = (lineNets[lines[k] as number] as number) * rate;
      if (!isExact(exact)) return undefined;
      splitInto(k, exact, divisor);
    }
    for (let p = 0; p < inGroup.length; p++) {
      // money-safe: as above.
      const exact = exactNumberOf((inGroup[p] as GroupPiece).amount) * rate;
      if (!isExact(exact)) return undefined;
      splitInto(lines.length + p, exact, divisor);
    }
    const shares = new Float64Array(count);
    if (!allocateSplits(count, percentShift, exactNumberOf(tax), method, shares)) return undefined;
    groupLineTaxes.push(shares);
    const pieceTaxes: bigint[] = [];
    // money-safe: exact integers (allocateSplits checked their sum), converted exactly.
    for (let p = 0; p < inGroup.length; p++) pieceTaxes.push(BigInt(shares[lines.length + p] as number));
    groupPieceTaxes.push(pieceTaxes);
    groupBases.push(base);
    groupTaxes.push(tax);
  }
  return { lineNets, groupLineTaxes, groupPieceTaxes, groupBases, groupTaxes };
}

/** `per_line` (modes.ts): each line's and piece's `R(amount × rate)`; group tax = their sum. */
function perLine(
  groups: readonly TaxGroup[],
  pieces: readonly (readonly GroupPiece[] | undefined)[],
  printed: NumberPrintedNets,
  exponent: number,
  method: RoundingMethod,
  percentShift: number,
): NumberModeAmounts | undefined {
  const { lineNets, lineBases } = printed;
  const groupLineTaxes: Float64Array[] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const divisor = powerOfTen(percentShift);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as TaxGroup;
    const inGroup = pieces[g] ?? [];
    const rate = exactNumberOf(group.percentUnits);
    const lines = group.lines;
    const taxes = new Float64Array(lines.length);
    let lineSum = 0;
    for (let k = 0; k < lines.length; k++) {
      // money-safe: a product of exact integers, checked exact.
      const exact = (lineNets[lines[k] as number] as number) * rate;
      // money-safe: the remainder of exact integers, and the quotient of an exact multiple.
      const rest = exact % divisor;
      // money-safe: as above.
      const tax = roundSplit((exact - rest) / divisor, rest, percentShift, method);
      taxes[k] = tax;
      lineSum += tax;
      if (!isExact(exact) || !isExact(lineSum)) return undefined;
    }
    const pieceTaxes = inGroup.map((piece) =>
      roundUnits(piece.amount * group.percentUnits, exponent + percentShift, exponent, method),
    );
    // money-safe: an exact integer sum (checked), converted exactly.
    let tax = BigInt(lineSum);
    for (const pieceTax of pieceTaxes) tax += pieceTax;
    groupLineTaxes.push(taxes);
    groupPieceTaxes.push(pieceTaxes);
    groupBases.push((lineBases[g] ?? 0n) + sumPieces(inGroup));
    groupTaxes.push(tax);
  }
  return { lineNets, groupLineTaxes, groupPieceTaxes, groupBases, groupTaxes };
}

/**
 * `per_line_unrounded` (modes.ts): group tax `R(Σ exact line taxes ± Σ piece taxes)`, allocated.
 * A line's exact tax `(whole × 10^d + rest) × rate` has `d + percentShift` decimals below the minor
 * unit; it is split as `a × 10^(d + percentShift) + r` without ever forming it: with
 * `whole × rate = a × 10^percentShift + b`, `r = b × 10^d + rest × rate`, and since a rate is at most
 * 100 % (`rate ≤ 10^percentShift`) both terms are below `10^(d + percentShift)` ≤ 10^15.
 */
function perLineUnrounded(
  groups: readonly TaxGroup[],
  pieces: readonly (readonly GroupPiece[] | undefined)[],
  printed: NumberPrintedNets,
  nets: NumberLineNets,
  exponent: number,
  method: RoundingMethod,
  percentShift: number,
): NumberModeAmounts | undefined {
  const digits = nets.maxDigits;
  const taxDigits = digits + percentShift;
  if (taxDigits > MAX_SPLIT_DIGITS) return undefined;
  const { netWhole, netRest, netDigits } = nets;
  const { lineNets, lineBases, lineBasesExact = [] } = printed;
  const groupLineTaxes: Float64Array[] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const groupBasesExact: bigint[] = [];
  const groupTaxesExact: bigint[] = [];
  const rateScale = powerOfTen(percentShift);
  const netScale = powerOfTen(digits);
  const taxScale = powerOfTen(taxDigits);
  const toNet = pow10(digits);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g] as TaxGroup;
    const inGroup = pieces[g] ?? [];
    const rate = exactNumberOf(group.percentUnits);
    const lines = group.lines;
    const count = lines.length + inGroup.length;
    ensureScratch(count);
    let sumWhole = 0;
    let sumRest = 0;
    for (let k = 0; k < count; k++) {
      let whole: number;
      let rest: number;
      if (k < lines.length) {
        const line = lines[k] as number;
        whole = netWhole[line] as number;
        // money-safe: a remainder below 10^netDigits brought to 10^digits (≤ 10^15) stays exact.
        rest = (netRest[line] as number) * powerOfTen(digits - (netDigits[line] as number));
      } else {
        // A piece: its amount is whole minor units (piece.amount × toNet at the net scale).
        whole = exactNumberOf((inGroup[k - lines.length] as GroupPiece).amount);
        rest = 0;
      }
      // money-safe: a product of exact integers, checked exact below.
      const wholeRate = whole * rate;
      // money-safe: the remainder of exact integers.
      const b = wholeRate % rateScale;
      // money-safe: wholeRate − b is an exact multiple of 10^percentShift.
      let a = (wholeRate - b) / rateScale;
      // money-safe: each term is an exact integer below 10^taxDigits ≤ 10^15 (see above), checked.
      let r = b * netScale + rest * rate;
      if (!isExact(wholeRate) || !isExact(r)) return undefined;
      if (r >= taxScale) {
        r -= taxScale;
        a += 1;
      } else if (r <= -taxScale) {
        r += taxScale;
        a -= 1;
      }
      // (Only a rate above 100 %, which validation refuses, could leave more than one carry.)
      if (r >= taxScale || r <= -taxScale) return undefined;
      scratchWhole[k] = a;
      scratchRest[k] = r;
      sumWhole += a;
      sumRest += r;
      if (sumRest >= taxScale) {
        sumRest -= taxScale;
        sumWhole += 1;
      } else if (sumRest <= -taxScale) {
        sumRest += taxScale;
        sumWhole -= 1;
      }
      if (!isExact(sumWhole)) return undefined;
    }
    // money-safe: exact integers converted exactly.
    const taxExact = BigInt(sumWhole) * pow10(taxDigits) + BigInt(sumRest);
    const pieceSum = sumPieces(inGroup);
    const tax = roundUnits(taxExact, exponent + taxDigits, exponent, method);
    const shares = new Float64Array(count);
    if (!allocateSplits(count, taxDigits, exactNumberOf(tax), method, shares)) return undefined;
    groupLineTaxes.push(shares);
    const pieceTaxes: bigint[] = [];
    // money-safe: exact integers (allocateSplits checked their sum), converted exactly.
    for (let p = 0; p < inGroup.length; p++) pieceTaxes.push(BigInt(shares[lines.length + p] as number));
    groupPieceTaxes.push(pieceTaxes);
    groupBases.push((lineBases[g] ?? 0n) + pieceSum);
    groupTaxes.push(tax);
    groupBasesExact.push((lineBasesExact[g] ?? 0n) + pieceSum * toNet);
    groupTaxesExact.push(taxExact);
  }
  return {
    lineNets,
    groupLineTaxes,
    groupPieceTaxes,
    groupBases,
    groupTaxes,
    groupBasesExact,
    groupTaxesExact,
  };
}

/**
 * `computeMode` over number line nets; `undefined` when a value would not be exact in a number.
 *
 * @example
 * ```ts
 * const printed = numberPrintedNets('per_line', nets, groups, 2, 'half_up');
 * const amounts = printed && numberComputeMode('per_line', nets, groups, [], printed, 2, 'half_up', 2);
 * amounts?.groupTaxes; // [182806n] for vector V01
 * ```
 */
export function numberComputeMode(
  mode: TotalsMode,
  nets: NumberLineNets,
  groups: readonly TaxGroup[],
  pieces: readonly (readonly GroupPiece[] | undefined)[],
  printed: NumberPrintedNets,
  exponent: number,
  method: RoundingMethod,
  percentShift: number,
): NumberModeAmounts | undefined {
  if (percentShift > MAX_SPLIT_DIGITS) return undefined;
  if (mode === 'accumulated') return accumulated(groups, pieces, printed, exponent, method, percentShift);
  if (mode === 'per_line') return perLine(groups, pieces, printed, exponent, method, percentShift);
  return perLineUnrounded(groups, pieces, printed, nets, exponent, method, percentShift);
}
