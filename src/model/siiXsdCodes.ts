// GENERATED FILE — do not edit. Generator: scripts/generate-sii-codes.ts.
// Regenerate with `npm run generate` (CI checks it: test/scripts/generated.test.ts).
// Source: SuministroLR.xsd + SuministroInformacion.xsd (AEAT SII 1.1, "1.1 bis" content), read from shared/xsd/sii/.
/**
 * The AEAT SII code lists a `SiiDocument` tax report carries, generated from the XSDs
 * (`shared/xsd/sii/SuministroInformacion.xsd`, SII 1.1), each in the XSD's enumeration order. These are
 * AEAT's values, written as AEAT writes them. Import them from `siiCodes.ts`, which adds fiscalkit's
 * own choices on them; fiscalkit's own vocabulary (`book_type`, `operation_type`, …) is in
 * `siiTaxReport.ts`.
 *
 * @module
 */

/**
 * `TipoComunicacion` (sii.md §3): `A0` new, `A1` modification, `A4`, `A5` and `A6` the travellers' regime.
 *
 * The enumeration of `ClaveTipoComunicacionType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_COMMUNICATION_TYPES = ['A0', 'A1', 'A4', 'A5', 'A6'] as const;

/**
 * `PeriodoLiquidacion/Periodo` (sii.md §3): the months `01` to `12`, `0A` annual, the quarters `1T` to `4T`.
 *
 * The enumeration of `TipoPeriodoType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_PERIODS = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '0A',
  '1T',
  '2T',
  '3T',
  '4T',
] as const;

/**
 * `TipoFactura` (sii.md §4.1).
 *
 * The enumeration of `ClaveTipoFacturaType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_INVOICE_TYPE_CODES = [
  'F1',
  'F2',
  'R1',
  'R2',
  'R3',
  'R4',
  'R5',
  'F3',
  'F4',
  'F5',
  'F6',
  'LC',
  'AJ',
] as const;

/**
 * `ClaveRegimenEspecialOTrascendencia` (sii.md §4.3): `01` to `17`; the meaning differs between issued and
 * received invoices.
 *
 * The enumeration of `IdOperacionesTrascendenciaTributariaType` (`SuministroInformacion.xsd`), in the XSD's
 * order.
 */
export const SII_SPECIAL_REGIME_KEYS = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
] as const;

/**
 * `TipoRectificativa` (sii.md §4.2) as the XSD lists it: `S` by substitution, `I` by differences, and a
 * single space (which fiscalkit does not accept: `SII_CORRECTIVE_TYPES`).
 *
 * The enumeration of `ClaveTipoRectificativaType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_XSD_CORRECTIVE_TYPES = ['S', 'I', ' '] as const;

/**
 * `NoExenta/TipoNoExenta` (sii.md §4.4): `S1` without and `S2` with reverse charge, `S3` a block of both. How
 * fiscalkit reads `S3` on a row: `siiCodes.ts`.
 *
 * The enumeration of `TipoOperacionSujetaNoExentaType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_NON_EXEMPTION_CODES = ['S1', 'S2', 'S3'] as const;

/**
 * `CausaExencion` (sii.md §4.5): `E1` art. 20 … `E5` art. 25, `E6` other.
 *
 * The enumeration of `CausaExencionType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_EXEMPTION_REASONS = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;

/**
 * `Cobro/Medio`, `Pago/Medio` (sii.md §3): `01` transfer, `02` cheque, `03` not collected or paid (accrual
 * deadline or insolvency), `04` other, `05` direct debit.
 *
 * The enumeration of `MedioPagoType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_PAYMENT_METHODS = ['01', '02', '03', '04', '05'] as const;

/**
 * `IDOtro/IDType` (sii.md §3): `02` EU VAT number, `03` passport, `04` official ID of the country of
 * residence, `05` residence certificate, `06` other document, `07` not in the census.
 *
 * The enumeration of `PersonaFisicaJuridicaIDTypeType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_ID_TYPES = ['02', '03', '04', '05', '06', '07'] as const;

/**
 * `DatosInmueble/DetalleInmueble/SituacionInmueble`: `1` a property with a cadastral reference anywhere in
 * Spain but the Basque Country and Navarre, `2` one in the Basque Country or Navarre, `3` either without a
 * cadastral reference, `4` one abroad.
 *
 * The enumeration of `SituacionInmuebleType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_PROPERTY_SITUATIONS = ['1', '2', '3', '4'] as const;

/**
 * `ClaveOperacion` of the insurance book: `A` and `B`.
 *
 * The enumeration of `ClaveOperacionType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_INSURANCE_OPERATION_KEYS = ['A', 'B'] as const;

/**
 * `OperacionIntracomunitaria/TipoOperacion`: `A` goods sent or received for work or expert reports (art.
 * 70.1.7º LIVA), `B` transfers and intra-community acquisitions of arts. 9.3º and 16.2º LIVA.
 *
 * The enumeration of the anonymous type of `OperacionIntracomunitariaType/TipoOperacion`
 * (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_INTRA_COMMUNITY_OPERATION_KEYS = ['A', 'B'] as const;

/**
 * `OperacionIntracomunitaria/ClaveDeclarado`: `D` recipient (destinatario), `R` sender (remitente).
 *
 * The enumeration of the anonymous type of `OperacionIntracomunitariaType/ClaveDeclarado`
 * (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_INTRA_COMMUNITY_DECLARED_KEYS = ['D', 'R'] as const;

/**
 * `OperacionIntracomunitaria/EstadoMiembro`: the member states as the SII 1.1 schema lists them, still
 * including `GB`.
 *
 * The enumeration of `CountryMiembroType` (`SuministroInformacion.xsd`), in the XSD's order.
 */
export const SII_MEMBER_STATES = [
  'DE',
  'AT',
  'BE',
  'BG',
  'CZ',
  'CY',
  'HR',
  'DK',
  'SK',
  'SI',
  'ES',
  'EE',
  'FI',
  'FR',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'GB',
  'RO',
  'SE',
] as const;
