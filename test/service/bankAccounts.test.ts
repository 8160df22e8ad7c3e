/**
 * The bank account use cases (spec §4.5; api-notes.md §3.2 `is_default`) on memory ports: one default
 * per account, identifiers checked and stored in electronic format, an IBAN once per account,
 * tenancy, events and optimistic concurrency.
 */
import { describe, expect, it } from 'vitest';
import type { Ports } from '../../src/ports.js';
import { INVALID_IBAN, VALID_BIC, VALID_IBAN } from '../support/fixtures.js';
import { callerOf, racing, rejection, serviceOn } from './accountSupport.js';

const caller = callerOf(1);
const BE_IBAN = 'BE68 5390 0754 7034';
const DE_IBAN = 'DE89 3704 0044 0532 0130 00';

async function setup() {
  const { fiscalkit, ports } = serviceOn();
  const account = await fiscalkit.accounts.create(caller, { name: 'ACME', country: 'ES' });
  return { fiscalkit, ports, account };
}

describe('bank account create', () => {
  it('makes the first bank account the default and stores IBAN and BIC in electronic format', async () => {
    const { fiscalkit, account } = await setup();
    const bank = await fiscalkit.bankAccounts.create(caller, account.id, {
      iban: 'es91 2100 0418 4502 0005 1332',
      bic: 'caix es bb xxx',
      bank_name: 'CaixaBank',
      is_default: false,
    });
    expect(bank).toMatchObject({
      account_id: account.id,
      iban: VALID_IBAN,
      bic: VALID_BIC,
      bank_name: 'CaixaBank',
      is_default: true,
    });
    const second = await fiscalkit.bankAccounts.create(caller, account.id, { iban: BE_IBAN });
    expect(second.is_default).toBe(false);
  });

  it('moves the default to a new bank account created with is_default true', async () => {
    const { fiscalkit, account } = await setup();
    const first = await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN });
    const second = await fiscalkit.bankAccounts.create(caller, account.id, {
      iban: BE_IBAN,
      is_default: true,
    });
    expect(second.is_default).toBe(true);
    expect((await fiscalkit.bankAccounts.get(caller, first.id)).is_default).toBe(false);
  });

  it('refuses a bad IBAN or BIC, a bank account with neither IBAN nor number, and an IBAN already there', async () => {
    const { fiscalkit, account } = await setup();
    const create = (body: object) => rejection(fiscalkit.bankAccounts.create(caller, account.id, body));
    expect(await create({ iban: INVALID_IBAN })).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'iban',
    });
    expect(await create({ iban: VALID_IBAN, bic: 'NOTABIC' })).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'bic',
    });
    expect(await create({ bank_name: 'Somewhere' })).toEqual({
      status: 422,
      code: 'parameter_blank',
      param: 'iban',
    });
    expect(await create({ iban: 7 })).toEqual({ status: 400, code: 'invalid_request_params', param: 'iban' });
    const local = await fiscalkit.bankAccounts.create(caller, account.id, { number: '0123-4567' });
    expect(local.number).toBe('0123-4567');
    await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN });
    expect(await create({ iban: 'ES91 2100 0418 4502 0005 1332' })).toEqual({
      status: 422,
      code: 'parameter_taken',
      param: 'iban',
    });
    // Another account may hold the same IBAN.
    const second = await fiscalkit.accounts.create(caller, { name: 'Second', country: 'ES' });
    expect((await fiscalkit.bankAccounts.create(caller, second.id, { iban: VALID_IBAN })).iban).toBe(
      VALID_IBAN,
    );
  });
});

