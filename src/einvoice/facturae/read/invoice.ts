/**
 * The one `Invoice` of a Facturae document read into fiscalkit's invoice fields and the figures it
 * states (issue #22 "Reading them back"), the inverse of the writer (src/einvoice/facturae/write/):
 *
 * | Facturae | fiscalkit |
 * |---|---|
 * | `InvoiceNumber`, `InvoiceSeriesCode` | `number`, `series_code` |
 * | `InvoiceDocumentType` `FC` / `FA` / `AF` | `type` `IssuedInvoice` / `IssuedSimplifiedInvoice` / `IssuedSelfInvoice` |
 * | `InvoiceClass` `OR` with `Corrective` | an `amend` reference: `number`, `series_code`, `date` (`InvoiceIssueDate`), `invoicing_period_start` / `_end` (`TaxPeriod`), `reason` (`AdditionalReasonDescription`), `correction_method`, `tax_correction_code` (`ReasonCode`); `is_credit_note` when its `InvoiceTotal` is negative |
 * | `IssueDate`, `OperationDate` | `date`, `tax_point_date` |
 * | `InvoiceCurrencyCode`, `ExchangeRateDetails` | `currency`, `exchange_rate`, `exchange_date` |
 * | `LanguageName` | `language` |
 * | `InvoiceDescription`, `ReceiverTransactionReference`, `FileReference`, `ReceiverContractReference` | `extra_info`, `ponumber`, `file_reference`, `contract_number` |
 * | `InvoiceLine`: `ItemDescription`, `Quantity`, `UnitOfMeasure`, `UnitPriceWithoutTax` | `description`, `quantity`, `unit`, `price` |
 * | its `DiscountsAndRebates`, `Charges` | `allowance_charges_attributes`: a percentage when a rate is given, else the amount |
 * | its `TaxesOutputs/Tax` (`01` IVA, `02` IPSI, `03` IGIC), `EquivalenceSurcharge`, `TaxesWithheld/Tax` (`04` IRPF, `28` IRNR) | `taxes_attributes`: the VAT (category from the rate, `SpecialTaxableEvent` and the reverse-charge literal), the surcharge, the withholding |
 * | `GeneralDiscounts`, `GeneralSurcharges` | `allowance_charges_attributes` (their taxes: ./reproduce.ts) |
 * | `ReimbursableExpenses` | charges with `is_reimbursable_expense` |
 * | `PaymentsOnAccount` | `payments_on_account` |
 * | `PaymentDetails/Installment` | `due_date`, `payment_method`, `bank_account` (`AccountToBeCredited`); the buyer's bank account (`AccountToBeDebited`) |
 * | `InvoiceAdditionalInformation`, `LegalLiterals` | `notes` (the literals after it, one a line) |
 *
 * Refused (`facturae.read.*`), because an amount or a party would change: subsidies, amounts withheld
 * as guarantee, payments in kind, financial expenses, factoring assignment, more than one instalment, an
 * account number that is no IBAN, a tax fiscalkit has no kind for, a line with several output or
 * withheld taxes. Dropped, because fiscalkit's invoice has no field for them and no amount depends on
 * them: `PlaceOfIssue`, `InvoicingPeriod`, line references and periods, `ArticleCode`,
 * `RelatedInvoice`, attachments (`RelatedDocuments`), the payment reconciliation reference, a
 * reimbursable expense's own invoice data, `Extensions`.
 *
 * @module
 */
import type { InvoiceAllowanceCharge, InvoiceCreate } from '../../../model/invoice.js';
import type { LineAllowanceCharge, LineTax } from '../../../model/invoiceLine.js';
import type { InvoiceReferenceWrite } from '../../../model/invoiceReference.js';
import type { FacturaeElement } from '../element.js';
import {
  OUTPUT_TAX_NAMES,
  paymentMethodOf,
  REVERSE_CHARGE_LITERAL,
  SPECIAL_EVENT_REASONS,
  unitOfFacturae,
  WITHHELD_TAX_NAMES,
} from '../write/codes.js';
import { decimalAt, type ReadIssues, textAt } from './values.js';

