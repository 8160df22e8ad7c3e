import type { Operation } from '../model/parse.js';
import { INVOICE_STATE_FLAGS, QUERY_FIELDS, type QueryList } from '../versions/listFilters.js';
import { INVOICE_STATUS_FILTERS, type VersionedEndpoint } from '../versions/protocol.js';
import type { ResourceKind } from '../versions/resourceKind.js';

/*
 * The endpoints of spec §4 as the reference HTTP binding serves them (issue #8), in the canonical
 * (v2025-10-13 and later) paths; the legacy v2025-01-01 paths are derived with `legacyPath`. An
 * endpoint that exists only in some versions names its entry of `VERSIONED_ENDPOINTS`
 * (`src/versions/protocol.ts`), which decides whether a version's document has it.
 *
 * Where the spec shows no payload ("not shown", spec §4.8) the entry says what fiscalkit does and
 * why, next to it.
 */

/**
 * An HTTP method, as OpenAPI writes it.
 *
 * @example
 * ```ts
 * const method: HttpMethod = 'patch';
 * ```
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One media type a body may be sent or answered in.
 *
 * @example
 * ```ts
 * const xml: BodyContent = { media: 'application/xml', schema: 'text' };
 * ```
 */
export interface BodyContent {
  media: string;
  /** A named schema of `customSchema`, or a text document, or raw bytes (no schema). */
  schema: CustomSchemaName | 'text' | 'binary';
}

/**
 * What a request body is.
 *
 * @example
 * ```ts
 * const invoice: RequestBody = { body: 'resource', kind: 'invoice', operation: 'create' };
 * ```
 */
export type RequestBody =
  /**
   * A resource wrapped in its singular name (`{"invoice": {...}}`, spec §4; `client` for a contact of
   * the legacy version), in the version's shape; `beside`: fields read next to the wrapper
   * (`send_after_import` beside `invoice`, issue #23).
   */
  | {
      body: 'resource';
      kind: ResourceKind;
      operation: Operation;
      beside?: Readonly<Record<string, { [keyword: string]: unknown }>>;
    }
  /** A body that is not a versioned resource, wrapped in `name` (`{"tax_report_setting": {...}}`). */
  | { body: 'wrapped'; name: string; schema: CustomSchemaName; description: string }
  /** Any other body: one or more media types; `optional` when the body may be left out. */
  | { body: 'content'; description: string; content: readonly BodyContent[]; optional?: true };

/**
 * What a successful response is.
 *
 * @example
 * ```ts
 * const page: ResponseBody = { answer: 'list', kind: 'invoice' };
 * ```
 */
export type ResponseBody =
  /**
   * A resource: wrapped in its singular name (`bare` for the TIN verification, which spec §4.3
   * shows unwrapped), with the status of `outcome` in the version (201/200/204 for `created`,
   * 200/204 for `write`, api-notes.md §3.2, spec §2.1); `status` forces one (202 for asynchronous
   * endpoints).
   */
  | {
      answer: 'resource';
      kind: ResourceKind;
      outcome: 'created' | 'write' | 'read';
      bare?: true;
      status?: ForcedStatus;
      /** Fields written beside the wrapped resource (`tax_report_ids` beside `invoice`, issue #23). */
      beside?: BesideFields;
      /** What the answer is, when more than the resource. */
      description?: string;
    }
  /** A page of resources `{<plural>: [...], meta: {total_count, offset, limit}}` (spec §2.1). */
  | { answer: 'list'; kind: ResourceKind }
  /** A code list `{<name>: [...], meta}`, without `meta` in the legacy version (`listResponseHasMeta`). */
  | { answer: 'code_list'; name: string; entry: CustomSchemaName }
  /**
   * A JSON body described by a named schema of `customSchema`, wrapped in `wrapper` when given (an
   * array of it when `array`).
   */
  | {
      answer: 'json';
      schema: CustomSchemaName;
      status: 200 | 202 | 'created_with_body';
      wrapper?: string;
      array?: true;
      description: string;
    }
  /**
   * A page of entries that are not a versioned resource (fiscalkit's own, issue #23): the same shape
   * in every version, `meta` always (`ListMeta`; `meta_and_root`: the three numbers beside the list
   * too, and `meta` without `total`, as the tax report settings route writes them).
   */
  | {
      answer: 'page';
      name: string;
      entry: CustomSchemaName;
      pagination: 'meta' | 'meta_and_root';
      description: string;
    }
  /** A file (a downloaded XML document, an image). */
  | { answer: 'file'; media: readonly string[]; description: string };

/**
 * A success status an endpoint answers whatever the version's default: 202 (asynchronous), 200 (an
 * action answered with a body in every version), or `created_with_body`: the version's create status,
 * but 201 with the body where the legacy version would answer 204 (the issue #23 routes always answer
 * a body: the official client reads it).
 *
 * @example
 * ```ts
 * const status: ForcedStatus = 'created_with_body';
 * ```
 */
export type ForcedStatus = 200 | 202 | 'created_with_body';

/**
 * Fields written beside a wrapped resource: each one's schema, and whether it is always there.
 *
 * @example
 * ```ts
 * const ids: BesideFields = { tax_report_ids: { schema: { type: 'array', items: { type: 'integer' } }, required: true } };
 * ```
 */
export type BesideFields = Readonly<
  Record<string, { schema: { [keyword: string]: unknown }; required?: true }>
>;

/**
 * The JSON schemas of bodies that are not a versioned resource (built by `customSchema`).
 *
 * @example
 * ```ts
 * CUSTOM_SCHEMA_NAMES.includes('InvoiceMarkAs'); // true
 * ```
 */
export const CUSTOM_SCHEMA_NAMES = [
  'InvoiceMarkAs',
  'OrderMarkAs',
  'LogoForm',
  'AttachmentForm',
  'AttachmentsForm',
  'AttachmentUpload',
  'AttachmentUploads',
  'TaxReportImport',
  'LedgerImport',
  'GenerateTaxReport',
  'TaxReportBatchRequest',
  'TaxReportBatchAccepted',
  'TinVerificationRequest',
  'DocumentUpload',
  'DocumentValidation',
  'DocumentForm',
  'Country',
  'Currency',
  'Language',
  'Scheme',
  'InvoiceState',
  'TransportType',
  'DocumentType',
  'DirectoryParticipant',
  'RequestLog',
  'OpenApiDocument',
  'InvoiceSendValidation',
  'InvoiceImport',
  'InvoiceImportForm',
  'InvoiceDelivery',
  'PeppolOutboxEntry',
  'SandboxMail',
  'TaxReportSetting',
  'TaxReportSettingCreate',
  'TaxReportSettingUpdate',
] as const;

/**
 * A named schema of a body that is not a versioned resource.
 *
 * @example
 * ```ts
 * const name: CustomSchemaName = 'InvoiceMarkAs';
 * ```
 */
export type CustomSchemaName = (typeof CUSTOM_SCHEMA_NAMES)[number];

/**
 * A query parameter (besides `offset` and `limit`, which `paged` adds).
 *
 * @example
 * ```ts
 * const type: QueryParameter = { name: 'type', description: 'The invoice type.', schema: { type: 'string' } };
 * ```
 */
export interface QueryParameter {
  name: string;
  /** A request header rather than a query parameter (`Idempotency-Key`). */
  in?: 'header';
  required?: true;
  description: string;
  schema: { [keyword: string]: unknown };
  /**
   * Only in the versions where this holds (asked of `src/versions`, never by comparing versions);
   * `invoice_list_filter`: where `invoiceListFilterSupport` does not call the parameter unsupported,
   * marked deprecated where it calls it deprecated.
   */
  onlyIf?:
    | 'invoice_list_type_filter'
    | 'invoice_expandable_fields'
    | 'invoice_list_filter'
    | 'list_query_filter'
    | 'before_list_query_filter';
}

/**
 * One endpoint of the binding.
 *
 * @example
 * ```ts
 * ENDPOINTS.filter((endpoint: Endpoint) => endpoint.tag === 'Invoices').map((endpoint) => endpoint.id);
 * ```
 */
