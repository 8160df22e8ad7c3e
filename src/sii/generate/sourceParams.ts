import { referenceParam, splitParam } from '../../generate/params.js';
import type { SiiLinePlan } from './breakdown.js';
import { TAX_REPORT_SETTING } from './typeCode.js';

/**
 * Where each part of a generated SII report came from, so that an issue found on the report (by the
 * model, `siiTaxReportIssues` or `siiRecordIssues`) is answered at the field of the invoice
 * (unprefixed), the account (`account.<field>`, its tax report settings
 * `account.tax_report_setting.<field>`) or the contact (`contact.<field>`) the client can change.
 */
export interface SiiParamContext {
  /** Report fields whose source depends on the invoice (`invoice_type_code`, `period`, `description`, …). */
  fields: Readonly<Record<string, string>>;
  /** `tax_breakdowns[k]` → the first invoice line of the row. */
  rowLines: readonly number[];
  /** Per invoice line, what the generator decided for it (undefined for a line without VAT). */
  plans: readonly (SiiLinePlan | undefined)[];
  /** Per invoice line, where its operation type came from (`operation_types[i]` or `lines[i]`). */
  operationSources: readonly string[];
  /** The index of the amend reference in `invoice_references`. */
  amendIndex: number | undefined;
}

/** Report fields that always come from the same source field. */
const FIELDS: Readonly<Record<string, string>> = {
  invoice_id: 'id',
  book_type: 'type',
  communication_type: 'type',
  invoice_number: 'number',
  invoice_date: 'date',
  tax_inclusive_amount: 'lines',
  deductible_tax_amount: 'lines',
  tax_breakdowns: 'lines',
  titular: 'account',
  'titular.name': 'account.name',
  'titular.nif': 'account.tin_value',
  'titular.representative_nif': 'account.tin_value',
};

/** The invoice param of a `tax_breakdowns[k].<field>` param. */
function breakdownParam(
  row: number | undefined,
  field: string | undefined,
  context: SiiParamContext,
): string {
  const line = row === undefined ? undefined : context.rowLines[row];
  // A row made of a document-level allowance or charge alone (`siiBreakdown`): −1 − its entry.
  if (line !== undefined && line < 0) return `allowance_charges_attributes[${-1 - line}]`;
  const plan = line === undefined ? undefined : context.plans[line];
  if (line === undefined || plan === undefined) return 'lines';
  const vat = `lines[${line}].taxes_attributes[${plan.vatTax}]`;
  const { cls } = plan;
  switch (field) {
    case 'percent':
      return `${vat}.percent`;
    case 'category':
    case 'non_exemption_code':
    case 'reverse_charge':
      return `${vat}.category`;
    case 'reason_vat_exempt':
    case 'reason_no_subject':
      return cls.kind !== 'subject' && cls.fromSetting
        ? `${TAX_REPORT_SETTING.join('.')}.${field}`
        : `${vat}.category`;
    case 'surcharge_percent':
    case 'surcharge_amount':
      return plan.surchargeTax === undefined ? vat : `lines[${line}].taxes_attributes[${plan.surchargeTax}]`;
    case 'operation_type':
      return context.operationSources[line] ?? `lines[${line}]`;
    default:
      return `lines[${line}]`;
  }
}

/**
 * The param of the invoice, account (`account.<field>`) or contact (`contact.<field>`) a param of a
 * generated SII report stands for; the report's own param when nothing maps.
 *
 * @example
 * ```ts
 * siiSourceParamOf('customer_party_tax_id', context); // 'contact.tin_value'
 * siiSourceParamOf('tax_breakdowns[1].surcharge_percent', context); // 'lines[3].taxes_attributes[1]'
 * siiSourceParamOf('titular.nif', context); // 'account.tin_value'
 * ```
 */
export function siiSourceParamOf(param: string, context: SiiParamContext): string {
  const known = context.fields[param] ?? FIELDS[param];
  if (known !== undefined) return known;
  const parts = splitParam(param);
  if (parts === null) return param;
  const { name, index, rest } = parts;
  const amend = referenceParam(context.amendIndex);
  switch (name) {
    case 'tax_breakdowns':
      return breakdownParam(index, rest, context);
    case 'corrected_invoices':
      return rest === 'number' || rest === 'date' ? `${amend}.${rest}` : amend;
    case 'titular':
      return 'account';
    default:
      return context.fields[name] ?? FIELDS[name] ?? param;
  }
}
