import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../model/listQuery.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { VERSION_CHAIN } from '../versions/chain.js';
import { legacyPath } from '../versions/legacyPaths.js';
import {
  LEGACY_REQUEST_ID_HEADER,
  listResponseHasMeta,
  REQUEST_ID_HEADER,
  versionHasEndpoint,
} from '../versions/protocol.js';
import { LEGACY_API_VERSION } from '../versions/resolveVersion.js';
import { OpenApiComponents } from './components.js';
import { ENDPOINTS } from './endpoints.js';
import { ERROR_RESPONSE_NAMES, ERROR_STATUSES, errorResponse, errorSchema } from './errorResponses.js';
import type { JsonSchema } from './jsonSchema.js';
import { listMetaSchema, operationOf, responseHeaders } from './operation.js';

/**
 * Options of {@link openApiDocument}.
 *
 * @example
 * ```ts
 * openApiDocument('2026-04-20', { server_url: 'https://api.example.com' }).servers; // [{ url: 'https://api.example.com', … }]
 * ```
 */
export interface OpenApiOptions {
  /** The base URL clients call (`servers[0].url`), e.g. `https://api.example.com`; none when absent. */
  server_url?: string;
}

/**
 * An OpenAPI 3.1 document as plain JSON (`JSON.stringify` writes it as it is).
 *
 * @example
 * ```ts
 * const document: OpenApiDocument = openApiDocument('2026-04-20');
 * Object.keys(document.paths).length; // the endpoints of v2026-04-20
 * ```
 */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: ApiVersion;
    summary: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers?: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: { name: string }[];
  /** Path → method → operation object. */
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
  };
}

/** The header that carries the API key (spec §5 rule 1). */
const API_KEY_HEADER = 'X-B2B-API-Key';
/** The header that chooses the API version (spec §9 rule 1). */
const API_VERSION_HEADER = 'X-B2B-API-Version';

/** The legacy v2025-01-01 in one paragraph (it has no entry in the chain of changes). */
const LEGACY_SUMMARY =
  'The legacy version (spec §9): paths under /projects and /clients, code lists under /users, the directory and tax reports under /api/v1; writes answer 204 No Content; no tax report, ledger, batch or TIN verification endpoints.';

function summaryOf(version: ApiVersion): string {
  return VERSION_CHAIN.find((entry) => entry.version === version)?.summary ?? LEGACY_SUMMARY;
}

