import { z } from 'zod';
import { KSEF_TYPE_CODES } from '../codelists/invoiceTypes.js';
import type { Validated } from '../errors/validationIssue.js';
import { countryCode, decimal, email, identifier, isoDate, oneOf, optional, text } from './fields.js';
import { type Operation, parseWith } from './parse.js';
import { taxReportReadOnly, taxReportWritable } from './taxReportCommon.js';

/**
 * The roles of a third party (`Podmiot3/Rola`, enumeration `TRolaPodmiotu3` of
 * `schemat_FA(3)_v1-0E.xsd`; ksef-fa3.md §3), as the strings the spec sends (§2.7: "KSeF code"):
 * `1` factor, `2` recipient (internal unit or branch of the buyer), `3` original entity, `4`
 * additional buyer, `5` issuer on the taxpayer's behalf, `6` payer, `7` JST issuer, `8` JST
 * recipient, `9` VAT-group member issuer, `10` VAT-group member recipient, `11` employee. The spec
 * names only 2, 8 and 10; the XSD admits all eleven, so fiscalkit accepts all eleven.
 */
export const KSEF_THIRD_PARTY_ROLES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] as const;

/** A KSeF third-party role code. */
export type KsefThirdPartyRole = (typeof KSEF_THIRD_PARTY_ROLES)[number];

/**
 * An amount of a Ksef tax report: FA(3) `TKwotowy`, at most 2 decimals (ksef-fa3.md §6.12: both
 * amounts become `TKwotowy` elements, `P_15ZK` and `WartoscZamowienia`).
 */
const ksefAmount = () => decimal({ maxDecimals: 2 });

/**
 * One element of `prepayment_references` as sent (spec §2.7): an advance invoice a settlement
 * (`ROZ`, `KOR_ROZ`) settles, by its `number` or its KSeF `registration_code` (ksef-fa3.md §6.12:
 * `NrKSeFFaZaliczkowej`, else `NrKSeFZN=1` + `NrFaZaliczkowej`). `id` is read-only and accepted on an
 * update only to name the element `_destroy: true` removes, like `invoice_references` (spec §2.6).
 * Which of `number` / `registration_code` is required and when `id` is, is `prepaymentReferenceIssues`
 * in `src/rules`.
 */
export const PrepaymentReferenceInputSchema = z.object({
  id: optional(identifier()),
  /** FA(3) `NrFaZaliczkowej` is `TZnakowy` (≤ 256). */
  number: text(256).nullish(),
  /** FA(3) `TNumerKSeF`: a KSeF number is at most 36 characters. */
  registration_code: text(36).nullish(),
  _destroy: z.boolean().nullish(),
});

/** A prepayment reference as sent. */
export type PrepaymentReferenceInput = z.output<typeof PrepaymentReferenceInputSchema>;

/** A stored prepayment reference: with its `id`, without `_destroy`. */
export const PrepaymentReferenceSchema = z.object({
  id: identifier(),
  number: text(256).nullable(),
  registration_code: text(36).nullable(),
});

/** A stored prepayment reference. */
export type PrepaymentReference = z.output<typeof PrepaymentReferenceSchema>;

/**
 * The writable fields of a Ksef tax report (spec §2.7). Lengths are the FA(3) element lengths where
 * the spec gives none (a **fiscalkit choice**: a value the FA(3) schema would refuse is refused when
 * written, at its own param, rather than when the XML is built): names and address lines
 * `TZnakowy512`, `despatch_advice_reference` `TZnakowy` (256, `Fa/WZ`), `supplier_party_bdo` 9,
 * `supplier_contact_phone` `TNumerTelefonu` (16), identifiers `TNrIdentyfikacjiPodatkowej` (50).
 * The digit rules of `supplier_party_krs` / `supplier_party_regon` and the cross-field rules are
 * `ksefTaxReportIssues` in `src/rules`, so the schema takes any string there.
 *
 * `third_party_*` fields are writable from v2026-04-20 (spec §2.7); older versions' request upgrades
 * in `src/versions` drop them before this schema sees the body.
 */
