import { ApiError } from '../errors/ApiError.js';
import { apiErrorFromIssues, type ValidationIssue } from '../errors/validationIssue.js';
import { withParam } from '../generate/params.js';
import type { Account } from '../model/account.js';
import { type Contact, ContactSchema } from '../model/contact.js';
import type { InlineContact, Invoice } from '../model/invoice.js';
import type { FieldValue, Ports } from '../ports.js';
import { contactIssues } from '../rules/contact.js';
import { isPresent } from '../rules/issue.js';
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
  /** The contact the inline contact created in the account, for the caller to record; else null. */
  created: Contact | null;
}

/** The request fields the resolution reads. */
export interface CounterpartyRequest {
  type: Invoice['type'];
  contact_id?: number | null | undefined;
  contact?: InlineContact | null | undefined;
}

const PAGE = { offset: 0, limit: 1 } as const;

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
): Promise<Contact | null> {
  const head = await ports.store.contacts.find(account_id, { ...where, parent_id: null }, PAGE);
  const found = head.items[0] ?? (await ports.store.contacts.find(account_id, where, PAGE)).items[0];
  return found?.value ?? null;
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
 * contact, so here they are `parameter_blank` at `contact.name` / `contact.country`. The contact
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
): Promise<Contact> {
  const received = type === 'ReceivedInvoice';
  const issues: ValidationIssue[] = [];
  if (!isPresent(inline.name))
    issues.push({
      code: 'parameter_blank',
      param: 'contact.name',
      message: 'contact.name is required to create the contact (or send contact_id)',
    });
  if (!isPresent(inline.country))
    issues.push({
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
  return (await ports.store.contacts.insert(parsed.data)).value;
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
  const contactId = effectiveContactId(version, request.type, request.contact_id ?? null);
  if (contactId !== null) {
    const stored = await ports.store.contacts.get(account.id, contactId);
    if (stored === null)
      throw new ApiError(
        'parameter_invalid',
        `contact_id ${String(contactId)} is not a contact of account ${String(account.id)}`,
        { param: 'contact_id' },
      );
    return resolved(stored.value, null, null);
  }
  const inline = request.contact ?? null;
  if (inline === null) return { ...resolved(null, null, null), contact: null };
  const tin = presentText(inline.tin_value);
  const cin = presentText(inline.cin_value);
  if (tin === null && cin === null) return resolved(null, inline, null);
  const byTin = tin === null ? null : await findContact(ports, account.id, { tin_value: tin });
  const byCin =
    byTin !== null || cin === null ? null : await findContact(ports, account.id, { cin_value: cin });
  // A contact found by its CIN whose TIN is another one is another party: it is not linked.
  const existing = byTin ?? (byCin !== null && tin !== null && isPresent(byCin.tin_value) ? null : byCin);
  if (existing !== null) return resolved(existing, inline, null);
  const created = await newContact(ports, account.id, request.type, inline, version);
  return resolved(created, inline, created);
}
