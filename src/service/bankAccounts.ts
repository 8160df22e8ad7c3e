import { ApiError } from '../errors/ApiError.js';
import type { ValidationIssue } from '../errors/validationIssue.js';
import { checkBic, checkIban } from '../identifiers/bankAccount.js';
import {
  type BankAccountCreate,
  type BankAccountRecord,
  parseBankAccount,
} from '../model/bankAccountRecord.js';
import type { RecordCondition } from '../model/recordFilter.js';
import type { PageRequest, Ports } from '../ports.js';
import { bankAccountIssues } from '../rules/bankAccount.js';
import { isPresent, issueAt } from '../rules/issue.js';
import { recordAccountEvent } from './accountEvents.js';
import {
  checkedPage,
  findAllIds,
  pageValues,
  parsedOrThrow,
  sentFields,
  throwIssues,
  updateLatest,
  writeOrConflict,
} from './accountWrites.js';
import type { Caller } from './caller.js';
import type { ServiceDeps } from './deps.js';
import { activeAccount, activeRecord, ownedRecord, requireOwnedAccount } from './tenancy.js';
import type { ResourcePage } from './webHooks.js';

/**
 * The use cases of an account's bank accounts (spec §4.5: PUT, DELETE /bank_accounts/{id}). The spec
 * shows no way to create or list them; fiscalkit adds GET and POST /accounts/{account}/bank_accounts
 * and GET /bank_accounts/{id}, the paths the spec's own pattern gives (a resource is created under
 * its account and addressed by id alone afterwards, like contacts, §4.5).
 */
export interface BankAccountService {
  /** GET /accounts/{account}/bank_accounts: oldest first. */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    /** Only the records that meet these (the list's `query`, issue #19); none: every one. */
    conditions?: readonly RecordCondition[],
  ): Promise<ResourcePage<BankAccountRecord>>;
  /** POST /accounts/{account}/bank_accounts, body the object inside `{"bank_account": …}`. */
  create(caller: Caller, account_id: number, body: unknown): Promise<BankAccountRecord>;
  /** GET /bank_accounts/{id}. */
  get(caller: Caller, id: number): Promise<BankAccountRecord>;
  /** PUT /bank_accounts/{id}: the fields sent replace the stored ones. */
  update(caller: Caller, id: number, body: unknown): Promise<BankAccountRecord>;
  /** DELETE /bank_accounts/{id}: the removed bank account. */
  remove(caller: Caller, id: number): Promise<BankAccountRecord>;
}

/** The stored form of an identifier: the electronic format of a valid IBAN or BIC, else as sent. */
function compactIban(iban: string | null | undefined): string | null | undefined {
  if (!isPresent(iban)) return iban;
  const check = checkIban(iban ?? '');
  return check.valid ? check.compact : iban;
}

function compactBic(bic: string | null | undefined): string | null | undefined {
  if (!isPresent(bic)) return bic;
  const check = checkBic(bic ?? '');
  return check.valid ? check.compact : bic;
}

/**
 * The rules of a bank account fiscalkit adds where the spec is silent (it shows no field list, §4.5):
 * the IBAN and BIC check digits of the contact's `bank_account` (spec §2.3, `bankAccountIssues`, at
 * `iban` / `bic`), and an account needs something to pay into — an `iban` or a local `number` — else
 * 422 `parameter_blank` at `iban` (rule `fiscalkit.bank-account.iban-or-number`).
 */
function bankAccountRecordIssues(
  candidate: Pick<BankAccountCreate, 'iban' | 'bic' | 'number'>,
): ValidationIssue[] {
  const issues = bankAccountIssues(candidate, []);
  if (!isPresent(candidate.iban) && !isPresent(candidate.number))
    issues.push(
      issueAt(
        'fiscalkit.bank-account.iban-or-number',
        'parameter_blank',
        ['iban'],
        'is required (or number, for an account without an IBAN)',
      ),
    );
  return issues;
}

/**
 * The bank accounts service. `is_default` (api-notes.md §3.2, v2026-03-02): an account with bank
 * accounts has exactly one default — its first bank account becomes the default whatever it says,
 * making another one the default (`is_default: true`) takes it from the previous one, `is_default:
 * false` on the default is refused (422 at `is_default`: name the new default instead, so invoices
 * always have one to use), and deleting the default passes it to the oldest remaining one. An IBAN is
 * stored in its electronic format and is unique within the account (422 `parameter_taken` at `iban`).
 * Changes are recorded as `AccountEvent`s named `bank_account_created`, `…_updated`, `…_deleted`
 * with the bank account's id (the account events have no kind of their own for bank accounts, which
 * are part of the account's configuration).
 *
 * @example
 * ```ts
 * const banks = createBankAccountService(ports, deps);
 * const bank = await banks.create(caller, 1, { iban: 'ES91 2100 0418 4502 0005 1332' });
 * bank.iban; // 'ES9121000418450200051332'
 * bank.is_default; // true: the account's first
 * ```
 */
