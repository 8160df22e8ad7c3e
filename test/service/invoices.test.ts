/**
 * The invoice use cases (spec §2.4–§2.6, §4.6) over memory ports: create with an inline contact or
 * `contact_id`, totals with the account's flags, the number's uniqueness, PUT / PATCH, mark_as with its
 * event, ack, attachments through the blob port, delete.
 */
import { fc, test } from '@fast-check/vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { type MemoryPorts, memoryPorts } from '../../src/adapters/memory/memoryPorts.js';
import { isApiError } from '../../src/errors/ApiError.js';
import type { Invoice } from '../../src/model/invoice.js';
import type { TaxReport } from '../../src/model/taxReport.js';
import { autoRemittanceReference } from '../../src/rules/autoRemittance.js';
import type { Caller } from '../../src/service/caller.js';
import { createEventPublisher } from '../../src/service/events.js';
import {
  type AttachmentUpload,
  attachmentFilename,
  decodeBase64,
} from '../../src/service/invoiceAttachments.js';
import { createInvoiceService, type InvoiceService } from '../../src/service/invoices.js';
import { computeTotals } from '../../src/totals/computeTotals.js';
import { storedAccount, storedContact } from '../support/fixtures.js';

const NEWEST: Caller = { group_id: 1, api_version: '2026-04-20' };
const MARCH: Caller = { group_id: 1, api_version: '2026-03-02' };
const OTHER_GROUP: Caller = { group_id: 2, api_version: '2026-04-20' };

let ports: MemoryPorts;
let invoices: InvoiceService;

async function addAccount(id: number, fields: Record<string, unknown> = {}, group = 1) {
  await ports.store.accounts.insert(storedAccount({ ...fields, id }));
  await ports.store.accountGroups.insert({ id, group_id: group });
}

beforeEach(async () => {
  ports = memoryPorts();
  invoices = createInvoiceService(ports, {
    publisher: createEventPublisher(ports),
    base_url: 'http://localhost',
  });
  await addAccount(1);
});

type Body = Record<string, unknown>;

const line = (quantity: string, price: string, taxes: Body[] = [{ name: 'IVA', percent: '21' }]): Body => ({
  quantity,
  price,
  taxes_attributes: taxes,
});

function body(overrides: Body = {}): Body {
  return {
    number: 'F-1',
    date: '2026-04-20',
    contact: { name: 'Norte SA', country: 'ES', tin_scheme: '9920', tin_value: 'B76543214' },
    invoice_lines_attributes: [line('10', '45.50'), line('1', '120.00')],
    ...overrides,
  };
}

