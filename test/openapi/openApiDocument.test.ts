/**
 * The OpenAPI 3.1 documents of every API version (issue #8 `GET /openapi.json`, issue #9
 * `npm run openapi`). No OpenAPI validator is installed, so `structuralProblems` checks what such a
 * validator would on these documents: the 3.1 header, every `$ref` resolving, operations with
 * responses and unique ids, path parameters matching their templates, JSON Schema 2020-12 keywords
 * (no 3.0 `nullable`), security requirements naming a scheme, and no schema left unused.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG } from '../../src/errors/catalog.js';
import { ENDPOINTS } from '../../src/openapi/endpoints.js';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { requestSchema } from '../../src/openapi/requestSchema.js';
import { responseSchema } from '../../src/openapi/responseSchema.js';
import { acceptsNull, schemaAt, schemaFieldPaths } from '../../src/openapi/schemaTree.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { VERSIONED_ENDPOINTS, versionHasEndpoint } from '../../src/versions/protocol.js';
import { KINDS, RESOURCE_KINDS } from '../../src/versions/resourceKind.js';

// biome-ignore lint/suspicious/noExplicitAny: the documents are arbitrary JSON
type Json = any;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const SCHEMA_CHILDREN = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a local JSON pointer (`#/components/schemas/Invoice`) names, or undefined. */
function resolve(document: Json, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = document;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, Json>)[key];
    if (node === undefined) return undefined;
  }
  return node;
}

function deref(document: Json, value: Json): Json {
  return isObject(value) && typeof value.$ref === 'string' ? resolve(document, value.$ref) : value;
}

/** Every object in a JSON value, with its path. */
function* objectsIn(value: Json, path = '#'): Generator<[string, Record<string, Json>]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* objectsIn(item, `${path}/${index}`);
    return;
  }
  if (!isObject(value)) return;
  yield [path, value];
  for (const [key, child] of Object.entries(value)) yield* objectsIn(child, `${path}/${key}`);
}

/** Every JSON Schema of the document (components, parameters, media types, headers), nested ones too. */
function* schemasIn(document: Json): Generator<[string, Record<string, Json>]> {
  function* walk(schema: Json, path: string): Generator<[string, Record<string, Json>]> {
    if (!isObject(schema)) return;
    yield [path, schema];
    for (const [key, child] of Object.entries(schema.properties ?? {}))
      yield* walk(child, `${path}/properties/${key}`);
    for (const key of SCHEMA_CHILDREN) yield* walk(schema[key], `${path}/${key}`);
    for (const key of SCHEMA_LISTS)
      for (const [index, child] of (schema[key] ?? []).entries())
        yield* walk(child, `${path}/${key}/${index}`);
  }
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
    yield* walk(schema, `#/components/schemas/${name}`);
  for (const [path, node] of objectsIn(document.paths, '#/paths'))
    if (
      isObject(node.schema) &&
      (typeof node.in === 'string' || path.includes('/content/') || path.includes('/headers/'))
    )
      yield* walk(node.schema, `${path}/schema`);
  for (const [path, node] of objectsIn(document.components, '#/components'))
    if (isObject(node.schema) && !path.startsWith('#/components/schemas'))
      yield* walk(node.schema, `${path}/schema`);
}

