import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  LEGACY_CODE_LISTS,
  legacyPath,
  removedEndpointOf,
  resolveLegacyPath,
  SEND_TAX_REPORT_REFUSAL,
} from '../../src/versions/legacyPaths.js';

/**
 * The legacy v2025-01-01 paths and their canonical counterparts (spec §9 "Changes in v2025-10-13";
 * api-notes.md §3.1).
 */

const MAPPED: readonly [string, string, string, string][] = [
  ['spec §9: /projects/{account} became /accounts/{account}', 'GET', '/projects/acme', '/accounts/acme'],
  ['spec §9: /projects/{account} (PUT)', 'PUT', '/projects/acme', '/accounts/acme'],
  [
    'spec §9: /clients became /contacts (account list)',
    'GET',
    '/projects/acme/clients',
    '/accounts/acme/contacts',
  ],
  [
    'spec §9: /clients became /contacts (create)',
    'POST',
    '/projects/acme/clients',
    '/accounts/acme/contacts',
  ],
  ['spec §9: /clients/{id} became /contacts/{id}', 'PATCH', '/clients/42', '/contacts/42'],
  ['spec §9: /projects/{account}/invoices', 'POST', '/projects/acme/invoices', '/accounts/acme/invoices'],
  [
    'spec §9: /projects/{account}/transports/{code}',
    'DELETE',
    '/projects/acme/transports/peppol',
    '/accounts/acme/transports/peppol',
  ],
  [
    'spec §9: GET /users/channels replaced by GET /transport_types',
    'GET',
    '/users/channels',
    '/transport_types',
  ],
  ['spec §9: /users prefix dropped from code lists', 'GET', '/users/countries', '/countries'],
  ['spec §9: /users prefix dropped (schemes)', 'GET', '/users/schemes', '/schemes'],
  ['spec §9: /users prefix dropped (invoice_states)', 'GET', '/users/invoice_states', '/invoice_states'],
  [
    'spec §9: /api/v1 prefix dropped from directory paths',
    'GET',
    '/api/v1/directory/es/B12345674',
    '/directory/es/B12345674',
  ],
  ['spec §9: /api/v1 prefix dropped from tax report paths', 'GET', '/api/v1/tax_reports/9', '/tax_reports/9'],
  ['spec §9: .{format} suffix (.json) dropped', 'GET', '/invoices/42.json', '/invoices/42'],
  ['spec §9: .json on a renamed path', 'GET', '/projects/acme/clients.json', '/accounts/acme/contacts'],
  ['spec §9: .json on the project itself', 'GET', '/projects/acme.json', '/accounts/acme'],
  [
    'spec §9: the query string is kept',
    'GET',
    '/projects/acme/invoices.json?offset=25&limit=50',
    '/accounts/acme/invoices?offset=25&limit=50',
  ],
  ['spec §9: GET /projects removed → GET /accounts serves it', 'GET', '/projects', '/accounts'],
  [
    'spec §9: GET /projects/{account}/my_company removed → GET /accounts/{account}',
    'GET',
    '/projects/acme/my_company',
    '/accounts/acme',
  ],
  ['unchanged paths stay', 'POST', '/invoices/42/mark_as', '/invoices/42/mark_as'],
  ['a method in lower case', 'get', '/users/channels', '/transport_types'],
];

