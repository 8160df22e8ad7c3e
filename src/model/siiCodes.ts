import { isCountryCode } from '../codelists/countries.js';
/**
 * AEAT SII code lists a `SiiDocument` tax report carries, each with the XSD type it comes from
 * (`shared/xsd/sii/SuministroInformacion.xsd`, SII 1.1) and in the XSD's enumeration order. These are
 * AEAT's values, written as AEAT writes them; fiscalkit's own vocabulary (`book_type`,
 * `operation_type`, …) is in `siiTaxReport.ts`.
 */

/** `TipoComunicacion` (`ClaveTipoComunicacionType`; sii.md §3): A0 new, A1 modification, A4–A6 travellers' regime. */
export const SII_COMMUNICATION_TYPES = ['A0', 'A1', 'A4', 'A5', 'A6'] as const;

/**
 * `PeriodoLiquidacion/Periodo` (`TipoPeriodoType`; sii.md §3): months `01`–`12`, `0A` annual, quarters
 * `1T`–`4T`, in the XSD's order.
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

/** `TipoFactura` (`ClaveTipoFacturaType`; sii.md §4.1), in the XSD's order. */
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

/** The corrective invoice types `R1`–`R5` (sii.md §4.1). */
export const SII_CORRECTIVE_INVOICE_TYPE_CODES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;

/**
 * `ClaveRegimenEspecialOTrascendencia` (`IdOperacionesTrascendenciaTributariaType`; sii.md §4.3):
 * `01`–`17`; the meaning differs between issued and received invoices.
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
 * `TipoRectificativa` (`ClaveTipoRectificativaType`; sii.md §4.2): `S` by substitution, `I` by
 * differences. The XSD also allows a single space; fiscalkit does not accept it (**fiscalkit
 * choice**: a blank is not a choice between the two).
 */
export const SII_CORRECTIVE_TYPES = ['S', 'I'] as const;

/**
 * `NoExenta/TipoNoExenta` as a breakdown line may carry it (sii.md §4.4): `S1` without and `S2` with
 * reverse charge. `S3` means "a row of a mixed (`S3`) block, its own kind not stated" (**fiscalkit
 * decision**): AEAT's `S3` block does not say which `DetalleIVA` is `S1` and which `S2`, so the importer
 * gives every row of such a block `S3`; the builder writes a block as `S3` when any row says `S3` or its
 * rows say both `S1` and `S2`. Rules that need the row's own kind treat `S3` leniently (see
 * `siiRecordIssues`, `isReverseCharge`).
 *
 * @example
 * ```ts
 * SII_NON_EXEMPTION_CODES.includes('S3'); // true
 * ```
 */
export const SII_NON_EXEMPTION_CODES = ['S1', 'S2', 'S3'] as const;

/** `CausaExencion` (`CausaExencionType`; sii.md §4.5): `E1` art. 20 … `E5` art. 25, `E6` other. */
export const SII_EXEMPTION_REASONS = ['E1', 'E2', 'E3', 'E4', 'E5', 'E6'] as const;

/**
 * Not-subject reasons (sii.md §10, the SDK's `reason_no_subject` vocabulary): `N1` →
 * `NoSujeta/ImportePorArticulos7_14_Otros`, `N2` → `NoSujeta/ImporteTAIReglasLocalizacion`.
 */
export const SII_NO_SUBJECT_REASONS = ['N1', 'N2'] as const;

/**
 * `Cobro/Medio`, `Pago/Medio` (`MedioPagoType`; sii.md §3): `01` transfer, `02` cheque, `03` not
 * collected or paid (accrual deadline or insolvency), `04` other, `05` direct debit.
 */
export const SII_PAYMENT_METHODS = ['01', '02', '03', '04', '05'] as const;