/** What an OpenAPI 3.1 validator would refuse in `document` (empty when nothing). */
function structuralProblems(document: Json): string[] {
  const problems: string[] = [];
  if (document.openapi !== '3.1.0') problems.push(`openapi is ${String(document.openapi)}, not 3.1.0`);
  if (typeof document.info?.title !== 'string' || typeof document.info?.version !== 'string')
    problems.push('info needs a title and a version');
  if (!isObject(document.paths)) problems.push('no paths');

  for (const [path, node] of objectsIn(document))
    if (typeof node.$ref === 'string' && resolve(document, node.$ref) === undefined)
      problems.push(`${path}: $ref ${node.$ref} does not resolve`);

  const schemes = Object.keys(document.components?.securitySchemes ?? {});
  for (const requirement of document.security ?? [])
    for (const name of Object.keys(requirement))
      if (!schemes.includes(name)) problems.push(`security names an unknown scheme ${name}`);

  const declaredTags = (document.tags ?? []).map((tag: Json) => tag.name);
  const operationIds = new Set<string>();
  const templates = new Set<string>();
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    const template = path.replace(/\{[^}]+\}/g, '{}');
    if (templates.has(template)) problems.push(`path ${path} is the same template as another`);
    templates.add(template);
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);
    for (const [method, operation] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.includes(method)) {
        problems.push(`${where}: not an HTTP method`);
        continue;
      }
      if (typeof operation.operationId !== 'string') problems.push(`${where}: no operationId`);
      else if (operationIds.has(operation.operationId))
        problems.push(`${where}: operationId ${operation.operationId} repeated`);
      else operationIds.add(operation.operationId);
      for (const tag of operation.tags ?? [])
        if (!declaredTags.includes(tag)) problems.push(`${where}: tag ${tag} not declared`);
      for (const requirement of operation.security ?? [])
        for (const name of Object.keys(requirement))
          if (!schemes.includes(name)) problems.push(`${where}: security names an unknown scheme ${name}`);

      const parameters = (operation.parameters ?? []).map((parameter: Json) => deref(document, parameter));
      const seen = new Set<string>();
      for (const parameter of parameters) {
        if (!isObject(parameter)) continue;
        if (
          typeof parameter.name !== 'string' ||
          !['query', 'header', 'path', 'cookie'].includes(parameter.in)
        )
          problems.push(`${where}: a parameter has no name or a wrong "in"`);
        if (seen.has(`${parameter.in}:${parameter.name}`))
          problems.push(`${where}: parameter ${parameter.name} repeated`);
        seen.add(`${parameter.in}:${parameter.name}`);
        if ((parameter.schema === undefined) === (parameter.content === undefined))
          problems.push(`${where}: parameter ${parameter.name} needs a schema or a content, not both`);
        if (parameter.in === 'path' && parameter.required !== true)
          problems.push(`${where}: path parameter ${parameter.name} is not required`);
      }
      const inPath = parameters
        .filter((parameter: Json) => parameter?.in === 'path')
        .map((parameter: Json) => parameter.name);
      if ([...inPath].sort().join() !== [...names].sort().join())
        problems.push(`${where}: path parameters ${inPath.join()} do not match the template ${names.join()}`);

      if (operation.requestBody !== undefined) {
        const body = deref(document, operation.requestBody);
        if (!isObject(body?.content) || Object.keys(body.content).length === 0)
          problems.push(`${where}: a request body without content`);
      }
      const responses = Object.entries<Json>(operation.responses ?? {});
      if (responses.length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of responses) {
        if (!/^(default|[1-5](\d\d|XX))$/.test(status)) problems.push(`${where}: response key ${status}`);
        const resolved = deref(document, response);
        if (typeof resolved?.description !== 'string') problems.push(`${where} ${status}: no description`);
        for (const [name, header] of Object.entries<Json>(resolved?.headers ?? {})) {
          const value = deref(document, header);
          if (value?.name !== undefined || value?.in !== undefined || !isObject(value?.schema))
            problems.push(`${where} ${status}: header ${name} is not a header object`);
        }
      }
    }
  }

  for (const [path, schema] of schemasIn(document)) {
    if (schema.nullable !== undefined) problems.push(`${path}: "nullable" is OpenAPI 3.0, not 3.1`);
    const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
    for (const type of types) if (!JSON_TYPES.includes(type)) problems.push(`${path}: type ${String(type)}`);
    if (schema.enum !== undefined && (!Array.isArray(schema.enum) || schema.enum.length === 0))
      problems.push(`${path}: enum must be a non-empty array`);
    if (Array.isArray(schema.items)) problems.push(`${path}: items as an array is not 2020-12 (prefixItems)`);
    if (schema.required !== undefined) {
      if (!Array.isArray(schema.required)) problems.push(`${path}: required is not an array`);
      else if (isObject(schema.properties) && schema.additionalProperties === false)
        for (const name of schema.required)
          if (!Object.hasOwn(schema.properties, name))
            problems.push(`${path}: required ${name} is not a property`);
    }
    if (isObject(schema.discriminator)) {
      const property = schema.discriminator.propertyName;
      for (const branch of schema.oneOf ?? []) {
        const resolved = deref(document, branch);
        if (!Object.hasOwn(resolved?.properties ?? {}, property))
          problems.push(`${path}: a oneOf alternative has no ${property}`);
      }
      for (const target of Object.values<string>(schema.discriminator.mapping ?? {}))
        if (resolve(document, target) === undefined)
          problems.push(`${path}: mapping ${target} does not resolve`);
    }
  }

  for (const name of Object.keys(document.components?.schemas ?? {}))
    if (!/^[a-zA-Z0-9._-]+$/.test(name)) problems.push(`schema name ${name}`);
  // Every schema is used: reachable from the paths through $ref, transitively.
  const reached = new Set<string>();
  const pending = [document.paths, document.components?.responses, document.components?.parameters];
  while (pending.length > 0) {
    const next = pending.pop();
    for (const [, node] of objectsIn(next))
      if (typeof node.$ref === 'string' && !reached.has(node.$ref)) {
        reached.add(node.$ref);
        pending.push(resolve(document, node.$ref));
      }
  }
  for (const name of Object.keys(document.components?.schemas ?? {}))
    if (!reached.has(`#/components/schemas/${name}`)) problems.push(`schema ${name} is never used`);
  return problems;
}

