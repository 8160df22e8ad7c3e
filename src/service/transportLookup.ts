/**
 * How the transport service finds a transport: by its `code` (the code of its transport type,
 * unique within its account; the wire never shows the store's id), in one account or, for PATCH/PUT
 * /transports/{code} which name none (spec §4.7), in every account of the caller's group.
 *
 * @module
 */
import { ApiError } from '../errors/ApiError.js';
import type { StoredTransport } from '../model/transport.js';
import type { Ports, Repository, Versioned } from '../ports.js';
import type { Caller } from './caller.js';
import { requireOwnedAccount } from './tenancy.js';

/** Page size for walking a group's accounts. */
const PAGE = 500;

/**
 * 404 `resource_missing` at `code`: no transport with that code (in the accounts looked in).
 *
 * @example
 * ```ts
 * throw missingTransport('peppol'); // "No transport with code \"peppol\""
 * ```
 */
export function missingTransport(code: string): ApiError {
  return new ApiError('resource_missing', `No transport with code ${JSON.stringify(code)}`, {
    param: 'code',
  });
}

/**
 * The account's transport with `code`, or null.
 *
 * @example
 * ```ts
 * const stored = await findTransportByCode(ports.store.transports, 7, 'peppol');
 * ```
 */
export async function findTransportByCode(
  repository: Repository<StoredTransport>,
  account_id: number,
  code: string,
): Promise<Versioned<StoredTransport> | null> {
  const found = await repository.find(account_id, { code }, { offset: 0, limit: 1 });
  return found.items[0] ?? null;
}

/**
 * The transport PATCH/PUT /transports/{code} addresses: in `account_id` when given (404 at
 * `account` unless the caller's group owns it), else in whichever account of the caller's group has
 * it — 422 `parameter_invalid` at `account` when several have, 404 `resource_missing` when none.
 *
 * @example
 * ```ts
 * const { value: transport, version } = await locateTransport(ports, ports.store.transports, caller, 'peppol', null);
 * ```
 */
export async function locateTransport(
  ports: Ports,
  repository: Repository<StoredTransport>,
  caller: Caller,
  code: string,
  account_id: number | null,
): Promise<Versioned<StoredTransport>> {
  if (account_id !== null) {
    await requireOwnedAccount(ports, caller, account_id);
    const found = await findTransportByCode(repository, account_id, code);
    if (found === null) throw missingTransport(code);
    return found;
  }
  // PATCH/PUT /transports/{code} name no account (spec §4.7): look in every account of the
  // caller's group. A code is a transport type code, so two accounts of one group may well both
  // have it; the caller then names the account (fiscalkit's `?account={id}`, since the spec's path
  // cannot tell them apart), rather than fiscalkit picking one.
  const matches: Versioned<StoredTransport>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await ports.store.accountGroups.list(caller.group_id, { offset, limit: PAGE });
    for (const membership of page.items) {
      const found = await findTransportByCode(repository, membership.value.id, code);
      if (found !== null) matches.push(found);
    }
    // money-safe: record counts.
    if (page.items.length < PAGE || offset + PAGE >= page.total_count) break;
  }
  const [first, ...others] = matches;
  if (first === undefined) throw missingTransport(code);
  if (others.length > 0)
    throw new ApiError(
      'parameter_invalid',
      `account is required: accounts ${matches.map((match) => String(match.value.account_id)).join(', ')} ` +
        `each have a transport ${JSON.stringify(code)}; name one with ?account={id}`,
      { param: 'account' },
    );
  return first;
}

/**
 * The lookup behind "one transport per type" (`transportTypeTakenIssues`): the code of the
 * account's transport of a type, or null.
 *
 * @example
 * ```ts
 * const issues = await transportIssues(parsed.data, { account_id, findTransportByType: transportTypeFinder(repository) });
 * ```
 */
export function transportTypeFinder(
  repository: Repository<StoredTransport>,
): (key: { account_id: number; transport_type_code: string }) => Promise<string | null> {
  return async (key) => {
    const found = await repository.find(
      key.account_id,
      { transport_type_code: key.transport_type_code },
      { offset: 0, limit: 1 },
    );
    return found.items[0]?.value.code ?? null;
  };
}
