/**
 * parseInvoice (spec §2.4–§2.6, §7.2): required fields on create, partial updates, lines and taxes,
 * references, third party, lossless numbers for amounts, unknown fields dropped, wrong JSON types as
 * 400 at the exact param.
 */
import { describe, expect, it } from 'vitest';
import { apiErrorFromIssues } from '../../src/errors/validationIssue.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { lossless, removeAt, setAt, validInvoiceBody } from '../support/fixtures.js';

function issuesOf(result: ReturnType<typeof parseInvoice>) {
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.issues;
}

function dataOf(result: ReturnType<typeof parseInvoice>) {
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** [code, param] of every issue, for exact comparisons. */
function codes(result: ReturnType<typeof parseInvoice>): [string, string][] {
  return issuesOf(result).map((issue) => [issue.code, issue.param]);
}

const LINE = ['invoice_lines_attributes', 0] as const;

describe('parseInvoice: create (POST /accounts/{account}/invoices, spec §2.4)', () => {
  it('accepts the valid fixture, lines and taxes included', () => {
    const data = dataOf(parseInvoice(validInvoiceBody(), 'create'));
    expect(data.number).toBe('F-2026/0001');
    expect(data.date).toBe('2026-04-20');
    expect(data.contact_id).toBe(7);
    expect(data.invoice_lines_attributes).toHaveLength(2);
    expect(data.invoice_lines_attributes?.[1]?.taxes_attributes).toEqual([
      { name: 'IVA', percent: '21' },
      { name: 'IRPF', percent: '-15' },
    ]);
  });

  it.each(['number', 'date', 'invoice_lines_attributes'])(
    'a missing %s is parameter_blank at %s',
    (field) => {
      expect(codes(parseInvoice(removeAt(validInvoiceBody(), [field]), 'create'))).toEqual([
        ['parameter_blank', field],
      ]);
    },
  );

  it.each(['number', 'date', 'invoice_lines_attributes'])('a null %s is parameter_blank', (field) => {
    expect(codes(parseInvoice(setAt(validInvoiceBody(), [field], null), 'create'))).toEqual([
      ['parameter_blank', field],
    ]);
  });

  it('an empty or blank number is parameter_blank', () => {
    expect(codes(parseInvoice(setAt(validInvoiceBody(), ['number'], ''), 'create'))).toEqual([
      ['parameter_blank', 'number'],
    ]);
    expect(codes(parseInvoice(setAt(validInvoiceBody(), ['number'], '  '), 'create'))).toEqual([
      ['parameter_blank', 'number'],
    ]);
  });

  it('an empty invoice_lines_attributes is parameter_empty (422)', () => {
    const result = parseInvoice(setAt(validInvoiceBody(), ['invoice_lines_attributes'], []), 'create');
    expect(codes(result)).toEqual([['parameter_empty', 'invoice_lines_attributes']]);
    expect(apiErrorFromIssues(issuesOf(result)).status).toBe(422);
  });

  it('an impossible date is parameter_invalid at date; a leap day in a leap year is fine', () => {
    expect(codes(parseInvoice(setAt(validInvoiceBody(), ['date'], '2026-02-29'), 'create'))).toEqual([
      ['parameter_invalid', 'date'],
    ]);
    expect(dataOf(parseInvoice(setAt(validInvoiceBody(), ['date'], '2028-02-29'), 'create')).date).toBe(
      '2028-02-29',
    );
  });

  it('type outside the document classes is parameter_inclusion; type_code outside the codes as well', () => {
    expect(codes(parseInvoice(setAt(validInvoiceBody(), ['type'], 'ProformaInvoice'), 'create'))).toEqual([
      ['parameter_inclusion', 'type'],
    ]);
    expect(codes(parseInvoice(setAt(validInvoiceBody(), ['type_code'], 'XYZ'), 'create'))).toEqual([
      ['parameter_inclusion', 'type_code'],
    ]);
  });

  it.each(['ZAL', 'ROZ', 'KOR_ZAL', 'KOR_ROZ', 'KOR', 'VAT', 'UPR'])(
    'the KSeF type_code %s is accepted (spec §2.9)',
    (code) => {
      expect(dataOf(parseInvoice(setAt(validInvoiceBody(), ['type_code'], code), 'create')).type_code).toBe(
        code,
      );
    },
  );

  it.each(['IssuedInvoice', 'ReceivedInvoice', 'IssuedSelfInvoice', 'IssuedSimplifiedInvoice'])(
    'the document class %s is a type (spec §2.4 rule 4)',
    (type) => {
      expect(dataOf(parseInvoice(setAt(validInvoiceBody(), ['type'], type), 'create')).type).toBe(type);
    },
  );

  it('contact_id as a digit string is read as the id', () => {
    expect(dataOf(parseInvoice(setAt(validInvoiceBody(), ['contact_id'], '7'), 'create')).contact_id).toBe(7);
  });
});

describe('parseInvoice: update (PATCH /invoices/{id})', () => {
  it('nothing is required: an empty body is an empty update', () => {
    expect(dataOf(parseInvoice({}, 'update'))).toEqual({});
  });

  it('a sent field keeps its checks (date)', () => {
    expect(codes(parseInvoice({ date: '2026-04-31' }, 'update'))).toEqual([['parameter_invalid', 'date']]);
  });

  it('a line may carry id and _destroy', () => {
    const data = dataOf(
      parseInvoice(
        {
          invoice_lines_attributes: [
            { id: 1001, _destroy: true, quantity: '1', price: '1', taxes_attributes: [] },
          ],
        },
        'update',
      ),
    );
    expect(data.invoice_lines_attributes?.[0]).toMatchObject({ id: 1001, _destroy: true });
  });

  it('a PATCH may delete a line with only { id, _destroy: true }, like an invoice reference (§2.6)', () => {
    const data = dataOf(parseInvoice({ invoice_lines_attributes: [{ id: 1001, _destroy: true }] }, 'update'));
    expect(data.invoice_lines_attributes).toEqual([{ id: 1001, _destroy: true }]);
  });

  it('a create still needs every line complete: { id, _destroy } alone is parameter_blank', () => {
    const result = parseInvoice(
      { ...validInvoiceBody(), invoice_lines_attributes: [{ id: 1001, _destroy: true }] },
      'create',
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues.map((issue) => [issue.code, issue.param])).toContainEqual([
      'parameter_blank',
      'invoice_lines_attributes[0].quantity',
    ]);
  });
});

describe('unknown and removed fields are dropped silently', () => {
  it.each([
    ['standard_documents', ['facturae']],
    ['prefer_xslt_pdf', true],
    ['payment_method_info', 'transfer'],
    ['project', { id: 1 }],
    ['accounting_cost', 'X'],
    ['pending_peppol_directory_publish', true],
    ['total', '100.00'],
  ])('%s', (field, value) => {
    const data = dataOf(parseInvoice({ ...validInvoiceBody(), [field]: value }, 'create'));
    expect(data).not.toHaveProperty(field);
  });

  it('an unknown key inside a line or a tax is dropped as well', () => {
    const body = setAt(validInvoiceBody(), [...LINE, 'discount_text'], 'promo');
    const data = dataOf(parseInvoice(setAt(body, [...LINE, 'taxes_attributes', 0, 'legacy'], 1), 'create'));
    expect(data.invoice_lines_attributes?.[0]).not.toHaveProperty('discount_text');
    expect(data.invoice_lines_attributes?.[0]?.taxes_attributes?.[0]).toEqual({ name: 'IVA', percent: '21' });
  });

  it('the inline contact cannot carry parent_id: it is dropped', () => {
    const data = dataOf(
      parseInvoice(
        {
          ...removeAt(validInvoiceBody(), ['contact_id']),
          contact: { name: 'Ana', tin_value: 'X', parent_id: 3 },
        },
        'create',
      ),
    );
    expect(data.contact).toEqual({ name: 'Ana', tin_value: 'X' });
  });
});

describe('wrong JSON types: 400 invalid_request_params at the exact param (spec §7.2)', () => {
  it('invoice_lines_attributes[1].taxes_attributes[0].percent = 21 (a JS number)', () => {
    const result = parseInvoice(
      setAt(validInvoiceBody(), ['invoice_lines_attributes', 1, 'taxes_attributes', 0, 'percent'], 21),
      'create',
    );
    const issues = issuesOf(result);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      code: 'invalid_request_params',
      param: 'invoice_lines_attributes[1].taxes_attributes[0].percent',
    });
    expect(issues[0]?.message).toContain('never JS numbers');
    const error = apiErrorFromIssues(issues);
    expect(error.status).toBe(400);
    expect(error.param).toBe('invoice_lines_attributes[1].taxes_attributes[0].percent');
  });

  it.each([
    [['invoice_lines_attributes', 0, 'quantity'], 10, 'invoice_lines_attributes[0].quantity'],
    [['invoice_lines_attributes', 1, 'price'], 120, 'invoice_lines_attributes[1].price'],
    [
      ['invoice_lines_attributes', 0, 'taxes_attributes'],
      { name: 'IVA' },
      'invoice_lines_attributes[0].taxes_attributes',
    ],
    [['invoice_lines_attributes'], { 0: {} }, 'invoice_lines_attributes'],
    [['number'], 1, 'number'],
    [['date'], 20260420, 'date'],
    [['is_credit_note'], 'false', 'is_credit_note'],
    [['apply_to_local_government_unit'], 1, 'apply_to_local_government_unit'],
    [['contact'], 'ACME', 'contact'],
    [['contact_id'], true, 'contact_id'],
    [['invoice_references'], { reference_type: 'amend' }, 'invoice_references'],
    [['third_party'], 'JST Kraków', 'third_party'],
    [['total_amount_due'], 150, 'total_amount_due'],
    [['type'], 1, 'type'],
  ])('%j = %j → invalid_request_params at %s', (path, value, param) => {
    const issues = issuesOf(parseInvoice(setAt(validInvoiceBody(), path, value), 'create'));
    expect(issues).toEqual([expect.objectContaining({ code: 'invalid_request_params', param })]);
    expect(apiErrorFromIssues(issues).status).toBe(400);
  });

  it('a wrong type and a field failure together answer 400 (the malformed request first)', () => {
    let body = setAt(validInvoiceBody(), ['date'], '2026-02-30');
    body = setAt(body, ['invoice_lines_attributes', 1, 'price'], 120);
    const issues = issuesOf(parseInvoice(body, 'create'));
    expect(issues.map((issue) => issue.code).sort()).toEqual(['invalid_request_params', 'parameter_invalid']);
    const error = apiErrorFromIssues(issues);
    expect(error.status).toBe(400);
    expect(error.param).toBe('invoice_lines_attributes[1].price');
  });
});

