/**
 * GET /openapi.json and GET /openapi/{version}.json over real HTTP (issue #8): served without an API
 * key, one document per version, the same documents `openApiDocument` builds (issue #9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { API_VERSIONS, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { createAccount, startService, type TestService } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: the documents and bodies are arbitrary JSON
type Json = any;

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

/** A request as a client without a key sends it: no key, no version header unless given. */
const fetchDocument = (path: string, headers: Record<string, string> = {}) =>
  service.request('GET', path, { key: null, version: null, headers });

describe('GET /openapi.json', () => {
  it('serves the newest version without an API key, naming this server', async () => {
    const response = await fetchDocument('/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-b2b-api-request-id')).toMatch(/^\d+$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.json.openapi).toBe('3.1.0');
    expect(response.json.info.version).toBe(LATEST_API_VERSION);
    expect(response.json.servers).toEqual([{ url: service.url, description: 'This fiscalkit server' }]);
  });

  it('serves exactly the document openApiDocument builds for the version, with the server added', async () => {
    for (const version of API_VERSIONS) {
      const response = await fetchDocument(`/openapi.json?version=${version}`);
      expect(response.status, version).toBe(200);
      const { servers, ...served } = response.json;
      expect(servers).toEqual([{ url: service.url, description: 'This fiscalkit server' }]);
      expect(served, version).toEqual(openApiDocument(version));
    }
  });

  it('takes the version with or without the leading v, and from the version header', async () => {
    const bare = await fetchDocument('/openapi.json?version=2026-04-20');
    const prefixed = await fetchDocument('/openapi.json?version=v2026-04-20');
    expect([bare.json.info.version, prefixed.json.info.version]).toEqual(['2026-04-20', '2026-04-20']);
    const header = await fetchDocument('/openapi.json', { 'X-B2B-API-Version': '2025-10-13' });
    expect(header.json.info.version).toBe('2025-10-13');
    // The query wins over the header.
    const both = await fetchDocument('/openapi.json?version=2026-03-02', {
      'X-B2B-API-Version': '2025-10-13',
    });
    expect(both.json.info.version).toBe('2026-03-02');
  });

  it('has /tin_verifications in the v2026-04-20 document and not in the v2026-03-02 one', async () => {
    const newer = await fetchDocument('/openapi.json?version=2026-04-20');
    const older = await fetchDocument('/openapi.json?version=2026-03-02');
    expect(Object.keys(newer.json.paths)).toContain('/tin_verifications');
    expect(Object.keys(older.json.paths)).not.toContain('/tin_verifications');
  });

  it('answers an unknown version with 400 invalid_api_version and the error body of spec §7.1', async () => {
    const response = await fetchDocument('/openapi.json?version=2026-04-21');
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      error: {
        code: 'invalid_api_version',
        message: expect.stringContaining('2026-04-21'),
        param: 'version',
        request_log_url: `${service.url}/request_logs/${String(response.headers.get('X-B2B-API-Request-Id'))}`,
        type: 'invalid_request_error',
      },
    });
    const header = await fetchDocument('/openapi.json', { 'X-B2B-API-Version': 'latest' });
    expect([header.status, header.json.error.code, header.json.error.param]).toEqual([
      400,
      'invalid_api_version',
      null,
    ]);
  });

  it('names the configured public base URL in servers, never one a request header offers', async () => {
    const response = await fetchDocument('/openapi.json', {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.example',
    });
    expect(response.json.servers[0].url).toBe(service.url);
    expect(response.headers.get('Vary')).toBe('X-B2B-API-Version');
  });

  it('is public for GET and HEAD only: another method needs a key like any endpoint', async () => {
    const head = await service.request('HEAD', '/openapi.json', { key: null });
    expect(head.status).toBe(200);
    const response = await service.request('POST', '/openapi.json', { key: null, body: {} });
    expect([response.status, response.json.error.code]).toEqual([401, 'missing_api_key']);
  });
});

