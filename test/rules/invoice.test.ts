/**
 * Invoice rules (spec §2.4, §7.2): the counterparty, the inline contact identifier (§2.4 rule 3), the
 * non-writable state (§2.4 rule 5), total_amount_due (§2.4), the invoice number's uniqueness
 * (parameter_taken), the bank account, auto remittance (§2.2), and validateInvoice as a whole with the
 * HTTP status its issues answer with. Third party (§2.5) and references (§2.6) have their own files.
 */
import { describe, expect, it, vi } from 'vitest';
import { apiErrorFromIssues, type ValidationIssue } from '../../src/errors/validationIssue.js';
import { checkBelgianOgm } from '../../src/identifiers/belgianOgm.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { autoRemittanceReference } from '../../src/rules/autoRemittance.js';
import { effective } from '../../src/rules/effective.js';
import { inlineContactIssues } from '../../src/rules/inlineContact.js';
import { invoiceIssues, type ValidateInvoiceContext, validateInvoice } from '../../src/rules/invoice.js';
import { invoiceAmountFieldIssues } from '../../src/rules/invoiceAmountFields.js';
import { counterpartyIssues } from '../../src/rules/invoiceCounterparty.js';
import { type InvoiceNumberKey, invoiceNumberTakenIssues } from '../../src/rules/invoiceNumberTaken.js';
import { invoiceStateIssues } from '../../src/rules/invoiceState.js';
import { paymentsOnAccountIssues } from '../../src/rules/paymentsOnAccount.js';
import { totalAmountDueIssues } from '../../src/rules/totalAmountDue.js';
import { API_VERSIONS, type ApiVersion } from '../../src/versions/apiVersion.js';
import {
  CONTACT_TIN,
  INVALID_IBAN,
  removeAt,
  setAt,
  storedInvoice,
  validInvoiceBody,
} from '../support/fixtures.js';

function pairs(issues: readonly ValidationIssue[]): [string, string][] {
  return issues.map((issue) => [issue.code, issue.param]);
}

function parsed(body: Record<string, unknown>, operation: 'create' | 'update') {
  const result = parseInvoice(body, operation);
  if (!result.success) throw new Error(`must parse: ${JSON.stringify(result.issues)}`);
  return result.data;
}

/** A create body with an inline contact instead of contact_id. */
function inlineBody(contact: Record<string, unknown>, fields: Record<string, unknown> = {}) {
  return { ...removeAt(validInvoiceBody(), ['contact_id']), contact, ...fields };
}

const NEW_RULES: ApiVersion[] = ['2026-04-20', '2026-06-26'];
const OLD_RULES: ApiVersion[] = ['2026-03-02', '2025-10-13', '2025-01-01'];

function context(overrides: Partial<ValidateInvoiceContext> = {}): ValidateInvoiceContext {
  return {
    version: '2026-04-20',
    operation: 'create',
    account_id: 1,
    findInvoiceByNumber: () => null,
    ...overrides,
  };
}

describe('the fixture', () => {
  it.each(API_VERSIONS)('validInvoiceBody() passes validateInvoice on create in %s', async (version) => {
    const result = await validateInvoice(validInvoiceBody(), context({ version }));
    expect(result).toEqual({ success: true, data: parsed(validInvoiceBody(), 'create') });
  });

  it('storedInvoice() with an empty PATCH passes validateInvoice', async () => {
    const result = await validateInvoice({}, context({ operation: 'update', stored: storedInvoice() }));
    expect(result.success).toBe(true);
  });
});

