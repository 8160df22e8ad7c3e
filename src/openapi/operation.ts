import { INVOICE_EXPANDABLE_FIELDS, MAX_PAGE_LIMIT } from '../model/listQuery.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { fieldsOf } from '../versions/fieldsOf.js';
import { versionHasQueryFilter } from '../versions/listFilters.js';
import {
  createdStatus,
  invoiceListFilterSupport,
  LEGACY_REQUEST_ID_HEADER,
  listResponseHasMeta,
  REQUEST_ID_HEADER,
  requestIdHeaders,
  wrapperNames,
  writeStatus,
} from '../versions/protocol.js';
import { KINDS } from '../versions/resourceKind.js';
import type { OpenApiComponents } from './components.js';
import type { BesideFields, Endpoint, QueryParameter, RequestBody, ResponseBody } from './endpoints.js';
import { ERROR_RESPONSE_NAMES, type ErrorStatus } from './errorResponses.js';
import type { JsonSchema } from './jsonSchema.js';

/**
 * The header components of the request-log id headers (spec §7.1; api-notes.md §11).
 *
 * @example
 * ```ts
 * REQUEST_ID_HEADER_COMPONENTS['X-Request-Id']; // 'LegacyRequestId': `#/components/headers/LegacyRequestId`
 * ```
 */
export const REQUEST_ID_HEADER_COMPONENTS: Readonly<Record<string, string>> = {
  [REQUEST_ID_HEADER]: 'RequestId',
  [LEGACY_REQUEST_ID_HEADER]: 'LegacyRequestId',
};

/**
 * The headers every logged response of `version` carries, as header references: the request-log id
 * under `X-B2B-API-Request-Id`, and also under `X-Request-Id` before v2026-03-02
 * (`requestIdHeaders`). A response to a route without a key (no version) carries the first only.
 *
 * @example
 * ```ts
 * Object.keys(responseHeaders('2025-10-13')); // ['X-B2B-API-Request-Id', 'X-Request-Id']
 * ```
 */
export function responseHeaders(version: ApiVersion | null): Record<string, JsonSchema> {
  const names = version === null ? [REQUEST_ID_HEADER] : requestIdHeaders(version);
  return Object.fromEntries(
    names.map((name) => [
      name,
      { $ref: `#/components/headers/${REQUEST_ID_HEADER_COMPONENTS[name] ?? 'RequestId'}` },
    ]),
  );
}

/** The path parameters of the binding's templates. */
const PATH_PARAMETERS: Readonly<Record<string, { description: string; schema: JsonSchema }>> = {
  account: { description: 'The account id.', schema: { type: 'integer', minimum: 1 } },
  id: { description: 'The resource id.', schema: { type: 'integer', minimum: 1 } },
  code: {
    description: 'The transport code (its transport type code, spec §2.8).',
    schema: { type: 'string' },
  },
  country: {
    description:
      'ISO 3166-1 alpha-2 country code; the spec writes it lower case (§4.8), either case is read.',
    schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
  },
  identifier: {
    description: 'The participant identifier: `scheme:value` (`9920:ESB12345674`) or the value alone.',
    schema: { type: 'string' },
  },
  attachment_id: { description: 'The attachment id.', schema: { type: 'integer', minimum: 1 } },
  document_type_code: {
    description: 'The document type code of the rendering asked for (`taxReportDocumentTypeCode`).',
    schema: { type: 'string' },
  },
  document_type: {
    description: 'A document type code of `GET /document_types` (`pdf.invoice`, `xml.ubl.invoice.bis3`, …).',
    schema: { type: 'string' },
  },
  version: {
    description: 'The API version, with or without the leading `v`.',
    schema: { type: 'string', pattern: '^v?[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  },
};

function pathParameters(path: string, own: Endpoint['pathParameters'] = {}): JsonSchema[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
    const known = own[name] ?? PATH_PARAMETERS[name];
    if (known === undefined) throw new TypeError(`openapi: unknown path parameter {${name}} in ${path}`);
    return { name, in: 'path', required: true, ...known };
  });
}

