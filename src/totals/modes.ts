import { pow10 } from '../money/fixedPoint.js';
import { roundUnits } from '../money/round.js';
import type { RoundingMethod } from '../money/roundingMethod.js';
import { allocate } from './allocate.js';
import type { LineNets } from './lineNets.js';
import type { TotalsMode } from './mode.js';
import type { InvoiceScales } from './scales.js';
import type { TaxGroup } from './taxGroups.js';

/** What a mode computes, as units at the currency exponent unless said otherwise. */
export interface ModeAmounts {
  /** Printed net of each line. */
  lineNets: bigint[];
  /**
   * Printed line taxes per group: `groupLineTaxes[g][k]` belongs to line `groups[g].lines[k]`. Kept
   * per group rather than per line so that no array is allocated for each of 10,000 lines.
   */
  groupLineTaxes: bigint[][];
  groupBases: bigint[];
  groupTaxes: bigint[];
  /** `per_line_unrounded` only: Σ exact nets per group, at the net scale. */
  groupBasesExact?: bigint[];
  /** `per_line_unrounded` only: Σ exact line taxes per group, at the net scale + percent shift. */
  groupTaxesExact?: bigint[];
}

/** Inputs shared by the three modes. */
export interface ModeContext {
  /** The line nets; `rounded` is filled for `accumulated` and `per_line`. */
  nets: LineNets;
  groups: readonly TaxGroup[];
  scales: InvoiceScales;
  exponent: number;
  method: RoundingMethod;
}

function sumOver(group: TaxGroup, values: readonly bigint[]): bigint {
  let sum = 0n;
  for (const line of group.lines) sum += values[line] as bigint;
  return sum;
}

/**
 * `accumulated` (A): component-rounded line nets; per group `tax = R(Σ nets × rate)`, the EN 16931
 * model (BR-CO-17 holds exactly). Line taxes are informational: the group tax is allocated over
 * the lines' `net × rate` by largest remainder (taxmath.md §3.7), so they add up to it.
 */
function accumulated(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { percentShift } = context.scales;
  const lineNets = context.nets.rounded;
  const groupLineTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const shift = pow10(percentShift);
  for (const group of context.groups) {
    const base = sumOver(group, lineNets);
    const tax = roundUnits(base * group.percentUnits, exponent + percentShift, exponent, method);
    const exactTaxes = group.lines.map((line) => (lineNets[line] as bigint) * group.percentUnits);
    groupLineTaxes.push(allocate(exactTaxes, shift, tax, method));
    groupBases.push(base);
    groupTaxes.push(tax);
  }
  return { lineNets, groupLineTaxes, groupBases, groupTaxes };
}

/**
 * `per_line` (B): component-rounded line nets; each line tax `R(net × rate)`; group tax = Σ rounded
 * line taxes (haltr `round_before_sum`, Odoo `round_per_line`).
 */
function perLine(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { percentShift } = context.scales;
  const lineNets = context.nets.rounded;
  const groupLineTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  for (const group of context.groups) {
    const taxes = group.lines.map((line) =>
      roundUnits((lineNets[line] as bigint) * group.percentUnits, exponent + percentShift, exponent, method),
    );
    groupLineTaxes.push(taxes);
    groupBases.push(sumOver(group, lineNets));
    groupTaxes.push(taxes.reduce((sum, tax) => sum + tax, 0n));
  }
  return { lineNets, groupLineTaxes, groupBases, groupTaxes };
}

/**
 * `per_line_unrounded` (C): nothing is rounded per line; group base = `R(Σ exact nets)`, group tax =
 * `R(Σ exact net × rate)` (Odoo `round_globally`, GOBL `precise`). Printed line nets and taxes are
 * allocated from the group amounts by largest remainder so that they add up (taxmath.md §3.7).
 */
function perLineUnrounded(context: ModeContext): ModeAmounts {
  const { exponent, method } = context;
  const { net: netScale, percentShift } = context.scales;
  const exact = context.nets.exact;
  const lineNets = new Array<bigint>(exact.length).fill(0n);
  const groupLineTaxes: bigint[][] = [];
  const groupBases: bigint[] = [];
  const groupTaxes: bigint[] = [];
  const groupBasesExact: bigint[] = [];
  const groupTaxesExact: bigint[] = [];
  const netDivisor = pow10(netScale - exponent);
  const taxDivisor = pow10(netScale + percentShift - exponent);
  for (const group of context.groups) {
    const baseExact = sumOver(group, exact);
    const exactTaxes = group.lines.map((line) => (exact[line] as bigint) * group.percentUnits);
    const taxExact = exactTaxes.reduce((sum, tax) => sum + tax, 0n);
    const base = roundUnits(baseExact, netScale, exponent, method);
    const tax = roundUnits(taxExact, netScale + percentShift, exponent, method);
    // Every line has exactly one VAT group, so the VAT groups print each line's net once.
    if (group.kind === 'vat') {
      const nets = allocate(
        group.lines.map((line) => exact[line] as bigint),
        netDivisor,
        base,
        method,
      );
      group.lines.forEach((line, k) => {
        lineNets[line] = nets[k] as bigint;
      });
    }
    groupLineTaxes.push(allocate(exactTaxes, taxDivisor, tax, method));
    groupBases.push(base);
    groupTaxes.push(tax);
    groupBasesExact.push(baseExact);
    groupTaxesExact.push(taxExact);
  }
  return { lineNets, groupLineTaxes, groupBases, groupTaxes, groupBasesExact, groupTaxesExact };
}

const MODES: Readonly<Record<TotalsMode, (context: ModeContext) => ModeAmounts>> = {
  accumulated,
  per_line: perLine,
  per_line_unrounded: perLineUnrounded,
};

/**
 * Computes line and group amounts in one of the three modes of taxmath.md §3.5.
 *
 * @example
 * ```ts
 * const amounts = computeMode('per_line', { lines, groups, exponent: 2, method: 'half_up' });
 * amounts.groupTaxes; // [182806n] for vector V01
 * ```
 */
export function computeMode(mode: TotalsMode, context: ModeContext): ModeAmounts {
  return MODES[mode](context);
}
