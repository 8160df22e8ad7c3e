import { z } from 'zod';
import type { Validated } from '../errors/validationIssue.js';
import { isLosslessNumber } from '../money/losslessNumber.js';
import { codeIn, decimal, isoDate, oneOf, optional, requiredText, text } from './fields.js';
import { type Operation, parseWith } from './parse.js';
import {
  isSiiCountryCode,
  SII_COMMUNICATION_TYPES,
  SII_CORRECTIVE_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INSURANCE_OPERATION_KEYS,
  SII_INTRA_COMMUNITY_DECLARED_KEYS,
  SII_INTRA_COMMUNITY_OPERATION_KEYS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_NO_SUBJECT_REASONS,
  SII_NON_EXEMPTION_CODES,
  SII_PARTY_TAX_SCHEMES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_PROPERTY_SITUATIONS,
  SII_SPECIAL_REGIME_KEYS,
} from './siiCodes.js';
import { taxReportReadOnly, taxReportWritable } from './taxReportCommon.js';

/**
 * A party country of an SII record (`IDOtro/CodigoPais`, AEAT's `CountryType2`): accepted in either
 * case and stored upper case, like every country code; AEAT's non-ISO codes (`QU`, `XB`, `XU`, `XN`,
 * `XG`) included and the ISO codes the list leaves out refused (`isSiiCountryCode`).
 *
 * @example
 * ```ts
 * siiCountryCode().parse('qu'); // 'QU'
 * siiCountryCode().safeParse('RE').success; // false: 422 parameter_inclusion
 * ```
 */
export function siiCountryCode() {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    codeIn(isSiiCountryCode, 'a country of the SII list (AEAT CountryType2)'),
  );
}

/**
 * The SII books, fiscalkit's `book_type` vocabulary (sii.md §2): a closed list with one AEAT message
 * per value. `Expedida`, `Recibida`, `Inversion`, `Intracomunitaria` and `Metalico` are the service's
 * names (its SII guide); `CobrosEmitidas`, `PagosRecibidas`, `Seguros` and `AgenciasViajes` are
 * **fiscalkit choices** in the same style. Any other value is a `parameter_inclusion` error, per
 * record in a batch (spec §4.1 rule 2).
 */
export const SII_BOOK_TYPES = [
  'Expedida',
  'Recibida',
  'Inversion',
  'Intracomunitaria',
  'Metalico',
  'CobrosEmitidas',
  'PagosRecibidas',
  'Seguros',
  'AgenciasViajes',
] as const;

/** An SII book. */
export type SiiBookType = (typeof SII_BOOK_TYPES)[number];

/**
 * The books whose messages carry `CabeceraSiiCobrosPagos`: no `TipoComunicacion` and no
 * `PeriodoLiquidacion` (sii.md §2). Every other book has `CabeceraSii` and a period.
 */
export const SII_COLLECTION_PAYMENT_BOOKS = [
  'CobrosEmitidas',
  'PagosRecibidas',
] as const satisfies readonly SiiBookType[];

/**
 * `tax_breakdowns[].operation_type` (sii.md §10, fiscalkit proposal): `goods` →
 * `DesgloseTipoOperacion/Entrega`, `services` → `DesgloseTipoOperacion/PrestacionServicios`; absent
 * → `DesgloseFactura`.
 */
export const SII_OPERATION_TYPES = ['goods', 'services'] as const;

/**
 * An SII amount: `ImporteSgn12.2Type` = `(\+|-)?\d{1,12}(\.\d{0,2})?` (sii.md §6), in EUR. Read like
 * every amount (decimal string or lossless number, never a JS number), then held to 12 integer
 * digits, so that a value AEAT's schema refuses is refused at its own param.
 */
const siiAmount = () =>
  // Only a well-formed decimal with 13 to 16 integer digits fails here; anything else is
  // `decimal()`'s to report, so one bad value gives one issue.
  decimal({ maxDecimals: 2 }).refine((value) => !/^-?\d{13,16}(?:\.\d+)?$/.test(value), {
    message: 'must have at most 12 integer digits (SII ImporteSgn12.2Type)',
    params: { code: 'parameter_invalid', rule: 'sii.6.amount-digits' },
  });

/** An SII rate: `Tipo2.2Type` = `\d{1,3}(\.\d{0,2})?` (sii.md §6), unsigned. */
const siiRate = () =>
  decimal({ maxDecimals: 2, sign: 'non_negative' }).refine((value) => !/^\d{4,16}(?:\.\d+)?$/.test(value), {
    message: 'must be a rate with at most 3 integer digits (SII Tipo2.2Type)',
    params: { code: 'parameter_invalid', rule: 'sii.6.rate-digits' },
  });

