import { z } from 'zod';
import { KSEF_TYPE_CODES } from '../codelists/invoiceTypes.js';
import {
  KSEF_CORRECTION_TYPES,
  KSEF_EXEMPTION_BASES,
  KSEF_MARGIN_SCHEMES,
  KSEF_PAYMENT_METHODS,
} from '../codelists/ksefCodes.js';
import type { Validated } from '../errors/validationIssue.js';
import {
  countryCode,
  currencyCode,
  decimal,
  destroyFlag,
  email,
  identifier,
  isoDate,
  oneOf,
  optional,
  text,
} from './fields.js';
import { KsefAdditionalInfoSchema } from './ksefAdditionalInfo.js';
import { KsefBankAccountSchema } from './ksefBankAccount.js';
import { KsefCorrectedInvoiceSchema } from './ksefCorrectedInvoice.js';
import { KsefLineSchema, KsefOrderLineSchema, ksefAmount, ksefRate } from './ksefLine.js';
import { KsefTaxBreakdownSchema } from './ksefTaxBreakdown.js';
import { KSEF_THIRD_PARTY_ROLES, KsefThirdPartySchema } from './ksefThirdParty.js';

export { KSEF_THIRD_PARTY_ROLES, type KsefThirdPartyRole } from './ksefThirdParty.js';

import { ksefText } from './ksefText.js';
import { type Operation, parseWith } from './parse.js';
import { taxReportReadOnly, taxReportWritable } from './taxReportCommon.js';

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
  number: ksefText('TZnakowy').nullish(),
  /** FA(3) `TNumerKSeF`: a KSeF number is at most 36 characters. */
  registration_code: text(36).nullish(),
  _destroy: destroyFlag(),
});

/** A prepayment reference as sent. */
export type PrepaymentReferenceInput = z.output<typeof PrepaymentReferenceInputSchema>;

/** A stored prepayment reference: with its `id`, without `_destroy`. */
export const PrepaymentReferenceSchema = z.object({
  id: identifier(),
  number: ksefText('TZnakowy').nullable(),
  registration_code: text(36).nullable(),
});

/** A stored prepayment reference. */
export type PrepaymentReference = z.output<typeof PrepaymentReferenceSchema>;

/**
 * The content of the FA(3) document a Ksef tax report stands for: what the builder needs beyond the
 * §2.7 fields (seller and buyer, header, lines, buckets, corrections, payment). **fiscalkit fields**:
 * the spec shows a Ksef report's §2.7 fields and says the other fields are "not shown", yet the three
 * paths of `src/ksef` (generate from an invoice, create directly, import) must all produce FA(3), so
 * the report carries the document, named in the service's own vocabulary (`supplier_party_*` and
 * `customer_party_*` as in §2.7, the invoice's `number`, `date`, `currency`, …), each field
 * documented with its FA(3) element (ksef-fa3.md §6). All optional when written: what FA(3) needs is
 * checked when the XML is built (`fa3Issues`), so a report can be created in steps.
 * `docs/ksef.md` has the whole mapping.
 */
