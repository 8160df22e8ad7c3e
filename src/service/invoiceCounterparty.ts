import { ApiError } from '../errors/ApiError.js';
import { SCHEMA_RULES } from '../errors/ruleId.js';
import { apiErrorFromIssues, type ValidationIssue } from '../errors/validationIssue.js';
import { withParam } from '../generate/params.js';
import type { Account } from '../model/account.js';
import { type Contact, ContactSchema } from '../model/contact.js';
import type { InlineContact, Invoice } from '../model/invoice.js';
import {
  type FieldValue,
  type Ports,
  RecordMissingError,
  VersionConflictError,
  type Versioned,
} from '../ports.js';
import { contactIssues } from '../rules/contact.js';
import { isPresent } from '../rules/issue.js';
import { withTinSchemeCode } from '../rules/tinScheme.js';
import type { ApiVersion } from '../versions/apiVersion.js';
import { effectiveContactId } from '../versions/protocol.js';

/** The invoice's counterparty once resolved: what the stored invoice keeps about it. */
export interface ResolvedCounterparty {
  /** The contact of the account the invoice is linked to, or null (an unidentified buyer). */
  contact_id: number | null;
  /** The contact as the invoice shows it (`InvoiceContactSchema`), or null when there is none. */
  contact: Invoice['contact'];
  /** The counterparty's bank account (spec §2.4 response fields `contact_iban`, `contact_bic`). */
  contact_iban: string | null;
  contact_bic: string | null;
  /**
   * The contact this request created in the account from the inline contact, for the caller to
   * record (`ContactEvent`) or, when the invoice is then refused, to take back
   * ({@link discardCreatedContact}); null when it linked a contact that was there (or that a
   * concurrent request created first).
   */
  created: Contact | null;
}

/** The request fields the resolution reads. */
export interface CounterpartyRequest {
  type: Invoice['type'];
  contact_id?: number | null | undefined;
  contact?: InlineContact | null | undefined;
}

const PAGE = { offset: 0, limit: 1 } as const;

/** Lookups and links before a contact that keeps vanishing under the request answers 409. */
const LINK_ATTEMPTS = 5;

/** The trimmed text of an identifier, or null when it is absent or blank. */
function presentText(value: string | null | undefined): string | null {
  return isPresent(value) ? (value ?? '').trim() : null;
}

/**
 * The contact of the account with `field` = `value`: a head office first (`parent_id` null), since
 * offices inherit their parent's TIN (spec §2.3 rule 1) and so share it; then any contact, the
 * oldest first.
 */
async function findContact(
  ports: Ports,
  account_id: number,
  where: Record<string, FieldValue>,
): Promise<Versioned<Contact> | null> {
  const head = await ports.store.contacts.find(account_id, { ...where, parent_id: null }, PAGE);
  return head.items[0] ?? (await ports.store.contacts.find(account_id, where, PAGE)).items[0] ?? null;
}

/**
 * Makes sure a contact the invoice is about to link stays: a contact still at version 1 may be one
 * that a concurrent invoice request has just created and is about to take back
 * ({@link discardCreatedContact} removes at version 1 only), so linking moves it to version 2 first
 * (an update with the same content). Either the link's update or the take-back wins, never both.
 * False when the contact is gone (taken back or deleted meanwhile): the caller looks again.
 */
async function keepLinked(ports: Ports, contact: Versioned<Contact>): Promise<boolean> {
  if (contact.version !== 1) return true;
  try {
    await ports.store.contacts.update(contact.value, contact.version);
  } catch (error) {
    if (error instanceof VersionConflictError) return true; // changed, so past version 1: it stays
    if (error instanceof RecordMissingError) return false;
    throw error;
  }
  return true;
}

/** The invoice's view of a stored contact, with the fields the request sent laid over it. */
function snapshotOf(contact: Contact | null, inline: InlineContact | null): Invoice['contact'] {
  const pick = <K extends keyof InlineContact & keyof Contact>(key: K) => {
    const sent = inline?.[key];
    return sent !== undefined && sent !== null && sent !== '' ? sent : (contact?.[key] ?? null);
  };
  return {
    id: contact?.id ?? null,
    name: pick('name') as string | null,
    tin_value: pick('tin_value') as string | null,
    tin_scheme: pick('tin_scheme') as string | null,
    cin_value: pick('cin_value') as string | null,
    cin_scheme: pick('cin_scheme') as string | null,
    country: pick('country') as string | null,
  };
}

function resolved(
  contact: Contact | null,
  inline: InlineContact | null,
  created: Contact | null,
): ResolvedCounterparty {
  const bank = inline?.bank_account ?? contact?.bank_account ?? null;
  return {
    contact_id: contact?.id ?? null,
    contact: snapshotOf(contact, inline),
    contact_iban: bank?.iban ?? null,
    contact_bic: bank?.bic ?? null,
    created,
  };
}