/** Whether a query parameter exists in `version` (asked of `src/versions`, never by comparing versions). */
function queryApplies(parameter: QueryParameter, version: ApiVersion): boolean {
  if (parameter.onlyIf === 'invoice_list_type_filter')
    return invoiceListFilterSupport(version, 'type') === 'supported';
  if (parameter.onlyIf === 'invoice_list_filter')
    return invoiceListFilterSupport(version, parameter.name) !== 'unsupported';
  // The Ransack-style `query` replaced `taxcode` in v2026-03-02 (api-notes.md §3.2; issue #19).
  if (parameter.onlyIf === 'list_query_filter') return versionHasQueryFilter(version);
  if (parameter.onlyIf === 'before_list_query_filter') return !versionHasQueryFilter(version);
  if (parameter.onlyIf === 'invoice_expandable_fields') {
    const fields = fieldsOf(version, 'invoice');
    return INVOICE_EXPANDABLE_FIELDS.some((field) => fields.has(field));
  }
  return true;
}

function json(schema: JsonSchema): JsonSchema {
  return { 'application/json': { schema } };
}

function wrapped(name: string, schema: JsonSchema, beside: BesideFields = {}): JsonSchema {
  const required = [name, ...Object.keys(beside).filter((key) => beside[key]?.required === true)];
  const properties: Record<string, JsonSchema> = { [name]: schema };
  for (const [key, field] of Object.entries(beside)) properties[key] = field.schema;
  return { type: 'object', properties, required };
}

/**
 * The `meta` of a page (spec §2.1): the three numbers, and `total`, the same as `total_count`, which
 * the official PHP client reads. The `ListMeta` component of every document whose lists carry `meta`.
 *
 * @example
 * ```ts
 * listMetaSchema().required; // ['total_count', 'offset', 'limit', 'total']
 * ```
 */
export function listMetaSchema(): JsonSchema {
  return {
    type: 'object',
    description: 'The page a list response holds (spec §2.1).',
    properties: {
      ...LIST_PAGE_PROPERTIES,
      total: {
        type: 'integer',
        minimum: 0,
        description:
          'The same number as `total_count`: what the official PHP client reads (`Collection::getTotal`, `hasMore`); fiscalkit writes both (issue #19).',
      },
    },
    required: ['total_count', 'offset', 'limit', 'total'],
  };
}

/**
 * The three numbers of a page (spec §2.1): the properties of the `ListMeta` component, and of a
 * legacy list response itself, which carries them beside the list (`serializeList`).
 *
 * @example
 * ```ts
 * Object.keys(LIST_PAGE_PROPERTIES); // ['total_count', 'offset', 'limit']
 * ```
 */
export const LIST_PAGE_PROPERTIES: Readonly<Record<'total_count' | 'offset' | 'limit', JsonSchema>> = {
  total_count: { type: 'integer', minimum: 0, description: 'Entries in the whole list.' },
  offset: { type: 'integer', minimum: 0, description: 'Entries skipped before this page.' },
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_PAGE_LIMIT,
    description: 'The page size asked for.',
  },
};

/**
 * Where a list response carries its page: in `meta` (from v2025-10-13), beside the list (a legacy
 * resource list, `serializeList`), or nowhere (a legacy code list, read whole).
 */
type Pagination = 'meta' | 'root' | 'none';

function page(plural: string, item: JsonSchema, pagination: Pagination): JsonSchema {
  const list = { [plural]: { type: 'array', items: item } };
  if (pagination === 'meta')
    return {
      type: 'object',
      properties: { ...list, meta: { $ref: '#/components/schemas/ListMeta' } },
      required: [plural, 'meta'],
      additionalProperties: false,
    };
  if (pagination === 'root')
    return {
      type: 'object',
      properties: { ...list, ...LIST_PAGE_PROPERTIES },
      required: [plural, 'total_count', 'offset', 'limit'],
      additionalProperties: false,
    };
  return { type: 'object', properties: list, required: [plural], additionalProperties: false };
}

