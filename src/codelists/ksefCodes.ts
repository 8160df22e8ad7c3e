/**
 * The closed FA(3) code lists a Ksef tax report carries besides the rates (`ksefRates.ts`), copied
 * from the enumerations of `schemat_FA(3)_v1-0E.xsd` (ksef-fa3.md §3).
 */

/** `GTU` (`TGTU`): the goods and services groups of the JPK_V7 regulation, `GTU_01`…`GTU_13`. */
export const KSEF_GTU_CODES = [
  'GTU_01',
  'GTU_02',
  'GTU_03',
  'GTU_04',
  'GTU_05',
  'GTU_06',
  'GTU_07',
  'GTU_08',
  'GTU_09',
  'GTU_10',
  'GTU_11',
  'GTU_12',
  'GTU_13',
] as const;

/** `Procedura` (`TOznaczenieProcedury`): special procedure markings of a line. */
export const KSEF_PROCEDURES = [
  'WSTO_EE',
  'IED',
  'TT_D',
  'I_42',
  'I_63',
  'B_SPV',
  'B_SPV_DOSTAWA',
  'B_MPV_PROWIZJA',
] as const;

/**
 * `FormaPlatnosci` (`TFormaPlatnosci`): `1` cash, `2` card, `3` voucher, `4` cheque, `5` credit,
 * `6` transfer, `7` mobile.
 */
export const KSEF_PAYMENT_METHODS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/**
 * `TypKorekty` (`TTypKorekty`): when a correction takes effect: `1` at the date of the corrected
 * invoice, `2` at the date of the correction, `3` another date.
 */
export const KSEF_CORRECTION_TYPES = ['1', '2', '3'] as const;

/**
 * The margin-scheme markings of `Adnotacje/PMarzy` (art. 119 and 120 of the VAT act), named by the
 * suffix of their element: `2` travel agencies (`P_PMarzy_2`), `3_1` second-hand goods, `3_2` works
 * of art, `3_3` collectors' items and antiques.
 */
export const KSEF_MARGIN_SCHEMES = ['2', '3_1', '3_2', '3_3'] as const;

/**
 * The legal basis of an exemption (`Adnotacje/Zwolnienie`), named by the suffix of its element: `A`
 * a provision of the VAT act (`P_19A`), `B` of the VAT directive (`P_19B`), `C` another basis
 * (`P_19C`).
 */
export const KSEF_EXEMPTION_BASES = ['A', 'B', 'C'] as const;