/** A figure the document states, with where it stands (for messages). */
export interface Stated {
  readonly value: string;
  readonly path: string;
}

/** One output tax (`TaxesOutputs/Tax`) of the invoice as stated. */
export interface StatedOutput {
  readonly code: string;
  readonly rate: string;
  readonly base: Stated;
  readonly tax: Stated | undefined;
  readonly surchargeRate: string | undefined;
  readonly surcharge: Stated | undefined;
}

/** One withheld tax of the invoice as stated. */
export interface StatedWithheld {
  readonly code: string;
  readonly rate: string;
  readonly base: Stated;
  readonly tax: Stated | undefined;
}

/** One general discount or charge as stated, and the entry it was read as. */
export interface StatedGeneral {
  readonly amount: Stated;
  readonly charge: boolean;
  /** The entry in `allowance_charges_attributes`. */
  readonly index: number;
}

/** One line as stated: its net and its allowances' and charges' amounts. */
export interface StatedLine {
  readonly gross: Stated;
  readonly adjustments: readonly Stated[];
  /** The output tax of the line, as the index of its `TaxesOutputs/Tax` match at invoice level (by code and rates). */
  readonly output: {
    readonly code: string;
    readonly rate: string;
    readonly surchargeRate: string | undefined;
  };
}

/** Everything the document states that the totals of the read invoice must reproduce. */
export interface StatedFigures {
  readonly lines: readonly StatedLine[];
  readonly outputs: readonly StatedOutput[];
  readonly withheld: readonly StatedWithheld[];
  readonly generals: readonly StatedGeneral[];
  readonly totalGross: Stated;
  readonly totalDiscounts: Stated | undefined;
  readonly totalCharges: Stated | undefined;
  readonly beforeTaxes: Stated;
  readonly taxOutputs: Stated;
  readonly taxesWithheld: Stated;
  readonly invoiceTotal: Stated;
  readonly outstanding: Stated;
  readonly executable: Stated;
  readonly reimbursable: Stated | undefined;
}

/** The invoice as read, before its figures are reproduced. */
export interface ReadInvoice {
  readonly invoice: InvoiceCreate;
  readonly stated: StatedFigures;
  /** The buyer's bank account, from `AccountToBeDebited`. */
  readonly buyerBankAccount: { iban: string; bic?: string } | undefined;
}

/** What a reader step gives: a value, or undefined after recording issues. */
type Read<T> = T | undefined;

/** A required figure, or a refusal naming the element. */
function stated(
  issues: ReadIssues,
  element: FacturaeElement,
  decimals: number,
  ...names: string[]
): Read<Stated> {
  const path = [element.path, ...names].join('/');
  const value = decimalAt(issues, element, decimals, ...names);
  if (value === undefined) {
    if (element.amount(...names).kind === 'absent')
      issues.refuse('facturae.read.required', path, 'is absent, and the XSD requires it');
    return undefined;
  }
  return { value, path };
}

/** An optional figure. */
function optionalStated(
  issues: ReadIssues,
  element: FacturaeElement,
  decimals: number,
  ...names: string[]
): Read<Stated> {
  const value = decimalAt(issues, element, decimals, ...names);
  return value === undefined ? undefined : { value, path: [element.path, ...names].join('/') };
}

/**
 * The totals fiscalkit's invoice has no amount for, by element: each present one is refused with its
 * rule (module comment).
 */
const UNCARRIED_TOTALS_RULES = {
  Subsidies: 'facturae.read.subsidies',
  TotalFinancialExpenses: 'facturae.read.financial-expenses',
  AmountsWithheld: 'facturae.read.amounts-withheld',
  PaymentInKind: 'facturae.read.payment-in-kind',
} as const;