function requestBodyOf(request: RequestBody, version: ApiVersion, components: OpenApiComponents): JsonSchema {
  if (request.body === 'resource') {
    const { singular } = wrapperNames(version, request.kind);
    const beside = Object.fromEntries(
      Object.entries(request.beside ?? {}).map(([key, schema]) => [key, { schema }]),
    );
    return {
      required: true,
      description: `The ${request.kind.replaceAll('_', ' ')}, wrapped in \`${singular}\` (spec §4).`,
      content: json(wrapped(singular, components.request(request.kind, request.operation), beside)),
    };
  }
  if (request.body === 'wrapped')
    return {
      required: true,
      description: request.description,
      content: json(wrapped(request.name, components.custom(request.schema))),
    };
  const content: JsonSchema = {};
  for (const { media, schema } of request.content)
    content[media] =
      schema === 'binary'
        ? {} // raw bytes: no schema (OpenAPI 3.1 "Considerations for File Uploads")
        : { schema: schema === 'text' ? { type: 'string' } : components.custom(schema) };
  return { required: request.optional !== true, description: request.description, content };
}

/** The success status of a response in `version` (spec §2.1; api-notes.md §3.2). */
function successStatus(response: ResponseBody, version: ApiVersion): number {
  const outcome =
    response.answer === 'resource'
      ? (response.status ?? response.outcome)
      : response.answer === 'json'
        ? response.status
        : 200;
  // The issue #23 routes answer a body in every version: 201 where a legacy create would be 204.
  if (outcome === 'created_with_body') {
    const status = createdStatus(version);
    return status === 204 ? 201 : status;
  }
  if (outcome === 'created') return createdStatus(version);
  if (outcome === 'write') return writeStatus(version);
  if (outcome === 'read') return 200;
  return outcome;
}

function successResponse(
  endpoint: Endpoint,
  version: ApiVersion,
  components: OpenApiComponents,
): [string, JsonSchema] {
  const response = endpoint.response;
  const headers = responseHeaders(endpoint.public === true ? null : version);
  const status = successStatus(response, version);
  if (status === 204) {
    // A legacy create says where the new resource is (`send`'s `location` in the binding).
    const isCreate =
      response.answer === 'resource' && response.status === undefined && response.outcome === 'created';
    const location = {
      description: 'The legacy path of the new resource.',
      schema: { type: 'string', format: 'uri' },
    };
    return [
      '204',
      {
        description:
          'Done, with no body: the legacy version answers writes with 204 No Content (spec §2.1, §9).',
        headers: isCreate ? { ...headers, Location: location } : headers,
      },
    ];
  }
  switch (response.answer) {
    case 'resource': {
      const schema = components.resource(response.kind);
      const { singular } = wrapperNames(version, response.kind);
      return [
        String(status),
        {
          description: response.description ?? `The ${response.kind.replaceAll('_', ' ')}.`,
          headers,
          content: json(response.bare === true ? schema : wrapped(singular, schema, response.beside)),
        },
      ];
    }
    case 'list': {
      const { plural } = wrapperNames(version, response.kind);
      return [
        '200',
        {
          description: listResponseHasMeta(version)
            ? `A page of ${KINDS[response.kind].plural.replaceAll('_', ' ')}.`
            : `A page of ${KINDS[response.kind].plural.replaceAll('_', ' ')}; the legacy version writes the page beside the list, not in \`meta\` (spec §9).`,
          headers,
          content: json(
            page(
              plural,
              components.resource(response.kind, 'list_entry'),
              listResponseHasMeta(version) ? 'meta' : 'root',
            ),
          ),
        },
      ];
    }
    case 'code_list':
      return [
        '200',
        {
          description: `The list; the legacy version writes no \`meta\` (spec §9).`,
          headers,
          content: json(
            page(
              response.name,
              components.custom(response.entry),
              listResponseHasMeta(version) ? 'meta' : 'none',
            ),
          ),
        },
      ];
    case 'page': {
      // fiscalkit's own lists (issue #23): `meta` in every version, the legacy one too.
      const meta = components.named('ListMeta', listMetaSchema);
      const list = { type: 'array', items: components.custom(response.entry) };
      const schema: JsonSchema =
        response.pagination === 'meta'
          ? {
              type: 'object',
              properties: { [response.name]: list, meta },
              required: [response.name, 'meta'],
              additionalProperties: false,
            }
          : {
              type: 'object',
              properties: {
                [response.name]: list,
                ...LIST_PAGE_PROPERTIES,
                // The tax report settings route writes the three numbers in `meta`, without `total`.
                meta: {
                  type: 'object',
                  description: 'The same three numbers (spec §2.1).',
                  properties: LIST_PAGE_PROPERTIES,
                  required: ['total_count', 'offset', 'limit'],
                },
              },
              required: [response.name, 'total_count', 'offset', 'limit', 'meta'],
              additionalProperties: false,
            };
      return ['200', { description: response.description, headers, content: json(schema) }];
    }
    case 'json': {
      const item = components.custom(response.schema);
      const schema = response.array === true ? { type: 'array', items: item } : item;
      const body = response.wrapper === undefined ? schema : wrapped(response.wrapper, schema);
      return [String(status), { description: response.description, headers, content: json(body) }];
    }
    case 'file':
      return [
        String(status),
        {
          description: response.description,
          headers: {
            ...headers,
            'Content-Disposition': {
              description: 'The file name (RFC 6266).',
              schema: { type: 'string' },
            },
          },
          content: Object.fromEntries(response.media.map((media) => [media, {}])),
        },
      ];
  }
}

