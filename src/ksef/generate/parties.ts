import type { KsefTypeCode } from '../../codelists/invoiceTypes.js';
import type { Validated } from '../../errors/validationIssue.js';
import { accountTaxId, invoiceParty, partyCountry, refused, taxIdPrefix } from '../../generate/parties.js';
import { checkPolishNip } from '../../identifiers/polishNip.js';
import type { Account } from '../../model/account.js';
import type { Contact } from '../../model/contact.js';
import type { Invoice } from '../../model/invoice.js';
import type { KsefTaxReportCreate } from '../../model/ksefTaxReport.js';
import type { KsefThirdPartyRole } from '../../model/ksefThirdParty.js';
import { presentText } from '../../model/presentText.js';
import { ROUTING_CODE_SLOTS } from '../../model/routingCodes.js';
import type { ThirdPartyRole } from '../../model/thirdParty.js';
import { thirdPartyFlagIssues } from '../../rules/thirdParty.js';
import { TNIP_ID_WEW } from '../build/fa3Types.js';
import {
  customerIdentification,
  euCodeOf,
  FA3_EU_CODES,
  looksLikePolishNip,
  thirdPartyIdentification,
} from '../partyIdentification.js';

/**
 * The street line `AdresL1` of a party: `address`, and `address2` after a comma (FA(3) has two lines
 * and the second is "postcode city", ksef-fa3.md §6.1).
 */