/**
 * A whole number in `[min, max]`: a JSON number (a plain or lossless one: counts and years are not
 * money, so a JS number loses nothing) or a digit string. Outside the range is `parameter_invalid`.
 */
function wholeNumber(min: number, max: number) {
  return z.preprocess((value) => {
    const digits = isLosslessNumber(value)
      ? value.value
      : typeof value === 'string'
        ? value.trim()
        : undefined;
    // money-safe: a year or a count of days (at most 9 digits), never an amount.
    return digits !== undefined && /^-?\d{1,9}$/.test(digits) ? Number(digits) : value;
  }, z.number().int().min(min).max(max));
}

/**
 * One row of the VAT breakdown (sii.md §5, §10). `taxable_base` is required in every row (AEAT's
 * `BaseImponible` is required in `DetalleIVA` and `DetalleExenta`; for a not-subject row it is the
 * not-subject amount). A row is subject and not exempt (`non_exemption_code`), exempt
 * (`reason_vat_exempt`) or not subject (`reason_no_subject`); `siiTaxBreakdownIssues` in `src/rules`
 * keeps these apart and keeps the equivalence surcharge where AEAT has room for it. `reverse_charge`
 * is for received invoices (`InversionSujetoPasivo`, fiscalkit proposal).
 */
export const SiiTaxBreakdownSchema = z.object({
  operation_type: optional(oneOf(SII_OPERATION_TYPES)),
  /** The service's tax category (`S`, `E`, `AE`, … api-notes.md §10), kept for the XML builder. */
  category: text(8).nullish(),
  non_exemption_code: optional(oneOf(SII_NON_EXEMPTION_CODES)),
  reason_vat_exempt: optional(oneOf(SII_EXEMPTION_REASONS)),
  reason_no_subject: optional(oneOf(SII_NO_SUBJECT_REASONS)),
  percent: siiRate().nullish(),
  taxable_base: siiAmount(),
  tax_amount: siiAmount().nullish(),
  surcharge_percent: siiRate().nullish(),
  surcharge_amount: siiAmount().nullish(),
  reverse_charge: z.boolean().nullish(),
  /**
   * Received invoices, `DesgloseIVA/DetalleIVA` (issue #18 item 17): `PorcentCompensacionREAGYP` and
   * `ImporteCompensacionREAGYP`, the flat-rate compensation of the agriculture regime (REAGYP, key 02).
   */
  compensation_percent: siiRate().nullish(),
  compensation_amount: siiAmount().nullish(),
  /** Received invoices, `DetalleIVA/BienInversion` (`S`/`N`): the line is a capital good. */
  investment_good: z.boolean().nullish(),
});

/** A tax breakdown row. */
export type SiiTaxBreakdown = z.output<typeof SiiTaxBreakdownSchema>;

/**
 * A corrected invoice (`FacturasRectificadas/IDFacturaRectificada`: `NumSerieFacturaEmisor` 1–60
 * characters and `FechaExpedicionFacturaEmisor`, sii.md §4.2); both required.
 */
export const SiiCorrectedInvoiceSchema = z.object({
  number: requiredText(60),
  date: isoDate(),
});

/** A corrected invoice reference. */
export type SiiCorrectedInvoice = z.output<typeof SiiCorrectedInvoiceSchema>;

/**
 * A property of an issued invoice (`DatosInmueble/DetalleInmueble`, `DatosInmuebleType`; issue #18
 * item 17): `situation` (`SituacionInmueble` 1–4) and `cadastral_reference` (`ReferenciaCatastral`,
 * at most 25 characters). AEAT wants them with the premises-rental keys 12 and 13 (sii.md §3).
 */
export const SiiPropertySchema = z.object({
  situation: oneOf(SII_PROPERTY_SITUATIONS),
  cadastral_reference: text(25).nullish(),
});

/** A property of an issued invoice. */
export type SiiProperty = z.output<typeof SiiPropertySchema>;

/**
 * The entity a record's operation was taken over from (`EntidadSucedida`,
 * `PersonaFisicaJuridicaUnicaESType`: `NombreRazon` ≤ 120 and `NIF`; issue #18 item 17), after a
 * merger or a split.
 */
export const SiiSuccessorEntitySchema = z.object({
  name: requiredText(120),
  tax_id: requiredText(9),
});

/** An `EntidadSucedida`. */
export type SiiSuccessorEntity = z.output<typeof SiiSuccessorEntitySchema>;

/**
 * A collection or payment of the cash-accounting books (`Cobro` / `Pago`: `Fecha`, `Importe`,
 * `Medio`, `Cuenta_O_Medio?` ≤ 34, sii.md §3); `date`, `amount` and `method` required.
 */
