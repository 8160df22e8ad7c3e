/**
 * Transports over real HTTP (spec §2.8, §3.2, §4.7, §9): CRUD by code, the rules and their error
 * codes, tenant isolation, the wire per version, and Peppol publication as background jobs polled
 * through the list.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OTHER_KEY, startService, type TestService } from './harness.js';
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

async function transports(account: number, options: { key?: string; version?: string } = {}) {
  const response = await service.request('GET', `/accounts/${account}/transports`, options);
  expect(response.status).toBe(200);
  return response.json.transports as Record<string, unknown>[];
}

describe('create, list, update, delete (spec §4.7)', () => {
  it('POST creates with fiscalkit defaults, 201, wrapped in transport, without the store id', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email', invoice: true } },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      transport: {
        account_id: account,
        code: 'email',
        transport_type_code: 'email',
        enabled: true,
        reception: false,
        invoice: true,
        credit_note: false,
        self_billing: false,
        order: false,
        application_response: false,
        pin_scheme: null,
        pin_value: null,
        sml_status: 'not_published',
        peppol_directory_status: 'not_published',
        reception_document_types: [],
      },
    });
    const list = await service.request('GET', `/accounts/${account}/transports?limit=1`);
    expect(list.json).toEqual({
      transports: [created.json.transport],
      meta: { total_count: 1, offset: 0, limit: 1, total: 1 },
    });
  });

  it('reception_document_types follow the document flags while receiving (spec §2.8)', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'b2brouter', reception: true, invoice: true, order: true } },
    });
    expect(created.json.transport.reception_document_types).toEqual([
      { code: 'invoice', name: 'Invoice' },
      { code: 'order', name: 'Order' },
    ]);
    const stopped = await service.request('PATCH', '/transports/b2brouter', {
      body: { transport: { reception: false } },
    });
    expect(stopped.json.transport.reception_document_types).toEqual([]);
  });

  it('PATCH and PUT change only what is sent (issue #19) and answer 200 with the transport', async () => {
    const account = await storeAccount(service, 1);
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email', invoice: true } },
    });
    const patched = await service.request('PATCH', '/transports/email', {
      body: { transport: { credit_note: true, enabled: null } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.transport).toMatchObject({ invoice: true, credit_note: true, enabled: true });
    // PUT is a partial update too (issue #19): nothing is required, the fields left out stay.
    const put = await service.request('PUT', '/transports/email', {
      body: { transport: { order: true } },
    });
    expect(put.status).toBe(200);
    expect(put.json.transport).toMatchObject({
      transport_type_code: 'email',
      invoice: true,
      credit_note: true,
      order: true,
    });
  });

  it('a sent standard_documents is silently ignored on POST, PATCH and PUT (spec §2.8 rule 1)', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email', standard_documents: ['order'] } },
    });
    expect(created.status).toBe(201);
    expect(created.json.transport.order).toBe(false);
    for (const method of ['PATCH', 'PUT']) {
      const response = await service.request(method, '/transports/email', {
        body: { transport: { transport_type_code: 'email', standard_documents: ['order', 'invoice'] } },
      });
      expect(response.status).toBe(200);
      expect(response.json.transport).toMatchObject({ order: false, invoice: false });
      expect(response.json.transport).not.toHaveProperty('standard_documents');
    }
  });

  it('DELETE answers the full transport as it was, 200, and it is gone', async () => {
    const account = await storeAccount(service, 1);
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email' } },
    });
    const removed = await service.request('DELETE', `/accounts/${account}/transports/email`);
    expect(removed.status).toBe(200);
    expect(removed.json.transport).toMatchObject({ code: 'email', sml_status: 'not_published' });
    expect(await transports(account)).toEqual([]);
    const again = await service.request('DELETE', `/accounts/${account}/transports/email`);
    expect(error(again)).toEqual([404, 'resource_missing', 'code']);
  });
});

describe('errors (spec §7.2)', () => {
  it('answers each rule with its code and param', async () => {
    const account = await storeAccount(service, 1);
    const post = (transport: unknown) =>
      service.request('POST', `/accounts/${account}/transports`, { body: { transport } });
    expect(error(await post({}))).toEqual([422, 'parameter_blank', 'transport_type_code']);
    expect(error(await post({ transport_type_code: 'fax' }))).toEqual([
      422,
      'parameter_inclusion',
      'transport_type_code',
    ]);
    expect(error(await post({ transport_type_code: 'peppol', code: 'email' }))).toEqual([
      422,
      'parameter_invalid',
      'code',
    ]);
    expect(error(await post({ transport_type_code: 'peppol', pin_scheme: '1234', pin_value: 'X' }))).toEqual([
      422,
      'parameter_inclusion',
      'pin_scheme',
    ]);
    expect(error(await post({ transport_type_code: 'peppol', enabled: 'yes' }))).toEqual([
      400,
      'invalid_request_params',
      'enabled',
    ]);
    expect((await post({ transport_type_code: 'peppol' })).status).toBe(201);
    expect(error(await post({ transport_type_code: 'peppol' }))).toEqual([
      422,
      'parameter_taken',
      'transport_type_code',
    ]);
    const change = await service.request('PATCH', '/transports/peppol', {
      body: { transport: { transport_type_code: 'email' } },
    });
    expect(error(change)).toEqual([422, 'parameter_cannot_change', 'transport_type_code']);
  });

  it('answers malformed JSON and a body without its wrapper with 400 invalid_request_params', async () => {
    const account = await storeAccount(service, 1);
    const malformed = await service.request('POST', `/accounts/${account}/transports`, {
      body: '{"transport":',
    });
    expect(error(malformed).slice(0, 2)).toEqual([400, 'invalid_request_params']);
    const bare = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport_type_code: 'email' },
    });
    expect(error(bare)).toEqual([400, 'invalid_request_params', 'transport']);
  });

  it('answers 404 for an unknown code, and asks for ?account when several accounts have the code', async () => {
    const first = await storeAccount(service, 1);
    const second = await storeAccount(service, 1, { name: 'Second SL' });
    const missing = await service.request('PATCH', '/transports/email', { body: { transport: {} } });
    expect(error(missing)).toEqual([404, 'resource_missing', 'code']);
    for (const account of [first, second])
      await service.request('POST', `/accounts/${account}/transports`, {
        body: { transport: { transport_type_code: 'email' } },
      });
    const ambiguous = await service.request('PATCH', '/transports/email', {
      body: { transport: { invoice: true } },
    });
    expect(error(ambiguous)).toEqual([422, 'parameter_invalid', 'account']);
    const picked = await service.request('PATCH', `/transports/email?account=${second}`, {
      body: { transport: { invoice: true } },
    });
    expect(picked.status).toBe(200);
    expect(picked.json.transport).toMatchObject({ account_id: second, invoice: true });
    expect((await transports(first))[0]).toMatchObject({ invoice: false });
    const wrongType = await service.request('PATCH', '/transports/email?account=abc', {
      body: { transport: {} },
    });
    expect(error(wrongType)).toEqual([400, 'invalid_request_params', 'account']);
  });
});

describe('tenancy (DESIGN.md: another group’s resources are 404)', () => {
  it('another group reads, creates, changes and deletes none of the group’s transports', async () => {
    const account = await storeAccount(service, 1);
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'email' } },
    });
    const other = { key: OTHER_KEY };
    expect(error(await service.request('GET', `/accounts/${account}/transports`, other))).toEqual([
      404,
      'resource_missing',
      'account',
    ]);
    const post = await service.request('POST', `/accounts/${account}/transports`, {
      ...other,
      body: { transport: { transport_type_code: 'peppol' } },
    });
    expect(error(post)).toEqual([404, 'resource_missing', 'account']);
    const patch = await service.request('PATCH', '/transports/email', {
      ...other,
      body: { transport: { invoice: true } },
    });
    expect(error(patch)).toEqual([404, 'resource_missing', 'code']);
    const named = await service.request('PUT', `/transports/email?account=${account}`, {
      ...other,
      body: { transport: { transport_type_code: 'email', invoice: true } },
    });
    expect(error(named)).toEqual([404, 'resource_missing', 'account']);
    const removed = await service.request('DELETE', `/accounts/${account}/transports/email`, other);
    expect(error(removed)).toEqual([404, 'resource_missing', 'account']);
    expect(await transports(account)).toEqual([expect.objectContaining({ code: 'email', invoice: false })]);
  });
});

describe('versions on the wire (spec §9)', () => {
  it('before v2026-04-20: standard_documents and pending_peppol_directory_publish instead of the statuses', async () => {
    const account = await storeAccount(service, 1);
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { ...PEPPOL_TRANSPORT } },
    });
    const [old] = await transports(account, { version: '2026-03-02' });
    expect(old).toMatchObject({
      standard_documents: ['invoice', 'credit_note'],
      pending_peppol_directory_publish: true,
      pin_scheme: '9920',
    });
    expect(old).not.toHaveProperty('sml_status');
    expect(old).not.toHaveProperty('peppol_directory_status');
    await service.fiscalkit.worker.drain();
    const [published] = await transports(account, { version: '2026-03-02' });
    expect(published?.pending_peppol_directory_publish).toBe(false);
    const [current] = await transports(account);
    expect(current).toMatchObject({ sml_status: 'published', peppol_directory_status: 'published' });
    expect(current).not.toHaveProperty('standard_documents');
    expect(current).not.toHaveProperty('pending_peppol_directory_publish');
  });

  it('before v2026-03-02: POST answers 200 and schemes are unpadded both ways', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      version: '2025-10-13',
      body: { transport: { transport_type_code: 'peppol', pin_scheme: '88', pin_value: '5790000435975' } },
    });
    expect(created.status).toBe(200);
    expect(created.json.transport.pin_scheme).toBe('88');
    expect((await transports(account))[0]?.pin_scheme).toBe('0088');
  });

  it('DELETE exists from v2025-10-13 only; the legacy version writes with 204 and no body', async () => {
    const account = await storeAccount(service, 1);
    const legacy = await service.request('POST', `/projects/${account}/transports`, {
      version: '2025-01-01',
      body: { transport: { transport_type_code: 'email' } },
    });
    expect([legacy.status, legacy.text]).toEqual([204, '']);
    const deleted = await service.request('DELETE', `/projects/${account}/transports/email`, {
      version: '2025-01-01',
    });
    expect(error(deleted)).toEqual([404, 'resource_missing', null]);
    expect(await transports(account)).toHaveLength(1);
    const modern = await service.request('DELETE', `/accounts/${account}/transports/email`, {
      version: '2025-10-13',
    });
    expect(modern.status).toBe(200);
  });
});

describe('Peppol publication as background jobs (spec §2.8 rule 2, §3.2)', () => {
  it('not_published → processing → published on create, and back on disable, polled through the list', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { ...PEPPOL_TRANSPORT } },
    });
    expect(created.json.transport).toMatchObject({
      sml_status: 'processing',
      peppol_directory_status: 'processing',
      reception_document_types: [
        { code: 'invoice', name: 'Invoice' },
        { code: 'credit_note', name: 'Credit note' },
      ],
    });
    expect(await service.fiscalkit.worker.drain()).toBe(1);
    expect((await transports(account))[0]).toMatchObject({
      sml_status: 'published',
      peppol_directory_status: 'published',
    });

    const disabled = await service.request('PATCH', '/transports/peppol', {
      body: { transport: { enabled: false } },
    });
    expect(disabled.json.transport).toMatchObject({
      sml_status: 'processing',
      peppol_directory_status: 'processing',
    });
    await service.fiscalkit.worker.drain();
    expect((await transports(account))[0]).toMatchObject({
      sml_status: 'not_published',
      peppol_directory_status: 'not_published',
    });

    const enabled = await service.request('PUT', '/transports/peppol', {
      body: { transport: { transport_type_code: 'peppol', enabled: true } },
    });
    expect(enabled.json.transport.sml_status).toBe('processing');
    await service.fiscalkit.worker.drain();
    expect((await transports(account))[0]?.sml_status).toBe('published');
  });

  it('DELETE of a published transport answers it with statuses processing; the job then finds nothing to publish', async () => {
    const account = await storeAccount(service, 1);
    await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { ...PEPPOL_TRANSPORT } },
    });
    await service.fiscalkit.worker.drain();
    const removed = await service.request('DELETE', `/accounts/${account}/transports/peppol`);
    expect(removed.status).toBe(200);
    expect(removed.json.transport).toMatchObject({
      code: 'peppol',
      pin_value: 'ESB12345674',
      sml_status: 'processing',
      peppol_directory_status: 'processing',
    });
    expect(await service.fiscalkit.worker.drain()).toBe(1);
    expect(await transports(account)).toEqual([]);
    // The directory no longer knows a Peppol participant: another group finds nothing, the owner
    // finds only its own account (by its TIN, B12345674), no longer on Peppol.
    const theirs = await service.request('GET', '/directory/es/9920:ESB12345674', { key: OTHER_KEY });
    expect(error(theirs)).toEqual([404, 'resource_missing', 'identifier']);
    const mine = await service.request('GET', '/directory/es/9920:ESB12345674');
    expect(mine.json.participant).toMatchObject({ peppol_identifier: null, document_types: [] });
  });

  it('a Peppol transport without a participant identifier is never published', async () => {
    const account = await storeAccount(service, 1);
    const created = await service.request('POST', `/accounts/${account}/transports`, {
      body: { transport: { transport_type_code: 'peppol', reception: true, invoice: true } },
    });
    expect(created.json.transport.sml_status).toBe('not_published');
    expect(await service.fiscalkit.worker.drain()).toBe(0);
  });
});

describe('GET /transport_types (spec §4.7)', () => {
  it('lists the transport type codes with meta; the legacy GET /users/channels answers the same without meta', async () => {
    const types = await service.request('GET', '/transport_types');
    expect(types.status).toBe(200);
    expect(types.json.transport_types).toContainEqual({ code: 'peppol', name: 'Peppol network' });
    expect(types.json.meta).toEqual({
      total_count: types.json.transport_types.length,
      offset: 0,
      limit: types.json.transport_types.length,
      total: types.json.transport_types.length,
    });
    const legacy = await service.request('GET', '/users/channels', { version: '2025-01-01' });
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual({ transport_types: types.json.transport_types });
    const legacyJson = await service.request('GET', '/users/channels.json', { version: '2025-01-01' });
    expect(legacyJson.json).toEqual(legacy.json);
  });
});
