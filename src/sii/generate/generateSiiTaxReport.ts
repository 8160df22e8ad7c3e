import type { Validated } from '../../errors/validationIssue.js';
import { checkedReport, IssueList, referenceParam } from '../../generate/params.js';
import { documentNumber } from '../../generate/references.js';
import { invoiceTotals, invoiceTotalsInput } from '../../generate/totalsInput.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import type {
  SII_EXEMPTION_REASONS,
  SII_INVOICE_TYPE_CODES,
  SII_NO_SUBJECT_REASONS,
  SII_SPECIAL_REGIME_KEYS,
} from '../../model/siiCodes.js';
import { parseSiiTaxReport, type SiiTaxReportCreate } from '../../model/siiTaxReport.js';
import { currencyExponent } from '../../money/currencies.js';
import { roundingMethodFromAccount } from '../../money/roundingMethod.js';
import { issueAt } from '../../rules/issue.js';
import { siiRecordIssues } from '../recordIssues.js';
import { type SiiLinePlan, siiBreakdown, siiPiecePlans } from './breakdown.js';
import { type SiiLineClass, type SiiOperationType, siiLineClass, siiLineTaxes } from './classify.js';
import { type SiiCounterparty, siiCounterparty, siiTitular, truncated } from './parties.js';
import { type SiiParamContext, siiSourceParamOf } from './sourceParams.js';
import { type SiiInvoiceBook, type SiiInvoiceType, siiInvoiceType, TAX_REPORT_SETTING } from './typeCode.js';

/** The currency of every SII amount (sii.md §6: "amounts are in EUR; there is no currency element"). */
export const SII_LOCAL_CURRENCY = 'EUR';

/** `DescripcionOperacion` holds at most 500 characters (sii.md §3, §6). */
const DESCRIPTION_LENGTH = 500;

/** The description OCA sends when there is nothing to describe (sii.md §12 samples: "/"). */
const NO_DESCRIPTION = '/';

/**
 * The account's tax report settings that an SII report defaults from (sii.md §10 `tax_report_setting`;
 * api-notes.md §9): the regime key, the exemption and not-subject reasons, the corrective type.
 */
export interface SiiDefaults {
  /** `ClaveRegimenEspecialOTrascendencia` (sii.md §4.3); `01` when absent. */
  special_regime_key?: (typeof SII_SPECIAL_REGIME_KEYS)[number] | null | undefined;
  /** `CausaExencion` of an exempt (`E`) line (sii.md §4.5); `E1` when absent. */
  reason_vat_exempt?: (typeof SII_EXEMPTION_REASONS)[number] | null | undefined;
  /** Not-subject reason of an `O` / `NS` line (sii.md §10); `N1` when absent. */
  reason_no_subject?: (typeof SII_NO_SUBJECT_REASONS)[number] | null | undefined;
  /** `TipoFactura` of a corrective invoice (sii.md §4.1); `R1` when absent. */
  credit_note_code?: (typeof SII_INVOICE_TYPE_CODES)[number] | null | undefined;
}

/**
 * What an SII tax report is generated from (spec §4.2 `POST /invoices/{id}/generate_tax_report`,
 * issue #6): the stored invoice, the account whose books it goes to (the titular, and the rounding
 * flags its totals were computed with), the invoice's contact (the customer of an issued invoice,
 * the supplier of a received one; null for an anonymous ticket), and what the invoice does not carry:
 *
 * - `period`: `PeriodoLiquidacion` (sii.md §3); by default the month of the invoice date (of the
 *   accounting date for a received invoice, as OCA derives it, sii.md §3);
 * - `accounting_date`: `FechaRegContable` of a received invoice (sii.md §3); the invoice date by
 *   default (AEAT needs it on or after the issue date);
 * - `operation_types`: per invoice line, `goods` or `services` (**fiscalkit proposal**: the invoice
 *   model has no such hint; OCA reads it from its goods / services taxes). Read only when the record
 *   must be split by operation type (sii.md §5); a line without a hint is `goods`;
 * - `defaults`: the account's tax report settings (sii.md §10).
 */
export interface SiiSource {
  invoice: Invoice;
  account: Account;
  contact: Contact | null;
  period?: { year: number; period: string } | null | undefined;
  accounting_date?: string | null | undefined;
  operation_types?: readonly (SiiOperationType | null | undefined)[] | null | undefined;
  defaults?: SiiDefaults | null | undefined;
}

/** A report before the model has read it (every field may still be wrong). */
type SiiReportDraft = { [K in keyof SiiTaxReportCreate]?: unknown } & { type: 'SiiDocument' };