describe('bank account PUT and DELETE', () => {
  it('PUT changes the fields sent; is_default true takes the default, false on the default is refused', async () => {
    const { fiscalkit, account } = await setup();
    const first = await fiscalkit.bankAccounts.create(caller, account.id, {
      iban: VALID_IBAN,
      bank_name: 'A',
    });
    const second = await fiscalkit.bankAccounts.create(caller, account.id, { iban: BE_IBAN });
    const renamed = await fiscalkit.bankAccounts.update(caller, first.id, { bank_name: 'B' });
    expect(renamed).toMatchObject({ iban: VALID_IBAN, bank_name: 'B', is_default: true });
    expect(await rejection(fiscalkit.bankAccounts.update(caller, first.id, { is_default: false }))).toEqual({
      status: 422,
      code: 'parameter_invalid',
      param: 'is_default',
    });
    expect(await rejection(fiscalkit.bankAccounts.update(caller, second.id, { iban: VALID_IBAN }))).toEqual({
      status: 422,
      code: 'parameter_taken',
      param: 'iban',
    });
    const promoted = await fiscalkit.bankAccounts.update(caller, second.id, { is_default: true });
    expect(promoted.is_default).toBe(true);
    expect((await fiscalkit.bankAccounts.get(caller, first.id)).is_default).toBe(false);
    // Sending its own IBAN again is no clash.
    expect((await fiscalkit.bankAccounts.update(caller, second.id, { iban: BE_IBAN })).iban).toBe(
      'BE68539007547034',
    );
  });

  it('DELETE answers the removed bank account and passes the default to the oldest remaining one', async () => {
    const { fiscalkit, account } = await setup();
    const first = await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN });
    const second = await fiscalkit.bankAccounts.create(caller, account.id, { iban: BE_IBAN });
    const third = await fiscalkit.bankAccounts.create(caller, account.id, { iban: DE_IBAN });
    expect(await fiscalkit.bankAccounts.remove(caller, first.id)).toEqual(first);
    expect(await rejection(fiscalkit.bankAccounts.get(caller, first.id))).toMatchObject({ status: 404 });
    const left = await fiscalkit.bankAccounts.list(caller, account.id, { offset: 0, limit: 25 });
    expect(left.items.map((bank) => [bank.id, bank.is_default])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await fiscalkit.bankAccounts.remove(caller, third.id);
    expect((await fiscalkit.bankAccounts.get(caller, second.id)).is_default).toBe(true);
  });

  it('answers 409 conflict when another request wrote the bank account between this one’s read and write', async () => {
    let id = 0;
    let late: ReturnType<typeof serviceOn>['fiscalkit'] | undefined;
    const { fiscalkit } = serviceOn(
      (memory): Ports => ({
        ...memory,
        store: {
          ...memory.store,
          bankAccounts: racing(
            memory.store.bankAccounts,
            () => id,
            () => late?.bankAccounts.update(caller, id, { bank_name: 'first' }) ?? Promise.resolve(),
          ),
        },
      }),
    );
    late = fiscalkit;
    const account = await fiscalkit.accounts.create(caller, { name: 'ACME', country: 'ES' });
    id = (await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN })).id;
    expect(await rejection(fiscalkit.bankAccounts.update(caller, id, { bank_name: 'second' }))).toEqual({
      status: 409,
      code: 'conflict',
      param: null,
    });
    expect((await fiscalkit.bankAccounts.get(caller, id)).bank_name).toBe('first');
  });
});

describe('bank account tenancy and events', () => {
  it('never shows or changes another group’s bank accounts (404 resource_missing)', async () => {
    const { fiscalkit, account } = await setup();
    const bank = await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN });
    const other = callerOf(2);
    for (const attempt of [
      fiscalkit.bankAccounts.get(other, bank.id),
      fiscalkit.bankAccounts.update(other, bank.id, { bank_name: 'Stolen' }),
      fiscalkit.bankAccounts.remove(other, bank.id),
    ])
      expect(await rejection(attempt)).toEqual({ status: 404, code: 'resource_missing', param: 'id' });
    for (const attempt of [
      fiscalkit.bankAccounts.list(other, account.id, { offset: 0, limit: 25 }),
      fiscalkit.bankAccounts.create(other, account.id, { iban: BE_IBAN }),
    ])
      expect(await rejection(attempt)).toEqual({ status: 404, code: 'resource_missing', param: 'account' });
    expect(await fiscalkit.bankAccounts.get(caller, bank.id)).toEqual(bank);
  });

  it('records bank account changes as AccountEvents naming the bank account', async () => {
    const { fiscalkit, account } = await setup();
    const first = await fiscalkit.bankAccounts.create(caller, account.id, { iban: VALID_IBAN });
    const second = await fiscalkit.bankAccounts.create(caller, account.id, {
      iban: BE_IBAN,
      is_default: true,
    });
    await fiscalkit.bankAccounts.remove(caller, second.id);
    const events = await fiscalkit.accountEvents.list(caller, account.id, { offset: 0, limit: 25 });
    expect(
      events.items
        .filter((event) => event.name.startsWith('bank_account'))
        .map((e) => [e.name, e.resource_id]),
    ).toEqual([
      ['bank_account_created', first.id],
      ['bank_account_created', second.id],
      ['bank_account_updated', first.id],
      ['bank_account_deleted', second.id],
      ['bank_account_updated', first.id],
    ]);
  });
});