describe('lines: decimals and limits', () => {
  it('quantity takes up to 6 decimals', () => {
    expect(
      dataOf(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'quantity'], '1.123456'), 'create'))
        .invoice_lines_attributes?.[0]?.quantity,
    ).toBe('1.123456');
    expect(
      codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'quantity'], '1.1234567'), 'create')),
    ).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].quantity']]);
  });

  it('price takes up to 8 decimals', () => {
    expect(
      dataOf(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'price'], '0.12345678'), 'create'))
        .invoice_lines_attributes?.[0]?.price,
    ).toBe('0.12345678');
    expect(
      codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'price'], '0.123456789'), 'create')),
    ).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].price']]);
  });

  it('a line without quantity or price: parameter_blank at the line field', () => {
    expect(codes(parseInvoice(removeAt(validInvoiceBody(), [...LINE, 'price']), 'create'))).toEqual([
      ['parameter_blank', 'invoice_lines_attributes[0].price'],
    ]);
    expect(
      codes(
        parseInvoice(removeAt(validInvoiceBody(), ['invoice_lines_attributes', 1, 'quantity']), 'create'),
      ),
    ).toEqual([['parameter_blank', 'invoice_lines_attributes[1].quantity']]);
  });

  it('a tax without name is parameter_blank at its param', () => {
    expect(
      codes(
        parseInvoice(
          removeAt(validInvoiceBody(), ['invoice_lines_attributes', 1, 'taxes_attributes', 1, 'name']),
          'create',
        ),
      ),
    ).toEqual([['parameter_blank', 'invoice_lines_attributes[1].taxes_attributes[1].name']]);
  });

  it('at most 3 taxes per line', () => {
    const taxes = [
      { name: 'IVA', percent: '21' },
      { name: 'RE', percent: '5.2' },
      { name: 'IRPF', percent: '-15' },
    ];
    expect(
      dataOf(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'taxes_attributes'], taxes), 'create')),
    ).toBeDefined();
    const four = [...taxes, { name: 'X', percent: '1' }];
    expect(
      codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'taxes_attributes'], four), 'create')),
    ).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].taxes_attributes']]);
  });

  // Issue #19: the flat discount fields gave way to base_quantity and allowance_charges_attributes
  // (api-notes.md §3.2); older requests' flat fields are mapped by the version chain.
  it('base_quantity must be greater than zero, with at most 6 decimals', () => {
    expect(codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'base_quantity'], '0'), 'create'))).toEqual(
      [['parameter_invalid', 'invoice_lines_attributes[0].base_quantity']],
    );
    expect(
      codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'base_quantity'], '1.1234567'), 'create')),
    ).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].base_quantity']]);
  });

  it('an allowance or charge names allowance or charge, and a percentage has at most 4 decimals', () => {
    const entries = (entry: Record<string, unknown>) =>
      setAt(validInvoiceBody(), [...LINE, 'allowance_charges_attributes'], [entry]);
    expect(
      codes(parseInvoice(entries({ allowance_charge_indicator: 'discount', percentage: '5' }), 'create')),
    ).toEqual([
      [
        'parameter_inclusion',
        'invoice_lines_attributes[0].allowance_charges_attributes[0].allowance_charge_indicator',
      ],
    ]);
    expect(
      codes(
        parseInvoice(entries({ allowance_charge_indicator: 'allowance', percentage: '5.12345' }), 'create'),
      ),
    ).toEqual([
      ['parameter_invalid', 'invoice_lines_attributes[0].allowance_charges_attributes[0].percentage'],
    ]);
  });
});