/** The contact fields each counterparty field of the report comes from. */
const PARTY_FIELDS = {
  name: 'name',
  tax_id: 'tin_value',
  tax_scheme: 'tin_value',
  country: 'country',
} as const;

/** The record's counterparty fields: `customer_party_*` for `Expedida`, `supplier_party_*` for `Recibida`. */
function partyFields(
  book: SiiInvoiceBook,
  party: SiiCounterparty | null,
  fields: Record<string, string>,
): Partial<SiiReportDraft> {
  const prefix = book === 'Expedida' ? 'customer_party' : 'supplier_party';
  const out: Record<string, unknown> = {};
  for (const [field, source] of Object.entries(PARTY_FIELDS)) {
    const name = `${prefix}_${field}`;
    out[name] = party === null ? null : party[field as keyof typeof PARTY_FIELDS];
    fields[name] = party === null ? 'contact' : `contact.${source}`;
  }
  return out;
}

/**
 * `DescripcionOperacion` (required, ≤ 500 characters, sii.md §3): the invoice's `notes`; else its
 * lines' descriptions, each once, joined with " - " (as OCA's automatic description joins line
 * names); else "/" (OCA's default). Cut to 500 characters.
 */
function description(invoice: Invoice): { text: string; source: string } {
  const notes = presentText(invoice.notes);
  if (notes !== null) return { text: truncated(notes, DESCRIPTION_LENGTH), source: 'notes' };
  const lines = [...new Set(invoice.lines.flatMap((line) => presentText(line.description) ?? []))];
  if (lines.length === 0) return { text: NO_DESCRIPTION, source: 'notes' };
  return { text: truncated(lines.join(' - '), DESCRIPTION_LENGTH), source: 'lines' };
}

/** `PeriodoLiquidacion` from a date: its year and month (`2026-03-15` → 2026, `03`). */
function periodOf(date: string): { year: number; period: string } {
  return { year: Number.parseInt(date.slice(0, 4), 10), period: date.slice(5, 7) };
}

/**
 * The regime key and any additional key (sii.md §4.3): the account's `special_regime_key` setting
 * (default `01`); an export (`G`) makes an issued invoice `02`, an intra-EU acquisition makes a
 * received one `09` (AEAT FAQ on the received book). When the setting is another key, that key stays
 * first and the derived one becomes `ClaveRegimenEspecialOTrascendenciaAdicional1`.
 */
function regimeKeys(
  setting: string | null,
  derived: string | undefined,
  fields: Record<string, string>,
): { special_regime_key: string; additional_special_regime_keys: string[] } {
  const settingParam = `${TAX_REPORT_SETTING.join('.')}.special_regime_key`;
  const base = setting ?? '01';
  fields.special_regime_key = setting === null ? 'type' : settingParam;
  fields.additional_special_regime_keys = 'lines';
  if (derived === undefined || derived === base)
    return { special_regime_key: base, additional_special_regime_keys: [] };
  if (base === '01') {
    fields.special_regime_key = 'lines';
    return { special_regime_key: derived, additional_special_regime_keys: [] };
  }
  return { special_regime_key: base, additional_special_regime_keys: [derived] };
}

