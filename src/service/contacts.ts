import { ApiError } from '../errors/ApiError.js';
import type { BankAccount } from '../model/bankAccount.js';
import { type Contact, type ContactCreate, type ContactUpdate, parseContact } from '../model/contact.js';
import type { PageRequest, Ports } from '../ports.js';
import { contactIssues } from '../rules/contact.js';
import { isPresent } from '../rules/issue.js';
import { inheritFromParent } from '../rules/office.js';
import { withTinSchemeCode } from '../rules/tinScheme.js';
import { contactListConditions } from '../versions/listFilters.js';
import { recordAccountEvent } from './accountEvents.js';
import {
  checkedPage,
  findAllIds,
  fullRoutingCodes,
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

/** The use cases of contacts and offices (spec §2.3, §4.5). Every one takes the caller first. */
export interface ContactService {
  /**
   * GET /accounts/{account}/contacts: the account's contacts (offices included), oldest first; with
   * `filters` (the request's query parameters besides paging: `name`, `is_client`, `is_provider`,
   * `query`; `contactListConditions`, issue #19) only those that match, any other parameter 400.
   */
  list(
    caller: Caller,
    account_id: number,
    page: PageRequest,
    filters?: Readonly<Record<string, unknown>>,
  ): Promise<ResourcePage<Contact>>;
  /** POST /accounts/{account}/contacts, body the object inside `{"contact": …}` (canonical shape). */
  create(caller: Caller, account_id: number, body: unknown): Promise<Contact>;
  /** GET /contacts/{id}. */
  get(caller: Caller, id: number): Promise<Contact>;
  /**
   * PUT /contacts/{id}: the same partial update as {@link ContactService.update} (issue #19: PUT is a
   * partial update on every resource, as on the real service, whose official client sends `PUT
   * {contact: {name, phone}}`): the fields sent change, the others stay.
   */
  replace(caller: Caller, id: number, body: unknown): Promise<Contact>;
  /** PATCH (and PUT) /contacts/{id}: the fields sent change, the others stay; judged merged. */
  update(caller: Caller, id: number, body: unknown): Promise<Contact>;
  /** DELETE /contacts/{id}: the removed contact; 409 `conflict` while it has offices. */
  remove(caller: Caller, id: number): Promise<Contact>;
}

const IDENTIFIERS = ['tin_scheme', 'tin_value', 'cin_scheme', 'cin_value'] as const;

/**
 * A TIN as the office rule compares it (`src/rules/office.ts`, spec §2.3 rule 1): separators and case
 * do not make two TINs differ (`B-1234567-4` = `b12345674`). Kept identical to that rule's comparison,
 * so that an office the rule accepts as carrying its parent's TIN is also one that follows it.
 */
function comparableTin(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/[\s.\-/]/g, '').toUpperCase() : '';
}

/** Whether two values of an identifier field are the same identifier (TINs compared as above). */
function sameIdentifier(
  field: (typeof IDENTIFIERS)[number],
  a: string | null | undefined,
  b: string | null | undefined,
): boolean {
  if (field === 'tin_value') return comparableTin(a) === comparableTin(b);
  return (a ?? null) === (b ?? null);
}

/**
 * The contacts service (spec §2.3, §4.5). Offices are contacts with `parent_id`: the parent must be a
 * contact of the same account (else 422 `parameter_invalid` at `parent_id`), offices inherit the
 * parent's TIN and CIN when they send none (§2.3 rule 1, §2.3 rule 2), and from v2026-04-20 an office TIN
 * that differs from the parent's is 422 `parameter_invalid` (the version is the caller's). Changes are
 * recorded as `ContactEvent`s (spec §6 rule 3; `ClientEvent` in the legacy version).
 *
 * @example
 * ```ts
 * const contacts = createContactService(ports, deps);
 * const parent = await contacts.create(caller, 1, { name: 'Norte SA', country: 'ES', tin_value: 'A58818501' });
 * const office = await contacts.create(caller, 1, { name: 'Norte Sevilla', country: 'ES', parent_id: parent.id });
 * office.tin_value; // 'A58818501' (inherited)
 * ```
 */