const documents = new Map<ApiVersion, Json>(
  API_VERSIONS.map((version) => [version, openApiDocument(version) as Json]),
);
const documentOf = (version: ApiVersion): Json => documents.get(version);
const schemaOf = (version: ApiVersion, name: string): Json => documentOf(version).components.schemas[name];
const operationOf = (version: ApiVersion, path: string, method: string): Json =>
  documentOf(version).paths[path]?.[method];

describe('the checker itself', () => {
  it('finds what it is meant to find', () => {
    const broken = structuredClone(documentOf(LATEST_API_VERSION));
    broken.openapi = '3.0.3';
    broken.paths['/invoices/{id}'].get.operationId = 'listAccounts';
    broken.paths['/invoices/{id}'].get.responses = {};
    broken.paths['/accounts'].get.responses['200'].content[
      'application/json'
    ].schema.properties.accounts.items = {
      $ref: '#/components/schemas/Nowhere',
    };
    broken.components.schemas.Invoice.properties.total.nullable = true;
    broken.components.schemas.Orphan = { type: 'object' };
    const problems = structuralProblems(broken).join('\n');
    expect(problems).toContain('openapi is 3.0.3');
    expect(problems).toContain('operationId listAccounts repeated');
    expect(problems).toContain('GET /invoices/{id}: no responses');
    expect(problems).toContain('#/components/schemas/Nowhere does not resolve');
    expect(problems).toContain('"nullable" is OpenAPI 3.0');
    expect(problems).toContain('schema Orphan is never used');
  });
});

