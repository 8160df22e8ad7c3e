/**
 * How large a request body each endpoint takes, and what its JSON may hold (issue #24 item 5: a 10 MB
 * array sent to `POST /accounts` took 6.2 s and 372 MB before its 400; four at once made another key's
 * GET wait 18 s). One table, route pattern → limits, documented in docs/http.md "Request bodies":
 *
 * - the bytes: a body declared larger (Content-Length) is refused before it is read, and the stream
 *   of one without Content-Length is cut at the limit — 413 `request_too_large` naming the limit;
 * - the JSON: before any tree is built, one linear pass refuses a body nested deeper than 64 levels,
 *   with more values or a longer string than the endpoint takes (`jsonLimitIssue`) — 400
 *   `invalid_request_params` naming the limit.
 *
 * Each limit comes from the largest legitimate body of the endpoint, with room (measured figures in
 * docs/http.md): the engines and document uploads take up to the server's limit (10 MiB by default);
 * documents with lines (an invoice or order of 10,000 lines, the most the model allows) 8 MiB; every
 * other body — an account, a contact, a web hook, an action — is a few kilobytes, and gets 1 MiB.
 */
// The package's root entry point only (a host rebuilds this binding from the package).
import { type JsonLimits, resolveLegacyPath } from 'fiscalkit/http';
import {
  MAX_INVOICE_ATTACHMENTS,
  MAX_INVOICE_LINES,
  MAX_TAX_REPORTS_PER_BATCH,
  MAX_TIN_VERIFICATION_PAIRS,
} from 'fiscalkit/model';

const KiB = 1024;
const MiB = 1024 * KiB;

/** One row of {@link BODY_LIMITS}. */
export interface BodyLimit {
  /** The endpoints of the row, as docs/http.md names them. */
  readonly endpoints: string;
  /** The method and path (canonical, without query) the row applies to. */
  readonly method: string;
  readonly path: RegExp;
  /**
   * The most bytes of body; `null` for the server's own limit (`max_body_bytes`, 10 MiB by default).
   * A row's limit is never above the server's.
   */
  readonly max_bytes: number | null;
  /** What a JSON body may hold; `max_string_length: null` allows a string as long as the body. */
  readonly json: Omit<JsonLimits, 'max_string_length'> & { readonly max_string_length: number | null };
}

/** A string field of the model is at most a few kilobytes; 64 KiB leaves its own 422 to say so. */
const FIELD_STRING = 64 * KiB;

