import type { ResourceKind } from '../versions/resourceKind.js';
import type { JsonSchema } from './jsonSchema.js';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };
const nullableBoolean: JsonSchema = { type: ['boolean', 'null'] };

/** A flat discount or charge field of older versions (issue #19, `changes/moneyModel.ts`). */
function flatDecimal(description: string): JsonSchema {
  return { type: ['number', 'null'], format: 'decimal', description };
}

/** Shown where the entries can be shown as flat fields, else null (`changes/moneyModel.ts`). */
const SHOWN =
  ' Null when the allowances and charges cannot be shown as flat fields (the totals still carry them).';

/**
 * The schemas of response fields that only older versions return and that are not a plain rename of
 * a newer field, by kind and field path (`src/versions/changes/*.ts` name them in `removed`). A
 * renamed field needs no entry: it takes the schema of the field it became (`responseSchema`).
 * Values are what the downgrades write: a removed field the canonical model does not keep
 * (`payment_method_info`, `old_channel`, …) is always null; the flat amendment fields are the amend
 * reference's values (spec §2.4 rule 2, §2.6).
 *
 * @example
 * ```ts
 * LEGACY_FIELD_SCHEMAS.contact?.taxcode; // { type: ['string', 'null'], description: … }
 * ```
 */
export const LEGACY_FIELD_SCHEMAS: Readonly<
  Partial<Record<ResourceKind, Readonly<Record<string, JsonSchema>>>>
> = {
  account: {
    prefer_xslt_pdf: { type: 'boolean', description: 'Always false: fiscalkit renders no XSLT PDFs.' },
  },
  contact: {
    taxcode: {
      ...nullableString,
      description: 'The tax identifier as `scheme:value` (`9920:ESB12345678`), or the value alone.',
    },
    channel: { ...nullableString, description: 'The transport type code (GET /transport_types).' },
    transport_type: { ...nullableString, description: 'The transport type code (GET /transport_types).' },
    old_channel: { type: 'null' },
    sepa_type: { type: 'null' },
  },
  invoice: {
    'client.taxcode': {
      ...nullableString,
      description: 'The contact tax identifier as `scheme:value`, or the value alone.',
    },
    project: {
      anyOf: [
        { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        { type: 'null' },
      ],
      description: 'The account the invoice belongs to.',
    },
    'project.id': { type: 'integer', minimum: 1 },
    customer_party_identification: { type: 'null' },
    payment_method_info: { type: 'null' },
    'lines[].discount_percent': flatDecimal(`The line allowance as a percentage.${SHOWN}`),
    'lines[].discount_amount': flatDecimal(
      `The line allowance as an amount (a magnitude that follows the sign of the line).${SHOWN}`,
    ),
    'lines[].discount_text': { ...nullableString, description: `The reason of the line allowance.${SHOWN}` },
    'lines[].charge_amount': flatDecimal(`The line charge as an amount.${SHOWN}`),
    'lines[].charge_percent': flatDecimal(`The line charge as a percentage.${SHOWN}`),
    'lines[].charge_reason': { ...nullableString, description: `The reason of the line charge.${SHOWN}` },
    discount_percent: flatDecimal(
      `The invoice allowance as a percentage, spread over the VAT rates.${SHOWN}`,
    ),
    discount_amount: flatDecimal(`The invoice allowance as an amount, spread over the VAT rates.${SHOWN}`),
    discount_text: { ...nullableString, description: `The reason of the invoice allowance.${SHOWN}` },
    charge_amount: flatDecimal(`The invoice charge as an amount.${SHOWN}`),
    charge_percent: flatDecimal(`The invoice charge as a percentage.${SHOWN}`),
    charge_reason: { ...nullableString, description: `The reason of the invoice charge.${SHOWN}` },
    apply_taxes_to_charge: {
      ...nullableBoolean,
      description: `Whether the invoice charge is taxed.${SHOWN}`,
    },
    charge_is_reimbursable_expense: {
      ...nullableBoolean,
      description: `Whether the invoice charge is a reimbursable expense (suplido).${SHOWN}`,
    },
    amended_number: nullableString,
    amended_date: nullableDate,
    amended_invoicing_period_start: nullableDate,
    amended_invoicing_period_end: nullableDate,
    amend_reason: nullableString,
    amend_code_tax: nullableString,
    correction_method: nullableString,
  },
  transport: {
    standard_documents: {
      type: 'array',
      items: {
        type: 'string',
        enum: ['invoice', 'credit_note', 'self_billing', 'order', 'application_response'],
      },
      description: 'The document flags that are on.',
    },
    pending_peppol_directory_publish: {
      type: 'boolean',
      description: 'Whether peppol_directory_status is processing.',
    },
  },
};
