/**
 * How the totals engine's tax groups become Facturae taxes (issue #22 "TaxesOutputs (VAT IVA 01,
 * surcharge equivalence in the same TaxOutput's EquivalenceSurcharge), TaxesWithheld (IRPF 04)"):
 *
 * - each `vat` group is one `TaxesOutputs/Tax` (`TaxTypeCode` by {@link outputTaxCode}, `TaxRate` its
 *   percent, `TaxableBase` and `TaxAmount` its printed base and tax);
 * - a `surcharge` group (recargo de equivalencia) is written inside the `Tax` of the VAT group whose
 *   lines carry it (`EquivalenceSurcharge`, `EquivalenceSurchargeAmount`): the XSD has no other place,
 *   and the surcharge's base is that `Tax`'s `TaxableBase`. A VAT group some of whose lines carry a
 *   surcharge and some not (a retailer buying goods for resale, under the recargo, and for its own use,
 *   not) is written as one `Tax` per surcharge, as Facturae-PHP and gobl.facturae do: each with the
 *   printed nets and the printed VAT shares of its own lines and document pieces (the engine allocates
 *   the group's one rounded tax over them so that they add up, taxmath.md §3.7). Each share is then
 *   judged as Facturae's `facturae.tax.amount` rule judges it (half a cent per line carrying the rate);
 *   a share outside that is refused (`facturae.write.surcharge-split`), as is a surcharge group that
 *   spans two VAT groups;
 * - each `withholding` group is one `TaxesWithheld/Tax` (`04` IRPF, `28` IRNR), its rate positive;
 * - a 0 % not-subject group made only of document-level pieces (an allowance or charge with
 *   `apply_taxes: false`, docs/totals.md §2.3) is outside the taxes: Facturae writes such a charge in
 *   `TotalGrossAmountBeforeTaxes` with no `Tax`, as gobl.facturae's IRPF sample does.
 *
 * The category of a VAT tax decides how its lines say why no VAT is charged ({@link categoryTreatment}):
 * an exempt or not-subject line carries `SpecialTaxableEvent`, a reverse-charge invoice the legal
 * literal; those categories need a 0 % rate (the SII generator's rule, `fiscalkit.sii.untaxed-percent`,
 * for the same reason: a tax Facturae says is not charged cannot hold an amount).
 *
 * @module
 */
import type { TaxKind } from '../../../codelists/taxKinds.js';
import type { ValidationIssue } from '../../../errors/validationIssue.js';
import { Decimal } from '../../../money/decimal.js';
import type { TotalsGroup, TotalsResult } from '../../../totals/result.js';
import { type Amount, agreesWithin } from '../amounts.js';
import {
  type CategoryTreatment,
  categoryTreatment,
  KNOWN_CATEGORIES,
  outputTaxCode,
  SPECIAL_EVENT_REASONS,
  withheldTaxCode,
} from './codes.js';
import { isZero, negate, rateText, refuse, sumText } from './values.js';

/** A group key's parts (`kind|category|name|percent`, taxmath.md §3.4). */
export interface GroupKey {
  readonly kind: TaxKind;
  /** Upper case; null when the lines name none. */
  readonly category: string | null;
  readonly name: string;
}

/**
 * The parts of a group key. The name is what lies between the category and the percent, so a name
 * with a `|` in it is read whole.
 *
 * @example
 * ```ts
 * groupKey('vat|S|IVA|21'); // { kind: 'vat', category: 'S', name: 'IVA' }
 * groupKey('withholding||IRPF|15'); // { kind: 'withholding', category: null, name: 'IRPF' }
 * ```
 */
export function groupKey(key: string): GroupKey {
  const parts = key.split('|');
  const kind = (parts[0] ?? 'vat') as TaxKind;
  const category = parts[1] === undefined || parts[1] === '' ? null : parts[1].toUpperCase();
  return { kind, category, name: parts.slice(2, -1).join('|') };
}

/** One `TaxesOutputs/Tax`: a VAT group (or the part of it with one surcharge) with the surcharge inside. */
export interface OutputTax {
  readonly group: TotalsGroup;
  readonly code: string;
  /** `TaxRate`, written (`21.00`). */
  readonly rate: string;
  readonly category: string | null;
  readonly treatment: CategoryTreatment;
  /** `TaxableBase`: the group's base, or the part's. */
  readonly base: string;
  /** `TaxAmount`: the group's tax, or the part's printed share. */
  readonly tax: string;
  /** Whether this is one part of a VAT group split by surcharge (its EUR equivalents are converted on their own). */
  readonly split: boolean;
  readonly surcharge: TotalsGroup | undefined;
  /** `EquivalenceSurcharge`, written with its two decimals. */
  readonly surchargeRate: string | undefined;
}