describe('§2.4 rule 3: an inline contact needs tin_value or cin_value (v2026-04-20 on)', () => {
  it.each(NEW_RULES)(
    '§2.4 rule 3: inline contact without tin_value and cin_value → 422 parameter_blank, param contact, in %s',
    async (version) => {
      const body = inlineBody({ name: 'Ana Pérez', country: 'ES' });
      const result = await validateInvoice(body, context({ version }));
      if (result.success) throw new Error('must fail');
      expect(pairs(result.issues)).toEqual([['parameter_blank', 'contact']]);
      const error = apiErrorFromIssues(result.issues);
      expect(error.status).toBe(422);
      expect(error.code).toBe('parameter_blank');
      expect(error.param).toBe('contact');
    },
  );

  it('§2.4 rule 3: tin_value alone suffices', () => {
    const request = parsed(inlineBody({ name: 'Distribuciones Norte SA', tin_value: CONTACT_TIN }), 'create');
    expect(invoiceIssues(request, { version: '2026-04-20', operation: 'create' })).toEqual([]);
  });

  it('§2.4 rule 3: cin_value alone suffices', () => {
    const request = parsed(
      inlineBody({ name: 'Distribuciones Norte SA', cin_scheme: '0088', cin_value: '8498765432105' }),
      'create',
    );
    expect(invoiceIssues(request, { version: '2026-04-20', operation: 'create' })).toEqual([]);
  });

  it('§2.4 rule 3: a blank tin_value and a null cin_value count as missing', () => {
    const request = parsed(inlineBody({ name: 'Ana', tin_value: '  ', cin_value: null }), 'create');
    expect(pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'create' }))).toEqual([
      ['parameter_blank', 'contact'],
    ]);
  });

  it('§2.4 rule 3: schemes without values do not count', () => {
    const request = parsed(inlineBody({ name: 'Ana', tin_scheme: '9920', cin_scheme: '0088' }), 'create');
    expect(pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'create' }))).toEqual([
      ['parameter_blank', 'contact'],
    ]);
  });

  it('§2.4 rule 3: an empty inline contact object fails the same way', () => {
    const request = parsed(inlineBody({}), 'create');
    expect(pairs(invoiceIssues(request, { version: '2026-06-26', operation: 'create' }))).toEqual([
      ['parameter_blank', 'contact'],
    ]);
  });

  it('§2.4 rule 3: exempt for type IssuedSimplifiedInvoice', async () => {
    const body = inlineBody({ name: 'Ana' }, { type: 'IssuedSimplifiedInvoice' });
    expect((await validateInvoice(body, context())).success).toBe(true);
  });

  it.each(OLD_RULES)(
    '§2.4 rule 3 / §9: exempt in %s (the requirement came with v2026-04-20)',
    async (version) => {
      const body = inlineBody({ name: 'Ana', country: 'ES' });
      expect((await validateInvoice(body, context({ version }))).success).toBe(true);
    },
  );

  it('§2.4 rule 3: the alternative contact_id needs no identifier', async () => {
    expect((await validateInvoice(validInvoiceBody(), context())).success).toBe(true);
  });

  it('§2.4 rule 3: exempt on update (the rule names POST)', () => {
    const request = parsed({ contact: { name: 'Ana' } }, 'update');
    expect(
      invoiceIssues(request, { version: '2026-04-20', operation: 'update', stored: storedInvoice() }),
    ).toEqual([]);
  });

  it('inlineContactIssues directly: no contact, identifier present, simplified, old version, blank', () => {
    expect(inlineContactIssues({}, '2026-04-20')).toEqual([]);
    expect(inlineContactIssues({ contact: null }, '2026-04-20')).toEqual([]);
    expect(inlineContactIssues({ contact: { cin_value: 'X' } }, '2026-04-20')).toEqual([]);
    expect(inlineContactIssues({ type: 'IssuedSimplifiedInvoice', contact: {} }, '2026-04-20')).toEqual([]);
    expect(inlineContactIssues({ contact: {} }, '2026-03-02')).toEqual([]);
    expect(
      pairs(inlineContactIssues({ type: 'ReceivedInvoice', contact: { name: 'X' } }, '2026-04-20')),
    ).toEqual([['parameter_blank', 'contact']]);
  });
});

