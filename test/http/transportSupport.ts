/**
 * Accounts for the transport, directory and code list tests over HTTP, stored directly (account and
 * group membership), so these tests do not depend on the accounts endpoints.
 */
import { storedAccount } from '../support/fixtures.js';
import type { TestService } from './harness.js';

/**
 * Stores an account owned by `group_id` and answers its id.
 *
 * @example
 * ```ts
 * const account = await storeAccount(service, 1, { country: 'ES', tin_value: 'ESB12345674' });
 * ```
 */
export async function storeAccount(
  service: TestService,
  group_id: number,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const id = await service.ports.ids.next('account');
  await service.ports.store.accounts.insert(storedAccount({ id, ...fields }));
  await service.ports.store.accountGroups.insert({ id, group_id });
  return id;
}

/** A Peppol transport that publishes `9920:ESB12345674` and receives invoices and credit notes. */
export const PEPPOL_TRANSPORT = {
  transport_type_code: 'peppol',
  pin_scheme: '9920',
  pin_value: 'ESB12345674',
  reception: true,
  invoice: true,
  credit_note: true,
} as const;
