import type { KsefTypeCode } from '../../codelists/invoiceTypes.js';
import type { Validated, ValidationIssue } from '../../errors/validationIssue.js';
import { checkedReport, IssueList } from '../../generate/params.js';
import { amendReferenceOf, documentNumber } from '../../generate/references.js';
import { invoiceTotals, invoiceTotalsInput } from '../../generate/totalsInput.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import { type KsefTaxReportCreate, parseKsefTaxReport } from '../../model/ksefTaxReport.js';
import { presentText } from '../../model/presentText.js';
import { currencyExponent, isCurrencyCode } from '../../money/currencies.js';
import { formatUnits, toUnits } from '../../money/fixedPoint.js';
import { roundingMethodFromAccount } from '../../money/roundingMethod.js';
import { issueAt } from '../../rules/issue.js';
import { ksefInvoiceContentIssues } from '../../rules/ksefInvoiceContent.js';
import { ksefTaxReportIssues } from '../../rules/ksefTaxReport.js';
import type { TotalsResult } from '../../totals/result.js';
import { NUMERIC_RATES } from '../build/fa3Types.js';
import { fa3Issues } from '../fa3Issues.js';
import { additionalInfo } from './additionalInfo.js';
import { type AmountContext, engineAdvance, splitOverOrder } from './advance.js';
import {
  bucketSums,
  groupRateCodes,
  type RatedAmount,
  ratedGroups,
  subtractRated,
  taxBreakdowns,
} from './buckets.js';
import { lineDiscount } from './discount.js';
import { beforeAfterPairs, ksefDocumentLines, ksefLines, ksefOrderLines } from './lines.js';
import { customerParty, supplierParty, thirdParty } from './parties.js';
import { bankAccounts, paymentMethodFields } from './payment.js';
import { type LineRate, lineRates } from './rateCode.js';
import {
  type CorrectionFields,
  correctionFields,
  referenceTotal,
  type SettledAdvances,
  settledAdvances,
} from './references.js';
import { type SourceParamContext, sourceParamOf } from './sourceParams.js';
import {
  ADVANCE_TYPE_CODES,
  CORRECTION_TYPE_CODES,
  ksefTypeCodeOf,
  SETTLEMENT_TYPE_CODES,
} from './typeCode.js';

/**
 * What a Ksef tax report is generated from (spec §4.2 `POST /invoices/{id}/generate_tax_report`):
 * the stored invoice (its `lines`, `invoice_references`, flags and `third_party`), the account that
 * issued it (the seller, `Podmiot1`, and the rounding flags its totals were computed with), the
 * invoice's contact (the buyer, `Podmiot2`; null for an anonymous simplified invoice) and the legal
 * basis of an exemption, which the invoice does not carry (the account's tax report setting
 * `reason_vat_exempt`, api-notes.md §9), needed when a line is exempt (`zw`).
 */
export interface KsefSource {
  invoice: Invoice;
  account: Account;
  contact: Contact | null;
  /** `Adnotacje/Zwolnienie/P_19A`: required when a line is `zw` (ksef-fa3.md §6.5, MF sample 9). */
  exemption_basis?: string | null;
}

/** The local currency of KSeF: every `P_14_xW` is in złoty (ksef-fa3.md §6.6, taxmath.md §3.10). */
export const KSEF_LOCAL_CURRENCY = 'PLN';

/** What is known before the totals engine runs: everything the invoice itself decides. */
interface Prepared {
  rates: (LineRate | undefined)[];
  correction: CorrectionFields | undefined;
  /** The amend reference's total (units): `P_15ZK` of `KOR_ZAL` / `KOR_ROZ`. */
  previous: bigint | undefined;
  advances: SettledAdvances | undefined;
  amendIndex: number | undefined;
}

