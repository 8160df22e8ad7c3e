import { referenceParam, splitParam } from '../../generate/params.js';

/**
 * Where each part of a generated report came from, so that an issue found on the report (by the
 * model, the §2.7 rules or `fa3Issues`) is answered at the field of the invoice, account or contact
 * the client can change (issue #5: "map any remaining issue to the source param").
 */
export interface SourceParamContext {
  /** `lines[k]` of the report → the index of the invoice line it was made from. */
  lineSources: readonly number[];
  /** `order_lines[k]` of the report → the index of the invoice line. */
  orderLineSources: readonly number[];
  /** Per invoice line, the index of its VAT tax in `taxes_attributes`. */
  vatTaxIndex: readonly (number | undefined)[];
  /** Per invoice line, the discount field `P_10` came from (under the line). */
  discountField: readonly (string | undefined)[];
  /** The index of the amend reference in `invoice_references`. */
  amendIndex: number | undefined;
  /** `prepayment_references[k]` → the index of the prepayment reference in `invoice_references`. */
  prepaymentSources: readonly number[];
  /** The routing-code slot (1–5) of `supplier_party_krs`, `_regon`, `_bdo`. */
  routingSlots: Readonly<Record<string, number>>;
  /** `additional_info[k]` → the invoice field its value came from. */
  additionalInfoSources: readonly string[];
  /** Where `third_party_role` came from: a flag or `third_party.role`. */
  thirdPartyRoleSource: string;
}

/** Report fields that come from one source field each. */
const FIELDS: Readonly<Record<string, string>> = {
  invoice_id: 'id',
  number: 'number',
  date: 'date',
  currency: 'currency',
  tax_point_date: 'tax_point_date',
  exchange_rate: 'exchange_rate',
  due_date: 'due_date',
  payment_method: 'payment_method',
  payment_method_description: 'payment_method',
  bank_accounts: 'bank_account',
  'bank_accounts[0].account_number': 'bank_account.iban',
  'bank_accounts[0].bic': 'bank_account.bic',
  'bank_accounts[0].bank_name': 'bank_account.bank_name',
  contract_number: 'contract_number',
  purchase_order_number: 'ponumber',
  purchase_order_date: 'order_date',
  despatch_advice_reference: 'delivery_note_number',
  exemption_basis: 'exemption_basis',
  lines: 'lines',
  order_lines: 'lines',
  tax_breakdowns: 'lines',
  order_total_amount: 'lines',
  total_amount: 'total',
  prepayment_references: 'invoice_references',
  supplier_party_tax_id: 'account.tin_value',
  supplier_party_name: 'account.name',
  supplier_party_address: 'account.address',
  supplier_party_postalcode: 'account.postalcode',
  supplier_party_city: 'account.city',
  supplier_party_country: 'account.country',
  supplier_contact_email: 'account.email',
  supplier_contact_phone: 'account.phone',
  supplier_party_vat_prefix: 'lines',
  customer_party_id_type: 'contact.tin_value',
  customer_party_tax_id: 'contact.tin_value',
  customer_party_name: 'contact.name',
  customer_party_address: 'contact.address',
  customer_party_postalcode: 'contact.postalcode',
  customer_party_city: 'contact.city',
  customer_party_country: 'contact.country',
  customer_party_email: 'contact.email',
  customer_party_phone: 'contact.phone',
  customer_party_number: 'buyer_reference',
  customer_party_jst: 'apply_to_local_government_unit',
  customer_party_gv: 'apply_to_vat_group_member',
  third_party_tax_id: 'third_party.tin_value',
  third_party_tax_scheme: 'third_party.tin_value',
  third_party_id: 'third_party.cin_value',
  third_party_scheme: 'third_party.cin_value',
  third_party_name: 'third_party.name',
  third_party_address: 'third_party.address',
  third_party_postalcode: 'third_party.postalcode',
  third_party_city: 'third_party.city',
  third_party_country: 'third_party.country',
};

