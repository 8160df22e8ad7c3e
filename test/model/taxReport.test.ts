/**
 * parseTaxReport (spec §2.7, §4.2, §7.2): `type` read first and reported at `type`, then the body
 * parsed with its type's schema; updates parsed with the stored type; the resource union; the states
 * of api-notes.md §9. Also the never-throws property every parser is held to.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import {
  isTaxReportType,
  parseTaxReport,
  TAX_REPORT_STATES,
  TAX_REPORT_TYPES,
  TaxReportSchema,
} from '../../src/model/taxReport.js';
import { validKsefBody, validSiiBody } from '../support/taxReportFixtures.js';

function issuesOf(result: ReturnType<typeof parseTaxReport>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues.map(({ code, param }) => ({ code, param }));
}

function dataOf(result: ReturnType<typeof parseTaxReport>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

describe('types and states', () => {
  it('§2.7: the types are SiiDocument and Ksef, spelt as the spec spells them', () => {
    expect(TAX_REPORT_TYPES).toEqual(['SiiDocument', 'Ksef']);
    expect(isTaxReportType('Ksef')).toBe(true);
    expect(isTaxReportType('KSeF')).toBe(false);
    expect(isTaxReportType('Verifactu')).toBe(false);
  });

  it('api-notes.md §9: the states are processing, registered, registered_with_errors, error, annulled', () => {
    expect(TAX_REPORT_STATES).toEqual([
      'processing',
      'registered',
      'registered_with_errors',
      'error',
      'annulled',
    ]);
  });
});

describe('parseTaxReport: create reads type first (spec §2.7)', () => {
  it('a Ksef body is parsed as Ksef', () => {
    const data = dataOf(parseTaxReport(validKsefBody('ZAL'), 'create'));
    expect(data.type).toBe('Ksef');
    expect(data).toHaveProperty('order_total_amount', '12300.00');
  });

  it('an SiiDocument body is parsed as SII', () => {
    const data = dataOf(parseTaxReport(validSiiBody('Recibida'), 'create'));
    expect(data.type).toBe('SiiDocument');
    expect(data).toHaveProperty('book_type', 'Recibida');
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
    ['blank', '   '],
  ])('§7.2: type %s → parameter_blank at type, and nothing else', (_, type) => {
    const body: Record<string, unknown> = { ...validKsefBody(), invoice_type_code: 'nope' };
    if (type === undefined) delete body.type;
    else body.type = type;
    expect(issuesOf(parseTaxReport(body, 'create'))).toEqual([{ code: 'parameter_blank', param: 'type' }]);
  });

  it.each([7, true, ['Ksef'], { name: 'Ksef' }])(
    '§7.2: type %j of the wrong JSON type → invalid_request_params (400)',
    (type) => {
      const result = parseTaxReport({ ...validKsefBody(), type }, 'create');
      expect(issuesOf(result)).toEqual([{ code: 'invalid_request_params', param: 'type' }]);
      if (!result.success) expect(apiErrorFromIssues(result.issues).status).toBe(400);
    },
  );

  it.each(['KSeF', 'ksef', 'Verifactu', 'TicketBai', 'SiiDocuments'])(
    '§2.7: type %j is unknown → parameter_inclusion at type (422)',
    (type) => {
      const result = parseTaxReport({ ...validKsefBody(), type }, 'create');
      expect(issuesOf(result)).toEqual([{ code: 'parameter_inclusion', param: 'type' }]);
      if (!result.success) expect(apiErrorFromIssues(result.issues).status).toBe(422);
    },
  );

  it.each([null, 'Ksef', 3, ['type']])(
    'a body that is not an object (%j) → invalid_request_params',
    (body) => {
      expect(issuesOf(parseTaxReport(body, 'create'))).toEqual([
        { code: 'invalid_request_params', param: '' },
      ]);
    },
  );

  it('then the type decides the fields: an SII field on a Ksef body is dropped', () => {
    const data = dataOf(parseTaxReport({ ...validKsefBody(), book_type: 'Expedida' }, 'create'));
    expect(data).not.toHaveProperty('book_type');
  });

  it('then the type decides the fields: a Ksef body without invoice_type_code → parameter_blank', () => {
    expect(issuesOf(parseTaxReport({ type: 'Ksef' }, 'create'))).toEqual([
      { code: 'parameter_blank', param: 'invoice_type_code' },
    ]);
  });

  it('then the type decides the fields: an SII body without book_type → parameter_blank', () => {
    expect(issuesOf(parseTaxReport({ type: 'SiiDocument' }, 'create'))).toEqual([
      { code: 'parameter_blank', param: 'book_type' },
    ]);
  });
});

describe('parseTaxReport: update uses the stored type', () => {
  it('a PATCH body need not repeat type', () => {
    expect(dataOf(parseTaxReport({ period: '2T' }, 'update', 'SiiDocument'))).toEqual({ period: '2T' });
    expect(dataOf(parseTaxReport({ order_total_amount: '5.00' }, 'update', 'Ksef'))).toEqual({
      order_total_amount: '5.00',
    });
  });

  it("the stored type's schema applies: a KSeF code is not an SII invoice_type_code", () => {
    expect(issuesOf(parseTaxReport({ invoice_type_code: 'ZAL' }, 'update', 'SiiDocument'))).toEqual([
      { code: 'parameter_inclusion', param: 'invoice_type_code' },
    ]);
  });

  it('a different type parses (the rule answers parameter_cannot_change); a non-string type is a 400', () => {
    expect(dataOf(parseTaxReport({ type: 'SiiDocument' }, 'update', 'Ksef'))).toEqual({
      type: 'SiiDocument',
    });
    expect(issuesOf(parseTaxReport({ type: 1 }, 'update', 'Ksef'))).toEqual([
      { code: 'invalid_request_params', param: 'type' },
    ]);
  });
});

describe('TaxReportSchema (GET /tax_reports/{id})', () => {
  const readOnly = { id: 1, account_id: 2, state: 'processing', invoice_id: null };

  it('tells the two types apart by type', () => {
    const ksef = TaxReportSchema.parse({
      ...validKsefBody(),
      ...readOnly,
      prepayment_references: [],
    });
    expect(ksef.type).toBe('Ksef');
    const sii = TaxReportSchema.parse({
      ...validSiiBody('Metalico'),
      ...readOnly,
      additional_special_regime_keys: [],
      corrected_invoices: [],
      tax_breakdowns: [],
      payments: [],
    });
    expect(sii.type).toBe('SiiDocument');
  });

  it('refuses an unknown type', () => {
    expect(TaxReportSchema.safeParse({ ...validKsefBody(), ...readOnly, type: 'KSeF' }).success).toBe(false);
  });
});

describe('parseTaxReport never throws', () => {
  test.prop([fc.anything()])('whatever the create body', (body) => {
    expect(typeof parseTaxReport(body, 'create').success).toBe('boolean');
  });

  test.prop([
    fc
      .record({ type: fc.constantFrom('Ksef', 'SiiDocument') }, { requiredKeys: [] })
      .chain((head) =>
        fc
          .dictionary(
            fc.constantFrom(
              'book_type',
              'invoice_type_code',
              'period',
              'tax_breakdowns',
              'prepayment_references',
              'payments',
            ),
            fc.anything(),
          )
          .map((rest) => ({ ...rest, ...head })),
      ),
    fc.constantFrom('Ksef' as const, 'SiiDocument' as const),
  ])('whatever the fields, on create and update', (body, stored) => {
    expect(typeof parseTaxReport(body, 'create').success).toBe('boolean');
    expect(typeof parseTaxReport(body, 'update', stored).success).toBe('boolean');
  });
});