const documentFields = {
  /** `Fa/P_2`: the invoice number (with its series). */
  number: ksefText('TZnakowy').nullish(),
  /** `Fa/P_1`: the issue date. */
  date: optional(isoDate()),
  /** `Fa/P_1M`: the place of issue. */
  issue_place: ksefText('TZnakowy').nullish(),
  /** `Fa/KodWaluty`. */
  currency: optional(currencyCode()),
  /** `Fa/P_6`: the delivery or service date, when common to all lines and different from `date`. */
  tax_point_date: optional(isoDate()),
  /** `Fa/OkresFa/P_6_Od`: the start of the invoiced period (utility bills, MF sample 24). */
  invoicing_period_start: optional(isoDate()),
  /** `Fa/OkresFa/P_6_Do`. */
  invoicing_period_end: optional(isoDate()),
  /**
   * `Fa/KursWalutyZ`: the exchange rate of an advance (`ZAL`) in PLN per unit. For other types the
   * rate goes on each line (`lines[].exchange_rate`, `KursWaluty`; ksef-fa3.md §6.6).
   */
  exchange_rate: optional(ksefRate()),
  /** `Fa/P_13_x`, `P_14_x`, `P_14_xW`: one entry per bucket that occurs. */
  tax_breakdowns: z.array(KsefTaxBreakdownSchema).max(13).nullish(),
  /** `Fa/P_15`: the total amount due, gross, in the invoice currency. */
  total_amount: optional(ksefAmount()),
  /** `Adnotacje/P_16=1`: cash accounting (metoda kasowa). */
  cash_accounting: z.boolean().nullish(),
  /** `Adnotacje/P_17=1`: self-billing (samofakturowanie). */
  self_billing: z.boolean().nullish(),
  /** `Adnotacje/P_18=1`: reverse charge (odwrotne obciążenie). */
  reverse_charge: z.boolean().nullish(),
  /** `Adnotacje/P_18A=1`: split payment (mechanizm podzielonej płatności). */
  split_payment: z.boolean().nullish(),
  /** `Adnotacje/Zwolnienie/P_19A|B|C`: the legal basis of an exemption; required with a `zw` line. */
  exemption_basis: ksefText('TZnakowy').nullish(),
  /** Which element holds `exemption_basis`: `A` the VAT act (default), `B` the directive, `C` other. */
  exemption_basis_type: optional(oneOf(KSEF_EXEMPTION_BASES)),
  /** `Adnotacje/P_23=1`: simplified intra-EU triangular procedure. */
  triangular_procedure: z.boolean().nullish(),
  /** `Adnotacje/PMarzy`: the margin scheme applied (`2`, `3_1`, `3_2`, `3_3`), none when null. */
  margin_scheme: optional(oneOf(KSEF_MARGIN_SCHEMES)),
  /** `Fa/PrzyczynaKorekty` (corrections). */
  correction_reason: ksefText('TZnakowy').nullish(),
  /** `Fa/TypKorekty` (corrections): `1`, `2` or `3`. */
  correction_type: optional(oneOf(KSEF_CORRECTION_TYPES)),
  /** `Fa/DaneFaKorygowanej`: the corrected invoices (at least one on `KOR`, `KOR_ZAL`, `KOR_ROZ`). */
  corrected_invoices: z.array(KsefCorrectedInvoiceSchema).max(50000).nullish(),
  /** `Fa/OkresFaKorygowanej`: the period an aggregate correction covers, free text. */
  corrected_period: ksefText('TZnakowy').nullish(),
  /** `Fa/FP=1`: an invoice for a receipt (art. 109 ust. 3d). */
  receipt_invoice: z.boolean().nullish(),
  /** `Fa/TP=1`: links between buyer and seller (art. 32 ust. 2). */
  related_parties: z.boolean().nullish(),
  /** `Fa/DodatkowyOpis`: key/value notes. */
  additional_info: z.array(KsefAdditionalInfoSchema).max(10000).nullish(),
  /** `Fa/FaWiersz`: the invoice lines, at most 10,000 (the schema's limit). */
  lines: z.array(KsefLineSchema).max(10000).nullish(),
  /** `Fa/Zamowienie/ZamowienieWiersz`: the order lines of `ZAL` and `KOR_ZAL`. */
  order_lines: z.array(KsefOrderLineSchema).max(10000).nullish(),
  /** `Fa/Platnosc/Zaplacono=1`: paid. */
  paid: z.boolean().nullish(),
  /** `Fa/Platnosc/DataZaplaty`: the payment date of a paid invoice. */
  payment_date: optional(isoDate()),
  /** `Fa/Platnosc/TerminPlatnosci/Termin`. */
  due_date: optional(isoDate()),
  /** `Fa/Platnosc/FormaPlatnosci`: `1`–`7`. */
  payment_method: optional(oneOf(KSEF_PAYMENT_METHODS)),
  /** `Fa/Platnosc/PlatnoscInna=1` + `OpisPlatnosci`: a payment method outside the list. */
  payment_method_description: ksefText('TZnakowy').nullish(),
  /** `Fa/Platnosc/RachunekBankowy`. */
  bank_accounts: z.array(KsefBankAccountSchema).max(100).nullish(),
  /** `Fa/WarunkiTransakcji/Umowy/NrUmowy`. */
  contract_number: ksefText('TZnakowy').nullish(),
  /** `Fa/WarunkiTransakcji/Umowy/DataUmowy`. */
  contract_date: optional(isoDate()),
  /** `Fa/WarunkiTransakcji/Zamowienia/NrZamowienia` (the invoice's `ponumber`). */
  purchase_order_number: ksefText('TZnakowy').nullish(),
  /** `Stopka/Informacje/StopkaFaktury`: free footer text. */
  footer_text: ksefText('TTekstowy').nullish(),
  /** `Podmiot1/PrefiksPodatnika=PL`: the seller's EU VAT prefix, for intra-EU transactions. */
  supplier_party_vat_prefix: z.boolean().nullish(),
  /** `Podmiot1/DaneIdentyfikacyjne/NIP`: 10 digits (a `PL` prefix and dashes are stripped). */
  supplier_party_tax_id: text(50).nullish(),
  /** `Podmiot1/DaneIdentyfikacyjne/Nazwa`. */
  supplier_party_name: ksefText('TZnakowy512').nullish(),
  /** `Podmiot1/Adres/AdresL1`. */
  supplier_party_address: ksefText('TZnakowy512').nullish(),
  /** With `supplier_party_city`: `Podmiot1/Adres/AdresL2` ("postcode city"). */
  supplier_party_postalcode: text(32).nullish(),
  supplier_party_city: ksefText('TZnakowy512').nullish(),
  /** `Podmiot1/Adres/KodKraju`. */
  supplier_party_country: optional(countryCode()),
  /**
   * How the buyer is identified (`Podmiot2/DaneIdentyfikacyjne`): `nip` (`NIP`), `eu_vat` (`KodUE` +
   * `NrVatUE`, the number written with its EU prefix, `EL` for Greece), `other` (`KodKraju` +
   * `NrID`), `none` (`BrakID=1`). Derived from the tax id and the country when null.
   */
  customer_party_id_type: optional(oneOf(['nip', 'eu_vat', 'other', 'none'])),
  /** The buyer's tax id: `NIP`, `NrVatUE` (with the EU prefix) or `NrID`. */
  customer_party_tax_id: text(50).nullish(),
  /** `Podmiot2/DaneIdentyfikacyjne/Nazwa` (required by law except on `UPR`). */
  customer_party_name: ksefText('TZnakowy512').nullish(),
  /** `Podmiot2/Adres/AdresL1` (`Adres` may be left out only on `UPR`). */
  customer_party_address: ksefText('TZnakowy512').nullish(),
  customer_party_postalcode: text(32).nullish(),
  customer_party_city: ksefText('TZnakowy512').nullish(),
  /** `Podmiot2/Adres/KodKraju`, and the country of an `other` id. */
  customer_party_country: optional(countryCode()),
  /** `Podmiot2/DaneKontaktowe/Email`. */
  customer_party_email: optional(email()),
  /** `Podmiot2/DaneKontaktowe/Telefon` (`TNumerTelefonu`, 16). */
  customer_party_phone: ksefText('TNumerTelefonu').nullish(),
  /** `Podmiot2/NrKlienta`: the customer number (the invoice's `buyer_reference`, BT-10). */
  customer_party_number: ksefText('TZnakowy').nullish(),
  /** `Podmiot3/Udzial` of the flat third party: an additional buyer's share in percent. */
  third_party_share: optional(decimal({ maxDecimals: 6, sign: 'non_negative' })),
  /** Further `Podmiot3` beyond the flat `third_party_*` one (FA(3) allows 100 in all). */
  additional_third_parties: z.array(KsefThirdPartySchema).max(99).nullish(),
};