describe('counterparty: contact_id or an inline contact (fiscalkit, around §2.4 rule 3)', () => {
  it('neither → 422 parameter_blank at contact_id', async () => {
    const result = await validateInvoice(removeAt(validInvoiceBody(), ['contact_id']), context());
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_blank', 'contact_id']]);
    expect(apiErrorFromIssues(result.issues).status).toBe(422);
  });

  it('contact_id null and no contact → parameter_blank at contact_id', () => {
    const request = parsed(setAt(validInvoiceBody(), ['contact_id'], null), 'create');
    expect(pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'create' }))).toEqual([
      ['parameter_blank', 'contact_id'],
    ]);
  });

  it('both → parameter_invalid at contact', () => {
    const request = parsed(
      { ...validInvoiceBody(), contact: { name: 'X', tin_value: CONTACT_TIN } },
      'create',
    );
    expect(pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'create' }))).toEqual([
      ['parameter_invalid', 'contact'],
    ]);
  });

  it('IssuedSimplifiedInvoice: neither is fine, both is fine (its contact_id is ignored, api-notes §3.2)', () => {
    expect(counterpartyIssues({ type: 'IssuedSimplifiedInvoice' })).toEqual([]);
    expect(counterpartyIssues({ type: 'IssuedSimplifiedInvoice', contact_id: 7, contact: {} })).toEqual([]);
    const request = parsed(
      { ...removeAt(validInvoiceBody(), ['contact_id']), type: 'IssuedSimplifiedInvoice' },
      'create',
    );
    expect(invoiceIssues(request, { version: '2026-04-20', operation: 'create' })).toEqual([]);
  });

  it.each(['IssuedInvoice', 'ReceivedInvoice', 'IssuedSelfInvoice', undefined])(
    'type %s without counterparty → parameter_blank at contact_id',
    (type) => {
      expect(pairs(counterpartyIssues(type === undefined ? {} : { type }))).toEqual([
        ['parameter_blank', 'contact_id'],
      ]);
    },
  );

  it('not checked on update: a PATCH without contact fields keeps the stored counterparty', () => {
    expect(
      invoiceIssues(parsed({ ponumber: 'PO-99' }, 'update'), {
        version: '2026-04-20',
        operation: 'update',
        stored: storedInvoice(),
      }),
    ).toEqual([]);
  });
});

describe('§2.4 rule 5: the state is not writable on the invoice', () => {
  it.each(['paid', 'sent', null, '', 0, { value: 'paid' }])(
    '§2.4 rule 5: state = %j → parameter_invalid at state',
    (state) => {
      const issues = invoiceStateIssues({ number: 'F-1', state });
      expect(pairs(issues)).toEqual([['parameter_invalid', 'state']]);
      expect(issues[0]?.message).toContain('mark_as');
    },
  );

  it('§2.4 rule 5: no state key, or a body that is not an object, has no issue', () => {
    expect(invoiceStateIssues({ number: 'F-1' })).toEqual([]);
    expect(invoiceStateIssues(null)).toEqual([]);
    expect(invoiceStateIssues('state')).toEqual([]);
    expect(invoiceStateIssues(['state'])).toEqual([]);
  });

  it('§2.4 rule 5: an inherited "state" (prototype) is not a sent field', () => {
    const body = Object.create({ state: 'paid' }) as object;
    expect(invoiceStateIssues(body)).toEqual([]);
  });

  it('§2.4 rule 5: validateInvoice refuses an otherwise valid create carrying state (422)', async () => {
    const result = await validateInvoice({ ...validInvoiceBody(), state: 'paid' }, context());
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_invalid', 'state']]);
    expect(apiErrorFromIssues(result.issues).status).toBe(422);
  });

  it('§2.4 rule 5: validateInvoice refuses a PATCH carrying only state: null', async () => {
    const result = await validateInvoice(
      { state: null },
      context({ operation: 'update', stored: storedInvoice() }),
    );
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_invalid', 'state']]);
  });

  it('§2.4 rule 5: reported even when parsing fails (both issues returned)', async () => {
    const result = await validateInvoice(
      { ...removeAt(validInvoiceBody(), ['number']), state: 'paid' },
      context(),
    );
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([
      ['parameter_blank', 'number'],
      ['parameter_invalid', 'state'],
    ]);
  });

  it('§7.2: a wrong JSON type alongside state answers 400 (the malformed request wins)', async () => {
    const body = {
      ...setAt(validInvoiceBody(), ['invoice_lines_attributes', 0, 'price'], 45.5),
      state: 'paid',
    };
    const result = await validateInvoice(body, context());
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toContainEqual(['parameter_invalid', 'state']);
    const error = apiErrorFromIssues(result.issues);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_request_params');
    expect(error.param).toBe('invoice_lines_attributes[0].price');
  });
});

