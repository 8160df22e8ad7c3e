/**
 * The seller (BG-4) and the buyer (BG-7) of an EN 16931 invoice: the account that issued it and the
 * invoice's contact (or, without a stored contact, the contact summary the invoice keeps, as the tax
 * reports read it: `invoiceParty`). The identifiers are `partyIdentifiers.ts`'; here each lands in its
 * business term:
 *
 * | fiscalkit | seller | buyer |
 * |---|---|---|
 * | `name` | BT-27 | BT-44 |
 * | `routing_codes` `cin1…5` (additional company identifiers, spec §2.2) | BT-29 (each) | BT-46 (the first, beside a VAT number in BT-48) |
 * | `cin_value` / `cin_scheme` | BT-30 | BT-47 |
 * | a VAT number (`tin_*`) | BT-31 | BT-48 |
 * | another tax id (`tin_*`) | BT-32 | BT-46 |
 * | the Peppol transport's participant (`pin_*`), else `cin` / `tin` with an EAS scheme, else (XRechnung) `email` as `EM` | BT-34 | — |
 * | `cin` / `tin` with an EAS scheme, else (XRechnung) `email` as `EM` | — | BT-49 |
 * | `address`, `address2`, `city`, `postalcode`, `province`, `country` | BG-5 | BG-8 |
 * | `phone`, `email` (and the contact point, below) | BG-6 | BG-9 |
 *
 * Decisions:
 *
 * - **Not subject to VAT (`O`).** EN 16931 BR-O-02…04 forbid the seller's and the buyer's VAT
 *   identifiers on an invoice of category `O`. The seller's VAT number then goes to BT-32 (its tax
 *   registration, which BR-O does not forbid) and, since BR-CO-26 wants the seller identified by BT-29,
 *   BT-30 or BT-31, also to BT-29; the buyer's stays out (its electronic address usually
 *   still carries it, and a reader takes it back from there).
 * - **Contact point.** The buyer's BT-56 is the invoice's `customer_contact_person`, else the
 *   contact's `contact_person`. The account has no contact person: XRechnung requires one (BR-DE-5),
 *   so where the German rules apply (XRechnung, and Peppol between German parties, DE-R-005) the
 *   seller's BT-41 is the account's name (a company's name is a contact point a
 *   buyer can address); the other specifications leave it out.
 *
 * @module
 */

import { schemeCode } from '../../identifiers/schemeCode.js';
import type { Invoice } from '../../model/invoice.js';
import { presentText } from '../../model/presentText.js';
import type { RoutingCodes } from '../../model/routingCodes.js';
import type { En16931Address, En16931Contact, En16931Identifier, En16931Party } from './en16931Invoice.js';
import {
  endpointOf,
  identifierValue,
  isIcd,
  legalRegistrationOf,
  otherTaxIdOf,
  type PartyIds,
  vatIdentifierOf,
} from './partyIdentifiers.js';

/** What decides how parties are written besides their own fields. */
export interface PartyOptions {
  /** Whether the invoice is of category `O` (BR-O-02: no VAT identifiers). */
  readonly not_subject: boolean;
  /** Whether the seller's contact point must be named (XRechnung BR-DE-5; Peppol DE-R-005 between German parties). */
  readonly seller_contact_name: boolean;
  /**
   * Whether a party without an EAS identifier has its email address as electronic address (EAS `EM`):
   * for XRechnung, which requires both addresses (R010, R020) and whose own examples address parties
   * by email; Peppol's list has no `EM`.
   */
  readonly email_endpoint: boolean;
}

/** A present text, or undefined. */
function given(value: string | null | undefined): string | undefined {
  return presentText(value) ?? undefined;
}

/** An identifier with its scheme when the scheme is an ICD (BR-CL-10), without one otherwise. */
function icdIdentifier(id: string, scheme: string | null | undefined): En16931Identifier {
  const code = schemeCode(scheme);
  return {
    id: identifierValue(code ?? undefined, id),
    scheme: code !== null && isIcd(code) ? code : undefined,
  };
}

/**
 * The additional company identifiers of `routing_codes` (`cin1_value` … `cin5_value`, spec §2.2), in
 * slot order, as identifiers (BT-29 / BT-46).
 *
 * @example
 * ```ts
 * routingIdentifiers({ cin1_value: '5790000435975', cin1_scheme: '0088' }); // [{ id: '5790000435975', scheme: '0088' }]
 * ```
 */
export function routingIdentifiers(codes: RoutingCodes | null | undefined): En16931Identifier[] {
  if (codes === null || codes === undefined) return [];
  const identifiers: En16931Identifier[] = [];
  for (const slot of [1, 2, 3, 4, 5] as const) {
    const value = presentText(codes[`cin${slot}_value`]);
    if (value !== null) identifiers.push(icdIdentifier(value, codes[`cin${slot}_scheme`]));
  }
  return identifiers;
}

/** The email address as an `EM` electronic address, when the options allow it (`email_endpoint`). */
function emailEndpoint(
  email: string | null | undefined,
  options: PartyOptions,
): En16931Identifier | undefined {
  const address = given(email);
  return options.email_endpoint && address !== undefined ? { id: address, scheme: 'EM' } : undefined;
}