/** Every issue of a contact about to be created, at `contact.…` (the inline contact's own params). */
function atContact(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((issue) => withParam(issue, issue.param === '' ? 'contact' : `contact.${issue.param}`));
}

/**
 * A new contact of the account from an inline contact. `name` and `country` are what every contact
 * needs (`ContactCreateSchema`); an inline contact may leave them out only when it names an existing
 * contact, so here they are `parameter_blank` at `contact.name` / `contact.country`, the schema's own
 * rule checked late (`fiscalkit.schema.required`, as POST /accounts/{account}/contacts answers). The contact
 * rules (routing code pairs, bank account check digits) apply as on POST /accounts/{account}/contacts.
 * The roles follow the invoice: the buyer of an issued document is a client, the seller of a received
 * one a provider, unless the inline contact says otherwise.
 */
async function newContact(
  ports: Ports,
  account_id: number,
  type: Invoice['type'],
  inline: InlineContact,
  version: ApiVersion,
): Promise<Versioned<Contact> & { created: boolean }> {
  const received = type === 'ReceivedInvoice';
  const issues: ValidationIssue[] = [];
  if (!isPresent(inline.name))
    issues.push({
      rule: SCHEMA_RULES.required,
      code: 'parameter_blank',
      param: 'contact.name',
      message: 'contact.name is required to create the contact (or send contact_id)',
    });
  if (!isPresent(inline.country))
    issues.push({
      rule: SCHEMA_RULES.required,
      code: 'parameter_blank',
      param: 'contact.country',
      message: 'contact.country is required to create the contact (or send contact_id)',
    });
  issues.push(...atContact(contactIssues(inline, { version })));
  if (issues.length > 0) throw apiErrorFromIssues(issues);
  const parsed = ContactSchema.safeParse({
    ...inline,
    id: await ports.ids.next('contact'),
    account_id,
    routing_codes: inline.routing_codes ?? {},
    is_client: inline.is_client ?? !received,
    is_provider: inline.is_provider ?? received,
  });
  // The inline contact passed the same field checks (`InlineContactSchema`), so this only fails on a
  // bug; it answers as the request's problem rather than a 500 all the same.
  if (!parsed.success)
    throw new ApiError('parameter_invalid', `contact cannot be stored: ${parsed.error.message}`, {
      param: 'contact',
    });
  // The key makes concurrent requests with one new party create one contact (the later ones get
  // the first one's, `created: false`). A key outlives a change of the contact's identifiers; a
  // contact under the key that no longer has this identifier is another party, so a new contact is
  // made without the key.
  const identifier = presentText(inline.tin_value);
  const key =
    identifier !== null ? `inline:tin:${identifier}` : `inline:cin:${presentText(inline.cin_value) ?? ''}`;
  const inserted = await ports.store.contacts.insert(parsed.data, { key });
  const still =
    identifier !== null
      ? presentText(inserted.value.tin_value) === identifier
      : presentText(inserted.value.cin_value) === presentText(inline.cin_value);
  if (inserted.created || still) return inserted;
  return ports.store.contacts.insert(parsed.data);
}

/**
 * Who the invoice is with (spec §2.4 `contact_id`, `contact`; rule 3), once the rules of
 * `validateInvoice` passed:
 *
 * - `contact_id` (ignored for `IssuedSimplifiedInvoice` from v2026-03-02, `effectiveContactId`) must
 *   name a contact of the same account: another account's contact, or none, is `parameter_invalid` at
 *   `contact_id` (the same answer for both, so nothing leaks). The invoice shows that contact.
 * - An inline `contact` with `tin_value` or `cin_value` links the invoice to the account's contact
 *   with the same `tin_value` (else the same `cin_value`, unless that contact has another TIN), a
 *   head office before its offices; when
 *   there is none, fiscalkit creates it in the account, as a client that sends the same customer
 *   twice expects one contact, not two. The invoice shows the contact with the inline fields laid
 *   over it (what this invoice says about the party); the stored contact is not changed.
 * - An inline contact without either identifier (a simplified invoice's consumer, or an older
 *   version, spec §2.4 rule 3) is kept on the invoice only: an unidentified party cannot be told from
 *   another one, so fiscalkit creates no contact it could never find again.
 * - Neither: no counterparty (a simplified invoice).
 *
 * Under concurrent requests with one new party, one contact is created: the insert is keyed by the
 * identifier (`inline:tin:…`, else `inline:cin:…`), and the requests that find the key taken link
 * the first one's contact (`created` null, so only its creator records the `ContactEvent`). A
 * contact still at version 1 is moved past it before it is linked, so that a refused request's
 * take-back ({@link discardCreatedContact}) never removes a contact another invoice links.
 *
 * @example
 * ```ts
 * const party = await resolveCounterparty(ports, account, { type: 'IssuedInvoice', contact: { name: 'Norte SA', country: 'ES', tin_value: 'B76543214' } }, '2026-04-20');
 * party.contact_id; // the new (or existing) contact's id
 * ```
 */
