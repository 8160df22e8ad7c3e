/**
 * The routes of tax reports and ledgers (spec §4.2; from v2025-10-13, 404 `resource_missing` in the
 * legacy version, spec §9):
 *
 * - POST /accounts/{account}/tax_reports (`{tax_report: …}`), GET /accounts/{account}/tax_reports
 *   (list; filters `invoice_id` (api-notes.md §9), `state`, `type`);
 * - POST /accounts/{account}/tax_reports/import: the XML as the body (`Content-Type: application/xml`
 *   or `text/xml`, flags `customer_party_jst` / `customer_party_gv` as query parameters), or JSON
 *   `{file: <base64>, filename?, customer_party_jst?, customer_party_gv?}`;
 * - GET, PATCH (`{tax_report: …}`), DELETE /tax_reports/{id}; GET /tax_reports/{id}/download (the
 *   tax authority XML as an attachment);
 * - POST /invoices/{id}/generate_tax_report (optional body `{tax_report: {type}}` or `{type}`);
 * - GET /ledgers/{id}, /ledgers/{id}/download, /ledgers/{id}/download_response;
 * - POST /accounts/{account}/ledgers/import (an SII message, as XML or JSON `{file: <base64>}`);
 * - legacy only: GET /tax_reports/{id}/as/{document_type_code} (`/api/v1/…` in v2025-01-01), the
 *   `download` file under the code of `taxReportDocumentTypeCode`.
 */
import { ApiError, type LedgerImportInput, type TaxReportImportInput } from 'fiscalkit';
import { taxReportDocumentTypeCode } from 'fiscalkit/http';
import type { Router } from '../state.js';
import {
  isObject,
  pageQuery,
  pathId,
  type RouteContext,
  readBytes,
  readJson,
  refuseUnknownParams,
  requireEndpoint,
  resourceBody,
  send,
  sendList,
} from '../wire.js';

/** The media types an XML body may be sent with (RFC 7303). */
function isXmlType(type: string): boolean {
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** Strict base64 (RFC 4648 §4, white space allowed between groups) → bytes; 400 at `file` otherwise. */
function base64Bytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0)
    throw new ApiError('invalid_request_params', 'file must be the document encoded in base64', {
      param: 'file',
    });
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A boolean query flag: `true`/`1`, `false`/`0`, absent; anything else 400 at the flag. */
function queryFlag(c: RouteContext, name: string): boolean | undefined {
  const value = c.req.query(name);
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ApiError('invalid_request_params', `${name} must be true or false`, { param: name });
}

/** A boolean JSON field (absent and null: not given); anything else 400 at the field. */
function jsonFlag(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  throw new ApiError('invalid_request_params', `${name} must be a boolean`, { param: name });
}

/**
 * An uploaded document as the import use cases take it: the XML body as it is, or the JSON body's
 * base64 `file`. An empty document is 422 `parameter_blank` at `file`; another media type 400.
 */
async function uploadedDocument(c: RouteContext): Promise<TaxReportImportInput> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const blank = () =>
    new ApiError('parameter_blank', 'file is required: send the XML document', { param: 'file' });
  if (isXmlType(type)) {
    const file = await readBytes(c);
    if (file.byteLength === 0) throw blank();
    return {
      file,
      customer_party_jst: queryFlag(c, 'customer_party_jst'),
      customer_party_gv: queryFlag(c, 'customer_party_gv'),
    };
  }
  if (isJsonType(type)) {
    const body = await readJson(c);
    if (!isObject(body))
      throw new ApiError('invalid_request_params', 'the body must be a JSON object {"file": <base64>}', {
        param: null,
      });
    if (body.file === undefined || body.file === null || body.file === '') throw blank();
    if (typeof body.file !== 'string')
      throw new ApiError('invalid_request_params', 'file must be a base64 string', { param: 'file' });
    const filename = body.filename;
    if (filename !== undefined && filename !== null && typeof filename !== 'string')
      throw new ApiError('invalid_request_params', 'filename must be a string', { param: 'filename' });
    const file = base64Bytes(body.file);
    if (file.byteLength === 0) throw blank();
    return {
      file,
      filename: filename ?? null,
      customer_party_jst: jsonFlag(body, 'customer_party_jst') ?? queryFlag(c, 'customer_party_jst'),
      customer_party_gv: jsonFlag(body, 'customer_party_gv') ?? queryFlag(c, 'customer_party_gv'),
    };
  }
  throw new ApiError(
    'invalid_request_params',
    `the import takes the XML document as the body (Content-Type application/xml or text/xml) or JSON {"file": <base64>}, not ${
      type === '' ? 'a body without Content-Type' : type
    }`,
    { param: null },
  );
}

/** An optional JSON body: none (or white space only) is `undefined`. */
async function optionalJson(c: RouteContext): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? undefined : readJson(c);
}