/**
 * Generates the Ksef tax report of an invoice (issue #5; spec §2.5 rule 4, §2.7 rule 2, §2.7 rule 3, §4.2
 * `POST /invoices/{id}/generate_tax_report`): the content of one FA(3) document, mapped as
 * ksef-fa3.md §6 says, with every amount from the totals engine (`computeTotals`, run with the
 * account's flags) so that the report states what the invoice states. The result has passed the
 * report model, the §2.7 rules (`ksefTaxReportIssues`) and `fa3Issues`, so `buildFa3` can write it.
 *
 * - `RodzajFaktury`: the invoice's KSeF `type_code`, else derived (`ksefTypeCodeOf`).
 * - Lines: `FaWiersz` with the rate code of each line's VAT (`ksefRateCode`); on `ZAL` / `KOR_ZAL` the
 *   lines are the order (`ZamowienieWiersz`) instead.
 * - Buckets (`P_13_x` / `P_14_x` / `P_14_xW`): the totals' groups summed per bucket; on `ZAL` the
 *   advance split, on `KOR_ZAL` the split of the new advance minus the split of the previous one, on
 *   `ROZ` the full groups minus the advances' split, on `KOR_ROZ` the change of that remainder
 *   (ksef-fa3.md §6.8, §6.9; taxmath.md §3.9). A generated `KOR_ZAL` / `KOR_ROZ` cannot know the order
 *   before the correction — the invoice carries only the current one — so it assumes the order
 *   unchanged and writes the lines as unchanged before/after pairs; a correction that changes the
 *   order (a rate change, MF sample 11) needs a report created directly.
 * - Parties: `Podmiot1` from the account, `Podmiot2` from the contact, `Podmiot3` from `third_party`
 *   with role 8 (JST) / 10 (GV) from the flags.
 *
 * Never throws for bad input: what cannot become FA(3) is a 422 issue at the field of the invoice
 * (`lines[2].taxes_attributes[0].category`, `exchange_rate`, `invoice_references[0].total_amount`),
 * the account (`account.tin_value`), the contact (`contact.tin_value`) or `exemption_basis`.
 *
 * @example
 * ```ts
 * const report = generateKsefTaxReport({ invoice, account, contact });
 * if (report.success) buildFa3(report.data, { now: clock.now() });
 * else report.issues[0]; // { code: 'parameter_invalid', param: 'account.tin_value', … }
 * ```
 */
export function generateKsefTaxReport(source: KsefSource): Validated<KsefTaxReportCreate> {
  const { invoice, account } = source;
  const issues = new IssueList();
  const typeCode = issues.take(ksefTypeCodeOf(invoice));
  if (typeCode === undefined) return { success: false, issues: issues.list };
  const currency = invoice.currency ?? account.currency ?? KSEF_LOCAL_CURRENCY;
  if (!isCurrencyCode(currency))
    return fail(
      'taxmath.3.2.currency',
      ['currency'],
      'parameter_inclusion',
      'must be an ISO 4217 currency code',
    );
  // FA(3) amounts (`TKwotowy`) have at most 2 decimals: a 3-decimal currency cannot be written
  // without rounding every amount (ksef-fa3.md §2).
  if (currencyExponent(currency) > 2)
    return fail(
      'fa3.TKwotowy',
      ['currency'],
      'parameter_invalid',
      `is ${currency}, whose amounts have ${currencyExponent(currency)} decimals; FA(3) amounts have at most 2`,
    );

  const supplier = issues.take(supplierParty(account));
  const customer = issues.take(customerParty(source.contact, invoice, typeCode));
  const third = issues.take(thirdParty(invoice));
  const prepared = prepare(source, typeCode, currency, issues);
  if (issues.list.length > 0 || prepared === undefined || supplier === undefined || customer === undefined)
    return { success: false, issues: issues.list };

  const foreign = currency !== KSEF_LOCAL_CURRENCY;
  const advance = ADVANCE_TYPE_CODES.includes(typeCode);
  const totals = invoiceTotals(
    invoiceTotalsInput(invoice, account, {
      currency,
      local_currency: KSEF_LOCAL_CURRENCY,
      type_code: typeCode,
      total_amount_due: advance ? invoice.total : null,
    }),
  );
  if (!totals.success) return totals;

  const context: AmountContext = {
    exponent: currencyExponent(currency),
    localExponent: currencyExponent(KSEF_LOCAL_CURRENCY),
    method: roundingMethodFromAccount(account.rounding_method ?? 'half_up'),
    exchange_rate: foreign && typeof invoice.exchange_rate === 'string' ? invoice.exchange_rate : undefined,
  };
  const amounts = documentAmounts(typeCode, totals.data, prepared, context);
  if (!amounts.success) return amounts;

  const codes = prepared.rates.flatMap((rate) => (rate === undefined ? [] : [rate.code]));
  const lineContext = { rates: prepared.rates, totals: totals.data, exchange_rate: context.exchange_rate };
  const identity = invoice.lines.map((_, index) => index);
  const settlementCorrection = typeCode === 'KOR_ROZ';
  // Document-level allowances and charges (issue #19) follow the invoice's lines as rows of their own
  // (`ksefDocumentLines`); an advance has none (the engine refuses them with total_amount_due).
  const pieces = ksefDocumentLines(totals.data, prepared.rates, invoice.lines.length, context.exchange_rate);
  if (!pieces.success) return pieces;
  const lines = advance ? undefined : [...ksefLines(invoice.lines, lineContext), ...pieces.data.lines];
  const lineSources = [...identity, ...pieces.data.sources];
  const orderLines = advance ? ksefOrderLines(invoice.lines, lineContext) : undefined;
  const pairedLines = lines !== undefined && settlementCorrection ? beforeAfterPairs(lines) : undefined;
  const pairedOrder =
    orderLines !== undefined && typeCode === 'KOR_ZAL' ? beforeAfterPairs(orderLines) : undefined;
  const notes = additionalInfo(invoice, foreign);
  const tax_point_date = invoice.tax_point_date !== invoice.date ? invoice.tax_point_date : null;

  const report: KsefTaxReportCreate = {
    type: 'Ksef',
    invoice_type_code: typeCode,
    invoice_id: invoice.id,
    number: documentNumber(invoice.number, invoice.series_code),
    date: invoice.date,
    currency,
    tax_point_date,
    ...supplier.fields,
    supplier_party_vat_prefix: codes.some((code) => code === '0 WDT' || code === 'np II') ? true : null,
    ...customer,
    ...(third?.fields ?? {}),
    despatch_advice_reference: presentText(invoice.delivery_note_number),
    purchase_order_number: presentText(invoice.ponumber),
    purchase_order_date: invoice.order_date ?? null,
    contract_number: presentText(invoice.contract_number),
    tax_breakdowns: amounts.data.breakdowns,
    total_amount: amounts.data.total,
    reverse_charge: codes.includes('oo') ? true : null,
    exemption_basis: codes.includes('zw') ? presentText(source.exemption_basis) : null,
    ...(prepared.correction ?? {}),
    previous_advance_total: amounts.data.previous,
    prepayment_references: prepared.advances?.references ?? [],
    additional_info: notes.entries,
    lines: pairedLines?.rows ?? lines ?? null,
    order_lines: pairedOrder?.rows ?? orderLines ?? null,
    order_total_amount: advance ? (totals.data.order_totals?.tax_inclusive ?? null) : null,
    exchange_rate: advance ? (context.exchange_rate ?? null) : null,
    due_date: invoice.due_date ?? null,
    ...paymentMethodFields(invoice.payment_method),
    bank_accounts: bankAccounts(invoice.bank_account),
  };

  const params: SourceParamContext = {
    lineSources:
      pairedLines?.sources.map((source) => lineSources[source] ?? source) ??
      (lines === undefined ? [] : lineSources),
    orderLineSources: pairedOrder?.sources ?? (orderLines === undefined ? [] : identity),
    vatTaxIndex: prepared.rates.map((rate) => rate?.taxIndex),
    discountField: invoice.lines.map(
      (line, index) => lineDiscount(line, totals.data.lines[index]?.unit_price ?? line.price)?.field,
    ),
    amendIndex: prepared.amendIndex,
    prepaymentSources: prepared.advances?.sources ?? [],
    routingSlots: supplier.routingSlots,
    additionalInfoSources: notes.sources,
    thirdPartyRoleSource: third?.roleSource ?? 'third_party.role',
  };
  return checked(report, params);
}

