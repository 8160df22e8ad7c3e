/**
 * GET /openapi.json and GET /openapi/{version}.json over real HTTP (issue #8): served without an API
 * key, one document per version, the same documents `openApiDocument` builds (issue #9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPeppolAccessPoint } from '../../src/adapters/sandbox/peppolAccessPoint.js';
import { openApiDocument } from '../../src/openapi/openApiDocument.js';
import { API_VERSIONS, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { createAccount, startService, type TestService } from './harness.js';
import { createTestInvoice } from './invoiceSupport.js';

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

  describe('the issue #23 routes', () => {
    /** A buyer reached over Peppol, and one VAT-only line (EN 16931 documents carry no withholding). */
    const PEPPOL_CONTACT = {
      name: 'Distribuciones Norte SA',
      country: 'ES',
      tin_scheme: '9920',
      tin_value: 'B76543214',
      cin_scheme: '9920',
      cin_value: 'ESB76543214',
      transport_type_code: 'peppol',
    };
    const LINES = [
      {
        description: 'Consulting',
        quantity: '10',
        price: '45.50',
        taxes_attributes: [{ name: 'IVA', percent: '21' }],
      },
    ];

    it('sending, deliveries, the Peppol outbox, tax report settings and submission in the newest version', async () => {
      const version = LATEST_API_VERSION;
      // The sandbox access point keeps what it takes in the outbox GET /peppol_outbox reads.
      service.ports.channels = { ...service.ports.channels, peppol: sandboxPeppolAccessPoint(service.ports) };
      const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        service.request(method, path, { version, headers, ...(body === undefined ? {} : { body }) });
      const account = await createAccount(service);
      const checks: [string, string, Awaited<ReturnType<typeof request>>][] = [];
      const check = async (
        method: string,
        path: string,
        sent: Promise<Awaited<ReturnType<typeof request>>>,
      ) => {
        const response = await sent;
        checks.push([method, path, response]);
        return response;
      };
      const settings = `/accounts/${String(account)}/tax_report_settings`;
      await check(
        'post',
        '/accounts/{account}/tax_report_settings',
        request('POST', settings, { tax_report_setting: { code: 'sii', start_date: '2026-01-01' } }),
      );
      await check('get', '/accounts/{account}/tax_report_settings', request('GET', settings));
      await check('get', '/accounts/{account}/tax_report_settings/{code}', request('GET', `${settings}/SII`));
      await check(
        'put',
        '/accounts/{account}/tax_report_settings/{code}',
        request('PUT', `${settings}/sii`, { tax_report_setting: { auto_send: false } }),
      );
      const invoice = await createTestInvoice(service, account, {
        contact: PEPPOL_CONTACT,
        invoice_lines_attributes: LINES,
        buyer_reference: 'PO-1',
      });
      const validation = await check(
        'get',
        '/invoices/{id}/validate',
        request('GET', `/invoices/${String(invoice.id)}/validate`),
      );
      expect(validation.json.valid).toBe(true);
      const sent = await check(
        'post',
        '/invoices/send_invoice/{id}',
        request('POST', `/invoices/send_invoice/${String(invoice.id)}`, undefined, {
          'Idempotency-Key': 'k-1',
        }),
      );
      // The SII setting reports the sent invoice: the answer names its tax report.
      expect(sent.json.tax_report_ids).toHaveLength(1);
      await service.fiscalkit.worker.drain();
      const deliveries = await check(
        'get',
        '/invoices/{id}/deliveries',
        request('GET', `/invoices/${String(invoice.id)}/deliveries`),
      );
      expect(deliveries.json.deliveries[0], deliveries.text).toMatchObject({
        status: 'delivered',
        transport: 'peppol',
      });
      expect(deliveries.json.deliveries[0].attempts[0].duration_ms).toEqual(expect.any(Number));
      const outbox = await check(
        'get',
        '/accounts/{account}/peppol_outbox',
        request('GET', `/accounts/${String(account)}/peppol_outbox`),
      );
      expect(outbox.json.peppol_outbox).toHaveLength(1);
      const entry = outbox.json.peppol_outbox[0].id;
      await check('get', '/peppol_outbox/{id}', request('GET', `/peppol_outbox/${String(entry)}`));
      const document = await request('GET', `/peppol_outbox/${String(entry)}/document`);
      const served: Json = openApiDocument(version);
      const declared = served.paths['/peppol_outbox/{id}/document'].get.responses['200'];
      expect(Object.keys(declared.content)).toContain(document.headers.get('content-type')?.split(';')[0]);
      expect(document.headers.get('content-disposition')).toMatch(/^attachment; /);
      const [report] = sent.json.tax_report_ids;
      await check('get', '/tax_reports/{id}', request('GET', `/tax_reports/${String(report)}`));
      const submitted = await check(
        'post',
        '/tax_reports/{id}/submit',
        request('POST', `/tax_reports/${String(report)}/submit`),
      );
      expect([202, 409]).toContain(submitted.status);
      await check('post', '/ledgers/{id}/submit', request('POST', '/ledgers/999999/submit'));
      await check(
        'post',
        '/accounts/{account}/invoices/import',
        request('POST', `/accounts/${String(account)}/invoices/import`, {
          invoice: {
            number: 'IMP-1',
            date: '2026-04-20',
            contact: PEPPOL_CONTACT,
            invoice_lines_attributes: LINES,
          },
          send_after_import: false,
        }),
      );
      // Sent after import, refused (no buyer_reference for EN 16931): imported, with `send_error`.
      const refused = await check(
        'post',
        '/accounts/{account}/invoices/import',
        request('POST', `/accounts/${String(account)}/invoices/import`, {
          invoice: {
            number: 'IMP-2',
            date: '2026-04-20',
            contact: PEPPOL_CONTACT,
            invoice_lines_attributes: LINES,
          },
          send_after_import: true,
        }),
      );
      expect(refused.json.send_error).toMatchObject({ rule: expect.any(String) });
      await check(
        'post',
        '/accounts/{account}/invoices',
        request('POST', `/accounts/${String(account)}/invoices`, {
          invoice: {
            number: 'C-1',
            date: '2026-04-20',
            contact: PEPPOL_CONTACT,
            invoice_lines_attributes: LINES,
            buyer_reference: 'PO-2',
          },
          send_after_import: true,
        }),
      );
      await check(
        'delete',
        '/accounts/{account}/tax_report_settings/{code}',
        request('DELETE', `${settings}/sii`),
      );
      await check(
        'post',
        '/accounts/{account}/tax_report_settings',
        request('POST', settings, { tax_report_setting: { code: 'verifactu', start_date: '2026-01-01' } }),
      );
      await check('get', '/accounts/{account}/tax_report_settings/{code}', request('GET', `${settings}/sii`));
      for (const [method, path, response] of checks) {
        expect(response.status, `${method} ${path} ${response.text.slice(0, 300)}`).toBeLessThan(500);
        expect(breaches(version, method, path, response), `${method} ${path} ${response.status}`).toEqual([]);
      }
      expect(checks.map(([, , response]) => response.status)).toEqual(
        expect.arrayContaining([200, 201, 404, 422]),
      );
    });

    it('the legacy version serves them at its own paths, with the bodies its document describes, and no submit', async () => {
      const version = '2025-01-01';
      const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        service.request(method, path, { version, headers, ...(body === undefined ? {} : { body }) });
      const source = await createAccount(service);
      const original = await createTestInvoice(service, source, {
        contact: PEPPOL_CONTACT,
        invoice_lines_attributes: LINES,
        buyer_reference: 'PO-9',
        number: 'UBL-LEGACY',
      });
      const ubl = await service.request('GET', `/invoices/${String(original.id)}/as/xml.ubl.invoice.bis3`);
      expect(ubl.status).toBe(200);
      const account = await createAccount(service, { name: 'Otra SL', tin_value: 'A58818501' });
      const imported = await request('POST', `/projects/${String(account)}/invoices/import`, ubl.text, {
        'Content-Type': 'application/xml',
      });
      expect(imported.status).toBe(201);
      const id = imported.json.invoice.id;
      const checks: [string, string, Awaited<ReturnType<typeof request>>][] = [
        ['post', '/projects/{account}/invoices/import', imported],
        ['get', '/invoices/{id}/validate', await request('GET', `/invoices/${String(id)}/validate`)],
        ['get', '/invoices/{id}/deliveries', await request('GET', `/invoices/${String(id)}/deliveries`)],
        [
          'get',
          '/projects/{account}/peppol_outbox',
          await request('GET', `/projects/${String(account)}/peppol_outbox`),
        ],
        [
          'post',
          '/projects/{account}/tax_report_settings',
          await request('POST', `/projects/${String(account)}/tax_report_settings`, {
            tax_report_setting: { code: 'sii', start_date: '2026-01-01' },
          }),
        ],
        [
          'get',
          '/projects/{account}/tax_report_settings',
          await request('GET', `/projects/${String(account)}/tax_report_settings`),
        ],
      ];
      for (const [method, path, response] of checks) {
        expect(response.status, `${method} ${path} ${response.text.slice(0, 300)}`).toBeLessThan(300);
        expect(breaches(version, method, path, response), `${method} ${path} ${response.status}`).toEqual([]);
      }
      expect(imported.json.invoice).toHaveProperty('client');
      // No submission in the legacy version: not in its document, and 404 on the wire.
      const submit = await request('POST', '/tax_reports/1/submit');
      expect([submit.status, submit.json.error.code]).toEqual([404, 'resource_missing']);
      expect(Object.keys(openApiDocument(version).paths).some((path) => path.endsWith('/submit'))).toBe(
        false,
      );
      const newer = await service.request('POST', '/tax_reports/999999/submit', { version: '2025-10-13' });
      expect(newer.json.error.message).not.toMatch(/does not exist in API version/);
    });
  });
});
