import { padSchemeCode } from '../../identifiers/schemeCode.js';
import { isLosslessNumber } from '../../money/losslessNumber.js';
import { type ResourceChange, renamedField, type VersionChanges } from '../change.js';
import { type JsonObject, updatePath } from '../fieldPath.js';
import type { ResourceKind } from '../resourceKind.js';
import { moneyModelChange } from './moneyModel.js';

/**
 * The placeholder older versions return for an identifier whose scheme is unknown (api-notes.md
 * §3.2: "an unknown scheme gives `null` instead of `"0001"`"). 0001 is not an assigned ISO 6523
 * code (`src/codelists/schemes.ts`), so it cannot be mistaken for a real scheme.
 */
export const LEGACY_UNKNOWN_SCHEME = '0001';

/** A scheme field and the value field it qualifies, as keys of the same object. */
interface SchemePair {
  scheme: string;
  value: string;
}

const IDENTIFIERS: readonly SchemePair[] = [
  { scheme: 'tin_scheme', value: 'tin_value' },
  { scheme: 'cin_scheme', value: 'cin_value' },
];
const ROUTING_CODES: readonly SchemePair[] = [1, 2, 3, 4, 5].map((slot) => ({
  scheme: `cin${slot}_scheme`,
  value: `cin${slot}_value`,
}));
const PARTICIPANT: readonly SchemePair[] = [{ scheme: 'pin_scheme', value: 'pin_value' }];

/** Where scheme fields live in one kind: the parent object (`''` = the resource itself) and its pairs. */
interface SchemePlace {
  parent: string;
  pairs: readonly SchemePair[];
}

/**
 * Every ISO 6523 / Peppol EAS scheme field fiscalkit models, per kind, in response and request shape
 * alike (the invoice's `contact` is the inline contact in a request and the contact summary in a
 * response; `third_party` is the same object in both). The KSeF `third_party_scheme` /
 * `third_party_tax_scheme` and the SII `*_party_tax_scheme` fields are not ISO 6523 codes (free text
 * and SII codes), so they are not touched.
 */
const SCHEME_PLACES: Partial<Record<ResourceKind, readonly SchemePlace[]>> = {
  account: [
    { parent: '', pairs: IDENTIFIERS },
    { parent: 'routing_codes', pairs: ROUTING_CODES },
  ],
  contact: [
    { parent: '', pairs: IDENTIFIERS },
    { parent: 'routing_codes', pairs: ROUTING_CODES },
  ],
  invoice: [
    { parent: 'contact', pairs: IDENTIFIERS },
    { parent: 'contact.routing_codes', pairs: ROUTING_CODES },
    { parent: 'third_party', pairs: IDENTIFIERS },
  ],
  transport: [{ parent: '', pairs: PARTICIPANT }],
};

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** Applies `rewrite` to the object at `parent` (the resource itself for `''`), when there is one. */
function atParent(
  resource: JsonObject,
  parent: string,
  rewrite: (object: JsonObject) => JsonObject,
): JsonObject {
  if (parent === '') return rewrite(resource);
  return updatePath(resource, parent, (holder, key) => {
    const child = holder[key];
    return isObject(child) ? { ...holder, [key]: rewrite(child) } : holder;
  });
}

function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
}

/**
 * A stored scheme as versions before v2026-03-02 write it: without the zero padding (`0007` → `7`,
 * `9920` stays), and `"0001"` when the identifier has a value but its scheme is unknown (null).
 * A null scheme next to an absent or null value means "no identifier", not "unknown scheme", and
 * stays null in every version.
 */
function legacyScheme(scheme: unknown, value: unknown): unknown {
  if (scheme === null || scheme === undefined) return isPresent(value) ? LEGACY_UNKNOWN_SCHEME : scheme;
  if (typeof scheme === 'string' && /^\d{4}$/.test(scheme)) return scheme.replace(/^0+(?=\d)/, '');
  return scheme;
}

/**
 * A scheme as sent in a request of a version before v2026-03-02, in the newest shape: zero-padded
 * (`7` → `0007`; the canonical parser pads too, but the normalized request should already be
 * canonical), and the unknown-scheme placeholder `0001` read back as null ("unknown"), so that a
 * client that sends back what it was given does not fail the scheme catalogue. A lossless JSON number
 * or a plain integer (the legacy documentation shows `"tin_scheme": 9930`) is read as its digits.
 * Anything else is left for the parser to refuse.
 */
function canonicalScheme(scheme: unknown): unknown {
  let digits: string | null = null;
  if (typeof scheme === 'string') digits = scheme;
  else if (isLosslessNumber(scheme)) digits = scheme.value;
  else if (typeof scheme === 'number' && Number.isInteger(scheme) && scheme >= 0 && scheme <= 9999)
    digits = String(scheme);
  if (digits === null) return scheme;
  const padded = padSchemeCode(digits);
  if (padded === null) return scheme;
  return padded === LEGACY_UNKNOWN_SCHEME ? null : padded;
}

function downgradeSchemes(kind: ResourceKind) {
  return (response: JsonObject): JsonObject =>
    (SCHEME_PLACES[kind] ?? []).reduce(
      (current, place) =>
        atParent(current, place.parent, (object) => {
          let result = object;
          for (const pair of place.pairs) {
            const hasScheme = Object.hasOwn(object, pair.scheme);
            if (!hasScheme && !isPresent(object[pair.value])) continue;
            const written = legacyScheme(object[pair.scheme], object[pair.value]);
            if (written !== object[pair.scheme] || !hasScheme) result = { ...result, [pair.scheme]: written };
          }
          return result;
        }),
      response,
    );
}

