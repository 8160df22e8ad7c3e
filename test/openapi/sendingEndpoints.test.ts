/**
 * The issue #23 endpoints in the OpenAPI documents: sending (validate, send_invoice, import,
 * deliveries), the sandbox Peppol outbox, tax report settings, submission, and the new fields (the
 * tax report's `authority`, the webhook attempt's `duration_ms`, the invoice state `issued`). Each
 * endpoint is in the documents of exactly the versions whose routes serve it (the routes of
 * examples/http/routes: sending, outbox and settings in every version, at the legacy paths in
 * v2025-01-01; submission where the tax report and ledger endpoints are, from v2025-10-13).
 */
import { describe, expect, it } from 'vitest';
import { INVOICE_STATES } from '../../src/codelists/invoiceStates.js';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { versionHasEndpoint } from '../../src/versions/protocol.js';
import { LEGACY_API_VERSION } from '../../src/versions/resolveVersion.js';

// biome-ignore lint/suspicious/noExplicitAny: the documents are arbitrary JSON
type Json = any;

const documents = new Map<ApiVersion, Json>(
  API_VERSIONS.map((version) => [version, openApiDocument(version)]),
);
const documentOf = (version: ApiVersion): Json => documents.get(version);
const schemaOf = (version: ApiVersion, name: string): Json => documentOf(version).components.schemas[name];
/** The path as `version` writes it: `/projects/{account}/…` for `/accounts/{account}/…` in the legacy one. */
const at = (version: ApiVersion, path: string): string =>
  version === LEGACY_API_VERSION ? path.replace(/^\/accounts\/\{account\}/, '/projects/{account}') : path;
const operationOf = (version: ApiVersion, path: string, method: string): Json =>
  documentOf(version).paths[at(version, path)]?.[method];
const bodyOf = (operation: Json, status: string): Json =>
  operation.responses[status].content['application/json'].schema;
const statusesOf = (operation: Json): string[] => Object.keys(operation.responses);

/** The operations served in every version (their routes check no version). */
const EVERY_VERSION: readonly [string, string, string][] = [
  ['get', '/invoices/{id}/validate', 'validateInvoiceForSending'],
  ['post', '/invoices/send_invoice/{id}', 'sendInvoice'],
  ['post', '/accounts/{account}/invoices/import', 'importInvoice'],
  ['get', '/invoices/{id}/deliveries', 'listInvoiceDeliveries'],
  ['get', '/accounts/{account}/peppol_outbox', 'listPeppolOutbox'],
  ['get', '/peppol_outbox/{id}', 'getPeppolOutboxEntry'],
  ['get', '/peppol_outbox/{id}/document', 'downloadPeppolOutboxDocument'],
  ['get', '/accounts/{account}/tax_report_settings', 'listTaxReportSettings'],
  ['post', '/accounts/{account}/tax_report_settings', 'createTaxReportSetting'],
  ['get', '/accounts/{account}/tax_report_settings/{code}', 'getTaxReportSetting'],
  ['put', '/accounts/{account}/tax_report_settings/{code}', 'updateTaxReportSetting'],
  ['delete', '/accounts/{account}/tax_report_settings/{code}', 'deleteTaxReportSetting'],
];

describe('which versions have the issue #23 endpoints', () => {
  it.each(API_VERSIONS)('%s: sending, the outbox and the settings, at the version’s own paths', (version) => {
    for (const [method, path, id] of EVERY_VERSION)
      expect(operationOf(version, path, method)?.operationId, `${version} ${method} ${path}`).toBe(id);
    if (version === LEGACY_API_VERSION)
      expect(Object.keys(documentOf(version).paths).filter((path) => path.startsWith('/accounts'))).toEqual(
        [],
      );
  });

  it('POST /tax_reports/{id}/submit and /ledgers/{id}/submit where the tax report and ledger endpoints are (not in the legacy version)', () => {
    for (const version of API_VERSIONS) {
      const paths = Object.keys(documentOf(version).paths);
      expect(paths.includes('/tax_reports/{id}/submit'), version).toBe(
        versionHasEndpoint(version, 'tax_reports.show'),
      );
      expect(paths.includes('/ledgers/{id}/submit'), version).toBe(
        versionHasEndpoint(version, 'ledgers.show'),
      );
      expect(
        paths.some((path) => path.endsWith('/submit')),
        version,
      ).toBe(version !== LEGACY_API_VERSION);
    }
  });
});