const writable = {
  ...taxReportWritable,
  /**
   * `Fa/RodzajFaktury`, one of the codes of spec §2.9. Required on create (a **fiscalkit choice**:
   * FA(3) requires the element, and the rules of §2.7 depend on it).
   */
  invoice_type_code: oneOf(KSEF_TYPE_CODES),
  /** Spec §2.7: default false; the buyer is a local government unit (`Podmiot2/JST`). */
  customer_party_jst: z.boolean().nullish(),
  /** Spec §2.7: default false; the buyer is a VAT group member (`Podmiot2/GV`). */
  customer_party_gv: z.boolean().nullish(),
  purchase_order_date: optional(isoDate()),
  despatch_advice_reference: text(256).nullish(),
  supplier_party_krs: text().nullish(),
  supplier_party_regon: text().nullish(),
  supplier_party_bdo: text(9).nullish(),
  supplier_contact_phone: text(16).nullish(),
  supplier_contact_email: optional(email()),
  /** Required for `KOR_ZAL` (spec §2.7); FA(3) `Fa/P_15ZK`. */
  previous_advance_total: ksefAmount().nullish(),
  /** Required for `ZAL` and `KOR_ZAL` (spec §2.7); FA(3) `Fa/Zamowienie/WartoscZamowienia`. */
  order_total_amount: ksefAmount().nullish(),
  prepayment_references: z.array(PrepaymentReferenceInputSchema).nullish(),
  third_party_role: optional(oneOf(KSEF_THIRD_PARTY_ROLES)),
  third_party_address: text(512).nullish(),
  third_party_postalcode: text(32).nullish(),
  third_party_city: text().nullish(),
  third_party_name: text(512).nullish(),
  third_party_id: text(50).nullish(),
  /**
   * The scheme of `third_party_id` / `third_party_tax_id`. Kept a free string (spec §2.7 "string,
   * nullable"): a Polish internal id (`IDWew`) has no ISO 6523 code, and invoice third parties send
   * the contact vocabulary here (`VAT`, `TAX`, spec §2.3).
   */
  third_party_scheme: text(64).nullish(),
  third_party_tax_id: text(50).nullish(),
  third_party_tax_scheme: text(64).nullish(),
  third_party_country: optional(countryCode()),
  /** No FA(3) element (ksef-fa3.md §6.3); stored and returned only. */
  third_party_endpoint_id: text().nullish(),
};

/**
 * Body of POST /accounts/{account}/tax_reports for a Ksef report (the object inside
 * `{"tax_report": …}`, spec §4.2): `type` `Ksef` and `invoice_type_code` required.
 */
export const KsefTaxReportCreateSchema = z.object({ type: z.literal('Ksef'), ...writable });

/**
 * Body of PATCH /tax_reports/{id} for a Ksef report: every field optional. `type` is read as any
 * string so that a different value reaches the rule that answers `parameter_cannot_change`
 * (`taxReportTypeChangeIssues`) instead of failing here as an inclusion error.
 */
export const KsefTaxReportUpdateSchema = KsefTaxReportCreateSchema.partial().extend({
  type: text(64).nullish(),
});

/** A Ksef tax report as sent on create. */
export type KsefTaxReportCreate = z.output<typeof KsefTaxReportCreateSchema>;
/** A Ksef tax report update: any subset of the writable fields. */
export type KsefTaxReportUpdate = z.output<typeof KsefTaxReportUpdateSchema>;

/**
 * A Ksef tax report as fiscalkit stores and returns it (GET /tax_reports/{id}, newest version's
 * shape): the writable fields with the spec's defaults applied (`customer_party_jst` and
 * `customer_party_gv` false, `prepayment_references` an empty list when none) plus the read-only
 * `id`, `account_id` and `state`.
 */
export const KsefTaxReportSchema = z.object({
  ...writable,
  type: z.literal('Ksef'),
  ...taxReportReadOnly,
  customer_party_jst: z.boolean(),
  customer_party_gv: z.boolean(),
  prepayment_references: z.array(PrepaymentReferenceSchema),
});

/** A stored Ksef tax report. */
export type KsefTaxReport = z.output<typeof KsefTaxReportSchema>;

/**
 * Parses a Ksef tax report request body: structure and field values only; the rules of spec §2.7
 * are `ksefTaxReportIssues` in `src/rules`. `parseTaxReport` picks this parser from `type`.
 *
 * @example
 * ```ts
 * const result = parseKsefTaxReport(
 *   { type: 'Ksef', invoice_type_code: 'ZAL', order_total_amount: '1230.00' },
 *   'create',
 * );
 * result.success && result.data.order_total_amount; // '1230.00'
 * ```
 */
export function parseKsefTaxReport(input: unknown, operation: 'create'): Validated<KsefTaxReportCreate>;
export function parseKsefTaxReport(input: unknown, operation: 'update'): Validated<KsefTaxReportUpdate>;
export function parseKsefTaxReport(input: unknown, operation: Operation): Validated<KsefTaxReportUpdate>;
export function parseKsefTaxReport(input: unknown, operation: Operation): Validated<KsefTaxReportUpdate> {
  return parseWith(operation === 'create' ? KsefTaxReportCreateSchema : KsefTaxReportUpdateSchema, input);
}
