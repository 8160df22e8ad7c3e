/**
 * The code lists over real HTTP (spec §4.8): GET /countries, /currencies, /languages, /schemes,
 * /invoice_states, whole by default, paged on request, without `meta` in the legacy version and at
 * their legacy `/users/{list}` paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../src/codelists/countries.js';
import { CURRENCIES } from '../../src/codelists/currencies.js';
import { INVOICE_STATES } from '../../src/codelists/invoiceStates.js';
import { LANGUAGES } from '../../src/codelists/languages.js';
import { SCHEMES } from '../../src/codelists/schemes.js';
import { startService, type TestService } from './harness.js';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service.close();
});

const LISTS = [
  ['countries', COUNTRIES.length],
  ['currencies', CURRENCIES.length],
  ['languages', LANGUAGES.length],
  ['schemes', SCHEMES.length],
  ['invoice_states', INVOICE_STATES.length],
] as const;

describe('GET /{list}', () => {
  it.each(LISTS)('/%s answers the whole list with meta', async (name, size) => {
    const response = await service.request('GET', `/${name}`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual([name, 'meta']);
    expect(response.json[name]).toHaveLength(size);
    expect(response.json.meta).toEqual({ total_count: size, offset: 0, limit: size, total: size });
  });

  it('writes each list’s entries', async () => {
    const countries = (await service.request('GET', '/countries')).json.countries;
    expect(countries).toContainEqual({ code: 'ES', name: 'Spain' });
    const currencies = (await service.request('GET', '/currencies')).json.currencies;
    expect(currencies).toContainEqual({ code: 'EUR', name: 'Euro', numeric: '978', minor_units: 2 });
    expect(currencies).toContainEqual(expect.objectContaining({ code: 'JPY', minor_units: 0 }));
    const languages = (await service.request('GET', '/languages')).json.languages;
    expect(languages).toContainEqual({ code: 'es', name: 'Spanish', native: 'Español' });
    const states = (await service.request('GET', '/invoice_states')).json.invoice_states;
    expect(states).toContainEqual({ code: 'sent', name: 'Sent' });
  });

  it('/schemes writes zero-padded 4-character codes, and the Peppol deprecation notes', async () => {
    const schemes = (await service.request('GET', '/schemes')).json.schemes as { code: string }[];
    expect(schemes.every((scheme) => /^\d{4}$/.test(scheme.code))).toBe(true);
    expect(schemes).toContainEqual({
      code: '0088',
      name: expect.any(String),
      country: null,
      deprecation: null,
    });
    expect(schemes).toContainEqual(
      expect.objectContaining({ code: '9920', country: 'ES', deprecation: null }),
    );
    expect(schemes.find((scheme) => scheme.code === '9956')).toMatchObject({
      deprecation: expect.stringContaining('0208'),
    });
  });

  it('pages when offset or limit is given, and refuses a limit over 500', async () => {
    const page = await service.request('GET', '/countries?offset=2&limit=3');
    expect(page.json.countries).toEqual(COUNTRIES.slice(2, 5));
    expect(page.json.meta).toEqual({
      total_count: COUNTRIES.length,
      offset: 2,
      limit: 3,
      total: COUNTRIES.length,
    });
    const tooMany = await service.request('GET', '/countries?limit=501');
    expect([tooMany.status, tooMany.json.error.code, tooMany.json.error.param]).toEqual([
      422,
      'parameter_invalid',
      'limit',
    ]);
  });
});

describe('the legacy version (spec §9 v2025-10-13: "/users prefix dropped from code lists")', () => {
  it.each(LISTS)('/users/%s answers the list without meta', async (name, size) => {
    const response = await service.request('GET', `/users/${name}`, { version: '2025-01-01' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json)).toEqual([name]);
    expect(response.json[name]).toHaveLength(size);
  });

  it('the unprefixed path works in the legacy version too, and /users/countries is gone from later ones', async () => {
    const legacy = await service.request('GET', '/countries', { version: '2025-01-01' });
    expect(legacy.json.meta).toBeUndefined();
    const modern = await service.request('GET', '/users/countries', { version: '2025-10-13' });
    expect([modern.status, modern.json.error.code]).toEqual([404, 'resource_missing']);
  });
});
