import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseAccount } from '../../src/model/account.js';
import { parseContact } from '../../src/model/contact.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { parseTransport, type Transport, TransportSchema } from '../../src/model/transport.js';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import { V2026_03_02 } from '../../src/versions/changes/v2026_03_02.js';
import type { JsonObject } from '../../src/versions/fieldPath.js';
import { fieldsOf } from '../../src/versions/fieldsOf.js';
import { normalizeRequest } from '../../src/versions/normalize.js';
import { serialize } from '../../src/versions/serialize.js';
import {
  storedAccount,
  storedContact,
  storedInvoice,
  validContactBody,
  validInvoiceBody,
} from '../support/fixtures.js';

/**
 * v2026-03-02 over v2025-10-13 (api-notes.md §3.2): `type_document` → `type_code`, zero-padded
 * schemes with null for an unknown one, contact `is_provider` defaulting to true. One canonical
 * contact, account, invoice and transport are serialized in every version and the fields this
 * version changes are asserted one by one.
 */

/** Versions before v2026-03-02, which write the older forms. */
const OLDER: readonly ApiVersion[] = ['2025-01-01', '2025-10-13'];
const isOlder = (version: ApiVersion) => OLDER.includes(version);

function data<T>(result: { success: true; data: T } | { success: false; issues: unknown }): T {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

function issueCodes(result: { success: boolean; issues?: { code: string; param: string }[] }) {
  return (result.issues ?? []).map(({ code, param }) => ({ code, param }));
}

/** A contact with every kind of scheme: padded ones, an unknown one (value, no scheme), an empty slot. */
const contact = storedContact({
  cin_scheme: '0088',
  cin_value: '8412345678905',
  routing_codes: {
    cin1_value: '5560360793',
    cin1_scheme: '0007',
    cin2_value: 'UNKNOWN-SCHEME-ID',
    cin2_scheme: null,
    cin3_value: null,
    cin3_scheme: null,
  },
});

const transport: Transport = TransportSchema.parse({
  account_id: 1,
  code: 'peppol',
  transport_type_code: 'peppol',
  enabled: true,
  reception: false,
  invoice: true,
  credit_note: true,
  self_billing: false,
  order: false,
  application_response: false,
  pin_scheme: '0088',
  pin_value: '8412345678905',
  sml_status: 'published',
  peppol_directory_status: 'published',
  reception_document_types: [],
});

const at = (response: JsonObject, key: string): unknown => response[key];
const child = (response: JsonObject, key: string): JsonObject => response[key] as JsonObject;

describe('v2026-03-02 invoice type_document → type_code (api-notes.md §3.2, §8.1)', () => {
  const invoice = storedInvoice({ type_code: '380' });

  it.each(API_VERSIONS)(
    'api-notes §3.2: %s writes the document-type code under its name of that version',
    (version) => {
      const response = serialize('invoice', invoice, { version });
      if (isOlder(version)) {
        expect(at(response, 'type_document')).toBe('380');
        expect(response).not.toHaveProperty('type_code');
      } else {
        expect(at(response, 'type_code')).toBe('380');
        expect(response).not.toHaveProperty('type_document');
      }
    },
  );

  it.each(API_VERSIONS)(
    'api-notes §3.2: fieldsOf(%s, invoice) names type_code or type_document, never both',
    (version) => {
      const fields = fieldsOf(version, 'invoice');
      expect(fields.has('type_code')).toBe(!isOlder(version));
      expect(fields.has('type_document')).toBe(isOlder(version));
    },
  );

  it('api-notes §3.2: a v2025-10-13 request with type_document parses like a v2026-03-02 request with type_code', () => {
    const { type_code: _dropped, ...withoutCode } = validInvoiceBody();
    const older = normalizeRequest(
      'invoice',
      { ...withoutCode, type_document: '381' },
      {
        version: '2025-10-13',
        operation: 'create',
      },
    );
    const newer = normalizeRequest(
      'invoice',
      { ...withoutCode, type_code: '381' },
      { version: '2026-03-02', operation: 'create' },
    );
    expect(older).not.toHaveProperty('type_document');
    expect(data(parseInvoice(older, 'create'))).toEqual(data(parseInvoice(newer, 'create')));
    expect(data(parseInvoice(older, 'create')).type_code).toBe('381');
  });

  it('api-notes §3.2: an older request sending both names means type_code', () => {
    const request = normalizeRequest(
      'invoice',
      { type_document: '381', type_code: '380' },
      { version: '2025-10-13', operation: 'update' },
    );
    expect(request).toEqual({ type_code: '380' });
  });

  it('api-notes §3.2: from v2026-03-02 type_document is no longer read (unknown fields are dropped)', () => {
    const request = normalizeRequest(
      'invoice',
      { type_document: '381' },
      { version: '2026-03-02', operation: 'update' },
    );
    expect(data(parseInvoice(request, 'update'))).not.toHaveProperty('type_code');
  });
});

describe('v2026-03-02 zero-padded schemes, null for an unknown scheme (api-notes.md §3.2, spec §2.2)', () => {
  it.each(API_VERSIONS)('api-notes §3.2: contact schemes in %s', (version) => {
    const response = serialize('contact', contact, { version });
    // The legacy version writes the routing codes flat and the TIN as taxcode (v2025-10-13 changes).
    const codes = version === '2025-01-01' ? response : child(response, 'routing_codes');
    if (isOlder(version)) {
      expect(at(response, 'cin_scheme')).toBe('88');
      expect(at(codes, 'cin1_scheme')).toBe('7');
      expect(at(codes, 'cin2_scheme')).toBe('0001');
    } else {
      expect(at(response, 'cin_scheme')).toBe('0088');
      expect(at(codes, 'cin1_scheme')).toBe('0007');
      expect(at(codes, 'cin2_scheme')).toBeNull();
    }
    // An empty slot (no value) is "no identifier", not "unknown scheme": null in every version.
    expect(at(codes, 'cin3_scheme')).toBeNull();
    // 9920 has no leading zero to drop.
    if (version === '2025-01-01') expect(at(response, 'taxcode')).toBe('9920:B76543214');
    else expect(at(response, 'tin_scheme')).toBe('9920');
  });

  it.each(API_VERSIONS)(
    'api-notes §3.2: a contact TIN with an unknown scheme in %s; no TIN at all stays null',
    (version) => {
      const unknown = serialize('contact', storedContact({ tin_scheme: null, tin_value: 'X1234567' }), {
        version,
      });
      const none = serialize('contact', storedContact({ tin_scheme: null, tin_value: null }), { version });
      if (version === '2025-01-01') {
        expect(at(unknown, 'taxcode')).toBe('0001:X1234567');
        expect(at(none, 'taxcode')).toBeNull();
      } else {
        expect(at(unknown, 'tin_scheme')).toBe(isOlder(version) ? '0001' : null);
        expect(at(none, 'tin_scheme')).toBeNull();
      }
    },
  );

  it.each(API_VERSIONS)('api-notes §3.2: account tin_scheme and cin_scheme in %s', (version) => {
    const account = storedAccount({
      tin_scheme: '0007',
      tin_value: '5560360793',
      cin_scheme: null,
      cin_value: 'X9',
    });
    const response = serialize('account', account, { version });
    expect(at(response, 'tin_scheme')).toBe(isOlder(version) ? '7' : '0007');
    expect(at(response, 'cin_scheme')).toBe(isOlder(version) ? '0001' : null);
  });

  it.each(API_VERSIONS)('api-notes §3.2: transport pin_scheme in %s', (version) => {
    const known = serialize('transport', transport, { version });
    const unknown = serialize('transport', { ...transport, pin_scheme: null }, { version });
    const none = serialize('transport', { ...transport, pin_scheme: null, pin_value: null }, { version });
    expect(at(known, 'pin_scheme')).toBe(isOlder(version) ? '88' : '0088');
    expect(at(unknown, 'pin_scheme')).toBe(isOlder(version) ? '0001' : null);
    expect(at(none, 'pin_scheme')).toBeNull();
  });

  it.each(API_VERSIONS)("api-notes §3.2: the invoice contact's tin_scheme in %s", (version) => {
    const invoice = storedInvoice({
      contact: { id: 7, name: 'Nordic AB', tin_scheme: '0007', tin_value: '5560360793', country: 'SE' },
    });
    const response = serialize('invoice', invoice, { version });
    if (version === '2025-01-01') expect(child(response, 'client').taxcode).toBe('7:5560360793');
    else expect(child(response, 'contact').tin_scheme).toBe(isOlder(version) ? '7' : '0007');
  });

  it('api-notes §3.2: the scheme change adds and removes no field path (same fields, written differently)', () => {
    for (const change of V2026_03_02.changes.filter((entry) => entry.description.includes('zero-padded'))) {
      expect(change.added ?? []).toEqual([]);
      expect(change.removed ?? []).toEqual([]);
    }
    for (const path of ['tin_scheme', 'cin_scheme', 'routing_codes.cin1_scheme', 'routing_codes.cin5_scheme'])
      expect(fieldsOf('2025-10-13', 'contact').has(path) && fieldsOf('2026-03-02', 'contact').has(path)).toBe(
        true,
      );
    expect(fieldsOf('2025-10-13', 'transport').has('pin_scheme')).toBe(true);
  });

  it('api-notes §3.2: older requests are padded, and "0001" is read as an unknown scheme (null)', () => {
    const request = normalizeRequest(
      'contact',
      {
        ...validContactBody(),
        tin_scheme: '9920',
        cin_scheme: '88',
        cin_value: '8412345678905',
        routing_codes: { cin1_value: '5560360793', cin1_scheme: '7', cin2_value: 'X', cin2_scheme: '0001' },
      },
      { version: '2025-10-13', operation: 'create' },
    ) as JsonObject;
    expect(request.cin_scheme).toBe('0088');
    expect(request.routing_codes).toEqual({
      cin1_value: '5560360793',
      cin1_scheme: '0007',
      cin2_value: 'X',
      cin2_scheme: null,
    });
    expect(data(parseContact(request, 'create')).routing_codes?.cin2_scheme).toBeNull();
  });

  it('api-notes §3.2: "0001" is refused by the scheme catalogue from v2026-03-02 (it is no placeholder there)', () => {
    const body = { ...validContactBody(), cin_value: 'X', cin_scheme: '0001' };
    const newer = normalizeRequest('contact', body, { version: '2026-03-02', operation: 'create' });
    const older = normalizeRequest('contact', body, { version: '2025-10-13', operation: 'create' });
    expect(issueCodes(parseContact(newer, 'create'))).toEqual([
      { code: 'parameter_inclusion', param: 'cin_scheme' },
    ]);
    expect(data(parseContact(older, 'create')).cin_scheme).toBeNull();
  });

  it('api-notes §3.2: an older scheme sent as a JSON number (lossless, as the HTTP edge reads it) is read as its code', () => {
    const request = normalizeRequest(
      'account',
      {
        name: 'ACME',
        country: 'ES',
        tin_scheme: new LosslessNumber('9920'),
        cin_scheme: new LosslessNumber('7'),
      },
      { version: '2025-10-13', operation: 'create' },
    ) as JsonObject;
    expect(request.tin_scheme).toBe('9920');
    expect(request.cin_scheme).toBe('0007');
    expect(data(parseAccount(request, 'create')).cin_scheme).toBe('0007');
  });

  it('api-notes §3.2: older transport and inline-contact requests are read the same way', () => {
    const transportRequest = normalizeRequest(
      'transport',
      { transport_type_code: 'peppol', pin_scheme: '0001', pin_value: 'X' },
      { version: '2025-10-13', operation: 'create' },
    );
    expect(data(parseTransport(transportRequest, 'create')).pin_scheme).toBeNull();
    const invoiceRequest = normalizeRequest(
      'invoice',
      {
        contact: {
          name: 'Nordic AB',
          country: 'SE',
          tin_scheme: '7',
          tin_value: '5560360793',
          cin_scheme: '1',
        },
      },
      { version: '2025-10-13', operation: 'update' },
    ) as JsonObject;
    expect(invoiceRequest.contact).toMatchObject({ tin_scheme: '0007', cin_scheme: null });
  });

  it('api-notes §3.2: a v2025-10-13 response read back as a v2025-10-13 request gives the stored schemes back', () => {
    const stored = storedContact({
      tin_scheme: null,
      tin_value: 'X1234567',
      cin_scheme: '0088',
      cin_value: 'Y',
    });
    const response = serialize('contact', stored, { version: '2025-10-13' });
    const read = data(
      parseContact(
        normalizeRequest('contact', response, { version: '2025-10-13', operation: 'update' }),
        'update',
      ),
    );
    expect({ tin_scheme: read.tin_scheme, tin_value: read.tin_value, cin_scheme: read.cin_scheme }).toEqual({
      tin_scheme: null,
      tin_value: 'X1234567',
      cin_scheme: '0088',
    });
    expect(read.routing_codes).toEqual(stored.routing_codes);
  });
});

describe('v2026-03-02 contact is_provider defaults to true (api-notes.md §3.2)', () => {
  const { is_provider: _omitted, ...withoutProvider } = validContactBody();

  it.each(API_VERSIONS)('api-notes §3.2: a %s create request without is_provider', (version) => {
    const request = normalizeRequest('contact', withoutProvider, {
      version,
      operation: 'create',
    }) as JsonObject;
    if (isOlder(version)) expect(request.is_provider).toBe(false);
    else expect(request).not.toHaveProperty('is_provider');
  });

  it('api-notes §3.2: an older create with is_provider null means false; a value sent is kept', () => {
    const context = { version: '2025-10-13' as const, operation: 'create' as const };
    expect(normalizeRequest('contact', { ...withoutProvider, is_provider: null }, context)).toHaveProperty(
      'is_provider',
      false,
    );
    expect(normalizeRequest('contact', { ...withoutProvider, is_provider: true }, context)).toHaveProperty(
      'is_provider',
      true,
    );
    expect(
      data(parseContact(normalizeRequest('contact', withoutProvider, context), 'create')).is_provider,
    ).toBe(false);
  });

  it('api-notes §3.2: an older PATCH without is_provider leaves the stored value alone', () => {
    const request = normalizeRequest(
      'contact',
      { name: 'Renamed' },
      { version: '2025-10-13', operation: 'update' },
    );
    expect(request).toEqual({ name: 'Renamed' });
  });

  it("api-notes §3.2: an invoice's inline contact is not given is_provider (it may match an existing contact)", () => {
    const request = normalizeRequest(
      'invoice',
      { ...validInvoiceBody(), contact_id: undefined, contact: { name: 'Nordic AB', country: 'SE' } },
      { version: '2025-10-13', operation: 'create' },
    ) as JsonObject;
    expect(request.contact).toEqual({ name: 'Nordic AB', country: 'SE' });
  });
});
