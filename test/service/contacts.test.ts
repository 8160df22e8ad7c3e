/**
 * The contact and office use cases (spec §2.3, §4.5) on memory ports: defaults, the office rules
 * (parent in the same account, TIN inheritance, the parent-TIN check from v2026-04-20 only), PUT vs
 * PATCH, delete refused while offices exist, tenancy, events and optimistic concurrency.
 */
import { describe, expect, it } from 'vitest';
import type { Ports } from '../../src/ports.js';
import { CONTACT_TIN, INVALID_IBAN, VALID_BIC, VALID_IBAN } from '../support/fixtures.js';
import { callerOf, racing, rejection, serviceOn } from './accountSupport.js';

const caller = callerOf(1);
const OTHER_TIN = 'A58818501';

async function setup() {
  const { fiscalkit, ports } = serviceOn();
  const account = await fiscalkit.accounts.create(caller, { name: 'ACME', country: 'ES' });
  const parent = await fiscalkit.contacts.create(caller, account.id, {
    name: 'Norte SA',
    country: 'ES',
    tin_scheme: '9920',
    tin_value: CONTACT_TIN,
    cin_scheme: '0060',
    cin_value: 'CIN-PARENT',
  });
  return { fiscalkit, ports, account, parent };
}

describe('contact create', () => {
  it('defaults is_client and is_provider to true and stores the full routing_codes object', async () => {
    const { fiscalkit, account } = await setup();
    const contact = await fiscalkit.contacts.create(caller, account.id, { name: 'Sur SL', country: 'ES' });
    expect(contact).toMatchObject({ account_id: account.id, is_client: true, is_provider: true });
    expect(Object.keys(contact.routing_codes)).toHaveLength(10);
    const provider = await fiscalkit.contacts.create(caller, account.id, {
      name: 'Proveedor SL',
      country: 'ES',
      is_client: false,
    });
    expect(provider).toMatchObject({ is_client: false, is_provider: true });
  });

  it('refuses a bad IBAN and a routing code without its scheme, at the field', async () => {
    const { fiscalkit, account } = await setup();
    expect(
      await rejection(
        fiscalkit.contacts.create(caller, account.id, {
          name: 'X',
          country: 'ES',
          bank_account: { iban: INVALID_IBAN },
        }),
      ),
    ).toEqual({ status: 422, code: 'parameter_invalid', param: 'bank_account.iban' });
    expect(
      await rejection(
        fiscalkit.contacts.create(caller, account.id, {
          name: 'X',
          country: 'ES',
          routing_codes: { cin1_value: '123' },
        }),
      ),
    ).toEqual({ status: 422, code: 'parameter_blank', param: 'routing_codes.cin1_scheme' });
  });
});