/** The ApiError a promise rejects with, as `{code, param, status}`. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { code: error.code, param: error.param, status: error.status, message: error.message };
  }
  throw new Error('expected an ApiError, the call succeeded');
}

async function accountEvents(account = 1) {
  return (await ports.store.accountEvents.list(account, { offset: 0, limit: 100 })).items.map(
    ({ value }) => `${value.type}:${value.name}:${String(value.resource_id)}:${String(value.state)}`,
  );
}

async function contactsOf(account = 1) {
  return (await ports.store.contacts.list(account, { offset: 0, limit: 100 })).items.map(
    ({ value }) => value,
  );
}

describe('create (spec §2.4, §4.6)', () => {
  it('creates the inline contact once and links later invoices to it; records both events', async () => {
    const first = await invoices.create(NEWEST, 1, body());
    expect(first).toMatchObject({ state: 'new', type: 'IssuedInvoice', currency: 'EUR', total: '695.75' });
    const [contact] = await contactsOf();
    expect(contact).toMatchObject({
      name: 'Norte SA',
      tin_value: 'B76543214',
      country: 'ES',
      is_client: true,
      is_provider: false,
    });
    expect(first.contact_id).toBe(contact?.id);
    expect(first.contact).toEqual({
      id: contact?.id,
      name: 'Norte SA',
      tin_value: 'B76543214',
      tin_scheme: '9920',
      cin_value: null,
      cin_scheme: null,
      country: 'ES',
    });
    const second = await invoices.create(
      NEWEST,
      1,
      body({ number: 'F-2', contact: { name: 'Norte S.A.', tin_value: 'B76543214' } }),
    );
    expect(await contactsOf()).toHaveLength(1);
    expect(second.contact_id).toBe(contact?.id);
    // What this invoice says about the party is kept on it; the stored contact is not changed.
    expect(second.contact?.name).toBe('Norte S.A.');
    expect((await contactsOf())[0]?.name).toBe('Norte SA');
    expect(await accountEvents()).toEqual([
      `ContactEvent:created:${String(contact?.id)}:null`,
      `InvoiceEvent:created:${String(first.id)}:new`,
      `InvoiceEvent:created:${String(second.id)}:new`,
    ]);
  });

  it('links a TIN shared by a head office and its office to the head office; a CIN links too', async () => {
    await ports.store.contacts.insert(storedContact({ id: 50, tin_value: 'B76543214' }));
    await ports.store.contacts.insert(storedContact({ id: 40, parent_id: 50, tin_value: 'B76543214' }));
    await ports.store.contacts.insert(storedContact({ id: 60, tin_value: null, cin_value: 'CIN-9' }));
    expect((await invoices.create(NEWEST, 1, body())).contact_id).toBe(50);
    const byCin = await invoices.create(
      NEWEST,
      1,
      body({ number: 'F-2', contact: { name: 'X', country: 'ES', cin_value: 'CIN-9' } }),
    );
    expect(byCin.contact_id).toBe(60);
    expect(await contactsOf()).toHaveLength(3);
    // A CIN match whose contact has another TIN is another party: a new contact.
    await ports.store.contacts.insert(storedContact({ id: 61, tin_value: 'A11111111', cin_value: 'CIN-8' }));
    const other = await invoices.create(
      NEWEST,
      1,
      body({ number: 'F-3', contact: { name: 'Y', country: 'ES', tin_value: 'B98', cin_value: 'CIN-8' } }),
    );
    expect(other.contact_id).not.toBe(61);
    expect(await contactsOf()).toHaveLength(5);
  });

  it('an inline contact without identifiers: 422 contact in v2026-04-20; kept on the invoice only before', async () => {
    const anonymous = body({ contact: { name: 'Ana', country: 'ES' } });
    expect(await failure(invoices.create(NEWEST, 1, anonymous))).toMatchObject({
      code: 'parameter_blank',
      param: 'contact',
      status: 422,
    });
    const older = await invoices.create(MARCH, 1, anonymous);
    expect(older.contact_id).toBeNull();
    expect(older.contact).toMatchObject({ id: null, name: 'Ana', country: 'ES', tin_value: null });
    expect(await contactsOf()).toEqual([]);
    // A simplified invoice is exempt in every version (spec §2.4 rule 3).
    const ticket = await invoices.create(NEWEST, 1, {
      ...anonymous,
      number: 'S-1',
      type: 'IssuedSimplifiedInvoice',
    });
    expect(ticket).toMatchObject({ type: 'IssuedSimplifiedInvoice', contact_id: null });
  });

  it('a contact to create needs a name and a country; nothing is stored when it is refused', async () => {
    expect(
      await failure(invoices.create(NEWEST, 1, body({ contact: { country: 'ES', tin_value: 'B76543214' } }))),
    ).toMatchObject({ code: 'parameter_blank', param: 'contact.name' });
    expect(
      await failure(invoices.create(NEWEST, 1, body({ contact: { name: 'N', tin_value: 'B76543214' } }))),
    ).toMatchObject({ code: 'parameter_blank', param: 'contact.country' });
    expect(
      await failure(
        invoices.create(
          NEWEST,
          1,
          body({
            contact: {
              name: 'N',
              country: 'ES',
              tin_value: 'X1',
              bank_account: { iban: 'ES9121000418450200051333' },
            },
          }),
        ),
      ),
    ).toMatchObject({ code: 'parameter_invalid', param: 'contact.bank_account.iban' });
    expect(await contactsOf()).toEqual([]);
    expect((await ports.store.invoices.list(1, { offset: 0, limit: 10 })).total_count).toBe(0);
  });

  it('contact_id must be a contact of the same account; its bank account fills contact_iban', async () => {
    await addAccount(2);
    await ports.store.contacts.insert(storedContact({ id: 7, account_id: 1 }));
    await ports.store.contacts.insert(storedContact({ id: 8, account_id: 2 }));
    const linked = await invoices.create(NEWEST, 1, body({ contact: undefined, contact_id: 7 }));
    expect(linked).toMatchObject({
      contact_id: 7,
      contact_iban: 'ES9121000418450200051332',
      contact_bic: 'CAIXESBBXXX',
    });
    for (const contact_id of [8, 999])
      expect(
        await failure(invoices.create(NEWEST, 1, body({ number: 'F-9', contact: undefined, contact_id }))),
      ).toMatchObject({ code: 'parameter_invalid', param: 'contact_id' });
  });

  it('contact_id is ignored for a simplified invoice from v2026-03-02, linked before', async () => {
    await ports.store.contacts.insert(storedContact({ id: 7 }));
    const simplified = { type: 'IssuedSimplifiedInvoice', contact: undefined, contact_id: 7 };
    expect((await invoices.create(MARCH, 1, body({ ...simplified, number: 'S-1' }))).contact_id).toBeNull();
    const older: Caller = { group_id: 1, api_version: '2025-10-13' };
    expect((await invoices.create(older, 1, body({ ...simplified, number: 'S-2' }))).contact_id).toBe(7);
  });

  it('a PATCH of a simplified invoice with a contact_id the version ignores keeps its contact', async () => {
    await ports.store.contacts.insert(storedContact({ id: 7 }));
    const ticket = await invoices.create(NEWEST, 1, {
      ...body({ type: 'IssuedSimplifiedInvoice', number: 'S-1' }),
      contact: { name: 'Ana', country: 'ES' },
    });
    const patched = await invoices.update(NEWEST, ticket.id, { contact_id: 7, notes: 'n' });
    expect(patched).toMatchObject({ contact_id: null, contact: { name: 'Ana' }, notes: 'n' });
    const cleared = await invoices.update(NEWEST, ticket.id, { contact_id: null });
    expect(cleared.contact).toBeNull();
  });

  it('another group’s account is 404 resource_missing at account; an archived one 409', async () => {
    expect(await failure(invoices.create(OTHER_GROUP, 1, body()))).toMatchObject({
      code: 'resource_missing',
      param: 'account',
      status: 404,
    });
    await addAccount(3, { archived: true });
    expect(await failure(invoices.create(NEWEST, 3, body()))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
  });
});

describe('the number is unique per account, type and series (spec §7.2 parameter_taken)', () => {
  it('a repeated number is parameter_taken; another series, type or account is not', async () => {
    await invoices.create(NEWEST, 1, body());
    expect(await failure(invoices.create(NEWEST, 1, body()))).toMatchObject({
      code: 'parameter_taken',
      param: 'number',
    });
    await invoices.create(NEWEST, 1, body({ series_code: 'B' }));
    expect(await failure(invoices.create(NEWEST, 1, body({ series_code: 'B' })))).toMatchObject({
      code: 'parameter_taken',
    });
    await invoices.create(NEWEST, 1, body({ type: 'IssuedSelfInvoice' }));
    await addAccount(2);
    await invoices.create(NEWEST, 2, body());
    expect((await ports.store.invoices.list(1, { offset: 0, limit: 10 })).total_count).toBe(3);
  });

  it('received invoices are unique per supplier', async () => {
    const supplier = (tin: string) => ({ name: `S ${tin}`, country: 'ES', tin_value: tin });
    await invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice', contact: supplier('B1') }));
    await invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice', contact: supplier('B2') }));
    expect(
      await failure(invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice', contact: supplier('B1') }))),
    ).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect((await contactsOf()).map((contact) => contact.is_provider)).toEqual([true, true]);
  });

  it('two concurrent creates of one number: exactly one is stored, the other is parameter_taken', async () => {
    const results = await Promise.allSettled([
      invoices.create(NEWEST, 1, body()),
      invoices.create(NEWEST, 1, body()),
      invoices.create(NEWEST, 1, body()),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'parameter_taken' });
    const stored = await ports.store.invoices.find(1, { number: 'F-1' }, { offset: 0, limit: 10 });
    expect(stored.total_count).toBe(1);
  });
});

describe('totals (spec §2.4 total, payable_amount; taxmath.md)', () => {
  const HALTR = [line('1', '7886.64'), line('1', '818.44')];

  it('follow the account flags exactly as computeTotals does', async () => {
    await addAccount(4, { apply_taxes_per_line: false });
    const accumulated = await invoices.create(NEWEST, 4, body({ invoice_lines_attributes: HALTR }));
    const engine = (flags: Body) =>
      computeTotals({
        currency: 'EUR',
        lines: [
          { quantity: '1', price: '7886.64', taxes: [{ name: 'IVA', percent: '21' }] },
          { quantity: '1', price: '818.44', taxes: [{ name: 'IVA', percent: '21' }] },
        ],
        ...flags,
      }).totals.total;
    expect(accumulated.total).toBe(engine({ apply_taxes_per_line: false }));
    expect(accumulated.total).toBe('10533.15');
    await addAccount(2, { apply_taxes_per_line: true });
    const perLine = await invoices.create(NEWEST, 2, body({ invoice_lines_attributes: HALTR }));
    expect(perLine.total).toBe(engine({ apply_taxes_per_line: true }));
    expect(perLine.total).toBe('10533.14');
    await addAccount(3, { apply_taxes_per_line: false, rounding_method: 'truncate' });
    const truncated = await invoices.create(
      NEWEST,
      3,
      body({ invoice_lines_attributes: [line('1', '10.05', [{ name: 'IVA', percent: '10' }])] }),
    );
    expect(truncated.total).toBe('11.05');
  });

  it('prepaid_amount lowers payable_amount only; a currency without decimals rounds to units', async () => {
    const prepaid = await invoices.create(NEWEST, 1, body({ prepaid_amount: '100.00' }));
    expect([prepaid.total, prepaid.payable_amount]).toEqual(['695.75', '595.75']);
    const yen = await invoices.create(
      NEWEST,
      1,
      body({
        number: 'F-2',
        currency: 'JPY',
        invoice_lines_attributes: [line('3', '333', [{ name: 'VAT', percent: '10' }])],
      }),
    );
    expect(yen.total).toBe('1099');
  });

  it('total_amount_due sets total and payable_amount of a ZAL and survives a PATCH of its lines', async () => {
    const advance = await invoices.create(
      NEWEST,
      1,
      body({ type_code: 'ZAL', total_amount_due: '1230.00', invoice_lines_attributes: [line('10', '1000')] }),
    );
    expect([advance.total, advance.payable_amount]).toEqual(['1230.00', '1230.00']);
    const patched = await invoices.update(NEWEST, advance.id, {
      invoice_lines_attributes: [{ id: advance.lines[0]?.id, quantity: '20' }],
    });
    expect(patched.total).toBe('1230.00');
    const changed = await invoices.update(NEWEST, advance.id, { total_amount_due: '615.00' });
    expect(changed.total).toBe('615.00');
    // No longer an advance: the total is the lines' again.
    const plain = await invoices.update(NEWEST, advance.id, { type_code: 'VAT' });
    expect(plain.total).toBe('24200.00');
    expect(await failure(invoices.update(NEWEST, advance.id, { total_amount_due: '1.00' }))).toMatchObject({
      code: 'parameter_invalid',
      param: 'total_amount_due',
    });
  });

  it('a problem the engine finds is reported at the request’s line', async () => {
    const twoVats = [
      line('1', '10'),
      line('1', '10', [
        { name: 'IVA', percent: '21' },
        { name: 'IGIC', percent: '7' },
      ]),
    ];
    const error = await failure(invoices.create(NEWEST, 1, body({ invoice_lines_attributes: twoVats })));
    expect(error.status).toBe(422);
    expect(error.param).toMatch(/^invoice_lines_attributes\[1\]\.taxes_attributes/);
    expect(error.message.startsWith(error.param ?? '')).toBe(true);
  });

  it('Belgian structured remittance when auto_remittance applies (spec §2.2)', async () => {
    await addAccount(2, { country: 'BE', auto_remittance: true });
    const belgian = { name: 'Brussel NV', country: 'BE', tin_value: 'BE0123456749' };
    const withOgm = await invoices.create(NEWEST, 2, body({ number: 'F-2026/0001', contact: belgian }));
    expect(withOgm.remittance_reference).toBe(
      autoRemittanceReference({
        auto_remittance: true,
        account_country: 'BE',
        contact_country: 'BE',
        number: 'F-2026/0001',
        id: withOgm.id,
      }),
    );
    expect(withOgm.remittance_reference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const spanishCustomer = await invoices.create(NEWEST, 2, body({ number: 'F-2026/0002' }));
    expect(spanishCustomer.remittance_reference).toBeNull();
    expect((await invoices.create(NEWEST, 1, body({ contact: belgian }))).remittance_reference).toBeNull();
  });
});

describe('PUT and PATCH', () => {
  let invoice: Invoice;
  beforeEach(async () => {
    invoice = await invoices.create(NEWEST, 1, body({ notes: 'keep me', ponumber: 'PO-1' }));
  });

  it('PATCH edits a line by id, deletes one with _destroy, adds one, and recomputes the total', async () => {
    const [first, second] = invoice.lines;
    const patched = await invoices.update(NEWEST, invoice.id, {
      invoice_lines_attributes: [
        { id: first?.id, price: '50.00' },
        { id: second?.id, _destroy: true },
        line('2', '5.00'),
      ],
      notes: null,
    });
    expect(patched.lines.map((item) => [item.id, item.quantity, item.price])).toEqual([
      [first?.id, '10', '50.00'],
      [expect.any(Number), '2', '5.00'],
    ]);
    expect(patched.total).toBe('617.10');
    expect(patched.notes).toBeNull();
    expect(patched.ponumber).toBe('PO-1');
    expect(await accountEvents()).toContain(`InvoiceEvent:updated:${String(invoice.id)}:new`);
  });

  it('PATCH errors name the request’s line; a PATCH may not leave the invoice without lines', async () => {
    const [first, second] = invoice.lines;
    expect(
      await failure(
        invoices.update(NEWEST, invoice.id, {
          invoice_lines_attributes: [
            { id: first?.id, _destroy: true },
            { id: second?.id, _destroy: true },
          ],
        }),
      ),
    ).toMatchObject({ code: 'parameter_empty', param: 'invoice_lines_attributes' });
    expect(
      await failure(
        invoices.update(NEWEST, invoice.id, { invoice_lines_attributes: [{ id: 999_999, price: '1' }] }),
      ),
    ).toMatchObject({ code: 'parameter_invalid', param: 'invoice_lines_attributes[0].id' });
    expect(
      await failure(
        invoices.update(NEWEST, invoice.id, {
          invoice_lines_attributes: [
            {
              id: second?.id,
              taxes_attributes: [
                { name: 'IVA', percent: '21' },
                { name: 'X', percent: '5' },
              ],
            },
          ],
        }),
      ),
    ).toMatchObject({ param: expect.stringMatching(/^invoice_lines_attributes\[0\]\.taxes_attributes/) });
  });

  it('PUT is the same partial update as PATCH (issue #19): lines by id, fields left out kept', async () => {
    const [first, second] = invoice.lines;
    const replaced = await invoices.replace(NEWEST, invoice.id, {
      date: '2026-04-21',
      invoice_lines_attributes: [{ ...line('1', '100'), id: first?.id }],
    });
    // The line sent with its id is changed; the other line stays (only `_destroy` removes one).
    expect(replaced.lines.map((item) => item.id)).toEqual([first?.id, second?.id]);
    expect(replaced).toMatchObject({ date: '2026-04-21', number: 'F-1', notes: 'keep me', ponumber: 'PO-1' });
    // Nothing is required of a PUT: one field is enough.
    expect(await invoices.replace(NEWEST, invoice.id, { notes: 'changed' })).toMatchObject({
      notes: 'changed',
      date: '2026-04-21',
    });
    // The rules judge the merged invoice: removing every line leaves none.
    expect(
      await failure(
        invoices.replace(NEWEST, invoice.id, {
          invoice_lines_attributes: [
            { id: first?.id, _destroy: true },
            { id: second?.id, _destroy: true },
          ],
        }),
      ),
    ).toMatchObject({ code: 'parameter_empty', param: 'invoice_lines_attributes' });
  });

  it('the number stays unique on update, the series included; state and type cannot be written', async () => {
    const other = await invoices.create(NEWEST, 1, body({ number: 'F-2', series_code: 'B' }));
    expect(
      await failure(invoices.update(NEWEST, invoice.id, { number: 'F-2', series_code: 'B' })),
    ).toMatchObject({
      code: 'parameter_taken',
    });
    await invoices.update(NEWEST, other.id, { number: 'F-1' });
    expect(await failure(invoices.update(NEWEST, other.id, { series_code: null }))).toMatchObject({
      code: 'parameter_taken',
      param: 'number',
    });
    expect(await failure(invoices.update(NEWEST, invoice.id, { state: 'paid' }))).toMatchObject({
      code: 'parameter_invalid',
      param: 'state',
    });
    expect(await failure(invoices.update(NEWEST, invoice.id, { type: 'ReceivedInvoice' }))).toMatchObject({
      code: 'parameter_cannot_change',
      param: 'type',
    });
  });

  it('an invoice that left new or error cannot be edited, nor deleted once answered: 409 conflict', async () => {
    await invoices.markAs(NEWEST, invoice.id, { state: 'accepted' });
    expect(await failure(invoices.update(NEWEST, invoice.id, { notes: 'x' }))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
    expect(await failure(invoices.remove(NEWEST, invoice.id))).toMatchObject({ code: 'conflict' });
    await invoices.markAs(NEWEST, invoice.id, { state: 'closed' });
    expect(await failure(invoices.remove(NEWEST, invoice.id))).toMatchObject({ code: 'conflict' });
  });

  it('an invoice only marked sent, never delivered, can still be deleted (issue #23, docs/sending.md)', async () => {
    await invoices.markAs(NEWEST, invoice.id, { state: 'sent' });
    expect(await failure(invoices.update(NEWEST, invoice.id, { notes: 'x' }))).toMatchObject({
      code: 'conflict',
      status: 409,
    });
    await invoices.markAs(NEWEST, invoice.id, { state: 'new' });
    expect((await invoices.update(NEWEST, invoice.id, { notes: 'x' })).notes).toBe('x');
    await invoices.markAs(NEWEST, invoice.id, { state: 'sent' });
    expect((await invoices.remove(NEWEST, invoice.id)).id).toBe(invoice.id);
  });
});

describe('mark_as (spec §3.3, api-notes.md §8.2)', () => {
  async function published() {
    return (await ports.events.list(1, { offset: 0, limit: 100 })).items.map(({ code, data }) => ({
      code,
      data,
    }));
  }

  it('moves the state, keeps the reason, publishes issued_invoice.state_change and records the event', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    const sent = await invoices.markAs(NEWEST, invoice.id, {
      state: 'refused',
      reason: 'wrong PO',
      commit: true,
    });
    expect(sent).toMatchObject({ state: 'refused', state_reason: 'wrong PO' });
    // `version`: the invoice's version after the change (stored at 1, its number confirmed at 2).
    expect(await published()).toEqual([
      {
        code: 'issued_invoice.state_change',
        data: { invoice_id: invoice.id, state: 'refused', version: 3 },
      },
    ]);
    expect((await accountEvents()).at(-1)).toBe(`InvoiceEvent:state_changed:${String(invoice.id)}:refused`);
    // Again to the same state: nothing changes, nothing is published.
    const again = await invoices.markAs(NEWEST, invoice.id, { state: 'refused' });
    expect(again.state_reason).toBe('wrong PO');
    expect(await published()).toHaveLength(1);
    const paid = await invoices.markAs(NEWEST, invoice.id, { state: 'paid' });
    expect(paid.state_reason).toBeNull();
    expect((await published())[1]).toEqual({
      code: 'issued_invoice.state_change',
      data: { invoice_id: invoice.id, state: 'paid', version: 4 },
    });
  });

  it('409 conflict on a forbidden move, 422 parameter_inclusion for a state the type does not take', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    await invoices.markAs(NEWEST, invoice.id, { state: 'closed' });
    expect(await failure(invoices.markAs(NEWEST, invoice.id, { state: 'paid' }))).toMatchObject({
      code: 'conflict',
      param: 'state',
      status: 409,
    });
    expect(await failure(invoices.markAs(NEWEST, invoice.id, { state: 'annotated' }))).toMatchObject({
      code: 'parameter_inclusion',
      param: 'state',
    });
    expect(await failure(invoices.markAs(NEWEST, invoice.id, {}))).toMatchObject({
      code: 'parameter_blank',
      param: 'state',
    });
    expect(await failure(invoices.markAs(NEWEST, invoice.id, { state: 7 }))).toMatchObject({
      code: 'invalid_request_params',
      status: 400,
    });
  });

  it('received invoices change state without a webhook event', async () => {
    const received = await invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice' }));
    expect((await invoices.markAs(NEWEST, received.id, { state: 'annotated' })).state).toBe('annotated');
    expect(await published()).toEqual([]);
  });

  it('another group’s invoice is 404 whatever the body', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    expect(await failure(invoices.markAs(OTHER_GROUP, invoice.id, { state: 'sent' }))).toMatchObject({
      code: 'resource_missing',
      status: 404,
    });
    expect(await failure(invoices.markAs(OTHER_GROUP, invoice.id, 'nonsense'))).toMatchObject({
      status: 404,
    });
  });
});

describe('ack, attachments, delete, list', () => {
  const upload = (filename: string, text: string): AttachmentUpload => ({
    filename,
    content_type: 'text/plain',
    bytes: new TextEncoder().encode(text),
    param: 'file',
  });

  it('ack sets ack and keeps the first acknowledged_at', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    const acked = await invoices.ack(NEWEST, invoice.id);
    expect(acked).toMatchObject({ ack: true, acknowledged_at: '2026-04-20T10:40:00.000Z' });
    ports.clock.advance(60_000);
    expect((await invoices.ack(NEWEST, invoice.id)).acknowledged_at).toBe('2026-04-20T10:40:00.000Z');
    expect((await accountEvents()).filter((event) => event.includes('acknowledged'))).toHaveLength(1);
  });

  it('attachments go to the blob port and are listed; delete removes them with the invoice', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    const attached = await invoices.addAttachments(NEWEST, invoice.id, [
      upload('a.txt', 'hello'),
      upload('b.txt', 'bye!'),
    ]);
    expect(attached.attachments).toEqual([
      { id: expect.any(Number), filename: 'a.txt', content_type: 'text/plain', size: 5 },
      { id: expect.any(Number), filename: 'b.txt', content_type: 'text/plain', size: 4 },
    ]);
    const [first] = attached.attachments;
    const blob = await invoices.attachment(NEWEST, invoice.id, first?.id ?? 0);
    expect(new TextDecoder().decode(blob.bytes)).toBe('hello');
    expect(await failure(invoices.attachment(OTHER_GROUP, invoice.id, first?.id ?? 0))).toMatchObject({
      status: 404,
    });
    expect(await failure(invoices.attachment(NEWEST, invoice.id, 999))).toMatchObject({
      param: 'attachment_id',
    });
    const removed = await invoices.remove(NEWEST, invoice.id);
    expect(removed.id).toBe(invoice.id);
    expect(await ports.blobs.get(1, first?.id ?? 0)).toBeNull();
    expect(await ports.store.invoices.get(1, invoice.id)).toBeNull();
    expect((await accountEvents()).at(-1)).toBe(`InvoiceEvent:deleted:${String(invoice.id)}:new`);
  });

  it('at most 100 attachments per invoice; none at all is parameter_blank; bytes of a refused batch are dropped', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    expect(await failure(invoices.addAttachments(NEWEST, invoice.id, []))).toMatchObject({
      code: 'parameter_blank',
    });
    await invoices.addAttachments(
      NEWEST,
      invoice.id,
      Array.from({ length: 100 }, (_, index) => upload(`${String(index)}.txt`, 'x')),
    );
    const before = await ports.ids.next('blob');
    expect(
      await failure(invoices.addAttachments(NEWEST, invoice.id, [upload('one-more.txt', 'x')])),
    ).toMatchObject({
      code: 'parameter_invalid',
      param: 'attachments',
    });
    expect(await ports.blobs.get(1, before + 1)).toBeNull();
  });

  it('lists by type (default IssuedInvoice) and ack, with paging', async () => {
    for (let index = 1; index <= 3; index += 1)
      await invoices.create(NEWEST, 1, body({ number: `F-${String(index)}` }));
    const received = await invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice' }));
    await invoices.ack(NEWEST, received.id);
    const issued = await invoices.list(NEWEST, 1, { limit: '2', offset: '1' });
    expect([
      issued.total_count,
      issued.offset,
      issued.limit,
      issued.items.map((item) => item.number),
    ]).toEqual([3, 1, 2, ['F-2', 'F-3']]);
    expect((await invoices.list(NEWEST, 1, { type: 'ReceivedInvoice', ack: 'true' })).items).toHaveLength(1);
    expect((await invoices.list(NEWEST, 1, { type: 'ReceivedInvoice', ack: 'false' })).items).toHaveLength(0);
    expect(await failure(invoices.list(NEWEST, 1, { ack: 'maybe' }))).toMatchObject({ param: 'ack' });
    expect(await failure(invoices.list(NEWEST, 1, { type: 'Proforma' }))).toMatchObject({
      code: 'parameter_inclusion',
      param: 'type',
    });
    expect(await failure(invoices.list(OTHER_GROUP, 1, {}))).toMatchObject({ status: 404 });
  });
});

/**
 * Holds the first call of the invoice store's `method` whose value `match` accepts, until `release`;
 * `arrived` resolves when that call is held. It stages the interleavings of concurrent requests that
 * a plain `Promise.all` may never produce.
 */
