// GENERATED FILE — do not edit. Generator: scripts/generate-fa3-types.ts.
// Regenerate with `npm run generate` (CI checks it: test/scripts/generated.test.ts).
// Source: schemat_FA(3)_v1-0E.xsd with bazowe/*.xsd, read from shared/xsd/ksef-fa3/.
/**
 * The simple types of `schemat_FA(3)_v1-0E.xsd` (and its `bazowe/` imports) that a Ksef tax report's
 * values must fit, as data (ksef-fa3.md §2), generated from the schema. `fa3Issues` checks a report
 * with them before any XML exists, and the section builders write values in the form these types
 * accept, so the two cannot drift apart. The predicates that apply them are in `fa3Values.ts`.
 *
 * Patterns are the XSD's, anchored. JavaScript reads `\d` as an ASCII digit where XSD takes any
 * Unicode digit: fiscalkit accepts ASCII digits only (a **fiscalkit choice**, as before the file was
 * generated).
 *
 * @module
 */

/** The FA(3) target namespace (ksef-fa3.md §1): the namespace of `Faktura` and of every element in it. */
export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

/** An FA(3) decimal type: the integer and fraction digits it admits (ksef-fa3.md §2). */
export interface Fa3DecimalType {
  /** The XSD type name, for messages. */
  readonly name: string;
  /** Most integer digits (`totalDigits` less `fractionDigits`; the pattern's `[1-9]\d{0,n}` agrees). */
  readonly integerDigits: number;
  /** Most fraction digits. */
  readonly fractionDigits: number;
}

/** An FA(3) date type: `YYYY-MM-DD` between two dates, both included (ksef-fa3.md §2). */
export interface Fa3DateType {
  readonly name: string;
  readonly min: string;
  readonly max: string;
}

/**
 * An FA(3) text type: its length limits and whether whitespace is collapsed before the length is
 * measured (`xsd:token`) or not (`xsd:string`, measured as written).
 */
export interface Fa3TextType {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly token: boolean;
}

/**
 * `TKwotowy` (every amount): xsd:decimal of 18 digits, 2 after the point, pattern
 * `-?([1-9]\d{0,15}|0)(\.\d{1,2})?`.
 */
export const TKWOTOWY: Fa3DecimalType = { name: 'TKwotowy', integerDigits: 16, fractionDigits: 2 };

/**
 * `TKwotowy2` (unit prices and discounts): xsd:decimal of 22 digits, 8 after the point, pattern
 * `-?([1-9]\d{0,13}|0)(\.\d{1,8})?`.
 */
export const TKWOTOWY2: Fa3DecimalType = { name: 'TKwotowy2', integerDigits: 14, fractionDigits: 8 };

/**
 * `TIlosci` (quantities and exchange rates): xsd:decimal of 22 digits, 6 after the point, pattern
 * `-?([1-9]\d{0,15}|0)(\.\d{1,6})?`.
 */
export const TILOSCI: Fa3DecimalType = { name: 'TIlosci', integerDigits: 16, fractionDigits: 6 };

/**
 * `TProcentowy` (`Podmiot3/Udzial`, `P_12_XII`, `P_12Z_XII`): xsd:decimal of 9 digits, 6 after the point,
 * minInclusive 0, maxInclusive 100. The range is checked by `fa3Percent` (`fa3Values.ts`).
 */
export const TPROCENTOWY: Fa3DecimalType = { name: 'TProcentowy', integerDigits: 3, fractionDigits: 6 };

/** `TDataT` (`P_1`, `P_6`, `P_6_Od`/`P_6_Do`, `P_6A`, `DataWystFaKorygowanej`): 2006-01-01 to 2050-01-01. */
export const TDATA_T: Fa3DateType = { name: 'TDataT', min: '2006-01-01', max: '2050-01-01' };

/** `TDataU` (`DataZamowienia`, `DataUmowy`): 1990-01-01 to 2050-01-01. */
export const TDATA_U: Fa3DateType = { name: 'TDataU', min: '1990-01-01', max: '2050-01-01' };

/** `TData` (`Termin`, `DataZaplaty`): 2016-07-01 to 2050-01-01. */
export const TDATA: Fa3DateType = { name: 'TData', min: '2016-07-01', max: '2050-01-01' };

/** `TZnakowy` (most texts): 1 to 256 characters, whitespace collapsed (token). */
export const TZNAKOWY: Fa3TextType = { name: 'TZnakowy', min: 1, max: 256, token: true };

/** `TZnakowy512` (names, address lines, `P_7`): 1 to 512 characters, whitespace collapsed (token). */
export const TZNAKOWY512: Fa3TextType = { name: 'TZnakowy512', min: 1, max: 512, token: true };

/**
 * `TZnakowy50` (`UU_ID`, `Indeks`, `PKWiU`, `CN`, `PKOB`): 1 to 50 characters, whitespace collapsed (token).
 */