export function createBankAccountService(ports: Ports, _deps: ServiceDeps): BankAccountService {
  const repository = ports.store.bankAccounts;

  async function event(bank: BankAccountRecord, name: string): Promise<void> {
    await recordAccountEvent(ports, {
      account_id: bank.account_id,
      type: 'AccountEvent',
      name: `bank_account_${name}`,
      resource_id: bank.id,
    });
  }

  async function refuseTakenIban(candidate: BankAccountRecord): Promise<void> {
    if (!isPresent(candidate.iban)) return;
    const same = await repository.find(
      candidate.account_id,
      { iban: candidate.iban ?? null },
      { offset: 0, limit: 2 },
    );
    if (same.items.some((item) => item.value.id !== candidate.id))
      throw new ApiError(
        'parameter_taken',
        `iban ${String(candidate.iban)} is already a bank account of this account`,
        {
          param: 'iban',
        },
      );
  }

  /** Takes `is_default` from every other bank account of the account. */
  async function onlyDefault(bank: BankAccountRecord): Promise<void> {
    for (const id of await findAllIds(repository, bank.account_id, { is_default: true })) {
      if (id === bank.id) continue;
      const cleared = await updateLatest(repository, bank.account_id, id, (other) =>
        other.is_default ? { ...other, is_default: false } : null,
      );
      if (cleared !== null) await event(cleared, 'updated');
    }
  }

  function normalized(candidate: BankAccountRecord): BankAccountRecord {
    return { ...candidate, iban: compactIban(candidate.iban), bic: compactBic(candidate.bic) };
  }

  return {
    async list(caller, account_id, page, conditions = []) {
      await requireOwnedAccount(ports, caller, account_id);
      return pageValues(await repository.search(account_id, conditions, checkedPage(page)));
    },

    async create(caller, account_id, body) {
      await activeAccount(ports, caller, account_id);
      const parsed = parsedOrThrow(parseBankAccount(body, 'create'));
      throwIssues(bankAccountRecordIssues(parsed));
      const first = (await repository.list(account_id, { offset: 0, limit: 1 })).total_count === 0;
      const bank = normalized({
        ...sentFields(parsed),
        id: await ports.ids.next('bank_account'),
        account_id,
        is_default: first || parsed.is_default === true,
      });
      await refuseTakenIban(bank);
      await repository.insert(bank);
      await event(bank, 'created');
      if (bank.is_default && !first) await onlyDefault(bank);
      return bank;
    },

    async get(caller, id) {
      return (await ownedRecord(ports, caller, repository, id, 'bank account')).value;
    },

    async update(caller, id, body) {
      const read = await activeRecord(ports, caller, repository, id, 'bank account');
      const stored = read.value;
      const parsed = parsedOrThrow(parseBankAccount(body, 'update'));
      if (stored.is_default && parsed.is_default === false)
        throw new ApiError(
          'parameter_invalid',
          'is_default cannot be set to false on the default bank account: make another bank account the default instead',
          { param: 'is_default' },
        );
      // `null` for `is_default` is no change: the flag has no "unset".
      const { is_default: _flag, ...fields } = sentFields(parsed);
      const next = normalized({
        ...stored,
        ...fields,
        is_default: stored.is_default || parsed.is_default === true,
      });
      throwIssues(bankAccountRecordIssues(next));
      await refuseTakenIban(next);
      const saved = await writeOrConflict('bank account', () => repository.update(next, read.version));
      await event(saved.value, 'updated');
      if (saved.value.is_default && !stored.is_default) await onlyDefault(saved.value);
      return saved.value;
    },

    async remove(caller, id) {
      const read = await activeRecord(ports, caller, repository, id, 'bank account');
      const stored = read.value;
      await writeOrConflict('bank account', () =>
        repository.remove(stored.account_id, stored.id, read.version),
      );
      await event(stored, 'deleted');
      if (stored.is_default) {
        const [oldest] = (await repository.list(stored.account_id, { offset: 0, limit: 1 })).items;
        if (oldest !== undefined) {
          const promoted = await updateLatest(repository, stored.account_id, oldest.value.id, (bank) =>
            bank.is_default ? null : { ...bank, is_default: true },
          );
          if (promoted !== null) await event(promoted, 'updated');
        }
      }
      return stored;
    },
  };
}