/** A failure with one issue. */
function fail<T>(
  rule: string,
  path: readonly PropertyKey[],
  code: ValidationIssue['code'],
  message: string,
): Validated<T> {
  return { success: false, issues: [issueAt(rule, code, path, message)] };
}

/**
 * Everything the invoice decides before the amounts: the rate code of every line, the correction
 * block, the previous total of an advance or settlement correction, the advances a settlement
 * settles, and the inputs FA(3) needs besides (an exemption basis for `zw`, an exchange rate for a
 * foreign-currency VAT).
 */
function prepare(
  source: KsefSource,
  typeCode: KsefTypeCode,
  currency: string,
  issues: IssueList,
): Prepared | undefined {
  const { invoice } = source;
  const exponent = currencyExponent(currency);
  const rates = issues.take(lineRates(invoice.lines));
  const amend = amendReferenceOf(invoice);
  const correction = CORRECTION_TYPE_CODES.includes(typeCode)
    ? issues.take(correctionFields(amend))
    : undefined;
  let previous: bigint | undefined;
  if ((typeCode === 'KOR_ZAL' || typeCode === 'KOR_ROZ') && amend !== undefined)
    previous = issues.take(referenceTotal(amend, currency, exponent));
  const advances = SETTLEMENT_TYPE_CODES.includes(typeCode)
    ? issues.take(settledAdvances(invoice, currency, exponent))
    : undefined;
  if (rates === undefined) return undefined;
  const codes = rates.flatMap((rate) => (rate === undefined ? [] : [rate.code]));
  if (codes.includes('zw') && presentText(source.exemption_basis) === null)
    issues.list.push(
      issueAt(
        'fiscalkit.ksef.exemption-basis',
        'parameter_blank',
        ['exemption_basis'],
        'is required when a line is exempt (zw): FA(3) states the legal basis in Adnotacje/Zwolnienie/P_19A (e.g. the account tax report setting reason_vat_exempt)',
      ),
    );
  // `P_14_xW` and `KursWaluty` need the rate whenever a line is at a percentage rate (art. 106e ust.
  // 11; ksef-fa3.md §6.6). Lines at 0 WDT / 0 EX / zw / np / oo carry none (MF samples 22, 23).
  if (
    currency !== KSEF_LOCAL_CURRENCY &&
    presentText(invoice.exchange_rate) === null &&
    codes.some((code) => NUMERIC_RATES.includes(code))
  )
    issues.list.push(
      issueAt(
        'fiscalkit.ksef.line-exchange-rate',
        'parameter_blank',
        ['exchange_rate'],
        `is required on an invoice in ${currency} with a line at a percentage rate: FA(3) states that VAT in PLN (P_14_xW) and the rate on each line (KursWaluty)`,
      ),
    );
  return {
    rates,
    correction,
    previous,
    advances,
    amendIndex: amend?.index,
  };
}

