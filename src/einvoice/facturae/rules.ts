/**
 * The arithmetic rules of Facturae 3.2, 3.2.1 and 3.2.2 (issue #21 layer 6), as data: one entry per
 * relation the official schemas state in their annotations ("Result: TotalGrossAmount -
 * TotalGeneralDiscounts + TotalGeneralSurcharges", …), each with a stable id `facturae.<area>.<slug>`,
 * the relation, the place it is stated, and its check. The three versions state the same relations
 * (3.2.2 adds `PaymentInKind` to `TotalExecutableAmount`); only the decimals differ, which
 * `./amounts.ts` handles.
 *
 * Sources, cited per rule:
 * - the XSD annotations of `Facturaev3_2.xsd`, `Facturaev3_2_1.xsd` and `Facturaev3_2_2.xml` (the
 *   official schemas of facturae.gob.es: 3.2.1 and 3.2.2 as kept in `shared/einvoice-xsd/facturae/`,
 *   3.2 as kept by carlosga/FacturaE @ 0d1a14c7), by complex type and element
 *   (`InvoiceTotalsType/InvoiceTotal`);
 * - Orden HAP/1650/2015, annex II, rule 6 (BOE-A-2015-8844), which FACe and the other public-sector
 *   entry points apply (e-FACT's RCF06002, RCF06003 and RCF06005 quote rule 6a and rule 6b).
 *
 * What every rule shares: the rules compare the document's own written figures (a total is checked
 * against the written parts, not against a recomputation of the parts); an element the schema
 * requires that is absent, repeated or not a number skips the rules that need it (the XSD layer,
 * `facturae-xsd`, reports it); an optional total that is absent stands for the sum of its parts, and is
 * reported when those parts do not sum to 0. Not checked, on purpose: tax amounts inside
 * `InvoiceLine` (the schema calls them "provided only for informative purposes"), discount, charge,
 * subsidy and withholding rates (informative beside the amount the totals use), `EquivalentInEuros`
 * (an exchange rate the document does not carry to the cent), instalments against the total (the
 * schema states no relation), and the entry points' own rules beyond arithmetic (FACe's two-decimal
 * line amounts in euros, RCF06001; signs, RCF06007).
 *
 * @module
 */
import { Decimal } from '../../money/decimal.js';
import { type Amount, agrees, agreesWithin, type Figure } from './amounts.js';
import type { FacturaeElement } from './element.js';

/** Where a rule found a relation broken: the XPath and line of the written result, and why. */
export interface FacturaeViolation {
  readonly path: string;
  readonly line: number | null;
  readonly message: string;
}

/** An invoice as the invoice-level rules read it. */
export interface FacturaeInvoiceView {
  /** `/…/Invoices/Invoice[n]`. */
  readonly invoice: FacturaeElement;
  /** Its `InvoiceTotals`, undefined when absent or repeated. */
  readonly totals: FacturaeElement | undefined;
  /** Its `Items/InvoiceLine`s, in document order. */
  readonly lines: readonly FacturaeElement[];
}

/** The whole file as the file-level rules read it. */
export interface FacturaeFileView {
  /** The root element, `/fe:Facturae` (with the document's own prefix). */
  readonly root: FacturaeElement;
  /** `Invoices/Invoice`, in document order. */
  readonly invoices: readonly FacturaeInvoiceView[];
}

interface RuleBase {
  /** The stable id (`facturae.totals.invoice-total`): renaming one is a breaking change. */
  readonly rule: string;
  /** The relation, in the schema's element names. */
  readonly relation: string;
  /** Where the relation is stated. */
  readonly source: string;
}

/**
 * One arithmetic rule: its id, relation and source, and its check at one of three scopes — the file
 * (`FileHeader/Batch` against the invoices), an invoice (its taxes and totals), or a line.
 */
export type FacturaeRule =
  | (RuleBase & { readonly scope: 'file'; readonly check: (file: FacturaeFileView) => FacturaeViolation[] })
  | (RuleBase & {
      readonly scope: 'invoice';
      readonly check: (invoice: FacturaeInvoiceView) => FacturaeViolation[];
    })
  | (RuleBase & { readonly scope: 'line'; readonly check: (line: FacturaeElement) => FacturaeViolation[] });

