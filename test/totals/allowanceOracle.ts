/**
 * An independent oracle for the allowances, charges, base quantities and payable amounts of
 * docs/totals.md: that document's §2 and §3 written again in decimal.js (200 significant digits),
 * sharing no runtime code with the engine (which computes on scaled bigints). It reuses only the
 * rounding, printing and allocation helpers of the taxmath oracle (test/support/oracle.ts), which
 * are themselves written from taxmath.md.
 *
 * It assumes a valid input without `total_amount_due` or an exchange rate (the taxmath oracle
 * covers those), and does not validate.
 */
import type {
  RoundingMethod,
  TaxKind,
  Totals,
  TotalsAllowanceCharge,
  TotalsGroup,
  TotalsInput,
  TotalsLine,
  TotalsLineAllowanceCharge,
  TotalsResult,
  TotalsTaxInput,
} from '../../src/index.js';
import {
  allocateOracle,
  Dec,
  exponentOf,
  groupKey,
  modeOf,
  plain,
  printed,
  roundTo,
} from '../support/oracle.js';

const ZERO = new Dec(0);
const HUNDRED = new Dec(100);
const sum = (values: readonly Dec[]) => values.reduce((acc, value) => acc.plus(value), ZERO);
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

interface Entry {
  indicator: 'allowance' | 'charge';
  percentage?: string;
  amount?: string;
  base?: string;
  followsSign?: boolean;
  reason?: string;
  reasonCode?: string;
}

/** A line's allowances and charges: the list, or the flat fields (docs/totals.md §2.4). */
function entriesOf(line: TotalsInput['lines'][number]): Entry[] {
  if (given(line.allowance_charges)) {
    return line.allowance_charges.map((e) => {
      const entry: Entry = { indicator: e.allowance_charge_indicator };
      if (given(e.percentage)) entry.percentage = e.percentage;
      if (given(e.amount)) entry.amount = e.amount;
      if (given(e.base_amount)) entry.base = e.base_amount;
      if (given(e.reason)) entry.reason = e.reason;
      if (given(e.reason_code)) entry.reasonCode = e.reason_code;
      return entry;
    });
  }
  const entries: Entry[] = [];
  if (given(line.discount_percent))
    entries.push({ indicator: 'allowance', percentage: line.discount_percent });
  if (given(line.discount_amount))
    entries.push({ indicator: 'allowance', amount: line.discount_amount, followsSign: true });
  if (given(line.charge_percent)) entries.push({ indicator: 'charge', percentage: line.charge_percent });
  if (given(line.charge_amount)) entries.push({ indicator: 'charge', amount: line.charge_amount });
  return entries;
}

function kindOf(tax: TotalsTaxInput): TaxKind {
  return (
    tax.kind ?? (new Dec(tax.percent).isNegative() && !new Dec(tax.percent).isZero() ? 'withholding' : 'vat')
  );
}

interface Group {
  key: string;
  kind: TaxKind;
  name: string;
  percent: string;
  rate: Dec;
  lines: number[];
  /** Pieces in the group: index and signed amount. */
  pieces: { piece: number; amount: Dec }[];
}

interface Piece {
  index: number;
  indicator: 'allowance' | 'charge';
  amount: Dec;
  base?: Dec;
  percentage?: string;
  reason?: string;
  reasonCode?: string;
  groups: number[];
  taxes: Map<string, Dec>;
}

