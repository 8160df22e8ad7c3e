/**
 * Review of issue 3 (model, rules, identifiers, code lists). Every test here FAILS on the current code
 * because of a real bug; each states the behaviour the spec (or the package's own documented decision)
 * requires. Exploratory checks that pass live elsewhere or were deleted.
 */
import { describe, expect, it } from 'vitest';
import { parseAccount } from '../../src/model/account.js';
import { parseContact } from '../../src/model/contact.js';
import { parseInvoice } from '../../src/model/invoice.js';
import { accountIssues } from '../../src/rules/account.js';
import { contactIssues } from '../../src/rules/contact.js';
import { invoiceIssues, validateInvoice } from '../../src/rules/invoice.js';
import { invoiceLineIssues } from '../../src/rules/invoiceLines.js';
import type { InvoiceNumberKey } from '../../src/rules/invoiceNumberTaken.js';
import { parseJsonBody } from '../../src/versions/jsonBody.js';
import { storedContact, storedInvoice, validAccountBody, validInvoiceBody } from '../support/fixtures.js';

type Issue = { code: string; param: string };
const pairs = (issues: readonly Issue[]) => issues.map((issue) => [issue.code, issue.param]);

describe('review 3: invoice lines of a create (POST / PUT) are not judged', () => {
  it('§2.4 invoice_lines_attributes: a POST whose every line is marked _destroy is refused, naming each line', () => {
    const body = validInvoiceBody();
    const lines = (body.invoice_lines_attributes as Record<string, unknown>[]).map((line) => ({
      ...line,
      _destroy: true,
    }));
    const parsed = parseInvoice({ ...body, invoice_lines_attributes: lines }, 'create');
    const issues = parsed.success
      ? invoiceIssues(parsed.data, { version: '2026-04-20', operation: 'create' })
      : parsed.issues;
    // A deletion needs the id of a stored line; a new invoice has none, so each line is refused at
    // its id (and the request can never leave the invoice without lines).
    expect(pairs(issues)).toEqual(
      lines.map((_, index) => ['parameter_blank', `invoice_lines_attributes[${index}].id`]),
    );
  });

  it('§2.4 invoice_lines_attributes: a PUT that deletes every stored line leaves none → parameter_empty', () => {
    const stored = storedInvoice();
    const lines = stored.lines.map((line) => ({ id: line.id, _destroy: true }));
    expect(pairs(invoiceLineIssues(lines, stored.lines))).toEqual([
      ['parameter_empty', 'invoice_lines_attributes'],
    ]);
  });

  it('§2.4 invoice_lines_attributes (as §2.6 ids): a line id on POST names no line of the invoice → parameter_invalid', () => {
    const body = validInvoiceBody();
    const [first] = body.invoice_lines_attributes as Record<string, unknown>[];
    const parsed = parseInvoice({ ...body, invoice_lines_attributes: [{ ...first, id: 999 }] }, 'create');
    const issues = parsed.success
      ? invoiceIssues(parsed.data, { version: '2026-04-20', operation: 'create' })
      : parsed.issues;
    expect(pairs(issues)).toEqual([['parameter_invalid', 'invoice_lines_attributes[0].id']]);
  });
});

describe('review 3: routing_codes slots cleared with ""', () => {
  it('§2.2 rule 1: a slot whose value and scheme are both "" is an empty slot, not a 422', () => {
    const parsed = parseAccount(
      {
        ...validAccountBody(),
        routing_codes: { cin1_value: '8412345678905', cin1_scheme: '0088', cin2_value: '', cin2_scheme: '' },
      },
      'create',
    );
    expect(parsed.success ? accountIssues(parsed.data) : parsed.issues).toEqual([]);
  });

  it('§2.2 rule 1 on PATCH /contacts: clearing a stored slot with "" for both halves is fine (as with null)', () => {
    const stored = storedContact({ routing_codes: { cin1_value: '8412345678905', cin1_scheme: '0088' } });
    const parsed = parseContact({ routing_codes: { cin1_value: '', cin1_scheme: '' } }, 'update');
    expect(
      parsed.success ? contactIssues(parsed.data, { version: '2026-04-20', stored }) : parsed.issues,
    ).toEqual([]);
  });
});

