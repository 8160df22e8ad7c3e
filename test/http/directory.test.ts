/**
 * GET /directory/{country}/{identifier} over real HTTP (spec §4.8): published Peppol participants of
 * any group are public, the caller's own accounts are found by their identifiers, and another group's
 * unpublished account is never found.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY, OTHER_KEY, startService, type TestService } from './harness.js';
import { PEPPOL_TRANSPORT, storeAccount } from './transportSupport.js';

let service: TestService;
beforeEach(async () => {
  service = await startService();
});
afterEach(async () => {
  await service.close();
});

const error = (response: {
  status: number;
  json: { error: { code: string | null; param: string | null } };
}) => [response.status, response.json.error.code, response.json.error.param];

/** Group 2's account with a Peppol transport, published unless `publish` is false. */
async function publishedByOtherGroup(publish = true) {
  const account = await storeAccount(service, 2, {
    name: 'Proveedor Ejemplo SA',
    tin_value: 'ESB12345674',
    document_type_code: 'xml.ubl.invoice',
  });
  const created = await service.request('POST', `/accounts/${account}/transports`, {
    key: OTHER_KEY,
    body: { transport: { ...PEPPOL_TRANSPORT } },
  });
  expect(created.status).toBe(201);
  if (publish) await service.fiscalkit.worker.drain();
  return account;
}

const PUBLIC_CARD = {
  identifier: 'ESB12345674',
  scheme: '9920',
  peppol_identifier: '9920:ESB12345674',
  name: 'Proveedor Ejemplo SA',
  country: 'ES',
  transport_type_code: 'peppol',
  document_type_code: null,
  document_types: [
    { code: 'invoice', name: 'Invoice' },
    { code: 'credit_note', name: 'Credit note' },
  ],
};

describe('published Peppol participants are public', () => {
  it('any group finds another group’s published participant: the business card, nothing private', async () => {
    await publishedByOtherGroup();
    const found = await service.request('GET', '/directory/es/9920:ESB12345674');
    expect(found.status).toBe(200);
    expect(found.json).toEqual({ participant: PUBLIC_CARD });
  });

  it('matches the value alone, case- and separator-insensitively, with or without the country prefix', async () => {
    await publishedByOtherGroup();
    for (const identifier of [
      'ESB12345674',
      'B12345674',
      'esb12345674',
      'ES-B12.345.674',
      '9920%3AESB12345674',
      'iso6523-actorid-upis::9920:ESB12345674',
    ]) {
      const found = await service.request('GET', `/directory/es/${identifier}`);
      expect([identifier, found.status]).toEqual([identifier, 200]);
      expect(found.json.participant.peppol_identifier).toBe('9920:ESB12345674');
    }
    const upper = await service.request('GET', '/directory/ES/ESB12345674');
    expect(upper.status).toBe(200);
  });

  it('answers 404 for another scheme, another country, an unknown identifier or country', async () => {
    await publishedByOtherGroup();
    expect(error(await service.request('GET', '/directory/es/0088:ESB12345674'))).toEqual([
      404,
      'resource_missing',
      'identifier',
    ]);
    expect(error(await service.request('GET', '/directory/fr/9920:ESB12345674'))).toEqual([
      404,
      'resource_missing',
      'identifier',
    ]);
    expect(error(await service.request('GET', '/directory/es/ESA58818501'))).toEqual([
      404,
      'resource_missing',
      'identifier',
    ]);
    expect(error(await service.request('GET', '/directory/xx/ESB12345674'))).toEqual([
      404,
      'resource_missing',
      'country',
    ]);
    expect(error(await service.request('GET', '/directory/esp/ESB12345674'))).toEqual([
      404,
      'resource_missing',
      'country',
    ]);
  });

  it('the legacy /api/v1/directory path serves the same lookup (spec §9)', async () => {
    await publishedByOtherGroup();
    const legacy = await service.request('GET', '/api/v1/directory/es/9920:ESB12345674', {
      version: '2025-01-01',
    });
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual({ participant: PUBLIC_CARD });
  });
});