function streetLine(address: string | null | undefined, address2: string | null | undefined): string | null {
  const parts = [presentText(address), presentText(address2)].filter((part) => part !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The seller's fields of a Ksef report (`Podmiot1`, `Stopka/Rejestry`). */
export type SupplierFields = Pick<
  KsefTaxReportCreate,
  | 'supplier_party_tax_id'
  | 'supplier_party_name'
  | 'supplier_party_address'
  | 'supplier_party_postalcode'
  | 'supplier_party_city'
  | 'supplier_party_country'
  | 'supplier_contact_email'
  | 'supplier_contact_phone'
  | 'supplier_party_krs'
  | 'supplier_party_regon'
  | 'supplier_party_bdo'
>;

/** The register of each routing-code scheme (spec §2.7 rule 2). */
const REGISTER_OF_SCHEME: Readonly<
  Record<string, 'supplier_party_krs' | 'supplier_party_regon' | 'supplier_party_bdo'>
> = {
  '8037': 'supplier_party_krs',
  '8036': 'supplier_party_regon',
  '8038': 'supplier_party_bdo',
};

/** The seller's NIP (ksef-fa3.md §6.1: "only a Polish NIP is possible here"; §4: KSeF checks its check digit). */
const SELLER_NIP = {
  rule: 'ksef.6.1.seller-nip',
  check: checkPolishNip,
  blank: 'is required: the seller of an FA(3) invoice is identified by its Polish NIP (Podmiot1/NIP)',
  invalid:
    'must be a valid Polish NIP (10 digits with a correct check digit): only a NIP can identify the seller in FA(3) Podmiot1',
};

/** The message of a NIP of the right shape with a wrong check digit (ksef-fa3.md §4). */
const NIP_CHECK_DIGIT =
  'is not a valid Polish NIP: its check digit is wrong (KSeF checks it, ksef-fa3.md §4)';

/**
 * The seller (`Podmiot1`, ksef-fa3.md §6.1) from the account: `NIP` = the account's `tin_value`, which
 * must be a valid Polish NIP (`checkPolishNip`: only a NIP is possible in `Podmiot1`; missing is
 * `parameter_blank`, anything else `parameter_invalid`, at `account.tin_value`, both rule
 * `ksef.6.1.seller-nip`; the shared `accountTaxId`), written compact (a `PL` prefix and dashes
 * dropped); name; address (`address` + `address2` as `AdresL1`, postcode and
 * city as `AdresL2`); country; the account's `email` and `phone` as the supplier contact (spec §2.7);
 * and KRS / REGON / BDO from the account's company identifiers with schemes 8037 / 8036 / 8038 (spec
 * §2.7 rule 2: "mapped from the company identifiers with scheme codes 8036/8037/8038") — its primary
 * identifier (`cin_scheme` / `cin_value`) first, then its routing codes (the first slot of each
 * scheme) — returned with the routing slots they came from, for params.
 *
 * @example
 * ```ts
 * const supplier = supplierParty(storedAccount({ tin_value: 'PL 999-999-99-99', country: 'PL' }));
 * supplier.success && supplier.data.fields.supplier_party_tax_id; // '9999999999'
 * ```
 */
export function supplierParty(
  account: Account,
): Validated<{ fields: SupplierFields; routingSlots: Record<string, number> }> {
  const nip = accountTaxId(account, SELLER_NIP);
  if (!nip.success) return nip;
  const fields: SupplierFields = {
    supplier_party_tax_id: nip.data,
    supplier_party_name: presentText(account.name),
    supplier_party_address: streetLine(account.address, account.address2),
    supplier_party_postalcode: presentText(account.postalcode),
    supplier_party_city: presentText(account.city),
    supplier_party_country: account.country,
    supplier_contact_email: presentText(account.email),
    supplier_contact_phone: presentText(account.phone),
  };
  const routingSlots: Record<string, number> = {};
  // The primary company identifier is the account's own: it wins over a routing code of its scheme.
  const primary = REGISTER_OF_SCHEME[account.cin_scheme ?? ''];
  const primaryValue = presentText(account.cin_value);
  if (primary !== undefined && primaryValue !== null) fields[primary] = primaryValue;
  const codes = account.routing_codes ?? {};
  for (const slot of ROUTING_CODE_SLOTS) {
    const field = REGISTER_OF_SCHEME[codes[`cin${slot}_scheme`] ?? ''];
    const value = presentText(codes[`cin${slot}_value`]);
    if (field === undefined || value === null || fields[field] !== undefined) continue;
    fields[field] = value;
    routingSlots[field] = slot;
  }
  return { success: true, data: { fields, routingSlots } };
}

/** The buyer's fields of a Ksef report (`Podmiot2`). */
export type CustomerFields = Pick<
  KsefTaxReportCreate,
  | 'customer_party_id_type'
  | 'customer_party_tax_id'
  | 'customer_party_name'
  | 'customer_party_address'
  | 'customer_party_postalcode'
  | 'customer_party_city'
  | 'customer_party_country'
  | 'customer_party_email'
  | 'customer_party_phone'
  | 'customer_party_number'
  | 'customer_party_jst'
  | 'customer_party_gv'
>;

/**
 * The buyer (`Podmiot2`, ksef-fa3.md §6.2; spec §2.5 rule 4: the invoice contact) from the stored
 * contact, or, when there is none, from the contact summary the invoice keeps (`name`, `tin_value`,
 * `country`): `tin_value` → `customer_party_tax_id`, its kind (`NIP`, EU VAT, other) left to the
 * builder's derivation (`customerIdentification`) except for a contact without any tax id, which is
 * `none` (`BrakID=1`); a tax id shaped as a Polish NIP must carry a correct check digit (KSeF checks it
 * in production, ksef-fa3.md §4): `parameter_invalid` at `contact.tin_value`. Name, address, contact
 * details; `NrKlienta` = the invoice's `buyer_reference` (BT-10, §6.13); `JST` / `GV` = the invoice
 * flags (spec §2.7 rule 3). No contact at all is `parameter_blank` at `contact`, except on a
 * simplified invoice (`UPR`, whose buyer may be anonymous, ksef-fa3.md §6.10). Rule ids: no contact
 * `spec.2.5.4`, a wrong check digit `ksef.4.nip-checksum`, a tax id the builder cannot write
 * `ksef.6.2.buyer-identification`.
 *
 * @example
 * ```ts
 * const customer = customerParty(storedContact({ tin_value: '1111111111', country: 'PL' }), invoice, 'VAT');
 * customer.success && customer.data.customer_party_tax_id; // '1111111111'
 * ```
 */
export function customerParty(
  contact: Contact | null,
  invoice: Pick<
    Invoice,
    'contact' | 'buyer_reference' | 'apply_to_local_government_unit' | 'apply_to_vat_group_member'
  >,
  typeCode: KsefTypeCode,
): Validated<CustomerFields> {
  const flags = {
    customer_party_number: presentText(invoice.buyer_reference),
    customer_party_jst: invoice.apply_to_local_government_unit === true,
    customer_party_gv: invoice.apply_to_vat_group_member === true,
  };
  const party = invoiceParty(contact, invoice);
  if (party === null) {
    if (typeCode === 'UPR') return { success: true, data: { customer_party_id_type: 'none', ...flags } };
    return refused(
      'spec.2.5.4',
      'parameter_blank',
      ['contact'],
      'is required: the buyer of an FA(3) invoice (Podmiot2) is the invoice contact',
    );
  }
  const taxId = presentText(party.tin_value);
  const country = partyCountry(party);
  if (taxId !== null && looksLikePolishNip(taxId, country) && !checkPolishNip(taxId).valid)
    return refused('ksef.4.nip-checksum', 'parameter_invalid', ['contact', 'tin_value'], NIP_CHECK_DIGIT);
  const fields: CustomerFields = {
    customer_party_id_type: taxId === null ? 'none' : null,
    customer_party_tax_id: taxId,
    customer_party_name: presentText(party.name),
    customer_party_country: country,
    ...flags,
  };
  if (contact !== null) {
    fields.customer_party_address = streetLine(contact.address, contact.address2);
    fields.customer_party_postalcode = presentText(contact.postalcode);
    fields.customer_party_city = presentText(contact.city);
    fields.customer_party_email = presentText(contact.email);
    fields.customer_party_phone = presentText(contact.phone);
  }
  if (taxId !== null && customerIdentification(fields) === null)
    return refused(
      'ksef.6.2.buyer-identification',
      'parameter_invalid',
      ['contact', 'tin_value'],
      'cannot be written as an FA(3) buyer identifier',
    );
  return { success: true, data: fields };
}

/** The third party's fields of a Ksef report (`Podmiot3`). */
export type ThirdPartyFields = Pick<
  KsefTaxReportCreate,
  | 'third_party_role'
  | 'third_party_name'
  | 'third_party_tax_id'
  | 'third_party_tax_scheme'
  | 'third_party_id'
  | 'third_party_scheme'
  | 'third_party_address'
  | 'third_party_postalcode'
  | 'third_party_city'
  | 'third_party_country'
>;

/** The `Podmiot3/Rola` of each invoice third-party role (ksef-fa3.md §6.3; spec §2.7). */
const ROLE_CODES: Readonly<Record<ThirdPartyRole, KsefThirdPartyRole>> = {
  local_government_unit_recipient: '8',
  vat_group_member: '10',
  delivery_recipient: '2',
};

/**
 * The third party (`Podmiot3`, ksef-fa3.md §6.3; spec §2.5 rule 4) from the invoice's `third_party`:
 *
 * - role `8` when `apply_to_local_government_unit` is set, `10` when `apply_to_vat_group_member` is
 *   set, else from `third_party.role` (`local_government_unit_recipient` → 8, `vat_group_member` → 10,
 *   `delivery_recipient` → 2); a third party without any role is `parameter_blank` at
 *   `third_party.role`. Both flags are `parameter_invalid` at `apply_to_vat_group_member` (§2.5 rule
 *   2); a flag without a third party `parameter_blank` at `third_party` (§2.5 rule 1);
 * - `tin_value` → `third_party_tax_id` with `third_party_tax_scheme` `NIP` for a Polish NIP (10 digits,
 *   country PL or none; written compact, check digit verified), `VAT` for an EU VAT number (an EU
 *   prefix or an EU country other than PL), else `OTHER` (`NrID`);
 * - `cin_value` → `third_party_id`: scheme `IDWew` when it is an internal id `NIP-NNNNN`, else its own
 *   scheme (`NrID`); FA(3) identifies a party once (NIP or IDWew, never both, §6.3), and an internal
 *   id is preferred to a tax id that is not a NIP;
 * - roles 8 and 10 need a NIP or an `IDWew` (`NrID` alone makes the invoice invisible to the unit,
 *   ksef-fa3.md §6.3): `parameter_invalid` at `third_party.tin_value` otherwise.
 *
 * The fields agree with `thirdPartyIdentification`, which the builder uses: the result is read back
 * through it, and a party it cannot write is `parameter_invalid` at `third_party.tin_value`.
 * Also returns the param the role came from. Rule ids: both flags `spec.2.5.2`, a flag without a
 * third party `spec.2.5.1`, no role `ksef.6.3.third-party-role`, a wrong NIP check digit
 * `ksef.4.nip-checksum`, an identifier FA(3) cannot carry `ksef.6.3.third-party-identification`, a
 * role 8 or 10 without NIP or `IDWew` `ksef.6.3.unit-nip-or-idwew`.
 *
 * @example
 * ```ts
 * const party = thirdParty({ ...invoice, apply_to_local_government_unit: true,
 *   third_party: { name: 'Szkoła Podstawowa', tin_value: '2222222222', country: 'PL' } });
 * party.success && party.data.fields; // { third_party_role: '8', third_party_tax_id: '2222222222', third_party_tax_scheme: 'NIP', … }
 * ```
 */
export function thirdParty(
  invoice: Pick<Invoice, 'third_party' | 'apply_to_local_government_unit' | 'apply_to_vat_group_member'>,
): Validated<{ fields: ThirdPartyFields; roleSource: string } | null> {
  // Spec §2.5 rules 1 and 2 have one home, the invoice rules' (src/rules/thirdParty.ts).
  const flagIssues = thirdPartyFlagIssues(invoice);
  if (flagIssues.length > 0) return { success: false, issues: flagIssues };
  const jst = invoice.apply_to_local_government_unit === true;
  const gv = invoice.apply_to_vat_group_member === true;
  const party = invoice.third_party ?? null;
  if (party === null) return { success: true, data: null };
  const roleSource = jst
    ? 'apply_to_local_government_unit'
    : gv
      ? 'apply_to_vat_group_member'
      : 'third_party.role';
  const role: KsefThirdPartyRole | undefined = jst
    ? '8'
    : gv
      ? '10'
      : party.role
        ? ROLE_CODES[party.role]
        : undefined;
  if (role === undefined)
    return refused(
      'ksef.6.3.third-party-role',
      'parameter_blank',
      ['third_party', 'role'],
      `is required: FA(3) Podmiot3 needs a role (${Object.keys(ROLE_CODES).join(', ')})`,
    );

  const country = party.country ?? null;
  const fields: ThirdPartyFields = {
    third_party_role: role,
    third_party_name: presentText(party.name),
    third_party_address: streetLine(party.address, party.address2),
    third_party_postalcode: presentText(party.postalcode),
    third_party_city: presentText(party.city),
    third_party_country: country,
  };
  const tin = presentText(party.tin_value);
  const cin = presentText(party.cin_value);
  if (tin !== null) {
    if (looksLikePolishNip(tin, country)) {
      const nip = checkPolishNip(tin);
      if (!nip.valid)
        return refused(
          'ksef.4.nip-checksum',
          'parameter_invalid',
          ['third_party', 'tin_value'],
          NIP_CHECK_DIGIT,
        );
      fields.third_party_tax_id = nip.compact;
      fields.third_party_tax_scheme = 'NIP';
    } else if (!(cin !== null && TNIP_ID_WEW.test(cin))) {
      // Not a NIP: an internal id wins over it (FA(3) carries one identifier, and only NIP or IDWew
      // makes the invoice visible to a JST or GV unit).
      const prefix = taxIdPrefix(tin);
      const eu =
        (prefix !== 'PL' && FA3_EU_CODES.includes(prefix)) ||
        (country !== 'PL' && euCodeOf(country) !== null);
      fields.third_party_tax_id = tin;
      fields.third_party_tax_scheme = eu ? 'VAT' : 'OTHER';
    }
  }
  if (cin !== null) {
    fields.third_party_id = cin;
    fields.third_party_scheme = TNIP_ID_WEW.test(cin) ? 'IDWew' : (party.cin_scheme ?? null);
  }
  const identification = thirdPartyIdentification({
    id: fields.third_party_id,
    scheme: fields.third_party_scheme,
    tax_id: fields.third_party_tax_id,
    tax_scheme: fields.third_party_tax_scheme,
    country,
  });
  if (identification === null)
    return refused(
      'ksef.6.3.third-party-identification',
      'parameter_invalid',
      ['third_party', 'tin_value'],
      'cannot be written as an FA(3) identifier (an EU VAT number needs an EU prefix or an EU country)',
    );
  if ((role === '8' || role === '10') && identification.kind !== 'nip' && identification.kind !== 'internal')
    return refused(
      'ksef.6.3.unit-nip-or-idwew',
      tin === null && cin === null ? 'parameter_blank' : 'parameter_invalid',
      ['third_party', 'tin_value'],
      `must be a Polish NIP (or cin_value an internal id NIP-NNNNN) for Podmiot3 role ${role}: KSeF shows the invoice to the unit by it (ksef-fa3.md §6.3)`,
    );
  return { success: true, data: { fields, roleSource } };
}