/** One `TaxesWithheld/Tax`. */
export interface WithheldTax {
  readonly group: TotalsGroup;
  readonly code: string;
  readonly rate: string;
}

/** The taxes of one line, by the group keys its printed taxes name. */
export interface LineTaxPlan {
  readonly output: OutputTax;
  readonly withheld: WithheldTax | undefined;
}

/** The invoice's taxes as Facturae writes them. */
export interface TaxPlan {
  readonly outputs: readonly OutputTax[];
  readonly withheld: readonly WithheldTax[];
  /** One entry per line, in line order. */
  readonly lines: readonly LineTaxPlan[];
  /** Whether a line's VAT is reverse charge (the legal literal is written once). */
  readonly reverseCharge: boolean;
}

/** The kind of a line tax as the totals engine reads it. */
function kindOf(tax: { readonly percent: string; readonly kind?: TaxKind | null | undefined }): TaxKind {
  return tax.kind ?? (tax.percent.trim().startsWith('-') ? 'withholding' : 'vat');
}

/** Where a line's tax of a kind is in `taxes_attributes` (for the param of an issue). */
function taxPath(invoice: PlanInvoice, line: number, kind: TaxKind, field: string): PropertyKey[] {
  const taxes = invoice.lines[line]?.taxes_attributes ?? [];
  const index = taxes.findIndex((tax) => kindOf(tax) === kind);
  return ['lines', line, 'taxes_attributes', Math.max(0, index), field];
}

/** The keys of a line's printed taxes, by kind. */
function keysOf(taxes: Readonly<Record<string, string>>): Partial<Record<TaxKind, string>> {
  const keys: Partial<Record<TaxKind, string>> = {};
  for (const key of Object.keys(taxes)) keys[groupKey(key).kind] = key;
  return keys;
}

/** The lines of an invoice as the plan reads them (a stored invoice, or one the reader made). */
export interface PlanInvoice {
  readonly lines: readonly {
    readonly taxes_attributes: readonly {
      readonly percent: string;
      readonly kind?: TaxKind | null | undefined;
    }[];
  }[];
}

/** A part of a VAT group: the lines and pieces that carry one surcharge (`''` for none). */
interface Part {
  readonly surcharge: string;
  readonly bases: string[];
  readonly taxes: string[];
  lines: number;
  /** The index of its first line (the pieces-only part of a group: after every line). */
  first: number;
}

/**
 * The tax plan of an invoice, or undefined after recording what Facturae cannot carry
 * (`facturae.write.surcharge-split`, `facturae.write.category`, `facturae.write.untaxed-percent`,
 * `facturae.write.surcharge-rate`). The reader runs it on the invoice it read, so that it compares a
 * document with the taxes this writer would state.
 *
 * @example
 * ```ts
 * const plan = taxPlan({ invoice, issues: [] }, totals);
 * plan?.outputs.map((tax) => [tax.code, tax.rate, tax.base, tax.tax, tax.surchargeRate]); // [['01', '21.00', '50.00', '10.50', '5.20']]
 * ```
 */