function holdInvoiceStore(method: 'insert' | 'update', match: (value: Invoice) => boolean) {
  const target = ports.store.invoices as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[method]?.bind(target);
  if (original === undefined) throw new Error(`no invoices.${method}`);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let held = false;
  target[method] = async (...args: unknown[]) => {
    if (!held && match(args[0] as Invoice)) {
      held = true;
      arrive();
      await released;
    }
    return original(...args);
  };
  return { arrived, release };
}

/** Holds the first `find` of the invoice store for `number` (as `holdInvoiceStore` does). */
function holdNumberLookup(number: string) {
  const target = ports.store.invoices;
  const original = target.find.bind(target);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let held = false;
  target.find = async (account_id, where, page) => {
    if (!held && where.number === number) {
      held = true;
      arrive();
      await released;
    }
    return original(account_id, where, page);
  };
  return { arrived, release };
}

async function holdersOf(number: string, account = 1) {
  return (await ports.store.invoices.find(account, { number }, { offset: 0, limit: 10 })).items.map(
    ({ value }) => value.id,
  );
}

async function contactEvents(account = 1) {
  return (await accountEvents(account)).filter((event) => event.startsWith('ContactEvent:'));
}

describe('the number stays unique through PATCH and PUT (review of issue #8)', () => {
  const supplier = (tin: string) => ({ name: `S ${tin}`, country: 'ES', tin_value: tin });
  const received = (number: string, tin: string) =>
    body({ type: 'ReceivedInvoice', number, contact: supplier(tin) });

  it('a received invoice cannot be moved to an inline supplier that already has its number', async () => {
    const first = await invoices.create(NEWEST, 1, received('N-1', 'B1'));
    const second = await invoices.create(NEWEST, 1, received('N-1', 'B2'));
    expect(await failure(invoices.update(NEWEST, second.id, { contact: supplier('B1') }))).toMatchObject({
      code: 'parameter_taken',
      param: 'number',
      status: 422,
    });
    expect(await failure(invoices.replace(NEWEST, second.id, received('N-1', 'B1')))).toMatchObject({
      code: 'parameter_taken',
      param: 'number',
    });
    expect((await invoices.get(NEWEST, second.id)).contact_id).toBe(second.contact_id);
    const fromFirst = await ports.store.invoices.find(
      1,
      { number: 'N-1', contact_id: first.contact_id ?? null },
      { offset: 0, limit: 10 },
    );
    expect(fromFirst.items.map(({ value }) => value.id)).toEqual([first.id]);
    // Another number from that supplier is fine, and so is the move once the number is free.
    const moved = await invoices.update(NEWEST, second.id, { number: 'N-2', contact: supplier('B1') });
    expect(moved).toMatchObject({ number: 'N-2', contact_id: first.contact_id });
    expect(await contactsOf()).toHaveLength(2);
  });

  it('two concurrent updates to one number: exactly one holds it, the other is parameter_taken', async () => {
    const a = await invoices.create(NEWEST, 1, body({ number: 'F-1' }));
    const b = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    const c = await invoices.create(NEWEST, 1, body({ number: 'F-3' }));
    const results = await Promise.allSettled(
      [a, b, c].map((invoice) => invoices.update(NEWEST, invoice.id, { number: 'X-9' })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect(await holdersOf('X-9')).toHaveLength(1);
    // Those that gave way keep their own number.
    const numbers = await Promise.all(
      [a, b, c].map(async (invoice) => (await invoices.get(NEWEST, invoice.id)).number),
    );
    expect(numbers.filter((number) => number === 'X-9')).toHaveLength(1);
    expect(numbers.filter((number) => ['F-1', 'F-2', 'F-3'].includes(number))).toHaveLength(2);
  });

  it('an update that reaches the store after another one settled the number gives way, whatever the ids', async () => {
    const a = await invoices.create(NEWEST, 1, body({ number: 'F-1' }));
    const b = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    // a (the lower id) passes its checks, then stalls before its write while b takes the number.
    const hold = holdInvoiceStore('update', (value) => value.id === a.id && value.number === 'X-9');
    const late = failure(invoices.update(NEWEST, a.id, { number: 'X-9' }));
    await hold.arrived;
    expect((await invoices.update(NEWEST, b.id, { number: 'X-9' })).number).toBe('X-9');
    hold.release();
    expect(await late).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect(await holdersOf('X-9')).toEqual([b.id]);
    expect((await invoices.get(NEWEST, a.id)).number).toBe('F-1');
  });

  it('a create that reaches the store after another one settled the number gives way too', async () => {
    const hold = holdInvoiceStore('insert', (value) => value.number === 'F-7');
    const late = failure(invoices.create(NEWEST, 1, body({ number: 'F-7' })));
    await hold.arrived;
    // The held create drew the lower id; the one that completes first keeps the number all the same.
    const first = await invoices.create(NEWEST, 1, body({ number: 'F-7' }));
    hold.release();
    expect(await late).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect(await holdersOf('F-7')).toEqual([first.id]);
  });

  it('of two overlapping updates the lower id keeps the number, even when the other looked first', async () => {
    const a = await invoices.create(NEWEST, 1, body({ number: 'F-1' }));
    const b = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    // a passed its checks and stalls before its write; b writes, finds nobody else and stalls
    // before confirming; then a writes, finds b still unconfirmed and wins.
    const aWrite = holdInvoiceStore('update', (value) => value.id === a.id && value.number === 'X-9');
    const early = invoices.update(NEWEST, a.id, { number: 'X-9' });
    await aWrite.arrived;
    const bConfirm = holdInvoiceStore(
      'update',
      (value) => value.id === b.id && value.number === 'X-9' && !Object.hasOwn(value, 'number_claim'),
    );
    const later = failure(invoices.update(NEWEST, b.id, { number: 'X-9' }));
    await bConfirm.arrived;
    aWrite.release();
    expect((await early).number).toBe('X-9');
    bConfirm.release();
    expect(await later).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect(await holdersOf('X-9')).toEqual([a.id]);
    expect((await invoices.get(NEWEST, b.id)).number).toBe('F-2');
  });

  it('the update that gives way undoes only its own changes: a concurrent PATCH of other fields stays', async () => {
    const a = await invoices.create(NEWEST, 1, body({ number: 'F-1', notes: 'before', ponumber: 'PO-1' }));
    const b = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    const write = holdInvoiceStore('update', (value) => value.id === a.id && value.number === 'X-9');
    const late = failure(invoices.update(NEWEST, a.id, { number: 'X-9', notes: 'mine' }));
    await write.arrived;
    await invoices.update(NEWEST, b.id, { number: 'X-9' });
    // a's write lands; before it judges the other holders, another request edits a's ponumber.
    const judge = holdNumberLookup('X-9');
    write.release();
    await judge.arrived;
    expect((await invoices.update(NEWEST, a.id, { ponumber: 'PO-theirs' })).ponumber).toBe('PO-theirs');
    judge.release();
    expect(await late).toMatchObject({ code: 'parameter_taken', param: 'number' });
    expect(await invoices.get(NEWEST, a.id)).toMatchObject({
      number: 'F-1',
      notes: 'before',
      ponumber: 'PO-theirs',
    });
    expect(await holdersOf('X-9')).toEqual([b.id]);
  });
});

describe('inline contacts under concurrency (review of issue #8)', () => {
  it('concurrent creates with one new inline contact make one contact and one ContactEvent', async () => {
    const created = await Promise.all(
      ['F-1', 'F-2', 'F-3'].map((number) => invoices.create(NEWEST, 1, body({ number }))),
    );
    const contacts = await contactsOf();
    expect(contacts).toHaveLength(1);
    expect(created.map((invoice) => invoice.contact_id)).toEqual([
      contacts[0]?.id,
      contacts[0]?.id,
      contacts[0]?.id,
    ]);
    expect(await contactEvents()).toEqual([`ContactEvent:created:${String(contacts[0]?.id)}:null`]);
  });

  it('a create refused after its contact was made takes the contact back (no orphan, no event)', async () => {
    const party = (tin: string) => ({ name: `P ${tin}`, country: 'ES', tin_value: tin });
    const results = await Promise.allSettled([
      invoices.create(NEWEST, 1, body({ contact: party('B11111111') })),
      invoices.create(NEWEST, 1, body({ contact: party('B22222222') })),
    ]);
    const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(stored).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'parameter_taken' });
    const contacts = await contactsOf();
    expect(contacts.map((contact) => contact.id)).toEqual([stored[0]?.contact_id]);
    expect(await contactEvents()).toEqual([`ContactEvent:created:${String(stored[0]?.contact_id)}:null`]);
  });

  it('the contact a refused create made is kept when another invoice links it', async () => {
    const supplier = { name: 'S new', country: 'ES', tin_value: 'B33333333' };
    const results = await Promise.allSettled([
      invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice', number: 'N-1', contact: supplier })),
      invoices.create(NEWEST, 1, body({ type: 'ReceivedInvoice', number: 'N-1', contact: supplier })),
    ]);
    const stored = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(stored).toHaveLength(1);
    const contacts = await contactsOf();
    expect(contacts).toHaveLength(1);
    expect(stored[0]?.contact_id).toBe(contacts[0]?.id);
    expect(await contactEvents()).toHaveLength(1);
  });

  it('an inline contact whose keyed contact changed its TIN since is created anew, not linked', async () => {
    const first = await invoices.create(NEWEST, 1, body({ number: 'F-1' }));
    const stored = await ports.store.contacts.get(1, first.contact_id ?? 0);
    if (stored === null) throw new Error('the contact was not stored');
    await ports.store.contacts.update({ ...stored.value, tin_value: 'A58818501' }, stored.version);
    const second = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    expect(second.contact_id).not.toBe(first.contact_id);
    expect(second.contact?.tin_value).toBe('B76543214');
    expect((await contactsOf()).map((contact) => contact.tin_value)).toEqual(['A58818501', 'B76543214']);
  });
});