const ZERO = new Decimal(0);
const HUNDRED = new Decimal(100);
const ROUNDING = 'rounded to the decimals written or to the cent';

/** The most parts a message lists one by one; beyond, it gives their count. */
const MAX_LISTED = 6;

/** The value of a required operand; null (skip the rule) when absent or invalid. */
function required(figure: Figure): Decimal | null {
  return figure.kind === 'amount' ? figure.value : null;
}

/** An optional operand as an amount: 0 when absent; null (skip) when invalid. */
function optional(figure: Figure): Decimal | null {
  if (figure.kind === 'absent') return ZERO;
  return figure.kind === 'amount' ? figure.value : null;
}

/** The sum of amounts. */
function total(amounts: readonly Amount[]): Decimal {
  return amounts.reduce((sum, amount) => sum.plus(amount.value), ZERO);
}

/** Every figure as an amount, or null (skip) when any is absent or invalid. */
function allAmounts(figures: readonly Figure[]): Amount[] | null {
  const amounts: Amount[] = [];
  for (const figure of figures) {
    if (figure.kind !== 'amount') return null;
    amounts.push(figure);
  }
  return amounts;
}

/**
 * The amounts `names` of each child `item` of the optional group `group` (`GeneralDiscounts` →
 * `Discount` → `DiscountAmount`): [] when the group is absent, null (skip) when it repeats or an item
 * lacks its amount.
 */
function groupAmounts(
  parent: FacturaeElement,
  group: string,
  item: string,
  ...names: string[]
): Amount[] | null {
  const container = parent.one(group);
  if (container === 'many') return null;
  if (container === undefined) return [];
  return allAmounts(container.all(item).map((element) => element.amount(...names)));
}

/** An optional total's value when written, else the sum of its parts (so one mistake is one finding). */
function totalOrParts(written: Figure, parts: readonly Amount[] | null): Decimal | null {
  if (written.kind === 'absent') return parts === null ? null : total(parts);
  return written.kind === 'amount' ? written.value : null;
}

/** A decimal for a message, with at least 2 decimals as Facturae writes amounts (`600.00`). */
function display(value: Decimal): string {
  const text = value.toString();
  const decimals = value.decimalPlaces();
  if (decimals >= 2) return text;
  return decimals === 1 ? `${text}0` : `${text}.00`;
}

/** An operand for a message: its text as written, or the value it stands for. */
function shown(figure: Figure, value: Decimal): string {
  return figure.kind === 'amount' ? figure.text : display(value);
}

/** The parts of a sum for a message: `570.00 + 42.04 + 250.00`, or their count when many. */
function parts(amounts: readonly Amount[]): string {
  if (amounts.length === 0) return 'none';
  if (amounts.length > MAX_LISTED) return `${String(amounts.length)} amounts`;
  return amounts.map((amount) => amount.text).join(' + ');
}

/** How a result is named in a message: its element, with its parent for an `AmountType`'s `TotalAmount`. */
function nameAt(path: string): string {
  const steps = path.split('/').map((step) => step.replace(/\[\d+\]$/, ''));
  const last = steps[steps.length - 1] ?? '';
  return last === 'TotalAmount' ? `${steps[steps.length - 2] ?? ''}/${last}` : last;
}

/** Options of {@link judge}. */
interface JudgeOptions {
  /** An optional total: absent, it stands for 0 and is reported when the figure is not 0. */
  readonly absentIsZero?: boolean;
  /** How the result may differ from the figure ({@link agrees} by default). */
  readonly accept?: (written: Amount, expected: Decimal) => boolean;
  /** The tolerance in words, for the message. */
  readonly tolerance?: string;
}

/**
 * Compares a written result with the exact figure it is computed from: none, or one violation at the
 * result's path. `explain` words the figure (`3 × 12.3456 = 37.0368`, `the sum of the lines'
 * GrossAmount is 862.04 (570.00 + 42.04 + 250.00)`); `relation` is the rule's.
 */