describe('§2.4 total_amount_due: only for ZAL and KOR_ZAL', () => {
  it.each(['ZAL', 'KOR_ZAL'])('§2.4: total_amount_due on type_code %s is accepted', async (type_code) => {
    const result = await validateInvoice(
      { ...validInvoiceBody(), type_code, total_amount_due: '1230.00' },
      context(),
    );
    expect(result.success).toBe(true);
  });

  it.each(['VAT', 'ROZ', 'KOR', 'KOR_ROZ', 'UPR', '380'])(
    '§2.4: total_amount_due on type_code %s → parameter_invalid at total_amount_due',
    (type_code) => {
      const request = parsed({ ...validInvoiceBody(), type_code, total_amount_due: '1230.00' }, 'create');
      expect(pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'create' }))).toEqual([
        ['parameter_invalid', 'total_amount_due'],
      ]);
    },
  );

  it('§2.4: total_amount_due without type_code → parameter_invalid', async () => {
    const result = await validateInvoice({ ...validInvoiceBody(), total_amount_due: '100' }, context());
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_invalid', 'total_amount_due']]);
    expect(apiErrorFromIssues(result.issues).status).toBe(422);
  });

  it('§2.4: total_amount_due null or absent is no request to set it', () => {
    expect(totalAmountDueIssues({ type_code: 'VAT', total_amount_due: null })).toEqual([]);
    expect(totalAmountDueIssues({ type_code: 'VAT' })).toEqual([]);
  });

  it('§2.4: PATCH with only total_amount_due is judged on the stored type_code (ZAL ok)', () => {
    const request = parsed({ total_amount_due: '500.00' }, 'update');
    expect(
      invoiceIssues(request, {
        version: '2026-04-20',
        operation: 'update',
        stored: storedInvoice({ type_code: 'ZAL' }),
      }),
    ).toEqual([]);
  });

  it('§2.4: PATCH with only total_amount_due on a stored VAT invoice → parameter_invalid', () => {
    const request = parsed({ total_amount_due: '500.00' }, 'update');
    expect(
      pairs(
        invoiceIssues(request, {
          version: '2026-04-20',
          operation: 'update',
          stored: storedInvoice({ type_code: 'VAT' }),
        }),
      ),
    ).toEqual([['parameter_invalid', 'total_amount_due']]);
  });

  it('§2.4: PATCH changing type_code to ZAL together with total_amount_due is judged on the new code', () => {
    const request = parsed({ type_code: 'ZAL', total_amount_due: '500.00' }, 'update');
    expect(
      invoiceIssues(request, {
        version: '2026-04-20',
        operation: 'update',
        stored: storedInvoice({ type_code: 'VAT' }),
      }),
    ).toEqual([]);
  });

  it('§2.4: PATCH clearing type_code (null) with total_amount_due → parameter_invalid', () => {
    const request = parsed({ type_code: null, total_amount_due: '500.00' }, 'update');
    expect(
      pairs(
        invoiceIssues(request, {
          version: '2026-04-20',
          operation: 'update',
          stored: storedInvoice({ type_code: 'ZAL' }),
        }),
      ),
    ).toEqual([['parameter_invalid', 'total_amount_due']]);
  });

  it('on create the stored invoice (if passed by mistake) is not consulted', () => {
    const request = parsed({ ...validInvoiceBody(), total_amount_due: '100' }, 'create');
    expect(
      pairs(
        invoiceIssues(request, {
          version: '2026-04-20',
          operation: 'create',
          stored: storedInvoice({ type_code: 'ZAL' }),
        }),
      ),
    ).toEqual([['parameter_invalid', 'total_amount_due']]);
  });
});