/** Why each of {@link UNCARRIED_TOTALS_RULES} cannot be carried. */
const UNCARRIED_TOTALS: Readonly<Record<keyof typeof UNCARRIED_TOTALS_RULES, string>> = {
  Subsidies: 'has subsidies, which fiscalkit’s invoice has no amount for (they lower TotalOutstandingAmount)',
  TotalFinancialExpenses:
    'has financial expenses, which fiscalkit’s invoice has no amount for (they raise TotalExecutableAmount)',
  AmountsWithheld:
    'has amounts withheld as a guarantee, which fiscalkit’s invoice has no amount for (they lower TotalExecutableAmount)',
  PaymentInKind:
    'has a payment in kind, which fiscalkit’s invoice has no amount for (it lowers TotalExecutableAmount)',
};

/** The single child `name`, or undefined (a repeated one is the XSD's to report; the first is read). */
function child(element: FacturaeElement, name: string): FacturaeElement | undefined {
  const found = element.one(name);
  if (found === 'many') return element.all(name)[0];
  return found;
}

/** The category of a read VAT tax (module comment of ./readFacturae.ts). */
function categoryOf(code: string, rate: string, line: FacturaeElement, reverseCharge: boolean): string {
  if (rate !== '0') return code === '03' ? 'L' : code === '02' ? 'M' : 'S';
  const event = textAt(line, 'SpecialTaxableEvent', 'SpecialTaxableEventCode');
  if (event === '01') {
    const reason = textAt(line, 'SpecialTaxableEvent', 'SpecialTaxableEventReason');
    for (const category of ['K', 'G', 'E'])
      if (reason !== undefined && reason === SPECIAL_EVENT_REASONS.get(category)) return category;
    return 'E';
  }
  if (event === '02') return 'O';
  return reverseCharge ? 'AE' : 'Z';
}

/**
 * Reads the one invoice (module comment), or undefined after recording what cannot be carried.
 *
 * @example
 * ```ts
 * const read = readInvoice(issues, invoiceElement, { reverseCharge: false });
 * read?.invoice.number; // 'TEST01002F'
 * ```
 */