export function createContactService(ports: Ports, _deps: ServiceDeps): ContactService {
  const repository = ports.store.contacts;

  /** The parent named by `parent_id`: a contact of the same account, else 422 at `parent_id`. */
  async function parentOf(account_id: number, parent_id: number | null | undefined): Promise<Contact | null> {
    if (parent_id === null || parent_id === undefined) return null;
    const parent = await repository.get(account_id, parent_id);
    if (parent === null)
      // 422, not 404: the path names an existing account or contact; it is a field of the body that
      // names nothing (spec §7.2 parameter_invalid: "invalid value").
      throw new ApiError(
        'parameter_invalid',
        `parent_id must name a contact of the same account; account ${String(account_id)} has no contact ${String(parent_id)}`,
        { param: 'parent_id' },
      );
    return parent.value;
  }

  async function hasOffices(contact: Contact): Promise<boolean> {
    const offices = await repository.find(
      contact.account_id,
      { parent_id: contact.id },
      { offset: 0, limit: 1 },
    );
    return offices.total_count > 0;
  }

  async function event(contact: Contact, name: string): Promise<void> {
    await recordAccountEvent(ports, {
      account_id: contact.account_id,
      type: 'ContactEvent',
      name,
      resource_id: contact.id,
    });
  }

  /**
   * Spec §2.3 rule 1, §2.3 rule 2 ("offices inherit the TIN of the parent"): when a parent's identifiers
   * change, each office that carried the parent's old value (it inherited it) follows the new one; an office
   * with its own value (older versions accepted a different TIN) keeps it. This is fiscalkit's
   * reading of "inherit" where the spec is silent on later changes: an office must not keep a TIN
   * its parent no longer has. A concurrent change of an office is read again and retried, since
   * this write is the service's, not a client's stale view.
   */
  async function propagate(before: Contact, after: Contact): Promise<void> {
    const changed = IDENTIFIERS.filter((field) => (before[field] ?? null) !== (after[field] ?? null));
    if (changed.length === 0 || (after.parent_id ?? null) !== null) return;
    for (const office_id of await findAllIds(repository, after.account_id, { parent_id: after.id })) {
      const followed = await updateLatest(repository, after.account_id, office_id, (office) => {
        // The parent's old value in another spelling is the parent's too (the office rule accepted it).
        const inheritedFields = changed.filter((field) =>
          sameIdentifier(field, office[field], before[field]),
        );
        if (inheritedFields.length === 0) return null;
        const next: Contact = { ...office };
        for (const field of inheritedFields) next[field] = after[field] ?? null;
        return next;
      });
      if (followed !== null) await event(followed, 'updated');
    }
  }

  /**
   * Judges a request with the contact rules (spec §2.3) and answers the parent the contact will
   * have. A stored office keeps its parent (`parent_id` cannot change once set, which the rules
   * report), so the parent looked up is the stored one when there is one.
   */
  async function judged(
    account_id: number,
    request: ContactUpdate,
    caller: Caller,
    stored: Contact | null,
  ): Promise<Contact | null> {
    const parent = await parentOf(account_id, stored?.parent_id ?? request.parent_id);
    const becomesOffice =
      stored !== null && (stored.parent_id ?? null) === null && (request.parent_id ?? null) !== null;
    throwIssues(
      contactIssues(request, {
        version: caller.api_version,
        stored,
        parent,
        has_offices: becomesOffice ? await hasOffices(stored) : false,
      }),
    );
    return parent;
  }

  /**
   * The contact with its parent's identifiers filled in where it has none (spec §2.3 rule 1, §2.3 rule 2). An
   * office TIN that is the parent's in another spelling (`b-1234567-4` for `B12345674`, which the
   * office rule accepts) is stored as the parent writes it: offices inherit the TIN, so they carry
   * the very value, and follow it when it changes.
   */
  function inherited(contact: Contact, parent: Contact | null): Contact {
    if (parent === null) return contact;
    const office = inheritFromParent(contact, parent);
    if (
      office.tin_value !== parent.tin_value &&
      isPresent(parent.tin_value) &&
      sameIdentifier('tin_value', office.tin_value, parent.tin_value)
    )
      return { ...office, tin_value: parent.tin_value };
    return office;
  }

  async function save(stored: Contact, version: number, next: Contact): Promise<Contact> {
    const saved = await writeOrConflict('contact', () => repository.update(next, version));
    await event(saved.value, 'updated');
    await propagate(stored, saved.value);
    return saved.value;
  }

  const service: ContactService = {
    async list(caller, account_id, page, filters = {}) {
      await requireOwnedAccount(ports, caller, account_id);
      const conditions = parsedOrThrow(contactListConditions(caller.api_version, filters));
      return pageValues(await repository.search(account_id, conditions, checkedPage(page)));
    },

    async create(caller, account_id, body) {
      await activeAccount(ports, caller, account_id);
      // A `tin_scheme` word (spec §2.3 "e.g. VAT, TAX") is the code of the contact's country from
      // here on: the office rule compares codes, and the code is what is stored and returned.
      const sent: ContactCreate = parsedOrThrow(parseContact(body, 'create'));
      const parsed = withTinSchemeCode(sent, sent.country);
      const parent = await judged(account_id, parsed, caller, null);
      const contact = inherited(
        {
          ...sentFields(parsed),
          name: parsed.name,
          country: parsed.country,
          id: await ports.ids.next('contact'),
          account_id,
          routing_codes: fullRoutingCodes(parsed.routing_codes),
          // api-notes.md §3.2: `is_provider` defaults to true (older versions' requests are given
          // `false` by their upgrade, src/versions/changes/v2026_03_02.ts); a contact is a client
          // unless told otherwise.
          is_client: parsed.is_client ?? true,
          is_provider: parsed.is_provider ?? true,
        },
        parent,
      );
      await repository.insert(contact);
      await event(contact, 'created');
      return contact;
    },

    async get(caller, id) {
      return (await ownedRecord(ports, caller, repository, id, 'contact')).value;
    },

    // PUT is PATCH (issue #19): a partial update, judged on the contact it makes.
    replace: (caller, id, body) => service.update(caller, id, body),

    async update(caller, id, body) {
      const read = await activeRecord(ports, caller, repository, id, 'contact');
      const stored = read.value;
      const sent = parsedOrThrow(parseContact(body, 'update'));
      const parsed = withTinSchemeCode(sent, sent.country ?? stored.country);
      const parent = await judged(stored.account_id, parsed, caller, stored);
      const merged = { ...stored, ...sentFields(parsed) };
      const next = inherited(
        {
          ...merged,
          routing_codes: fullRoutingCodes(parsed.routing_codes, stored.routing_codes),
          bank_account: mergedBankAccount(parsed.bank_account, stored.bank_account),
          is_client: merged.is_client ?? true,
          is_provider: merged.is_provider ?? true,
        },
        parent,
      );
      return save(stored, read.version, next);
    },

    async remove(caller, id) {
      const read = await activeRecord(ports, caller, repository, id, 'contact');
      const stored = read.value;
      // Spec §2.3 defines offices by `parent_id` only; deleting a parent would leave offices that
      // name nothing and inherit from nothing, so it is refused until its offices are gone (409:
      // the contact's current state rejects the operation, spec §7.2).
      const offices = await repository.find(
        stored.account_id,
        { parent_id: stored.id },
        { offset: 0, limit: 1 },
      );
      if (offices.total_count > 0)
        throw new ApiError(
          'conflict',
          `contact ${String(stored.id)} has ${String(offices.total_count)} office(s) (contacts with parent_id ${String(stored.id)}): delete them first`,
          { param: null },
        );
      await writeOrConflict('contact', () => repository.remove(stored.account_id, stored.id, read.version));
      await event(stored, 'deleted');
      return stored;
    },
  };
  return service;
}

/**
 * A PATCH's `bank_account` over the stored one, field by field (the legacy upgrade builds the object
 * from the flat fields a request sends, "so a PATCH changes only those", v2025_10_13.ts); null
 * clears it.
 */
function mergedBankAccount(
  sent: BankAccount | null | undefined,
  stored: BankAccount | null | undefined,
): BankAccount | null | undefined {
  if (sent === undefined) return stored;
  if (sent === null) return null;
  return { ...(stored ?? {}), ...sentFields(sent) };
}