describe('§7.2 parameter_taken: the invoice number is unique', () => {
  it('§7.2: create with a number another invoice holds → 422 parameter_taken at number (sync lookup)', async () => {
    const result = await validateInvoice(validInvoiceBody(), context({ findInvoiceByNumber: () => 55 }));
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_taken', 'number']]);
    const error = apiErrorFromIssues(result.issues);
    expect(error.status).toBe(422);
    expect(error.code).toBe('parameter_taken');
  });

  it('§7.2: an async lookup works the same', async () => {
    const result = await validateInvoice(
      validInvoiceBody(),
      context({ findInvoiceByNumber: async () => 55 }),
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_taken', 'number']]);
    const free = await validateInvoice(
      validInvoiceBody(),
      context({ findInvoiceByNumber: async () => null }),
    );
    expect(free.success).toBe(true);
  });

  it('§7.2: the key of an issued invoice is account, type and number, contact_id null', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => null);
    await validateInvoice(validInvoiceBody(), context({ account_id: 3, findInvoiceByNumber: find }));
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith({
      account_id: 3,
      type: 'IssuedInvoice',
      number: 'F-2026/0001',
      contact_id: null,
    });
  });

  it('§7.2: type defaults to IssuedInvoice in the key when the body has none', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => null);
    await validateInvoice(removeAt(validInvoiceBody(), ['type']), context({ findInvoiceByNumber: find }));
    expect(find.mock.calls[0]?.[0]).toMatchObject({ type: 'IssuedInvoice', contact_id: null });
  });

  it('§7.2: received invoices are keyed by supplier (contact_id)', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => null);
    await validateInvoice(
      { ...validInvoiceBody(), type: 'ReceivedInvoice', number: 'A-17' },
      context({ findInvoiceByNumber: find }),
    );
    expect(find).toHaveBeenCalledWith({
      account_id: 1,
      type: 'ReceivedInvoice',
      number: 'A-17',
      contact_id: 7,
    });
  });

  it('§7.2: with a store keyed that way, the same number from another supplier or of another type is free', async () => {
    const store = new Map<string, number>([[JSON.stringify([1, 'ReceivedInvoice', 'A-17', 7]), 55]]);
    const findInvoiceByNumber = (key: InvoiceNumberKey) =>
      store.get(JSON.stringify([key.account_id, key.type, key.number, key.contact_id])) ?? null;
    const received = { ...validInvoiceBody(), type: 'ReceivedInvoice', number: 'A-17' };
    const sameSupplier = await validateInvoice(received, context({ findInvoiceByNumber }));
    expect(sameSupplier.success ? [] : pairs(sameSupplier.issues)).toEqual([['parameter_taken', 'number']]);
    expect(
      (await validateInvoice({ ...received, contact_id: 8 }, context({ findInvoiceByNumber }))).success,
    ).toBe(true);
    expect(
      (await validateInvoice({ ...received, type: 'IssuedInvoice' }, context({ findInvoiceByNumber })))
        .success,
    ).toBe(true);
    expect((await validateInvoice(received, context({ account_id: 2, findInvoiceByNumber }))).success).toBe(
      true,
    );
  });

  it('§7.2: on update the invoice itself holding the number is not a collision', async () => {
    const stored = storedInvoice();
    const result = await validateInvoice(
      { number: stored.number },
      context({ operation: 'update', stored, findInvoiceByNumber: () => stored.id }),
    );
    expect(result.success).toBe(true);
  });

  it('§7.2: on update another invoice holding the new number is a collision', async () => {
    const result = await validateInvoice(
      { number: 'F-2026/0002' },
      context({ operation: 'update', stored: storedInvoice(), findInvoiceByNumber: () => 101 }),
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_taken', 'number']]);
  });

  it('§7.2: a PATCH of the number of a stored received invoice is keyed by the stored type and supplier', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => null);
    const stored = storedInvoice({ type: 'ReceivedInvoice', contact_id: 12 });
    await validateInvoice(
      { number: 'A-18' },
      context({ operation: 'update', stored, findInvoiceByNumber: find }),
    );
    expect(find).toHaveBeenCalledWith({
      account_id: 1,
      type: 'ReceivedInvoice',
      number: 'A-18',
      contact_id: 12,
    });
  });

  it('§7.2: a PATCH moving a received invoice to another supplier re-checks the stored number', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => 300);
    const stored = storedInvoice({ type: 'ReceivedInvoice', number: 'A-17', contact_id: 12 });
    const result = await validateInvoice(
      { contact_id: 13 },
      context({ operation: 'update', stored, findInvoiceByNumber: find }),
    );
    expect(find).toHaveBeenCalledWith({
      account_id: 1,
      type: 'ReceivedInvoice',
      number: 'A-17',
      contact_id: 13,
    });
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_taken', 'number']]);
  });

  it('§4.6 PUT /invoices/{id} (validated as create): re-sending its own number is not a collision', async () => {
    const stored = storedInvoice();
    const result = await validateInvoice(
      validInvoiceBody(),
      context({ operation: 'create', stored, findInvoiceByNumber: () => stored.id }),
    );
    expect(result.success).toBe(true);
  });

  it('§4.6 PUT /invoices/{id}: a number held by another invoice is parameter_taken', async () => {
    const result = await validateInvoice(
      validInvoiceBody(),
      context({ operation: 'create', stored: storedInvoice(), findInvoiceByNumber: () => 101 }),
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_taken', 'number']]);
  });

  it('a PATCH touching neither number, type nor contact_id does not look the number up', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => 999);
    const result = await validateInvoice(
      { ponumber: 'PO-1' },
      context({ operation: 'update', stored: storedInvoice(), findInvoiceByNumber: find }),
    );
    expect(find).not.toHaveBeenCalled();
    expect(result.success).toBe(true);
  });

  it('the lookup is not consulted when parsing fails', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => 55);
    const result = await validateInvoice(
      removeAt(validInvoiceBody(), ['date']),
      context({ findInvoiceByNumber: find }),
    );
    expect(find).not.toHaveBeenCalled();
    expect(result.success ? [] : pairs(result.issues)).toEqual([['parameter_blank', 'date']]);
  });

  it('invoiceNumberTakenIssues directly: a blank number is not looked up', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => 55);
    expect(
      await invoiceNumberTakenIssues(
        { type: 'IssuedInvoice', number: ' ' },
        { account_id: 1, findInvoiceByNumber: find },
      ),
    ).toEqual([]);
    expect(
      await invoiceNumberTakenIssues(
        { type: 'IssuedInvoice', number: null },
        { account_id: 1, findInvoiceByNumber: find },
      ),
    ).toEqual([]);
    expect(find).not.toHaveBeenCalled();
  });

  it('invoiceNumberTakenIssues directly: issued invoices ignore contact_id in the key', async () => {
    const find = vi.fn((_key: InvoiceNumberKey) => null);
    await invoiceNumberTakenIssues(
      { type: 'IssuedSelfInvoice', number: 'S-1', contact_id: 7 },
      { account_id: 4, findInvoiceByNumber: find },
    );
    expect(find).toHaveBeenCalledWith({
      account_id: 4,
      type: 'IssuedSelfInvoice',
      number: 'S-1',
      contact_id: null,
    });
  });
});