export function readInvoice(issues: ReadIssues, element: FacturaeElement): Read<ReadInvoice> {
  const before = issues.list.length;
  const header = child(element, 'InvoiceHeader');
  const issueData = child(element, 'InvoiceIssueData');
  const totalsElement = child(element, 'InvoiceTotals');
  const itemsElement = child(element, 'Items');
  if (
    header === undefined ||
    issueData === undefined ||
    totalsElement === undefined ||
    itemsElement === undefined
  )
    return issues.refuse(
      'facturae.read.required',
      element.path,
      'lacks InvoiceHeader, InvoiceIssueData, InvoiceTotals or Items, which the XSD requires',
    );
  for (const name of Object.keys(UNCARRIED_TOTALS_RULES) as (keyof typeof UNCARRIED_TOTALS_RULES)[])
    if (totalsElement.one(name) !== undefined)
      issues.refuse(UNCARRIED_TOTALS_RULES[name], `${totalsElement.path}/${name}`, UNCARRIED_TOTALS[name]);

  const literals =
    child(element, 'LegalLiterals')
      ?.all('LegalReference')
      .map((reference) => reference.element.stringValue.trim()) ?? [];
  const reverseCharge = literals.includes(REVERSE_CHARGE_LITERAL);

  // Header and issue data.
  const number = textAt(header, 'InvoiceNumber') ?? '';
  const documentType = textAt(header, 'InvoiceDocumentType');
  const type =
    documentType === 'FA'
      ? 'IssuedSimplifiedInvoice'
      : documentType === 'AF'
        ? 'IssuedSelfInvoice'
        : 'IssuedInvoice';
  const invoiceClass = textAt(header, 'InvoiceClass') ?? 'OO';
  if (invoiceClass !== 'OO' && invoiceClass !== 'OR')
    issues.refuse(
      'facturae.read.invoice-class',
      `${header.path}/InvoiceClass`,
      `is ${invoiceClass} (a summary invoice or a copy); fiscalkit reads originals (OO) and correctives (OR)`,
    );
  const references: InvoiceReferenceWrite[] = [];
  const corrective = child(header, 'Corrective');
  if (corrective !== undefined) {
    const reference: InvoiceReferenceWrite = { reference_type: 'amend' };
    const set = <K extends keyof InvoiceReferenceWrite>(
      key: K,
      value: InvoiceReferenceWrite[K] | undefined,
    ) => {
      if (value !== undefined) reference[key] = value;
    };
    set('number', textAt(corrective, 'InvoiceNumber'));
    set('series_code', textAt(corrective, 'InvoiceSeriesCode'));
    set('date', textAt(corrective, 'InvoiceIssueDate'));
    set('invoicing_period_start', textAt(corrective, 'TaxPeriod', 'StartDate'));
    set('invoicing_period_end', textAt(corrective, 'TaxPeriod', 'EndDate'));
    set('reason', textAt(corrective, 'AdditionalReasonDescription'));
    set('correction_method', textAt(corrective, 'CorrectionMethod'));
    set('tax_correction_code', textAt(corrective, 'ReasonCode'));
    references.push(reference);
  }

  const currency = textAt(issueData, 'InvoiceCurrencyCode') ?? 'EUR';
  const invoice: InvoiceCreate = {
    type,
    number,
    date: textAt(issueData, 'IssueDate') ?? '',
    currency,
    invoice_lines_attributes: [],
  };
  const assign = <K extends keyof InvoiceCreate>(key: K, value: InvoiceCreate[K] | undefined) => {
    if (value !== undefined) invoice[key] = value;
  };
  assign('series_code', textAt(header, 'InvoiceSeriesCode'));
  assign('tax_point_date', textAt(issueData, 'OperationDate'));
  assign('exchange_rate', decimalAt(issues, issueData, 8, 'ExchangeRateDetails', 'ExchangeRate'));
  assign('exchange_date', textAt(issueData, 'ExchangeRateDetails', 'ExchangeRateDate'));
  assign('language', textAt(issueData, 'LanguageName'));
  assign('extra_info', textAt(issueData, 'InvoiceDescription'));
  assign('ponumber', textAt(issueData, 'ReceiverTransactionReference'));
  assign('file_reference', textAt(issueData, 'FileReference'));
  assign('contract_number', textAt(issueData, 'ReceiverContractReference'));
  if (references.length > 0) invoice.invoice_references = references;

  // Lines.
  const lines: StatedLine[] = [];
  for (const line of itemsElement.all('InvoiceLine')) {
    const read = readLine(issues, line, reverseCharge);
    if (read === undefined) continue;
    invoice.invoice_lines_attributes.push(read.line);
    lines.push(read.stated);
  }

  // Invoice-level taxes.
  const outputs: StatedOutput[] = [];
  for (const tax of child(element, 'TaxesOutputs')?.all('Tax') ?? []) {
    const code = textAt(tax, 'TaxTypeCode') ?? '';
    if (!OUTPUT_TAX_NAMES.has(code)) {
      issues.refuse(
        'facturae.read.tax-type',
        `${tax.path}/TaxTypeCode`,
        `is ${JSON.stringify(code)}; fiscalkit's invoice carries output taxes 01 (IVA), 02 (IPSI) and 03 (IGIC)`,
      );
      continue;
    }
    const rate = decimalAt(issues, tax, 8, 'TaxRate');
    const base = stated(issues, tax, 8, 'TaxableBase', 'TotalAmount');
    if (rate === undefined || base === undefined) continue;
    outputs.push({
      code,
      rate,
      base,
      tax: optionalStated(issues, tax, 8, 'TaxAmount', 'TotalAmount'),
      surchargeRate: nonZero(decimalAt(issues, tax, 8, 'EquivalenceSurcharge')),
      surcharge: optionalStated(issues, tax, 8, 'EquivalenceSurchargeAmount', 'TotalAmount'),
    });
  }
  const withheld: StatedWithheld[] = [];
  for (const tax of child(element, 'TaxesWithheld')?.all('Tax') ?? []) {
    const code = textAt(tax, 'TaxTypeCode') ?? '';
    if (!WITHHELD_TAX_NAMES.has(code)) {
      issues.refuse(
        'facturae.read.tax-type',
        `${tax.path}/TaxTypeCode`,
        `is ${JSON.stringify(code)}; fiscalkit's invoice carries withheld taxes 04 (IRPF) and 28 (IRNR)`,
      );
      continue;
    }
    const rate = decimalAt(issues, tax, 8, 'TaxRate');
    const base = stated(issues, tax, 8, 'TaxableBase', 'TotalAmount');
    if (rate === undefined || base === undefined) continue;
    withheld.push({ code, rate, base, tax: optionalStated(issues, tax, 8, 'TaxAmount', 'TotalAmount') });
  }

  // General discounts, charges and reimbursable expenses.
  const entries: InvoiceAllowanceCharge[] = [];
  const generals: StatedGeneral[] = [];
  for (const [group, item, charge] of [
    ['GeneralDiscounts', 'Discount', false],
    ['GeneralSurcharges', 'Charge', true],
  ] as const) {
    for (const entry of child(totalsElement, group)?.all(item) ?? []) {
      const amount = stated(issues, entry, 8, `${item}Amount`);
      if (amount === undefined) continue;
      const adjustment = adjustmentOf(issues, entry, item, charge, amount.value);
      generals.push({ amount, charge, index: entries.length });
      entries.push(adjustment);
    }
  }
  const expenses = child(totalsElement, 'ReimbursableExpenses')?.all('ReimbursableExpenses') ?? [];
  for (const expense of expenses) {
    const amount = stated(issues, expense, 8, 'ReimbursableExpensesAmount');
    if (amount !== undefined)
      entries.push({
        allowance_charge_indicator: 'charge',
        amount: amount.value,
        is_reimbursable_expense: true,
      });
  }
  if (entries.length > 0) invoice.allowance_charges_attributes = entries;

  const payments = child(totalsElement, 'PaymentsOnAccount')?.all('PaymentOnAccount') ?? [];
  if (payments.length > 0)
    invoice.payments_on_account = payments.flatMap((payment) => {
      const amount = decimalAt(issues, payment, 4, 'PaymentOnAccountAmount');
      const date = textAt(payment, 'PaymentOnAccountDate');
      return amount === undefined ? [] : [date === undefined ? { amount } : { date, amount }];
    });
  else {
    const prepaid = decimalAt(issues, totalsElement, 4, 'TotalPaymentsOnAccount');
    if (prepaid !== undefined && prepaid !== '0') invoice.prepaid_amount = prepaid;
  }

  // Payment.
  let buyerBankAccount: ReadInvoice['buyerBankAccount'];
  const installments = child(element, 'PaymentDetails')?.all('Installment') ?? [];
  if (installments.length > 1)
    issues.refuse(
      'facturae.read.installments',
      `${element.path}/PaymentDetails`,
      `has ${String(installments.length)} instalments; fiscalkit's invoice has one due date and one amount payable`,
    );
  const [installment] = installments;
  if (installment !== undefined) {
    assign('due_date', textAt(installment, 'InstallmentDueDate'));
    const means = textAt(installment, 'PaymentMeans');
    if (means !== undefined) assign('payment_method', paymentMethodOf(means));
    const credited = bankAccount(issues, installment, 'AccountToBeCredited');
    if (credited !== undefined) invoice.bank_account = credited;
    buyerBankAccount = bankAccount(issues, installment, 'AccountToBeDebited');
  }
  // Notes: the additional information, then the legal literals fiscalkit does not write itself.
  const notes = [
    textAt(element, 'AdditionalData', 'InvoiceAdditionalInformation'),
    ...literals.filter((literal) => literal !== '' && literal !== REVERSE_CHARGE_LITERAL),
  ].filter((note) => note !== undefined);
  if (notes.length > 0) invoice.notes = notes.join('\n');

  const totalGross = stated(issues, totalsElement, 8, 'TotalGrossAmount');
  const beforeTaxes = stated(issues, totalsElement, 8, 'TotalGrossAmountBeforeTaxes');
  const taxOutputs = stated(issues, totalsElement, 8, 'TotalTaxOutputs');
  const taxesWithheld = stated(issues, totalsElement, 8, 'TotalTaxesWithheld');
  const invoiceTotal = stated(issues, totalsElement, 8, 'InvoiceTotal');
  const outstanding = stated(issues, totalsElement, 8, 'TotalOutstandingAmount');
  const executable = stated(issues, totalsElement, 8, 'TotalExecutableAmount');
  if (
    issues.list.length > before ||
    totalGross === undefined ||
    beforeTaxes === undefined ||
    taxOutputs === undefined ||
    taxesWithheld === undefined ||
    invoiceTotal === undefined ||
    outstanding === undefined ||
    executable === undefined
  )
    return undefined;
  if (corrective !== undefined && invoiceTotal.value.startsWith('-')) invoice.is_credit_note = true;
  return {
    invoice,
    buyerBankAccount,
    stated: {
      lines,
      outputs,
      withheld,
      generals,
      totalGross,
      totalDiscounts: optionalStated(issues, totalsElement, 8, 'TotalGeneralDiscounts'),
      totalCharges: optionalStated(issues, totalsElement, 8, 'TotalGeneralSurcharges'),
      beforeTaxes,
      taxOutputs,
      taxesWithheld,
      invoiceTotal,
      outstanding,
      executable,
      reimbursable: optionalStated(issues, totalsElement, 8, 'TotalReimbursableExpenses'),
    },
  };
}