export const SiiPaymentSchema = z.object({
  date: isoDate(),
  amount: siiAmount(),
  method: oneOf(SII_PAYMENT_METHODS),
  account: text(34).nullish(),
});

/** A collection or payment. */
export type SiiPayment = z.output<typeof SiiPaymentSchema>;

/**
 * The capital good of an `Inversion` record (`BienesInversion`, sii.md §3). Not in sii.md §10's
 * table, which does not cover the book's own fields: **fiscalkit proposal**, without which the
 * record cannot be built. `identification` (`IdentificacionBien` ≤ 40) always; `start_date`
 * (`FechaInicioUtilizacion`) and `annual_proration` (`ProrrataAnualDefinitiva`, a `Tipo2.2Type` rate)
 * only for an alta — an annulment (`RegistroLRBajaBienesInversion`) carries the identification alone,
 * so they are optional here and required by `siiRecordIssues` for an alta.
 */
export const SiiCapitalGoodSchema = z.object({
  identification: requiredText(40),
  start_date: optional(isoDate()),
  annual_proration: siiRate().nullish(),
  /** `RegularizacionAnualDeduccion`. */
  annual_regularization: siiAmount().nullish(),
  /** `IdentificacionEntrega` (≤ 40): the delivery of the good, when it was delivered (issue #18 item 17). */
  delivery_identification: text(40).nullish(),
  /** `RegularizacionDeduccionEfectuada`: the regularisation made on its delivery (issue #18 item 17). */
  regularization_made: siiAmount().nullish(),
});

/** The capital good of an `Inversion` record. */
export type SiiCapitalGood = z.output<typeof SiiCapitalGoodSchema>;

/**
 * The operation of an `Intracomunitaria` record (`OperacionIntracomunitaria`, sii.md §3): like
 * {@link SiiCapitalGoodSchema}, a **fiscalkit proposal** for the book's own fields. Required:
 * `operation_key` (`TipoOperacion` A/B), `declared_key` (`ClaveDeclarado` D/R), `member_state`
 * (`EstadoMiembro`), `goods_description` (`DescripcionBienes` ≤ 40), `operator_address`
 * (`DireccionOperador` ≤ 120).
 */
export const SiiIntraCommunityOperationSchema = z.object({
  operation_key: oneOf(SII_INTRA_COMMUNITY_OPERATION_KEYS),
  declared_key: oneOf(SII_INTRA_COMMUNITY_DECLARED_KEYS),
  member_state: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    oneOf(SII_MEMBER_STATES),
  ),
  /** `PlazoOperacion`: days, `\d{1,3}`. */
  term_days: wholeNumber(0, 999).nullish(),
  goods_description: requiredText(40),
  operator_address: requiredText(120),
  /** `FacturasODocumentacion` ≤ 150. */
  documentation: text(150).nullish(),
});

/** The operation of an `Intracomunitaria` record. */
export type SiiIntraCommunityOperation = z.output<typeof SiiIntraCommunityOperationSchema>;

/**
 * The writable fields of a `SiiDocument` tax report: the JSON shape of sii.md §10 (names from the
 * service's SDK where they exist, the rest **fiscalkit proposals** as marked there) plus the three
 * book-specific blocks sii.md §10 leaves out (`capital_good`, `intra_community_operation`,
 * `insurance_operation_key`, fiscalkit proposals). Lengths and formats are the AEAT XSD's.
 *
 * Only `book_type` is required here: which other fields a record needs depends on its book, and
 * `siiTaxReportIssues` in `src/rules` says so per book (`parameter_blank` at the field). A field a
 * book has no place for is accepted and not used by that book's message.
 */
