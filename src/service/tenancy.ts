import { ApiError } from '../errors/ApiError.js';
import type { Account } from '../model/account.js';
import type { Ports, Repository, Versioned } from '../ports.js';
import type { Caller } from './caller.js';

/**
 * The 404 of a resource that does not exist or belongs to another tenant (spec §7.2
 * `resource_missing`; DESIGN.md "Tenancy": never a leak, so both cases answer the same).
 *
 * @example
 * ```ts
 * throw resourceMissing('invoice', 42); // 404 resource_missing, "No invoice with id 42"
 * ```
 */
export function resourceMissing(what: string, id: number | string, param: string | null = 'id'): ApiError {
  return new ApiError('resource_missing', `No ${what} with id ${JSON.stringify(id)}`, { param });
}

/**
 * Whether the caller's group owns `account_id`.
 *
 * @example
 * ```ts
 * await ownsAccount(ports, caller, 7); // true when a key of the caller's group created account 7
 * ```
 */
export async function ownsAccount(ports: Ports, caller: Caller, account_id: number): Promise<boolean> {
  if (!Number.isSafeInteger(account_id)) return false;
  return (await ports.store.accountGroups.get(caller.group_id, account_id)) !== null;
}

/**
 * The account `account_id` when the caller's group owns it, else 404 `resource_missing` with
 * `param: 'account'` (the path parameter of spec §4).
 *
 * @example
 * ```ts
 * const { value: account } = await ownedAccount(ports, caller, 7);
 * ```
 */
export async function ownedAccount(
  ports: Ports,
  caller: Caller,
  account_id: number,
): Promise<Versioned<Account>> {
  const account = (await ownsAccount(ports, caller, account_id))
    ? await ports.store.accounts.get(account_id, account_id)
    : null;
  if (account === null) throw resourceMissing('account', account_id, 'account');
  return account;
}

/**
 * A record addressed by id alone (`/invoices/{id}`, `/contacts/{id}`, spec §4) when it belongs to an
 * account the caller's group owns, else 404 `resource_missing`. The repository names the record's
 * account (`ownerOf`); the group's ownership of that account is what makes it the caller's.
 *
 * @example
 * ```ts
 * const { value: invoice, version } = await ownedRecord(ports, caller, ports.store.invoices, 42, 'invoice');
 * ```
 */
export async function ownedRecord<T extends { readonly id: number }>(
  ports: Ports,
  caller: Caller,
  repository: Repository<T>,
  id: number,
  what: string,
): Promise<Versioned<T>> {
  const account_id = Number.isSafeInteger(id) ? await repository.ownerOf(id) : null;
  const record =
    account_id !== null && (await ownsAccount(ports, caller, account_id))
      ? await repository.get(account_id, id)
      : null;
  if (record === null) throw resourceMissing(what, id);
  return record;
}
