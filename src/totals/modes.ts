import { pow10 } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { allocate } from './allocate.js';
import type { LineNets } from './lineNets.js';
import type { TotalsMode } from './mode.js';
import type { InvoiceScales } from './scales.js';
import type { TaxGroup } from './taxGroups.js';

/** A document-level allowance or charge in a group: its signed amount at the currency exponent. */
export interface GroupPiece {
  /** The index of the piece (an entry of `ModeContext.pieces` numbering, docs/totals.md §2.3). */
  piece: number;
  /** `−amount` for an allowance, `+amount` for a charge. */
  amount: bigint;
}

/** The printed line nets and each group's line part, before any document-level amount. */
export interface PrintedNets {
  /** Printed net of each line (BT-131). */
  lineNets: bigint[];
  /** Per group (of the lines' groups): Σ of its lines' part of the base, at the currency exponent. */
  lineBases: bigint[];
  /** `per_line_unrounded` only: per group, Σ exact nets of its lines, at the net scale. */
  lineBasesExact?: bigint[];
}

/** What a mode computes, as units at the currency exponent unless said otherwise. */
export interface ModeAmounts {
  /** Printed net of each line. */
  lineNets: bigint[];
  /**
   * Printed line taxes per group: `groupLineTaxes[g][k]` belongs to line `groups[g].lines[k]`. Kept
   * per group rather than per line so that no array is allocated for each of 10,000 lines.
   */
  groupLineTaxes: bigint[][];
  /** Printed taxes of the document-level pieces per group, in the order of `ModeContext.pieces[g]`. */
  groupPieceTaxes: bigint[][];
  groupBases: bigint[];
  groupTaxes: bigint[];
  /** `per_line_unrounded` only: exact base per group (lines and pieces), at the net scale. */
  groupBasesExact?: bigint[];
  /** `per_line_unrounded` only: Σ exact taxes per group, at the net scale + percent shift. */
  groupTaxesExact?: bigint[];
}

/** Inputs shared by the three modes. */
export interface ModeContext {
  /** The line nets; `rounded` is filled for `accumulated` and `per_line`. */
  nets: LineNets;
  /** The groups of the lines, then those only document-level pieces carry (no lines). */
  groups: readonly TaxGroup[];
  scales: InvoiceScales;
  exponent: number;
  method: RoundingMethod;
  /** From {@link printedNets}. */
  printed: PrintedNets;
  /** Per group: the document-level pieces in it (docs/totals.md §2.3); missing or empty when none. */
  pieces: readonly (readonly GroupPiece[] | undefined)[];
}

function sumOver(group: TaxGroup, values: readonly bigint[]): bigint {
  let sum = 0n;
  for (const line of group.lines) sum += values[line] as bigint;
  return sum;
}

function sumAmounts(pieces: readonly GroupPiece[]): bigint {
  let sum = 0n;
  for (const { amount } of pieces) sum += amount;
  return sum;
}

/**
 * The printed line nets and each group's line part (docs/totals.md §3.1), which document-level
 * percentages and spreads are computed from:
 *
 * - `accumulated`, `per_line`: the component-rounded nets; a group's part is their sum;
 * - `per_line_unrounded`: a group's part is `R(Σ exact nets)`, and each VAT group's part is
 *   allocated back over its lines by largest remainder (taxmath.md §3.7), so that they add up.
 *
 * @example
 * ```ts
 * const printed = printedNets('per_line_unrounded', nets, groups, scales, 2, 'half_up');
 * printed.lineBases; // [900n] for vector V17 (9.0045 → 9.00)
 * ```
 */
export function printedNets(
  mode: TotalsMode,
  nets: LineNets,
  groups: readonly TaxGroup[],
  scales: InvoiceScales,
  exponent: number,
  method: RoundingMethod,
): PrintedNets {
  if (mode !== 'per_line_unrounded') {
    const lineNets = nets.rounded;
    return { lineNets, lineBases: groups.map((group) => sumOver(group, lineNets)) };
  }
  const exact = nets.exact;
  const netScale = scales.net;
  const lineNets = new Array<bigint>(exact.length).fill(0n);
  const lineBases: bigint[] = [];
  const lineBasesExact: bigint[] = [];
  const netDivisor = pow10(netScale - exponent);
  for (const group of groups) {
    const baseExact = sumOver(group, exact);
    const base = roundUnits(baseExact, netScale, exponent, method);
    // Every line has exactly one VAT group, so the VAT groups print each line's net once.
    if (group.kind === 'vat') {
      const shares = allocate(
        group.lines.map((line) => exact[line] as bigint),
        netDivisor,
        base,
        method,
      );
      group.lines.forEach((line, k) => {
        lineNets[line] = shares[k] as bigint;
      });
    }
    lineBases.push(base);
    lineBasesExact.push(baseExact);
  }
  return { lineNets, lineBases, lineBasesExact };
}

/** Splits allocated shares into the lines' (first `count`) and the pieces' (the rest). */
function split(shares: bigint[], count: number, pieceTaxes: bigint[][], lineTaxes: bigint[][]) {
  if (shares.length === count) {
    lineTaxes.push(shares);
    pieceTaxes.push([]);
  } else {
    lineTaxes.push(shares.slice(0, count));
    pieceTaxes.push(shares.slice(count));
  }
}