const writable = {
  ...taxReportWritable,
  book_type: oneOf(SII_BOOK_TYPES),
  /** `Cabecera/TipoComunicacion`; books with `CabeceraSii` only. */
  communication_type: optional(oneOf(SII_COMMUNICATION_TYPES)),
  /** `PeriodoLiquidacion/Ejercicio` (`YearType`, 4 digits). */
  period_year: wholeNumber(1000, 9999).nullish(),
  /** `PeriodoLiquidacion/Periodo`. */
  period: optional(oneOf(SII_PERIODS)),
  /** `IDFactura/NumSerieFacturaEmisor` (1–60). */
  invoice_number: text(60).nullish(),
  /** `IDFactura/FechaExpedicionFacturaEmisor` (written `dd-mm-yyyy` by the builder). */
  invoice_date: optional(isoDate()),
  /** `TipoFactura`. */
  invoice_type_code: optional(oneOf(SII_INVOICE_TYPE_CODES)),
  /** `ClaveRegimenEspecialOTrascendencia`. */
  special_regime_key: optional(oneOf(SII_SPECIAL_REGIME_KEYS)),
  /** `…Adicional1`, `…Adicional2`: at most two. */
  additional_special_regime_keys: z
    .array(oneOf(SII_SPECIAL_REGIME_KEYS))
    .max(2, { message: 'must have at most 2 keys (ClaveRegimenEspecialOTrascendenciaAdicional1 and 2)' })
    .nullish(),
  /** `DescripcionOperacion` (≤ 500). */
  description: text(500).nullish(),
  /** `ImporteTotal`. */
  tax_inclusive_amount: siiAmount().nullish(),
  /** `Contraparte` of issued invoices and of the books with a counterparty. */
  customer_party_name: text(120).nullish(),
  customer_party_tax_id: text(20).nullish(),
  customer_party_tax_scheme: optional(oneOf(SII_PARTY_TAX_SCHEMES)),
  customer_party_country: optional(siiCountryCode()),
  /** `IDFactura/IDEmisorFactura` (and `Contraparte` of received invoices). */
  supplier_party_name: text(120).nullish(),
  supplier_party_tax_id: text(20).nullish(),
  supplier_party_tax_scheme: optional(oneOf(SII_PARTY_TAX_SCHEMES)),
  supplier_party_country: optional(siiCountryCode()),
  /** `TipoRectificativa`. */
  corrective_type: optional(oneOf(SII_CORRECTIVE_TYPES)),
  /** `FacturasRectificadas/IDFacturaRectificada`. */
  corrected_invoices: z.array(SiiCorrectedInvoiceSchema).nullish(),
  /** `ImporteRectificacion/BaseRectificada`. */
  corrected_taxable_base: siiAmount().nullish(),
  /** `ImporteRectificacion/CuotaRectificada`. */
  corrected_tax_amount: siiAmount().nullish(),
  tax_breakdowns: z.array(SiiTaxBreakdownSchema).nullish(),
  /** `FechaRegContable` (received invoices). */
  accounting_date: optional(isoDate()),
  /** `CuotaDeducible` (received invoices). */
  deductible_tax_amount: siiAmount().nullish(),
  /** `Cobros/Cobro` or `Pagos/Pago`. */
  payments: z.array(SiiPaymentSchema).nullish(),
  capital_good: SiiCapitalGoodSchema.nullish(),
  intra_community_operation: SiiIntraCommunityOperationSchema.nullish(),
  /** `ClaveOperacion` of the insurance book (fiscalkit proposal). */
  insurance_operation_key: optional(oneOf(SII_INSURANCE_OPERATION_KEYS)),
  // The rest of SuministroLR.xsd 1.1 (issue #18 item 17: a message imported and downloaded again
  // carries everything it held; sii.md's "every element of the schema has a field"), **fiscalkit
  // proposals** named like the fields above. `S`/`N` flags are booleans (true → `S`, false → `N`,
  // absent → no element).
  /** `IDFactura/NumSerieFacturaEmisorResumenFin` (1–60): the last invoice of an `F4` summary entry. */
  last_invoice_number: text(60).nullish(),
  /** `FacturasAgrupadas/IDFacturaAgrupada`: the simplified invoices an invoice groups. */
  grouped_invoices: z.array(SiiCorrectedInvoiceSchema).nullish(),
  /** `ImporteRectificacion/CuotaRecargoRectificado` (substitution, sii.md §4.2). */
  corrected_surcharge_amount: siiAmount().nullish(),
  /** `FechaOperacion`, when the operation's date differs from the invoice's. */
  operation_date: optional(isoDate()),
  /** `NumRegistroAcuerdoFacturacion` (≤ 15): AEAT's number of a billing agreement. */
  billing_agreement_number: text(15).nullish(),
  /** `BaseImponibleACoste`: the cost base of a group of entities (key 06). */
  cost_taxable_base: siiAmount().nullish(),
  /** `RefExterna` (≤ 60): the titular's own reference, also on an annulment. */
  external_reference: text(60).nullish(),
  /** `FacturaSimplificadaArticulos7.2_7.3`: a simplified invoice of art. 7.2 and 7.3 RD 1619/2012. */
  qualified_simplified_invoice: z.boolean().nullish(),
  /** `EntidadSucedida`. */
  successor_entity: SiiSuccessorEntitySchema.nullish(),
  /** `RegPrevioGGEEoREDEMEoCompetencia`: registered before joining a VAT group or REDEME. */
  prior_registration: z.boolean().nullish(),
  /** `DatosInmueble/DetalleInmueble` (at most 15). */
  properties: z
    .array(SiiPropertySchema)
    .max(15, { message: 'must have at most 15 properties (DatosInmueble/DetalleInmueble)' })
    .nullish(),
  /** `ImporteTransmisionInmueblesSujetoAIVA`: a transfer of property subject to VAT. */
  property_transfer_amount: siiAmount().nullish(),
  /** `EmitidaPorTercerosODestinatario`: issued by a third party or by the customer. */
  issued_by_third_party: z.boolean().nullish(),
  /** `FacturacionDispAdicionalTerceraYsextayDelMercadoOrganizadoDelGas`. */
  gas_market_billing: z.boolean().nullish(),
  /** `VariosDestinatarios`: an invoice with several customers. */
  multiple_recipients: z.boolean().nullish(),
  /** `Cupon`: a base reduced by coupons, bonuses or discounts. */
  coupon: z.boolean().nullish(),
  /** `FacturaSinIdentifDestinatarioAritculo6.1.d` (the XSD's spelling): a full invoice without the customer's identification. */
  recipient_not_identified: z.boolean().nullish(),
  /** `Contraparte/NIFRepresentante` of the customer. */
  customer_party_representative_nif: text(9).nullish(),
  /** `Contraparte/NIFRepresentante` of a received invoice's supplier. */
  supplier_party_representative_nif: text(9).nullish(),
  /** `ADeducirEnPeriodoPosterior` (received invoices): the cuota is deducted in a later period. */
  deduct_in_later_period: z.boolean().nullish(),
  /** `EjercicioDeduccion` (received invoices). */
  deduction_year: wholeNumber(1000, 9999).nullish(),
  /** `PeriodoDeduccion` (received invoices). */
  deduction_period: optional(oneOf(SII_PERIODS)),
};