/**
 * The names of the FA(3) content fields of a Ksef tax report (fiscalkit's, beyond spec §2.7), in
 * declaration order. They exist in every API version: they are fiscalkit's, not a change of the spec.
 */
export const KSEF_DOCUMENT_FIELDS: readonly string[] = Object.keys(documentFields);

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
  despatch_advice_reference: ksefText('TZnakowy').nullish(),
  supplier_party_krs: text().nullish(),
  supplier_party_regon: text().nullish(),
  supplier_party_bdo: ksefText('BDO').nullish(),
  supplier_contact_phone: ksefText('TNumerTelefonu').nullish(),
  supplier_contact_email: optional(email()),
  /** Required for `KOR_ZAL` (spec §2.7); FA(3) `Fa/P_15ZK`. */
  previous_advance_total: ksefAmount().nullish(),
  /** Required for `ZAL` and `KOR_ZAL` (spec §2.7); FA(3) `Fa/Zamowienie/WartoscZamowienia`. */
  order_total_amount: ksefAmount().nullish(),
  prepayment_references: z.array(PrepaymentReferenceInputSchema).nullish(),
  third_party_role: optional(oneOf(KSEF_THIRD_PARTY_ROLES)),
  third_party_address: ksefText('TZnakowy512').nullish(),
  third_party_postalcode: text(32).nullish(),
  third_party_city: ksefText('TZnakowy512').nullish(),
  third_party_name: ksefText('TZnakowy512').nullish(),
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
  ...documentFields,
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