describe('an invoice a tax report was generated from is frozen (review of issue #8)', () => {
  async function report(invoice_id: number, state: string, id = 900) {
    await ports.store.taxReports.insert({
      id,
      account_id: 1,
      type: 'Ksef',
      state,
      invoice_id,
    } as unknown as TaxReport);
  }

  it('PUT, PATCH and DELETE answer 409 conflict naming the report while it is not annulled', async () => {
    const invoice = await invoices.create(NEWEST, 1, body({ notes: 'as reported' }));
    await report(invoice.id, 'registered');
    for (const attempt of [
      invoices.update(NEWEST, invoice.id, { notes: 'x' }),
      invoices.replace(NEWEST, invoice.id, body()),
      invoices.remove(NEWEST, invoice.id),
    ])
      expect(await failure(attempt)).toMatchObject({
        code: 'conflict',
        status: 409,
        param: null,
        message: expect.stringContaining('tax report 900'),
      });
    expect((await invoices.get(NEWEST, invoice.id)).notes).toBe('as reported');
  });

  it('an annulled report frees the invoice; a report of another invoice never froze it', async () => {
    const invoice = await invoices.create(NEWEST, 1, body());
    const other = await invoices.create(NEWEST, 1, body({ number: 'F-2' }));
    await report(invoice.id, 'annulled', 901);
    await report(other.id, 'processing', 902);
    expect((await invoices.update(NEWEST, invoice.id, { notes: 'x' })).notes).toBe('x');
    expect((await invoices.remove(NEWEST, invoice.id)).id).toBe(invoice.id);
    expect(await failure(invoices.remove(NEWEST, other.id))).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('tax report 902'),
    });
  });
});

describe('attachment helpers', () => {
  test.prop([fc.uint8Array({ maxLength: 300 }), fc.boolean(), fc.boolean()])(
    'decodeBase64 reads what Buffer writes: padded or not, URL-safe or not, wrapped at 76 columns',
    (bytes, urlSafe, wrapped) => {
      let text = Buffer.from(bytes).toString(urlSafe ? 'base64url' : 'base64');
      if (wrapped) text = text.replace(/(.{76})/g, '$1\r\n');
      expect(decodeBase64(text)).toEqual(new Uint8Array(bytes));
    },
  );

  it('decodeBase64 refuses what no encoder writes', () => {
    for (const text of ['a', 'abcde', 'ab=c', 'ab==c=', 'YW Jj!', 'é===', 'abc==='])
      expect([text, decodeBase64(text)]).toEqual([text, null]);
  });

  it('attachmentFilename keeps the last path segment without control characters', () => {
    expect(attachmentFilename('C:\\scans\\f 7.pdf')).toBe('f 7.pdf');
    expect(attachmentFilename('../../etc/passwd')).toBe('passwd');
    expect(attachmentFilename('a\u0000b\n.txt ')).toBe('ab.txt');
    expect(attachmentFilename('dir/')).toBe('');
  });
});