/** A file answer: the document as an attachment named `filename`. */
function sendFile(c: RouteContext, body: string, filename: string, contentType: string): Response {
  return c.body(body, 200, {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${filename.replace(/["\\\r\n]/g, '_')}"`,
  });
}

const XML = 'application/xml; charset=utf-8';

/**
 * Registers the routes of tax reports and ledgers (spec §4.2).
 *
 * @example
 * ```ts
 * const router = new Hono<RouterEnv>();
 * taxReportRoutes(router);
 * ```
 */
export function taxReportRoutes(router: Router): void {
  router.post('/accounts/:account/tax_reports/import', async (c) => {
    requireEndpoint(c, 'tax_reports.import');
    const account = pathId(c, 'account', 'account');
    const input = await uploadedDocument(c);
    const report = await c.env.fiscalkit.taxReports.import(c.env.caller, account, input);
    return send(c, 'tax_report', report, 'created');
  });

  router.post('/accounts/:account/tax_reports', async (c) => {
    requireEndpoint(c, 'tax_reports.create');
    const account = pathId(c, 'account', 'account');
    const body = await resourceBody(c, 'tax_report', 'tax_report', 'create');
    const report = await c.env.fiscalkit.taxReports.create(c.env.caller, account, body);
    return send(c, 'tax_report', report, 'created');
  });

  // The list is not in spec §4.2; api-notes.md §9 documents it with its `invoice_id` filter. It
  // exists wherever the tax report endpoints do.
  router.get('/accounts/:account/tax_reports', async (c) => {
    requireEndpoint(c, 'tax_reports.index');
    const account = pathId(c, 'account', 'account');
    const page = pageQuery(c);
    // Its filters are these three (issue #19): any other parameter is refused, not ignored.
    refuseUnknownParams(c, ['invoice_id', 'state', 'type']);
    const found = await c.env.fiscalkit.taxReports.list(c.env.caller, account, page, {
      invoice_id: c.req.query('invoice_id'),
      state: c.req.query('state'),
      type: c.req.query('type'),
    });
    return sendList(c, 'tax_report', found.items, {
      total_count: found.total_count,
      offset: page.offset,
      limit: page.limit,
    });
  });

  router.get('/tax_reports/:id', async (c) => {
    requireEndpoint(c, 'tax_reports.show');
    const id = pathId(c, 'id', 'tax report');
    return send(c, 'tax_report', await c.env.fiscalkit.taxReports.get(c.env.caller, id));
  });

  router.patch('/tax_reports/:id', async (c) => {
    requireEndpoint(c, 'tax_reports.update');
    const id = pathId(c, 'id', 'tax report');
    const { taxReports } = c.env.fiscalkit;
    // The stored report, for the version upgrade of the body (a field an older version cannot send
    // keeps its stored value).
    const stored = await taxReports.get(c.env.caller, id);
    const body = await resourceBody(c, 'tax_report', 'tax_report', 'update', stored);
    return send(c, 'tax_report', await taxReports.update(c.env.caller, id, body), 'write');
  });

  router.delete('/tax_reports/:id', async (c) => {
    requireEndpoint(c, 'tax_reports.delete');
    const id = pathId(c, 'id', 'tax report');
    return send(c, 'tax_report', await c.env.fiscalkit.taxReports.annul(c.env.caller, id), 'write');
  });

  router.get('/tax_reports/:id/download', async (c) => {
    requireEndpoint(c, 'tax_reports.download');
    const id = pathId(c, 'id', 'tax report');
    const file = await c.env.fiscalkit.taxReports.download(c.env.caller, id);
    return sendFile(c, file.body, file.filename, file.content_type);
  });

  // Legacy only (spec §9: removed in v2025-10-13, whose 404 says so): the report's tax authority
  // document, the file `download` answers, under the one code that names it
  // (`taxReportDocumentTypeCode`); another code is 422, never the XML under a false name.
  router.get('/tax_reports/:id/as/:document_type_code', async (c) => {
    requireEndpoint(c, 'legacy.tax_report_as_document_type');
    const id = pathId(c, 'id', 'tax report');
    const asked = c.req.param('document_type_code').trim().toLowerCase();
    const { type } = await c.env.fiscalkit.taxReports.get(c.env.caller, id);
    const code = taxReportDocumentTypeCode(type);
    if (asked !== code)
      throw new ApiError(
        'parameter_inclusion',
        `document_type_code ${JSON.stringify(asked)} is not a rendering of this ${type} tax report: its only document is ${code}`,
        { param: 'document_type_code' },
      );
    const file = await c.env.fiscalkit.taxReports.download(c.env.caller, id);
    return sendFile(c, file.body, file.filename, file.content_type);
  });

  router.post('/invoices/:id/generate_tax_report', async (c) => {
    requireEndpoint(c, 'invoices.generate_tax_report');
    const id = pathId(c, 'id', 'invoice');
    const body = await optionalJson(c);
    const report = await c.env.fiscalkit.taxReports.generate(c.env.caller, id, body);
    return send(c, 'tax_report', report, 'created');
  });

  // GET /ledgers/{id} is not in spec §4.2's table; the ledger service reads it (fiscalkit's). It
  // exists wherever the ledger endpoints do.
  router.get('/ledgers/:id', async (c) => {
    requireEndpoint(c, 'ledgers.show');
    const id = pathId(c, 'id', 'ledger');
    return send(c, 'ledger', await c.env.fiscalkit.taxReports.getLedger(c.env.caller, id));
  });

  router.get('/ledgers/:id/download', async (c) => {
    requireEndpoint(c, 'ledgers.download');
    const id = pathId(c, 'id', 'ledger');
    const xml = await c.env.fiscalkit.taxReports.downloadLedger(c.env.caller, id);
    return sendFile(c, xml, `SII_ledger_${String(id)}.xml`, XML);
  });

  router.get('/ledgers/:id/download_response', async (c) => {
    requireEndpoint(c, 'ledgers.download_response');
    const id = pathId(c, 'id', 'ledger');
    const xml = await c.env.fiscalkit.taxReports.downloadLedgerResponse(c.env.caller, id);
    return sendFile(c, xml, `SII_ledger_${String(id)}_response.xml`, XML);
  });

  router.post('/accounts/:account/ledgers/import', async (c) => {
    requireEndpoint(c, 'ledgers.import');
    const account = pathId(c, 'account', 'account');
    const { file, filename }: LedgerImportInput = await uploadedDocument(c);
    const ledger = await c.env.fiscalkit.taxReports.importLedger(c.env.caller, account, { file, filename });
    return send(c, 'ledger', ledger, 'created');
  });
}
