import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/errors/ApiError.js';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { API_VERSIONS, type ApiVersion, LATEST_API_VERSION } from '../../src/versions/apiVersion.js';
import { SERVICE_HOSTS } from '../../src/versions/hosts.js';
import {
  BATCH_DEFAULT_API_VERSION,
  LEGACY_API_VERSION,
  resolveVersion,
  type VersionRequest,
} from '../../src/versions/resolveVersion.js';

/**
 * Version resolution (spec §9 rules 1–3, §4.1 rule 5; hosts per environment in api-notes.md §2).
 * Every test is named with the rule it holds the code to.
 */

const LEGACY: ApiVersion = '2025-01-01';
const NEWER_VERSIONS = API_VERSIONS.filter((version) => version !== LEGACY);
const API_HOSTS = ['api.b2brouter.net', 'api-staging.b2brouter.net'] as const;
const APP_HOSTS = ['app.b2brouter.net', 'app-staging.b2brouter.net'] as const;

/** The resolved version, failing the test with the issues when resolution failed. */
function resolved(request: VersionRequest): ApiVersion {
  const result = resolveVersion(request);
  if (!result.success) throw new Error(`expected a version, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** The error the service answers with, failing the test when resolution succeeded. */
function refused(request: VersionRequest): ApiError {
  const result = resolveVersion(request);
  if (result.success) throw new Error(`expected an error, got version ${result.data}`);
  return apiErrorFromIssues(result.issues);
}

function expectError(error: ApiError, code: string): void {
  expect(error.code).toBe(code);
  expect(error.status).toBe(400);
  expect(error.type).toBe('invalid_request_error');
  // The version is a header, not a body field: no param (spec §7.1 "where applicable").
  expect(error.param).toBeNull();
}

describe('the versions of spec §9 rule 2', () => {
  it('§9 rule 2: the legacy version is v2025-01-01 and the newest is 2026-06-26 (§4.1 rule 5)', () => {
    expect(API_VERSIONS[0]).toBe('2025-01-01');
    expect(LEGACY_API_VERSION).toBe('2025-01-01');
    expect(API_VERSIONS).toEqual(['2025-01-01', '2025-10-13', '2026-03-02', '2026-04-20', '2026-06-26']);
    expect(LATEST_API_VERSION).toBe('2026-06-26');
    expect(BATCH_DEFAULT_API_VERSION).toBe('2026-06-26');
  });

  it.each(API_VERSIONS)('§9 rule 2: header %s is accepted with and without the leading v', (version) => {
    expect(resolved({ header: version })).toBe(version);
    expect(resolved({ header: `v${version}` })).toBe(version);
    expect(resolved({ header: `  v${version} ` })).toBe(version);
  });

  it.each(API_VERSIONS)(
    '§9 rule 2: group version %s is accepted with and without the leading v',
    (version) => {
      expect(resolved({ groupVersion: version })).toBe(version);
      expect(resolved({ groupVersion: `v${version}` })).toBe(version);
    },
  );
});

describe('§9 rule 1: the header first, then the version of the key group (§5 rule 5)', () => {
  it('§9 rule 1: the header wins over the group version', () => {
    expect(resolved({ header: '2026-03-02', groupVersion: '2026-04-20' })).toBe('2026-03-02');
    expect(resolved({ header: 'v2025-10-13', groupVersion: 'v2026-06-26' })).toBe('2025-10-13');
  });

  it('§9 rule 1: without a header the group version applies', () => {
    expect(resolved({ groupVersion: '2026-03-02' })).toBe('2026-03-02');
    expect(resolved({ header: null, groupVersion: 'v2026-04-20' })).toBe('2026-04-20');
    expect(resolved({ header: undefined, groupVersion: '2025-10-13' })).toBe('2025-10-13');
  });

  it.each(['', ' ', '\t'])(
    '§9 rule 1: a blank header (%j) counts as absent, so the group version applies',
    (header) => {
      expect(resolved({ header, groupVersion: '2026-03-02' })).toBe('2026-03-02');
    },
  );

  it('§9 rule 1: a header that is invalid while the group version is valid is invalid_api_version (the header wins)', () => {
    expectError(refused({ header: '2026-04-21', groupVersion: '2026-04-20' }), 'invalid_api_version');
    expectError(refused({ header: 'latest', groupVersion: 'v2026-04-20' }), 'invalid_api_version');
  });

  it('§9 rule 1: an invalid group version is invalid_api_version when no header is sent', () => {
    expectError(refused({ groupVersion: '2024-01-01' }), 'invalid_api_version');
  });
});

describe('§9 rule 1: neither header nor group version → 400 missing_api_version', () => {
  it.each<[string, VersionRequest]>([
    ['nothing at all', {}],
    ['null header and group', { header: null, groupVersion: null }],
    ['blank header, no group', { header: '' }],
    ['blank header and blank group', { header: '  ', groupVersion: ' ' }],
    ['an endpoint other than the batch', { endpoint: 'tax_reports', host: 'api.b2brouter.net' }],
  ])('§9 rule 1: %s → missing_api_version', (_name, request) => {
    expectError(refused(request), 'missing_api_version');
  });

  it('§4.1 rule 5: the batch endpoint (tax_report_batches) defaults to 2026-06-26', () => {
    expect(resolved({ endpoint: 'tax_report_batches' })).toBe('2026-06-26');
    expect(resolved({ endpoint: 'tax_report_batches', header: ' ', host: 'api-staging.b2brouter.net' })).toBe(
      '2026-06-26',
    );
  });

  it('§4.1 rule 5: the batch endpoint still takes the header or the group version when given', () => {
    expect(resolved({ endpoint: 'tax_report_batches', header: 'v2026-04-20' })).toBe('2026-04-20');
    expect(resolved({ endpoint: 'tax_report_batches', groupVersion: '2026-03-02' })).toBe('2026-03-02');
    expectError(refused({ endpoint: 'tax_report_batches', header: '2026-06-27' }), 'invalid_api_version');
  });
});

describe('§9 rule 1: an unsupported value → 400 invalid_api_version', () => {
  it.each([
    '2026-04-21',
    '2026-4-20',
    'v2026-4-20',
    '20260420',
    'v20260420',
    'vv2026-04-20',
    '2026-04-20x',
    'x2026-04-20',
    '2026-04-20,2026-03-02',
    'latest',
    'v',
    '2025-01-01T00:00:00Z',
  ])('§9 rule 1: header %j → invalid_api_version', (header) => {
    const error = refused({ header });
    expectError(error, 'invalid_api_version');
    expect(error.message).toContain('not supported');
  });

  it('§9 rule 1: an invalid value is refused before the host is looked at', () => {
    expectError(refused({ header: 'bogus', host: 'app.b2brouter.net' }), 'invalid_api_version');
  });
});

describe('§9 rule 3: legacy on the application host, later versions on the API host', () => {
  it('§9 rule 3: the public hosts are those of api-notes.md §2', () => {
    expect([...SERVICE_HOSTS.api]).toEqual([...API_HOSTS]);
    expect([...SERVICE_HOSTS.application]).toEqual([...APP_HOSTS]);
  });

  it.each(API_HOSTS)('§9 rule 3: the legacy version on %s → api_version_subdomain_mismatch', (host) => {
    expectError(refused({ header: 'v2025-01-01', host }), 'api_version_subdomain_mismatch');
    // The key group's version is held to the same rule (§7.2: "requested or key-associated version").
    expectError(refused({ groupVersion: '2025-01-01', host }), 'api_version_subdomain_mismatch');
  });

  it.each(APP_HOSTS)('§9 rule 3: the legacy version on %s is served', (host) => {
    expect(resolved({ header: '2025-01-01', host })).toBe('2025-01-01');
    expect(resolved({ groupVersion: 'v2025-01-01', host })).toBe('2025-01-01');
  });

  it.each(NEWER_VERSIONS.flatMap((version) => APP_HOSTS.map((host) => [version, host] as const)))(
    '§9 rule 3: version %s on %s → api_version_subdomain_mismatch',
    (version, host) => {
      expectError(refused({ header: version, host }), 'api_version_subdomain_mismatch');
      expectError(refused({ groupVersion: `v${version}`, host }), 'api_version_subdomain_mismatch');
    },
  );

  it.each(NEWER_VERSIONS.flatMap((version) => API_HOSTS.map((host) => [version, host] as const)))(
    '§9 rule 3: version %s on %s is served',
    (version, host) => {
      expect(resolved({ header: version, host })).toBe(version);
    },
  );

  it('§9 rule 3 with §4.1 rule 5: the batch default 2026-06-26 is an API-host version', () => {
    expect(resolved({ endpoint: 'tax_report_batches', host: 'api.b2brouter.net' })).toBe('2026-06-26');
    expectError(
      refused({ endpoint: 'tax_report_batches', host: 'app.b2brouter.net' }),
      'api_version_subdomain_mismatch',
    );
  });

  it('§9 rule 3: the host is read without its port and regardless of case', () => {
    expectError(
      refused({ header: '2025-01-01', host: 'API.B2Brouter.net:443' }),
      'api_version_subdomain_mismatch',
    );
    expectError(
      refused({ header: '2026-04-20', host: 'App-Staging.B2BROUTER.net:8443' }),
      'api_version_subdomain_mismatch',
    );
    expect(resolved({ header: '2026-04-20', host: 'Api-Staging.b2brouter.NET:443' })).toBe('2026-04-20');
    expect(resolved({ header: '2025-01-01', host: 'APP.b2brouter.net:80' })).toBe('2025-01-01');
  });

  it.each([
    'localhost',
    'localhost:3000',
    '127.0.0.1:8080',
    '[::1]:3000',
    'invoicing.example.com',
    'api.b2brouter.net.example.com',
    'myapi.b2brouter.net',
    '',
  ])('§9 rule 3: host %j is neither, so no subdomain check applies', (host) => {
    for (const version of API_VERSIONS) expect(resolved({ header: version, host })).toBe(version);
  });

  it('§9 rule 3: without a host no subdomain check applies', () => {
    for (const version of API_VERSIONS) {
      expect(resolved({ header: version })).toBe(version);
      expect(resolved({ header: version, host: null })).toBe(version);
    }
  });

  it('§9 rule 3: a host application may name its own hosts per environment', () => {
    const hosts = { api: ['api.invoicing.test'], application: ['app.invoicing.test'] };
    expectError(
      refused({ header: '2025-01-01', host: 'api.invoicing.test', hosts }),
      'api_version_subdomain_mismatch',
    );
    expectError(
      refused({ header: '2026-04-20', host: 'APP.invoicing.test:8080', hosts }),
      'api_version_subdomain_mismatch',
    );
    expect(resolved({ header: '2026-04-20', host: 'api.invoicing.test', hosts })).toBe('2026-04-20');
    // With custom hosts, the public ones are no longer checked.
    expect(resolved({ header: '2025-01-01', host: 'api.b2brouter.net', hosts })).toBe('2025-01-01');
  });

  it('§9 rule 3: the mismatch message names the host kind that serves the version', () => {
    expect(refused({ header: '2025-01-01', host: 'api.b2brouter.net' }).message).toContain(
      'application host',
    );
    expect(refused({ header: '2026-04-20', host: 'app.b2brouter.net' }).message).toContain('API host');
  });
});