/** The header amounts of the document. */
interface DocumentAmounts {
  breakdowns: NonNullable<KsefTaxReportCreate['tax_breakdowns']>;
  total: string;
  previous: string | null;
}

/**
 * The buckets and `P_15` of each type (ksef-fa3.md §6.5, §6.6, §6.7, §6.8, §6.9), from the totals engine's
 * groups and advance split; the differences and remainders of corrections and settlements are taken per rate
 * (taxmath.md §3.9), their PLN VAT as the difference of PLN amounts each converted by the engine's
 * rule (`R_L(tax × rate)`, taxmath.md §3.10).
 */
function documentAmounts(
  typeCode: KsefTypeCode,
  totals: TotalsResult,
  prepared: Prepared,
  context: AmountContext,
): Validated<DocumentAmounts> {
  const { exponent, localExponent } = context;
  const foreign = context.exchange_rate !== undefined;
  const codes = groupRateCodes(totals, prepared.rates);
  const overridden = totals.advance_groups !== undefined;
  const groups = ratedGroups(totals, codes, exponent, localExponent, foreign && !overridden);
  const total = toUnits(totals.totals.total, exponent);
  const split = (amount: bigint): Validated<RatedAmount[]> => {
    const shares = splitOverOrder(amount, groups, context);
    return shares === undefined
      ? fail(
          'taxmath.3.9.advance-split',
          ['lines'],
          'parameter_invalid',
          'have a zero gross total, so the advances cannot be split over them per rate',
        )
      : { success: true, data: shares };
  };
  let amounts: RatedAmount[] = groups;
  let payable = total;
  let previous: bigint | undefined;
  switch (typeCode) {
    case 'ZAL':
      amounts = engineAdvance(totals, codes, context);
      break;
    case 'KOR_ZAL': {
      previous = prepared.previous ?? 0n;
      const before = split(previous);
      if (!before.success) return before;
      amounts = subtractRated(engineAdvance(totals, codes, context), before.data);
      payable = total - previous;
      break;
    }
    case 'ROZ':
    case 'KOR_ROZ': {
      const paid = prepared.advances?.total ?? 0n;
      const advances = split(paid);
      if (!advances.success) return advances;
      amounts = subtractRated(groups, advances.data);
      payable = total - paid;
      if (typeCode === 'KOR_ROZ') {
        // The corrected settlement left `previous` to pay, so it settled `total − previous` of
        // advances over the same (assumed unchanged) order: the correction is the change of the
        // remainder per rate (MF samples 17 → 18).
        previous = prepared.previous ?? 0n;
        const before = split(total - previous);
        if (!before.success) return before;
        amounts = subtractRated(amounts, subtractRated(groups, before.data));
        payable -= previous;
      }
      break;
    }
    default:
      break;
  }
  return {
    success: true,
    data: {
      breakdowns: taxBreakdowns(bucketSums(amounts), exponent, localExponent, foreign),
      total: formatUnits(payable, exponent),
      previous: previous === undefined ? null : formatUnits(previous, exponent),
    },
  };
}

/**
 * The generated report through the model, the §2.7 rules and `fa3Issues`, each issue answered at its
 * source field (`sourceParamOf`).
 */
function checked(report: KsefTaxReportCreate, params: SourceParamContext): Validated<KsefTaxReportCreate> {
  return checkedReport(
    report,
    (input) => parseKsefTaxReport(input, 'create'),
    (parsed) => [...ksefTaxReportIssues(parsed), ...fa3Issues(parsed), ...ksefInvoiceContentIssues(parsed)],
    (param) => sourceParamOf(param, params),
  );
}