export function taxPlan(
  context: { readonly invoice: PlanInvoice; readonly issues: ValidationIssue[] },
  totals: TotalsResult,
): TaxPlan | undefined {
  const before = context.issues.length;
  const invoice = context.invoice;
  const groups = new Map(totals.groups.map((group) => [group.key, group]));
  const lineKeys = totals.lines.map((line) => keysOf(line.taxes));
  const exponent = Math.max(2, ...totals.groups.map((group) => decimalsOf(group.base)));

  // The parts of each VAT group by surcharge: their lines' and pieces' printed nets and VAT shares.
  const parts = new Map<string, Map<string, Part>>();
  const vatOfSurcharge = new Map<string, Set<string>>();
  const addPart = (
    keys: Partial<Record<TaxKind, string>>,
    base: string,
    tax: string | undefined,
    line: number,
  ) => {
    if (keys.vat === undefined) return;
    const surcharge = keys.surcharge ?? '';
    let byVat = parts.get(keys.vat);
    if (byVat === undefined) {
      byVat = new Map();
      parts.set(keys.vat, byVat);
    }
    let part = byVat.get(surcharge);
    if (part === undefined) {
      part = { surcharge, bases: [], taxes: [], lines: 0, first: Number.POSITIVE_INFINITY };
      byVat.set(surcharge, part);
    }
    part.bases.push(base);
    if (tax !== undefined) part.taxes.push(tax);
    if (line >= 0) {
      part.lines += 1;
      part.first = Math.min(part.first, line);
    }
    if (surcharge === '') return;
    const vats = vatOfSurcharge.get(surcharge) ?? new Set<string>();
    vats.add(keys.vat);
    vatOfSurcharge.set(surcharge, vats);
  };
  totals.lines.forEach((line, index) => {
    const keys = lineKeys[index] ?? {};
    addPart(keys, line.net, keys.vat === undefined ? undefined : line.taxes[keys.vat], index);
  });
  for (const piece of totals.allowance_charges ?? []) {
    const keys = keysOf(piece.taxes);
    const signed = piece.allowance_charge_indicator === 'allowance' ? negate(piece.amount) : piece.amount;
    addPart(keys, signed, keys.vat === undefined ? undefined : piece.taxes[keys.vat], -1);
  }

  const onLines = new Set(lineKeys.flatMap((keys) => Object.values(keys)));
  const outputs: { output: OutputTax; first: number }[] = [];
  const outputOf = new Map<string, OutputTax>();
  for (const group of totals.groups) {
    if (group.kind !== 'vat') continue;
    const { category, name } = groupKey(group.key);
    const firstLine = lineKeys.findIndex((keys) => keys.vat === group.key);
    const at = (field: string) =>
      firstLine === -1 ? ['allowance_charges_attributes'] : taxPath(invoice, firstLine, 'vat', field);
    const treatment = categoryTreatment(category);
    if (treatment === null) {
      refuse(
        context,
        'facturae.write.category',
        'parameter_invalid',
        at('category'),
        `is ${JSON.stringify(category)}, which Facturae 3.2.2 has no place for: use ${KNOWN_CATEGORIES}`,
      );
      continue;
    }
    if (treatment !== 'subject' && !isZero(group.percent)) {
      refuse(
        context,
        'facturae.write.untaxed-percent',
        'parameter_invalid',
        at('percent'),
        `is ${group.percent}, but the category ${category ?? ''} charges no VAT (${treatment.replace('_', ' ')}): Facturae writes it at TaxRate 0 with no TaxAmount to state, so the percent must be 0`,
      );
      continue;
    }
    // A 0 % not-subject group of document pieces alone: outside the taxes (module comment).
    if (!onLines.has(group.key) && treatment === 'not_subject' && isZero(group.tax)) continue;
    const rate = rateText(group.percent, 8) ?? group.percent;
    const byVat = [...(parts.get(group.key)?.values() ?? [])];
    const split = byVat.length > 1;
    for (const part of byVat) {
      const surcharge = part.surcharge === '' ? undefined : groups.get(part.surcharge);
      const base = split ? sumText(part.bases, exponent) : group.base;
      const tax = split ? sumText(part.taxes, exponent) : group.tax;
      if (
        surcharge !== undefined &&
        ((vatOfSurcharge.get(surcharge.key)?.size ?? 0) > 1 || surcharge.base !== base)
      ) {
        refuse(
          context,
          'facturae.write.surcharge-split',
          'parameter_invalid',
          at('kind'),
          `carries the equivalence surcharge ${surcharge.percent} % on lines of more than one VAT group: Facturae 3.2.2 writes a surcharge inside one VAT rate's Tax, on its TaxableBase`,
        );
        continue;
      }
      if (
        split &&
        !shareAgrees(
          base,
          tax,
          group.percent,
          byVat.reduce((count, each) => count + each.lines, 0),
        )
      ) {
        refuse(
          context,
          'facturae.write.surcharge-split',
          'parameter_invalid',
          at('kind'),
          `carries IVA ${group.percent} % on lines with and without the equivalence surcharge; Facturae 3.2.2 writes them as two Tax elements, and the printed VAT of the part on ${base} is ${tax}, further from ${base} × ${group.percent} % than Facturae's rule allows (facturae.tax.amount): issue the lines with and without the surcharge on separate invoices`,
        );
        continue;
      }
      let surchargeRate: string | undefined;
      if (surcharge !== undefined) {
        const written = rateText(surcharge.percent, 2);
        if (written === null) {
          const line = lineKeys.findIndex((keys) => keys.surcharge === surcharge.key);
          refuse(
            context,
            'facturae.write.surcharge-rate',
            'parameter_invalid',
            taxPath(invoice, Math.max(0, line), 'surcharge', 'percent'),
            `is ${surcharge.percent}; Facturae 3.2.2 writes the equivalence surcharge rate with exactly two decimals (EquivalenceSurcharge, DoubleTwoDecimalType)`,
          );
          continue;
        }
        surchargeRate = written;
      }
      const output: OutputTax = {
        group,
        code: outputTaxCode(name, category),
        rate,
        category,
        treatment,
        base,
        tax,
        split,
        surcharge,
        surchargeRate,
      };
      outputs.push({ output, first: part.first });
      outputOf.set(`${group.key}\u0000${part.surcharge}`, output);
    }
  }

  const withheld = new Map<string, WithheldTax>();
  for (const group of totals.groups) {
    if (group.kind !== 'withholding') continue;
    const rate = rateText(group.percent.replace(/^-/, ''), 8) ?? group.percent;
    withheld.set(group.key, { group, code: withheldTaxCode(groupKey(group.key).name), rate });
  }

  if (context.issues.length > before) return undefined;
  const lines: LineTaxPlan[] = [];
  for (const keys of lineKeys) {
    const output =
      keys.vat === undefined ? undefined : outputOf.get(`${keys.vat}\u0000${keys.surcharge ?? ''}`);
    // The engine gives every line exactly one VAT group (taxmath.md §3.1); one missing here was refused above.
    if (output === undefined) return undefined;
    lines.push({
      output,
      withheld: keys.withholding === undefined ? undefined : withheld.get(keys.withholding),
    });
  }
  // In the order of their first lines (pieces-only taxes last): a part of a group split by surcharge
  // stands where its lines do, as it would if its lines were a group of their own (a stable sort keeps
  // the groups' order otherwise).
  const ordered = outputs
    .sort((a, b) => (a.first === b.first ? 0 : a.first < b.first ? -1 : 1))
    .map((entry) => entry.output);
  return {
    outputs: ordered,
    withheld: [...withheld.values()],
    lines,
    reverseCharge: ordered.some((tax) => tax.treatment === 'reverse_charge'),
  };
}