export const TZNAKOWY50: Fa3TextType = { name: 'TZnakowy50', min: 1, max: 50, token: true };

/** `TZnakowy20` (`GTIN`): 1 to 20 characters, whitespace collapsed (token). */
export const TZNAKOWY20: Fa3TextType = { name: 'TZnakowy20', min: 1, max: 20, token: true };

/** `TNumerTelefonu` (`Telefon`): 1 to 16 characters, whitespace collapsed (token). */
export const TNUMER_TELEFONU: Fa3TextType = { name: 'TNumerTelefonu', min: 1, max: 16, token: true };

/** `BDO` (the anonymous type of `Stopka/Rejestry/BDO`): 1 to 9 characters, whitespace collapsed (token). */
export const BDO: Fa3TextType = { name: 'BDO', min: 1, max: 9, token: true };

/** `TTekstowy` (`StopkaFaktury`): 1 to 3500 characters, measured as written. */
export const TTEKSTOWY: Fa3TextType = { name: 'TTekstowy', min: 1, max: 3500, token: false };

/** `TNrIdentyfikacjiPodatkowej` (`NrID`): 1 to 50 characters, measured as written. */
export const TNR_IDENTYFIKACJI: Fa3TextType = {
  name: 'TNrIdentyfikacjiPodatkowej',
  min: 1,
  max: 50,
  token: false,
};

/** `TNrRB` (`NrRB`): 10 to 34 characters, measured as written. */
export const TNR_RB: Fa3TextType = { name: 'TNrRB', min: 10, max: 34, token: false };

/**
 * `TAdresEmail` (`Email`, `EmailPU`): 3 to 255 characters, whitespace collapsed (token). Its pattern
 * `(.)+@(.)+` is checked by `isFa3Email` (`fa3Values.ts`).
 */
export const TADRES_EMAIL: Fa3TextType = { name: 'TAdresEmail', min: 3, max: 255, token: true };

/**
 * `TNumerKSeF` (`NrKSeFFaKorygowanej`, `NrKSeFFaZaliczkowej`): the XSD pattern
 * `([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})`,
 * anchored. `{id}-YYYYMMDD-XXXXXX-?XXXXXX-XX`, the id a NIP, `M` + 9 digits or 3 letters + 7 digits, X
 * upper-case hex.
 */
export const TNUMER_KSEF =
  /^(?:([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9][0-9]{2}|[3-9][0-9]{3})(0[1-9]|1[0-2])(0[1-9]|[1-2][0-9]|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2}))$/;

/**
 * `SWIFT_Type` (`SWIFT`): the XSD pattern `[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3}){0,1}`, anchored. A BIC of 8 or 11
 * characters.
 */
export const SWIFT = /^(?:[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3}){0,1})$/;

/**
 * `TNrVatUE` (`NrVatUE`): the XSD pattern `(\d|[A-Z]|\+|\*){1,12}`, anchored. An EU VAT number without its
 * prefix.
 */
export const TNR_VAT_UE = /^(?:(\d|[A-Z]|\+|\*){1,12})$/;

/**
 * `TNIPIdWew` (`IDWew`): the XSD pattern `[1-9]((\d[1-9])|([1-9]\d))\d{7}-\d{5}`, anchored. A NIP, a dash and
 * five digits.
 */
export const TNIP_ID_WEW = /^(?:[1-9]((\d[1-9])|([1-9]\d))\d{7}-\d{5})$/;

/** `TNrKRS` (`KRS`): the XSD pattern `\d{10}`, anchored. Exactly 10 digits. */
export const TNR_KRS = /^(?:\d{10})$/;

/** `TNrREGON` (`REGON`): the XSD pattern `\d{9}` or `\d{14}`, anchored. 9 or 14 digits. */
export const TNR_REGON = /^(?:\d{9}|\d{14})$/;

/** `TNaturalny` (`NrWierszaFa`, `NrWierszaZam`, `NrWiersza`): greater than zero, at most 14 digits. */
export const TNATURALNY_MAX = 99_999_999_999_999;

/**
 * The `P_12` rate codes (`TStawkaPodatku`) that are percentages, in the schema's order, and so need an
 * exchange rate in a foreign currency (ksef-fa3.md §6.6). The other codes (`0 KR`, `0 WDT`, `0 EX`, `zw`,
 * `oo`, `np I`, `np II`) are categories.
 */
export const NUMERIC_RATES: readonly string[] = ['23', '22', '8', '7', '5', '4', '3'];

/**
 * The `ProceduraZ` codes (`TOznaczenieProceduryZ`) of an order line: the line codes (`TOznaczenieProcedury`)
 * without `I_42` and `I_63`, which the XSD admits only on invoice lines.
 */
export const ORDER_LINE_PROCEDURES: readonly string[] = [
  'WSTO_EE',
  'IED',
  'TT_D',
  'B_SPV',
  'B_SPV_DOSTAWA',
  'B_MPV_PROWIZJA',
];
