import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import { behaviourIntroducedIn, versionHas } from '../../src/versions/behaviours.js';
import {
  createdStatus,
  DEPRECATED_INVOICE_STATUS_FILTERS,
  effectiveContactId,
  endpointMissingMessage,
  invoiceListFilterSupport,
  LEGACY_REQUEST_ID_HEADER,
  listResponseHasMeta,
  REMOVED_INVOICE_STATUS_FILTERS,
  REQUEST_ID_HEADER,
  requestIdHeaders,
  taxReportDocumentTypeCode,
  VERSIONED_ENDPOINTS,
  type VersionedEndpoint,
  versionHasEndpoint,
  wrapperNames,
  writeResponseHasBody,
  writeStatus,
} from '../../src/versions/protocol.js';

/**
 * Per-version protocol facts (spec §2.1, §4, §7.1, §9; api-notes.md §3.2, §11), one row per version.
 */

type Row = {
  version: ApiVersion;
  created: number;
  write: number;
  body: boolean;
  headers: string[];
  meta: boolean;
};

const ROWS: readonly Row[] = [
  {
    version: '2025-01-01',
    created: 204,
    write: 204,
    body: false,
    headers: [REQUEST_ID_HEADER, LEGACY_REQUEST_ID_HEADER],
    meta: false,
  },
  {
    version: '2025-10-13',
    created: 200,
    write: 200,
    body: true,
    headers: [REQUEST_ID_HEADER, LEGACY_REQUEST_ID_HEADER],
    meta: true,
  },
  { version: '2026-03-02', created: 201, write: 200, body: true, headers: [REQUEST_ID_HEADER], meta: true },
  { version: '2026-04-20', created: 201, write: 200, body: true, headers: [REQUEST_ID_HEADER], meta: true },
  { version: '2026-06-26', created: 201, write: 200, body: true, headers: [REQUEST_ID_HEADER], meta: true },
];

describe('protocol facts per version', () => {
  it('the table covers every version once', () => {
    expect(ROWS.map((row) => row.version)).toEqual([...API_VERSIONS]);
  });

  describe.each(ROWS)('$version', (row) => {
    it('api-notes §3.2, spec §2.1: the status of a successful create (201 from v2026-03-02, 200 before, 204 legacy)', () => {
      expect(createdStatus(row.version)).toBe(row.created);
    });

    it('spec §2.1, §9 v2025-10-13: writes return the full resource (legacy: 204 No Content)', () => {
      expect(writeResponseHasBody(row.version)).toBe(row.body);
      expect(writeStatus(row.version)).toBe(row.write);
    });

    it('spec §7.1, api-notes §3.2, §11: the request-id headers (older versions also X-Request-Id)', () => {
      expect(requestIdHeaders(row.version)).toEqual(row.headers);
      expect(requestIdHeaders(row.version)).toContain('X-B2B-API-Request-Id');
    });

    it('spec §9 v2025-10-13: list responses carry meta', () => {
      expect(listResponseHasMeta(row.version)).toBe(row.meta);
    });
  });
});

describe('versionHasEndpoint (spec §9, §4)', () => {
  const FIRST: Record<VersionedEndpoint, ApiVersion | null> = {
    'tin_verifications.create': '2026-04-20',
    'tin_verifications.show': '2026-04-20',
    'transports.delete': '2025-10-13',
    'documents.validate': '2025-10-13',
    'tax_reports.create': '2025-10-13',
    'tax_reports.import': '2025-10-13',
    'tax_reports.index': '2025-10-13',
    'tax_reports.show': '2025-10-13',
    'tax_reports.update': '2025-10-13',
    'tax_reports.delete': '2025-10-13',
    'tax_reports.download': '2025-10-13',
    'ledgers.show': '2025-10-13',
    'ledgers.download': '2025-10-13',
    'ledgers.download_response': '2025-10-13',
    'ledgers.import': '2025-10-13',
    'invoices.generate_tax_report': '2025-10-13',
    'tax_report_batches.create': '2025-10-13',
    'tax_report_batches.show': '2025-10-13',
    'legacy.send_tax_report': null,
    'legacy.tax_report_as_document_type': null,
    'legacy.projects.index': null,
    'legacy.projects.my_company': null,
  };

  it('the table names every versioned endpoint', () => {
    expect(Object.keys(FIRST).sort()).toEqual(Object.keys(VERSIONED_ENDPOINTS).sort());
  });

  it.each(Object.entries(FIRST).filter(([, first]) => first !== null) as [VersionedEndpoint, ApiVersion][])(
    'spec §9: %s exists from %s on',
    (endpoint, first) => {
      for (const version of API_VERSIONS)
        expect(versionHasEndpoint(version, endpoint), version).toBe(
          API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf(first),
        );
    },
  );

  it.each(
    Object.entries(FIRST)
      .filter(([, first]) => first === null)
      .map(([endpoint]) => endpoint as VersionedEndpoint),
  )('spec §9 v2025-10-13: %s exists in the legacy version only', (endpoint) => {
    for (const version of API_VERSIONS)
      expect(versionHasEndpoint(version, endpoint), version).toBe(version === '2025-01-01');
  });

  it('spec §4.3, §9 v2026-04-20: the TIN verification endpoints are POST /tin_verifications and GET /tin_verifications/{id}', () => {
    expect(VERSIONED_ENDPOINTS['tin_verifications.create'].route).toBe('POST /tin_verifications');
    expect(VERSIONED_ENDPOINTS['tin_verifications.show'].route).toBe('GET /tin_verifications/{id}');
    expect(versionHasEndpoint('2026-03-02', 'tin_verifications.show')).toBe(false);
  });
});