describe('lossless JSON numbers are accepted wherever amounts are', () => {
  it('quantity, price and percent as lossless numbers become decimal strings', () => {
    let body = setAt(validInvoiceBody(), [...LINE, 'quantity'], lossless('10'));
    body = setAt(body, [...LINE, 'price'], lossless('45.50'));
    body = setAt(body, [...LINE, 'taxes_attributes', 0, 'percent'], lossless('21.0'));
    const line = dataOf(parseInvoice(body, 'create')).invoice_lines_attributes?.[0];
    expect(line?.quantity).toBe('10');
    expect(line?.price).toBe('45.50');
    expect(line?.taxes_attributes?.[0]?.percent).toBe('21.0');
  });

  it('total_amount_due 1.5E2 becomes 150; exchange_rate keeps its digits', () => {
    const data = dataOf(
      parseInvoice(
        {
          ...validInvoiceBody(),
          type_code: 'ZAL',
          total_amount_due: lossless('1.5E2'),
          exchange_rate: lossless('4.2615'),
        },
        'create',
      ),
    );
    expect(data.total_amount_due).toBe('150');
    expect(data.exchange_rate).toBe('4.2615');
  });

  it('a lossless number with too many decimals is still refused (price 9 decimals)', () => {
    expect(
      codes(parseInvoice(setAt(validInvoiceBody(), [...LINE, 'price'], lossless('0.123456789')), 'create')),
    ).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].price']]);
  });

  it('exchange_rate must be positive', () => {
    expect(codes(parseInvoice({ ...validInvoiceBody(), exchange_rate: '0' }, 'create'))).toEqual([
      ['parameter_invalid', 'exchange_rate'],
    ]);
  });

  it('total_amount_due takes at most 4 decimals', () => {
    expect(codes(parseInvoice({ ...validInvoiceBody(), total_amount_due: '1.12345' }, 'create'))).toEqual([
      ['parameter_invalid', 'total_amount_due'],
    ]);
  });
});