/**
 * `accumulated` (A): per group `base = Σ printed line nets ± document pieces` and
 * `tax = R(base × rate)`, the EN 16931 model (BR-CO-17 holds exactly). Line and piece taxes are
 * informational: the group tax is allocated over their `amount × rate` by largest remainder
 * (taxmath.md §3.7), so they add up to it.
 */
function accumulated(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { percentShift } = context.scales;
  const { lineNets, lineBases } = context.printed;
  const groupLineTaxes: bigint[][] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const shift = pow10(percentShift);
  context.groups.forEach((group, g) => {
    const pieces = context.pieces[g] ?? [];
    const base = (lineBases[g] ?? 0n) + sumAmounts(pieces);
    const tax = roundUnits(base * group.percentUnits, exponent + percentShift, exponent, method);
    const exactTaxes = group.lines.map((line) => (lineNets[line] as bigint) * group.percentUnits);
    for (const piece of pieces) exactTaxes.push(piece.amount * group.percentUnits);
    split(allocate(exactTaxes, shift, tax, method), group.lines.length, groupPieceTaxes, groupLineTaxes);
    groupBases.push(base);
    groupTaxes.push(tax);
  });
  return { lineNets, groupLineTaxes, groupPieceTaxes, groupBases, groupTaxes };
}

/**
 * `per_line` (B): each line tax `R(net × rate)` and each document piece's `R(amount × rate)`;
 * group tax = Σ of those rounded taxes (haltr `round_before_sum`, Odoo `round_per_line`).
 */
function perLine(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { percentShift } = context.scales;
  const { lineNets, lineBases } = context.printed;
  const groupLineTaxes: bigint[][] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const taxOf = (amount: bigint, percentUnits: bigint) =>
    roundUnits(amount * percentUnits, exponent + percentShift, exponent, method);
  context.groups.forEach((group, g) => {
    const pieces = context.pieces[g] ?? [];
    const taxes = group.lines.map((line) => taxOf(lineNets[line] as bigint, group.percentUnits));
    const pieceTaxes = pieces.map((piece) => taxOf(piece.amount, group.percentUnits));
    let tax = 0n;
    for (const lineTax of taxes) tax += lineTax;
    for (const pieceTax of pieceTaxes) tax += pieceTax;
    groupLineTaxes.push(taxes);
    groupPieceTaxes.push(pieceTaxes);
    groupBases.push((lineBases[g] ?? 0n) + sumAmounts(pieces));
    groupTaxes.push(tax);
  });
  return { lineNets, groupLineTaxes, groupPieceTaxes, groupBases, groupTaxes };
}

/**
 * `per_line_unrounded` (C): nothing is rounded per line; group tax = `R(Σ exact line taxes ±
 * Σ piece taxes)` (Odoo `round_globally`, GOBL `precise`); group base = `R(Σ exact nets) ± pieces`.
 * Printed line and piece taxes are allocated from the group tax by largest remainder so that they
 * add up (taxmath.md §3.7).
 */
function perLineUnrounded(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { net: netScale, percentShift } = context.scales;
  const exact = context.nets.exact;
  const { lineNets, lineBases, lineBasesExact = [] } = context.printed;
  const groupLineTaxes: bigint[][] = [];
  const groupPieceTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const groupBasesExact: bigint[] = [];
  const groupTaxesExact: bigint[] = [];
  const toNet = pow10(netScale - exponent);
  const taxDivisor = pow10(netScale + percentShift - exponent);
  context.groups.forEach((group, g) => {
    const pieces = context.pieces[g] ?? [];
    const exactTaxes = group.lines.map((line) => (exact[line] as bigint) * group.percentUnits);
    for (const piece of pieces) exactTaxes.push(piece.amount * toNet * group.percentUnits);
    let taxExact = 0n;
    for (const exactTax of exactTaxes) taxExact += exactTax;
    const pieceSum = sumAmounts(pieces);
    const tax = roundUnits(taxExact, netScale + percentShift, exponent, method);
    split(allocate(exactTaxes, taxDivisor, tax, method), group.lines.length, groupPieceTaxes, groupLineTaxes);
    groupBases.push((lineBases[g] ?? 0n) + pieceSum);
    groupTaxes.push(tax);
    groupBasesExact.push((lineBasesExact[g] ?? 0n) + pieceSum * toNet);
    groupTaxesExact.push(taxExact);
  });
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

const MODES: Readonly<Record<TotalsMode, (context: ModeContext) => ModeAmounts>> = {
  accumulated,
  per_line: perLine,
  per_line_unrounded: perLineUnrounded,
};

/**
 * Computes group and printed tax amounts in one of the three modes of taxmath.md §3.5, with the
 * document-level allowances and charges of docs/totals.md §2.3 in their groups.
 *
 * @example
 * ```ts
 * const printed = printedNets('per_line', nets, groups, scales, 2, 'half_up');
 * const amounts = computeMode('per_line', { nets, groups, scales, exponent: 2, method: 'half_up', printed, pieces: [] });
 * amounts.groupTaxes; // [182806n] for vector V01
 * ```
 */
export function computeMode(mode: TotalsMode, context: ModeContext): ModeAmounts {
  return MODES[mode](context);
}