describe('sending', () => {
  it('GET /invoices/{id}/validate answers {valid, errors, warnings, transport_type_code, document_type_code}', () => {
    const operation = operationOf(LATEST_API_VERSION, '/invoices/{id}/validate', 'get');
    expect(statusesOf(operation)).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(bodyOf(operation, '200')).toEqual({ $ref: '#/components/schemas/InvoiceSendValidation' });
    const validation = schemaOf(LATEST_API_VERSION, 'InvoiceSendValidation');
    expect(validation.required).toEqual([
      'valid',
      'errors',
      'warnings',
      'transport_type_code',
      'document_type_code',
    ]);
    expect(validation.additionalProperties).toBe(false);
    const finding = validation.properties.errors.items;
    expect(finding.required).toEqual(['code', 'rule', 'param', 'message']);
    expect(finding.properties.param.type).toEqual(['string', 'null']);
    expect(finding.properties.code.enum).toEqual(expect.arrayContaining(['conflict', 'parameter_invalid']));
    expect(validation.properties.warnings.items).toEqual(finding);
    expect(validation.properties.document_type_code.type).toEqual(['string', 'null']);
  });

  it.each(API_VERSIONS)(
    'POST /invoices/send_invoice/{id} in %s: Idempotency-Key header, 200 {invoice, tax_report_ids}, 409 and 422',
    (version) => {
      const operation = operationOf(version, '/invoices/send_invoice/{id}', 'post');
      expect(operation.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header', schema: expect.any(Object) }),
      );
      expect(
        operation.parameters.find((parameter: Json) => parameter.name === 'Idempotency-Key').required,
      ).toBe(undefined);
      expect(operation.requestBody).toBeUndefined();
      // 200 with the body in every version, the legacy one too (the route always answers it).
      expect(statusesOf(operation)).toEqual(['200', '400', '401', '403', '404', '409', '422', '429', '503']);
      const answer = bodyOf(operation, '200');
      expect(answer.required).toEqual(['invoice', 'tax_report_ids']);
      expect(answer.properties.invoice).toEqual({ $ref: '#/components/schemas/Invoice' });
      expect(answer.properties.tax_report_ids).toMatchObject({ type: 'array', items: { type: 'integer' } });
    },
  );

  it('POST …/invoices/import: JSON {invoice, send_after_import}, XML or a multipart file; 201 with a body, 200 in v2025-10-13', () => {
    const statuses = Object.fromEntries(
      API_VERSIONS.map((version) => [
        version,
        statusesOf(operationOf(version, '/accounts/{account}/invoices/import', 'post'))[0],
      ]),
    );
    expect(statuses).toEqual({
      '2025-01-01': '201',
      '2025-10-13': '200',
      '2026-03-02': '201',
      '2026-04-20': '201',
      '2026-06-26': '201',
    });
    const operation = operationOf(LATEST_API_VERSION, '/accounts/{account}/invoices/import', 'post');
    expect(Object.keys(operation.requestBody.content)).toEqual([
      'application/json',
      'application/xml',
      'text/xml',
      'application/octet-stream',
      'multipart/form-data',
    ]);
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'send_after_import', in: 'query' }),
    );
    const json = schemaOf(LATEST_API_VERSION, 'InvoiceImport');
    expect(json.required).toEqual(['invoice']);
    expect(json.properties.invoice).toEqual({ $ref: '#/components/schemas/InvoiceCreate' });
    expect(json.properties).toHaveProperty('send_after_import');
    expect(schemaOf(LATEST_API_VERSION, 'InvoiceImportForm').required).toEqual(['file']);
    const answer = bodyOf(operation, '201');
    expect(answer.required).toEqual(['invoice', 'tax_report_ids']);
    expect(answer.properties.send_error.required).toEqual(['code', 'message', 'param', 'rule']);
    // The legacy import answers a body too, with the legacy invoice shape.
    const legacy = bodyOf(
      operationOf(LEGACY_API_VERSION, '/accounts/{account}/invoices/import', 'post'),
      '201',
    );
    expect(legacy.properties.invoice).toEqual({ $ref: '#/components/schemas/Invoice' });
    expect(schemaOf(LEGACY_API_VERSION, 'Invoice').properties).toHaveProperty('client');
  });

  it.each(API_VERSIONS)('POST …/invoices in %s takes send_after_import beside invoice', (version) => {
    const body = operationOf(version, '/accounts/{account}/invoices', 'post').requestBody.content[
      'application/json'
    ].schema;
    expect(body.required).toEqual(['invoice']);
    expect(Object.keys(body.properties)).toEqual(['invoice', 'send_after_import']);
    expect(body.properties.send_after_import.type).toEqual(['boolean', 'string']);
  });

  it('GET /invoices/{id}/deliveries answers {deliveries: [...]} with every attempt and its duration_ms', () => {
    const operation = operationOf(LATEST_API_VERSION, '/invoices/{id}/deliveries', 'get');
    expect(bodyOf(operation, '200')).toEqual({
      type: 'object',
      properties: {
        deliveries: { type: 'array', items: { $ref: '#/components/schemas/InvoiceDelivery' } },
      },
      required: ['deliveries'],
    });
    const delivery = schemaOf(LATEST_API_VERSION, 'InvoiceDelivery');
    expect(delivery.properties.status.enum).toEqual(['pending', 'delivered', 'failed', 'skipped']);
    expect(delivery.properties).not.toHaveProperty('answer');
    expect(delivery.properties.attempts.items.required).toEqual(['attempted_at', 'error', 'duration_ms']);
  });
});

