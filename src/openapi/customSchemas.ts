import { MARK_AS_STATES } from '../codelists/invoiceStates.js';
import { DOCUMENT_FORMATS } from '../documents/detectFormat.js';
import { RULE_SETS } from '../einvoice/ruleSets.js';
import { ERROR_CATALOG } from '../errors/catalog.js';
import { INVOICE_DELIVERY_STATUSES } from '../model/invoiceDelivery.js';
import { MarkAsRequestSchema } from '../model/invoiceMarkAs.js';
import { OrderMarkAsSchema } from '../model/order.js';
import { PeppolOutboxEntrySchema } from '../model/peppolOutboxEntry.js';
import { RequestLogSchema } from '../model/requestLog.js';
import { SandboxMailSchema } from '../model/sandboxMail.js';
import { TaxReportBatchAcceptedSchema } from '../model/taxReportBatch.js';
import {
  TaxReportSettingCreateSchema,
  TaxReportSettingSchema,
  TaxReportSettingUpdateSchema,
} from '../model/taxReportSetting.js';
import { TinVerificationBodySchema } from '../model/tinVerification.js';
import type { CustomSchemaName } from './endpoints.js';
import { type JsonSchema, jsonSchemaOf } from './jsonSchema.js';

/**
 * What a custom schema may refer to: the version's own request schemas.
 *
 * @example
 * ```ts
 * customSchema('TaxReportBatchRequest', { taxReportCreateRef: (type) => ({ $ref: `#/components/schemas/${type}TaxReportCreate` }), invoiceCreateRef: () => ({ $ref: '#/components/schemas/InvoiceCreate' }) });
 * ```
 */
export interface CustomSchemaContext {
  /** A `$ref` to the schema of one alternative of the tax report create body (`SiiDocument`, `Ksef`). */
  taxReportCreateRef(type: 'SiiDocument' | 'Ksef'): JsonSchema;
  /** A `$ref` to the version's create body of the invoice (`InvoiceCreate`). */
  invoiceCreateRef(): JsonSchema;
}

/** A file part of a multipart form (OpenAPI 3.1: a string whose content is the bytes). */
const FILE_PART: JsonSchema = { type: 'string', contentMediaType: 'application/octet-stream' };

/** One error or warning of a document validation (`DocumentError`). */
const DOCUMENT_FINDING: JsonSchema = {
  type: 'object',
  properties: {
    rule: {
      type: 'string',
      description:
        "The stable id of the rule that found it (`fa3.TNrKRS`, `xml.doctype`, `sii.xsd`; an e-invoice rule set's own: `BR-CO-15`, `PEPPOL-EN16931-R001`, `BR-DE-1`, `en16931.ubl.xsd`).",
    },
    path: { type: 'string', description: "Where: an element path or an XPath ('' for the whole document)." },
    line: { type: ['integer', 'null'] },
    message: { type: 'string' },
    severity: { type: 'string', enum: ['fatal', 'warning'] },
  },
  required: ['rule', 'path', 'line', 'message', 'severity'],
  additionalProperties: false,
};

/**
 * One reason an invoice cannot be sent, or a remark that does not stop it (`SendValidationError`,
 * src/service/invoiceSending/sendValidation.ts): the error of the send, with its rule id.
 */
const SEND_FINDING: JsonSchema = {
  type: 'object',
  properties: {
    code: {
      type: 'string',
      enum: Object.keys(ERROR_CATALOG),
      description:
        'The error code POST /invoices/send_invoice/{id} would answer with (spec §7.2): `conflict` for the state or a received invoice, `parameter_*` otherwise.',
    },
    rule: {
      type: 'string',
      description:
        "The stable id of the rule (docs/rule-ids.md): fiscalkit's (`fiscalkit.send.state`), the invoice rules', or an official rule set's (`BR-CO-15`, `PEPPOL-EN16931-R001`).",
    },
    param: {
      type: ['string', 'null'],
      description: 'The invoice field at fault (`contact.tin_value`); null for a finding in the document.',
    },
    message: { type: 'string' },
    location: {
      type: 'string',
      description: 'Where in the document (an XPath), for a finding of an official rule set.',
    },
  },
  required: ['code', 'rule', 'param', 'message'],
  additionalProperties: false,
};

/** Bytes written in base64 inside JSON (RFC 4648). */
const BASE64: JsonSchema = { type: 'string', contentEncoding: 'base64', minLength: 1 };

/** Most files in one add_attachments request (`MAX_ATTACHMENTS_PER_REQUEST`, src/service/invoiceAttachments.ts). */
const MAX_ATTACHMENTS = 100;

