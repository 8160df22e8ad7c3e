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
  const known = knownMemberships(ports);
  const key = `${String(caller.group_id)}:${String(account_id)}`;
  if (known.has(key)) return true;
  const owns = (await ports.store.accountGroups.get(caller.group_id, account_id)) !== null;
  if (owns) {
    if (known.size >= MAX_KNOWN_MEMBERSHIPS) known.clear();
    known.add(key);
  }
  return owns;
}

/**
 * Memberships (group, account) already read, per store. A membership is stored with its account and
 * never removed or changed — DELETE /accounts/{account} archives the account (spec §4.4) and no
 * endpoint moves an account to another group — so a "yes" stays true for ever, in every process, and
 * every request after the first of a group on an account skips that read. A "no" is never
 * remembered: the account may be created the next moment.
 */
const membershipsByStore = new WeakMap<object, Set<string>>();

/** How many memberships a process remembers per store before it starts over (a few MB at most). */
const MAX_KNOWN_MEMBERSHIPS = 100_000;

function knownMemberships(ports: Ports): Set<string> {
  let known = membershipsByStore.get(ports.store.accountGroups);
  if (known === undefined) {
    known = new Set();
    membershipsByStore.set(ports.store.accountGroups, known);
  }
  return known;
}

/**
 * 404 `resource_missing` at `account` unless the caller's group owns `account_id`, without reading
 * the account: a route's tenancy check before it reads the body (an account with a membership is
 * stored: the membership is written after it, `accounts.create`).
 *
 * @example
 * ```ts
 * await requireOwnedAccount(ports, caller, 7); // throws 404 for another group's account
 * ```
 */
export async function requireOwnedAccount(ports: Ports, caller: Caller, account_id: number): Promise<void> {
  if (!(await ownsAccount(ports, caller, account_id)))
    throw resourceMissing('account', account_id, 'account');
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

/**
 * 409 `conflict` at `account`: the account is archived (DELETE /accounts/{account}, spec §4.4).
 * fiscalkit keeps an archived account and everything in it readable, but read-only: a write would
 * change the books of a company its owner has deleted (fiscalkit's rule where the spec is silent;
 * the account's resources stay readable for the statutory retention period, and POST
 * /accounts/{account}/unarchive makes it writable again).
 *
 * @example
 * ```ts
 * throw archivedAccount(7); // 409 conflict at account, "account 7 is archived: unarchive it first …"
 * ```
 */
export function archivedAccount(account_id: number): ApiError {
  return new ApiError(
    'conflict',
    `account ${String(account_id)} is archived: unarchive it first (POST /accounts/${String(account_id)}/unarchive)`,
    { param: 'account' },
  );
}

/**
 * The account `account_id` for a write: {@link ownedAccount} (404 `resource_missing` at `account`
 * for another group's or no account), then 409 `conflict` at `account` when it is archived
 * ({@link archivedAccount}). Reads use {@link ownedAccount}: an archived account stays readable.
 *
 * @example
 * ```ts
 * const { value: account } = await activeAccount(ports, caller, 7); // throws 409 when 7 is archived
 * ```
 */
export async function activeAccount(
  ports: Ports,
  caller: Caller,
  account_id: number,
): Promise<Versioned<Account>> {
  const account = await ownedAccount(ports, caller, account_id);
  if (account.value.archived === true) throw archivedAccount(account_id);
  return account;
}

/**
 * Refuses a write into an account that is archived (409 `conflict` at `account`,
 * {@link archivedAccount}); for a write addressed by a record's id (`PATCH /contacts/{id}`), once
 * {@link ownedRecord} has found the record and so its account. An account that is not stored refuses
 * nothing here (the record's own lookup has answered for it).
 *
 * @example
 * ```ts
 * const { value: contact } = await ownedRecord(ports, caller, ports.store.contacts, 9, 'contact');
 * await requireActiveAccount(ports, contact.account_id); // throws 409 when the account is archived
 * ```
 */
export async function requireActiveAccount(ports: Ports, account_id: number): Promise<void> {
  const account = await ports.store.accounts.get(account_id, account_id);
  if (account?.value.archived === true) throw archivedAccount(account_id);
}

/**
 * A record addressed by id alone, for a write: {@link ownedRecord} (404 `resource_missing` unless it
 * belongs to an account the caller's group owns), then 409 `conflict` at `account` when its account
 * is archived ({@link requireActiveAccount}).
 *
 * @example
 * ```ts
 * const { value: contact, version } = await activeRecord(ports, caller, ports.store.contacts, 9, 'contact');
 * ```
 */
export async function activeRecord<T extends { readonly id: number; readonly account_id: number }>(
  ports: Ports,
  caller: Caller,
  repository: Repository<T>,
  id: number,
  what: string,
): Promise<Versioned<T>> {
  const record = await ownedRecord(ports, caller, repository, id, what);
  await requireActiveAccount(ports, record.value.account_id);
  return record;
}

/**
 * The account of a record already read from the store (an invoice, a tax report): every stored
 * record names an account that is stored too (an account is archived, never removed, spec §4.4), so
 * a missing one is a broken store, not a caller's mistake. `missing` names the error to throw
 * instead; without it, a plain `Error` (a 500, not a wire error). One home for the lookup the invoice
 * and tax report services both need (issue #20: `accountOf` was written twice).
 *
 * @example
 * ```ts
 * const account = await storedAccount(ports, invoice.account_id);
 * const same = await storedAccount(ports, invoice.account_id, () => resourceMissing('invoice', invoice.id));
 * ```
 */
export async function storedAccount(
  ports: Ports,
  account_id: number,
  missing?: () => Error,
): Promise<Account> {
  const account = await ports.store.accounts.get(account_id, account_id);
  if (account === null)
    throw missing?.() ?? new Error(`the account ${String(account_id)} of a stored record is not stored`);
  return account.value;
}