/** A rate that is not 0, or undefined. */
function nonZero(rate: string | undefined): string | undefined {
  return rate === undefined || rate === '0' ? undefined : rate;
}

/**
 * A discount or charge (`DiscountType` / `ChargeType`) as an allowance or charge entry: a percentage
 * when a rate is given (up to the model's four decimals), else the amount; the reason when given.
 */
function adjustmentOf(
  issues: ReadIssues,
  element: FacturaeElement,
  item: 'Discount' | 'Charge',
  charge: boolean,
  amount: string,
): LineAllowanceCharge & InvoiceAllowanceCharge {
  const entry: LineAllowanceCharge & InvoiceAllowanceCharge = {
    allowance_charge_indicator: charge ? 'charge' : 'allowance',
  };
  const reason = textAt(element, `${item}Reason`);
  if (reason !== undefined) entry.reason = reason;
  const rate = element.amount(`${item}Rate`);
  if (rate.kind === 'amount' && rate.value.decimalPlaces() <= 4 && rate.value.gte(0))
    entry.percentage = rate.value.toString();
  else entry.amount = amount;
  // A malformed rate is reported; the amount is read instead.
  if (rate.kind === 'invalid') decimalAt(issues, element, 8, `${item}Rate`);
  return entry;
}

/** One `InvoiceLine`: the line fields and what it states. */
function readLine(
  issues: ReadIssues,
  line: FacturaeElement,
  reverseCharge: boolean,
): Read<{ line: InvoiceCreate['invoice_lines_attributes'][number]; stated: StatedLine }> {
  const before = issues.list.length;
  const quantity = decimalAt(issues, line, 6, 'Quantity');
  const price = decimalAt(issues, line, 8, 'UnitPriceWithoutTax');
  const gross = stated(issues, line, 8, 'GrossAmount');
  const outputs = child(line, 'TaxesOutputs')?.all('Tax') ?? [];
  const withheld = child(line, 'TaxesWithheld')?.all('Tax') ?? [];
  if (outputs.length !== 1)
    issues.refuse(
      'facturae.read.line-taxes',
      `${line.path}/TaxesOutputs`,
      `has ${String(outputs.length)} output taxes; a fiscalkit line has exactly one VAT (with its equivalence surcharge inside it, taxmath.md §3.1)`,
    );
  if (withheld.length > 1)
    issues.refuse(
      'facturae.read.line-taxes',
      `${line.path}/TaxesWithheld`,
      `has ${String(withheld.length)} withheld taxes; a fiscalkit line has at most one withholding (taxmath.md §3.1)`,
    );
  const taxes: LineTax[] = [];
  const [output] = outputs;
  let outputKey: StatedLine['output'] | undefined;
  if (output !== undefined) {
    const code = textAt(output, 'TaxTypeCode') ?? '';
    const name = OUTPUT_TAX_NAMES.get(code);
    const rate = decimalAt(issues, output, 8, 'TaxRate');
    if (name === undefined)
      issues.refuse(
        'facturae.read.tax-type',
        `${output.path}/TaxTypeCode`,
        `is ${JSON.stringify(code)}; fiscalkit's invoice carries output taxes 01 (IVA), 02 (IPSI) and 03 (IGIC)`,
      );
    else if (rate !== undefined) {
      taxes.push({ name, percent: rate, category: categoryOf(code, rate, line, reverseCharge) });
      const surcharge = nonZero(decimalAt(issues, output, 8, 'EquivalenceSurcharge'));
      if (surcharge !== undefined) taxes.push({ name: 'RE', percent: surcharge, kind: 'surcharge' });
      outputKey = { code, rate, surchargeRate: surcharge };
    }
  }
  const [withholding] = withheld;
  if (withholding !== undefined) {
    const code = textAt(withholding, 'TaxTypeCode') ?? '';
    const name = WITHHELD_TAX_NAMES.get(code);
    const rate = decimalAt(issues, withholding, 8, 'TaxRate');
    if (name === undefined)
      issues.refuse(
        'facturae.read.tax-type',
        `${withholding.path}/TaxTypeCode`,
        `is ${JSON.stringify(code)}; fiscalkit's invoice carries withheld taxes 04 (IRPF) and 28 (IRNR)`,
      );
    else if (rate !== undefined) taxes.push({ name, percent: rate, kind: 'withholding' });
  }
  const adjustments: LineAllowanceCharge[] = [];
  const amounts: Stated[] = [];
  for (const [group, item, charge] of [
    ['DiscountsAndRebates', 'Discount', false],
    ['Charges', 'Charge', true],
  ] as const) {
    for (const entry of child(line, group)?.all(item) ?? []) {
      const amount = stated(issues, entry, 8, `${item}Amount`);
      if (amount === undefined) continue;
      adjustments.push(adjustmentOf(issues, entry, item, charge, amount.value));
      amounts.push(amount);
    }
  }
  if (
    issues.list.length > before ||
    quantity === undefined ||
    price === undefined ||
    gross === undefined ||
    outputKey === undefined
  )
    return undefined;
  const read: InvoiceCreate['invoice_lines_attributes'][number] = {
    quantity,
    price,
    taxes_attributes: taxes,
  };
  const description = textAt(line, 'ItemDescription');
  if (description !== undefined) read.description = description;
  const unit = textAt(line, 'UnitOfMeasure');
  if (unit !== undefined) read.unit = unitOfFacturae(unit);
  if (adjustments.length > 0) read.allowance_charges_attributes = adjustments;
  return { line: read, stated: { gross, adjustments: amounts, output: outputKey } };
}

/** An `AccountType` as a bank account: its IBAN and BIC; an account number that is no IBAN is refused. */
function bankAccount(
  issues: ReadIssues,
  installment: FacturaeElement,
  name: 'AccountToBeCredited' | 'AccountToBeDebited',
): { iban: string; bic?: string } | undefined {
  const account = child(installment, name);
  if (account === undefined) return undefined;
  const iban = textAt(account, 'IBAN');
  if (iban === undefined) {
    if (textAt(account, 'AccountNumber') !== undefined)
      issues.refuse(
        'facturae.read.account-number',
        `${account.path}/AccountNumber`,
        "is an account number without IBAN; fiscalkit's bank account is an IBAN",
      );
    return undefined;
  }
  const bic = textAt(account, 'BIC');
  return bic === undefined ? { iban } : { iban, bic };
}