export interface Endpoint {
  /** The `operationId`: unique, stable across versions (SDK method names come from it). */
  id: string;
  method: HttpMethod;
  /** The canonical path, with `{account}`, `{id}`, `{code}`, `{country}`, `{identifier}`, `{version}`. */
  path: string;
  tag: string;
  summary: string;
  /** The spec section or note the endpoint comes from. */
  source: string;
  /** The versions that have it; every version when absent. */
  availability?: VersionedEndpoint;
  /** The path is already the legacy one (an endpoint only v2025-01-01 has): not mapped by `legacyPath`. */
  legacyPath?: true;
  /** Served without an API key. */
  public?: true;
  /** Takes `offset` and `limit` (spec §2.1). */
  paged?: true;
  query?: readonly QueryParameter[];
  request?: RequestBody;
  response: ResponseBody;
  /** The resource's state may refuse the operation: 409 `conflict` (spec §7.2). */
  conflict?: true;
  /** A path parameter outside its catalogue is 422 (besides a body or query parameter, which imply it). */
  unprocessable?: true;
  /** Path parameters that mean something else here than in the shared table (`{code}` of a setting). */
  pathParameters?: Readonly<Record<string, { description: string; schema: { [keyword: string]: unknown } }>>;
}

/**
 * The status filter flags of the invoice list (spec §9 v2025-10-13: five removed, two deprecated;
 * `INVOICE_STATUS_FILTERS` says what each lists). Each is in the documents of the versions that take
 * it (`invoiceListFilterSupport`), marked deprecated where it is.
 */
const INVOICE_STATUS_FILTER_PARAMETERS: readonly QueryParameter[] = Object.entries(
  INVOICE_STATUS_FILTERS,
).map(([name, { type, state }]) => ({
  name,
  description: `\`1\` (or \`true\`) lists only the ${type === null ? 'invoices of the listed `type`' : 'received invoices'} in state \`${state}\`; \`0\`, \`false\` or blank: no filter. One status filter at a time (422 \`parameter_invalid\` otherwise); a value that is not a boolean is 400 \`invalid_request_params\`.`,
  schema: { type: 'string', enum: ['1', '0', 'true', 'false'] },
  onlyIf: 'invoice_list_filter' as const,
}));

/**
 * The Ransack-style `query` of a list (issue #19, api-notes.md §3.2), from v2026-03-02: `field=value`
 * clauses joined by ` AND `, over the list's whitelisted fields (`QUERY_FIELDS`).
 */
function queryParameter(list: QueryList): QueryParameter {
  const fields = Object.keys(QUERY_FIELDS[list]);
  return {
    name: 'query',
    description: `Equality filters as \`field=value\` clauses joined by \` AND \` (a subset of Ransack's, e.g. \`${fields[0]}=…\`); the fields: ${fields.map((name) => `\`${name}\``).join(', ')}. Anything else is 400 \`invalid_request_params\` at \`query\` (fiscalkit's grammar, docs/http.md "List filters").`,
    schema: { type: 'string', maxLength: 2000 },
    onlyIf: 'list_query_filter',
  };
}

/** A boolean filter flag (`1`/`true`, `0`/`false`; another value 400). */
function flagParameter(name: string, description: string): QueryParameter {
  return { name, description, schema: { type: 'string', enum: ['1', '0', 'true', 'false'] } };
}

/** A `YYYY-MM-DD` filter (another form is 400 `invalid_request_params`). */
function dateParameter(name: string, description: string): QueryParameter {
  return { name, description, schema: { type: 'string', format: 'date' } };
}

/** The invoice list's filters besides `type` and the status flags (issue #19; api-notes.md §7). */
const INVOICE_FILTER_PARAMETERS: readonly QueryParameter[] = [
  flagParameter('ack', 'Only invoices acknowledged (`1`) or not (`0`) with POST /invoices/{id}/ack.'),
  { name: 'number', description: 'The invoice number, exactly.', schema: { type: 'string' } },
  dateParameter('date_from', 'Invoices dated this day or later.'),
  dateParameter('date_to', 'Invoices dated this day or earlier.'),
  dateParameter('due_date_from', 'Invoices due this day or later.'),
  dateParameter('due_date_to', 'Invoices due this day or earlier.'),
  {
    name: 'updated_at',
    description:
      'Invoices written later than this date (its first instant, UTC) or RFC 3339 instant (api-notes.md §7 "later than").',
    schema: { type: 'string' },
  },
  {
    name: 'contact_id',
    description: "The customer's (a received invoice's supplier's) contact.",
    schema: { type: 'integer', minimum: 1 },
  },
  {
    name: 'taxcode',
    description:
      "The customer's TIN, `scheme:value` (`9920:ESB12345678`) or the value alone; replaced by `query=tin_value=…` in v2026-03-02 (api-notes.md §3.2).",
    schema: { type: 'string' },
    onlyIf: 'before_list_query_filter',
  },
  queryParameter('invoices'),
  ...INVOICE_STATE_FLAGS.map((state) =>
    flagParameter(
      state,
      `\`1\` lists only the invoices of the listed \`type\` in state \`${state}\`; one status filter at a time (422 \`parameter_invalid\` otherwise).`,
    ),
  ),
];

const list = (kind: ResourceKind): ResponseBody => ({ answer: 'list', kind });
const read = (kind: ResourceKind): ResponseBody => ({ answer: 'resource', kind, outcome: 'read' });
const created = (kind: ResourceKind): ResponseBody => ({ answer: 'resource', kind, outcome: 'created' });
const written = (kind: ResourceKind): ResponseBody => ({ answer: 'resource', kind, outcome: 'write' });
const body = (kind: ResourceKind, operation: Operation): RequestBody => ({
  body: 'resource',
  kind,
  operation,
});
const XML_FILE: readonly string[] = ['application/xml'];

/** `include` on every invoice answer (the routes read it on writes too, so the answer can carry them). */
const INCLUDE: QueryParameter = {
  name: 'include',
  description:
    'Expandable fields to return, comma-separated: `apply_to_local_government_unit`, `apply_to_vat_group_member`, `third_party` (spec §2.1, §2.5 rule 3). Another name is 422 `parameter_inclusion`.',
  schema: { type: 'string', pattern: '^ *[a-z_]+( *, *[a-z_]+)* *$' },
  onlyIf: 'invoice_expandable_fields',
};

/** `offset` and `limit` of a code list: optional, the whole list by default (a catalogue is read whole). */
const CODE_LIST_PAGE: readonly QueryParameter[] = [
  { name: 'offset', description: 'Entries to skip; default 0.', schema: { type: 'integer', minimum: 0 } },
  {
    name: 'limit',
    description: 'Page size, at most 500; default the whole list.',
    schema: { type: 'integer', minimum: 1, maximum: 500 },
  },
];

/** `{code}` of a tax report setting: its tax authority (`TAX_REPORT_SETTING_CODES`), any case. */
const SETTING_CODE = {
  description:
    'The tax authority of the setting: `sii` or `ksef`, any case. A code without a setting on the account (any other code among them) is 404 `resource_missing`.',
  schema: { type: 'string', minLength: 1 },
};

/** The XML document of an import, as the body or as base64 in JSON (`schema`). */
function uploaded(description: string, schema: CustomSchemaName): RequestBody {
  return {
    body: 'content',
    description,
    content: [
      { media: 'application/xml', schema: 'text' },
      { media: 'text/xml', schema: 'text' },
      { media: 'application/json', schema },
    ],
  };
}

function codeList(id: string, name: string, entry: CustomSchemaName, what: string, source: string): Endpoint {
  return {
    id,
    method: 'get',
    path: `/${name}`,
    tag: 'Code lists',
    summary: `The ${what}, in code order.`,
    source,
    query: CODE_LIST_PAGE,
    response: { answer: 'code_list', name, entry },
  };
}

/**
 * Every endpoint of the reference HTTP binding (spec §4, issue #8), in the order the document lists
 * them: the spec's, and the few fiscalkit adds where the spec leaves a resource without a way to be
 * created, read or followed (each says so in `source`).
 *
 * @example
 * ```ts
 * ENDPOINTS.find((endpoint) => endpoint.id === 'createTinVerification')?.availability; // 'tin_verifications.create'
 * ```
 */