/** `computeTotals` of docs/totals.md, in decimal.js. */
export function allowanceOracle(input: TotalsInput): TotalsResult {
  if (given(input.total_amount_due) || given(input.exchange_rate)) throw new Error('oracle: not covered');
  const e = input.currency === 'CHF' ? 2 : exponentOf(input.currency);
  const method: RoundingMethod = input.rounding_method ?? 'half_up';
  const mode = modeOf(input);
  const R = (x: Dec) => roundTo(x, e, method);
  const write = (x: Dec) => printed(x, e);

  // §2.1, §2.2: unit price, gross, allowances and charges, exact and component-rounded nets.
  const unitPrices = input.lines.map((line) =>
    given(line.base_quantity)
      ? roundTo(new Dec(line.price).div(line.base_quantity), 8, method)
      : new Dec(line.price),
  );
  const entries = input.lines.map(entriesOf);
  const entryAmounts: Dec[][] = [];
  const exactNets: Dec[] = [];
  const roundedNets: Dec[] = [];
  input.lines.forEach((line, i) => {
    const gross = new Dec(line.quantity).times(unitPrices[i] as Dec);
    let net = gross;
    let rounded = R(gross);
    const amounts: Dec[] = [];
    for (const entry of entries[i] as Entry[]) {
      let x: Dec;
      if (entry.percentage !== undefined)
        x = new Dec(entry.base ?? gross).times(entry.percentage).div(HUNDRED);
      else if (entry.followsSign === true)
        x = new Dec(entry.amount as string).times(gross.isZero() ? 0 : gross.isNegative() ? -1 : 1);
      else x = new Dec(entry.amount as string);
      amounts.push(R(x));
      if (entry.indicator === 'allowance') {
        net = net.minus(x);
        rounded = rounded.minus(R(x));
      } else {
        net = net.plus(x);
        rounded = rounded.plus(R(x));
      }
    }
    entryAmounts.push(amounts);
    exactNets.push(net);
    roundedNets.push(rounded);
  });

  // Groups of the lines, in order of first appearance.
  const groups: Group[] = [];
  const groupOf = (tax: TotalsTaxInput): number => {
    const key = groupKey(tax);
    const found = groups.findIndex((group) => group.key === key);
    if (found !== -1) return found;
    const percent = new Dec(tax.percent).abs();
    groups.push({
      key,
      kind: kindOf(tax),
      name: tax.name,
      percent: plain(percent),
      rate: percent.div(HUNDRED),
      lines: [],
      pieces: [],
    });
    return groups.length - 1;
  };
  const lineGroups = input.lines.map((line, i) =>
    line.taxes.map((tax) => {
      const g = groupOf(tax);
      (groups[g] as Group).lines.push(i);
      return g;
    }),
  );

  // §3.1: printed line nets and each group's line part.
  const lineNets: Dec[] = mode === 'per_line_unrounded' ? exactNets.map(() => ZERO) : [...roundedNets];
  const lineParts = groups.map((group) => {
    const nets = group.lines.map(
      (line) => (mode === 'per_line_unrounded' ? exactNets : roundedNets)[line] as Dec,
    );
    if (mode !== 'per_line_unrounded') return sum(nets);
    const part = R(sum(nets));
    if (group.kind === 'vat') {
      const shares = allocateOracle(nets, part, e, method);
      group.lines.forEach((line, k) => {
        lineNets[line] = shares[k] as Dec;
      });
    }
    return part;
  });
  const lineExactParts = groups.map((group) => sum(group.lines.map((line) => exactNets[line] as Dec)));
  const subtotal = sum(lineNets);

  // §2.3, §3.2: document-level allowances and charges.
  const pieces: Piece[] = [];
  const reimbursable: { index: number; amount: Dec; reason?: string; reasonCode?: string }[] = [];
  const percentOf = (base: Dec, percentage: string) => R(base.times(percentage).div(HUNDRED));
  (input.allowance_charges ?? []).forEach((entry, index) => {
    const indicator = entry.allowance_charge_indicator;
    const common = (): Omit<Piece, 'amount' | 'groups'> => {
      const piece: Omit<Piece, 'amount' | 'groups'> = { index, indicator, taxes: new Map() };
      if (given(entry.percentage)) piece.percentage = entry.percentage;
      if (given(entry.reason)) piece.reason = entry.reason;
      if (given(entry.reason_code)) piece.reasonCode = entry.reason_code;
      return piece;
    };
    if (entry.is_reimbursable_expense === true) {
      const item: (typeof reimbursable)[number] = { index, amount: new Dec(entry.amount ?? 0) };
      if (given(entry.reason)) item.reason = entry.reason;
      if (given(entry.reason_code)) item.reasonCode = entry.reason_code;
      reimbursable.push(item);
      return;
    }
    let taxes: TotalsTaxInput[] | undefined = entry.taxes ?? undefined;
    if (taxes === undefined && entry.apply_taxes === false) {
      const vat = input.lines[0]?.taxes.find((tax) => kindOf(tax) === 'vat');
      taxes = [{ name: vat?.name ?? 'VAT', category: 'NS', percent: '0', kind: 'vat' }];
    }
    if (taxes !== undefined) {
      const piece: Piece = { ...common(), amount: new Dec(entry.amount ?? 0), groups: taxes.map(groupOf) };
      if (given(entry.percentage)) {
        piece.base = new Dec(entry.base_amount ?? subtotal);
        piece.amount = percentOf(piece.base, entry.percentage);
      }
      pieces.push(piece);
      return;
    }
    // Spread over the lines' tax sets (as sets of groups), weighted by their printed nets.
    const sets: { groups: number[]; weight: Dec }[] = [];
    input.lines.forEach((_, i) => {
      const indexes = lineGroups[i] as number[];
      const key = [...indexes].sort((a, b) => a - b).join(',');
      let set = sets.find((s) => [...s.groups].sort((a, b) => a - b).join(',') === key);
      if (set === undefined) {
        set = { groups: indexes, weight: ZERO };
        sets.push(set);
      }
      set.weight = set.weight.plus(lineNets[i] as Dec);
    });
    const total = sum(sets.map((set) => set.weight));
    const percentage = given(entry.percentage) ? entry.percentage : undefined;
    const baseGiven = given(entry.base_amount) ? new Dec(entry.base_amount) : undefined;
    if (sets.length === 1 || (percentage !== undefined && baseGiven === undefined)) {
      for (const set of sets) {
        const piece: Piece = { ...common(), amount: new Dec(entry.amount ?? 0), groups: set.groups };
        if (percentage !== undefined) {
          piece.base = sets.length === 1 ? (baseGiven ?? set.weight) : set.weight;
          piece.amount = percentOf(piece.base, percentage);
        }
        pieces.push(piece);
      }
      return;
    }
    if (total.isZero()) throw new Error(`oracle: allowance_charges[${index}] has nothing to spread over`);
    const whole = percentage === undefined ? new Dec(entry.amount ?? 0) : (baseGiven as Dec);
    const shares = allocateOracle(
      sets.map((set) => whole.times(set.weight).div(total)),
      whole,
      e,
      method,
    );
    sets.forEach((set, c) => {
      const share = shares[c] as Dec;
      const piece: Piece = { ...common(), amount: share, groups: set.groups };
      if (percentage !== undefined) {
        piece.base = share;
        piece.amount = percentOf(share, percentage);
      }
      pieces.push(piece);
    });
  });
  pieces.forEach((piece, p) => {
    const signed = piece.indicator === 'allowance' ? piece.amount.negated() : piece.amount;
    for (const g of piece.groups) (groups[g] as Group).pieces.push({ piece: p, amount: signed });
  });

  // §3.2: group bases and taxes per mode, with printed line and piece taxes.
  const lineTaxes: Map<string, Dec>[] = input.lines.map(() => new Map());
  const written: TotalsGroup[] = groups.map((group, g) => {
    const lineNetsOf = group.lines.map((line) => lineNets[line] as Dec);
    const pieceAmounts = group.pieces.map((piece) => piece.amount);
    const base = (lineParts[g] ?? ZERO).plus(sum(pieceAmounts));
    let tax: Dec;
    let shares: Dec[];
    let exact: { base: Dec; tax: Dec } | undefined;
    if (mode === 'accumulated') {
      tax = R(base.times(group.rate));
      shares = allocateOracle(
        [...lineNetsOf, ...pieceAmounts].map((amount) => amount.times(group.rate)),
        tax,
        e,
        method,
      );
    } else if (mode === 'per_line') {
      shares = [...lineNetsOf, ...pieceAmounts].map((amount) => R(amount.times(group.rate)));
      tax = sum(shares);
    } else {
      const exactTaxes = [...group.lines.map((line) => exactNets[line] as Dec), ...pieceAmounts].map(
        (amount) => amount.times(group.rate),
      );
      tax = R(sum(exactTaxes));
      shares = allocateOracle(exactTaxes, tax, e, method);
      exact = { base: (lineExactParts[g] ?? ZERO).plus(sum(pieceAmounts)), tax: sum(exactTaxes) };
    }
    group.lines.forEach((line, k) => {
      lineTaxes[line]?.set(group.key, shares[k] as Dec);
    });
    group.pieces.forEach(({ piece }, k) => {
      pieces[piece]?.taxes.set(group.key, shares[group.lines.length + k] as Dec);
    });
    const out: TotalsGroup = {
      key: group.key,
      kind: group.kind,
      name: group.name,
      percent: group.percent,
      base: write(base),
      tax: write(tax),
    };
    if (exact !== undefined) {
      out.base_exact = plain(exact.base);
      out.tax_exact = plain(exact.tax);
    }
    return out;
  });

  // §3.3: totals.
  const ofKind = (kind: TaxKind, field: 'base' | 'tax') =>
    sum(written.filter((group) => group.kind === kind).map((group) => new Dec(group[field])));
  const netTotal = ofKind('vat', 'base');
  const taxOutputs = ofKind('vat', 'tax').plus(ofKind('surcharge', 'tax'));
  const withheld = ofKind('withholding', 'tax');
  const allowances = sum(pieces.filter((p) => p.indicator === 'allowance').map((p) => p.amount));
  const charges = sum(pieces.filter((p) => p.indicator === 'charge').map((p) => p.amount));
  const total = netTotal.plus(taxOutputs).minus(withheld);
  // The EN 16931 names appear when the input uses a field of docs/totals.md (§1, "Result").
  const extended =
    given(input.allowance_charges) ||
    given(input.payable_rounding_amount) ||
    input.lines.some((line) => given(line.allowance_charges) || given(line.base_quantity));
  const totals: Totals = {
    net_total: write(netTotal),
    tax_outputs: write(taxOutputs),
    withheld: write(withheld),
    tax_inclusive: write(netTotal.plus(taxOutputs)),
    total: write(total),
    payable_amount: '',
  };
  if (extended) {
    totals.subtotal = write(subtotal);
    totals.allowance_total_amount = write(allowances);
    totals.charge_total_amount = write(charges);
    totals.tax_exclusive_amount = write(subtotal.minus(allowances).plus(charges));
    totals.tax_inclusive_amount = write(subtotal.minus(allowances).plus(charges).plus(taxOutputs));
  }
  let payable = total;
  if (given(input.prepaid_amount)) {
    totals.prepaid_amount = write(new Dec(input.prepaid_amount));
    payable = payable.minus(input.prepaid_amount);
  }
  if (reimbursable.length > 0) {
    const expenses = sum(reimbursable.map((item) => item.amount));
    totals.reimbursable_expenses_amount = write(expenses);
    payable = payable.plus(expenses);
  }
  if (given(input.payable_rounding_amount)) {
    totals.payable_rounding_amount = write(new Dec(input.payable_rounding_amount));
    payable = payable.plus(input.payable_rounding_amount);
  }
  totals.payable_amount = write(payable);

  const result: TotalsResult = {
    groups: written,
    totals,
    lines: input.lines.map((line, i): TotalsLine => {
      const taxes = Object.fromEntries(
        [...(lineTaxes[i] as Map<string, Dec>)].map(([key, tax]) => [key, write(tax)]),
      );
      if (!extended) return { net_exact: plain(exactNets[i] as Dec), net: write(lineNets[i] as Dec), taxes };
      const out: TotalsLine = {
        net_exact: plain(exactNets[i] as Dec),
        net: write(lineNets[i] as Dec),
        amount: write(lineNets[i] as Dec),
        taxes,
      };
      if (given(line.base_quantity)) out.unit_price = plain(unitPrices[i] as Dec);
      const lineEntries = entries[i] as Entry[];
      if (lineEntries.length > 0) {
        out.allowance_charges = lineEntries.map((entry, j): TotalsLineAllowanceCharge => {
          const item: TotalsLineAllowanceCharge = {
            allowance_charge_indicator: entry.indicator,
            amount: write((entryAmounts[i] as Dec[])[j] as Dec),
          };
          if (entry.percentage !== undefined) item.percentage = entry.percentage;
          if (entry.base !== undefined) item.base_amount = entry.base;
          if (entry.reason !== undefined) item.reason = entry.reason;
          if (entry.reasonCode !== undefined) item.reason_code = entry.reasonCode;
          return item;
        });
      }
      return out;
    }),
  };
  if (given(input.allowance_charges)) {
    const out: (TotalsAllowanceCharge & { order: number })[] = [];
    pieces.forEach((piece, p) => {
      const item: TotalsAllowanceCharge & { order: number } = {
        order: p,
        index: piece.index,
        allowance_charge_indicator: piece.indicator,
        amount: write(piece.amount),
        taxes: Object.fromEntries([...piece.taxes].map(([key, tax]) => [key, write(tax)])),
      };
      if (piece.percentage !== undefined) item.percentage = piece.percentage;
      if (piece.base !== undefined) item.base_amount = write(piece.base);
      if (piece.reason !== undefined) item.reason = piece.reason;
      if (piece.reasonCode !== undefined) item.reason_code = piece.reasonCode;
      out.push(item);
    });
    reimbursable.forEach((expense, r) => {
      const item: TotalsAllowanceCharge & { order: number } = {
        order: pieces.length + r,
        index: expense.index,
        allowance_charge_indicator: 'charge',
        amount: write(expense.amount),
        taxes: {},
        is_reimbursable_expense: true,
      };
      if (expense.reason !== undefined) item.reason = expense.reason;
      if (expense.reasonCode !== undefined) item.reason_code = expense.reasonCode;
      out.push(item);
    });
    out.sort((a, b) => a.index - b.index || a.order - b.order);
    if (out.length > 0 || (input.allowance_charges ?? []).length > 0)
      result.allowance_charges = out.map(({ order: _order, ...item }) => item);
  }
  return result;
}
