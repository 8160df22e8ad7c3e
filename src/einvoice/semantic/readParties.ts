/**
 * The parties of an EN 16931 invoice as fiscalkit resources, for `invoiceFromEn16931`: the seller
 * (BG-4) as account fields, the buyer (BG-7) as contact fields — the inverse of `parties.ts`, so that a
 * seller and buyer created from them are written as the same parties again:
 *
 * - **Tax id.** The seller's VAT identifier (BT-31), else its tax registration (BT-32); the buyer's VAT
 *   identifier (BT-48), else its identifier (BT-46, with its scheme), else (an invoice of category `O`,
 *   which states no VAT identifiers, BR-O-02) its electronic address when that is a VAT number scheme. A
 *   VAT identifier becomes the VAT scheme of its prefix and the number without it (`ESB12345674` →
 *   9920 `B12345674`; `partyIdentifiers.ts` `tinOfVatIdentifier`).
 * - **Company id.** The legal registration (BT-30 / BT-47) with its scheme.
 * - **Other identifiers.** The seller's identifiers (BT-29) are `routing_codes` `cin1…cin5` (spec §2.2:
 *   "additional company identifiers"), except the one that repeats its VAT number on an `O` invoice;
 *   the buyer's BT-46, when the tax id came from BT-48, is `routing_codes.cin1`. A routing code needs a
 *   known scheme and there are five: identifiers without one, or beyond five, are not carried (they
 *   change no amount).
 * - **Electronic address.** The seller's is returned as `seller_endpoint` (the account's Peppol
 *   participant) when its scheme is one the service keeps as a transport's `pin_scheme` (a known scheme
 *   code); an email address (`EM`) becomes the account's `email` when it has none. The buyer's, when its tax id and company id do not give it again, becomes its
 *   company id (if it has none and the scheme is one fiscalkit knows), else its next routing code
 *   (with a known scheme); an email address (`EM`) is the contact's `email` when it has none or the
 *   same. An address of an EAS scheme fiscalkit does not know is not carried.
 * - **Contact.** The seller's phone and email (its contact point name has no account field); the
 *   buyer's contact point is `contact_person`.
 *
 * @module
 */

import { schemeCode } from '../../identifiers/schemeCode.js';
import type { AccountCreate } from '../../model/account.js';
import type { ContactCreate } from '../../model/contact.js';
import type { RoutingCodes } from '../../model/routingCodes.js';
import type { En16931Address, En16931Identifier, En16931Party } from './en16931Invoice.js';
import { compactId, endpointOf, tinOfVatIdentifier, vatPrefix, vatSchemeOf } from './partyIdentifiers.js';

/** Account or contact address fields of BG-5 / BG-8. */
function addressFields(address: En16931Address) {
  return {
    address: address.line1 ?? null,
    address2: address.line2 ?? null,
    city: address.city ?? null,
    postalcode: address.postal_code ?? null,
    province: address.subdivision ?? null,
    country: address.country.trim().toUpperCase(),
  };
}

/**
 * Routing codes from identifiers, in slot order: those with a scheme fiscalkit knows (a routing code
 * needs its scheme, spec §2.2), five at most.
 */
function routingCodes(identifiers: readonly En16931Identifier[]): RoutingCodes | null {
  const known = identifiers.filter((identifier) => schemeCode(identifier.scheme) !== null).slice(0, 5);
  if (known.length === 0) return null;
  const codes: RoutingCodes = {};
  known.forEach((identifier, index) => {
    const slot = (index + 1) as 1 | 2 | 3 | 4 | 5;
    codes[`cin${slot}_value`] = identifier.id;
    codes[`cin${slot}_scheme`] = schemeCode(identifier.scheme);
  });
  return codes;
}

/** A tax id from a tax registration (BT-32): a VAT number when it has the seller's own prefix. */
function tinOfRegistration(value: string, country: string): { tin_scheme: string | null; tin_value: string } {
  const compact = compactId(value);
  return compact.startsWith(vatPrefix(country)) && vatSchemeOf(compact) !== undefined
    ? tinOfVatIdentifier(compact)
    : { tin_scheme: null, tin_value: value };
}

/**
 * The seller as account fields, and its electronic address (module comment).
 *
 * @example
 * ```ts
 * sellerFromParty(document.seller).account.tin_value; // 'B12345674' (tin_scheme '9920')
 * ```
 */