/**
 * The identifier schemes of a counterparty (sii.md §10, fiscalkit proposal on the SDK's codes):
 * `9920` the Spanish NIF (→ `NIF`), `02`–`07` the `IDOtro/IDType` values of
 * `PersonaFisicaJuridicaIDTypeType` (`02` EU VAT number, `03` passport, `04` official ID of the
 * country of residence, `05` residence certificate, `06` other document, `07` not in the census).
 * Not ISO 6523 codes: `02` must not be padded to `0002`.
 */
export const SII_PARTY_TAX_SCHEMES = ['9920', '02', '03', '04', '05', '06', '07'] as const;

/**
 * `DatosInmueble/DetalleInmueble/SituacionInmueble` (`SituacionInmuebleType`): `1` a property with a
 * cadastral reference anywhere in Spain but the Basque Country and Navarre, `2` one in the Basque
 * Country or Navarre, `3` either without a cadastral reference, `4` one abroad.
 */
export const SII_PROPERTY_SITUATIONS = ['1', '2', '3', '4'] as const;

/** `ClaveOperacion` of the insurance book (`ClaveOperacionType`): `A` and `B`. */
export const SII_INSURANCE_OPERATION_KEYS = ['A', 'B'] as const;

/**
 * `OperacionIntracomunitaria/TipoOperacion`: `A` goods sent or received for work or expert reports
 * (art. 70.1.7º LIVA), `B` transfers and intra-community acquisitions of arts. 9.3º and 16.2º LIVA.
 */
export const SII_INTRA_COMMUNITY_OPERATION_KEYS = ['A', 'B'] as const;

/** `OperacionIntracomunitaria/ClaveDeclarado`: `D` recipient (destinatario), `R` sender (remitente). */
export const SII_INTRA_COMMUNITY_DECLARED_KEYS = ['D', 'R'] as const;

/**
 * `OperacionIntracomunitaria/EstadoMiembro` (`CountryMiembroType`), in the XSD's order: the member
 * states as the SII 1.1 schema lists them, still including `GB`.
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

/**
 * ISO 3166-1 codes fiscalkit accepts (`src/codelists/countries.ts`) that AEAT's `CountryType2` does
 * not list (`SuministroInformacion.xsd`): French overseas departments and collectivities, Åland,
 * Svalbard, Western Sahara. Such a country cannot be written as `IDOtro/CodigoPais`.
 *
 * @example
 * ```ts
 * SII_UNLISTED_COUNTRIES.has('RE'); // true: Réunion is not in CountryType2
 * ```
 */
export const SII_UNLISTED_COUNTRIES: ReadonlySet<string> = new Set([
  'AX',
  'BL',
  'EH',
  'GF',
  'GP',
  'MF',
  'MQ',
  'RE',
  'SJ',
]);

/**
 * The codes of AEAT's `CountryType2` that are not ISO 3166-1 (`SuministroInformacion.xsd`): `QU`
 * (other countries or territories), `XB` (European Central Bank), `XU` (EU institutions), `XN`
 * (other international organisations) in AEAT's country list, and `XG`, listed without a
 * description. A valid SII message may carry them, so a report accepts them for its parties.
 */
export const SII_EXTRA_COUNTRIES = ['QU', 'XB', 'XG', 'XN', 'XU'] as const;

/**
 * Whether `code` is a country of AEAT's `CountryType2`: an ISO 3166-1 code fiscalkit knows that the
 * list does not leave out, or one of AEAT's own codes ({@link SII_EXTRA_COUNTRIES}). Upper case only.
 *
 * @example
 * ```ts
 * isSiiCountryCode('PT'); // true
 * isSiiCountryCode('QU'); // true: AEAT's "other countries or territories"
 * isSiiCountryCode('RE'); // false: not in CountryType2
 * ```
 */
export function isSiiCountryCode(code: string): boolean {
  if ((SII_EXTRA_COUNTRIES as readonly string[]).includes(code)) return true;
  return isCountryCode(code) && !SII_UNLISTED_COUNTRIES.has(code);
}