/** BG-5 / BG-8 from a party's address fields. */
function addressOf(party: {
  readonly address?: string | null | undefined;
  readonly address2?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly postalcode?: string | null | undefined;
  readonly province?: string | null | undefined;
  readonly country: string;
}): En16931Address {
  return {
    line1: given(party.address),
    line2: given(party.address2),
    city: given(party.city),
    postal_code: given(party.postalcode),
    subdivision: given(party.province),
    country: party.country.trim().toUpperCase(),
  };
}

/** A contact group, or undefined when it says nothing. */
function contactOf(contact: En16931Contact): En16931Contact | undefined {
  return contact.name === undefined && contact.phone === undefined && contact.email === undefined
    ? undefined
    : contact;
}

/**
 * A party as fiscalkit keeps one: an account, a contact, or the contact summary an invoice keeps (which
 * has no address, phone or email). Every field is read when present.
 */
export interface PartySource extends PartyIds {
  readonly name?: string | null | undefined;
  readonly address?: string | null | undefined;
  readonly address2?: string | null | undefined;
  readonly city?: string | null | undefined;
  readonly postalcode?: string | null | undefined;
  readonly province?: string | null | undefined;
  readonly email?: string | null | undefined;
  readonly phone?: string | null | undefined;
  readonly contact_person?: string | null | undefined;
  readonly routing_codes?: RoutingCodes | null | undefined;
}

/** The name and country of a party, or null when it lacks either (BR-6, BR-7, BR-9, BR-11). */
function nameAndCountry(party: PartySource): { name: string; country: string } | null {
  const name = presentText(party.name);
  const country = presentText(party.country);
  return name === null || country === null ? null : { name, country };
}

/**
 * BG-4, the seller: the account (module table), with the Peppol participant of its transport as BT-34
 * when it has one; for an invoice the account receives (`ReceivedInvoice`, `IssuedSelfInvoice`), the
 * contact. `undefined` without a name and a country.
 *
 * @example
 * ```ts
 * sellerOf({ ...account, tin_scheme: '9920', tin_value: 'B12345674' }, null, { not_subject: false, seller_contact_name: false, email_endpoint: false })?.vat_identifier;
 * // 'ESB12345674'
 * ```
 */
export function sellerOf(
  party: PartySource,
  participant: En16931Identifier | null | undefined,
  options: PartyOptions,
): En16931Party | undefined {
  const named = nameAndCountry(party);
  if (named === null) return undefined;
  const vat = vatIdentifierOf(party);
  const other = otherTaxIdOf(party);
  const endpoint =
    participant === null || participant === undefined
      ? (endpointOf(party) ?? emailEndpoint(party.email, options))
      : { id: identifierValue(participant.scheme, participant.id), scheme: participant.scheme };
  return {
    name: named.name,
    // BR-O-02 keeps the VAT number out of BT-31 on an O invoice; BR-CO-26 still wants the seller
    // identified, so it is also the first seller identifier (BT-29, without an ICD scheme).
    identifiers: [
      ...(options.not_subject && vat !== undefined ? [{ id: vat, scheme: undefined }] : []),
      ...routingIdentifiers(party.routing_codes),
    ],
    legal_registration: legalRegistrationOf(party),
    vat_identifier: options.not_subject ? undefined : vat,
    tax_registration: options.not_subject && vat !== undefined ? vat : other?.id,
    electronic_address: endpoint,
    address: addressOf({ ...party, country: named.country }),
    contact: contactOf({
      name: options.seller_contact_name ? named.name : undefined,
      phone: given(party.phone),
      email: given(party.email),
    }),
  };
}

/**
 * BG-7, the buyer: the invoice's contact, else the summary the invoice keeps (module table); for an
 * invoice the account receives, the account, whose Peppol participant is then `participant`.
 * `undefined` without a name and a country (BR-7, BR-11: the caller refuses it).
 *
 * @example
 * ```ts
 * buyerOf({ ...contact, tin_scheme: '9930', tin_value: '123456789', country: 'DE' }, null, invoice, { not_subject: false, seller_contact_name: false, email_endpoint: false })?.vat_identifier;
 * // 'DE123456789'
 * ```
 */
export function buyerOf(
  party: PartySource,
  participant: En16931Identifier | null | undefined,
  invoice: Pick<Invoice, 'customer_contact_person'>,
  options: PartyOptions,
): En16931Party | undefined {
  const named = nameAndCountry(party);
  if (named === null) return undefined;
  const other = otherTaxIdOf(party);
  const routing = routingIdentifiers(party.routing_codes);
  const vat = options.not_subject ? undefined : vatIdentifierOf(party);
  // BT-46 is the tax id when it is not a VAT number; beside a written VAT number (BT-48), the first
  // additional identifier. Never both: a reader takes a lone BT-46 for the tax id.
  const identifier =
    other !== undefined ? icdIdentifier(other.id, other.scheme) : vat === undefined ? undefined : routing[0];
  return {
    name: named.name,
    identifiers: identifier === undefined ? [] : [identifier],
    legal_registration: legalRegistrationOf(party),
    vat_identifier: vat,
    electronic_address:
      participant === null || participant === undefined
        ? (endpointOf(party) ?? emailEndpoint(party.email, options))
        : { id: identifierValue(participant.scheme, participant.id), scheme: participant.scheme },
    address: addressOf({ ...party, country: named.country }),
    contact: contactOf({
      name: given(invoice.customer_contact_person) ?? given(party.contact_person),
      phone: given(party.phone),
      email: given(party.email),
    }),
  };
}