describe('offices (spec §2.3 rules 1–2)', () => {
  it('inherit the parent’s TIN and CIN when they send none', async () => {
    const { fiscalkit, account, parent } = await setup();
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'Norte Sevilla',
      country: 'ES',
      parent_id: parent.id,
    });
    expect(office).toMatchObject({
      parent_id: parent.id,
      tin_scheme: '9920',
      tin_value: CONTACT_TIN,
      cin_scheme: '0060',
      cin_value: 'CIN-PARENT',
    });
    // CIN is inherited but not compared (rule 2): an office may carry its own.
    const own = await fiscalkit.contacts.create(caller, account.id, {
      name: 'Norte Cádiz',
      country: 'ES',
      parent_id: parent.id,
      cin_value: 'CIN-OFFICE',
    });
    expect(own.cin_value).toBe('CIN-OFFICE');
  });

  it('refuses a parent of another account, or none, with 422 parameter_invalid at parent_id', async () => {
    const { fiscalkit, account, parent } = await setup();
    const second = await fiscalkit.accounts.create(caller, { name: 'Second', country: 'ES' });
    for (const parent_id of [parent.id, 999])
      expect(
        await rejection(
          fiscalkit.contacts.create(caller, second.id, { name: 'O', country: 'ES', parent_id }),
        ),
      ).toEqual({ status: 422, code: 'parameter_invalid', param: 'parent_id' });
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O',
      country: 'ES',
      parent_id: parent.id,
    });
    // One level only: an office cannot be a parent.
    expect(
      await rejection(
        fiscalkit.contacts.create(caller, account.id, { name: 'O2', country: 'ES', parent_id: office.id }),
      ),
    ).toEqual({ status: 422, code: 'parameter_invalid', param: 'parent_id' });
  });

  it('checks the office TIN against the parent from v2026-04-20, not in v2026-03-02', async () => {
    const { fiscalkit, account, parent } = await setup();
    const body = { name: 'O', country: 'ES', parent_id: parent.id, tin_scheme: '9920', tin_value: OTHER_TIN };
    expect(await rejection(fiscalkit.contacts.create(callerOf(1, '2026-04-20'), account.id, body))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'tin_value',
    });
    const older = await fiscalkit.contacts.create(callerOf(1, '2026-03-02'), account.id, body);
    expect(older.tin_value).toBe(OTHER_TIN);
    // The same value written differently is the same TIN.
    const same = await fiscalkit.contacts.create(caller, account.id, {
      ...body,
      tin_value: `${CONTACT_TIN.slice(0, 1)}-${CONTACT_TIN.slice(1).toLowerCase()}`,
    });
    expect(same.parent_id).toBe(parent.id);
    // PATCH of an office's TIN is judged as well.
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O',
      country: 'ES',
      parent_id: parent.id,
    });
    expect(await rejection(fiscalkit.contacts.update(caller, office.id, { tin_value: OTHER_TIN }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'tin_value',
    });
    expect(
      (await fiscalkit.contacts.update(callerOf(1, '2026-03-02'), office.id, { tin_value: OTHER_TIN }))
        .tin_value,
    ).toBe(OTHER_TIN);
  });

  it('keeps parent_id once set (parameter_cannot_change) and lets a contact become an office once', async () => {
    const { fiscalkit, account, parent } = await setup();
    const second = await fiscalkit.contacts.create(caller, account.id, { name: 'Otro', country: 'ES' });
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O',
      country: 'ES',
      parent_id: parent.id,
    });
    expect(await rejection(fiscalkit.contacts.update(caller, office.id, { parent_id: second.id }))).toEqual({
      status: 422,
      code: 'parameter_cannot_change',
      param: 'parent_id',
    });
    expect(await rejection(fiscalkit.contacts.update(caller, office.id, { parent_id: null }))).toMatchObject({
      code: 'parameter_cannot_change',
    });
    // A contact with offices cannot become an office itself.
    expect(await rejection(fiscalkit.contacts.update(caller, parent.id, { parent_id: second.id }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'parent_id',
    });
    const becomes = await fiscalkit.contacts.update(caller, second.id, { parent_id: parent.id });
    expect(becomes).toMatchObject({ parent_id: parent.id, tin_value: CONTACT_TIN });
  });

  it('offices that inherited the parent’s TIN follow it when it changes; an office with its own keeps it', async () => {
    const { fiscalkit, account, parent } = await setup();
    const inherited = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O1',
      country: 'ES',
      parent_id: parent.id,
    });
    const own = await fiscalkit.contacts.create(callerOf(1, '2026-03-02'), account.id, {
      name: 'O2',
      country: 'ES',
      parent_id: parent.id,
      tin_value: OTHER_TIN,
    });
    await fiscalkit.contacts.update(caller, parent.id, { tin_value: 'B12345674' });
    expect((await fiscalkit.contacts.get(caller, inherited.id)).tin_value).toBe('B12345674');
    expect((await fiscalkit.contacts.get(caller, own.id)).tin_value).toBe(OTHER_TIN);
  });

  it('an office TIN that is the parent’s in another spelling is stored as the parent’s, and follows it', async () => {
    const { fiscalkit, ports, account, parent } = await setup();
    // `b-7654321-4` is CONTACT_TIN (B76543214) in another spelling: the office rule accepts it…
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O1',
      country: 'ES',
      parent_id: parent.id,
      tin_scheme: '9920',
      tin_value: 'b-7654321-4',
    });
    // …and the office carries the parent's very value.
    expect(office.tin_value).toBe(CONTACT_TIN);
    // An office stored in another spelling (before this rule) follows the parent all the same.
    const legacy = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O2',
      country: 'ES',
      parent_id: parent.id,
    });
    const stored = await ports.store.contacts.get(account.id, legacy.id);
    if (stored === null) throw new Error('no office');
    await ports.store.contacts.update({ ...stored.value, tin_value: 'B 7654321.4' }, stored.version);
    await fiscalkit.contacts.update(caller, parent.id, { tin_value: OTHER_TIN });
    expect((await fiscalkit.contacts.get(caller, office.id)).tin_value).toBe(OTHER_TIN);
    expect((await fiscalkit.contacts.get(caller, legacy.id)).tin_value).toBe(OTHER_TIN);
  });
});

