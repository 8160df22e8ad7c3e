/**
 * Accounts and contacts stored straight into the ports, owned by a key group, for the tests of
 * orders, despatch advices and the engines' routes (they do not depend on the accounts and contacts
 * endpoints). Ids come from the ports' id generator, so they never collide with ids the service hands
 * out itself.
 */
import type { Ports } from '../../src/ports.js';
import { storedAccount, storedContact } from './fixtures.js';

type Fields = Record<string, unknown>;

/**
 * Stores an account owned by `group_id` and answers its id.
 *
 * @example
 * ```ts
 * const account = await seedAccount(ports, 1, { name: 'Test company', tin_value: 'ESU2687761C' });
 * ```
 */
export async function seedAccount(ports: Ports, group_id: number, fields: Fields = {}): Promise<number> {
  const id = await ports.ids.next('account');
  await ports.store.accounts.insert(storedAccount({ ...fields, id }));
  await ports.store.accountGroups.insert({ id, group_id });
  return id;
}

/**
 * Stores a contact of `account_id` and answers its id.
 *
 * @example
 * ```ts
 * const contact = await seedContact(ports, account, { name: 'Papelera SA' });
 * ```
 */
export async function seedContact(ports: Ports, account_id: number, fields: Fields = {}): Promise<number> {
  const id = await ports.ids.next('contact');
  await ports.store.contacts.insert(storedContact({ ...fields, id, account_id }));
  return id;
}

/** Two tenants: group 1 with an account and two contacts, group 2 with an account and a contact. */
export interface Tenants {
  account: number;
  contact: number;
  secondContact: number;
  otherAccount: number;
  otherContact: number;
}

/**
 * Seeds {@link Tenants}: `account` (group 1, currency EUR) with `contact` and `secondContact`, and
 * `otherAccount` (group 2) with `otherContact`.
 *
 * @example
 * ```ts
 * const { account, contact } = await seedTenants(ports);
 * ```
 */
export async function seedTenants(ports: Ports): Promise<Tenants> {
  const account = await seedAccount(ports, 1, { currency: 'EUR' });
  const contact = await seedContact(ports, account);
  const secondContact = await seedContact(ports, account, { name: 'Papelera del Sur SL' });
  const otherAccount = await seedAccount(ports, 2, { name: 'Other company' });
  const otherContact = await seedContact(ports, otherAccount);
  return { account, contact, secondContact, otherAccount, otherContact };
}

/**
 * A body for POST /accounts/{account}/orders (the inner object): a purchase order to `contact_id`
 * with two lines, 10 × 3.35 + 1.5 × 80.125 = 153.6875, so `total` 153.69 in EUR.
 *
 * @example
 * ```ts
 * const body = orderBody(contact, { number: 'PO-2' });
 * ```
 */
export function orderBody(contact_id: number, fields: Fields = {}): Fields {
  return {
    number: 'PO-2026-001',
    date: '2026-04-20',
    delivery_date: '2026-04-30',
    contact_id,
    buyer_reference: 'DEPT-7',
    lines: [
      {
        description: 'Paper A4, 500 sheets',
        quantity: '10',
        price: '3.35',
        unit: 'box',
        item_code: 'PA4-500',
      },
      { description: 'Toner', quantity: '1.5', price: '80.125' },
    ],
    ...fields,
  };
}