/**
 * Generates the SII tax report of an invoice (issue #6; spec §4.2 `POST /invoices/{id}/generate_tax_report`):
 * one record of the issued (`Expedida`) or received (`Recibida`) book, mapped as sii.md §10 proposes,
 * with every amount from the totals engine (`computeTotals`, run with the account's flags) so that
 * the report states what the invoice states, in euros. The result has passed the report model and
 * the per-record SII rules with the account as titular (`siiRecordIssues`, which runs the business
 * rules `siiTaxReportIssues` and the XSD and AEAT checks of sii.md §6, §8), so the SII builder
 * (`buildSiiMessage`) can write it.
 *
 * - Book: `siiBookOf` (`IssuedInvoice`, `IssuedSimplifiedInvoice` → `Expedida`; `ReceivedInvoice`,
 *   `IssuedSelfInvoice` → `Recibida`); `communication_type` `A0` (a new record, sii.md §3).
 * - `TipoFactura`: `F1`, `F2` for a simplified invoice, `R1`–`R5` with `corrective_type` `I` and the
 *   amend reference as `corrected_invoices` for a correction (`siiInvoiceType`, sii.md §4.1, §4.2).
 * - Breakdown: `siiBreakdown` over `siiLineClass` (one row per VAT group, recargo inside its row,
 *   IRPF out, sii.md §4.6, §9); `ImporteTotal` = net + VAT + recargo (sii.md §9.4: OCA's purchase
 *   with IRPF → 352.00, sale with recargo → 363.80); `CuotaDeducible` of a received invoice = Σ cuota
 *   of `S1` / `S2` rows.
 * - Operation type (`DesgloseTipoOperacion`, sii.md §5): only on issued invoices whose counterparty is
 *   identified by `IDOtro` or by a NIF starting with `N`, or with an intra-EU (`K`) or export (`G`)
 *   line; each row then says `goods` or `services` (`SiiSource.operation_types`, default `goods`, so
 *   a recargo row is never put under services, which the XSD forbids, sii.md §4.6).
 * - Parties: the counterparty from the contact (`siiCounterparty`: `9920` NIF, `02` EU VAT, `04` other,
 *   `06` `NO_DISPONIBLE`), left out of `F2` / `R5` (AEAT forbids `Contraparte` there, sii.md §8); the
 *   titular is the account (`siiTitular`; on the message, not the report).
 * - `period_year` / `period`, `invoice_number` (number with its series, ≤ 60), `invoice_date`,
 *   `description` (notes or line descriptions, ≤ 500, "/"), `special_regime_key` (setting, `01`; `02`
 *   for an export, `09` for an intra-EU acquisition), `accounting_date` (received).
 *
 * Never throws for bad input: what cannot become an SII record is a 422 issue at the field of the
 * invoice (`lines[2].taxes_attributes[0].category`, `exchange_rate`, `number`), the account
 * (`account.tin_value`, `account.tax_report_setting.credit_note_code`) or the contact
 * (`contact.tin_value`).
 *
 * @example
 * ```ts
 * const report = generateSiiTaxReport({ invoice, account, contact });
 * if (report.success) report.data.tax_inclusive_amount; // '363.80'
 * else report.issues[0]; // { code: 'parameter_blank', param: 'account.tin_value', … }
 * ```
 */
export function generateSiiTaxReport(source: SiiSource): Validated<SiiTaxReportCreate> {
  const { invoice, account } = source;
  const defaults = source.defaults ?? {};
  const issues = new IssueList();
  const titular = issues.take(siiTitular(account));
  const type = issues.take(siiInvoiceType(invoice, defaults.credit_note_code));
  const currency = invoice.currency ?? account.currency ?? SII_LOCAL_CURRENCY;
  if (currency !== SII_LOCAL_CURRENCY && presentText(invoice.exchange_rate) === null)
    issues.list.push(
      issueAt(
        'sii.6.eur-amounts',
        'parameter_blank',
        ['exchange_rate'],
        `is required on an invoice in ${currency}: SII amounts are in euros (sii.md §6), converted per tax group at the invoice's rate (taxmath.md §3.10)`,
      ),
    );
  if (type === undefined) return { success: false, issues: issues.list };

  const { book } = type;
  const lineTaxes = invoice.lines.map(siiLineTaxes);
  // Each line's VAT category as the report writes it (`S` when the tax names none).
  const categories = invoice.lines.map((line, index) => {
    const vat = lineTaxes[index]?.vat;
    const tax = vat === undefined ? undefined : line.taxes_attributes[vat];
    return presentText(tax?.category)?.toUpperCase() ?? 'S';
  });
  const exportSale = book === 'Expedida' && categories.includes('G');
  const party = issues.take(siiCounterparty(source.contact, invoice, exportSale));
  const withParty =
    book === 'Recibida' || (type.invoice_type_code !== 'F2' && type.invoice_type_code !== 'R5');
  const counterparty = withParty ? (party ?? null) : null;
  // sii.md §5 (OCA `_is_sii_type_breakdown_required`): IDOtro, a NIF starting with N, intra-EU, export.
  const byOperation =
    book === 'Expedida' &&
    (categories.includes('K') ||
      exportSale ||
      (counterparty !== null &&
        (counterparty.tax_scheme !== '9920' || (counterparty.tax_id?.startsWith('N') ?? false))));

  const operationSources: string[] = [];
  const plans = invoice.lines.map((line, index): SiiLinePlan | undefined => {
    const { vat, surcharge } = lineTaxes[index] ?? { vat: undefined, surcharge: undefined };
    const tax = vat === undefined ? undefined : line.taxes_attributes[vat];
    if (vat === undefined || tax === undefined) return undefined;
    const hint = source.operation_types?.[index] ?? null;
    operationSources[index] = hint === null ? `lines[${index}]` : `operation_types[${index}]`;
    const operation = byOperation ? (hint ?? 'goods') : undefined;
    const cls = issues.take(
      siiLineClass(
        tax,
        operation,
        {
          book,
          eu: party?.eu ?? false,
          reason_vat_exempt: defaults.reason_vat_exempt,
          reason_no_subject: defaults.reason_no_subject,
        },
        ['lines', index, 'taxes_attributes', vat],
      ),
    );
    if (cls === undefined) return undefined;
    return { vatTax: vat, surchargeTax: surcharge, category: categories[index] ?? 'S', cls, operation };
  });
  if (issues.list.length > 0 || titular === undefined) return { success: false, issues: issues.list };

  const totals = invoiceTotals(
    invoiceTotalsInput(invoice, account, { currency, local_currency: SII_LOCAL_CURRENCY }),
  );
  if (!totals.success) return totals;
  // Document-level allowances and charges (issue #19) join the rows of their VAT groups; one whose
  // group no line has gets a row of its own, its tax classified like a line's (docs/sii.md).
  const piecePlans = siiPiecePlans(totals.data, plans, (tax, at) =>
    siiLineClass(
      tax,
      undefined,
      {
        book,
        eu: party?.eu ?? false,
        reason_vat_exempt: defaults.reason_vat_exempt,
        reason_no_subject: defaults.reason_no_subject,
      },
      at,
    ),
  );
  if (!piecePlans.success) return piecePlans;
  const breakdown = siiBreakdown(
    plans,
    totals.data,
    {
      exponent: currencyExponent(currency),
      method: roundingMethodFromAccount(account.rounding_method ?? 'half_up'),
    },
    piecePlans.data,
  );

  const fields: Record<string, string> = {};
  const report = assemble(source, type, counterparty, breakdown, plans, fields);
  const params: SiiParamContext = {
    fields,
    rowLines: breakdown.rowLines,
    plans,
    operationSources,
    amendIndex: type.amendIndex,
  };
  return checkedReport(
    report,
    (input) => parseSiiTaxReport(input, 'create'),
    (parsed) => siiRecordIssues(parsed, titular),
    (param) => siiSourceParamOf(param, params),
  );
}