describe('contact PUT and PATCH', () => {
  it('PUT and PATCH both change only what they send (issue #19: PUT is a partial update)', async () => {
    const { fiscalkit, account } = await setup();
    const contact = await fiscalkit.contacts.create(caller, account.id, {
      name: 'Sur SL',
      country: 'ES',
      phone: '+34 600 000 000',
      email: 'ap@sur.example',
      bank_account: { iban: VALID_IBAN, bic: VALID_BIC },
      routing_codes: { cin1_value: 'R1', cin1_scheme: '0088' },
    });
    const patched = await fiscalkit.contacts.update(caller, contact.id, {
      phone: '+34 611 111 111',
      bank_account: { bank_name: 'CaixaBank' },
      routing_codes: { cin2_value: 'R2', cin2_scheme: '0060' },
    });
    expect(patched).toMatchObject({
      name: 'Sur SL',
      email: 'ap@sur.example',
      phone: '+34 611 111 111',
      bank_account: { iban: VALID_IBAN, bic: VALID_BIC, bank_name: 'CaixaBank' },
    });
    expect(patched.routing_codes).toMatchObject({ cin1_value: 'R1', cin2_value: 'R2' });
    const replaced = await fiscalkit.contacts.replace(caller, contact.id, {
      name: 'Sur Dos SL',
      country: 'PT',
    });
    expect(replaced).toEqual({ ...patched, name: 'Sur Dos SL', country: 'PT' });
    expect(await rejection(fiscalkit.contacts.replace(caller, contact.id, { name: '' }))).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'name',
    });
  });

  it('PUT of an office without parent_id keeps it an office', async () => {
    const { fiscalkit, account, parent } = await setup();
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O',
      country: 'ES',
      parent_id: parent.id,
    });
    const replaced = await fiscalkit.contacts.replace(caller, office.id, {
      name: 'O renamed',
      country: 'ES',
    });
    expect(replaced).toMatchObject({ parent_id: parent.id, tin_value: CONTACT_TIN });
  });

  it('answers 409 conflict when another request wrote the contact between this one’s read and write', async () => {
    let id = 0;
    let late: ReturnType<typeof serviceOn>['fiscalkit'] | undefined;
    const { fiscalkit } = serviceOn(
      (memory): Ports => ({
        ...memory,
        store: {
          ...memory.store,
          contacts: racing(
            memory.store.contacts,
            () => id,
            () => late?.contacts.update(caller, id, { phone: 'first' }) ?? Promise.resolve(),
          ),
        },
      }),
    );
    late = fiscalkit;
    const account = await fiscalkit.accounts.create(caller, { name: 'ACME', country: 'ES' });
    id = (await fiscalkit.contacts.create(caller, account.id, { name: 'C', country: 'ES' })).id;
    expect(await rejection(fiscalkit.contacts.update(caller, id, { phone: 'second' }))).toEqual({
      status: 409,
      code: 'conflict',
      param: null,
    });
    expect((await fiscalkit.contacts.get(caller, id)).phone).toBe('first');
  });
});

describe('contact delete, tenancy and events', () => {
  it('refuses to delete a parent while it has offices (409), then deletes it and answers the contact', async () => {
    const { fiscalkit, account, parent } = await setup();
    const office = await fiscalkit.contacts.create(caller, account.id, {
      name: 'O',
      country: 'ES',
      parent_id: parent.id,
    });
    expect(await rejection(fiscalkit.contacts.remove(caller, parent.id))).toEqual({
      status: 409,
      code: 'conflict',
      param: null,
    });
    expect(await fiscalkit.contacts.remove(caller, office.id)).toEqual(office);
    expect(await fiscalkit.contacts.remove(caller, parent.id)).toEqual(parent);
    expect(await rejection(fiscalkit.contacts.get(caller, parent.id))).toMatchObject({ status: 404 });
  });

  it('never shows or changes another group’s contacts (404 resource_missing)', async () => {
    const { fiscalkit, account, parent } = await setup();
    const other = callerOf(2);
    for (const attempt of [
      fiscalkit.contacts.get(other, parent.id),
      fiscalkit.contacts.update(other, parent.id, { name: 'Stolen' }),
      fiscalkit.contacts.replace(other, parent.id, { name: 'Stolen', country: 'ES' }),
      fiscalkit.contacts.remove(other, parent.id),
    ])
      expect(await rejection(attempt)).toEqual({ status: 404, code: 'resource_missing', param: 'id' });
    for (const attempt of [
      fiscalkit.contacts.list(other, account.id, { offset: 0, limit: 25 }),
      fiscalkit.contacts.create(other, account.id, { name: 'X', country: 'ES' }),
    ])
      expect(await rejection(attempt)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(await fiscalkit.contacts.get(caller, parent.id)).toEqual(parent);
  });

  it('records ContactEvents created, updated and deleted', async () => {
    const { fiscalkit, account } = await setup();
    const contact = await fiscalkit.contacts.create(caller, account.id, { name: 'C', country: 'ES' });
    await fiscalkit.contacts.update(caller, contact.id, { phone: '1' });
    await fiscalkit.contacts.remove(caller, contact.id);
    const events = await fiscalkit.accountEvents.list(caller, account.id, { offset: 0, limit: 25 });
    expect(
      events.items
        .filter((event) => event.resource_id === contact.id)
        .map((event) => [event.type, event.name]),
    ).toEqual([
      ['ContactEvent', 'created'],
      ['ContactEvent', 'updated'],
      ['ContactEvent', 'deleted'],
    ]);
  });
});
