import { ApiError } from '../errors/ApiError.js';
import { type Account, type AccountCreate, type AccountUpdate, parseAccount } from '../model/account.js';
import { recordMatches } from '../model/recordFilter.js';
import type { PageRequest, Ports, StoredBlob } from '../ports.js';
import { accountIssues } from '../rules/account.js';
import { primaryCinIssues, withPrimaryCin } from '../rules/primaryCin.js';
import { withTinSchemeCode } from '../rules/tinScheme.js';
import { listQueryConditions } from '../versions/listFilters.js';
import { recordAccountEvent } from './accountEvents.js';
import { checkLogo, type LogoUpload } from './accountLogo.js';
import {
  checkedPage,
  fullRoutingCodes,
  parsedOrThrow,
  sentFields,
  throwIssues,
  writeOrConflict,
} from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { listAll } from './listAll.js';
import { activeAccount, ownedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/**
 * An account as the store keeps it: the wire fields plus the id of its logo's blob. The serializer
 * writes only the schema's fields (`serialize`, `KINDS.account`), so `logo_blob_id` never reaches a
 * response; it is how a new logo finds the old one to replace.
 */
export type StoredAccount = Account & { readonly logo_blob_id?: number | null };

/** The use cases of accounts (spec §4.4). Every one takes the caller first (tenancy, version). */
export interface AccountService {
  /**
   * GET /accounts: the accounts of the caller's group, oldest first, with the whole list's size; with
   * `filters` (the request's query parameters besides paging) only those `query` names (issue #19,
   * `listQueryConditions`: `country`, `tin_scheme`, `tin_value`, `cin_scheme`, `cin_value`), any other
   * parameter 400.
   */
  list(
    caller: Caller,
    page: PageRequest,
    filters?: Readonly<Record<string, unknown>>,
  ): Promise<ResourcePage<Account>>;
  /** POST /accounts, body the object inside `{"account": …}` in the canonical shape. */
  create(caller: Caller, body: unknown): Promise<Account>;
  /** GET /accounts/{account}. */
  get(caller: Caller, account_id: number): Promise<Account>;
  /** PUT /accounts/{account}: the fields sent replace the stored ones; the rules judge the result. */
  update(caller: Caller, account_id: number, body: unknown): Promise<Account>;
  /** DELETE /accounts/{account}: the account archived ("with its deletion status", `archived: true`). */
  remove(caller: Caller, account_id: number): Promise<Account>;
  /** POST /accounts/{account}/unarchive. */
  unarchive(caller: Caller, account_id: number): Promise<Account>;
  /** POST /accounts/{account}/logo: stores the image (replacing the previous one), `has_logo` true. */
  setLogo(caller: Caller, account_id: number, logo: LogoUpload): Promise<Account>;
  /** DELETE /accounts/{account}/logo: removes the image, `has_logo` false. */
  removeLogo(caller: Caller, account_id: number): Promise<Account>;
  /** GET /accounts/{account}/logo (fiscalkit's): the stored image; 404 when the account has none. */
  logo(caller: Caller, account_id: number): Promise<StoredBlob>;
}

/**
 * The defaults of an account's flags (spec §2.2: `auto_remittance` and
 * `skip_line_taxable_base_rounding` default false; api-notes.md §10: `rounding_method` `half_up`,
 * `round_before_sum` false, `apply_taxes_per_line` false). A flag sent as `null` means its default.
 */
function withDefaults<T extends AccountUpdate>(account: T) {
  return {
    auto_remittance: account.auto_remittance ?? false,
    apply_taxes_per_line: account.apply_taxes_per_line ?? false,
    skip_line_taxable_base_rounding: account.skip_line_taxable_base_rounding ?? false,
    rounding_method: account.rounding_method ?? 'half_up',
    round_before_sum: account.round_before_sum ?? false,
  };
}

/**
 * A new account from a parsed create body (judged by `accountIssues` and `primaryCinIssues`): a
 * `tin_scheme` word stored as its code (spec §2.3, `withTinSchemeCode`), the primary identifier under
 * both its names (spec §2.2 `cin`, `withPrimaryCin`).
 */
function newAccount(id: number, body: AccountCreate): Account {
  return withPrimaryCin(
    withTinSchemeCode(
      {
        ...sentFields(body),
        name: body.name,
        country: body.country,
        id,
        routing_codes: fullRoutingCodes(body.routing_codes),
        ...withDefaults(body),
        has_logo: false,
        archived: false,
      },
      body.country,
    ),
    body,
  );
}

/**
 * A stored account as it is answered: one stored before `cin` was kept has only `cin_value`, which
 * is its `cin` too (spec §2.2, `withPrimaryCin`).
 */
function answered<T extends Account>(account: T): T {
  return account.cin === undefined || account.cin === null ? withPrimaryCin(account, {}, account) : account;
}

/**
 * The accounts service (spec §2.2, §4.4). An account belongs to the group of the key that created it
 * (`store.accountGroups`, issue #8); another group's account is 404 `resource_missing` on every path.
 * Every change is recorded as an `AccountEvent` (GET /accounts/{account}/events). Writes are
 * optimistic: a concurrent change between this request's read and its write answers 409 `conflict`
 * (see `writeOrConflict`).
 *
 * @example
 * ```ts
 * const accounts = createAccountService(ports, deps);
 * const account = await accounts.create(caller, { name: 'ACME SL', country: 'ES' });
 * account.rounding_method; // 'half_up'
 * ```
 */
export function createAccountService(ports: Ports, _deps: ServiceDeps): AccountService {
  const repository = ports.store.accounts;

  async function save(next: StoredAccount, version: number, name: string): Promise<Account> {
    const saved = await writeOrConflict('account', () => repository.update(next, version));
    await recordAccountEvent(ports, {
      account_id: next.id,
      type: 'AccountEvent',
      name,
      resource_id: next.id,
    });
    return answered(saved.value);
  }

  return {
    async list(caller, page, filters = {}) {
      const conditions = parsedOrThrow(listQueryConditions('accounts', caller.api_version, filters));
      if (conditions.length > 0) {
        // `query` (issue #19, api-notes.md §3.2 `query=country=es AND tin_scheme=9920`): an account is
        // its own tenant, so no one repository search spans the group's accounts; they are read
        // membership by membership and matched as `Repository.search` would (`recordMatches`). The
        // cost is one read per account of the group, which a filter on a group's accounts may pay.
        const { offset, limit } = checkedPage(page);
        const matching: Account[] = [];
        for (const { value: membership } of await listAll(ports.store.accountGroups, caller.group_id)) {
          const account = await repository.get(membership.id, membership.id);
          if (account !== null && recordMatches(account.value, conditions))
            matching.push(answered(account.value));
        }
        return { items: matching.slice(offset, offset + limit), total_count: matching.length };
      }
      const memberships = await ports.store.accountGroups.list(caller.group_id, checkedPage(page));
      const items: Account[] = [];
      for (const { value: membership } of memberships.items) {
        const account = await repository.get(membership.id, membership.id);
        if (account !== null) items.push(answered(account.value));
      }
      return { items, total_count: memberships.total_count };
    },

    async create(caller, body) {
      const parsed = parsedOrThrow(parseAccount(body, 'create'));
      throwIssues([...primaryCinIssues(parsed), ...accountIssues(parsed)]);
      const account = newAccount(await ports.ids.next('account'), parsed);
      await repository.insert(account);
      // The membership is written after the account: a crash between the two leaves an account no
      // group can see (harmless), never a membership that names no account.
      await ports.store.accountGroups.insert({ id: account.id, group_id: caller.group_id });
      await recordAccountEvent(ports, {
        account_id: account.id,
        type: 'AccountEvent',
        name: 'created',
        resource_id: account.id,
      });
      return account;
    },

    async get(caller, account_id) {
      return answered((await ownedAccount(ports, caller, account_id)).value);
    },

    async update(caller, account_id, body) {
      // An archived account is read-only until unarchived (`activeAccount`), its own fields included.
      const read = await activeAccount(ports, caller, account_id);
      const stored: StoredAccount = read.value;
      const parsed = parsedOrThrow(parseAccount(body, 'update'));
      // Spec §4.4 "Same accepted fields": a PUT names the fields it changes and keeps the others (the
      // way the service's own clients send one flag at a time). `routing_codes` changes only the
      // slots it sends. Spec §2.2 rule 1 and §2.2 rule 2 are judged on the account as it will be, so turning
      // `apply_taxes_per_line` off while `skip_line_taxable_base_rounding` is on is refused too.
      // A `tin_scheme` word is read with the country the account will have (spec §2.3); `cin` and
      // `cin_value` are one identifier (spec §2.2), so sending either changes both.
      const merged = { ...stored, ...sentFields(parsed) };
      const next: StoredAccount = withPrimaryCin(
        withTinSchemeCode(
          {
            ...merged,
            routing_codes: fullRoutingCodes(parsed.routing_codes, stored.routing_codes),
            ...withDefaults(merged),
          },
          merged.country,
        ),
        parsed,
        stored,
      );
      throwIssues([...primaryCinIssues(parsed), ...accountIssues(next)]);
      return save(next, read.version, 'updated');
    },

    async remove(caller, account_id) {
      // Spec §4.4: DELETE "returns full account with deletion status". fiscalkit archives the account
      // (`archived: true`) rather than erasing it: its invoices and tax reports must stay readable for
      // the statutory retention period, and POST /accounts/{account}/unarchive (spec §4.4) brings it
      // back. It stays readable and listed, with `archived` as its deletion status. Deleting an
      // archived account again answers it unchanged (a retried DELETE is not an error).
      const read = await ownedAccount(ports, caller, account_id);
      if (read.value.archived) return answered(read.value);
      return save({ ...read.value, archived: true }, read.version, 'deleted');
    },

    async unarchive(caller, account_id) {
      // An active account is answered unchanged: the request asks for a state it already has.
      const read = await ownedAccount(ports, caller, account_id);
      if (!read.value.archived) return answered(read.value);
      return save({ ...read.value, archived: false }, read.version, 'unarchived');
    },

    async setLogo(caller, account_id, upload) {
      const read = await activeAccount(ports, caller, account_id);
      const logo = checkLogo(upload);
      const stored: StoredAccount = read.value;
      const blob_id = await ports.ids.next('blob');
      await ports.blobs.put({ id: blob_id, account_id, ...logo });
      let saved: Account;
      try {
        saved = await save(
          { ...stored, has_logo: true, logo_blob_id: blob_id },
          read.version,
          'logo_updated',
        );
      } catch (error) {
        await ports.blobs.remove(account_id, blob_id);
        throw error;
      }
      // The old image goes only once the account names the new one, so a failed write never leaves
      // the account pointing at nothing.
      if (typeof stored.logo_blob_id === 'number') await ports.blobs.remove(account_id, stored.logo_blob_id);
      return saved;
    },

    async removeLogo(caller, account_id) {
      const read = await activeAccount(ports, caller, account_id);
      const stored: StoredAccount = read.value;
      // Removing a logo that is not there answers the account unchanged (a retried DELETE).
      if (!stored.has_logo && typeof stored.logo_blob_id !== 'number') return answered(stored);
      const saved = await save(
        { ...stored, has_logo: false, logo_blob_id: null },
        read.version,
        'logo_deleted',
      );
      if (typeof stored.logo_blob_id === 'number') await ports.blobs.remove(account_id, stored.logo_blob_id);
      return saved;
    },

    async logo(caller, account_id) {
      const stored: StoredAccount = (await ownedAccount(ports, caller, account_id)).value;
      const blob =
        stored.has_logo && typeof stored.logo_blob_id === 'number'
          ? await ports.blobs.get(account_id, stored.logo_blob_id)
          : null;
      if (blob === null)
        throw new ApiError('resource_missing', `Account ${String(account_id)} has no logo`, {
          param: 'logo',
        });
      return blob;
    },
  };
}