describe.each(API_VERSIONS)('the OpenAPI document of %s', (version) => {
  const document = documentOf(version);

  it('is a structurally valid OpenAPI 3.1 document', () => {
    expect(structuralProblems(document)).toEqual([]);
  });

  it('describes exactly the endpoints the version has (versionHasEndpoint)', () => {
    const ids = Object.values<Json>(document.paths).flatMap((item) =>
      Object.values<Json>(item).map((operation) => operation.operationId),
    );
    const expected = ENDPOINTS.filter(
      (endpoint) => endpoint.availability === undefined || versionHasEndpoint(version, endpoint.availability),
    ).map((endpoint) => endpoint.id);
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('asks for the API key (X-B2B-API-Key) and this version (X-B2B-API-Version) on every operation with a key', () => {
    expect(document.security).toEqual([{ ApiKey: [] }]);
    expect(document.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-B2B-API-Key',
    });
    expect(document.components.parameters.ApiVersion).toMatchObject({
      name: 'X-B2B-API-Version',
      in: 'header',
      schema: { enum: [version, `v${version}`] },
    });
    for (const item of Object.values<Json>(document.paths))
      for (const operation of Object.values<Json>(item)) {
        const versioned = operation.parameters?.some(
          (parameter: Json) => parameter.$ref === '#/components/parameters/ApiVersion',
        );
        if (operation.security === undefined) {
          expect(versioned, operation.operationId).toBe(true);
          expect(operation.responses['401'], operation.operationId).toEqual({
            $ref: '#/components/responses/Unauthorized',
          });
        } else expect(operation.operationId).toMatch(/^getOpenApiDocument/);
      }
  });

  it('has the response schema of each resource with exactly the fields the version returns (fieldsOf)', () => {
    for (const kind of RESOURCE_KINDS) {
      const fields = new Set(schemaFieldPaths(responseSchema(version, kind)));
      expect([...fields].sort(), `${version} ${kind}`).toEqual([...fieldsOf(version, kind)].sort());
    }
  });
});

/** The lists issue #23 added, whose shape is the same in every version (their routes say so). */
const OWN_LISTS = ['listPeppolOutbox', 'listSandboxMailbox', 'listTaxReportSettings'];

describe('differences between versions', () => {
  const line = (version: ApiVersion) => schemaOf(version, 'Invoice').properties.lines.items.properties;

  it('writes the invoice line classification_code_scheme from v2026-04-20 and the misspelt name before', () => {
    for (const version of ['2025-01-01', '2025-10-13', '2026-03-02'] as const) {
      expect(line(version)).toHaveProperty('clasification_code_scheme');
      expect(line(version)).not.toHaveProperty('classification_code_scheme');
    }
    for (const version of ['2026-04-20', '2026-06-26'] as const) {
      expect(line(version)).toHaveProperty('classification_code_scheme');
      expect(line(version)).not.toHaveProperty('clasification_code_scheme');
    }
    // Requests always accept the correct spelling (spec §9); older ones the misspelling too.
    const requestLine = (version: ApiVersion) =>
      (requestSchema(version, 'invoice', 'create') as Json).properties.invoice_lines_attributes.items
        .properties;
    expect(requestLine('2026-03-02')).toHaveProperty('classification_code_scheme');
    expect(requestLine('2026-03-02').clasification_code_scheme.deprecated).toBe(true);
    expect(requestLine('2026-04-20')).not.toHaveProperty('clasification_code_scheme');
  });

  it('has /tin_verifications only from v2026-04-20, with its schemas', () => {
    for (const version of API_VERSIONS) {
      const has = versionHasEndpoint(version, 'tin_verifications.create');
      expect(Object.hasOwn(documentOf(version).paths, '/tin_verifications'), version).toBe(has);
      expect(Object.hasOwn(documentOf(version).paths, '/tin_verifications/{id}'), version).toBe(has);
      expect(Object.hasOwn(documentOf(version).components.schemas, 'TinVerification'), version).toBe(has);
    }
    expect(VERSIONED_ENDPOINTS['tin_verifications.create'].since).toBe('2026-04-20');
    const create = operationOf('2026-04-20', '/tin_verifications', 'post');
    expect(Object.keys(create.responses)[0]).toBe('202');
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'country', in: 'query', required: true }),
    );
    // The body is the bare array of pairs (spec §4.3), the answer the bare resource.
    expect(schemaOf('2026-04-20', 'TinVerificationRequest')).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 20000,
    });
    expect(create.responses['202'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/TinVerification',
    });
  });

  it('answers a create with 204 in the legacy version, 200 in v2025-10-13 and 201 from v2026-03-02', () => {
    const statuses = (version: ApiVersion, path: string) =>
      Object.keys(operationOf(version, path, 'post').responses).filter((status) => status < '400');
    expect(statuses('2025-01-01', '/projects/{account}/invoices')).toEqual(['204']);
    expect(
      operationOf('2025-01-01', '/projects/{account}/invoices', 'post').responses['204'].headers,
    ).toHaveProperty('Location');
    expect(statuses('2025-10-13', '/accounts/{account}/invoices')).toEqual(['200']);
    expect(statuses('2026-03-02', '/accounts/{account}/invoices')).toEqual(['201']);
    const put = (version: ApiVersion, path: string) =>
      Object.keys(operationOf(version, path, 'put').responses)[0];
    expect(put('2025-01-01', '/clients/{id}')).toBe('204');
    expect(put('2025-10-13', '/contacts/{id}')).toBe('200');
    expect(operationOf('2025-01-01', '/clients/{id}', 'put').responses['204'].content).toBeUndefined();
  });

  it('writes the legacy paths and wrappers in v2025-01-01 (legacyPath), and only there', () => {
    const legacy = Object.keys(documentOf('2025-01-01').paths);
    expect(legacy).toEqual(
      expect.arrayContaining([
        '/projects',
        '/projects/{account}',
        '/projects/{account}/my_company',
        '/projects/{account}/clients',
        '/clients/{id}',
        '/users/channels',
        '/users/countries',
        '/api/v1/directory/{country}/{identifier}',
        '/invoices/{id}',
      ]),
    );
    expect(legacy.filter((path) => path.startsWith('/accounts') || path.startsWith('/contacts'))).toEqual([]);
    const modern = Object.keys(documentOf('2025-10-13').paths);
    expect(modern.filter((path) => /^\/(projects|clients|users|api)\b/.test(path))).toEqual([]);
    const clients = operationOf('2025-01-01', '/projects/{account}/clients', 'get').responses['200'].content[
      'application/json'
    ].schema;
    // Spec §9: pagination via `meta` came with v2025-10-13; the legacy page sits beside the list.
    expect(clients.required).toEqual(['clients', 'total_count', 'offset', 'limit']);
    expect(clients.properties).not.toHaveProperty('meta');
    const created = operationOf('2025-01-01', '/projects/{account}/clients', 'post').requestBody.content[
      'application/json'
    ].schema;
    expect(created.required).toEqual(['client']);
    expect(Object.keys(documentOf('2025-01-01').paths)).not.toContain('/tax_reports/{id}');
  });

  it('reads and writes the legacy contact and invoice shapes in v2025-01-01', () => {
    const contact = schemaOf('2025-01-01', 'Contact').properties;
    expect(contact).toHaveProperty('taxcode');
    expect(contact).not.toHaveProperty('tin_value');
    expect(contact.bank_account.anyOf.map((branch: Json) => branch.type)).toEqual(['string', 'null']);
    const request = schemaOf('2025-01-01', 'ContactCreate').properties;
    expect(request.taxcode.deprecated).toBe(true);
    expect(request).toHaveProperty('tin_value');
    // The legacy `bank_account` is the account number as a string; the object form is read too.
    expect(acceptsNull(request.bank_account)).toBe(true);
    expect(JSON.stringify(request.bank_account)).toContain('"properties"');
    const invoice = schemaOf('2025-01-01', 'Invoice').properties;
    expect(Object.keys(invoice.client.anyOf[0].properties).sort()).toEqual([
      'country',
      'id',
      'name',
      'taxcode',
    ]);
    expect(invoice).not.toHaveProperty('contact');
    expect(schemaOf('2025-10-13', 'Invoice').properties).not.toHaveProperty('client');
  });

  it('replaces the flat amendment fields with invoice_references from v2026-04-20, in responses and requests', () => {
    expect(schemaOf('2026-03-02', 'Invoice').properties).toHaveProperty('amended_number');
    expect(schemaOf('2026-03-02', 'Invoice').properties).not.toHaveProperty('invoice_references');
    expect(schemaOf('2026-04-20', 'Invoice').properties).toHaveProperty('invoice_references');
    expect(schemaOf('2026-04-20', 'Invoice').properties).not.toHaveProperty('amended_number');
    const older = schemaOf('2026-03-02', 'InvoiceCreate').properties;
    expect(older.amended_number.deprecated).toBe(true);
    expect(older).not.toHaveProperty('invoice_references');
    // v2026-04-20 additions are ignored in older requests (spec §9), so not described there.
    expect(older).not.toHaveProperty('total_amount_due');
    expect(older).not.toHaveProperty('third_party');
    // "also accepted on input" in older versions (spec §2.4).
    expect(older).toHaveProperty('exchange_rate');
    const newer = schemaOf('2026-04-20', 'InvoiceCreate').properties;
    expect(newer).toHaveProperty('total_amount_due');
    expect(newer).not.toHaveProperty('amended_number');
  });

  it('has the account fields of v2026-04-20 only from it, and no auto_remittance on list entries', () => {
    expect(schemaOf('2026-03-02', 'Account').properties).not.toHaveProperty('routing_codes');
    expect(schemaOf('2026-03-02', 'AccountCreate').properties).not.toHaveProperty('auto_remittance');
    expect(schemaOf('2026-04-20', 'Account').required).toContain('auto_remittance');
    expect(schemaOf('2026-04-20', 'AccountListEntry').properties).not.toHaveProperty('auto_remittance');
    expect(schemaOf('2026-04-20', 'AccountListEntry').properties).toHaveProperty(
      'skip_line_taxable_base_rounding',
    );
    const list = operationOf('2026-04-20', '/accounts', 'get').responses['200'].content['application/json']
      .schema;
    expect(list.properties.accounts.items).toEqual({ $ref: '#/components/schemas/AccountListEntry' });
    expect(list.required).toEqual(['accounts', 'meta']);
  });

  it('writes the transport status fields from v2026-04-20 and the removed ones before', () => {
    const older = schemaOf('2026-03-02', 'Transport').properties;
    expect(older).toHaveProperty('standard_documents');
    expect(older).toHaveProperty('pending_peppol_directory_publish');
    expect(older).not.toHaveProperty('sml_status');
    const newer = schemaOf('2026-04-20', 'Transport').properties;
    expect(newer.sml_status.enum).toEqual(['not_published', 'processing', 'published']);
    expect(newer).not.toHaveProperty('standard_documents');
  });

  it('has the KSeF tax report fields only from v2026-04-20, in a tagged union of the two report types', () => {
    expect(schemaOf('2026-04-20', 'TaxReport').discriminator).toEqual({
      propertyName: 'type',
      mapping: {
        SiiDocument: '#/components/schemas/SiiDocumentTaxReport',
        Ksef: '#/components/schemas/KsefTaxReport',
      },
    });
    expect(schemaOf('2026-04-20', 'KsefTaxReport').properties).toHaveProperty('customer_party_jst');
    expect(schemaOf('2026-03-02', 'KsefTaxReport').properties).not.toHaveProperty('customer_party_jst');
    expect(schemaOf('2026-03-02', 'KsefTaxReportCreate').properties).not.toHaveProperty('supplier_party_krs');
    expect(schemaOf('2026-04-20', 'KsefTaxReportCreate').properties).toHaveProperty('supplier_party_krs');
  });

  it.each(API_VERSIONS)(
    'spec §9 (%s): every paged list has `meta` from v2025-10-13 and, in the legacy version, the page beside the list',
    (version) => {
      const lists = Object.values<Json>(documentOf(version).paths).flatMap((item) =>
        Object.values<Json>(item).filter((operation) =>
          (operation.parameters ?? []).some(
            (parameter: Json) => parameter.$ref === '#/components/parameters/Limit',
          ),
        ),
      );
      expect(lists.length).toBeGreaterThan(5);
      for (const operation of lists) {
        const schema = operation.responses['200'].content['application/json'].schema;
        const [plural] = schema.required;
        // fiscalkit's own lists of issue #23 have one shape in every version (tested below).
        if (OWN_LISTS.includes(operation.operationId)) continue;
        if (version === '2025-01-01') {
          expect(schema.required, operation.operationId).toEqual([plural, 'total_count', 'offset', 'limit']);
          expect(schema.properties, operation.operationId).not.toHaveProperty('meta');
        } else expect(schema.required, operation.operationId).toEqual([plural, 'meta']);
        expect(schema.additionalProperties, operation.operationId).toBe(false);
      }
    },
  );

  it('spec §9: the received_invoice_* status filters only in the legacy version; discarded ones deprecated from v2025-10-13', () => {
    const filters = (version: ApiVersion) =>
      Object.fromEntries(
        operationOf(
          version,
          version === '2025-01-01' ? '/projects/{account}/invoices' : '/accounts/{account}/invoices',
          'get',
        )
          .parameters.filter((parameter: Json) => /discarded|received_invoice_/.test(parameter.name ?? ''))
          .map((parameter: Json) => [parameter.name, parameter.deprecated === true]),
      );
    expect(filters('2025-01-01')).toEqual({
      received_invoice_new: false,
      received_invoice_error: false,
      received_invoice_refused: false,
      received_invoice_annotated: false,
      received_invoice_invalid: false,
      received_invoice_discarded: false,
      discarded: false,
    });
    for (const version of API_VERSIONS.filter((version) => version !== '2025-01-01'))
      expect(filters(version)).toEqual({ received_invoice_discarded: true, discarded: true });
  });

  it('spec §9: tax_reports/{id}/as/{document_type_code} only in the legacy version, at its /api/v1 path', () => {
    expect(
      operationOf('2025-01-01', '/api/v1/tax_reports/{id}/as/{document_type_code}', 'get'),
    ).toBeDefined();
    for (const version of API_VERSIONS.filter((version) => version !== '2025-01-01'))
      expect(
        Object.keys(documentOf(version).paths).filter((path) => path.includes('/tax_reports/{id}/as/')),
        version,
      ).toEqual([]);
  });

  it('issue #22: GET /invoices/{id}/as/{document_type} and GET /document_types in every version', () => {
    for (const version of API_VERSIONS.filter((version) => version !== '2025-01-01')) {
      expect(operationOf(version, '/invoices/{id}/as/{document_type}', 'get'), version).toBeDefined();
      expect(operationOf(version, '/document_types', 'get'), version).toBeDefined();
    }
  });

  it('describes the include parameter only where the expandable invoice fields exist', () => {
    const include = (version: ApiVersion, path: string) =>
      operationOf(version, path, 'get').parameters.some((parameter: Json) => parameter.name === 'include');
    expect(include('2026-04-20', '/invoices/{id}')).toBe(true);
    expect(include('2026-03-02', '/invoices/{id}')).toBe(false);
    expect(schemaOf('2026-04-20', 'Invoice').required).not.toContain('third_party');
    expect(schemaOf('2026-04-20', 'Invoice').properties.third_party.description).toContain('include');
  });
});