/** The report's fields, with the source param of each field that depends on the invoice in `fields`. */
function assemble(
  source: SiiSource,
  type: SiiInvoiceType,
  counterparty: SiiCounterparty | null,
  breakdown: ReturnType<typeof siiBreakdown>,
  plans: readonly (SiiLinePlan | undefined)[],
  fields: Record<string, string>,
): SiiReportDraft {
  const { invoice } = source;
  const { book } = type;
  const received = book === 'Recibida';
  const givenAccounting = presentText(source.accounting_date);
  const accountingDate = givenAccounting ?? invoice.date;
  fields.accounting_date = givenAccounting === null ? 'date' : 'accounting_date';
  const period = source.period ?? periodOf(received ? accountingDate : invoice.date);
  const periodSource = received ? fields.accounting_date : 'date';
  fields.period_year = source.period ? 'period.year' : periodSource;
  fields.period = source.period ? 'period.period' : periodSource;
  fields.invoice_type_code = type.typeSource;
  fields.corrective_type = type.amendIndex === undefined ? 'is_credit_note' : referenceParam(type.amendIndex);
  const text = description(invoice);
  fields.description = text.source;

  const classes = plans.flatMap((plan): SiiLineClass[] => (plan === undefined ? [] : [plan.cls]));
  const intraEu = received && classes.some((cls) => cls.kind === 'subject' && cls.intra_eu_acquisition);
  const exportSale = !received && plans.some((plan) => plan?.category === 'G');
  const keys = regimeKeys(
    presentText(source.defaults?.special_regime_key),
    exportSale ? '02' : intraEu ? '09' : undefined,
    fields,
  );
  return {
    type: 'SiiDocument',
    invoice_id: invoice.id,
    book_type: book,
    communication_type: 'A0',
    period_year: period.year,
    period: period.period,
    invoice_number: documentNumber(invoice.number, invoice.series_code),
    invoice_date: invoice.date,
    invoice_type_code: type.invoice_type_code,
    ...keys,
    description: text.text,
    tax_inclusive_amount: breakdown.tax_inclusive_amount,
    ...partyFields(book, counterparty, fields),
    corrective_type: type.corrective_type,
    corrected_invoices: type.corrected_invoices,
    tax_breakdowns: breakdown.rows,
    ...(received
      ? { accounting_date: accountingDate, deductible_tax_amount: breakdown.deductible_tax_amount }
      : {}),
  };
}