const ATTACHMENT: JsonSchema = {
  type: 'object',
  properties: {
    filename: { type: 'string', minLength: 1 },
    content_type: { type: 'string', description: 'The media type (`application/pdf`).' },
    content: { ...BASE64, description: 'The file, in base64.' },
  },
  required: ['filename', 'content'],
};

function entry(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

function invoiceStates(): string {
  return Object.entries(MARK_AS_STATES)
    .map(([type, states]) => `${type}: ${states.join(', ')}`)
    .join('; ');
}

/**
 * The JSON schema of a body that is not a versioned resource: from the zod schema where fiscalkit
 * has one (`MarkAsRequestSchema`, `OrderMarkAsSchema`, `RequestLogSchema`, the batch and TIN bodies),
 * else the shape the binding reads or writes (`examples/http/routes`, `src/service`), which the spec
 * does not show ("not shown", spec §4.8) and each description says so.
 *
 * @example
 * ```ts
 * customSchema('InvoiceMarkAs', context).required; // ['state']
 * ```
 */
export function customSchema(name: CustomSchemaName, context: CustomSchemaContext): JsonSchema {
  switch (name) {
    case 'InvoiceMarkAs': {
      const schema = jsonSchemaOf(MarkAsRequestSchema, 'input');
      const properties = schema.properties as Record<string, JsonSchema>;
      properties.state = {
        ...properties.state,
        description: `The new state (api-notes.md §8.2). Per invoice type: ${invoiceStates()}. A move the invoice state machine forbids is 409 \`conflict\`.`,
      };
      properties.reason = {
        ...properties.reason,
        description: 'Why (kept on the invoice as `state_reason`).',
      };
      properties.commit = { ...properties.commit, description: 'Notify the supplier (received invoices).' };
      return schema;
    }
    case 'OrderMarkAs':
      return jsonSchemaOf(OrderMarkAsSchema, 'input');
    case 'LogoForm':
      return {
        type: 'object',
        description: 'The image in a `file` part (`logo` is read too).',
        properties: { file: FILE_PART, logo: FILE_PART },
      };
    case 'AttachmentForm':
      return {
        type: 'object',
        description: 'The file in a `file` part (`attachment` is read too).',
        properties: { file: FILE_PART, attachment: FILE_PART },
      };
    case 'AttachmentsForm':
      return {
        type: 'object',
        description:
          'The files in `files` parts (`files[]`, `attachments`, `attachments[]`, `file` are read too).',
        properties: { files: { type: 'array', minItems: 1, maxItems: MAX_ATTACHMENTS, items: FILE_PART } },
      };
    case 'AttachmentUpload':
      return { type: 'object', properties: { attachment: ATTACHMENT }, required: ['attachment'] };
    case 'AttachmentUploads':
      return {
        type: 'object',
        properties: {
          attachments: { type: 'array', minItems: 1, maxItems: MAX_ATTACHMENTS, items: ATTACHMENT },
        },
        required: ['attachments'],
      };
    case 'TaxReportImport':
      return {
        type: 'object',
        properties: {
          file: { ...BASE64, description: 'The FA(3) or SII XML document, in base64.' },
          filename: { type: ['string', 'null'] },
          customer_party_jst: {
            type: ['boolean', 'null'],
            description: 'The buyer is a local government unit (spec §2.7).',
          },
          customer_party_gv: {
            type: ['boolean', 'null'],
            description: 'The buyer is a VAT group member (spec §2.7).',
          },
        },
        required: ['file'],
      };
    case 'LedgerImport':
      return {
        type: 'object',
        properties: {
          file: { ...BASE64, description: 'The SII message (`SuministroLR…`), in base64.' },
          filename: { type: ['string', 'null'] },
        },
        required: ['file'],
      };
    case 'GenerateTaxReport':
      return {
        type: 'object',
        description:
          'The report to generate: `type` (default: the account\'s tax authority\'s, `SiiDocument` for a Spanish account and `Ksef` for a Polish one; another country must name it, else 422 `parameter_inclusion` at `type`), and the report fields the invoice does not carry (an SII `book_type`, `period_year` with `period`, …). Also accepted wrapped as `{"tax_report": {...}}`.',
        properties: { type: { type: 'string', enum: ['Ksef', 'SiiDocument'] } },
      };
    case 'TaxReportBatchRequest':
      return {
        type: 'object',
        description:
          'Up to 5,000 SII tax reports. Only the envelope is checked now; each record is built and validated in the background, and a failing record (a non-SII `type`: `unsupported_type`) is reported in the batch status (spec §4.1 rule 1, §4.1 rule 2, §4.1 rule 3).',
        properties: {
          tax_reports: { type: 'array', maxItems: 5000, items: context.taxReportCreateRef('SiiDocument') },
        },
        required: ['tax_reports'],
      };
    case 'TaxReportBatchAccepted':
      return jsonSchemaOf(TaxReportBatchAcceptedSchema, 'output');
    case 'TinVerificationRequest':
      return jsonSchemaOf(TinVerificationBodySchema, 'input');
    case 'DocumentUpload':
      return {
        type: 'object',
        description: 'The document as text (`document`) or in base64 (`file`).',
        properties: { document: { type: 'string', minLength: 1 }, file: BASE64 },
      };
    case 'DocumentForm':
      return {
        type: 'object',
        description: 'The document (XML, or a Factur-X / ZUGFeRD PDF) in a `file` (or `document`) part.',
        properties: { file: FILE_PART, document: FILE_PART },
      };
    case 'DocumentValidation':
      return entry({
        valid: {
          type: 'boolean',
          description:
            'No error found by the checks that ran (for `well_formedness`: well-formed only); false also when the e-invoice is `unsupported`.',
        },
        format: { type: 'string', enum: [...DOCUMENT_FORMATS] },
        document_type: { type: 'string', description: 'The root element.' },
        version: { type: ['string', 'null'] },
        profile: {
          type: ['string', 'null'],
          description: 'UBL `CustomizationID`, CII guideline (Peppol BIS, XRechnung, …).',
        },
        validation_level: {
          type: 'string',
          enum: ['well_formedness', 'schema', 'schema_and_rules', 'rules'],
          description:
            '`rules`: an e-invoice whose rule sets ran but whose XSD could not (no XSD processor, or its files missing).',
        },
        checks: { type: 'string', description: 'What was checked, in plain English.' },
        errors: {
          type: 'array',
          items: DOCUMENT_FINDING,
          description: 'Every fatal finding: the document is not valid.',
        },
        warnings: {
          type: 'array',
          items: DOCUMENT_FINDING,
          description:
            'The findings an e-invoice rule set flags as warnings: the document may still be valid.',
        },
        rule_sets: {
          type: 'array',
          description:
            'The e-invoice rule sets that apply, in the order they ran (issue #21); [] for FA(3) and SII.',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', enum: RULE_SETS.map((set) => set.id) },
              status: { type: 'string', enum: ['applied', 'unavailable'] },
              reason: {
                type: 'string',
                description: 'Why it is unavailable (a missing file, no XSD processor).',
              },
            },
            required: ['id', 'status'],
            additionalProperties: false,
          },
        },
        unsupported: {
          type: ['string', 'null'],
          description:
            'Why the e-invoice cannot be judged valid although no error was found: a specification fiscalkit has no rules for (Peppol PINT, a CIUS it does not know), a rule set unavailable.',
        },
        container: {
          type: 'string',
          enum: ['xml', 'pdf'],
          description: '`pdf`: the CII invoice attached to a Factur-X / ZUGFeRD PDF was judged.',
        },
        unchecked_elements: {
          type: 'array',
          items: { type: 'string' },
          description: 'Elements present but outside what fiscalkit reads, so not judged.',
        },
      });
    case 'Country':
      return entry({ code: { type: 'string', pattern: '^[A-Z]{2}$' }, name: { type: 'string' } });
    case 'Currency':
      return entry({
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        name: { type: 'string' },
        numeric: { type: 'string', pattern: '^[0-9]{3}$' },
        minor_units: { type: 'integer', minimum: 0 },
      });
    case 'Language':
      return entry({
        code: { type: 'string', pattern: '^[a-z]{2}$' },
        name: { type: 'string' },
        native: { type: 'string' },
      });
    case 'Scheme':
      return entry({
        code: { type: 'string', pattern: '^[0-9]{4}$' },
        name: { type: 'string' },
        country: { type: ['string', 'null'] },
        deprecation: {
          type: ['string', 'null'],
          description: 'Why Peppol deprecated or removed it, else null.',
        },
      });
    case 'InvoiceState':
    case 'TransportType':
      return entry({ code: { type: 'string' }, name: { type: 'string' } });
    case 'DocumentType':
      return entry({
        code: { type: 'string' },
        name: { type: 'string' },
        content_type: { type: 'string' },
        fiscalkit_code: {
          type: 'boolean',
          description: "true when the code is fiscalkit's own (the service's code for it is not published).",
        },
      });
    case 'DirectoryParticipant':
      return entry({
        identifier: { type: 'string' },
        scheme: {
          type: ['string', 'null'],
          description: 'Zero-padded (`9920`), null when none was registered.',
        },
        peppol_identifier: {
          type: ['string', 'null'],
          description: '`scheme:value` when published in Peppol.',
        },
        name: { type: 'string' },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        transport_type_code: { type: ['string', 'null'] },
        document_type_code: { type: ['string', 'null'] },
        document_types: {
          type: 'array',
          items: {
            type: 'object',
            properties: { code: { type: 'string' }, name: { type: 'string' } },
            required: ['code'],
          },
        },
      });
    case 'RequestLog':
      return jsonSchemaOf(RequestLogSchema, 'output');
    case 'InvoiceSendValidation':
      return entry({
        valid: { type: 'boolean', description: 'No error: POST /invoices/send_invoice/{id} would send it.' },
        errors: {
          type: 'array',
          items: SEND_FINDING,
          description: 'Every reason the invoice cannot be sent; the send answers the first.',
        },
        warnings: {
          type: 'array',
          items: SEND_FINDING,
          description:
            "Remarks that do not stop the send (an official rule set's warnings, a part not judged).",
        },
        transport_type_code: {
          type: 'string',
          description:
            'The transport the invoice would travel by (GET /transport_types): `peppol`, `email`, `none`, ….',
        },
        document_type_code: {
          type: ['string', 'null'],
          description:
            'The document it would be sent as (GET /document_types; `none` for the transport `none`), null when none can be chosen.',
        },
      });
    case 'InvoiceImport':
      return {
        type: 'object',
        description:
          "The invoice as POST /accounts/{account}/invoices takes it (the official PHP client's `InvoiceService::import`).",
        properties: {
          invoice: context.invoiceCreateRef(),
          send_after_import: {
            type: ['boolean', 'string'],
            description:
              'Send it once imported: `true`, `false`, or the text `true`/`false`/`1`/`0` (another value is 422 `parameter_invalid`); also read from the query.',
          },
        },
        required: ['invoice'],
      };
    case 'InvoiceImportForm':
      return {
        type: 'object',
        description: 'The UBL, CII or Facturae document in a `file` part.',
        properties: {
          file: FILE_PART,
          send_after_import: { type: 'string', enum: ['true', 'false', '1', '0'] },
        },
        required: ['file'],
      };
    case 'InvoiceDelivery':
      return entry({
        id: { type: 'integer', minimum: 1 },
        account_id: { type: 'integer', minimum: 1 },
        invoice_id: { type: 'integer', minimum: 1 },
        transport: {
          type: 'string',
          description:
            'The transport type code it travels by (GET /transport_types): `email`, `peppol`, `none`.',
        },
        document_type: {
          type: 'string',
          description: 'The document type code it is sent as (GET /document_types), or `none`.',
        },
        status: {
          type: 'string',
          enum: [...INVOICE_DELIVERY_STATUSES],
          description:
            '`pending` until the channel answers; `delivered` only when it took the document; `skipped` for the transport `none` (nothing was sent).',
        },
        attempts: {
          type: 'array',
          description: 'Every attempt, oldest first: what really happened (issue #23).',
          items: entry({
            attempted_at: { type: 'string', format: 'date-time' },
            error: { type: ['string', 'null'], description: 'Why it failed; null when it did not.' },
            duration_ms: {
              type: 'integer',
              minimum: 0,
              description: 'Milliseconds the channel took to answer (or fail).',
            },
          }),
        },
        message_id: {
          type: ['string', 'null'],
          description: "The channel's id of the message once delivered (SMTP Message-ID, access point id).",
        },
        detail: { type: ['string', 'null'], description: 'What the other side said, or why it failed.' },
        key: { type: 'string', description: 'The delivery key: the same key is the same delivery.' },
        request_key: {
          type: ['string', 'null'],
          description: 'The `Idempotency-Key` of the send request that made it, if any.',
        },
        tax_report_ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
        created_at: { type: 'string', format: 'date-time' },
        finished_at: {
          type: ['string', 'null'],
          format: 'date-time',
          description: 'When it became delivered or failed; null while pending.',
        },
      });
    case 'PeppolOutboxEntry':
      return jsonSchemaOf(PeppolOutboxEntrySchema.omit({ content: true }), 'output');
    case 'SandboxMail':
      return jsonSchemaOf(SandboxMailSchema.omit({ content: true }), 'output');
    case 'TaxReportSetting':
      return jsonSchemaOf(TaxReportSettingSchema, 'output');
    case 'TaxReportSettingCreate':
      return jsonSchemaOf(TaxReportSettingCreateSchema, 'input');
    case 'TaxReportSettingUpdate':
      return jsonSchemaOf(TaxReportSettingUpdateSchema, 'input');
    case 'OpenApiDocument':
      return {
        type: 'object',
        description: 'An OpenAPI 3.1 document.',
        properties: {
          openapi: { type: 'string', const: '3.1.0' },
          info: { type: 'object' },
          paths: { type: 'object' },
        },
        required: ['openapi', 'info', 'paths'],
      };
  }
}