describe('invoice_references (spec §2.6)', () => {
  it('a full amend reference parses', () => {
    const reference = {
      reference_type: 'amend',
      number: 'F-2026/0001',
      date: '2026-04-20',
      invoicing_period_start: '2026-04-01',
      invoicing_period_end: '2026-04-30',
      reason: 'Wrong price',
      correction_method: '01',
      tax_registration_code: '5265877635-20260420-0100A0E4D6B2-3F',
      total_amount: lossless('677.75'),
      currency: 'eur',
    };
    const data = dataOf(parseInvoice({ ...validInvoiceBody(), invoice_references: [reference] }, 'create'));
    expect(data.invoice_references?.[0]).toMatchObject({
      reference_type: 'amend',
      total_amount: '677.75',
      currency: 'EUR',
    });
  });

  it('reference_type outside the catalogue (amend, prepayment) is parameter_inclusion', () => {
    const result = parseInvoice(
      { ...validInvoiceBody(), invoice_references: [{ reference_type: 'correction' }] },
      'create',
    );
    expect(codes(result)).toEqual([['parameter_inclusion', 'invoice_references[0].reference_type']]);
  });

  it('reference_type as a number is the wrong type', () => {
    const result = parseInvoice({ invoice_references: [{ reference_type: 1 }] }, 'update');
    expect(codes(result)).toEqual([['invalid_request_params', 'invoice_references[0].reference_type']]);
  });

  it('reference_type may be omitted when parsing (deletions carry only id and _destroy)', () => {
    const data = dataOf(parseInvoice({ invoice_references: [{ id: 5, _destroy: true }] }, 'update'));
    expect(data.invoice_references).toEqual([{ id: 5, _destroy: true }]);
  });

  it('a reference date is checked like any date', () => {
    const result = parseInvoice(
      { invoice_references: [{ reference_type: 'prepayment', date: '2026-02-30' }] },
      'update',
    );
    expect(codes(result)).toEqual([['parameter_invalid', 'invoice_references[0].date']]);
  });

  it('the flat amend fields (removed in v2026-04-20) are not read', () => {
    const data = dataOf(
      parseInvoice({ amended_number: 'F-1', amended_date: '2026-01-01', amend_reason: 'x' }, 'update'),
    );
    expect(data).toEqual({});
  });
});