export function sellerFromParty(party: En16931Party): {
  account: AccountCreate;
  endpoint: { scheme: string; id: string } | undefined;
} {
  const address = addressFields(party.address);
  const tin =
    party.vat_identifier !== undefined
      ? tinOfVatIdentifier(party.vat_identifier)
      : party.tax_registration !== undefined
        ? tinOfRegistration(party.tax_registration, address.country)
        : { tin_scheme: null, tin_value: null };
  const repeated = party.vat_identifier ?? party.tax_registration;
  const identifiers = party.identifiers.filter(
    (identifier) => repeated === undefined || compactId(identifier.id) !== compactId(repeated),
  );
  const address_ = party.electronic_address;
  // A participant the service can keep as the Peppol transport's `pin_scheme` / `pin_value` (a known
  // scheme code); an email address (EM) is the account's email, from which XRechnung writes it again.
  const scheme = schemeCode(address_?.scheme);
  let email = party.contact?.email ?? null;
  if (address_?.scheme === 'EM' && email === null) email = address_.id;
  return {
    account: {
      name: party.name,
      ...tin,
      cin_scheme: schemeCode(party.legal_registration?.scheme) ?? null,
      cin_value: party.legal_registration?.id ?? null,
      routing_codes: routingCodes(identifiers),
      ...address,
      email,
      phone: party.contact?.phone ?? null,
    },
    endpoint: address_ === undefined || scheme === null ? undefined : { scheme, id: address_.id },
  };
}

/**
 * The buyer as contact fields (module comment).
 *
 * @example
 * ```ts
 * buyerFromParty(document.buyer).cin_scheme; // '0208'
 * ```
 */
export function buyerFromParty(party: En16931Party): ContactCreate {
  const address = addressFields(party.address);
  const first = party.identifiers[0];
  let tin: { tin_scheme: string | null; tin_value: string | null } = { tin_scheme: null, tin_value: null };
  let routing: En16931Identifier[] = [];
  if (party.vat_identifier !== undefined) {
    tin = tinOfVatIdentifier(party.vat_identifier);
    routing = party.identifiers.slice(0, 1);
  } else if (first !== undefined) tin = { tin_scheme: schemeCode(first.scheme) ?? null, tin_value: first.id };
  let cin = {
    cin_scheme: schemeCode(party.legal_registration?.scheme) ?? null,
    cin_value: party.legal_registration?.id ?? null,
  };
  const endpoint = party.electronic_address;
  // A tax id without scheme that is the electronic address takes the address's scheme (9959 EIN, …).
  if (endpoint?.scheme !== undefined && tin.tin_scheme === null && tin.tin_value === endpoint.id)
    tin = { ...tin, tin_scheme: schemeCode(endpoint.scheme) ?? null };
  // A company id without scheme that is the electronic address takes the address's scheme: BT-47's
  // scheme is an ICD code only, so a 9920 company id is written without one and keeps its scheme only
  // on BT-49 (issue #23: an imported buyer stays a Peppol recipient).
  if (endpoint?.scheme !== undefined && cin.cin_scheme === null && cin.cin_value === endpoint.id)
    cin = { ...cin, cin_scheme: schemeCode(endpoint.scheme) ?? null };
  let email = party.contact?.email ?? null;
  if (endpoint?.scheme === 'EM' && (email === null || email === endpoint.id)) email = endpoint.id;
  else if (endpoint !== undefined) {
    const derived = endpointOf({ ...tin, ...cin, country: address.country });
    if (derived?.id !== endpoint.id || derived.scheme !== endpoint.scheme) {
      const vatScheme = endpoint.scheme !== undefined && vatSchemeOf(endpoint.id) === endpoint.scheme;
      if (tin.tin_value === null && vatScheme) tin = tinOfVatIdentifier(endpoint.id);
      else if (cin.cin_value === null && schemeCode(endpoint.scheme) !== null)
        cin = { cin_scheme: schemeCode(endpoint.scheme), cin_value: endpoint.id };
      else routing = [...routing, endpoint];
    }
  }
  return {
    name: party.name,
    ...tin,
    ...cin,
    routing_codes: routingCodes(routing),
    ...address,
    email,
    phone: party.contact?.phone ?? null,
    contact_person: party.contact?.name ?? null,
  };
}