describe('GET /openapi/{version}.json', () => {
  it('serves the document of the version named in the path', async () => {
    const legacy = await fetchDocument('/openapi/2025-01-01.json');
    expect(legacy.status).toBe(200);
    expect(legacy.json.info.version).toBe('2025-01-01');
    expect(Object.keys(legacy.json.paths)).toContain('/projects/{account}/clients');
    const prefixed = await fetchDocument('/openapi/v2026-04-20.json');
    expect(prefixed.json.info.version).toBe('2026-04-20');
  });

  it('answers an unknown version with 400 invalid_api_version at param version', async () => {
    const response = await fetchDocument('/openapi/1999-01-01.json');
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'invalid_api_version',
      param: 'version',
      request_log_url: expect.stringMatching(/\/request_logs\/\d+$/),
      type: 'invalid_request_error',
    });
  });
});

// ─── The wire matches the document ────────────────────────────────────────────────────────────────

function resolve(document: Json, ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .reduce((node: Json, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], document);
}

function typeMatches(type: string, value: unknown): boolean {
  if (type === 'null') return value === null;
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === type;
}

/**
 * Where `value` breaks `schema` (the JSON Schema 2020-12 keywords the documents use): enough to hold a
 * real answer of the binding to its document, field by field.
 */
function violations(document: Json, schema: Json, value: Json, at = '$'): string[] {
  if (schema === undefined || schema === true) return [];
  if (typeof schema.$ref === 'string') return violations(document, resolve(document, schema.$ref), value, at);
  const found: string[] = [];
  for (const part of schema.allOf ?? []) found.push(...violations(document, part, value, at));
  if (
    Array.isArray(schema.anyOf) &&
    !schema.anyOf.some((part: Json) => violations(document, part, value, at).length === 0)
  )
    found.push(`${at}: matches no alternative of anyOf (${JSON.stringify(value)?.slice(0, 80)})`);
  if (Array.isArray(schema.oneOf)) {
    const matching = schema.oneOf.filter((part: Json) => violations(document, part, value, at).length === 0);
    if (matching.length !== 1) found.push(`${at}: matches ${String(matching.length)} alternatives of oneOf`);
  }
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value))
    found.push(`${at}: is not ${JSON.stringify(schema.const)}`);
  if (
    Array.isArray(schema.enum) &&
    !schema.enum.some((option: Json) => JSON.stringify(option) === JSON.stringify(value))
  )
    found.push(`${at}: ${JSON.stringify(value)} is not one of the enum`);
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => typeMatches(type, value))) {
      found.push(`${at}: ${JSON.stringify(value)?.slice(0, 80)} is not ${types.join(' or ')}`);
      return found;
    }
  }
  if (typeMatches('object', value)) {
    const properties = schema.properties ?? {};
    for (const name of schema.required ?? [])
      if (!Object.hasOwn(value, name)) found.push(`${at}: ${name} is missing`);
    for (const [name, child] of Object.entries<Json>(value)) {
      if (Object.hasOwn(properties, name))
        found.push(...violations(document, properties[name], child, `${at}.${name}`));
      else if (schema.additionalProperties === false) found.push(`${at}: ${name} is not in the document`);
      else if (typeof schema.additionalProperties === 'object')
        found.push(...violations(document, schema.additionalProperties, child, `${at}.${name}`));
    }
  }
  if (Array.isArray(value) && schema.items !== undefined)
    for (const [index, item] of value.entries())
      found.push(...violations(document, schema.items, item, `${at}[${index}]`));
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      found.push(`${at}: ${value} does not match ${schema.pattern}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength)
      found.push(`${at}: too long`);
  }
  return found;
}

/** What the answer breaks in the document of `version` (the operation at `documentPath`, its status). */
function breaches(
  version: (typeof API_VERSIONS)[number],
  method: string,
  documentPath: string,
  response: { status: number; json: Json; text: string },
): string[] {
  const document: Json = openApiDocument(version);
  const operation = document.paths[documentPath]?.[method];
  if (operation === undefined) return [`${method} ${documentPath} is not in the ${version} document`];
  const declared = operation.responses[String(response.status)];
  if (declared === undefined)
    return [`${method} ${documentPath} does not declare ${String(response.status)}`];
  const answer = typeof declared.$ref === 'string' ? resolve(document, declared.$ref) : declared;
  if (answer.content === undefined)
    return response.text === '' ? [] : ['a body where the document says none'];
  return violations(document, answer.content['application/json'].schema, response.json);
}

describe('the answers of the binding match the document of their version', () => {
  const contact = { name: 'Buyer SL', country: 'ES', tin_scheme: '9920', tin_value: 'B12345674' };
  const invoice = {
    number: 'F-1',
    date: '2026-04-20',
    invoice_lines_attributes: [
      {
        description: 'Paper',
        quantity: '2',
        price: '10.50',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
    ],
  };

  it.each(['2025-10-13', '2026-03-02', '2026-04-20', '2026-06-26'] as const)(
    'accounts, contacts, invoices, code lists and errors in %s',
    async (version) => {
      const request = (method: string, path: string, body?: unknown) =>
        service.request(method, path, { version, ...(body === undefined ? {} : { body }) });
      const account = await createAccount(service, {}, { version });
      const checks: [string, string, Awaited<ReturnType<typeof request>>][] = [
        ['get', '/accounts', await request('GET', '/accounts')],
        ['get', '/accounts/{account}', await request('GET', `/accounts/${account}`)],
      ];
      const created = await request('POST', `/accounts/${account}/contacts`, { contact });
      checks.push(['post', '/accounts/{account}/contacts', created]);
      checks.push([
        'get',
        '/accounts/{account}/contacts',
        await request('GET', `/accounts/${account}/contacts`),
      ]);
      const issued = await request('POST', `/accounts/${account}/invoices`, {
        invoice: { ...invoice, contact_id: created.json.contact.id },
      });
      checks.push(['post', '/accounts/{account}/invoices', issued]);
      const id = issued.json.invoice.id;
      checks.push(['get', '/invoices/{id}', await request('GET', `/invoices/${id}`)]);
      checks.push([
        'get',
        '/accounts/{account}/invoices',
        await request('GET', `/accounts/${account}/invoices`),
      ]);
      checks.push(['get', '/countries', await request('GET', '/countries')]);
      checks.push(['get', '/invoices/{id}', await request('GET', '/invoices/999999')]);
      checks.push(['post', '/accounts', await request('POST', '/accounts', { account: { name: '' } })]);
      for (const [method, path, response] of checks)
        expect(
          breaches(version, method, path, response),
          `${version} ${method} ${path} ${response.status}`,
        ).toEqual([]);
      // The check can fail: an amount written as a string, a field missing, a field of another version.
      const shown = checks.find(([method, path]) => method === 'get' && path === '/invoices/{id}')?.[2];
      const { number: _number, ...withoutNumber } = shown?.json.invoice ?? {};
      const broken = { ...withoutNumber, total: String(shown?.json.invoice.total), client: null };
      const found = breaches(version, 'get', '/invoices/{id}', {
        ...shown,
        status: 200,
        json: { invoice: broken },
        text: '{}',
      });
      expect(found).toEqual(
        expect.arrayContaining([
          '$.invoice: number is missing',
          expect.stringMatching(/^\$\.invoice\.total: .* is not number/),
          '$.invoice: client is not in the document',
        ]),
      );
      expect(checks.map(([, , response]) => response.status)).toContain(404);
      expect(checks.map(([, , response]) => response.status)).toContain(422);
    },
  );

  it('transports, web hooks, orders, despatch advices, engines, events, logs, directory and documents in the newest version', async () => {
    const version = LATEST_API_VERSION;
    const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      service.request(method, path, { version, headers, ...(body === undefined ? {} : { body }) });
    const account = await createAccount(service);
    const buyer = await request('POST', `/accounts/${account}/contacts`, { contact });
    const contact_id = buyer.json.contact.id;
    const checks: [string, string, Awaited<ReturnType<typeof request>>][] = [
      [
        'post',
        '/accounts/{account}/transports',
        await request('POST', `/accounts/${account}/transports`, {
          transport: { transport_type_code: 'peppol', pin_scheme: '9920', pin_value: 'ESB12345674' },
        }),
      ],
      ['get', '/accounts/{account}/transports', await request('GET', `/accounts/${account}/transports`)],
      [
        'post',
        '/accounts/{account}/web_hooks',
        await request('POST', `/accounts/${account}/web_hooks`, {
          web_hook: { url: 'https://example.com/hooks', events: ['tin_verification.finished'] },
        }),
      ],
      [
        'post',
        '/accounts/{account}/orders',
        await request('POST', `/accounts/${account}/orders`, {
          order: {
            number: 'PO-1',
            date: '2026-04-20',
            contact_id,
            lines: [{ description: 'Paper', quantity: '2', price: '3.50' }],
          },
        }),
      ],
      ['get', '/accounts/{account}/orders', await request('GET', `/accounts/${account}/orders`)],
      [
        'post',
        '/accounts/{account}/despatch_advices',
        await request('POST', `/accounts/${account}/despatch_advices`, {
          despatch_advice: {
            number: 'DA-1',
            date: '2026-04-20',
            contact_id,
            lines: [{ description: 'Paper', quantity: '2' }],
          },
        }),
      ],
      [
        'post',
        '/tin_verifications',
        await request('POST', '/tin_verifications?country=es', [{ tin: 'B12345674', name: 'ACME SL' }]),
      ],
      [
        'post',
        '/accounts/{account}/tax_report_batches',
        await request('POST', `/accounts/${account}/tax_report_batches`, { tax_reports: [] }),
      ],
      ['get', '/accounts/{account}/events', await request('GET', `/accounts/${account}/events`)],
      [
        'post',
        '/accounts/{account}/bank_accounts',
        await request('POST', `/accounts/${account}/bank_accounts`, {
          bank_account: { iban: 'ES9121000418450200051332' },
        }),
      ],
      ['get', '/transport_types', await request('GET', '/transport_types')],
      ['get', '/directory/{country}/{identifier}', await request('GET', '/directory/es/ESB12345674')],
      [
        'post',
        '/documents/validate',
        await request(
          'POST',
          '/documents/validate',
          '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
          {
            'Content-Type': 'application/xml',
          },
        ),
      ],
    ];
    const tin = checks.find(([, path]) => path === '/tin_verifications')?.[2].json.id;
    checks.push([
      'get',
      '/tin_verifications/{id}',
      await request('GET', `/tin_verifications/${String(tin)}`),
    ]);
    const logged = checks[0]?.[2].headers.get('x-b2b-api-request-id');
    checks.push(['get', '/request_logs/{id}', await request('GET', `/request_logs/${String(logged)}`)]);
    for (const [method, path, response] of checks) {
      expect(response.status, `${method} ${path} ${response.text.slice(0, 200)}`).toBeLessThan(300);
      expect(breaches(version, method, path, response), `${method} ${path} ${response.status}`).toEqual([]);
    }
  });

  it('the legacy version, at its own paths', async () => {
    const version = '2025-01-01';
    const request = (method: string, path: string, body?: unknown) =>
      service.request(method, path, { version, ...(body === undefined ? {} : { body }) });
    const account = await createAccount(service);
    const created = await request('POST', `/projects/${account}/clients`, {
      client: { name: 'Buyer SL', country: 'ES', taxcode: '9920:B12345674' },
    });
    expect(created.status).toBe(204);
    const checks: [string, string, Awaited<ReturnType<typeof request>>][] = [
      ['post', '/projects/{account}/clients', created],
      ['get', '/projects', await request('GET', '/projects')],
      ['get', '/projects/{account}', await request('GET', `/projects/${account}`)],
      ['get', '/projects/{account}/clients', await request('GET', `/projects/${account}/clients`)],
      ['get', '/users/countries', await request('GET', '/users/countries')],
    ];
    for (const [method, path, response] of checks)
      expect(breaches(version, method, path, response), `${method} ${path} ${response.status}`).toEqual([]);
    const clients = checks[3]?.[2].json.clients;
    expect(clients[0].taxcode).toBe('9920:B12345674');
  });
});