/** The error statuses an endpoint can answer (spec §7.2). */
function errorStatuses(endpoint: Endpoint): ErrorStatus[] {
  // A route without a key answers only its own 400 (an unknown version).
  if (endpoint.public === true) return [400];
  const statuses: ErrorStatus[] = [400, 401, 403];
  if (/\{\w+\}/.test(endpoint.path)) statuses.push(404);
  if (endpoint.conflict === true) statuses.push(409);
  if (endpoint.request !== undefined) statuses.push(413);
  if (
    endpoint.request !== undefined ||
    endpoint.paged === true ||
    (endpoint.query?.length ?? 0) > 0 ||
    endpoint.unprocessable === true
  )
    statuses.push(422);
  // Every keyed request reads the store: a database restart answers 503 (issue #24).
  statuses.push(429, 503);
  return statuses;
}

/**
 * The OpenAPI operation object of an endpoint in `version`: its parameters (path, `offset`/`limit`,
 * the query parameters the version has, the version header), its request body and responses in the
 * version's shape, the success status the version answers with, and the errors of spec §7.2 it can
 * produce. Schemas go to `components`.
 *
 * @example
 * ```ts
 * const operation = operationOf(createInvoice, '2025-01-01', new OpenApiComponents('2025-01-01'));
 * Object.keys(operation.responses)[0]; // '204'
 * ```
 */
export function operationOf(
  endpoint: Endpoint,
  version: ApiVersion,
  components: OpenApiComponents,
): JsonSchema {
  const parameters: JsonSchema[] = pathParameters(endpoint.path, endpoint.pathParameters);
  if (endpoint.paged === true)
    parameters.push({ $ref: '#/components/parameters/Offset' }, { $ref: '#/components/parameters/Limit' });
  for (const query of endpoint.query ?? [])
    if (queryApplies(query, version))
      parameters.push({
        name: query.name,
        in: query.in ?? 'query',
        ...(query.required === true ? { required: true } : {}),
        description: query.description,
        ...(query.onlyIf === 'invoice_list_filter' &&
        invoiceListFilterSupport(version, query.name) === 'deprecated'
          ? { deprecated: true }
          : {}),
        schema: query.schema,
      });
  if (endpoint.public !== true) parameters.push({ $ref: '#/components/parameters/ApiVersion' });
  const [status, success] = successResponse(endpoint, version, components);
  const responses: JsonSchema = { [status]: success };
  for (const error of errorStatuses(endpoint))
    responses[String(error)] = { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[error]}` };
  return {
    operationId: endpoint.id,
    summary: endpoint.summary,
    description: `Source: ${endpoint.source}.`,
    tags: [endpoint.tag],
    ...(endpoint.public === true ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.request === undefined
      ? {}
      : { requestBody: requestBodyOf(endpoint.request, version, components) }),
    responses,
  };
}