describe('never a leak (DESIGN.md "Tenancy")', () => {
  it('another group’s participant is not found while processing, and not after it is disabled', async () => {
    const account = await publishedByOtherGroup(false);
    const pending = await service.request('GET', '/directory/es/9920:ESB12345674');
    expect(error(pending)).toEqual([404, 'resource_missing', 'identifier']);
    await service.fiscalkit.worker.drain();
    expect((await service.request('GET', '/directory/es/9920:ESB12345674')).status).toBe(200);
    const disabled = await service.request('PATCH', `/transports/peppol?account=${account}`, {
      key: OTHER_KEY,
      body: { transport: { enabled: false } },
    });
    expect(disabled.status).toBe(200);
    // Unpublishing: the directory stops answering at once (processing is not published)...
    expect((await service.request('GET', '/directory/es/9920:ESB12345674')).status).toBe(404);
    await service.fiscalkit.worker.drain();
    // ...and after the job, for good.
    expect((await service.request('GET', '/directory/es/9920:ESB12345674')).status).toBe(404);
  });

  it('another group’s account without Peppol is never found; its own group finds it with its preferences', async () => {
    await storeAccount(service, 2, {
      name: 'Privado SL',
      tin_value: 'ESA58818501',
      transport_type_code: 'email',
      document_type_code: 'pdf',
    });
    const theirs = await service.request('GET', '/directory/es/9920:ESA58818501', { key: KEY });
    expect(error(theirs)).toEqual([404, 'resource_missing', 'identifier']);
    const own = await service.request('GET', '/directory/es/9920:ESA58818501', { key: OTHER_KEY });
    expect(own.status).toBe(200);
    expect(own.json.participant).toEqual({
      identifier: 'ESA58818501',
      scheme: '9920',
      peppol_identifier: null,
      name: 'Privado SL',
      country: 'ES',
      transport_type_code: 'email',
      document_type_code: 'pdf',
      document_types: [],
    });
  });

  it('the owner sees its own published participant with its preferences; others see the public card', async () => {
    await publishedByOtherGroup();
    const own = await service.request('GET', '/directory/es/ESB12345674', { key: OTHER_KEY });
    expect(own.json.participant).toEqual({ ...PUBLIC_CARD, document_type_code: 'xml.ubl.invoice' });
    const other = await service.request('GET', '/directory/es/ESB12345674', { key: KEY });
    expect(other.json.participant).toEqual(PUBLIC_CARD);
  });

  it('finds the caller’s own account by its tin, telling how to reach it on Peppol under its participant identifier', async () => {
    const account = await storeAccount(service, 1, { name: 'Mío SL', tin_value: 'ESA58818501' });
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { ...PEPPOL_TRANSPORT } },
    });
    await service.fiscalkit.worker.drain();
    const found = await service.request('GET', '/directory/es/A58818501');
    expect(found.json.participant).toEqual({
      identifier: 'ESA58818501',
      scheme: '9920',
      peppol_identifier: '9920:ESB12345674',
      name: 'Mío SL',
      country: 'ES',
      transport_type_code: 'peppol',
      document_type_code: null,
      document_types: PUBLIC_CARD.document_types,
    });
    // Another group knows it by its public participant identifier only.
    expect((await service.request('GET', '/directory/es/A58818501', { key: OTHER_KEY })).status).toBe(404);
    expect((await service.request('GET', '/directory/es/ESB12345674', { key: OTHER_KEY })).status).toBe(200);
  });

  it('finds the caller’s own account by its cin too', async () => {
    await storeAccount(service, 1, {
      name: 'Con CIN SL',
      country: 'BE',
      tin_scheme: null,
      tin_value: null,
      cin_scheme: '0208',
      cin_value: '0123456749',
      routing_codes: {},
    });
    const found = await service.request('GET', '/directory/be/0208:0123456749');
    expect(found.status).toBe(200);
    expect(found.json.participant).toMatchObject({ identifier: '0123456749', scheme: '0208', country: 'BE' });
    expect((await service.request('GET', '/directory/be/0208:0123456749', { key: OTHER_KEY })).status).toBe(
      404,
    );
  });
});