export const ENDPOINTS: readonly Endpoint[] = [
  // ─── Accounts (spec §4.4) ──────────────────────────────────────────────────────────────────────
  {
    id: 'listAccounts',
    method: 'get',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'The accounts of the API key group (entries have no `auto_remittance`, spec §2.2 rule 4).',
    source: 'spec §4.4',
    paged: true,
    query: [queryParameter('accounts')],
    response: list('account'),
  },
  {
    id: 'createAccount',
    method: 'post',
    path: '/accounts',
    tag: 'Accounts',
    summary: 'Creates an account, owned by the API key group.',
    source: 'spec §4.4, §2.2',
    request: body('account', 'create'),
    response: created('account'),
  },
  {
    id: 'getAccount',
    method: 'get',
    path: '/accounts/{account}',
    tag: 'Accounts',
    summary: 'An account.',
    source: 'spec §4.4',
    response: read('account'),
  },
  {
    id: 'getAccountAsCompany',
    method: 'get',
    path: '/projects/{account}/my_company',
    tag: 'Accounts',
    summary: 'The account as the legacy company (served by GET /accounts/{account}).',
    source: 'spec §9 v2025-10-13 "GET /projects/{account}/my_company removed"',
    availability: 'legacy.projects.my_company',
    legacyPath: true,
    response: read('account'),
  },
  {
    id: 'updateAccount',
    method: 'put',
    path: '/accounts/{account}',
    tag: 'Accounts',
    summary: 'Changes the fields sent; answers the full account.',
    source: 'spec §4.4, §2.2',
    request: body('account', 'update'),
    response: written('account'),
  },
  {
    id: 'deleteAccount',
    method: 'delete',
    path: '/accounts/{account}',
    tag: 'Accounts',
    summary: 'Deletes (archives) an account; answers it with its deletion status.',
    source: 'spec §4.4',
    response: written('account'),
    conflict: true,
  },
  {
    id: 'unarchiveAccount',
    method: 'post',
    path: '/accounts/{account}/unarchive',
    tag: 'Accounts',
    summary: 'Restores an archived account.',
    source: 'spec §4.4',
    response: written('account'),
    conflict: true,
  },
  {
    id: 'setAccountLogo',
    method: 'post',
    path: '/accounts/{account}/logo',
    tag: 'Accounts',
    summary: 'Sets the account logo: the image as the body, or a `file` part of a form.',
    source: 'spec §4.4 (payload: fiscalkit)',
    request: {
      body: 'content',
      description: 'The logo image (PNG, JPEG, GIF, WebP or SVG).',
      content: [
        ...['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'].map(
          (media): BodyContent => ({ media, schema: 'binary' }),
        ),
        { media: 'multipart/form-data', schema: 'LogoForm' },
      ],
    },
    response: written('account'),
  },
  {
    id: 'getAccountLogo',
    method: 'get',
    path: '/accounts/{account}/logo',
    tag: 'Accounts',
    summary: 'The account logo image.',
    source: 'fiscalkit (the image set by POST /accounts/{account}/logo)',
    response: {
      answer: 'file',
      media: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
      description: 'The image, with its own media type.',
    },
  },
  {
    id: 'deleteAccountLogo',
    method: 'delete',
    path: '/accounts/{account}/logo',
    tag: 'Accounts',
    summary: 'Removes the account logo.',
    source: 'spec §4.4',
    response: written('account'),
  },
  {
    id: 'listAccountEvents',
    method: 'get',
    path: '/accounts/{account}/events',
    tag: 'Account events',
    summary: 'What happened to the account and its resources (no `description` field).',
    source: 'spec §4.6, §6 rule 3',
    paged: true,
    query: [queryParameter('account_events')],
    response: list('account_event'),
  },
  // ─── Contacts (spec §4.5) ──────────────────────────────────────────────────────────────────────
  {
    id: 'listContacts',
    method: 'get',
    path: '/accounts/{account}/contacts',
    tag: 'Contacts',
    summary: 'The contacts of an account.',
    source: 'spec §4.5',
    paged: true,
    query: [
      {
        name: 'name',
        description:
          'Contacts whose name, address or TIN contains this text, ASCII letters without case (the official client: "Search by customer name, address, or VAT code").',
        schema: { type: 'string', maxLength: 255 },
      },
      flagParameter('is_client', 'Only clients (`1`) or only contacts that are not (`0`).'),
      flagParameter('is_provider', 'Only providers (`1`) or only contacts that are not (`0`).'),
      queryParameter('contacts'),
    ],
    response: list('contact'),
  },
  {
    id: 'createContact',
    method: 'post',
    path: '/accounts/{account}/contacts',
    tag: 'Contacts',
    summary: 'Creates a contact, or an office of one (`parent_id`, spec §2.3 rule 1).',
    source: 'spec §4.5, §2.3',
    request: body('contact', 'create'),
    response: created('contact'),
  },
  {
    id: 'getContact',
    method: 'get',
    path: '/contacts/{id}',
    tag: 'Contacts',
    summary: 'A contact.',
    source: 'spec §4.5',
    response: read('contact'),
  },
  {
    id: 'replaceContact',
    method: 'put',
    path: '/contacts/{id}',
    tag: 'Contacts',
    summary:
      'Changes the fields sent, like PATCH (a partial update, as on the real service; fields not sent keep their values); answers the full contact.',
    source: 'spec §4.5, §2.3; issue #19 (PUT is a partial update)',
    request: body('contact', 'update'),
    response: written('contact'),
  },
  {
    id: 'updateContact',
    method: 'patch',
    path: '/contacts/{id}',
    tag: 'Contacts',
    summary: 'Changes the fields sent.',
    source: 'spec §4.5, §2.3 rule 1',
    request: body('contact', 'update'),
    response: written('contact'),
  },
  {
    id: 'deleteContact',
    method: 'delete',
    path: '/contacts/{id}',
    tag: 'Contacts',
    summary: 'Deletes a contact; answers it as it was.',
    source: 'spec §4.5',
    response: written('contact'),
    conflict: true,
  },
  // ─── Bank accounts (spec §4.5; the collection and GET by id are fiscalkit's) ─────────────────────
  {
    id: 'listBankAccounts',
    method: 'get',
    path: '/accounts/{account}/bank_accounts',
    tag: 'Bank accounts',
    summary: 'The bank accounts of an account.',
    source: 'fiscalkit (spec §4.5 shows only PUT and DELETE /bank_accounts/{id})',
    paged: true,
    query: [queryParameter('bank_accounts')],
    response: list('bank_account'),
  },
  {
    id: 'createBankAccount',
    method: 'post',
    path: '/accounts/{account}/bank_accounts',
    tag: 'Bank accounts',
    summary: 'Adds a bank account to an account.',
    source: 'fiscalkit (spec §4.5 shows only PUT and DELETE /bank_accounts/{id})',
    request: body('bank_account', 'create'),
    response: created('bank_account'),
  },
  {
    id: 'getBankAccount',
    method: 'get',
    path: '/bank_accounts/{id}',
    tag: 'Bank accounts',
    summary: 'A bank account.',
    source: 'fiscalkit (spec §4.5 shows only PUT and DELETE /bank_accounts/{id})',
    response: read('bank_account'),
  },
  {
    id: 'updateBankAccount',
    method: 'put',
    path: '/bank_accounts/{id}',
    tag: 'Bank accounts',
    summary: 'Changes a bank account; answers it in full.',
    source: 'spec §4.5',
    request: body('bank_account', 'update'),
    response: written('bank_account'),
  },
  {
    id: 'deleteBankAccount',
    method: 'delete',
    path: '/bank_accounts/{id}',
    tag: 'Bank accounts',
    summary: 'Deletes a bank account; answers it as it was.',
    source: 'spec §4.5',
    response: written('bank_account'),
  },
  // ─── Invoices (spec §4.6) ──────────────────────────────────────────────────────────────────────
  {
    id: 'listInvoices',
    method: 'get',
    path: '/accounts/{account}/invoices',
    tag: 'Invoices',
    summary: 'The invoices of an account, of one type.',
    source: 'spec §4.6, §2.4 rule 4',
    paged: true,
    query: [
      {
        name: 'type',
        description:
          'The invoice type to list (spec §2.4 rule 4); default `IssuedInvoice` (api-notes.md §7).',
        schema: {
          type: 'string',
          enum: ['IssuedInvoice', 'ReceivedInvoice', 'IssuedSelfInvoice', 'IssuedSimplifiedInvoice'],
          default: 'IssuedInvoice',
        },
        onlyIf: 'invoice_list_type_filter',
      },
      ...INVOICE_STATUS_FILTER_PARAMETERS,
      ...INVOICE_FILTER_PARAMETERS,
    ],
    response: list('invoice'),
  },
  {
    id: 'createInvoice',
    method: 'post',
    path: '/accounts/{account}/invoices',
    tag: 'Invoices',
    summary:
      'Creates an invoice, with an inline `contact` or a `contact_id`; its totals are computed. With `send_after_import: true` beside `invoice` it is then sent (POST /invoices/send_invoice/{id}), and answered as the send left it.',
    source: 'spec §4.6, §2.4; `send_after_import`: issue #23, the official PHP client',
    query: [INCLUDE],
    request: {
      body: 'resource',
      kind: 'invoice',
      operation: 'create',
      beside: {
        send_after_import: {
          type: ['boolean', 'string'],
          description:
            '`true` (or the text `"true"`) sends the created invoice at once, as POST /invoices/send_invoice/{id} does; anything else creates it only. A send the invoice fails is its error answer, the invoice stays created (issue #23, docs/sending.md).',
        },
      },
    },
    response: created('invoice'),
  },
  {
    id: 'getInvoice',
    method: 'get',
    path: '/invoices/{id}',
    tag: 'Invoices',
    summary: 'An invoice.',
    source: 'spec §4.6, §2.5 rule 3',
    query: [INCLUDE],
    response: read('invoice'),
  },
  {
    id: 'replaceInvoice',
    method: 'put',
    path: '/invoices/{id}',
    tag: 'Invoices',
    summary:
      'Changes the fields sent, like PATCH (a partial update, as on the real service: lines and references by `id`, `_destroy` removes one; fields not sent keep their values); answers the full invoice.',
    source: 'spec §4.6; issue #19 (PUT is a partial update)',
    query: [INCLUDE],
    request: body('invoice', 'update'),
    response: written('invoice'),
    conflict: true,
  },
  {
    id: 'updateInvoice',
    method: 'patch',
    path: '/invoices/{id}',
    tag: 'Invoices',
    summary: 'Changes the fields sent (lines and references by `id`; `_destroy` removes one).',
    source: 'spec §4.6, §2.6',
    query: [INCLUDE],
    request: body('invoice', 'update'),
    response: written('invoice'),
    conflict: true,
  },
  {
    id: 'deleteInvoice',
    method: 'delete',
    path: '/invoices/{id}',
    tag: 'Invoices',
    summary: 'Deletes an invoice; answers it as it was.',
    source: 'spec §4.6',
    response: written('invoice'),
    conflict: true,
  },
  {
    id: 'markInvoiceAs',
    method: 'post',
    path: '/invoices/{id}/mark_as',
    tag: 'Invoices',
    summary: 'Moves an invoice to another state; a move its state machine forbids is 409 `conflict`.',
    source: 'spec §4.6, §2.4 rule 5, api-notes.md §8.2',
    query: [INCLUDE],
    request: {
      body: 'content',
      description: 'The state to move to (not wrapped: it is not an invoice).',
      content: [{ media: 'application/json', schema: 'InvoiceMarkAs' }],
    },
    response: written('invoice'),
    conflict: true,
  },
  {
    id: 'acknowledgeInvoice',
    method: 'post',
    path: '/invoices/{id}/ack',
    tag: 'Invoices',
    summary: 'Acknowledges an invoice (the integration has read it).',
    source: 'spec §4.6',
    query: [INCLUDE],
    response: written('invoice'),
  },
  {
    id: 'addInvoiceAttachment',
    method: 'post',
    path: '/invoices/{id}/add_attachment',
    tag: 'Invoices',
    summary: 'Attaches one file to an invoice.',
    source: 'spec §4.6 (payload: fiscalkit)',
    query: [INCLUDE],
    request: {
      body: 'content',
      description: 'The file: a `file` part of a form, or JSON with the content in base64.',
      content: [
        { media: 'multipart/form-data', schema: 'AttachmentForm' },
        { media: 'application/json', schema: 'AttachmentUpload' },
      ],
    },
    response: written('invoice'),
  },
  {
    id: 'addInvoiceAttachments',
    method: 'post',
    path: '/invoices/{id}/add_attachments',
    tag: 'Invoices',
    summary: 'Attaches several files (at most 100) to an invoice.',
    source: 'spec §4.6 (payload: fiscalkit)',
    query: [INCLUDE],
    request: {
      body: 'content',
      description: 'The files: `files` parts of a form, or JSON with each content in base64.',
      content: [
        { media: 'multipart/form-data', schema: 'AttachmentsForm' },
        { media: 'application/json', schema: 'AttachmentUploads' },
      ],
    },
    response: written('invoice'),
  },
  {
    id: 'getInvoiceAttachment',
    method: 'get',
    path: '/invoices/{id}/attachments/{attachment_id}',
    tag: 'Invoices',
    summary: 'The file of an attachment.',
    source: 'fiscalkit (the files attached with add_attachment)',
    response: {
      answer: 'file',
      media: ['application/octet-stream'],
      description: 'The file, with its own media type.',
    },
  },
  {
    id: 'getInvoiceAs',
    method: 'get',
    path: '/invoices/{id}/as/{document_type}',
    tag: 'Invoices',
    summary:
      'The invoice written as a document of `GET /document_types` (`pdf.invoice`, `xml.ubl.invoice.bis3`, `xml.facturae.3.2.2`, …); an unknown code, or an invoice that cannot be written in it, is 422.',
    source:
      'api-notes.md §8.3; the official PHP client (`InvoiceService::downloadAs`: `disposition`, `filename`); codes beyond the three published ones: fiscalkit (issue #22)',
    query: [
      {
        name: 'disposition',
        description: '`attachment` (default) or `inline`: the `Content-Disposition` of the answer.',
        schema: { type: 'string', enum: ['attachment', 'inline'] },
      },
      {
        name: 'filename',
        description: 'The file name of the `Content-Disposition` header; default `<number>.<xml|pdf>`.',
        schema: { type: 'string', maxLength: 255 },
      },
    ],
    response: {
      answer: 'file',
      media: ['application/xml', 'application/pdf'],
      description: 'The document: XML (UBL, CII, Facturae, FA(3)) or PDF (the readable invoice, Factur-X).',
    },
    unprocessable: true,
  },
  // ─── Sending (issue #23; the official PHP client's `InvoiceService`) ────────────────────────────
  {
    id: 'validateInvoiceForSending',
    method: 'get',
    path: '/invoices/{id}/validate',
    tag: 'Sending',
    summary:
      "Whether the invoice can be sent, and every reason it cannot: its own rules, then those of the document it would be sent as (EN 16931, Peppol BIS, Facturae, FA(3)), from its contact's `transport_type_code` and `document_type_code`.",
    source: 'issue #23; the official PHP client (`InvoiceService::validate` reads `valid` and `errors`)',
    response: {
      answer: 'json',
      schema: 'InvoiceSendValidation',
      status: 200,
      description: 'The verdict, valid or not (an invalid invoice is a 200 with `valid: false`).',
    },
  },
  {
    id: 'sendInvoice',
    method: 'post',
    path: '/invoices/send_invoice/{id}',
    tag: 'Sending',
    summary:
      'Validates the invoice, writes its document and hands it to its transport (`new → sending → sent`, or `error`; `issued` for the transport `none` with a tax report standing for it), generating the tax reports the account settings require. Sending twice sends once; a retry with the same `Idempotency-Key` answers the same.',
    source:
      'issue #23; the official PHP client (`InvoiceService::send` reads `tax_report_ids`); docs/sending.md',
    query: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        description:
          'Any 1 to 255 characters: a retried request with the same key answers exactly the first answer; the key of another invoice\'s send is 422 `parameter_invalid` (the IETF draft "The Idempotency-Key HTTP Header Field").',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      },
    ],
    response: {
      answer: 'resource',
      kind: 'invoice',
      outcome: 'write',
      status: 200,
      beside: {
        tax_report_ids: {
          schema: {
            type: 'array',
            items: { type: 'integer', minimum: 1 },
            description: 'The tax reports standing for the invoice (GET /tax_reports/{id}).',
          },
          required: true,
        },
      },
      description:
        'The invoice as the send left it (`sending`, `issued` or `error`) and its tax reports. A validation error is 422 (409 for its state or a received invoice) with the first error; GET /invoices/{id}/validate lists them all.',
    },
    conflict: true,
    unprocessable: true,
  },
  {
    id: 'importInvoice',
    method: 'post',
    path: '/accounts/{account}/invoices/import',
    tag: 'Sending',
    summary:
      'Imports an invoice: a JSON invoice (created as POST /accounts/{account}/invoices creates it) or an e-invoice document (UBL, CII, Facturae), whose buyer becomes the contact with its TIN or a new one; `send_after_import` then sends it.',
    source:
      'issue #23; the official PHP client (`InvoiceService::import` posts `{invoice, send_after_import}`); docs/sending.md "Import"',
    query: [
      {
        name: 'send_after_import',
        description:
          'Send the invoice once imported (`true`/`1`; `false`/`0` or absent: no); with a document body. Another value is 422 `parameter_invalid`.',
        schema: { type: 'string', enum: ['true', 'false', '1', '0'] },
      },
    ],
    request: {
      body: 'content',
      description:
        'A JSON invoice with `send_after_import` beside it, or the document itself: as the body (XML) or in a multipart `file` part (with an optional `send_after_import` field).',
      content: [
        { media: 'application/json', schema: 'InvoiceImport' },
        { media: 'application/xml', schema: 'text' },
        { media: 'text/xml', schema: 'text' },
        { media: 'application/octet-stream', schema: 'binary' },
        { media: 'multipart/form-data', schema: 'InvoiceImportForm' },
      ],
    },
    response: {
      answer: 'resource',
      kind: 'invoice',
      outcome: 'created',
      status: 'created_with_body',
      beside: {
        tax_report_ids: {
          schema: {
            type: 'array',
            items: { type: 'integer', minimum: 1 },
            description: 'The tax reports standing for the invoice (after the send, when sent).',
          },
          required: true,
        },
        send_error: {
          schema: {
            type: 'object',
            description:
              'Only when `send_after_import` did not send the invoice: why, as the send would have answered it (the import itself succeeded; **fiscalkit decides**: refusing would lose the created invoice from the answer).',
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              param: { type: ['string', 'null'] },
              rule: { type: ['string', 'null'] },
            },
            required: ['code', 'message', 'param', 'rule'],
            additionalProperties: false,
          },
        },
      },
      description:
        'The imported invoice (as the send left it, when sent), its tax reports, and `send_error` when the send was refused.',
    },
  },
  {
    id: 'listInvoiceDeliveries',
    method: 'get',
    path: '/invoices/{id}/deliveries',
    tag: 'Sending',
    summary:
      'How the invoice was delivered: each send, oldest first, with every attempt, its status and what the channel answered.',
    source: 'fiscalkit (issue #23: "a log never reports what did not happen"); docs/sending.md',
    response: {
      answer: 'json',
      schema: 'InvoiceDelivery',
      status: 200,
      wrapper: 'deliveries',
      array: true,
      description: 'Every delivery of the invoice (not paged: an invoice has few).',
    },
  },
  // ─── Orders and despatch advices (spec §4.6) ───────────────────────────────────────────────────
  {
    id: 'listOrders',
    method: 'get',
    path: '/accounts/{account}/orders',
    tag: 'Orders',
    summary: 'The orders of an account.',
    source: 'spec §4.6',
    paged: true,
    query: [queryParameter('orders')],
    response: list('order'),
  },
  {
    id: 'createOrder',
    method: 'post',
    path: '/accounts/{account}/orders',
    tag: 'Orders',
    summary: 'Creates an order.',
    source: 'spec §4.6',
    request: body('order', 'create'),
    response: created('order'),
  },
  {
    id: 'getOrder',
    method: 'get',
    path: '/orders/{id}',
    tag: 'Orders',
    summary: 'An order.',
    source: 'spec §4.6',
    response: read('order'),
  },
  {
    id: 'markOrderAs',
    method: 'post',
    path: '/orders/{id}/mark_as',
    tag: 'Orders',
    summary: 'Moves an order to another state; a move its state machine forbids is 409 `conflict`.',
    source: 'spec §4.6',
    request: {
      body: 'content',
      description: 'The state to move to (not wrapped: it is not an order).',
      content: [{ media: 'application/json', schema: 'OrderMarkAs' }],
    },
    response: written('order'),
    conflict: true,
  },
  {
    id: 'listDespatchAdvices',
    method: 'get',
    path: '/accounts/{account}/despatch_advices',
    tag: 'Despatch advices',
    summary: 'The despatch advices of an account.',
    source: 'fiscalkit (spec §4.6 shows only the create)',
    paged: true,
    query: [queryParameter('despatch_advices')],
    response: list('despatch_advice'),
  },
  {
    id: 'createDespatchAdvice',
    method: 'post',
    path: '/accounts/{account}/despatch_advices',
    tag: 'Despatch advices',
    summary: 'Creates a despatch advice.',
    source: 'spec §4.6',
    request: body('despatch_advice', 'create'),
    response: created('despatch_advice'),
  },
  {
    id: 'getDespatchAdvice',
    method: 'get',
    path: '/despatch_advices/{id}',
    tag: 'Despatch advices',
    summary: 'A despatch advice.',
    source: 'fiscalkit (spec §4.6 shows only the create)',
    response: read('despatch_advice'),
  },
  // ─── Tax reports and ledgers (spec §4.2) ───────────────────────────────────────────────────────
  {
    id: 'listTaxReports',
    method: 'get',
    path: '/accounts/{account}/tax_reports',
    tag: 'Tax reports',
    summary: 'The tax reports of an account.',
    source: 'fiscalkit; filters api-notes.md §9',
    availability: 'tax_reports.show',
    paged: true,
    query: [
      {
        name: 'invoice_id',
        description: 'Only the reports of this invoice.',
        schema: { type: 'integer', minimum: 1 },
      },
      { name: 'state', description: 'Only the reports in this state.', schema: { type: 'string' } },
      {
        name: 'type',
        description: 'Only the reports of this type.',
        schema: { type: 'string', enum: ['SiiDocument', 'Ksef'] },
      },
    ],
    response: list('tax_report'),
  },
  {
    id: 'createTaxReport',
    method: 'post',
    path: '/accounts/{account}/tax_reports',
    tag: 'Tax reports',
    summary: 'Creates a tax report (`SiiDocument` or `Ksef`).',
    source: 'spec §4.2, §2.7',
    availability: 'tax_reports.create',
    request: body('tax_report', 'create'),
    response: created('tax_report'),
  },
  {
    id: 'importTaxReport',
    method: 'post',
    path: '/accounts/{account}/tax_reports/import',
    tag: 'Tax reports',
    summary: 'Imports a tax report from its XML (FA(3) or SII).',
    source: 'spec §4.2',
    availability: 'tax_reports.import',
    query: [
      {
        name: 'customer_party_jst',
        description: 'The buyer is a local government unit (spec §2.7; with an XML body).',
        schema: { type: 'boolean' },
      },
      {
        name: 'customer_party_gv',
        description: 'The buyer is a VAT group member (spec §2.7; with an XML body).',
        schema: { type: 'boolean' },
      },
    ],
    request: uploaded('The XML document, as the body or in base64 in JSON.', 'TaxReportImport'),
    response: created('tax_report'),
  },
  {
    id: 'getTaxReport',
    method: 'get',
    path: '/tax_reports/{id}',
    tag: 'Tax reports',
    summary: 'A tax report.',
    source: 'spec §4.2',
    availability: 'tax_reports.show',
    response: read('tax_report'),
  },
  {
    id: 'correctTaxReport',
    method: 'patch',
    path: '/tax_reports/{id}',
    tag: 'Tax reports',
    summary: 'Corrects or modifies a tax report (its stored `type` decides the fields).',
    source: 'spec §4.2, api-notes.md §9',
    availability: 'tax_reports.update',
    request: body('tax_report', 'update'),
    response: written('tax_report'),
    conflict: true,
  },
  {
    id: 'annulTaxReport',
    method: 'delete',
    path: '/tax_reports/{id}',
    tag: 'Tax reports',
    summary:
      'Annuls a tax report. An SII record AEAT registered is annulled by its BajaLR… record in a baja ledger: the report is answered as it stands and becomes annulled once AEAT accepts the baja.',
    source: 'spec §4.2, api-notes.md §9',
    availability: 'tax_reports.delete',
    response: written('tax_report'),
    conflict: true,
  },
  {
    id: 'downloadTaxReport',
    method: 'get',
    path: '/tax_reports/{id}/download',
    tag: 'Tax reports',
    summary: 'The tax report in the tax authority format.',
    source: 'spec §4.2',
    availability: 'tax_reports.download',
    response: {
      answer: 'file',
      media: XML_FILE,
      description: 'The FA(3) or SII XML document, as an attachment.',
    },
    conflict: true,
  },
  {
    id: 'getTaxReportAsDocumentType',
    method: 'get',
    path: '/tax_reports/{id}/as/{document_type_code}',
    tag: 'Tax reports',
    summary:
      'The tax report in the tax authority format under its document type code (`xml.ksef.fa3`, `xml.sii`); another code is 422 `parameter_inclusion`.',
    source:
      'spec §9 v2025-10-13 "Old tax report endpoints removed (…, as/{document_type_code})"; codes: fiscalkit (`taxReportDocumentTypeCode`)',
    availability: 'legacy.tax_report_as_document_type',
    response: {
      answer: 'file',
      media: XML_FILE,
      description: 'The FA(3) or SII XML document, as an attachment (the file of the newer `download`).',
    },
    conflict: true,
    unprocessable: true,
  },
  {
    id: 'generateTaxReport',
    method: 'post',
    path: '/invoices/{id}/generate_tax_report',
    tag: 'Tax reports',
    summary: 'Generates the tax report of an invoice (spec §2.7 rule 3, §2.5 rule 4).',
    source: 'spec §4.2',
    availability: 'invoices.generate_tax_report',
    request: {
      body: 'content',
      description: 'Optional: the report type, `{"type": …}` or `{"tax_report": {"type": …}}`.',
      content: [{ media: 'application/json', schema: 'GenerateTaxReport' }],
      optional: true,
    },
    response: created('tax_report'),
    conflict: true,
  },
  {
    id: 'submitTaxReport',
    method: 'post',
    path: '/tax_reports/{id}/submit',
    tag: 'Tax reports',
    summary:
      "Queues the report's submission to its tax authority (SII: with its ledger; KSeF) and answers it as it stands; the state changes come later, with their `tax_report.state_change` events. A KSeF report on a server without KSeF is 409, never a pretended success.",
    source: 'issue #23 ("Submission … through an HTTP route"); docs/tax-report-submission.md',
    availability: 'tax_reports.show',
    response: { answer: 'resource', kind: 'tax_report', outcome: 'read', status: 202 },
    conflict: true,
  },
  {
    id: 'getLedger',
    method: 'get',
    path: '/ledgers/{id}',
    tag: 'Ledgers',
    summary: 'A ledger: one SII message and its state.',
    source: 'fiscalkit (spec §4.2 shows only its downloads and import)',
    availability: 'ledgers.download',
    response: read('ledger'),
  },
  {
    id: 'downloadLedger',
    method: 'get',
    path: '/ledgers/{id}/download',
    tag: 'Ledgers',
    summary: 'The ledger as its SII XML message.',
    source: 'spec §4.2',
    availability: 'ledgers.download',
    response: { answer: 'file', media: XML_FILE, description: 'The SII message (`SuministroLR…`).' },
    conflict: true,
  },
  {
    id: 'downloadLedgerResponse',
    method: 'get',
    path: '/ledgers/{id}/download_response',
    tag: 'Ledgers',
    summary: 'The tax authority response to the ledger, as received.',
    source: 'spec §4.2',
    availability: 'ledgers.download_response',
    response: { answer: 'file', media: XML_FILE, description: 'The SII response (`RespuestaLR…`).' },
  },
  {
    id: 'importLedger',
    method: 'post',
    path: '/accounts/{account}/ledgers/import',
    tag: 'Ledgers',
    summary: 'Imports a ledger from an SII XML message.',
    source: 'spec §4.2',
    availability: 'ledgers.import',
    request: uploaded('The SII message, as the body or in base64 in JSON.', 'LedgerImport'),
    response: created('ledger'),
  },
  {
    id: 'submitLedger',
    method: 'post',
    path: '/ledgers/{id}/submit',
    tag: 'Ledgers',
    summary:
      'Queues the submission of a `pending` SII ledger to AEAT and answers it as it stands; another state is 409.',
    source: 'issue #23; docs/tax-report-submission.md',
    availability: 'ledgers.show',
    response: { answer: 'resource', kind: 'ledger', outcome: 'read', status: 202 },
    conflict: true,
  },
  // ─── Tax report batches (spec §4.1; path api-notes.md §4) ──────────────────────────────────────
  {
    id: 'createTaxReportBatch',
    method: 'post',
    path: '/accounts/{account}/tax_report_batches',
    tag: 'Tax report batches',
    summary: 'Accepts up to 5,000 SII tax reports, processed in the background (`sii_batch.finished`).',
    source: 'spec §4.1, §2.11; api-notes.md §4',
    availability: 'tax_report_batches.create',
    request: {
      body: 'content',
      description: 'The records; only the envelope is validated now (spec §4.1 rule 1).',
      content: [{ media: 'application/json', schema: 'TaxReportBatchRequest' }],
    },
    response: {
      answer: 'json',
      schema: 'TaxReportBatchAccepted',
      status: 202,
      description: 'Accepted: the batch id and the URL of its status (spec §2.11).',
    },
  },
  {
    id: 'getTaxReportBatch',
    method: 'get',
    path: '/accounts/{account}/tax_report_batches/{id}',
    tag: 'Tax report batches',
    summary: 'The status of a batch, with a result per processed record.',
    source: 'spec §4.1, §2.11',
    availability: 'tax_report_batches.show',
    response: read('tax_report_batch'),
  },
  // ─── Tax report settings (issue #23; api-notes.md §9; the PHP client's TaxReportSettingService) ─
  {
    id: 'listTaxReportSettings',
    method: 'get',
    path: '/accounts/{account}/tax_report_settings',
    tag: 'Tax report settings',
    summary: 'The tax report settings of an account: per tax authority, whether sent invoices are reported.',
    source: 'issue #23; api-notes.md §9; the official PHP client (`TaxReportSettingService::all`)',
    paged: true,
    response: {
      answer: 'page',
      name: 'tax_report_settings',
      entry: 'TaxReportSetting',
      pagination: 'meta_and_root',
      description:
        'A page of settings, the page numbers both beside the list (what the PHP client reads) and in `meta` (spec §2.1).',
    },
  },
  {
    id: 'createTaxReportSetting',
    method: 'post',
    path: '/accounts/{account}/tax_report_settings',
    tag: 'Tax report settings',
    summary:
      "Reports an account's invoices to a tax authority from `start_date`: `sii` (a Spanish account) or `ksef` (a Polish one).",
    source: 'issue #23; the official PHP client (`TaxReportSettingService::create`)',
    request: {
      body: 'wrapped',
      name: 'tax_report_setting',
      schema: 'TaxReportSettingCreate',
      description: 'The setting, wrapped in `tax_report_setting`.',
    },
    response: {
      answer: 'json',
      schema: 'TaxReportSetting',
      status: 'created_with_body',
      wrapper: 'tax_report_setting',
      description:
        'The setting created. A second setting of a code is 422 `parameter_taken`; a code fiscalkit does not report to (`verifactu`, `ticketbai`, …) 422 `parameter_inclusion`, never accepted and ignored.',
    },
  },
  {
    id: 'getTaxReportSetting',
    method: 'get',
    path: '/accounts/{account}/tax_report_settings/{code}',
    tag: 'Tax report settings',
    summary: 'The tax report setting of one tax authority.',
    source: 'issue #23; the official PHP client (`TaxReportSettingService::retrieve`)',
    pathParameters: { code: SETTING_CODE },
    response: {
      answer: 'json',
      schema: 'TaxReportSetting',
      status: 200,
      wrapper: 'tax_report_setting',
      description: 'The setting.',
    },
  },
  {
    id: 'updateTaxReportSetting',
    method: 'put',
    path: '/accounts/{account}/tax_report_settings/{code}',
    tag: 'Tax report settings',
    summary: 'Changes the fields sent (a partial update).',
    source: 'issue #23; the official PHP client (`TaxReportSettingService::update`)',
    pathParameters: { code: SETTING_CODE },
    request: {
      body: 'wrapped',
      name: 'tax_report_setting',
      schema: 'TaxReportSettingUpdate',
      description: 'The fields to change, wrapped in `tax_report_setting`.',
    },
    response: {
      answer: 'json',
      schema: 'TaxReportSetting',
      status: 200,
      wrapper: 'tax_report_setting',
      description: 'The setting as changed.',
    },
  },
  {
    id: 'deleteTaxReportSetting',
    method: 'delete',
    path: '/accounts/{account}/tax_report_settings/{code}',
    tag: 'Tax report settings',
    summary: 'Stops reporting to a tax authority; answers the setting removed.',
    source: 'issue #23; the official PHP client (`TaxReportSettingService::delete`)',
    pathParameters: { code: SETTING_CODE },
    response: {
      answer: 'json',
      schema: 'TaxReportSetting',
      status: 200,
      wrapper: 'tax_report_setting',
      description: 'The setting as it was.',
    },
  },
  // ─── TIN verification (spec §4.3) ──────────────────────────────────────────────────────────────
  {
    id: 'createTinVerification',
    method: 'post',
    path: '/tin_verifications',
    tag: 'TIN verifications',
    summary: 'Checks up to 20,000 TIN and name pairs against the Spanish census, in the background.',
    source: 'spec §4.3, §3.1',
    availability: 'tin_verifications.create',
    query: [
      {
        name: 'country',
        required: true,
        description: 'The census country: `es` is the only one (any case).',
        schema: { type: 'string', enum: ['es', 'ES'] },
      },
    ],
    request: {
      body: 'content',
      description: 'The pairs, as a bare JSON array (spec §4.3).',
      content: [{ media: 'application/json', schema: 'TinVerificationRequest' }],
    },
    response: { answer: 'resource', kind: 'tin_verification', outcome: 'created', bare: true, status: 202 },
  },
  {
    id: 'getTinVerification',
    method: 'get',
    path: '/tin_verifications/{id}',
    tag: 'TIN verifications',
    summary: 'A TIN verification: its status and, once finished, its results.',
    source: 'spec §4.3, §2.10',
    availability: 'tin_verifications.show',
    response: { answer: 'resource', kind: 'tin_verification', outcome: 'read', bare: true },
  },
  // ─── Transports (spec §4.7) ────────────────────────────────────────────────────────────────────
  {
    id: 'listTransports',
    method: 'get',
    path: '/accounts/{account}/transports',
    tag: 'Transports',
    summary: 'The transports of an account.',
    source: 'spec §4.7',
    paged: true,
    query: [queryParameter('transports')],
    response: list('transport'),
  },
  {
    id: 'createTransport',
    method: 'post',
    path: '/accounts/{account}/transports',
    tag: 'Transports',
    summary: 'Creates a transport; a Peppol one is published in the background (spec §2.8 rule 2).',
    source: 'spec §4.7, §2.8',
    request: body('transport', 'create'),
    response: created('transport'),
  },
  {
    id: 'replaceTransport',
    method: 'put',
    path: '/transports/{code}',
    tag: 'Transports',
    summary:
      'Changes the fields sent, like PATCH (a partial update, as on the real service); a `standard_documents` sent is ignored (spec §2.8 rule 1).',
    source: 'spec §4.7, §2.8 rule 1; issue #19 (PUT is a partial update)',
    query: [
      {
        name: 'account',
        description:
          'The account, when several accounts of the group have a transport with this code (fiscalkit; 422 `parameter_invalid` at `account` without it then).',
        schema: { type: 'integer', minimum: 1 },
      },
    ],
    request: body('transport', 'update'),
    response: written('transport'),
  },
  {
    id: 'updateTransport',
    method: 'patch',
    path: '/transports/{code}',
    tag: 'Transports',
    summary: 'Changes the fields sent (a `standard_documents` sent is ignored, spec §2.8 rule 1).',
    source: 'spec §4.7, §2.8 rule 1',
    query: [
      {
        name: 'account',
        description:
          'The account, when several accounts of the group have a transport with this code (fiscalkit; 422 `parameter_invalid` at `account` without it then).',
        schema: { type: 'integer', minimum: 1 },
      },
    ],
    request: body('transport', 'update'),
    response: written('transport'),
  },
  {
    id: 'deleteTransport',
    method: 'delete',
    path: '/accounts/{account}/transports/{code}',
    tag: 'Transports',
    summary: 'Deletes a transport; answers it as it was, its unpublication under way.',
    source: 'spec §4.7',
    availability: 'transports.delete',
    response: written('transport'),
  },
  codeList('listTransportTypes', 'transport_types', 'TransportType', 'transport types', 'spec §4.7'),
  codeList(
    'listDocumentTypes',
    'document_types',
    'DocumentType',
    'document types an invoice is written in (`GET /invoices/{id}/as/{document_type}`)',
    'api-notes.md §8.3 (the reference `get-document-types`); fiscalkit codes marked `fiscalkit_code` (issue #22)',
  ),
  // ─── The sandbox Peppol outbox (issue #23; docs/delivery-channels.md) ──────────────────────────
  {
    id: 'listPeppolOutbox',
    method: 'get',
    path: '/accounts/{account}/peppol_outbox',
    tag: 'Peppol outbox',
    summary:
      "What the sandbox Peppol access point took from the account, oldest first (without the documents' bytes: GET /peppol_outbox/{id}/document).",
    source: 'fiscalkit (issue #23: "an outbox that `GET` can read"); docs/delivery-channels.md',
    paged: true,
    response: {
      answer: 'page',
      name: 'peppol_outbox',
      entry: 'PeppolOutboxEntry',
      pagination: 'meta',
      description: "A page of outbox entries; fiscalkit's own resource, with `meta` in every version.",
    },
  },
  {
    id: 'getPeppolOutboxEntry',
    method: 'get',
    path: '/peppol_outbox/{id}',
    tag: 'Peppol outbox',
    summary: "One outbox entry: the envelope the access point took, without the document's bytes.",
    source: 'fiscalkit (issue #23); docs/delivery-channels.md',
    response: {
      answer: 'json',
      schema: 'PeppolOutboxEntry',
      status: 200,
      wrapper: 'peppol_outbox_entry',
      description: 'The entry.',
    },
  },
  {
    id: 'downloadPeppolOutboxDocument',
    method: 'get',
    path: '/peppol_outbox/{id}/document',
    tag: 'Peppol outbox',
    summary: "The document exactly as the access point took it (its `sha256` is the entry's).",
    source: 'fiscalkit (issue #23); docs/delivery-channels.md',
    response: {
      answer: 'file',
      media: XML_FILE,
      description: 'The document (a Peppol BIS XML), with its own media type and file name.',
    },
  },
  // ─── The sandbox mailbox (issue #23; docs/delivery-channels.md "The sandbox mailbox") ───────────
  {
    id: 'listSandboxMailbox',
    method: 'get',
    path: '/accounts/{account}/sandbox_mailbox',
    tag: 'Sandbox mailbox',
    summary:
      "The mails a sandbox server without SMTP kept instead of sending them, oldest first (without the attachments' bytes: GET /sandbox_mailbox/{id}/attachment).",
    source:
      'fiscalkit (issue #23: the sandbox delivers e-mail without sending it); docs/delivery-channels.md',
    paged: true,
    response: {
      answer: 'page',
      name: 'sandbox_mailbox',
      entry: 'SandboxMail',
      pagination: 'meta',
      description: "A page of sandbox mails; fiscalkit's own resource, with `meta` in every version.",
    },
  },
  {
    id: 'getSandboxMail',
    method: 'get',
    path: '/sandbox_mailbox/{id}',
    tag: 'Sandbox mailbox',
    summary: "One sandbox mail: what the SMTP channel would have sent, without the attachment's bytes.",
    source: 'fiscalkit (issue #23); docs/delivery-channels.md',
    response: {
      answer: 'json',
      schema: 'SandboxMail',
      status: 200,
      wrapper: 'sandbox_mail',
      description: 'The mail.',
    },
  },
  {
    id: 'downloadSandboxMailAttachment',
    method: 'get',
    path: '/sandbox_mailbox/{id}/attachment',
    tag: 'Sandbox mailbox',
    summary: "The mail's attachment exactly as it would have been sent (its `sha256` is the mail's).",
    source: 'fiscalkit (issue #23); docs/delivery-channels.md',
    response: {
      answer: 'file',
      media: ['application/pdf', 'application/xml'],
      description:
        'The invoice document the mail carries (PDF or XML), with its own media type and file name.',
    },
  },
  // ─── Validation, directory, code lists (spec §4.8) ─────────────────────────────────────────────
  {
    id: 'validateDocument',
    method: 'post',
    path: '/documents/validate',
    tag: 'Documents',
    summary:
      'Detects the format of an electronic document (FA(3), SII, UBL, CII, Factur-X / ZUGFeRD PDF, Facturae, FatturaPA) and validates it.',
    source: 'spec §4.8; issue #8; issue #21',
    availability: 'documents.validate',
    request: {
      body: 'content',
      description:
        'The document as the body (XML, or a Factur-X / ZUGFeRD PDF), in JSON (`{"document": "<xml…>"}` or `{"file": "<base64>"}`), or in a multipart `file` part.',
      content: [
        { media: 'application/xml', schema: 'text' },
        { media: 'text/xml', schema: 'text' },
        { media: 'application/pdf', schema: 'binary' },
        { media: 'application/octet-stream', schema: 'binary' },
        { media: 'application/json', schema: 'DocumentUpload' },
        { media: 'multipart/form-data', schema: 'DocumentForm' },
      ],
    },
    response: {
      answer: 'json',
      schema: 'DocumentValidation',
      status: 200,
      description: 'The verdict, valid or not; a document fiscalkit will not read is 422.',
    },
  },
  {
    id: 'lookUpDirectory',
    method: 'get',
    path: '/directory/{country}/{identifier}',
    tag: 'Directory',
    summary: 'Looks up a participant among those fiscalkit knows.',
    source: 'spec §4.8 (payload: fiscalkit)',
    response: {
      answer: 'json',
      schema: 'DirectoryParticipant',
      status: 200,
      wrapper: 'participant',
      description: 'The participant.',
    },
  },
  codeList('listCountries', 'countries', 'Country', 'ISO 3166-1 countries', 'spec §4.8'),
  codeList('listCurrencies', 'currencies', 'Currency', 'ISO 4217 currencies', 'spec §4.8'),
  codeList('listLanguages', 'languages', 'Language', 'ISO 639-1 languages', 'spec §4.8'),
  codeList(
    'listSchemes',
    'schemes',
    'Scheme',
    'identifier schemes (ISO 6523, zero-padded)',
    'spec §4.8, §2.2',
  ),
  codeList('listInvoiceStates', 'invoice_states', 'InvoiceState', 'invoice states', 'spec §4.8, §3.3'),
  // ─── Webhook subscriptions (paths: DESIGN.md "Where the spec is silent") ───────────────────────
  {
    id: 'listWebHooks',
    method: 'get',
    path: '/accounts/{account}/web_hooks',
    tag: 'Web hooks',
    summary: 'The webhook subscriptions of an account.',
    source: 'spec §2.12, §6; DESIGN.md',
    paged: true,
    query: [queryParameter('web_hooks')],
    response: list('web_hook'),
  },
  {
    id: 'createWebHook',
    method: 'post',
    path: '/accounts/{account}/web_hooks',
    tag: 'Web hooks',
    summary: 'Subscribes a URL to events; the answer carries the signing secret.',
    source: 'spec §2.12, §6; api-notes.md §5.4',
    request: body('web_hook', 'create'),
    response: created('web_hook'),
  },
  {
    id: 'getWebHook',
    method: 'get',
    path: '/web_hooks/{id}',
    tag: 'Web hooks',
    summary: 'A webhook subscription.',
    source: 'spec §2.12; DESIGN.md',
    response: read('web_hook'),
  },
  {
    id: 'replaceWebHook',
    method: 'put',
    path: '/web_hooks/{id}',
    tag: 'Web hooks',
    summary: 'Changes the fields sent, like PATCH (a partial update; nothing is required).',
    source: 'spec §2.12; DESIGN.md; issue #19 (PUT is a partial update)',
    request: body('web_hook', 'update'),
    response: written('web_hook'),
  },
  {
    id: 'updateWebHook',
    method: 'patch',
    path: '/web_hooks/{id}',
    tag: 'Web hooks',
    summary: 'Changes the fields sent.',
    source: 'spec §2.12; DESIGN.md',
    request: body('web_hook', 'update'),
    response: written('web_hook'),
  },
  {
    id: 'deleteWebHook',
    method: 'delete',
    path: '/web_hooks/{id}',
    tag: 'Web hooks',
    summary: 'Deletes a webhook subscription; answers it as it was.',
    source: 'spec §2.12; DESIGN.md',
    response: written('web_hook'),
  },
  {
    id: 'listWebHookDeliveries',
    method: 'get',
    path: '/accounts/{account}/web_hook_deliveries',
    tag: 'Web hooks',
    summary: 'The webhook deliveries of an account, each with every attempt.',
    source: 'fiscalkit (spec §6 rule 4: delivery not shown)',
    paged: true,
    query: [queryParameter('web_hook_deliveries')],
    response: list('web_hook_delivery'),
  },
  // ─── Request logs (spec §7.1) ──────────────────────────────────────────────────────────────────
  {
    id: 'getRequestLog',
    method: 'get',
    path: '/request_logs/{id}',
    tag: 'Request logs',
    summary: 'The log of a request (the `request_log_url` of an error; `X-B2B-API-Request-Id`).',
    source: 'spec §7.1',
    response: {
      answer: 'json',
      schema: 'RequestLog',
      status: 200,
      wrapper: 'request_log',
      description: 'The request log.',
    },
  },
  // ─── The documents themselves (issue #8), served without a key ─────────────────────────────────
  {
    id: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    tag: 'OpenAPI',
    summary: 'The OpenAPI 3.1 document of an API version; no API key needed.',
    source: 'issue #8',
    public: true,
    query: [
      {
        name: 'version',
        description:
          'The API version (`2026-04-20` or `v2026-04-20`); default the `X-B2B-API-Version` header, else the newest.',
        schema: { type: 'string', pattern: '^v?[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
      },
    ],
    response: {
      answer: 'json',
      schema: 'OpenApiDocument',
      status: 200,
      description: 'The OpenAPI document.',
    },
  },
  {
    id: 'getOpenApiDocumentOfVersion',
    method: 'get',
    path: '/openapi/{version}.json',
    tag: 'OpenAPI',
    summary: 'The OpenAPI 3.1 document of one API version; no API key needed.',
    source: 'issue #8',
    public: true,
    response: {
      answer: 'json',
      schema: 'OpenApiDocument',
      status: 200,
      description: 'The OpenAPI document.',
    },
  },
];