function judge(
  result: Figure,
  expected: Decimal | null,
  explain: (expected: string) => string,
  relation: string,
  options: JudgeOptions = {},
): FacturaeViolation[] {
  if (expected === null || result.kind === 'invalid') return [];
  const why = `(Facturae: ${relation}, ${options.tolerance ?? ROUNDING})`;
  if (result.kind === 'absent') {
    if (options.absentIsZero !== true || expected.isZero()) return [];
    return [
      {
        path: result.path,
        line: result.line,
        message: `${nameAt(result.path)} is absent, but ${explain(display(expected))} ${why}`,
      },
    ];
  }
  if ((options.accept ?? agrees)(result, expected)) return [];
  return [
    {
      path: result.path,
      line: result.line,
      message: `${nameAt(result.path)} is ${result.text}, but ${explain(display(expected))} ${why}`,
    },
  ];
}

/** `the sum of <what> is <expected> (<parts>)`. */
function sumOf(what: string, amounts: readonly Amount[]): (expected: string) => string {
  return (expected) => `the sum of ${what} is ${expected} (${parts(amounts)})`;
}

/** `<how> = <expected>`. */
function computed(how: string): (expected: string) => string {
  return (expected) => `${how} = ${expected}`;
}

/** The invoice-level taxes of a block (`TaxesOutputs`, `TaxesWithheld`); [] when absent or repeated. */
function taxesOf(parent: FacturaeElement, block: string): FacturaeElement[] {
  const container = parent.one(block);
  return container === undefined || container === 'many' ? [] : container.all('Tax');
}

/**
 * How many lines carry a tax of this type and rate in the same block: each may have rounded its own
 * tax amount before the invoice summed them (module comment of `./amounts.ts`).
 */
function linesCarrying(lines: readonly FacturaeElement[], block: string, tax: FacturaeElement): number {
  const type = tax.text('TaxTypeCode');
  const rate = required(tax.amount('TaxRate'));
  if (rate === null) return 1;
  return lines.filter((line) =>
    taxesOf(line, block).some((lineTax) => {
      const lineRate = required(lineTax.amount('TaxRate'));
      return lineTax.text('TaxTypeCode') === type && lineRate !== null && lineRate.eq(rate);
    }),
  ).length;
}

/** Checks one relation `amount = base × rate / 100` of each invoice-level tax of both blocks. */
function taxRelation(
  invoice: FacturaeInvoiceView,
  amountOf: readonly string[],
  baseOf: readonly string[],
  rateOf: readonly string[],
  relation: string,
): FacturaeViolation[] {
  const found: FacturaeViolation[] = [];
  for (const block of ['TaxesOutputs', 'TaxesWithheld']) {
    for (const tax of taxesOf(invoice.invoice, block)) {
      const result = tax.amount(...amountOf);
      if (result.kind !== 'amount') continue;
      const baseFigure = tax.amount(...baseOf);
      const rateFigure = tax.amount(...rateOf);
      const base = required(baseFigure);
      const rate = required(rateFigure);
      if (base === null || rate === null) continue;
      const expected = base.times(rate).dividedBy(HUNDRED);
      // Counting the lines that carry the tax walks every line: only when one rounding is not enough.
      if (agrees(result, expected)) continue;
      const lines = Math.max(1, linesCarrying(invoice.lines, block, tax));
      found.push(
        ...judge(
          result,
          expected,
          computed(`${shown(baseFigure, base)} × ${shown(rateFigure, rate)} / 100`),
          relation,
          {
            accept: (written, value) => agreesWithin(written, value, lines),
            tolerance:
              lines === 1
                ? ROUNDING
                : `within half a cent for each of the ${String(lines)} lines that carry this tax and may have rounded it`,
          },
        ),
      );
    }
  }
  return found;
}

/**
 * Whether the batch totals may be summed: every invoice is in the batch's currency (a sum across
 * currencies means nothing; the schema gives a batch one currency, `BatchType/InvoiceCurrencyCode`).
 */
function oneCurrency(file: FacturaeFileView): boolean {
  const batch = file.root.text('FileHeader', 'Batch', 'InvoiceCurrencyCode');
  return file.invoices.every(({ invoice }) => {
    const currency = invoice.text('InvoiceIssueData', 'InvoiceCurrencyCode');
    return currency === undefined || batch === undefined || currency === batch;
  });
}