/** The decimals a printed amount is written with. */
function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/**
 * Whether a part's printed VAT agrees with its base × rate as the `facturae.tax.amount` rule judges a
 * written tax: within half a cent for each line that may have rounded it (`agreesWithin`, with every
 * line of the VAT group counted (the rule counts every line at the rate, so this never allows more).
 */
function shareAgrees(base: string, tax: string, percent: string, lines: number): boolean {
  const expected = new Decimal(base).times(percent).dividedBy(100);
  const written: Amount = { kind: 'amount', value: new Decimal(tax), text: tax, path: '', line: null };
  return agreesWithin(written, expected, lines);
}

/**
 * The `SpecialTaxableEvent` of a line whose VAT is exempt or not subject: code `01` ("taxable and
 * exempt") or `02` ("non-taxable"), with the reason of {@link SPECIAL_EVENT_REASONS}; undefined for a
 * subject or reverse-charge line.
 *
 * @example
 * ```ts
 * specialTaxableEvent({ treatment: 'exempt', category: 'K' } as OutputTax);
 * // { SpecialTaxableEventCode: '01', SpecialTaxableEventReason: 'Operación exenta por aplicación del artículo 25 …' }
 * ```
 */
export function specialTaxableEvent(
  tax: Pick<OutputTax, 'treatment' | 'category'>,
): { SpecialTaxableEventCode: string; SpecialTaxableEventReason: string } | undefined {
  if (tax.treatment !== 'exempt' && tax.treatment !== 'not_subject') return undefined;
  const fallback = tax.treatment === 'exempt' ? 'E' : 'O';
  return {
    SpecialTaxableEventCode: tax.treatment === 'exempt' ? '01' : '02',
    SpecialTaxableEventReason:
      SPECIAL_EVENT_REASONS.get(tax.category ?? fallback) ?? SPECIAL_EVENT_REASONS.get(fallback) ?? '',
  };
}