describe('invoice list filters (spec §9 v2025-10-13, §2.4 rule 4)', () => {
  it.each(API_VERSIONS)('spec §9: the type filter and the removed status filters in %s', (version) => {
    const legacy = version === '2025-01-01';
    expect(invoiceListFilterSupport(version, 'type')).toBe(legacy ? 'unsupported' : 'supported');
    for (const name of REMOVED_INVOICE_STATUS_FILTERS)
      expect(invoiceListFilterSupport(version, name), name).toBe(legacy ? 'supported' : 'unsupported');
    for (const name of DEPRECATED_INVOICE_STATUS_FILTERS)
      expect(invoiceListFilterSupport(version, name), name).toBe(legacy ? 'supported' : 'deprecated');
    expect(invoiceListFilterSupport(version, 'offset')).toBe('supported');
  });
});

describe('behaviours introduced by v2026-03-02 and v2025-10-13', () => {
  it.each(API_VERSIONS)(
    'api-notes §3.2: contact_id is ignored for IssuedSimplifiedInvoice from v2026-03-02 (%s)',
    (version) => {
      const ignores = API_VERSIONS.indexOf(version) >= API_VERSIONS.indexOf('2026-03-02');
      expect(versionHas(version, 'simplified_invoice_ignores_contact_id')).toBe(ignores);
      expect(effectiveContactId(version, 'IssuedSimplifiedInvoice', 7)).toBe(ignores ? null : 7);
      expect(effectiveContactId(version, 'IssuedInvoice', 7)).toBe(7);
      expect(effectiveContactId(version, 'IssuedSimplifiedInvoice', undefined)).toBe(
        ignores ? null : undefined,
      );
    },
  );

  it('each behaviour names the version of its source (api-notes §3.2; spec §2.1, §6 rule 3, §9)', () => {
    expect(behaviourIntroducedIn('create_returns_201')).toBe('2026-03-02');
    expect(behaviourIntroducedIn('request_id_header_renamed')).toBe('2026-03-02');
    expect(behaviourIntroducedIn('simplified_invoice_ignores_contact_id')).toBe('2026-03-02');
    expect(behaviourIntroducedIn('write_returns_resource')).toBe('2025-10-13');
    expect(behaviourIntroducedIn('contacts_replace_clients')).toBe('2025-10-13');
    expect(behaviourIntroducedIn('office_tin_matches_parent')).toBe('2026-04-20');
  });
});

describe('wrapperNames (spec §2.3 "formerly client", §4)', () => {
  it.each(API_VERSIONS)(
    '%s: a contact is a client only in the legacy version; other kinds keep their names',
    (version) => {
      const legacy = version === '2025-01-01';
      expect(wrapperNames(version, 'contact')).toEqual(
        legacy ? { singular: 'client', plural: 'clients' } : { singular: 'contact', plural: 'contacts' },
      );
      expect(wrapperNames(version, 'invoice')).toEqual({ singular: 'invoice', plural: 'invoices' });
      expect(wrapperNames(version, 'tax_report_batch')).toEqual({
        singular: 'tax_report_batch',
        plural: 'tax_report_batches',
      });
    },
  );
});

describe('endpointMissingMessage: why a version has no endpoint (spec §9)', () => {
  it('a removed endpoint names the version that removed it and what replaces it', () => {
    expect(endpointMissingMessage('2026-04-20', 'legacy.projects.index', 'GET /projects')).toBe(
      'GET /projects was removed in API version 2025-10-13 (spec §9): use GET /accounts',
    );
    expect(
      endpointMissingMessage(
        '2025-10-13',
        'legacy.tax_report_as_document_type',
        'GET /tax_reports/1/as/xml.sii',
      ),
    ).toContain('GET /tax_reports/{id}/download');
  });

  it('a later endpoint names the version that added it', () => {
    expect(endpointMissingMessage('2026-03-02', 'tin_verifications.create', 'POST /tin_verifications')).toBe(
      'POST /tin_verifications does not exist in API version 2026-03-02 (added in 2026-04-20)',
    );
  });

  it('the legacy document type codes of tax reports (fiscalkit)', () => {
    expect([taxReportDocumentTypeCode('Ksef'), taxReportDocumentTypeCode('SiiDocument')]).toEqual([
      'xml.ksef.fa3',
      'xml.sii',
    ]);
  });
});