describe('resolveLegacyPath / canonicalPath (spec §9 v2025-10-13)', () => {
  it.each(MAPPED)('%s: %s %s → %s', (_name, method, legacy, canonical) => {
    expect(resolveLegacyPath(method, legacy)).toEqual({ ok: true, path: canonical });
    expect(canonicalPath(method, legacy)).toBe(canonical);
  });

  it.each(LEGACY_CODE_LISTS)('spec §4.8, §9: GET /users/%s → GET /%s', (list) => {
    expect(canonicalPath('GET', `/users/${list}`)).toBe(`/${list}`);
  });

  it('spec §9 "JSON only (no XML, no .{format} suffix)": an .xml suffix is 400 invalid_request_params, not 404', () => {
    for (const path of ['/invoices/42.xml', '/projects/acme/clients.XML']) {
      const result = resolveLegacyPath('GET', path);
      expect(result).toMatchObject({ ok: false, status: 400, code: 'invalid_request_params' });
      expect(canonicalPath('GET', path)).toBeNull();
    }
  });

  it('spec §9: send_tax_report exists in the legacy version but is not served: 400, never a 404 that says it is missing', () => {
    for (const path of ['/api/v1/tax_reports/send_tax_report', '/invoices/42/send_tax_report']) {
      expect(resolveLegacyPath('POST', path), path).toMatchObject({
        ok: false,
        status: 400,
        code: 'invalid_request_params',
        message: SEND_TAX_REPORT_REFUSAL,
      });
      expect(canonicalPath('POST', path), path).toBeNull();
    }
  });

  it('spec §9: tax_reports/{id}/as/{document_type_code} keeps its path (the binding serves the download there)', () => {
    expect(canonicalPath('GET', '/api/v1/tax_reports/9/as/xml.sii')).toBe('/tax_reports/9/as/xml.sii');
    expect(canonicalPath('GET', '/api/v1/tax_reports/9/as/xml.sii.json')).toBe('/tax_reports/9/as/xml.sii');
  });

  it('GET /users/channels is the only method of that path; my_company is GET only', () => {
    expect(canonicalPath('POST', '/users/channels')).toBeNull();
    expect(canonicalPath('PUT', '/projects/acme/my_company')).toBeNull();
  });

  it('an unknown /users path is left for the router (not a code list)', () => {
    expect(canonicalPath('GET', '/users/me')).toBe('/users/me');
  });
});

describe('legacyPath: the reverse, for Location headers and status URLs (spec §9 v2025-10-13)', () => {
  it.each(MAPPED.filter(([name]) => !name.includes('removed') && !name.includes('lower case')))(
    '%s: the legacy path of the canonical %s %s maps back to it',
    (_name, method, _legacy, canonical) => {
      expect(canonicalPath(method, legacyPath(method, canonical))).toBe(canonical);
    },
  );

  it('spec §9: the renamed paths are written with their legacy names', () => {
    expect(legacyPath('GET', '/accounts/acme/contacts')).toBe('/projects/acme/clients');
    expect(legacyPath('POST', '/accounts/acme/invoices')).toBe('/projects/acme/invoices');
    expect(legacyPath('GET', '/contacts/42')).toBe('/clients/42');
    expect(legacyPath('GET', '/transport_types')).toBe('/users/channels');
    expect(legacyPath('GET', '/currencies')).toBe('/users/currencies');
    expect(legacyPath('GET', '/directory/es/B12345674')).toBe('/api/v1/directory/es/B12345674');
    expect(legacyPath('GET', '/invoices/42?include=third_party')).toBe('/invoices/42?include=third_party');
  });
});

describe('removedEndpointOf: the legacy-only endpoints in any spelling (spec §9 v2025-10-13)', () => {
  it.each([
    ['POST', '/api/v1/tax_reports/send_tax_report', 'legacy.send_tax_report'],
    ['POST', '/tax_reports/7/send_tax_report.json', 'legacy.send_tax_report'],
    ['POST', '/invoices/42/send_tax_report', 'legacy.send_tax_report'],
    ['GET', '/api/v1/tax_reports/7/as/xml.sii', 'legacy.tax_report_as_document_type'],
    ['GET', '/tax_reports/7/as/xml.ksef.fa3', 'legacy.tax_report_as_document_type'],
    ['GET', '/projects', 'legacy.projects.index'],
    ['GET', '/projects.json', 'legacy.projects.index'],
    ['GET', '/projects/1/my_company', 'legacy.projects.my_company'],
  ] as const)('%s %s → %s', (method, path, endpoint) => {
    expect(removedEndpointOf(method, path)).toBe(endpoint);
  });

  it.each([
    ['GET', '/accounts'],
    ['GET', '/tax_reports/7/download'],
    ['GET', '/tax_reports/7/as'],
    ['POST', '/projects'],
    ['GET', '/projects/1/invoices'],
  ] as const)('%s %s is none of them', (method, path) => {
    expect(removedEndpointOf(method, path)).toBeNull();
  });
});
