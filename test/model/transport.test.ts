import { describe, expect, it } from 'vitest';
import {
  newTransport,
  PEPPOL_PUBLICATION_STATUSES,
  parseTransport,
  receptionDocumentTypes,
  TransportSchema,
} from '../../src/model/transport.js';

function issuesOf(input: unknown, operation: 'create' | 'update' = 'create') {
  const result = parseTransport(input, operation);
  if (result.success) throw new Error('expected the body to be refused');
  return result.issues.map(({ code, param }) => ({ code, param }));
}

describe('parseTransport (spec §2.8, §4.7)', () => {
  it('§2.8: accepts the flags, the participant identifier and the transport type', () => {
    const body = {
      transport_type_code: 'peppol',
      enabled: true,
      reception: true,
      invoice: true,
      credit_note: true,
      self_billing: false,
      order: false,
      application_response: true,
      pin_scheme: '9920',
      pin_value: 'ESB12345674',
    };
    expect(parseTransport(body, 'create')).toEqual({ success: true, data: body });
  });

  it('§2.8: pin_scheme is stored zero-padded to 4 characters; an unknown scheme → parameter_inclusion', () => {
    const result = parseTransport({ transport_type_code: 'peppol', pin_scheme: '88' }, 'create');
    expect(result.success && result.data.pin_scheme).toBe('0088');
    expect(issuesOf({ transport_type_code: 'peppol', pin_scheme: 'VAT' })).toEqual([
      { code: 'parameter_inclusion', param: 'pin_scheme' },
    ]);
  });

  it('§2.8: transport_type_code is required on create → parameter_blank', () => {
    expect(issuesOf({ enabled: true })).toEqual([{ code: 'parameter_blank', param: 'transport_type_code' }]);
    expect(issuesOf({ transport_type_code: null })).toEqual([
      { code: 'parameter_blank', param: 'transport_type_code' },
    ]);
  });

  it('§4.7: a transport type outside GET /transport_types → parameter_inclusion', () => {
    expect(issuesOf({ transport_type_code: 'fax' })).toEqual([
      { code: 'parameter_inclusion', param: 'transport_type_code' },
    ]);
    expect(issuesOf({ transport_type_code: 'Peppol' })).toEqual([
      { code: 'parameter_inclusion', param: 'transport_type_code' },
    ]);
  });

  it('§7.2: a flag of the wrong JSON type → invalid_request_params', () => {
    expect(issuesOf({ transport_type_code: 'peppol', reception: 'yes' })).toEqual([
      { code: 'invalid_request_params', param: 'reception' },
    ]);
    expect(issuesOf({ transport_type_code: 'peppol', pin_value: 12 })).toEqual([
      { code: 'invalid_request_params', param: 'pin_value' },
    ]);
  });

  it('§2.8 rule 1: a sent standard_documents (and pending_peppol_directory_publish) is silently ignored', () => {
    for (const operation of ['create', 'update'] as const) {
      const result = parseTransport(
        { transport_type_code: 'peppol', standard_documents: ['x'], pending_peppol_directory_publish: true },
        operation,
      );
      expect(result).toEqual({ success: true, data: { transport_type_code: 'peppol' } });
    }
  });

  it('§2.8: the read-only statuses and reception_document_types are dropped when sent', () => {
    const result = parseTransport(
      {
        reception: true,
        sml_status: 'published',
        peppol_directory_status: 'published',
        reception_document_types: [{ code: 'x', name: 'y' }],
      },
      'update',
    );
    expect(result).toEqual({ success: true, data: { reception: true } });
  });

  it('update: every field optional, an empty body is valid', () => {
    expect(parseTransport({}, 'update')).toEqual({ success: true, data: {} });
  });
});

describe('the stored transport (spec §2.8, §3.2)', () => {
  it('newTransport: code defaults to the transport type; nothing published yet', () => {
    const transport = newTransport(
      { transport_type_code: 'peppol', reception: true, invoice: true },
      { account_id: 9 },
    );
    expect(transport).toEqual({
      account_id: 9,
      code: 'peppol',
      transport_type_code: 'peppol',
      enabled: true,
      reception: true,
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
    });
    expect(TransportSchema.safeParse(transport).success).toBe(true);
  });

  it('newTransport: a blank or null code counts as not sent', () => {
    expect(newTransport({ transport_type_code: 'peppol', code: '' }, { account_id: 1 }).code).toBe('peppol');
    expect(newTransport({ transport_type_code: 'peppol', code: null }, { account_id: 1 }).code).toBe(
      'peppol',
    );
    expect(newTransport({ transport_type_code: 'peppol', code: 'peppol' }, { account_id: 1 }).code).toBe(
      'peppol',
    );
  });

  it('newTransport keeps an explicit enabled: false', () => {
    expect(newTransport({ transport_type_code: 'email', enabled: false }, { account_id: 1 }).enabled).toBe(
      false,
    );
  });

  it('§3.2: the publication statuses are not_published, processing, published', () => {
    expect(PEPPOL_PUBLICATION_STATUSES).toEqual(['not_published', 'processing', 'published']);
    const transport = newTransport({ transport_type_code: 'peppol' }, { account_id: 1 });
    expect(TransportSchema.safeParse({ ...transport, sml_status: 'processing' }).success).toBe(true);
    expect(TransportSchema.safeParse({ ...transport, sml_status: 'pending' }).success).toBe(false);
  });

  it('§2.8: reception_document_types must be empty when reception is false', () => {
    const types = [{ code: 'urn:invoice', name: 'Invoice' }];
    const receiving = newTransport({ transport_type_code: 'peppol', reception: true }, { account_id: 1 });
    expect(TransportSchema.safeParse({ ...receiving, reception_document_types: types }).success).toBe(true);
    expect(
      TransportSchema.safeParse({ ...receiving, reception: false, reception_document_types: types }).success,
    ).toBe(false);
  });

  it('§2.8: receptionDocumentTypes returns the configured types only while receiving', () => {
    const types = [{ code: 'urn:invoice', name: 'Invoice' }];
    expect(receptionDocumentTypes(true, types)).toEqual(types);
    expect(receptionDocumentTypes(true, types)).not.toBe(types);
    expect(receptionDocumentTypes(false, types)).toEqual([]);
  });
});
