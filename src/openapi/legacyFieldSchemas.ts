import type { ResourceKind } from '../versions/resourceKind.js';
import type { JsonSchema } from './jsonSchema.js';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const nullableDate: JsonSchema = { type: ['string', 'null'], format: 'date' };

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