/** A batch total (`TotalInvoicesAmount`) against the sum of an invoice total (`InvoiceTotal`). */
function batchSum(
  file: FacturaeFileView,
  batchElement: string,
  invoiceElement: string,
  relation: string,
): FacturaeViolation[] {
  if (!oneCurrency(file) || file.invoices.length === 0) return [];
  const each = allAmounts(
    file.invoices.map(({ totals }) =>
      totals === undefined ? { kind: 'invalid' } : totals.amount(invoiceElement),
    ),
  );
  if (each === null) return [];
  return judge(
    file.root.amount('FileHeader', 'Batch', batchElement, 'TotalAmount'),
    total(each),
    sumOf(`the invoices' ${invoiceElement}`, each),
    relation,
  );
}

const XSD = 'Facturae 3.2, 3.2.1 and 3.2.2 XSD';

/**
 * Every Facturae arithmetic rule, in the order their elements appear in a document (the file header,
 * then each invoice's taxes and totals, then its lines). `facturaeRuleFindings` runs them all.
 */
export const FACTURAE_RULE_TABLE: readonly FacturaeRule[] = [
  {
    rule: 'facturae.batch.invoices-count',
    scope: 'file',
    relation: 'InvoicesCount = the number of Invoice elements',
    source: `${XSD}, BatchType/InvoicesCount ("in case of a batch, it indicates the number of invoices")`,
    check: (file) => {
      const written = file.root.amount('FileHeader', 'Batch', 'InvoicesCount');
      if (written.kind !== 'amount' || !written.value.isInteger()) return [];
      const count = file.invoices.length;
      if (written.value.eq(count)) return [];
      return [
        {
          path: written.path,
          line: written.line,
          message: `InvoicesCount is ${written.text}, but the file has ${String(count)} Invoice element(s) (Facturae: InvoicesCount = the number of Invoice elements)`,
        },
      ];
    },
  },
  {
    rule: 'facturae.batch.modality',
    scope: 'file',
    relation: 'Modality I ⇒ InvoicesCount = 1; Modality L ⇒ InvoicesCount > 1',
    source: `${XSD}, FileHeaderType/Modality ("if it is single (I) … InvoicesCount will always take the value 1. If it is a batch (L), the value of InvoicesCount will always be > 1")`,
    check: (file) => {
      const modality = file.root.at('FileHeader', 'Modality');
      const written = file.root.amount('FileHeader', 'Batch', 'InvoicesCount');
      if (modality === undefined || modality === 'many') return [];
      if (written.kind !== 'amount' || !written.value.isInteger()) return [];
      const code = modality.text();
      const broken = (code === 'I' && !written.value.eq(1)) || (code === 'L' && !written.value.gt(1));
      if (!broken) return [];
      return [
        {
          path: modality.path,
          line: modality.line,
          message: `Modality is ${code ?? ''}, but InvoicesCount is ${written.text} (Facturae: a single invoice, I, has InvoicesCount 1; a batch, L, more than 1)`,
        },
      ];
    },
  },
  {
    rule: 'facturae.batch.invoices-amount',
    scope: 'file',
    relation: 'Batch/TotalInvoicesAmount = Σ InvoiceTotal',
    source: `${XSD}, BatchType/TotalInvoicesAmount ("sum of the amounts InvoiceTotal of the File")`,
    check: (file) =>
      batchSum(file, 'TotalInvoicesAmount', 'InvoiceTotal', 'Batch/TotalInvoicesAmount = Σ InvoiceTotal'),
  },
  {
    rule: 'facturae.batch.outstanding-amount',
    scope: 'file',
    relation: 'Batch/TotalOutstandingAmount = Σ TotalOutstandingAmount',
    source: `${XSD}, BatchType/TotalOutstandingAmount ("sum of the amounts TotalOutstandingAmount of the File")`,
    check: (file) =>
      batchSum(
        file,
        'TotalOutstandingAmount',
        'TotalOutstandingAmount',
        'Batch/TotalOutstandingAmount = Σ TotalOutstandingAmount',
      ),
  },
  {
    rule: 'facturae.batch.executable-amount',
    scope: 'file',
    relation: 'Batch/TotalExecutableAmount = Σ TotalExecutableAmount',
    source: `${XSD}, BatchType/TotalExecutableAmount ("sum of the amounts TotalExecutableAmount")`,
    check: (file) =>
      batchSum(
        file,
        'TotalExecutableAmount',
        'TotalExecutableAmount',
        'Batch/TotalExecutableAmount = Σ TotalExecutableAmount',
      ),
  },
  {
    rule: 'facturae.tax.amount',
    scope: 'invoice',
    relation: 'TaxAmount = TaxableBase × TaxRate / 100',
    source: `${XSD}, TaxOutputType/TaxAmount and TaxType/TaxAmount ("amount resulting from applying the corresponding rate to the taxable base"), in the invoice's TaxesOutputs and TaxesWithheld`,
    check: (invoice) =>
      taxRelation(
        invoice,
        ['TaxAmount', 'TotalAmount'],
        ['TaxableBase', 'TotalAmount'],
        ['TaxRate'],
        'TaxAmount = TaxableBase × TaxRate / 100',
      ),
  },
  {
    rule: 'facturae.tax.surcharge-amount',
    scope: 'invoice',
    relation: 'EquivalenceSurchargeAmount = TaxableBase × EquivalenceSurcharge / 100',
    source: `${XSD}, TaxOutputType/EquivalenceSurchargeAmount ("result of applying the Equivalence Surcharge percentage to the Taxable Base")`,
    check: (invoice) =>
      taxRelation(
        invoice,
        ['EquivalenceSurchargeAmount', 'TotalAmount'],
        ['TaxableBase', 'TotalAmount'],
        ['EquivalenceSurcharge'],
        'EquivalenceSurchargeAmount = TaxableBase × EquivalenceSurcharge / 100',
      ),
  },
  {
    rule: 'facturae.tax.special-amount',
    scope: 'invoice',
    relation: 'SpecialTaxAmount = SpecialTaxableBase × TaxRate / 100',
    source: `${XSD}, TaxOutputType/SpecialTaxAmount ("special amount resulting from applying the corresponding rate to the special taxable base")`,
    check: (invoice) =>
      taxRelation(
        invoice,
        ['SpecialTaxAmount', 'TotalAmount'],
        ['SpecialTaxableBase', 'TotalAmount'],
        ['TaxRate'],
        'SpecialTaxAmount = SpecialTaxableBase × TaxRate / 100',
      ),
  },
  {
    rule: 'facturae.totals.gross-amount',
    scope: 'invoice',
    relation: 'TotalGrossAmount = Σ InvoiceLine/GrossAmount',
    source: `${XSD}, InvoiceTotalsType/TotalGrossAmount ("total sum of the gross amounts of the invoice items"); Orden HAP/1650/2015, annex II, rule 6b`,
    check: ({ totals, lines }) => {
      if (totals === undefined || lines.length === 0) return [];
      const gross = allAmounts(lines.map((line) => line.amount('GrossAmount')));
      if (gross === null) return [];
      return judge(
        totals.amount('TotalGrossAmount'),
        total(gross),
        sumOf("the lines' GrossAmount", gross),
        'TotalGrossAmount = Σ InvoiceLine/GrossAmount',
      );
    },
  },
  {
    rule: 'facturae.totals.general-discounts',
    scope: 'invoice',
    relation: 'TotalGeneralDiscounts = Σ GeneralDiscounts/Discount/DiscountAmount',
    source: `${XSD}, InvoiceTotalsType/TotalGeneralDiscounts ("sum of different fields GeneralDiscounts")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const amounts = groupAmounts(totals, 'GeneralDiscounts', 'Discount', 'DiscountAmount');
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalGeneralDiscounts'),
        total(amounts),
        sumOf('the GeneralDiscounts', amounts),
        'TotalGeneralDiscounts = Σ GeneralDiscounts/Discount/DiscountAmount',
        { absentIsZero: true },
      );
    },
  },
  {
    rule: 'facturae.totals.general-surcharges',
    scope: 'invoice',
    relation: 'TotalGeneralSurcharges = Σ GeneralSurcharges/Charge/ChargeAmount',
    source: `${XSD}, InvoiceTotalsType/TotalGeneralSurcharges ("sum of different fields GeneralSurcharges")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const amounts = groupAmounts(totals, 'GeneralSurcharges', 'Charge', 'ChargeAmount');
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalGeneralSurcharges'),
        total(amounts),
        sumOf('the GeneralSurcharges', amounts),
        'TotalGeneralSurcharges = Σ GeneralSurcharges/Charge/ChargeAmount',
        { absentIsZero: true },
      );
    },
  },
  {
    rule: 'facturae.totals.gross-amount-before-taxes',
    scope: 'invoice',
    relation:
      'TotalGrossAmountBeforeTaxes = TotalGrossAmount − TotalGeneralDiscounts + TotalGeneralSurcharges',
    source: `${XSD}, InvoiceTotalsType/TotalGrossAmountBeforeTaxes ("Result: TotalGrossAmount - TotalGeneralDiscounts + TotalGeneralSurcharges")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const grossFigure = totals.amount('TotalGrossAmount');
      const discountsFigure = totals.amount('TotalGeneralDiscounts');
      const surchargesFigure = totals.amount('TotalGeneralSurcharges');
      const gross = required(grossFigure);
      const discounts = totalOrParts(
        discountsFigure,
        groupAmounts(totals, 'GeneralDiscounts', 'Discount', 'DiscountAmount'),
      );
      const surcharges = totalOrParts(
        surchargesFigure,
        groupAmounts(totals, 'GeneralSurcharges', 'Charge', 'ChargeAmount'),
      );
      if (gross === null || discounts === null || surcharges === null) return [];
      return judge(
        totals.amount('TotalGrossAmountBeforeTaxes'),
        gross.minus(discounts).plus(surcharges),
        computed(
          `${shown(grossFigure, gross)} − ${shown(discountsFigure, discounts)} + ${shown(surchargesFigure, surcharges)}`,
        ),
        'TotalGrossAmountBeforeTaxes = TotalGrossAmount − TotalGeneralDiscounts + TotalGeneralSurcharges',
      );
    },
  },
  {
    rule: 'facturae.totals.tax-outputs',
    scope: 'invoice',
    relation: 'TotalTaxOutputs = Σ TaxesOutputs/Tax (TaxAmount + EquivalenceSurchargeAmount)',
    source: `${XSD}, InvoiceTotalsType/TotalTaxOutputs ("sum of different fields Tax Amounts + Total Equivalence Surcharges")`,
    check: ({ invoice, totals }) => {
      if (totals === undefined || invoice.one('TaxesOutputs') === 'many') return [];
      const figures = taxesOf(invoice, 'TaxesOutputs')
        .flatMap((tax) => [
          tax.amount('TaxAmount', 'TotalAmount'),
          tax.amount('EquivalenceSurchargeAmount', 'TotalAmount'),
        ])
        .filter((figure) => figure.kind !== 'absent');
      const amounts = allAmounts(figures);
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalTaxOutputs'),
        total(amounts),
        sumOf("the invoice's TaxesOutputs tax and equivalence surcharge amounts", amounts),
        'TotalTaxOutputs = Σ TaxesOutputs/Tax (TaxAmount + EquivalenceSurchargeAmount)',
      );
    },
  },
  {
    rule: 'facturae.totals.taxes-withheld',
    scope: 'invoice',
    relation: 'TotalTaxesWithheld = Σ TaxesWithheld/Tax/TaxAmount',
    source: `${XSD}, InvoiceTotalsType/TotalTaxesWithheld ("sum of different fields TaxAmount")`,
    check: ({ invoice, totals }) => {
      if (totals === undefined || invoice.one('TaxesWithheld') === 'many') return [];
      const figures = taxesOf(invoice, 'TaxesWithheld')
        .map((tax) => tax.amount('TaxAmount', 'TotalAmount'))
        .filter((figure) => figure.kind !== 'absent');
      const amounts = allAmounts(figures);
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalTaxesWithheld'),
        total(amounts),
        sumOf("the invoice's TaxesWithheld amounts", amounts),
        'TotalTaxesWithheld = Σ TaxesWithheld/Tax/TaxAmount',
      );
    },
  },
  {
    rule: 'facturae.totals.invoice-total',
    scope: 'invoice',
    relation: 'InvoiceTotal = TotalGrossAmountBeforeTaxes + TotalTaxOutputs − TotalTaxesWithheld',
    source: `${XSD}, InvoiceTotalsType/InvoiceTotal ("Result: TotalGrossAmountBeforeTaxes + TotalTaxOutputs - TotalTaxesWithheld")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const operands = allAmounts([
        totals.amount('TotalGrossAmountBeforeTaxes'),
        totals.amount('TotalTaxOutputs'),
        totals.amount('TotalTaxesWithheld'),
      ]);
      if (operands === null) return [];
      const [before, outputs, withheld] = operands as [Amount, Amount, Amount];
      return judge(
        totals.amount('InvoiceTotal'),
        before.value.plus(outputs.value).minus(withheld.value),
        computed(`${before.text} + ${outputs.text} − ${withheld.text}`),
        'InvoiceTotal = TotalGrossAmountBeforeTaxes + TotalTaxOutputs − TotalTaxesWithheld',
      );
    },
  },
  {
    rule: 'facturae.totals.payments-on-account',
    scope: 'invoice',
    relation: 'TotalPaymentsOnAccount = Σ PaymentsOnAccount/PaymentOnAccount/PaymentOnAccountAmount',
    source: `${XSD}, InvoiceTotalsType/TotalPaymentsOnAccount ("sum of the fields PaymentOnAccountAmount")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const amounts = groupAmounts(totals, 'PaymentsOnAccount', 'PaymentOnAccount', 'PaymentOnAccountAmount');
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalPaymentsOnAccount'),
        total(amounts),
        sumOf('the PaymentOnAccountAmount', amounts),
        'TotalPaymentsOnAccount = Σ PaymentOnAccountAmount',
        { absentIsZero: true },
      );
    },
  },
  {
    rule: 'facturae.totals.reimbursable-expenses',
    scope: 'invoice',
    relation:
      'TotalReimbursableExpenses = Σ ReimbursableExpenses/ReimbursableExpenses/ReimbursableExpensesAmount',
    source: `${XSD}, InvoiceTotalsType/TotalReimbursableExpenses ("total de suplidos") over ReimbursableExpensesType/ReimbursableExpensesAmount`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const amounts = groupAmounts(
        totals,
        'ReimbursableExpenses',
        'ReimbursableExpenses',
        'ReimbursableExpensesAmount',
      );
      if (amounts === null) return [];
      return judge(
        totals.amount('TotalReimbursableExpenses'),
        total(amounts),
        sumOf('the ReimbursableExpensesAmount', amounts),
        'TotalReimbursableExpenses = Σ ReimbursableExpensesAmount',
        { absentIsZero: true },
      );
    },
  },
  {
    rule: 'facturae.totals.outstanding-amount',
    scope: 'invoice',
    relation: 'TotalOutstandingAmount = InvoiceTotal − (Σ SubsidyAmount + TotalPaymentsOnAccount)',
    source: `${XSD}, InvoiceTotalsType/TotalOutstandingAmount ("Result: InvoiceTotal - (SubsidyAmount + TotalPaymentsOnAccount)")`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const totalFigure = totals.amount('InvoiceTotal');
      const invoiceTotal = required(totalFigure);
      const subsidies = groupAmounts(totals, 'Subsidies', 'Subsidy', 'SubsidyAmount');
      const paymentsFigure = totals.amount('TotalPaymentsOnAccount');
      const payments = totalOrParts(
        paymentsFigure,
        groupAmounts(totals, 'PaymentsOnAccount', 'PaymentOnAccount', 'PaymentOnAccountAmount'),
      );
      if (invoiceTotal === null || subsidies === null || payments === null) return [];
      const subsidy = total(subsidies);
      return judge(
        totals.amount('TotalOutstandingAmount'),
        invoiceTotal.minus(subsidy.plus(payments)),
        computed(
          `${shown(totalFigure, invoiceTotal)} − (${subsidies.length === 1 ? parts(subsidies) : display(subsidy)} + ${shown(paymentsFigure, payments)})`,
        ),
        'TotalOutstandingAmount = InvoiceTotal − (Σ SubsidyAmount + TotalPaymentsOnAccount)',
      );
    },
  },
  {
    rule: 'facturae.totals.executable-amount',
    scope: 'invoice',
    relation:
      'TotalExecutableAmount = TotalOutstandingAmount − WithholdingAmount − PaymentInKindAmount + TotalReimbursableExpenses + TotalFinancialExpenses',
    source: `${XSD}, InvoiceTotalsType/TotalExecutableAmount ("Result: TotalOutstandingAmount - WithholdingAmount - PaymentInKindAmount + TotalReimbursableExpenses + TotalFinancialExpenses"; 3.2 and 3.2.1 have no PaymentInKind)`,
    check: ({ totals }) => {
      if (totals === undefined) return [];
      const outstandingFigure = totals.amount('TotalOutstandingAmount');
      const withheldFigure = totals.amount('AmountsWithheld', 'WithholdingAmount');
      const inKindFigure = totals.amount('PaymentInKind', 'PaymentInKindAmount');
      const reimbursableFigure = totals.amount('TotalReimbursableExpenses');
      const financialFigure = totals.amount('TotalFinancialExpenses');
      const outstanding = required(outstandingFigure);
      const withheld = optional(withheldFigure);
      const inKind = optional(inKindFigure);
      const reimbursable = totalOrParts(
        reimbursableFigure,
        groupAmounts(totals, 'ReimbursableExpenses', 'ReimbursableExpenses', 'ReimbursableExpensesAmount'),
      );
      const financial = optional(financialFigure);
      if (
        outstanding === null ||
        withheld === null ||
        inKind === null ||
        reimbursable === null ||
        financial === null
      )
        return [];
      return judge(
        totals.amount('TotalExecutableAmount'),
        outstanding.minus(withheld).minus(inKind).plus(reimbursable).plus(financial),
        computed(
          `${shown(outstandingFigure, outstanding)} − ${shown(withheldFigure, withheld)} − ${shown(inKindFigure, inKind)} + ${shown(
            reimbursableFigure,
            reimbursable,
          )} + ${shown(financialFigure, financial)}`,
        ),
        'TotalExecutableAmount = TotalOutstandingAmount − WithholdingAmount − PaymentInKindAmount + TotalReimbursableExpenses + TotalFinancialExpenses',
      );
    },
  },
  {
    rule: 'facturae.line.total-cost',
    scope: 'line',
    relation: 'TotalCost = Quantity × UnitPriceWithoutTax',
    source: `${XSD}, InvoiceLineType/TotalCost ("Result: Quantity x UnitPriceWithoutTax"); Orden HAP/1650/2015, annex II, rule 6a`,
    check: (line) => {
      const operands = allAmounts([line.amount('Quantity'), line.amount('UnitPriceWithoutTax')]);
      if (operands === null) return [];
      const [quantity, price] = operands as [Amount, Amount];
      return judge(
        line.amount('TotalCost'),
        quantity.value.times(price.value),
        computed(`${quantity.text} × ${price.text}`),
        'TotalCost = Quantity × UnitPriceWithoutTax',
      );
    },
  },
  {
    rule: 'facturae.line.gross-amount',
    scope: 'line',
    relation: 'GrossAmount = TotalCost − Σ DiscountAmount + Σ ChargeAmount',
    source: `${XSD}, InvoiceLineType/GrossAmount ("Result: TotalCost - DiscountAmount + ChargeAmount"); Orden HAP/1650/2015, annex II, rule 6a`,
    check: (line) => {
      const cost = line.amount('TotalCost');
      const discounts = groupAmounts(line, 'DiscountsAndRebates', 'Discount', 'DiscountAmount');
      const charges = groupAmounts(line, 'Charges', 'Charge', 'ChargeAmount');
      if (cost.kind !== 'amount' || discounts === null || charges === null) return [];
      return judge(
        line.amount('GrossAmount'),
        cost.value.minus(total(discounts)).plus(total(charges)),
        computed(
          `${cost.text} − ${discounts.length === 0 ? '0' : parts(discounts)} + ${charges.length === 0 ? '0' : parts(charges)}`,
        ),
        'GrossAmount = TotalCost − Σ DiscountAmount + Σ ChargeAmount',
      );
    },
  },
];