/**
 * Body of POST /accounts/{account}/tax_reports for an SII report, and of one record of a tax report
 * batch (spec §4.1): `type` `SiiDocument` and `book_type` required.
 */
export const SiiTaxReportCreateSchema = z.object({ type: z.literal('SiiDocument'), ...writable });

/**
 * Body of PATCH /tax_reports/{id} for an SII report: every field optional; `type` read as any string
 * for the `parameter_cannot_change` rule (see `KsefTaxReportUpdateSchema`).
 */
export const SiiTaxReportUpdateSchema = SiiTaxReportCreateSchema.partial().extend({
  type: text(64).nullish(),
});

/** An SII tax report as sent on create. */
export type SiiTaxReportCreate = z.output<typeof SiiTaxReportCreateSchema>;
/** An SII tax report update: any subset of the writable fields. */
export type SiiTaxReportUpdate = z.output<typeof SiiTaxReportUpdateSchema>;

/**
 * An SII tax report as fiscalkit stores and returns it: the writable fields, lists as empty lists
 * when none were sent, plus the read-only `id`, `account_id` and `state`.
 */
export const SiiTaxReportSchema = z.object({
  ...writable,
  type: z.literal('SiiDocument'),
  ...taxReportReadOnly,
  additional_special_regime_keys: z.array(oneOf(SII_SPECIAL_REGIME_KEYS)).max(2),
  corrected_invoices: z.array(SiiCorrectedInvoiceSchema),
  tax_breakdowns: z.array(SiiTaxBreakdownSchema),
  payments: z.array(SiiPaymentSchema),
});

/** A stored SII tax report. */
export type SiiTaxReport = z.output<typeof SiiTaxReportSchema>;

/**
 * Parses an SII tax report request body: structure and field values only; the per-book
 * requirements and cross-field rules are `siiTaxReportIssues` in `src/rules`.
 *
 * @example
 * ```ts
 * const result = parseSiiTaxReport({ type: 'SiiDocument', book_type: 'Expedida', period: '03' }, 'create');
 * result.success && result.data.period; // '03'
 * parseSiiTaxReport({ type: 'SiiDocument', book_type: 'Libro' }, 'create').success; // false
 * ```
 */
export function parseSiiTaxReport(input: unknown, operation: 'create'): Validated<SiiTaxReportCreate>;
export function parseSiiTaxReport(input: unknown, operation: 'update'): Validated<SiiTaxReportUpdate>;
export function parseSiiTaxReport(input: unknown, operation: Operation): Validated<SiiTaxReportUpdate>;
export function parseSiiTaxReport(input: unknown, operation: Operation): Validated<SiiTaxReportUpdate> {
  return parseWith(operation === 'create' ? SiiTaxReportCreateSchema : SiiTaxReportUpdateSchema, input);
}