describe('third_party (spec §2.5)', () => {
  it('a JST third party parses with its role and a normalized country', () => {
    const third_party = {
      role: 'local_government_unit_recipient',
      name: 'Gmina Kraków',
      tin_value: '6762446574',
      country: 'pl',
    };
    const data = dataOf(parseInvoice({ apply_to_local_government_unit: true, third_party }, 'update'));
    expect(data.third_party).toEqual({ ...third_party, country: 'PL' });
  });

  it.each(['vat_group_member', 'delivery_recipient', 'local_government_unit_recipient'])(
    'the role %s is in the catalogue',
    (role) => {
      expect(dataOf(parseInvoice({ third_party: { role } }, 'update')).third_party?.role).toBe(role);
    },
  );

  it('a role outside the catalogue is parameter_inclusion at third_party.role', () => {
    expect(codes(parseInvoice({ third_party: { role: 'buyer' } }, 'update'))).toEqual([
      ['parameter_inclusion', 'third_party.role'],
    ]);
  });

  it('the KSeF role number 8 is the wrong type (roles are names)', () => {
    expect(codes(parseInvoice({ third_party: { role: 8 } }, 'update'))).toEqual([
      ['invalid_request_params', 'third_party.role'],
    ]);
  });

  it('a third party country outside ISO 3166-1 is parameter_inclusion', () => {
    expect(codes(parseInvoice({ third_party: { country: 'XK' } }, 'update'))).toEqual([
      ['parameter_inclusion', 'third_party.country'],
    ]);
  });
});

describe('state is not a field of the parsed invoice (spec §2.4 rule 5; refused by invoiceStateIssues)', () => {
  it('parsing drops it, so the rule must read the raw body', () => {
    expect(dataOf(parseInvoice({ state: 'paid' }, 'update'))).toEqual({});
  });
});