describe('review 3: PUT of a stored invoice that omits type', () => {
  it('§7.2 parameter_taken: PUT of a ReceivedInvoice without type is checked in its own class, not as an IssuedInvoice', async () => {
    const stored = storedInvoice({ id: 100, type: 'ReceivedInvoice', number: '1', contact_id: 7 });
    // The account also issued its own invoice "1" (id 55); the received one is id 100.
    const findInvoiceByNumber = (key: InvoiceNumberKey) =>
      key.type === 'ReceivedInvoice' ? 100 : key.type === 'IssuedInvoice' ? 55 : null;
    const { type: _type, ...body } = validInvoiceBody();
    const result = await validateInvoice(
      { ...body, number: '1', contact_id: 7 },
      { version: '2026-04-20', operation: 'create', stored, account_id: 1, findInvoiceByNumber },
    );
    expect(result.success ? [] : pairs(result.issues)).toEqual([]);
  });
});

describe('review 3: bodies read by parseJsonBody', () => {
  it('§7.2 invalid_request_params: a JSON object shaped like a LosslessNumber is not a number (wrong type → 400)', () => {
    const read = parseJsonBody(
      '{"contact_id":{"isLosslessNumber":true,"value":"5"},"total_amount_due":{"isLosslessNumber":true,"value":"10.00"}}',
    );
    expect(read.success).toBe(true);
    const sent = read.success ? (read.data as Record<string, unknown>) : {};
    const parsed = parseInvoice({ ...validInvoiceBody(), type_code: 'ZAL', ...sent }, 'create');
    expect(parsed.success ? [] : pairs(parsed.issues)).toEqual([
      ['invalid_request_params', 'contact_id'],
      ['invalid_request_params', 'total_amount_due'],
    ]);
  });

  it('§7.2 invalid_request_params: "__proto__" inside routing_codes is an unknown key like any other (400), not silently dropped', () => {
    const read = parseJsonBody(
      '{"name":"ACME","country":"ES","routing_codes":{"__proto__":{"cin1_value":"X","cin1_scheme":"VAT"}}}',
    );
    expect(read.success).toBe(true);
    const parsed = parseAccount(read.success ? read.data : null, 'create');
    expect(parsed.success ? [] : pairs(parsed.issues)).toEqual([
      ['invalid_request_params', 'routing_codes.__proto__'],
    ]);
  });
});

describe('review 3: the counterparty on PATCH', () => {
  it('§2.4 contact_id (decision "Invoice counterparty"): a PATCH clearing contact_id of an IssuedInvoice with no inline contact → parameter_blank at contact_id', () => {
    const stored = storedInvoice({ contact_id: 7 });
    const parsed = parseInvoice({ contact_id: null }, 'update');
    const issues = parsed.success
      ? invoiceIssues(parsed.data, { version: '2026-04-20', operation: 'update', stored })
      : parsed.issues;
    expect(pairs(issues)).toEqual([['parameter_blank', 'contact_id']]);
  });
});

describe('§2.4 rule 5 with a stored invoice', () => {
  it('the stored state sent back unchanged (GET → PUT) is no write → no issue; another state is', async () => {
    const stored = storedInvoice();
    const context = {
      version: '2026-04-20' as const,
      operation: 'update' as const,
      stored,
      account_id: 1,
      findInvoiceByNumber: () => null,
    };
    expect((await validateInvoice({ state: stored.state }, context)).success).toBe(true);
    const changed = await validateInvoice({ state: 'paid' }, context);
    expect(changed.success ? [] : changed.issues.map((issue) => [issue.code, issue.param])).toEqual([
      ['parameter_invalid', 'state'],
    ]);
  });
});