describe('bank_account on the invoice (spec §2.4)', () => {
  it('a wrong IBAN → 422 parameter_invalid at bank_account.iban', async () => {
    const result = await validateInvoice(
      setAt(validInvoiceBody(), ['bank_account', 'iban'], INVALID_IBAN),
      context(),
    );
    if (result.success) throw new Error('must fail');
    expect(pairs(result.issues)).toEqual([['parameter_invalid', 'bank_account.iban']]);
    expect(apiErrorFromIssues(result.issues).status).toBe(422);
  });

  it('a wrong BIC → parameter_invalid at bank_account.bic', () => {
    const request = parsed({ bank_account: { bic: 'NOTABIC' } }, 'update');
    expect(
      pairs(invoiceIssues(request, { version: '2026-04-20', operation: 'update', stored: storedInvoice() })),
    ).toEqual([['parameter_invalid', 'bank_account.bic']]);
  });
});

describe('§2.2 auto_remittance: a structured reference (OGM) for Belgium → Belgium', () => {
  const base = {
    auto_remittance: true,
    account_country: 'BE',
    contact_country: 'BE',
    number: 'F-2026/0001',
    id: 100,
  };

  it('§2.2: flag on, account and contact in Belgium → a valid OGM +++XXX/XXXX/XXXXX+++', () => {
    const reference = autoRemittanceReference(base);
    if (reference === null) throw new Error('expected a reference');
    expect(reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    expect(checkBelgianOgm(reference).valid).toBe(true);
  });

  it('§2.2: the reference is derived from the invoice (the same invoice always gets the same one, others differ)', () => {
    expect(autoRemittanceReference(base)).toBe(autoRemittanceReference({ ...base }));
    expect(autoRemittanceReference({ ...base, number: 'F-2026/0002' })).not.toBe(
      autoRemittanceReference(base),
    );
  });

  it('§2.2: a number without digits still gets a valid OGM (from the id)', () => {
    const reference = autoRemittanceReference({ ...base, number: 'ABC', id: 4711 });
    expect(reference !== null && checkBelgianOgm(reference).valid).toBe(true);
  });

  it.each([
    [false, 'BE', 'BE'],
    [null, 'BE', 'BE'],
    [undefined, 'BE', 'BE'],
    [true, 'ES', 'BE'],
    [true, 'BE', 'ES'],
    [true, 'BE', 'NL'],
    [true, 'FR', 'FR'],
    [true, 'BE', null],
    [true, null, 'BE'],
    [true, undefined, undefined],
  ])(
    '§2.2: auto_remittance %s, account %s, contact %s → no reference',
    (auto_remittance, account_country, contact_country) => {
      expect(
        autoRemittanceReference({ ...base, auto_remittance, account_country, contact_country }),
      ).toBeNull();
    },
  );
});

describe('effective (the value after an update)', () => {
  it('the sent value wins, null included; absent falls back to the stored value', () => {
    expect(effective({ number: 'F-2' }, { number: 'F-1' }, 'number')).toBe('F-2');
    expect(effective({ number: null }, { number: 'F-1' }, 'number')).toBeNull();
    expect(effective({}, { number: 'F-1' }, 'number')).toBe('F-1');
    expect(effective({}, null, 'number')).toBeUndefined();
  });
});

describe('rule ids (issue #20 §4): each invoice rule names itself', () => {
  it('§2.4 rule 3 is spec.2.4.3, and the counterparty rules are fiscalkit.invoice.*', () => {
    expect(inlineContactIssues({ contact: { name: 'Ana' } }, '2026-04-20')[0]).toMatchObject({
      rule: 'spec.2.4.3',
      code: 'parameter_blank',
      param: 'contact',
    });
    expect(counterpartyIssues({ type: 'IssuedInvoice' })[0]).toMatchObject({
      rule: 'fiscalkit.invoice.counterparty-required',
      code: 'parameter_blank',
      param: 'contact_id',
    });
    expect(counterpartyIssues({ type: 'IssuedInvoice', contact_id: 3, contact: {} })[0]).toMatchObject({
      rule: 'fiscalkit.invoice.counterparty-one-of',
      code: 'parameter_invalid',
      param: 'contact',
    });
  });

  it('§2.4 rule 5 is spec.2.4.5; total_amount_due off ZAL / KOR_ZAL is spec.2.4.total-amount-due', () => {
    expect(invoiceStateIssues({ state: 'paid' })[0]).toMatchObject({
      rule: 'spec.2.4.5',
      code: 'parameter_invalid',
      param: 'state',
    });
    expect(totalAmountDueIssues({ type_code: 'VAT', total_amount_due: '100.00' })[0]).toMatchObject({
      rule: 'spec.2.4.total-amount-due',
      code: 'parameter_invalid',
      param: 'total_amount_due',
    });
  });

  it('a number taken is spec.7.2.invoice-number-taken', async () => {
    const issues = await invoiceNumberTakenIssues(
      { type: 'IssuedInvoice', number: 'F-1', contact_id: null },
      { account_id: 1, stored_id: null, findInvoiceByNumber: () => 42 },
    );
    expect(issues[0]).toMatchObject({
      rule: 'spec.7.2.invoice-number-taken',
      code: 'parameter_taken',
      param: 'number',
    });
  });

  it('amount fields: removed (api.3.2), newer than the version, unmodelled (fiscalkit)', () => {
    expect(invoiceAmountFieldIssues({ discount_percent: '5' })[0]).toMatchObject({
      rule: 'api.3.2.removed-amount-field',
      param: 'discount_percent',
    });
    expect(
      invoiceAmountFieldIssues({ '~refused': [{ param: 'payments_on_account', message: 'is newer' }] })[0],
    ).toMatchObject({ rule: 'fiscalkit.invoice.newer-amount-field', param: 'payments_on_account' });
    expect(invoiceAmountFieldIssues({ tax_amount_in_tax_currency: '1.00' })[0]).toMatchObject({
      rule: 'fiscalkit.invoice.unmodelled-amount-field',
      param: 'tax_amount_in_tax_currency',
    });
    expect(
      invoiceAmountFieldIssues({ invoice_lines_attributes: [{ extension_amount: '1.00' }] })[0],
    ).toMatchObject({
      rule: 'fiscalkit.invoice.unmodelled-amount-field',
      param: 'invoice_lines_attributes[0].extension_amount',
    });
  });

  it('a prepaid amount other than the payments on account is fiscalkit.invoice.prepaid-amount-sum', () => {
    expect(
      paymentsOnAccountIssues({ prepaid_amount: '20.00', payments: [{ amount: '15.00' }] })[0],
    ).toMatchObject({ rule: 'fiscalkit.invoice.prepaid-amount-sum', param: 'prepaid_amount' });
  });

  it('the rule id keeps through validateInvoice (withOriginParams keeps it)', async () => {
    const body = { ...validInvoiceBody(), state: 'paid' };
    const result = await validateInvoice(body, {
      version: '2026-04-20',
      operation: 'create',
      account_id: 1,
      findInvoiceByNumber: () => null,
    });
    expect(result.success ? [] : result.issues).toContainEqual(
      expect.objectContaining({ rule: 'spec.2.4.5', param: 'state' }),
    );
  });
});