describe('amounts (DESIGN.md "Money is never a JS number")', () => {
  it('writes every amount of KINDS[kind].numbers as a JSON number with format decimal', () => {
    for (const kind of RESOURCE_KINDS)
      for (const { path } of KINDS[kind].numbers) {
        const schema = schemaAt(responseSchema(LATEST_API_VERSION, kind), path);
        expect(schema, `${kind} ${path}`).toBeDefined();
        expect(JSON.stringify(schema), `${kind} ${path}`).toMatch(/"type":(\["number"|"number")/);
        expect(schema?.format, `${kind} ${path}`).toBe('decimal');
      }
    expect(schemaOf(LATEST_API_VERSION, 'Invoice').properties.total.type).toBe('number');
  });

  it('accepts a JSON number or a decimal string for an amount in a request, as the model does', () => {
    const price = schemaOf(LATEST_API_VERSION, 'InvoiceCreate').properties.invoice_lines_attributes.items
      .properties.price;
    expect(price.anyOf.map((branch: Json) => branch.type)).toEqual(['number', 'string']);
    expect(price.anyOf[1].pattern).toBe('^-?[0-9]+(\\.[0-9]+)?$');
    const due = schemaOf(LATEST_API_VERSION, 'InvoiceCreate').properties.total_amount_due;
    expect(due.anyOf.map((branch: Json) => branch.type)).toEqual(['number', 'string', 'null']);
  });
});

describe('errors (spec §7)', () => {
  const document = documentOf(LATEST_API_VERSION);

  it('describes the error body of spec §7.1 with every key required', () => {
    const error = document.components.schemas.Error;
    expect(error.required).toEqual(['error']);
    expect(error.properties.error.required).toEqual(['code', 'message', 'param', 'request_log_url', 'type']);
    expect(error.properties.error.properties.code.enum).toEqual(
      expect.arrayContaining(['resource_missing', 'parameter_blank', 'invalid_api_version', null]),
    );
  });

  it('narrows the code of each status to the codes of spec §7.2 with that status', () => {
    const codes = (name: string) =>
      document.components.responses[name].content['application/json'].schema.allOf[1].properties.error
        .properties.code.enum;
    expect(codes('Unauthorized')).toEqual([
      'unauthorized',
      'missing_api_key',
      'invalid_api_key',
      'expired_api_key',
    ]);
    expect(codes('TooManyRequests')).toEqual([null]);
    expect(codes('UnprocessableEntity')).not.toContain('unsupported_type');
    for (const code of codes('UnprocessableEntity'))
      expect(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status).toBe(422);
    expect(document.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
  });

  it('lists 404 where a path names a resource, 409 where the state may refuse, 413 and 422 where a body is read, 503 on every keyed route', () => {
    const statuses = (path: string, method: string) =>
      Object.keys(operationOf(LATEST_API_VERSION, path, method).responses);
    expect(statuses('/invoices/{id}/mark_as', 'post')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '422',
      '429',
      '503',
    ]);
    expect(statuses('/accounts', 'post')).toEqual(['201', '400', '401', '403', '413', '422', '429', '503']);
    expect(statuses('/request_logs/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '429', '503']);
    expect(statuses('/openapi.json', 'get')).toEqual(['200', '400']);
  });

  it('carries the request-id headers of the version on every response (X-Request-Id too before v2026-03-02)', () => {
    const headers = (version: ApiVersion) =>
      Object.keys(documentOf(version).components.responses.NotFound.headers).sort();
    expect(headers('2025-10-13')).toEqual(['X-B2B-API-Request-Id', 'X-Request-Id']);
    expect(headers('2026-03-02')).toEqual(['X-B2B-API-Request-Id']);
  });
});

describe('determinism and options', () => {
  it('gives the same JSON for the same version and options, every time', () => {
    for (const version of API_VERSIONS) {
      expect(JSON.stringify(openApiDocument(version))).toBe(JSON.stringify(documentOf(version)));
      expect(JSON.stringify(openApiDocument(version, { server_url: 'https://api.example.com' }))).toBe(
        JSON.stringify(openApiDocument(version, { server_url: 'https://api.example.com/' })),
      );
    }
  });

  it('names the server only when asked, and each version in info.version', () => {
    expect(documentOf(LATEST_API_VERSION)).not.toHaveProperty('servers');
    expect(openApiDocument('2026-04-20', { server_url: 'http://localhost:3000/' }).servers).toEqual([
      { url: 'http://localhost:3000', description: 'fiscalkit' },
    ]);
    for (const version of API_VERSIONS) expect(documentOf(version).info.version).toBe(version);
  });

  it('does not let one document change another (each is built from fresh copies)', () => {
    const first: Json = openApiDocument('2026-04-20');
    first.components.schemas.Invoice.properties.total.type = 'string';
    const second: Json = openApiDocument('2026-04-20');
    expect(second.components.schemas.Invoice.properties.total.type).toBe('number');
  });
});

describe('the official OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)', () => {
  it.each(API_VERSIONS)('the document of %s is valid', async (version) => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(openApiDocument(version)) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('refuses a broken document (the validator does validate)', async () => {
    const { Validator } = await import('@seriousme/openapi-schema-validator');
    const broken = structuredClone(openApiDocument(LATEST_API_VERSION)) as unknown as Record<string, unknown>;
    delete broken.info;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });
});
