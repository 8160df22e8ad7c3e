/**
 * AEAT SII code lists a `SiiDocument` tax report carries. The lists the XSDs enumerate
 * (`shared/xsd/sii/SuministroInformacion.xsd`, SII 1.1) are generated from them into `siiXsdCodes.ts`
 * (`scripts/generate-sii-codes.ts`, issue #20 §5) and re-exported here under the names fiscalkit has
 * always used; what this file adds is fiscalkit's: the subsets it accepts, the SDK's codes, AEAT's
 * country list against ISO 3166-1. These are AEAT's values, written as AEAT writes them; fiscalkit's own
 * vocabulary (`book_type`, `operation_type`, …) is in `siiTaxReport.ts`.
 *
 * `S3` in `SII_NON_EXEMPTION_CODES` (sii.md §4.4): as a breakdown line may carry it, `S3` means "a row of
 * a mixed (`S3`) block, its own kind not stated" (**fiscalkit decision**): AEAT's `S3` block does not
 * say which `DetalleIVA` is `S1` and which `S2`, so the importer gives every row of such a block `S3`;
 * the builder writes a block as `S3` when any row says `S3` or its rows say both `S1` and `S2`. Rules
 * that need the row's own kind treat `S3` leniently (see `siiRecordIssues`, `isReverseCharge`).
 *
 * @module
 */
import { isCountryCode } from '../codelists/countries.js';
import { SII_ID_TYPES, type SII_INVOICE_TYPE_CODES, type SII_XSD_CORRECTIVE_TYPES } from './siiXsdCodes.js';

export {
  SII_COMMUNICATION_TYPES,
  SII_EXEMPTION_REASONS,
  SII_INSURANCE_OPERATION_KEYS,
  SII_INTRA_COMMUNITY_DECLARED_KEYS,
  SII_INTRA_COMMUNITY_OPERATION_KEYS,
  SII_INVOICE_TYPE_CODES,
  SII_MEMBER_STATES,
  SII_NON_EXEMPTION_CODES,
  SII_PAYMENT_METHODS,
  SII_PERIODS,
  SII_PROPERTY_SITUATIONS,
  SII_SPECIAL_REGIME_KEYS,
} from './siiXsdCodes.js';

/** A `TipoFactura` code, for the subsets below (the compiler checks they are codes of the XSD). */
type InvoiceTypeCode = (typeof SII_INVOICE_TYPE_CODES)[number];

/** A `TipoRectificativa` code as the XSD lists it. */
type XsdCorrectiveType = (typeof SII_XSD_CORRECTIVE_TYPES)[number];

/** The corrective invoice types `R1`–`R5` (sii.md §4.1), codes of `TipoFactura`. */
export const SII_CORRECTIVE_INVOICE_TYPE_CODES = [
  'R1',
  'R2',
  'R3',
  'R4',
  'R5',
] as const satisfies readonly InvoiceTypeCode[];

/**
 * `TipoRectificativa` (`ClaveTipoRectificativaType`; sii.md §4.2): `S` by substitution, `I` by
 * differences. The XSD also allows a single space (`SII_XSD_CORRECTIVE_TYPES` of `siiXsdCodes.ts`);
 * fiscalkit does not accept it (**fiscalkit choice**: a blank is not a choice between the two).
 */
export const SII_CORRECTIVE_TYPES = ['S', 'I'] as const satisfies readonly XsdCorrectiveType[];

/**
 * Not-subject reasons (sii.md §10, the SDK's `reason_no_subject` vocabulary): `N1` →
 * `NoSujeta/ImportePorArticulos7_14_Otros`, `N2` → `NoSujeta/ImporteTAIReglasLocalizacion`.
 */
export const SII_NO_SUBJECT_REASONS = ['N1', 'N2'] as const;

/**
 * The identifier schemes of a counterparty (sii.md §10, fiscalkit proposal on the SDK's codes):
 * `9920` the Spanish NIF (→ `NIF`), then the `IDOtro/IDType` values of
 * `PersonaFisicaJuridicaIDTypeType` (`SII_ID_TYPES` of `siiXsdCodes.ts`: `02` EU VAT number, `03`
 * passport, `04` official ID of the country of residence, `05` residence certificate, `06` other
 * document, `07` not in the census). Not ISO 6523 codes: `02` must not be padded to `0002`.
 */
export const SII_PARTY_TAX_SCHEMES = ['9920', ...SII_ID_TYPES] as const;

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