export async function resolveCounterparty(
  ports: Ports,
  account: Account,
  request: CounterpartyRequest,
  version: ApiVersion,
): Promise<ResolvedCounterparty> {
  // A contact taken back or deleted between the lookup and the link is looked up again.
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt += 1) {
    const party = await resolveOnce(ports, account, request, version);
    if (party !== null) return party;
  }
  throw new ApiError(
    'conflict',
    'the contact of this invoice kept changing while the invoice was written: try again',
    { param: null },
  );
}

/** One lookup of {@link resolveCounterparty}; null when the contact it found vanished before the link. */
async function resolveOnce(
  ports: Ports,
  account: Account,
  request: CounterpartyRequest,
  version: ApiVersion,
): Promise<ResolvedCounterparty | null> {
  const contactId = effectiveContactId(version, request.type, request.contact_id ?? null);
  if (contactId !== null) {
    const stored = await ports.store.contacts.get(account.id, contactId);
    if (stored === null || !(await keepLinked(ports, stored)))
      throw new ApiError(
        'parameter_invalid',
        `contact_id ${String(contactId)} is not a contact of account ${String(account.id)}`,
        { param: 'contact_id' },
      );
    return resolved(stored.value, null, null);
  }
  // A `tin_scheme` word (spec §2.3 "e.g. VAT, TAX", judged by `invoiceIssues`) is the code of the
  // inline contact's country: on the invoice, and on a contact created from it.
  const sent = request.contact ?? null;
  const inline = sent === null ? null : withTinSchemeCode(sent, sent.country);
  if (inline === null) return { ...resolved(null, null, null), contact: null };
  const tin = presentText(inline.tin_value);
  const cin = presentText(inline.cin_value);
  if (tin === null && cin === null) return resolved(null, inline, null);
  const byTin = tin === null ? null : await findContact(ports, account.id, { tin_value: tin });
  const byCin =
    byTin !== null || cin === null ? null : await findContact(ports, account.id, { cin_value: cin });
  // A contact found by its CIN whose TIN is another one is another party: it is not linked.
  const existing =
    byTin ?? (byCin !== null && tin !== null && isPresent(byCin.value.tin_value) ? null : byCin);
  if (existing !== null)
    return (await keepLinked(ports, existing)) ? resolved(existing.value, inline, null) : null;
  const inserted = await newContact(ports, account.id, request.type, inline, version);
  if (inserted.created) return resolved(inserted.value, inline, inserted.value);
  // A concurrent request created it first: link it (and keep it), as any existing contact.
  return (await keepLinked(ports, inserted)) ? resolved(inserted.value, inline, null) : null;
}

/**
 * Takes back the contact a refused invoice request created (`party.created`): the invoice was not
 * stored (its number was taken meanwhile), so the contact would be an orphan the client never asked
 * for on its own. It stays when anything links it: an invoice, an order or a despatch advice
 * (`contact_id`) or an office (`parent_id`), or when it changed since its creation (version 1 is
 * the version this request's insert stored; an invoice that links it moves it past 1, `keepLinked`).
 * Answers whether it was removed.
 *
 * @example
 * ```ts
 * const party = await resolveCounterparty(ports, account, request, version);
 * // … the invoice is refused:
 * await discardCreatedContact(ports, party);
 * ```
 */
export async function discardCreatedContact(
  ports: Ports,
  party: ResolvedCounterparty | null,
): Promise<boolean> {
  const contact = party?.created ?? null;
  if (contact === null) return false;
  const { account_id, id } = contact;
  const linking = await Promise.all([
    ports.store.invoices.find(account_id, { contact_id: id }, PAGE),
    ports.store.orders.find(account_id, { contact_id: id }, PAGE),
    ports.store.despatchAdvices.find(account_id, { contact_id: id }, PAGE),
    ports.store.contacts.find(account_id, { parent_id: id }, PAGE),
  ]);
  if (linking.some((page) => page.total_count > 0)) return false;
  try {
    await ports.store.contacts.remove(account_id, id, 1);
  } catch (error) {
    if (error instanceof VersionConflictError || error instanceof RecordMissingError) return false;
    throw error;
  }
  return true;
}