/** Line fields whose invoice field has another name (the rest keep their name). */
const LINE_FIELDS: Readonly<Record<string, string>> = {
  gtin: 'classification_code',
  pkwiu: 'classification_code',
  cn: 'classification_code',
  pkob: 'classification_code',
  item_code: 'classification_code',
  gtu: 'classification_code',
};

/** Fields of the corrected invoice → fields of the amend reference. */
const REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  date: 'date',
  number: 'number',
  registration_code: 'tax_registration_code',
};

/** The invoice line param of a report line (or order line) param. */
function lineParam(line: number | undefined, rest: string | undefined, context: SourceParamContext): string {
  if (line === undefined) return 'lines';
  // A document-level allowance or charge written as a row (`ksefDocumentLines`): −1 − its entry.
  if (line < 0) return `allowance_charges_attributes[${-1 - line}]`;
  const base = `lines[${line}]`;
  if (rest === undefined) return base;
  const field = rest.split('.')[0] ?? rest;
  if (field === 'tax_category' || field === 'tax_amount') {
    const tax = context.vatTaxIndex[line];
    return tax === undefined ? `${base}.taxes_attributes` : `${base}.taxes_attributes[${tax}].category`;
  }
  if (field === 'exchange_rate') return 'exchange_rate';
  if (field === 'discount') return `${base}.${context.discountField[line] ?? 'discount_percent'}`;
  if (field === 'net_amount' || field === 'line_number' || field === 'before_correction') return base;
  return `${base}.${LINE_FIELDS[field] ?? field}`;
}

/**
 * The param of the invoice, account (`account.<field>`) or contact (`contact.<field>`) a param of a
 * generated Ksef report stands for; the report's own param when nothing maps (a field only the
 * generator decides, such as a bucket).
 *
 * @example
 * ```ts
 * sourceParamOf('supplier_party_krs', context); // 'account.routing_codes.cin2_value' (slot 2 holds scheme 8037)
 * sourceParamOf('lines[3].tax_category', context); // 'lines[1].taxes_attributes[0].category' (a before/after pair)
 * ```
 */
export function sourceParamOf(param: string, context: SourceParamContext): string {
  const direct = FIELDS[param];
  if (direct !== undefined) return direct;
  const slot = context.routingSlots[param];
  if (slot !== undefined) return `account.routing_codes.cin${slot}_value`;
  if (param === 'third_party_role') return context.thirdPartyRoleSource;
  const amend = referenceParam(context.amendIndex);
  if (param === 'correction_reason') return `${amend}.reason`;
  if (param === 'correction_type') return `${amend}.tax_correction_code`;
  if (param === 'corrected_period') return `${amend}.invoicing_period_start`;
  if (param === 'previous_advance_total') return `${amend}.total_amount`;
  const parts = splitParam(param);
  if (parts === null) return param;
  const { name, index, rest } = parts;
  switch (name) {
    case 'lines':
      return lineParam(index === undefined ? undefined : context.lineSources[index], rest, context);
    case 'order_lines':
      return lineParam(index === undefined ? undefined : context.orderLineSources[index], rest, context);
    case 'corrected_invoices': {
      const field = rest === undefined ? undefined : REFERENCE_FIELDS[rest];
      return field === undefined ? amend : `${amend}.${field}`;
    }
    case 'prepayment_references': {
      const source = index === undefined ? undefined : context.prepaymentSources[index];
      if (source === undefined) return 'invoice_references';
      const field = rest === undefined ? undefined : REFERENCE_FIELDS[rest];
      return field === undefined ? `invoice_references[${source}]` : `invoice_references[${source}].${field}`;
    }
    case 'additional_info': {
      const source = index === undefined ? undefined : context.additionalInfoSources[index];
      return source ?? param;
    }
    case 'bank_accounts':
      return 'bank_account';
    case 'tax_breakdowns':
      return 'lines';
    default:
      return FIELDS[name] ?? param;
  }
}