describe('the sandbox Peppol outbox', () => {
  it.each(API_VERSIONS)(
    '%s: a page with meta (ListMeta, also in the legacy version), entries without content',
    (version) => {
      const list = bodyOf(operationOf(version, '/accounts/{account}/peppol_outbox', 'get'), '200');
      expect(list.required).toEqual(['peppol_outbox', 'meta']);
      expect(list.properties.meta).toEqual({ $ref: '#/components/schemas/ListMeta' });
      expect(schemaOf(version, 'ListMeta').required).toEqual(['total_count', 'offset', 'limit', 'total']);
      const entry = schemaOf(version, 'PeppolOutboxEntry');
      expect(entry.properties).not.toHaveProperty('content');
      expect(entry.required).toEqual(expect.arrayContaining(['sha256', 'size', 'receiver_id', 'media_type']));
      expect(bodyOf(operationOf(version, '/peppol_outbox/{id}', 'get'), '200').required).toEqual([
        'peppol_outbox_entry',
      ]);
      const document = operationOf(version, '/peppol_outbox/{id}/document', 'get').responses['200'];
      expect(Object.keys(document.content)).toEqual(['application/xml']);
      expect(document.headers).toHaveProperty('Content-Disposition');
    },
  );
});

describe('tax report settings', () => {
  it('lists with the page beside the list and in meta, as the PHP client and spec §2.1 read it', () => {
    for (const version of API_VERSIONS) {
      const list = bodyOf(operationOf(version, '/accounts/{account}/tax_report_settings', 'get'), '200');
      expect(list.required, version).toEqual([
        'tax_report_settings',
        'total_count',
        'offset',
        'limit',
        'meta',
      ]);
      expect(list.properties.tax_report_settings.items).toEqual({
        $ref: '#/components/schemas/TaxReportSetting',
      });
    }
  });

  it('creates with 201 and a body (200 in v2025-10-13), wrapped in tax_report_setting both ways', () => {
    for (const version of API_VERSIONS) {
      const operation = operationOf(version, '/accounts/{account}/tax_report_settings', 'post');
      expect(statusesOf(operation)[0], version).toBe(version === '2025-10-13' ? '200' : '201');
      expect(operation.requestBody.content['application/json'].schema).toEqual({
        type: 'object',
        properties: { tax_report_setting: { $ref: '#/components/schemas/TaxReportSettingCreate' } },
        required: ['tax_report_setting'],
      });
    }
    const create = schemaOf(LATEST_API_VERSION, 'TaxReportSettingCreate');
    expect(create.required).toEqual(expect.arrayContaining(['code', 'start_date']));
    expect(schemaOf(LATEST_API_VERSION, 'TaxReportSettingUpdate').required ?? []).toEqual([]);
    expect(schemaOf(LATEST_API_VERSION, 'TaxReportSetting').properties.code.enum).toEqual(['sii', 'ksef']);
  });

  it('names {code} as the setting’s tax authority there, and as the transport code on transports', () => {
    const code = (path: string, method: string) =>
      operationOf(LATEST_API_VERSION, path, method).parameters.find(
        (parameter: Json) => parameter.name === 'code',
      );
    for (const method of ['get', 'put', 'delete']) {
      const parameter = code('/accounts/{account}/tax_report_settings/{code}', method);
      expect(parameter, method).toMatchObject({ in: 'path', required: true });
      expect(parameter.description).toContain('`sii` or `ksef`');
    }
    expect(code('/accounts/{account}/transports/{code}', 'delete').description).toContain('transport');
    // A code outside the table is a missing setting (404) on the path; 422 only where a body is read.
    const statuses = (method: string) =>
      statusesOf(operationOf(LATEST_API_VERSION, '/accounts/{account}/tax_report_settings/{code}', method));
    expect(statuses('get')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(statuses('put')).toContain('422');
  });
});

describe('submission', () => {
  it('answers 202 with the tax report (or ledger) as it stands; 409 when its state or the server refuses', () => {
    for (const version of API_VERSIONS.filter((version) => version !== LEGACY_API_VERSION)) {
      const report = operationOf(version, '/tax_reports/{id}/submit', 'post');
      expect(statusesOf(report), version).toEqual(['202', '400', '401', '403', '404', '409', '429', '503']);
      expect(bodyOf(report, '202')).toEqual({
        type: 'object',
        properties: { tax_report: { $ref: '#/components/schemas/TaxReport' } },
        required: ['tax_report'],
      });
      const ledger = operationOf(version, '/ledgers/{id}/submit', 'post');
      expect(bodyOf(ledger, '202').properties.ledger).toEqual({ $ref: '#/components/schemas/Ledger' });
    }
  });
});

describe('the new fields', () => {
  it.each(API_VERSIONS.filter((version) => version !== LEGACY_API_VERSION))(
    '%s: the tax report’s read-only authority object, nullable, described, on both report types',
    (version) => {
      for (const type of ['SiiDocumentTaxReport', 'KsefTaxReport']) {
        const authority = schemaOf(version, type).properties.authority;
        expect(authority.description, `${version} ${type}`).toContain('What the tax authority answered');
        const object = authority.anyOf.find((branch: Json) => branch.type === 'object');
        expect(Object.keys(object.properties)).toEqual([
          'code',
          'description',
          'reference',
          'ksef_number',
          'csv',
          'upo',
          'answered_at',
        ]);
        expect(authority.anyOf).toContainEqual({ type: 'null' });
        // Read-only: never in a request body.
        expect(
          schemaOf(version, `${type.replace('TaxReport', '')}TaxReportCreate`).properties,
        ).not.toHaveProperty('authority');
      }
    },
  );

  it('the webhook delivery attempt’s duration_ms, described, in every version', () => {
    for (const version of API_VERSIONS) {
      const attempt = schemaOf(version, 'WebHookDelivery').properties.attempts.items;
      expect(attempt.required, version).toContain('duration_ms');
      expect(attempt.properties.duration_ms.description).toContain('Milliseconds');
    }
  });

  it('the invoice state describes every state of GET /invoice_states, issued among them', () => {
    const state = schemaOf(LATEST_API_VERSION, 'Invoice').properties.state;
    expect(INVOICE_STATES.map(({ code }) => code)).toContain('issued');
    for (const { code } of INVOICE_STATES) expect(state.description).toContain(`\`${code}\``);
    expect(state.description).toContain('`issued`: issued without being sent');
    expect(state).not.toHaveProperty('enum');
  });
});