function upgradeSchemes(kind: ResourceKind) {
  return (request: JsonObject): JsonObject =>
    (SCHEME_PLACES[kind] ?? []).reduce(
      (current, place) =>
        atParent(current, place.parent, (object) => {
          let result = object;
          for (const pair of place.pairs) {
            if (!Object.hasOwn(object, pair.scheme)) continue;
            const read = canonicalScheme(object[pair.scheme]);
            if (read !== object[pair.scheme]) result = { ...result, [pair.scheme]: read };
          }
          return result;
        }),
      request,
    );
}

/**
 * The scheme change of one kind (api-notes.md §3.2; spec §2.2 for the routing codes): the same
 * fields in every version, written differently, so it adds and removes no path.
 */
function paddedSchemes(kind: ResourceKind, fields: string): ResourceChange {
  return {
    kind,
    description: `api-notes.md §3.2: ${fields} are zero-padded 4-character strings and an unknown scheme is null (older versions: unpadded, and "0001" for unknown)`,
    downgrade: downgradeSchemes(kind),
    upgrade: upgradeSchemes(kind),
  };
}

/**
 * v2026-03-02 over v2025-10-13 (api-notes.md §3.2; the spec shows no content for it, §9 rule 2), for
 * the fields fiscalkit models:
 *
 * - Invoice `type_document` renamed to `type_code` (older requests may send either; the new name
 *   wins when both are sent).
 * - `tin_scheme`, `cin_scheme`, `pin_scheme` are zero-padded 4-character strings, and an unknown
 *   scheme is null instead of `"0001"`. fiscalkit applies the same to the routing-code schemes
 *   (`routing_codes.cinN_scheme`), which are the same catalogue (spec §2.2 states the padded form for
 *   them); on the invoice it covers the contact summary, the inline contact and the third party.
 *   "Unknown" needs an identifier: a null scheme whose value is present is written `"0001"` to older
 *   versions, a null scheme without a value (no identifier at all) stays null. Older requests are
 *   padded, and `"0001"` is read back as null (unknown) rather than refused by the scheme catalogue.
 *   The older form is written as a string without padding (`"7"`); the legacy documentation once
 *   shows a JSON number (`"tin_scheme": 9930`), which older requests may also send.
 * - Contact `is_provider` defaults to true: an older create request (POST, or PUT of the whole
 *   contact) without it, or with null, means `is_provider: false`. The inline contact of an invoice
 *   create is left alone: whether the service creates a contact from it or matches an existing one
 *   is not documented, and writing `false` into it could change an existing contact.
 *
 * Protocol facts of this version are in `protocol.ts`: POST create returns 201 (previously 200), the
 * request-id header renamed to `X-B2B-API-Request-Id`, and `contact_id` ignored for
 * `IssuedSimplifiedInvoice` (the behaviour `simplified_invoice_ignores_contact_id`).
 *
 * - The invoice's money model (issue #19, `moneyModelChange`): line `base_quantity` (older responses
 *   return `price / base_quantity` in `price`) and `allowance_charges_attributes` at line and invoice
 *   level, which replaced the flat discount and charge fields (`discount_amount`, `discount_percent`,
 *   `discount_text`, `charge_amount`, `charge_percent`, `charge_reason`, and at invoice level
 *   `apply_taxes_to_charge`, `charge_is_reimbursable_expense`): older requests' flat fields are read
 *   as list entries, older responses show the entries as flat fields where they can; and
 *   `payments_on_account`, whose sum is the `prepaid_amount` every version returns.
 *
 * Not modelled by fiscalkit, so not mapped here: `tax_currency_code` (ignored: it changes no amount)
 * and `tax_amount_in_tax_currency` (refused, `invoiceAmountFieldIssues`); the tax report fields
 * `annulled_by_id`, `corrected_by_id`, `payment_account_name`, `purchase_order_reference`,
 * `sales_order_reference`, `tax_inclusive_amount_before_allowances_and_charges` and line
 * `item_seller_identifier`, `item_standard_identifier`; the bank account's `is_default`; and the list
 * `query` parameter that replaced the `taxcode` filter (list queries are not versioned resources).
 */
export const V2026_03_02: VersionChanges = {
  version: '2026-03-02',
  summary:
    'type_code, zero-padded schemes, is_provider defaults to true, 201 on create, base_quantity and allowance_charges_attributes (api-notes.md §3.2).',
  changes: [
    renamedField(
      'invoice',
      'type_document',
      'type_code',
      'api-notes.md §3.2, §8.1: invoice type_document renamed to type_code',
    ),
    paddedSchemes('account', 'account tin_scheme, cin_scheme and routing_codes schemes'),
    paddedSchemes('contact', 'contact tin_scheme, cin_scheme and routing_codes schemes'),
    paddedSchemes('invoice', 'invoice contact and third_party tin_scheme and cin_scheme'),
    paddedSchemes('transport', 'transport pin_scheme'),
    moneyModelChange(),
    {
      kind: 'contact',
      description:
        'api-notes.md §3.2: contact is_provider defaults to true; an older create request without it means is_provider false',
      upgrade: (request, context) =>
        context.operation === 'create' && (request.is_provider === undefined || request.is_provider === null)
          ? { ...request, is_provider: false }
          : request,
    },
  ],
};