/** The rows, first match wins; {@link DEFAULT_BODY_LIMIT} for every endpoint not named. */
export const BODY_LIMITS: readonly BodyLimit[] = [
  {
    endpoints: 'POST /accounts/{account}/tax_report_batches',
    method: 'POST',
    path: /^\/accounts\/[^/]+\/tax_report_batches\/?$/,
    max_bytes: null,
    // A record of the bench mix holds 45 values; 200 leaves room for long breakdowns and payments.
    json: { max_values: MAX_TAX_REPORTS_PER_BATCH * 200, max_string_length: FIELD_STRING },
  },
  {
    endpoints: 'POST /tin_verifications',
    method: 'POST',
    path: /^\/tin_verifications\/?$/,
    max_bytes: null,
    // Three values a pair (the object, `tin`, `name`), twice over for a field or two more.
    json: { max_values: MAX_TIN_VERIFICATION_PAIRS * 6, max_string_length: FIELD_STRING },
  },
  {
    endpoints: 'POST /accounts/{account}/tax_reports/import, POST /accounts/{account}/ledgers/import',
    method: 'POST',
    path: /^\/accounts\/[^/]+\/(?:tax_reports|ledgers)\/import\/?$/,
    max_bytes: null,
    // `{"file": <base64>, "filename": …, flags}`: the file is the one long string.
    json: { max_values: 64, max_string_length: null },
  },
  {
    endpoints: 'POST /documents/validate',
    method: 'POST',
    path: /^\/documents\/validate\/?$/,
    max_bytes: null,
    json: { max_values: 64, max_string_length: null },
  },
  {
    endpoints: 'POST /invoices/{id}/add_attachment, POST /invoices/{id}/add_attachments',
    method: 'POST',
    path: /^\/invoices\/[^/]+\/add_attachments?\/?$/,
    max_bytes: null,
    // Each attachment is `{filename, content_type, data}`: base64 data is the long string.
    json: { max_values: MAX_INVOICE_ATTACHMENTS * 8 + 64, max_string_length: null },
  },
  {
    endpoints: 'POST /accounts/{account}/logo',
    method: 'POST',
    path: /^\/accounts\/[^/]+\/logo\/?$/,
    max_bytes: null,
    json: { max_values: 64, max_string_length: null },
  },
  {
    endpoints: 'POST /accounts/{account}/invoices/import',
    method: 'POST',
    path: /^\/accounts\/[^/]+\/invoices\/import\/?$/,
    // An e-invoice document (UBL, CII, Facturae: up to the server's 10 MiB) or the JSON of a create,
    // bounded as POST /accounts/{account}/invoices is (issue #23).
    max_bytes: null,
    json: { max_values: MAX_INVOICE_LINES * 30 + 500_000, max_string_length: FIELD_STRING },
  },
  {
    endpoints:
      'POST /accounts/{account}/invoices, PUT and PATCH /invoices/{id}, POST /accounts/{account}/orders, POST /accounts/{account}/despatch_advices, POST /accounts/{account}/tax_reports, PATCH /tax_reports/{id}',
    method: '*',
    path: /^(?:\/accounts\/[^/]+\/(?:invoices|orders|despatch_advices|tax_reports)|\/invoices\/[^/]+|\/tax_reports\/[^/]+)\/?$/,
    // 10,000 lines (MAX_INVOICE_LINES) with 200-character descriptions, two taxes, a discount and a
    // classification each are 4.9 MB; the same lines as most clients send them, 1.2 MB.
    max_bytes: 8 * MiB,
    // 30 values a line; a KSeF report may add 50,000 corrected invoices of a few values each.
    json: { max_values: MAX_INVOICE_LINES * 30 + 500_000, max_string_length: FIELD_STRING },
  },
];

/**
 * Every other body: an account, a contact, a bank account, a transport, a web hook, an action
 * (`mark_as`, `generate_tax_report`). The largest account or contact the model allows, every field at
 * its longest, is under 16 KB; 1 MiB leaves room for what the model does not bound (routing codes).
 */
export const DEFAULT_BODY_LIMIT: BodyLimit = {
  endpoints: 'every other endpoint',
  method: '*',
  path: /^/,
  max_bytes: 1 * MiB,
  json: { max_values: 10_000, max_string_length: FIELD_STRING },
};

/** The limits one request is held to: its row, with the bytes as a number within the server's. */
export interface RequestBodyLimit {
  readonly endpoints: string;
  readonly max_bytes: number;
  readonly json: JsonLimits;
}

function rowOf(method: string, pathname: string): BodyLimit | undefined {
  return BODY_LIMITS.find((row) => (row.method === '*' || row.method === method) && row.path.test(pathname));
}

/**
 * The limits of a request to `method pathname`, within the server's own `server_max` bytes. A legacy
 * path (v2025-01-01, `/projects/{account}/…`) is looked up as the canonical path it maps to: the
 * version is not known yet when the body starts arriving, and the mapping is the same for every
 * version that has the endpoint.
 *
 * @example
 * ```ts
 * bodyLimitFor('POST', '/accounts', 10 * 1024 * 1024).max_bytes; // 1048576
 * bodyLimitFor('POST', '/accounts/1/tax_report_batches', 10 * 1024 * 1024).max_bytes; // 10485760
 * ```
 */
export function bodyLimitFor(method: string, pathname: string, server_max: number): RequestBodyLimit {
  const verb = method.toUpperCase();
  let row = rowOf(verb, pathname);
  if (row === undefined) {
    const legacy = resolveLegacyPath(verb, pathname);
    if (legacy.ok && legacy.path !== pathname) row = rowOf(verb, legacy.path);
  }
  const { endpoints, max_bytes, json } = row ?? DEFAULT_BODY_LIMIT;
  const bytes = Math.min(max_bytes ?? server_max, server_max);
  return {
    endpoints,
    max_bytes: bytes,
    json: {
      ...(json.max_depth === undefined ? {} : { max_depth: json.max_depth }),
      max_values: json.max_values,
      max_string_length: json.max_string_length ?? bytes,
    },
  };
}