function description(version: ApiVersion): string {
  return [
    `fiscalkit's electronic invoicing and tax reporting API as version ${version} writes it: ${summaryOf(version)}`,
    '',
    `Send \`${API_KEY_HEADER}\` with your API key and \`${API_VERSION_HEADER}: ${version}\` with every request, so that requests are read and responses written in this document's shape (without the header the version of the key's group applies, spec §9).`,
    '',
    'Bodies wrap the resource in its name (`{"invoice": {...}}`); lists are `{"invoices": [...], "meta": {"total_count", "offset", "limit", "total"}}` (spec §2.1, §4; `total` is `total_count` again, what the official PHP client reads). Amounts are JSON numbers written digit for digit (`format: decimal`): read them into a decimal type, never a float. Errors are `{"error": {"code", "message", "param", "request_log_url", "type"}}` (spec §7).',
    '',
    "Generated from fiscalkit's zod schemas and version changes (src/openapi); the reference HTTP binding serves it at GET /openapi.json.",
  ].join('\n');
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The OpenAPI 3.1 document of API `version`, as plain JSON: every endpoint the version has (spec §4;
 * `versionHasEndpoint` drops the others, e.g. no /tin_verifications before v2026-04-20), at the
 * version's paths (`legacyPath` for v2025-01-01), with request and response bodies in the version's
 * shape (`requestSchema`, `responseSchema`: the model's zod schemas with the newer versions' changes
 * undone), the success statuses the version answers with (201, 200 or 204), the API key security
 * scheme, the version header and the error responses of spec §7. Deterministic: the same version and
 * options give the same JSON, so documents can be committed, diffed and cached. These are the
 * documents the HTTP binding serves at GET /openapi.json and `npm run openapi` writes.
 *
 * @example
 * ```ts
 * const document = openApiDocument('2026-04-20', { server_url: 'http://localhost:3000' });
 * document.openapi; // '3.1.0'
 * '/tin_verifications' in document.paths; // true
 * '/tin_verifications' in openApiDocument('2026-03-02').paths; // false
 * ```
 */
export function openApiDocument(version: ApiVersion, options: OpenApiOptions = {}): OpenApiDocument {
  const components = new OpenApiComponents(version);
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const endpoint of ENDPOINTS) {
    if (endpoint.availability !== undefined && !versionHasEndpoint(version, endpoint.availability)) continue;
    const path =
      version === LEGACY_API_VERSION && endpoint.legacyPath !== true && endpoint.public !== true
        ? legacyPath(endpoint.method, endpoint.path)
        : endpoint.path;
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[endpoint.method] = operationOf(endpoint, version, components);
    if (!tags.includes(endpoint.tag)) tags.push(endpoint.tag);
  }
  components.named('Error', errorSchema);
  // The legacy version has no `meta` (spec §9): its pages carry the numbers beside the list.
  if (listResponseHasMeta(version)) components.named('ListMeta', listMetaSchema);

  const headers = responseHeaders(version);
  return {
    openapi: '3.1.0',
    info: {
      title: 'fiscalkit API',
      version,
      summary:
        'Electronic invoicing and tax reporting: accounts, contacts, invoices, KSeF and SII tax reports, TIN verification, Peppol transports.',
      description: description(version),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(options.server_url === undefined
      ? {}
      : { servers: [{ url: options.server_url.replace(/\/+$/, ''), description: 'fiscalkit' }] }),
    security: [{ ApiKey: [] }],
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        ApiKey: {
          type: 'apiKey',
          in: 'header',
          name: API_KEY_HEADER,
          description:
            'The API key (spec §5). Sandbox keys start with `test_`; a key of another environment is 401 `unauthorized`, a key without a group 403 `no_account_group`.',
        },
      },
      parameters: {
        ApiVersion: {
          name: API_VERSION_HEADER,
          in: 'header',
          required: true,
          description: `The API version this document describes (spec §9 rule 1; \`v${version}\` is the same). Another supported version reads and writes other shapes; an unknown one is 400 \`invalid_api_version\`.`,
          schema: { type: 'string', enum: [version, `v${version}`], default: version },
        },
        Offset: {
          name: 'offset',
          in: 'query',
          description:
            'Entries to skip (spec §2.1); default 0. Not a whole number: 400 `invalid_request_params`; negative: 422 `parameter_invalid`.',
          schema: { type: 'integer', minimum: 0, default: 0 },
        },
        Limit: {
          name: 'limit',
          in: 'query',
          description: `Page size (spec §2.1; api-notes.md §7): default ${String(DEFAULT_PAGE_LIMIT)}, at most ${String(MAX_PAGE_LIMIT)}; beyond is 422 \`parameter_invalid\`, not a whole number 400 \`invalid_request_params\`.`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
        },
      },
      headers: {
        RequestId: {
          description: `The id of this request's log (\`${REQUEST_ID_HEADER}\`, spec §7.1): GET /request_logs/{id}.`,
          schema: { type: 'string' },
        },
        ...(Object.hasOwn(headers, LEGACY_REQUEST_ID_HEADER)
          ? {
              LegacyRequestId: {
                description: `The same id under the header older versions used (\`${LEGACY_REQUEST_ID_HEADER}\`, api-notes.md §11).`,
                schema: { type: 'string' },
              },
            }
          : {}),
      },
      responses: Object.fromEntries(
        ERROR_STATUSES.map((status) => [ERROR_RESPONSE_NAMES[status], errorResponse(status, headers)]),
      ),
      schemas: sortedByKey(components.schemas),
    },
  };
}
